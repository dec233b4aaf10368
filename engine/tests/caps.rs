//! A game whose effects loop ends as a draw with
//! its reason once it reaches the rules option `max_decisions`, in every way of playing.

use engine::players::{Player, play_game};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{
    effect, scripted_spirit, synthetic_cards, synthetic_deck,
};
use engine::{CardLibrary, Game};

/// A free spirit "when summoned: return this spirit to your hand" lets the greedy player
/// summon it again and again; with `max_decisions = 400` the game ends as a draw (no
/// winner) and says why.
#[test]
fn a_looping_game_ends_as_a_draw_at_max_decisions() {
    let looping = scripted_spirit(
        "CAP-LOOP",
        0,
        1000,
        vec![effect("When Summoned", "return_to_hand(this_card());")],
    );
    let mut cards = synthetic_cards();
    cards.push(looping);
    let mut decks = [synthetic_deck("R"), synthetic_deck("B")];
    for d in decks.iter_mut() {
        for c in d.iter_mut().take(3) {
            *c = "CAP-LOOP".into();
        }
    }
    let cfg = RulesConfig {
        max_decisions: 400,
        ..RulesConfig::japanese()
    };
    let mut g = Game::new(cfg, CardLibrary::new(cards), decks, 16).expect("legal decks");
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    let r = play_game(&mut g, &mut players).expect("the game ends");
    assert_eq!(r.winner, None);
    assert!(r.reason.contains("400 decisions"), "{}", r.reason);
    assert_eq!(g.answers().len(), 400);
}
