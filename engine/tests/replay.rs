//! Replay equality and save/resume equality (DESIGN principle 1).

use engine::players::{Player, RandomPlayer, Sight};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{synthetic_cards, synthetic_deck, synthetic_library};
use engine::{CardLibrary, Game, Replay, ReplayError, Step};

fn new_game(seed: u64) -> Game {
    Game::new(
        RulesConfig::japanese(),
        synthetic_library(),
        [synthetic_deck("R"), synthetic_deck("B")],
        seed,
    )
    .unwrap()
}

/// Plays up to `limit` decisions; returns how many were made.
fn play<P: Player<Game>>(g: &mut Game, players: &mut [P; 2], limit: usize) -> usize {
    for i in 0..limit {
        match g.next() {
            Step::Over(_) => return i,
            Step::Decision(req) => {
                let c = players[req.player.index()].decide(&Sight::of(g, req.player), &req);
                g.answer(c).unwrap();
            }
        }
    }
    limit
}

#[test]
fn replay_gives_the_identical_log() {
    for seed in 0..20 {
        let mut g = new_game(seed);
        play(
            &mut g,
            &mut [RandomPlayer::new(seed), RandomPlayer::new(!seed)],
            100_000,
        );
        assert!(g.result().is_some());
        let replay = Replay::of(&g);
        let json = serde_json::to_string(&replay).unwrap();
        let back: Replay = serde_json::from_str(&json).unwrap();
        assert_eq!(back, replay);
        let g2 = back.play(synthetic_library()).unwrap();
        assert_eq!(g2.log_hash(), g.log_hash());
        assert_eq!(g2.log(), g.log());
        assert_eq!(g2.result(), g.result());
    }
}

#[test]
fn replay_refuses_another_catalogue() {
    let mut g = new_game(1);
    play(&mut g, &mut [GreedyPlayer::new(), GreedyPlayer::new()], 30);
    let mut cards = synthetic_cards();
    cards[0].cost += 1;
    let err = Replay::of(&g).play(CardLibrary::new(cards)).unwrap_err();
    assert!(matches!(err, ReplayError::CatalogueMismatch { .. }));
}

#[test]
fn save_at_any_decision_and_resume_with_identical_continuation() {
    for (seed, n) in [(1u64, 0usize), (2, 1), (3, 17), (4, 60), (5, 150), (6, 333)] {
        let mut a = new_game(seed);
        let mut pa = [RandomPlayer::new(seed), RandomPlayer::new(seed + 7)];
        play(&mut a, &mut pa, n);
        let json = a.to_json();
        let mut b = Game::from_json(&json, synthetic_library()).unwrap();
        assert_eq!(b.to_json(), json);
        let mut pb = pa.clone();
        play(&mut a, &mut pa, 100_000);
        play(&mut b, &mut pb, 100_000);
        assert_eq!(a.log_hash(), b.log_hash(), "seed {seed} saved after {n}");
        assert_eq!(a.result(), b.result());
    }
    // Greedy players too.
    let mut a = new_game(9);
    play(&mut a, &mut [GreedyPlayer::new(), GreedyPlayer::new()], 25);
    let mut b = Game::from_json(&a.to_json(), synthetic_library()).unwrap();
    play(
        &mut a,
        &mut [GreedyPlayer::new(), GreedyPlayer::new()],
        100_000,
    );
    play(
        &mut b,
        &mut [GreedyPlayer::new(), GreedyPlayer::new()],
        100_000,
    );
    assert_eq!(a.log_hash(), b.log_hash());
}

#[test]
fn same_seed_same_log_different_seed_different_log() {
    let run = |seed| {
        let mut g = new_game(seed);
        play(
            &mut g,
            &mut [GreedyPlayer::new(), GreedyPlayer::new()],
            100_000,
        );
        g.log_hash()
    };
    assert_eq!(run(42), run(42));
    assert_ne!(run(42), run(43));
}

#[test]
fn events_serialise_and_render() {
    let mut g = new_game(5);
    play(
        &mut g,
        &mut [GreedyPlayer::new(), GreedyPlayer::new()],
        100_000,
    );
    for e in g.log() {
        let json = serde_json::to_string(e).unwrap();
        let back: engine::Event = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, e);
        assert!(!engine::render_event(e, &g).is_empty());
    }
    let text: Vec<String> = g
        .log()
        .iter()
        .map(|e| engine::render_event(e, &g))
        .collect();
    assert!(
        text.iter()
            .any(|t| t.contains("summons") && t.contains("cost") && t.contains("BP"))
    );
    assert!(text.last().unwrap().starts_with("Game over"));
}
