//! `cardscript exercise` (issue 11): plays every card of a catalogue through its hooks in
//! real games — legal decks drawn from the whole catalogue ([`decks`]), greedy and random
//! players, many seeds — and reports per effect whether it **fired** (ran and acted), was
//! **never reached**, **threw** (`EffectFailed`, with file/line and message) or stayed
//! **inert** (`EffectInert` reasons), next to its static gaps (`script::support`). The
//! figure the issue aims at is the effects that are executable (no gap) *and* seen firing.
//!
//! Games run on rayon; each is deterministic from its seed and the report is assembled in
//! game order, so it does not depend on the thread count (as `sim`).

pub mod decks;
pub mod observe;

use std::collections::BTreeMap;

use carddb::CardId;
use serde::Serialize;

use crate::driver::sim::panic_message;
use crate::players::{PlayError, Player, RandomPlayer, play_game_capped};
use crate::rules::battle_spirits::GreedyPlayer;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::script::support;
use crate::rules::battle_spirits::{Game, RulesConfig};
use observe::{Seen, observe};

/// How to run an exercise.
#[derive(Debug, Clone)]
pub struct ExerciseConfig {
    /// Games to play (each between two fresh decks; see [`decks::deck`]).
    pub games: u64,
    /// Seed of the run: deck order, and game `k` uses `seed + k`.
    pub seed: u64,
    /// A game needing more decisions than this stops and is reported as capped.
    pub decision_cap: usize,
    /// Worker threads (`None`: rayon's default).
    pub threads: Option<usize>,
}

/// One effect of the catalogue and what the games did with it.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct EffectReport {
    /// The card id.
    pub card: CardId,
    /// The effect's index on its card (0-based).
    pub effect: u32,
    /// Its printed English text (or script file), shortened to [`TEXT_WIDTH`] characters.
    pub text: String,
    /// Why it cannot act, from its compiled script (`script::support`, plain words);
    /// empty when it is executable.
    pub gaps: Vec<String>,
    /// Games in which its card was in a deck.
    pub in_decks: u64,
    /// Times it started resolving (`EffectStarted`).
    pub started: u64,
    /// Runs that acted: started with no `EffectInert`/`EffectFailed` for that run.
    pub fired: u64,
    /// `EffectFailed` by "file:line: message", with how many times.
    pub threw: BTreeMap<String, u64>,
    /// `EffectInert` by reason, with how many times.
    pub inert: BTreeMap<String, u64>,
    /// In the goal set: executable (no gap) and seen firing.
    pub executable_and_fired: bool,
}

/// Characters of effect text kept in the report.
pub const TEXT_WIDTH: usize = 60;

impl EffectReport {
    /// Whether it has no gap.
    pub fn executable(&self) -> bool {
        self.gaps.is_empty()
    }
    /// Whether anything happened to it in any game (a start, an inert or a failure).
    pub fn reached(&self) -> bool {
        self.started > 0 || !self.threw.is_empty() || !self.inert.is_empty()
    }
    /// Times it threw.
    pub fn threw_count(&self) -> u64 {
        self.threw.values().sum()
    }
    /// Times it stayed inert.
    pub fn inert_count(&self) -> u64 {
        self.inert.values().sum()
    }
    /// Why it is not in the goal set (executable and seen firing), in a few words that group
    /// like effects: its first gap's kind (`gap: not understood`), `threw`, its inert reason
    /// up to any detail in parentheses, `started, never acted` (a condition never met),
    /// `never reached` or `in no deck`; `None` when it is in the goal set.
    pub fn cause(&self) -> Option<String> {
        if let Some(g) = self.gaps.first() {
            let kind = g.split([':', ';']).next().unwrap_or(g).trim();
            return Some(format!("gap: {kind}"));
        }
        if self.fired > 0 {
            return None;
        }
        if self.threw_count() > 0 {
            return Some("threw".into());
        }
        if let Some((why, _)) = self.inert.iter().max_by_key(|(_, n)| **n) {
            let why = why.split(" (").next().unwrap_or(why).trim();
            return Some(format!("inert: {why}"));
        }
        Some(
            if self.started > 0 {
                "started, never acted (its condition never met)"
            } else if self.in_decks > 0 {
                "never reached (its timing never came)"
            } else {
                "in no deck"
            }
            .into(),
        )
    }
}

/// The effects of `effects` not in the goal set, counted by [`EffectReport::cause`], most
/// frequent first (ties by cause).
pub fn causes(effects: &[EffectReport]) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for c in effects.iter().filter_map(EffectReport::cause) {
        *by.entry(c).or_default() += 1;
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

/// The totals of an exercise (counts of effects).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct ExerciseTotals {
    /// Effects of the catalogue.
    pub effects: usize,
    /// Effects with no gap.
    pub executable: usize,
    /// Effects that fired at least once.
    pub fired: usize,
    /// Effects nothing happened to.
    pub never_reached: usize,
    /// Effects that threw at least once.
    pub threw: usize,
    /// Effects reached that never acted and never threw (inert, or a constant effect
    /// that never collected a modifier).
    pub inert_only: usize,
    /// The goal figure: effects executable and seen firing.
    pub executable_and_fired: usize,
}

