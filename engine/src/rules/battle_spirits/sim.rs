//! Many seeded games in parallel (rayon), summarised: wins, draws, turns, the cards most
//! often played, the effects that stayed inert. Each game is deterministic from its seed,
//! and the report is assembled in game order, so it does not depend on the thread count.
//!
//! A run is two steps: [`play_records`] plays a range of game indices into one
//! [`GameRecord`] each, and [`report`] folds records (in game index order) into a
//! [`SimReport`]. A run split into shards concatenates their records and calls [`report`].

use std::collections::BTreeMap;

use carddb::CardId;
use serde::{Deserialize, Serialize};

pub use crate::driver::sim::pairings;
use crate::driver::sim::{panic_message, play_all};
use crate::players::{Player, play_game_capped};
use crate::rules::battle_spirits::GreedyPlayer;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{Event, Game, RulesConfig};

/// How to run a simulation.
#[derive(Debug, Clone)]
pub struct SimConfig {
    /// Games per pairing of decks.
    pub games_per_pair: u64,
    /// Seed of the first game; game `k` of the whole run uses `seed + k`.
    pub seed: u64,
    /// Check conservation (BS-0.5) after every event, not only at the end of each game.
    pub check_every_event: bool,
    /// A game that needs more decisions than this is reported as a failure.
    pub decision_cap: usize,
    /// Worker threads (`None`: rayon's default, one per core).
    pub threads: Option<usize>,
    /// A script that throws or breaks a sandbox limit stops the game (reported as a
    /// failure) instead of failing only its effect.
    pub strict_scripts: bool,
    /// Who plays P1 and P2 (long random games under `check_every_event`).
    pub players: [PlayerKind; 2],
}

/// A built-in player for simulations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PlayerKind {
    /// [`GreedyPlayer`]: the strongest simple choice.
    #[default]
    Greedy,
    /// [`crate::players::RandomPlayer`] seeded from the game's seed and seat.
    Random,
    /// [`crate::players::SearchPlayer`] seeded from the game's seed and seat, spending
    /// `budget` rollouts per decision.
    Search { budget: u32 },
}

impl PlayerKind {
    /// `"greedy"`, `"random"` or `"search"` (the default budget,
    /// [`crate::players::search::DEFAULT_BUDGET`]).
    pub fn parse(s: &str) -> Option<PlayerKind> {
        match s.trim() {
            "greedy" => Some(PlayerKind::Greedy),
            "random" => Some(PlayerKind::Random),
            "search" => Some(PlayerKind::Search {
                budget: crate::players::search::DEFAULT_BUDGET,
            }),
            _ => None,
        }
    }

    /// This kind with the search budget `budget` (other kinds unchanged).
    pub fn with_budget(self, budget: u32) -> PlayerKind {
        match self {
            PlayerKind::Search { .. } => PlayerKind::Search { budget },
            other => other,
        }
    }

    fn make(self, seed: u64, seat: u64) -> Box<dyn Player<Game>> {
        match self {
            PlayerKind::Greedy => Box::new(GreedyPlayer::new()),
            // Distinct seats draw different numbers; the game's seed keeps runs reproducible.
            PlayerKind::Random => Box::new(crate::players::RandomPlayer::new(
                seed.wrapping_mul(2).wrapping_add(seat),
            )),
            PlayerKind::Search { budget } => Box::new(crate::players::SearchPlayer::with_budget(
                seed.wrapping_mul(2).wrapping_add(seat),
                budget,
            )),
        }
    }
}

/// How often effects ran, by where their script came from, and how often they could not.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectCounts {
    /// Effects that ran a script written by the grammar from the card's text.
    pub from_text: u64,
    /// Effects that ran a pack's script (`script` or `script_file`).
    pub from_script: u64,
    /// Effects that stayed inert (text not understood, or a function not supported yet).
    pub inert: u64,
    /// Effects whose script failed (threw, or broke a sandbox limit).
    pub failed: u64,
}

/// The results of one pairing (deck `a` as P1 against deck `b` as P2).
#[derive(Debug, Clone, Default, Serialize)]
pub struct PairStats {
    pub a: String,
    pub b: String,
    pub games: u64,
    pub wins_a: u64,
    pub wins_b: u64,
    pub draws: u64,
    /// Mean turns per finished game.
    pub avg_turns: f64,
}

