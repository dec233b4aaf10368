//! Whole games with scripted effects on most cards: they finish in strict mode (BS-0.5
//! after every event, script failures fatal), effects do run, and replays are identical.

use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{scripted_synthetic_cards, synthetic_deck};
use engine::{CardLibrary, Event, Game, Replay};

#[test]
fn scripted_games_finish_and_replay() {
    let lib = CardLibrary::new(scripted_synthetic_cards());
    let mut effects = 0;
    for seed in 0..40u64 {
        let mut g = Game::new(
            RulesConfig::japanese(),
            lib.clone(),
            [synthetic_deck("R"), synthetic_deck("B")],
            seed,
        )
        .unwrap();
        g.set_strict(true);
        g.set_strict_scripts(true);
        let mut players: [Box<dyn Player<Game>>; 2] = if seed % 2 == 0 {
            [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())]
        } else {
            [
                Box::new(RandomPlayer::new(seed)),
                Box::new(GreedyPlayer::new()),
            ]
        };
        play_game_capped(&mut g, &mut players, 20_000).unwrap();
        assert!(g.result().is_some());
        effects += g
            .log()
            .iter()
            .filter(|e| matches!(e, Event::EffectStarted { .. }))
            .count();
        assert!(
            !g.log()
                .iter()
                .any(|e| matches!(e, Event::EffectsUnsupported { .. }))
        );
        let again = Replay::of(&g).play(lib.clone()).unwrap();
        assert_eq!(again.log_hash(), g.log_hash(), "seed {seed}");
    }
    assert!(effects > 100, "effects ran {effects} times");
}
