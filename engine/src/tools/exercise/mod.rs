//! `cardscript exercise` for every game: plays every card of a catalogue through its
//! hooks in real games — legal decks drawn from the whole catalogue, greedy and random
//! players, many seeds — and reports per effect whether it **fired** (ran and acted), was
//! **never reached**, **threw** (`EffectFailed`, with file/line and message) or stayed
//! **inert** (`EffectInert` reasons), next to its static gaps. The figure the issue aims at
//! is the effects that are executable (no gap) *and* seen firing. A game supplies its
//! decks, one game played and what its log says ([`Exercised`]); the report is made here.
//!
//! Games run on rayon; each is deterministic from its seed and the report is assembled in
//! game order, so it does not depend on the thread count (as `sim`).

use std::collections::BTreeMap;

use carddb::{CardDef, CardId};
use serde::Serialize;

/// How to run an exercise.
#[derive(Debug, Clone)]
pub struct ExerciseConfig {
    /// Games to play (each between two fresh decks drawn by the game).
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
    /// Times it was evaluated as a constant effect (BS-8.1: read whenever the game is
    /// read; they log no `EffectStarted`, so they are not starts).
    pub evaluated: u64,
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
    /// Whether anything happened to it in any game (a start, a constant evaluation, an
    /// inert or a failure).
    pub fn reached(&self) -> bool {
        self.started > 0 || self.evaluated > 0 || !self.threw.is_empty() || !self.inert.is_empty()
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
    /// `constant evaluated, never acted` (a constant effect, or a watcher one keeps, that
    /// never gave anything), `never reached` or `in no deck`; `None` when it is in the goal
    /// set.
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
            } else if self.evaluated > 0 {
                "constant evaluated, never acted (no modifier, its watchers never matched)"
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

/// One effect's observations in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// `EffectStarted` events.
    pub started: u64,
    /// Constant evaluations (BS-8.1), apart from starts.
    pub evaluated: u64,
    /// Runs that acted (no inert, no failure).
    pub fired: u64,
    /// `EffectFailed`, by "origin:line: reason".
    pub threw: BTreeMap<String, u64>,
    /// `EffectInert`, by reason.
    pub inert: BTreeMap<String, u64>,
}

/// What one game of an exercise did.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The two decks.
    pub decks: [Vec<CardId>; 2],
    /// What its log says of each effect, by (card id, effect index); a keyword's effect
    /// by (any card id, its number in [`Exercised::keyword_row`]).
    pub seen: BTreeMap<(CardId, u32), Seen>,
    /// "seed S: message" when it stopped at the decision cap.
    pub capped: Option<String>,
    /// "seed S: message" when it could not start or broke an invariant.
    pub failure: Option<String>,
}

/// What a game supplies to an exercise: its cards, their static gaps, and games played.
pub trait Exercised: Sync {
    /// Every card of the catalogue, by id.
    fn cards(&self) -> Vec<&CardDef>;
    /// Why effect `index` of `card` cannot act, in plain words (empty: it can).
    fn gaps(&self, card: &CardDef, index: usize) -> Vec<String>;
    /// Decks in one pass over the catalogue (every card in one of them).
    fn decks_per_pass(&self) -> usize;
    /// Whether `card` is never put in a deck (a token, made by effects).
    fn never_in_a_deck(&self, card: &CardDef) -> bool;
    /// Game `k` of a run (decks `2k` and `2k + 1`; seed `cfg.seed + k`), observed.
    fn play(&self, cfg: &ExerciseConfig, k: u64) -> Outcome;
    /// The row of a declared keyword's effect number `effect` that a game saw: the
    /// keyword's name as `card`, its effect's index, its text and gaps. `None`: no keyword.
    fn keyword_row(&self, _effect: u32) -> Option<EffectReport> {
        None
    }
}

/// Plays `cfg.games` games of `game`, calling `progress` after each game (from any
/// thread). Never panics on a broken script or invariant: script errors are
/// `EffectFailed` events, anything else is a failure of its game.
pub fn exercise(
    game: &dyn Exercised,
    cfg: &ExerciseConfig,
    progress: &(dyn Fn() + Sync),
) -> ExerciseReport {
    let outcomes =
        crate::driver::sim::play_all(cfg.threads, cfg.games, progress, |k| game.play(cfg, k));
    assemble(game, cfg, outcomes)
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

fn assemble(game: &dyn Exercised, cfg: &ExerciseConfig, outcomes: Vec<Outcome>) -> ExerciseReport {
    let mut effects: BTreeMap<(CardId, u32), EffectReport> = BTreeMap::new();
    for card in game.cards() {
        for (i, e) in card.effects.iter().enumerate() {
            effects.insert(
                (card.id.clone(), i as u32),
                EffectReport {
                    card: card.id.clone(),
                    effect: i as u32,
                    text: effect_text(e),
                    gaps: game.gaps(card, i),
                    ..EffectReport::default()
                },
            );
        }
    }
    let mut report = ExerciseReport {
        games: cfg.games,
        seed: cfg.seed,
        games_for_every_card: game.decks_per_pass().div_ceil(2) as u64,
        ..ExerciseReport::default()
    };
    let mut in_decks: BTreeMap<CardId, u64> = BTreeMap::new();
    let mut keywords: BTreeMap<(CardId, u32), EffectReport> = BTreeMap::new();
    // Keyword effect number → its row's key, made on first sight.
    let mut keyword_keys: BTreeMap<u32, Option<(CardId, u32)>> = BTreeMap::new();
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
                None => {
                    let key = keyword_keys.entry(k.1).or_insert_with(|| {
                        let row = game.keyword_row(k.1)?;
                        let key = (row.card.clone(), row.effect);
                        keywords.entry(key.clone()).or_insert(row);
                        Some(key)
                    });
                    match key.as_ref().and_then(|key| keywords.get_mut(key)) {
                        Some(r) => r,
                        None => continue,
                    }
                }
            };
            r.started += s.started;
            r.evaluated += s.evaluated;
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
    report.cards_in_no_deck = game
        .cards()
        .into_iter()
        .filter(|c| !game.never_in_a_deck(c))
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