/// The summary of a simulation.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SimReport {
    pub games: u64,
    pub pairs: Vec<PairStats>,
    pub decisions: u64,
    pub events: u64,
    /// Times each card was played (summoned, deployed, used), by card id.
    pub played: BTreeMap<CardId, u64>,
    /// Games in which each card's effects were inert because unsupported.
    pub inert: BTreeMap<CardId, u64>,
    /// Games that did not finish properly, with why (seed and error).
    pub failures: Vec<String>,
    /// Effects that failed (`EffectFailed`: a script threw or broke a sandbox limit), as
    /// "card id, effect, line: reason", with how many times.
    pub failed_effects: BTreeMap<String, u64>,
    /// Effects run, inert and failed over all games.
    pub effects: EffectCounts,
}

/// One game of a run: everything a report needs, as plain data. A run is the list of its
/// records in game-index order; every report ([`SimReport::from_records`], the balance
/// report of `cardscript sim --report`) is a pure function of that list, so shards of a run
/// merge by concatenating their records.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index `k` over the whole run (pairing order); its seed is `seed + k`.
    pub index: u64,
    /// The pairing's index in [`pairings`] of the run's decks.
    pub pair: usize,
    /// The deck indices of P1 and P2.
    pub decks: [usize; 2],
    /// The game's seed.
    pub seed: u64,
    /// Whether the game ended with a result (a failed game did not).
    pub finished: bool,
    /// The winning seat (0: P1, 1: P2); `None` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// Turns played (the turn number when the game ended).
    pub turns: u32,
    /// Decisions answered.
    pub decisions: u64,
    /// Events logged.
    pub events: u64,
    /// The card ids each seat played (summoned, deployed, used), in order.
    pub played: [Vec<CardId>; 2],
    /// Cards whose effects were inert because unsupported in this game (each once).
    pub inert: Vec<CardId>,
    /// Each `EffectFailed` as "card id effect N (script line L): reason", in log order.
    pub failed_effects: Vec<String>,
    /// Effects run, inert and failed in this game.
    pub effects: EffectCounts,
    /// Why the game did not finish properly (seed and error).
    pub failure: Option<String>,
}

