//! What one game's log says about each effect: runs that acted, runs that stayed inert,
//! runs that threw (issue 11). A run is an `EffectStarted` of one card instance's effect;
//! it acted when no `EffectInert` or `EffectFailed` of that instance and effect followed
//! before its next start or the end of the game.

use std::collections::BTreeMap;

use carddb::CardId;

use crate::core::InstanceId;
use crate::library::CardLibrary;
use crate::rules::battle_spirits::{Event, Game};

/// One effect's observations in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// `EffectStarted` events.
    pub started: u64,
    /// Runs that acted (no inert, no failure).
    pub fired: u64,
    /// `EffectFailed`, by "origin:line: reason".
    pub threw: BTreeMap<String, u64>,
    /// `EffectInert`, by reason.
    pub inert: BTreeMap<String, u64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    Clean,
    Spoilt,
}

/// The observations of `game`'s log, by (card id, effect index).
pub fn observe(game: &Game, library: &CardLibrary) -> BTreeMap<(CardId, u32), Seen> {
    let scripts = library.scripts();
    let mut seen: BTreeMap<(CardId, u32), Seen> = BTreeMap::new();
    let mut open: BTreeMap<(InstanceId, u32), Run> = BTreeMap::new();
    let key = |card: InstanceId, effect: u32| (game.card_id(card).to_string(), effect);
    for e in game.log() {
        match e {
            Event::EffectStarted { card, effect } => {
                let s = seen.entry(key(*card, *effect)).or_default();
                s.started += 1;
                if open.insert((*card, *effect), Run::Clean) == Some(Run::Clean) {
                    s.fired += 1;
                }
            }
            Event::EffectInert {
                card,
                effect,
                reason,
            } => {
                let s = seen.entry(key(*card, *effect)).or_default();
                *s.inert.entry(reason.clone()).or_default() += 1;
                if let Some(r) = open.get_mut(&(*card, *effect)) {
                    *r = Run::Spoilt;
                }
            }
            Event::EffectFailed {
                card,
                effect,
                line,
                reason,
            } => {
                let (id, eff) = key(*card, *effect);
                let origin = scripts
                    .effects_of(&id)
                    .and_then(|v| v.get(eff as usize))
                    .and_then(|c| c.origin.as_ref())
                    .map_or_else(|| format!("card {id} effect {eff}"), |o| o.to_string());
                let at = match line {
                    Some(l) => format!("{origin}:{l}: {reason}"),
                    None => format!("{origin}: {reason}"),
                };
                let s = seen.entry((id, eff)).or_default();
                *s.threw.entry(at).or_default() += 1;
                if let Some(r) = open.get_mut(&(*card, *effect)) {
                    *r = Run::Spoilt;
                }
            }
            _ => {}
        }
    }
    for ((card, effect), run) in open {
        if run == Run::Clean {
            seen.entry(key(card, effect)).or_default().fired += 1;
        }
    }
    seen
}
