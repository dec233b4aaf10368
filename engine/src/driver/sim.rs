//! Many seeded games of any ruleset in parallel (rayon), with a plain report: every
//! pairing of the given decks ([`pairings`]), `games_per_pair` games each, game `k`
//! seeded `seed + k`. Battle Spirits keeps its richer simulator
//! (`rules::battle_spirits::sim`: effect counts per card); this one serves every ruleset.

use carddb::Deck;
use rayon::prelude::*;
use serde::Serialize;

use super::{GameOptions, Prepared, Robot};
use crate::core::Step;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct SimConfig {
    /// Games per pairing (at least 1).
    pub games_per_pair: u64,
    /// Seed of the first game; game `k` uses `seed + k`.
    pub seed: u64,
    /// Conservation checked after every event (the game's own check) and every answer.
    pub check_every_event: bool,
    /// A broken script fails its game.
    pub strict_scripts: bool,
    /// Decisions after which a game counts as a failure (a hang).
    pub decision_cap: usize,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Who plays P1 and P2.
    pub players: [Robot; 2],
}

/// One pairing's results (deck `a` is P1's).
#[derive(Debug, Clone, Default, Serialize)]
pub struct PairStats {
    pub a: String,
    pub b: String,
    pub games: u64,
    pub wins_a: u64,
    pub wins_b: u64,
    pub draws: u64,
    /// Decisions per finished game, on average.
    pub avg_decisions: f64,
}

/// The whole run: games, totals, and every failure with its seed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SimReport {
    pub games: u64,
    pub pairs: Vec<PairStats>,
    pub decisions: u64,
    pub events: u64,
    /// "seed N: reason" for each game that failed (setup error, illegal answer, broken
    /// invariant, decision cap).
    pub failures: Vec<String>,
}

struct Outcome {
    pair: usize,
    winner: Option<Option<usize>>,
    decisions: u64,
    events: u64,
    failure: Option<String>,
}

/// The pairings of `n` decks: every pair (i ≤ j), mirror matches included; for two
/// decks, just (0, 1); for one, its mirror match.
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    if n == 2 {
        return vec![(0, 1)];
    }
    (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect()
}

/// Runs `game(k)` for `k` in `0..total` on `threads` threads (see [`on_threads`]),
/// calling `progress` after each; the results come back in game order, so they do not
/// depend on the thread count.
pub fn play_all<T: Send>(
    threads: Option<usize>,
    total: u64,
    progress: &(dyn Fn() + Sync),
    game: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    on_threads(threads, || {
        (0..total)
            .into_par_iter()
            .map(|k| {
                let out = game(k);
                progress();
                out
            })
            .collect()
    })
}

/// The message of a caught panic (strict modes stop a game with a panic naming the broken
/// script or invariant).
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "a script failed or an invariant broke".into())
}

/// Runs `run` on a pool of `threads` threads (`None`: rayon's global pool; a pool that
/// cannot be built runs on the global one). Callers assemble results in game order, so
/// they do not depend on the thread count.
pub fn on_threads<T: Send>(threads: Option<usize>, run: impl Fn() -> T + Send + Sync) -> T {
    match threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(&run))
            .unwrap_or_else(|_| run()),
        None => run(),
    }
}

/// Plays every pairing of `decks`, calling `progress` after each game (from any thread).
pub fn simulate(
    prepared: &dyn Prepared,
    decks: &[(String, Deck)],
    cfg: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> SimReport {
    let pairs = pairings(decks.len());
    let total = pairs.len() as u64 * cfg.games_per_pair;
    let outcomes = play_all(cfg.threads, total, progress, |k| {
        let pair = (k / cfg.games_per_pair) as usize;
        let (a, b) = pairs[pair];
        play_one(
            prepared,
            [&decks[a].1, &decks[b].1],
            cfg,
            cfg.seed.wrapping_add(k),
            pair,
        )
    });
    let mut report = SimReport {
        games: total,
        pairs: pairs
            .iter()
            .map(|&(a, b)| PairStats {
                a: decks[a].0.clone(),
                b: decks[b].0.clone(),
                ..PairStats::default()
            })
            .collect(),
        ..SimReport::default()
    };
    let mut decisions = vec![0u64; pairs.len()];
    for o in outcomes {
        let p = &mut report.pairs[o.pair];
        p.games += 1;
        match o.winner {
            Some(Some(0)) => p.wins_a += 1,
            Some(Some(_)) => p.wins_b += 1,
            Some(None) => p.draws += 1,
            None => {}
        }
        decisions[o.pair] += o.decisions;
        report.decisions += o.decisions;
        report.events += o.events;
        report.failures.extend(o.failure);
    }
    for (p, d) in report.pairs.iter_mut().zip(decisions) {
        let finished = p.wins_a + p.wins_b + p.draws;
        p.avg_decisions = if finished == 0 {
            0.0
        } else {
            d as f64 / finished as f64
        };
    }
    report
}

fn play_one(
    prepared: &dyn Prepared,
    decks: [&Deck; 2],
    cfg: &SimConfig,
    seed: u64,
    pair: usize,
) -> Outcome {
    let mut out = Outcome {
        pair,
        winner: None,
        decisions: 0,
        events: 0,
        failure: None,
    };
    let options = GameOptions {
        seed,
        check_every_event: cfg.check_every_event,
        strict_scripts: cfg.strict_scripts,
    };
    let mut game = match prepared.new_game(decks, options) {
        Ok(g) => g,
        Err(e) => {
            out.failure = Some(format!("seed {seed}: {e}"));
            return out;
        }
    };
    // Each seat's random player has its own seed, derived from the game's.
    let seat_seed = |seat: usize| seed.wrapping_mul(2).wrapping_add(seat as u64);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| -> Result<_, String> {
        for _ in 0..cfg.decision_cap {
            let req = match game.next() {
                Step::Over(r) => return Ok(Some(r)),
                Step::Decision(r) => r,
            };
            let seat = req.player.index();
            let i = game.robot_index(cfg.players[seat], seat_seed(seat))?;
            game.answer_index(i)?;
            out.decisions += 1;
            if cfg.check_every_event {
                game.check_invariants()?;
            }
        }
        match game.next() {
            Step::Over(r) => Ok(Some(r)),
            Step::Decision(_) => Err(format!(
                "no result after {} decisions (the cap)",
                cfg.decision_cap
            )),
        }
    }));
    out.events = game.log_len() as u64;
    match result {
        Ok(Ok(Some(r))) => out.winner = Some(r.winner.map(|w| w.index())),
        Ok(Ok(None)) => {}
        Ok(Err(e)) => out.failure = Some(format!("seed {seed}: {e}")),
        Err(p) => out.failure = Some(format!("seed {seed}: {}", panic_message(p.as_ref()))),
    }
    out
}