/// The report of an exercise, in game order (deterministic for a seed).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct ExerciseReport {
    /// Games played.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Games needed for every card to be in some deck (half a pass of decks).
    pub games_for_every_card: u64,
    /// Cards that were in no deck (too few games, or no legal deck held them).
    pub cards_in_no_deck: Vec<CardId>,
    /// Games stopped at the decision cap, as "seed S: message".
    pub capped: Vec<String>,
    /// Games that could not start or broke an invariant, as "seed S: message".
    pub failures: Vec<String>,
    /// Every effect of the catalogue, by card id then index.
    pub effects: Vec<EffectReport>,
    /// One row per effect of a declared keyword that something happened to, over every
    /// card that had it: `card` is the keyword's name, `effect` the index among its
    /// effects (not in the totals, which count the cards' own effects).
    pub keywords: Vec<EffectReport>,
    /// The totals.
    pub totals: ExerciseTotals,
}

struct Outcome {
    decks: [Vec<CardId>; 2],
    seen: BTreeMap<(CardId, u32), Seen>,
    capped: Option<String>,
    failure: Option<String>,
}

/// Plays `cfg.games` games over `library` under `config` (deck size and copies, BS-0.1),
/// calling `progress` after each game (from any thread). Never panics on a broken script or
/// invariant: script errors are `EffectFailed` events (scripts are not strict), anything
/// else is a failure of its game.
pub fn exercise(
    library: &CardLibrary,
    config: &RulesConfig,
    cfg: &ExerciseConfig,
    progress: &(dyn Fn() + Sync),
) -> ExerciseReport {
    let outcomes = crate::driver::sim::play_all(cfg.threads, cfg.games, progress, |k| {
        play_one(library, config, cfg, k)
    });
    assemble(library, cfg, outcomes)
}

/// Game `k`: decks `2k` and `2k + 1`; players by `k % 4` (greedy/greedy, greedy/random,
/// random/greedy, random/random).
fn play_one(library: &CardLibrary, config: &RulesConfig, cfg: &ExerciseConfig, k: u64) -> Outcome {
    let seed = cfg.seed.wrapping_add(k);
    let mut out = Outcome {
        decks: [Vec::new(), Vec::new()],
        seen: BTreeMap::new(),
        capped: None,
        failure: None,
    };
    let (a, b) = match (
        decks::deck(library, config, cfg.seed, 2 * k),
        decks::deck(library, config, cfg.seed, 2 * k + 1),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            out.failure = Some(format!("seed {seed}: no legal deck: {e}"));
            return out;
        }
    };
    out.decks = [a.clone(), b.clone()];
    let mut game = match Game::new(config.clone(), library.clone(), [a, b], seed) {
        Ok(g) => g,
        Err(e) => {
            out.failure = Some(format!("seed {seed}: {e}"));
            return out;
        }
    };
    game.set_strict_scripts(false);
    game.observe_constants();
    let player = |random: bool, salt: u64| -> Box<dyn Player<Game>> {
        if random {
            Box::new(RandomPlayer::new(seed ^ salt))
        } else {
            Box::new(GreedyPlayer::new())
        }
    };
    let mut players = [
        player(k % 4 >= 2, 0x5EED_0001),
        player(k % 2 == 1, 0x5EED_0002),
    ];
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play_game_capped(&mut game, &mut players, cfg.decision_cap)
    }));
    match played {
        Ok(Ok(_)) => {}
        Ok(Err(e @ PlayError::DecisionCapExceeded(_))) => {
            out.capped = Some(format!("seed {seed}: {e}"));
        }
        Ok(Err(e)) => out.failure = Some(format!("seed {seed}: {e}")),
        Err(p) => out.failure = Some(format!("seed {seed}: {}", panic_message(&*p))),
    }
    if out.failure.is_none()
        && let Err(e) = game.check_invariants()
    {
        out.failure = Some(format!("seed {seed}: {e}"));
    }
    out.seen = observe(&game, library);
    out
}

/// An effect's text for the report: English, else any language, else its script file.
fn effect_text(e: &carddb::Effect) -> String {
    let t = e
        .text
        .get("en")
        .or_else(|| e.text.values().next())
        .cloned()
        .or_else(|| e.script_file.clone())
        .unwrap_or_else(|| "(inline script)".into());
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.chars().count() > TEXT_WIDTH {
        let mut s: String = t.chars().take(TEXT_WIDTH - 1).collect();
        s.push('…');
        s
    } else {
        t
    }
}

