//! Greedy-vs-greedy games on the real starter decks of `../shared/data/bss/decks/`
//! (Saga format), in strict mode: every game finishes and BS-0.5 holds after every
//! event. Skips (with a message) when the data folder is absent.

mod support;

use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::{CardLibrary, Game};
use support::bss;

#[test]
fn real_starter_decks_greedy_games_finish_with_conservation() {
    let Some(dir) = bss::data_dir() else {
        eprintln!("skipped: ../shared/data/bss not found");
        return;
    };
    let lib = CardLibrary::new(bss::cards(&dir));
    let decks = bss::decks(&dir);
    assert_eq!(decks.len(), 7);
    let mut games = 0;
    let mut decisions = 0;
    for (i, (_, a)) in decks.iter().enumerate() {
        for (j, (_, b)) in decks.iter().enumerate() {
            for seed in 0..4 {
                let mut g = Game::new(
                    RulesConfig::saga(),
                    lib.clone(),
                    [a.clone(), b.clone()],
                    (i * 100 + j * 10) as u64 + seed,
                )
                .expect("starter decks are legal Saga decks");
                g.set_strict(true);
                // Seeds 0–2 greedy vs greedy, seed 3 random vs random (uses magic).
                let mut players: [Box<dyn Player<Game>>; 2] = if seed < 3 {
                    [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())]
                } else {
                    [
                        Box::new(RandomPlayer::new(seed)),
                        Box::new(RandomPlayer::new(seed + 1)),
                    ]
                };
                play_game_capped(&mut g, &mut players, 20_000).expect("the game finishes");
                g.check_invariants().unwrap();
                games += 1;
                decisions += g.answers().len();
            }
        }
    }
    eprintln!("{games} games, {} decisions/game", decisions / games);
}
