//! What one game's log says about each effect: runs that acted, runs that stayed inert,
//! runs that threw. A run is an `EffectStarted` of one card instance's effect;
//! it acted when no `EffectInert` or `EffectFailed` of that instance and effect followed
//! before its next start or the end of the game. Constant effects log no event: with
//! [`Game::observe_constants`] each evaluation counts as an evaluation (not a start), one
//! that collected a modifier as a run that acted, a failure as a throw and a stub's stop as inert.

use std::collections::BTreeMap;

use carddb::CardId;

use crate::core::InstanceId;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::script::run::STOP;
use crate::rules::battle_spirits::{Event, Game};
use crate::tools::exercise::Seen;

impl Game {
    /// Records every constant-effect evaluation from now on (they log no event; BS-8.1
    /// effects are evaluated when read): `exercise` reads them with [`observe`]. Off by
    /// default; not saved.
    pub fn observe_constants(&mut self) {
        self.rt.const_seen = Some(Default::default());
    }

    /// Notes one constant evaluation of `effect` of `card` that collected `collected`
    /// modifiers (no-op unless observing).
    pub(crate) fn note_constant(
        &self,
        card: InstanceId,
        effect: u32,
        r: &Result<(), Box<rhai::EvalAltResult>>,
        collected: usize,
    ) {
        let Some(seen) = &self.rt.const_seen else {
            return;
        };
        let mut seen = seen.borrow_mut();
        let s = seen.entry((card, effect)).or_default();
        match r {
            Ok(_) if collected > 0 => s.0 += 1,
            Ok(_) => s.1 += 1,
            // Failures are logged once per game as events (`Game::report_constants`).
            Err(_) => {}
        }
    }
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
                let origin = origin_of(&scripts, &id, eff);
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
    if let Some(runs) = &game.rt.const_seen {
        for (&(card, effect), (acted, idle, failed)) in runs.borrow().iter() {
            let (id, eff) = key(card, effect);
            let origin = origin_of(&scripts, &id, eff);
            let s = seen.entry((id, eff)).or_default();
            s.evaluated += acted + idle + failed.values().sum::<u64>();
            s.fired += acted;
            for (why, n) in failed {
                if why == STOP {
                    *s.inert
                        .entry("constant effect stopped: a function not supported yet".into())
                        .or_default() += n;
                } else {
                    *s.threw.entry(format!("{origin}{why}")).or_default() += n;
                }
            }
        }
    }
    seen
}

/// Where an effect's script came from, for a failure's place ("pack/effects/X.rhai",
/// "card X effect N (generated from its text)").
fn origin_of(
    scripts: &crate::rules::battle_spirits::script::ScriptHost,
    id: &str,
    effect: u32,
) -> String {
    scripts
        .effect(id, effect)
        .and_then(|c| c.origin.as_ref())
        .map_or_else(|| format!("card {id} effect {effect}"), |o| o.to_string())
}