/// The static gaps of every effect (plain words), by (card id, index).
fn static_gaps(library: &CardLibrary, card: &carddb::CardDef, i: usize) -> Vec<String> {
    let scripts = library.scripts();
    match scripts.effects_of(&card.id).and_then(|v| v.get(i)) {
        Some(ce) => match &ce.script {
            Ok(ast) => support::gaps(ast, library.keyword_rules())
                .iter()
                .map(ToString::to_string)
                .collect(),
            Err(why) => vec![format!("cannot run: {why}")],
        },
        None => vec!["cannot run: no script and no English text".into()],
    }
}

fn assemble(library: &CardLibrary, cfg: &ExerciseConfig, outcomes: Vec<Outcome>) -> ExerciseReport {
    let mut effects: BTreeMap<(CardId, u32), EffectReport> = BTreeMap::new();
    for card in library.iter() {
        for (i, e) in card.effects.iter().enumerate() {
            effects.insert(
                (card.id.clone(), i as u32),
                EffectReport {
                    card: card.id.clone(),
                    effect: i as u32,
                    text: effect_text(e),
                    gaps: static_gaps(library, card, i),
                    ..EffectReport::default()
                },
            );
        }
    }
    let mut report = ExerciseReport {
        games: cfg.games,
        seed: cfg.seed,
        games_for_every_card: decks::decks_per_pass(library).div_ceil(2) as u64,
        ..ExerciseReport::default()
    };
    let mut in_decks: BTreeMap<CardId, u64> = BTreeMap::new();
    let mut keywords: BTreeMap<(CardId, u32), EffectReport> = BTreeMap::new();
    for o in outcomes {
        let mut cards: Vec<&CardId> = o.decks.iter().flatten().collect();
        cards.sort();
        cards.dedup();
        for c in cards {
            *in_decks.entry(c.clone()).or_default() += 1;
        }
        report.capped.extend(o.capped);
        report.failures.extend(o.failure);
        for (k, s) in o.seen {
            let r = match effects.get_mut(&k) {
                Some(r) => r,
                None => match keyword_row(library, &mut keywords, k.1) {
                    Some(r) => r,
                    None => continue,
                },
            };
            r.started += s.started;
            r.fired += s.fired;
            for (w, n) in s.threw {
                *r.threw.entry(w).or_default() += n;
            }
            for (w, n) in s.inert {
                *r.inert.entry(w).or_default() += n;
            }
        }
    }
    // A token is never in a deck (keyword ruling K28): effects make it.
    report.cards_in_no_deck = library
        .iter()
        .filter(|c| !c.token)
        .map(|c| c.id.clone())
        .filter(|id| !in_decks.contains_key(id))
        .collect();
    let mut t = ExerciseTotals::default();
    for r in effects.values_mut() {
        r.in_decks = in_decks.get(&r.card).copied().unwrap_or(0);
        t.effects += 1;
        t.executable += usize::from(r.executable());
        t.fired += usize::from(r.fired > 0);
        t.never_reached += usize::from(!r.reached());
        t.threw += usize::from(!r.threw.is_empty());
        t.inert_only += usize::from(r.reached() && r.fired == 0 && r.threw.is_empty());
        r.executable_and_fired = r.executable() && r.fired > 0;
        t.executable_and_fired += usize::from(r.executable_and_fired);
    }
    report.totals = t;
    report.effects = effects.into_values().collect();
    report.keywords = keywords.into_values().collect();
    report
}

/// The row of keyword effect number `effect` (`script::keywords`), made on first use:
/// the keyword's name, its effect's index, its timing and script origin as text, and the
/// static gaps of its compiled script. `None` for a number of no declared keyword.
fn keyword_row<'a>(
    library: &CardLibrary,
    rows: &'a mut BTreeMap<(CardId, u32), EffectReport>,
    effect: u32,
) -> Option<&'a mut EffectReport> {
    let scripts = library.scripts();
    let (k, kw) = scripts.keywords.of_effect(effect)?;
    let j = effect - crate::rules::battle_spirits::script::keywords::effect_number(k, 0);
    let ce = kw.effects.get(j as usize)?;
    let key = (kw.name.clone(), j);
    Some(rows.entry(key).or_insert_with(|| {
        let origin = ce
            .origin
            .as_ref()
            .map_or_else(|| "(inline script)".to_string(), ToString::to_string);
        EffectReport {
            card: kw.name.clone(),
            effect: j,
            text: format!("keyword {}: {origin}", kw.name),
            gaps: match &ce.script {
                Ok(ast) => support::gaps(ast, library.keyword_rules())
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                Err(why) => vec![format!("cannot run: {why}")],
            },
            ..EffectReport::default()
        }
    }))
}

#[cfg(test)]
mod tests;