/// Plays `cfg.games_per_pair` games for every pairing of `decks` and summarises them
/// ([`simulate_records`], then [`SimReport::from_records`]), calling `progress` after each
/// game (from any thread).
pub fn simulate(
    library: &CardLibrary,
    config: &RulesConfig,
    decks: &[(String, Vec<CardId>)],
    cfg: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> SimReport {
    let names: Vec<String> = decks.iter().map(|d| d.0.clone()).collect();
    SimReport::from_records(
        &names,
        &simulate_records(library, config, decks, cfg, progress),
    )
}

/// Plays `cfg.games_per_pair` games for every pairing of `decks` and returns one record per
/// game, in game-index order (so the list does not depend on the thread count).
pub fn simulate_records(
    library: &CardLibrary,
    config: &RulesConfig,
    decks: &[(String, Vec<CardId>)],
    cfg: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    let total = pairings(decks.len()).len() as u64 * cfg.games_per_pair;
    play_records(library, config, decks, cfg, 0..total, progress)
}

/// Plays the games of the run whose indices are in `games` (game `k` is pairing
/// `k / games_per_pair` with seed `cfg.seed + k`), one record each, in index order.
pub fn play_records(
    library: &CardLibrary,
    config: &RulesConfig,
    decks: &[(String, Vec<CardId>)],
    cfg: &SimConfig,
    games: std::ops::Range<u64>,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    let pairs = pairings(decks.len());
    let start = games.start;
    let count = games.end.saturating_sub(start);
    play_all(cfg.threads, count, progress, |i| {
        let k = start + i;
        let pair = (k / cfg.games_per_pair) as usize;
        let (a, b) = pairs[pair];
        let mut r = play_one(
            library,
            config,
            [&decks[a].1, &decks[b].1],
            cfg,
            cfg.seed.wrapping_add(k),
            pair,
        );
        r.index = k;
        r.decks = [a, b];
        r
    })
}

/// The report of a run of `deck_names` (pairings in [`pairings`] order) from its records in
/// game index order: [`SimReport::from_records`], a pure function, so shards merge by
/// concatenation.
pub fn report(deck_names: &[String], records: &[GameRecord]) -> SimReport {
    SimReport::from_records(deck_names, records)
}

impl SimReport {
    /// The summary of `records` (a run's, in game-index order) of games between the decks
    /// named `decks` (every pairing of [`pairings`], even one no record played).
    pub fn from_records(decks: &[String], records: &[GameRecord]) -> SimReport {
        let pairs = pairings(decks.len());
        let mut report = SimReport {
            games: records.len() as u64,
            pairs: pairs
                .iter()
                .map(|&(a, b)| PairStats {
                    a: decks[a].clone(),
                    b: decks[b].clone(),
                    ..PairStats::default()
                })
                .collect(),
            ..SimReport::default()
        };
        let mut turns = vec![0u64; pairs.len()];
        for o in records {
            let p = &mut report.pairs[o.pair];
            p.games += 1;
            match (o.finished, o.winner) {
                (true, Some(0)) => p.wins_a += 1,
                (true, Some(_)) => p.wins_b += 1,
                (true, None) => p.draws += 1,
                (false, _) => {}
            }
            turns[o.pair] += u64::from(o.turns);
            report.decisions += o.decisions;
            report.events += o.events;
            for c in o.played.iter().flatten() {
                *report.played.entry(c.clone()).or_default() += 1;
            }
            for c in &o.inert {
                *report.inert.entry(c.clone()).or_default() += 1;
            }
            report.failures.extend(o.failure.clone());
            for f in &o.failed_effects {
                *report.failed_effects.entry(f.clone()).or_default() += 1;
            }
            report.effects.from_text += o.effects.from_text;
            report.effects.from_script += o.effects.from_script;
            report.effects.inert += o.effects.inert;
            report.effects.failed += o.effects.failed;
        }
        for (p, t) in report.pairs.iter_mut().zip(turns) {
            let finished = p.wins_a + p.wins_b + p.draws;
            p.avg_turns = if finished == 0 {
                0.0
            } else {
                t as f64 / finished as f64
            };
        }
        report
    }
}

fn play_one(
    library: &CardLibrary,
    config: &RulesConfig,
    decks: [&Vec<CardId>; 2],
    cfg: &SimConfig,
    seed: u64,
    pair: usize,
) -> GameRecord {
    let mut out = GameRecord {
        pair,
        seed,
        ..GameRecord::default()
    };
    let mut game = match Game::new(
        config.clone(),
        library.clone(),
        [decks[0].clone(), decks[1].clone()],
        seed,
    ) {
        Ok(g) => g,
        Err(e) => {
            out.failure = Some(format!("seed {seed}: {e}"));
            return out;
        }
    };
    game.set_strict(cfg.check_every_event);
    game.set_strict_scripts(cfg.strict_scripts);
    // No person reads the options: their text is not rendered.
    game.set_labels(false);
    let mut players: [Box<dyn Player<Game>>; 2] =
        [cfg.players[0].make(seed, 0), cfg.players[1].make(seed, 1)];
    // Strict mode panics on a broken invariant; catch it so one game cannot stop the run.
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play_game_capped(&mut game, &mut players, cfg.decision_cap)
    }));
    match played {
        Ok(Ok(result)) => {
            out.finished = true;
            out.winner = result.winner.map(|w| w.index());
        }
        Ok(Err(e)) => out.failure = Some(format!("seed {seed}: {e}")),
        Err(p) => out.failure = Some(format!("seed {seed}: {}", panic_message(&*p))),
    }
    if out.failure.is_none()
        && let Err(e) = game.check_invariants()
    {
        out.failure = Some(format!("seed {seed}: {e}"));
    }
    let scripts = library.scripts();
    out.turns = game.turn();
    out.decisions = game.answers().len() as u64;
    out.events = game.log().len() as u64;
    for e in game.log() {
        match e {
            Event::Played { player, card, .. } => {
                out.played[player.index()].push(game.card_id(*card).to_string())
            }
            Event::EffectStarted { card, effect } => {
                let generated = scripts
                    .effect(game.card_id(*card), *effect)
                    .is_some_and(|e| {
                        matches!(
                            e.origin,
                            Some(crate::rules::battle_spirits::script::host::ScriptOrigin::Generated { .. })
                        )
                    });
                if generated {
                    out.effects.from_text += 1;
                } else {
                    out.effects.from_script += 1;
                }
            }
            Event::EffectFailed {
                card,
                effect,
                line,
                reason,
            } => {
                out.effects.failed += 1;
                out.failed_effects.push(format!(
                    "{} effect {effect}{}: {reason}",
                    game.card_id(*card),
                    line.map(|l| format!(" (script line {l})"))
                        .unwrap_or_default()
                ));
            }
            Event::EffectsUnsupported { card } => out.inert.push(card.clone()),
            // An effect whose text was not understood, or that calls a function the
            // engine does not support yet.
            Event::EffectInert { card, .. } => {
                out.effects.inert += 1;
                let id = game.card_id(*card).to_string();
                if !out.inert.contains(&id) {
                    out.inert.push(id);
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random players under conservation checks after every event (BS-0.5)
    /// finish every game, and a run is reproducible from its seed.
    #[test]
    fn random_players_finish_checked_games_reproducibly() {
        let lib = crate::rules::battle_spirits::testkit::synthetic_library();
        let decks = vec![(
            "R".to_string(),
            crate::rules::battle_spirits::testkit::synthetic_deck("R"),
        )];
        let cfg = SimConfig {
            games_per_pair: 10,
            seed: 9,
            check_every_event: true,
            decision_cap: 100_000,
            threads: Some(1),
            strict_scripts: true,
            players: [PlayerKind::Random, PlayerKind::Greedy],
        };
        let a = simulate(&lib, &RulesConfig::japanese(), &decks, &cfg, &|| {});
        let b = simulate(&lib, &RulesConfig::japanese(), &decks, &cfg, &|| {});
        assert!(a.failures.is_empty(), "{:?}", a.failures);
        assert_eq!(a.games, 10);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
        let greedy = SimConfig {
            players: [PlayerKind::Greedy; 2],
            ..cfg
        };
        let c = simulate(&lib, &RulesConfig::japanese(), &decks, &greedy, &|| {});
        assert_ne!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&c).unwrap(),
            "the players are the ones asked for"
        );
    }

    #[test]
    fn the_report_does_not_depend_on_the_thread_count() {
        let lib = crate::rules::battle_spirits::testkit::synthetic_library();
        let decks = vec![
            (
                "R".to_string(),
                crate::rules::battle_spirits::testkit::synthetic_deck("R"),
            ),
            (
                "B".to_string(),
                crate::rules::battle_spirits::testkit::synthetic_deck("B"),
            ),
        ];
        let cfg = |threads| SimConfig {
            games_per_pair: 20,
            seed: 5,
            check_every_event: true,
            decision_cap: 100_000,
            threads: Some(threads),
            strict_scripts: true,
            players: [PlayerKind::Greedy; 2],
        };
        let one = simulate(&lib, &RulesConfig::japanese(), &decks, &cfg(1), &|| {});
        let two = simulate(&lib, &RulesConfig::japanese(), &decks, &cfg(2), &|| {});
        assert_eq!(one.games, 20);
        assert!(one.failures.is_empty(), "{:?}", one.failures);
        let p = &one.pairs[0];
        assert_eq!(p.wins_a + p.wins_b + p.draws, 20);
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&two).unwrap()
        );
    }

    /// A run played as three slices of game indices, records concatenated, gives the
    /// whole run's report (what `sim --shard` and `sim merge` rely on).
    #[test]
    fn records_of_slices_concatenated_give_the_whole_report() {
        let lib = crate::rules::battle_spirits::testkit::synthetic_library();
        let decks = vec![
            (
                "R".to_string(),
                crate::rules::battle_spirits::testkit::synthetic_deck("R"),
            ),
            (
                "B".to_string(),
                crate::rules::battle_spirits::testkit::synthetic_deck("B"),
            ),
        ];
        let cfg = SimConfig {
            games_per_pair: 9,
            seed: 21,
            check_every_event: true,
            decision_cap: 100_000,
            threads: Some(1),
            strict_scripts: true,
            players: [PlayerKind::Random, PlayerKind::Greedy],
        };
        let rules = RulesConfig::japanese();
        let whole = simulate(&lib, &rules, &decks, &cfg, &|| {});
        let mut records = Vec::new();
        for slice in [0..4, 4..5, 5..9] {
            records.extend(play_records(&lib, &rules, &decks, &cfg, slice, &|| {}));
        }
        assert_eq!(
            records.iter().map(|r| r.index).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        let names = ["R".to_string(), "B".to_string()];
        let merged = report(&names, &records);
        assert_eq!(merged.games, 9);
        assert_eq!(
            serde_json::to_string(&whole).unwrap(),
            serde_json::to_string(&merged).unwrap()
        );
        // A record survives its shard file (JSON) unchanged.
        let back: Vec<GameRecord> =
            serde_json::from_str(&serde_json::to_string(&records).unwrap()).unwrap();
        assert_eq!(back, records);
    }

    #[test]
    fn pairings_cover_every_pair_with_mirrors() {
        assert_eq!(pairings(1), vec![(0, 0)]);
        assert_eq!(pairings(2), vec![(0, 1)]);
        assert_eq!(
            pairings(3),
            vec![(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
        );
        assert_eq!(pairings(7).len(), 28);
    }
}
