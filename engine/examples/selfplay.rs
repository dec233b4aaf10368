//! Self-play throughput: `cargo run -p engine --release --example selfplay -- [GAMES]`.
//! Plays GAMES greedy-vs-greedy games (default 10 000) on the real starter decks of
//! `../shared/data/bss/decks/` (or the synthetic decks when absent), round-robin,
//! and prints games/s and decisions per game. Invariants are checked at the end of
//! every game (strict mode would check after every event; pass `--strict`).

#[path = "../tests/support/bss.rs"]
mod bss;

use std::time::Instant;

use engine::players::{Player, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::{CardLibrary, Game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let strict = args.iter().any(|a| a == "--strict");
    let games: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(10_000);
    let (lib, decks, config) = match bss::data_dir() {
        Some(dir) => (
            CardLibrary::new(bss::cards(&dir)),
            bss::decks(&dir)
                .into_iter()
                .map(|(_, d)| d)
                .collect::<Vec<_>>(),
            RulesConfig::saga(),
        ),
        None => (
            engine::rules::battle_spirits::testkit::synthetic_library(),
            vec![
                engine::rules::battle_spirits::testkit::synthetic_deck("R"),
                engine::rules::battle_spirits::testkit::synthetic_deck("B"),
            ],
            RulesConfig::japanese(),
        ),
    };
    let n = decks.len() as u64;
    let start = Instant::now();
    let mut decisions = 0u64;
    let mut events = 0u64;
    let mut wins = [0u64; 3];
    for seed in 0..games {
        let (a, b) = ((seed % n) as usize, ((seed / n) % n) as usize);
        let mut g = Game::new(
            config.clone(),
            lib.clone(),
            [decks[a].clone(), decks[b].clone()],
            seed,
        )
        .expect("legal decks");
        g.set_strict(strict);
        let mut players: [Box<dyn Player<Game>>; 2] =
            [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
        let r = play_game_capped(&mut g, &mut players, 100_000).expect("game finishes");
        g.check_invariants().expect("BS-0.5");
        decisions += g.answers().len() as u64;
        events += g.log().len() as u64;
        wins[r.winner.map_or(2, |p| p.index())] += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games in {secs:.2} s: {:.0} games/s, {:.1} decisions/game, {:.0} events/game, wins P1 {} P2 {} draws {} (strict: {strict})",
        games as f64 / secs,
        decisions as f64 / games as f64,
        events as f64 / games as f64,
        wins[0],
        wins[1],
        wins[2]
    );
}
