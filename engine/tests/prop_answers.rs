//! Property tests of the answer API and of saves and replays: for any seed and
//! any stream of answers — legal or not — a refused answer changes nothing, the game
//! ends, and a save or a replay taken at any point continues exactly as the game itself.

use engine::core::InstanceId;
use engine::players::{Player, RandomPlayer, Sight};
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::{Choice, Game, Replay, Step};
use proptest::prelude::*;

fn new_game(seed: u64) -> Game {
    Game::new(
        RulesConfig::japanese(),
        synthetic_library(),
        [synthetic_deck("R"), synthetic_deck("B")],
        seed,
    )
    .unwrap()
}

/// An answer of any shape, most of them illegal where they are given.
fn any_choice() -> impl Strategy<Value = Choice> {
    let card = (0u32..100).prop_map(InstanceId);
    prop_oneof![
        Just(Choice::Pass),
        Just(Choice::EndMain),
        Just(Choice::NoBlock),
        Just(Choice::Yes),
        Just(Choice::DoneChoosing),
        card.clone().prop_map(|c| Choice::Summon { card: c }),
        card.clone().prop_map(|c| Choice::Attack { attacker: c }),
        card.clone().prop_map(|c| Choice::Target { card: c }),
        card.prop_map(|c| Choice::Block { blocker: c }),
        (0u32..5).prop_map(|i| Choice::OneOf { index: i }),
    ]
}

/// Plays to the end: at the first decisions the answers of `noise` are tried in turn,
/// one each (refused ones must change nothing), then the random players answer. Returns the answer count.
fn play_with_noise(g: &mut Game, seed: u64, noise: &[Choice]) -> usize {
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed ^ 1)];
    let mut i = 0;
    for _ in 0..20_000 {
        let req = match g.next() {
            Step::Over(_) => return g.answers().len(),
            Step::Decision(r) => r,
        };
        if let Some(c) = noise.get(i) {
            i += 1;
            if !req.is_legal(c) {
                let before = g.to_json();
                assert!(g.answer(c.clone()).is_err());
                assert_eq!(g.to_json(), before, "a refused answer changed the game");
            }
        }
        let c = Player::<Game>::decide(
            &mut players[req.player.index()],
            &Sight::of(g, req.player),
            &req,
        );
        g.answer(c).unwrap();
    }
    panic!("no end after 20,000 decisions");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn illegal_answers_change_nothing_and_games_end(
        seed in 0u64..10_000,
        noise in proptest::collection::vec(any_choice(), 0..24),
    ) {
        let mut g = new_game(seed);
        play_with_noise(&mut g, seed, &noise);
        prop_assert!(g.result().is_some());
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_save_or_replay_at_any_point_continues_identically(
        seed in 0u64..10_000,
        cut in 0usize..400,
    ) {
        // The uncut game.
        let mut whole = new_game(seed);
        let n = play_with_noise(&mut whole, seed, &[]);
        let cut = cut % n.max(1);
        // The same game to `cut` answers, then saved (JSON) and replayed.
        let mut part = new_game(seed);
        for c in &whole.answers()[..cut] {
            let _ = part.next();
            part.answer(c.clone()).unwrap();
        }
        let saved = Game::from_json(&part.to_json(), synthetic_library()).unwrap();
        let replayed = Replay::of(&part).play(synthetic_library()).unwrap();
        for mut g in [saved, replayed] {
            for c in &whole.answers()[cut..] {
                let _ = g.next();
                g.answer(c.clone()).unwrap();
            }
            let _ = g.next();
            prop_assert_eq!(g.log_hash(), whole.log_hash());
            prop_assert_eq!(g.result(), whole.result());
        }
    }
}
