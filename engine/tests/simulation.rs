//! Seeded self-play: every game finishes, with conservation (BS-0.5) checked after every
//! event (strict mode).

use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::{Game, Step};

fn run(seed: u64, greedy: bool) -> (engine::GameResult, usize, usize) {
    let lib = synthetic_library();
    let mut g = Game::new(
        RulesConfig::japanese(),
        lib,
        [synthetic_deck("R"), synthetic_deck("B")],
        seed,
    )
    .expect("legal decks");
    g.set_strict(true);
    let mut players: [Box<dyn Player<Game>>; 2] = if greedy {
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())]
    } else {
        [
            Box::new(RandomPlayer::new(seed * 2 + 1)),
            Box::new(RandomPlayer::new(seed * 2 + 2)),
        ]
    };
    let r = play_game_capped(&mut g, &mut players, 50_000).expect("game finishes");
    g.check_invariants().expect("BS-0.5 at the end");
    assert!(matches!(g.next(), Step::Over(_)));
    (r, g.answers().len(), g.log().len())
}

/// BS-0.5 (conservation) and BS-0.4 (every game ends): 500 greedy-vs-greedy games.
#[test]
fn greedy_vs_greedy_500_games_finish_with_conservation() {
    let mut wins = [0; 3];
    let mut decisions = 0;
    for seed in 0..500 {
        let (r, d, _) = run(seed, true);
        decisions += d;
        wins[r.winner.map_or(2, |p| p.index())] += 1;
    }
    eprintln!("greedy: wins {wins:?}, decisions/game {}", decisions / 500);
    assert!(wins[0] + wins[1] > 0);
}

/// BS-0.5 and BS-0.4: 500 random-vs-random games.
#[test]
fn random_vs_random_500_games_finish_with_conservation() {
    let mut decisions = 0;
    for seed in 0..500 {
        let (_, d, _) = run(seed, false);
        decisions += d;
    }
    eprintln!("random: decisions/game {}", decisions / 500);
}
