//! The built-in players, the decision cap and the view's hidden information.

use engine::core::PlayerId;
use engine::players::{PlayError, Player, RandomPlayer, play_game, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::{Game, Step};

fn new_game(seed: u64) -> Game {
    Game::new(
        RulesConfig::japanese(),
        synthetic_library(),
        [synthetic_deck("R"), synthetic_deck("B")],
        seed,
    )
    .unwrap()
}

#[test]
fn greedy_beats_random_most_of_the_time() {
    let mut greedy_wins = 0;
    for seed in 0..100 {
        let mut g = new_game(seed);
        let greedy_seat = (seed % 2) as usize;
        let mut players: [Box<dyn Player<Game>>; 2] = if greedy_seat == 0 {
            [
                Box::new(GreedyPlayer::new()),
                Box::new(RandomPlayer::new(seed)),
            ]
        } else {
            [
                Box::new(RandomPlayer::new(seed)),
                Box::new(GreedyPlayer::new()),
            ]
        };
        let r = play_game(&mut g, &mut players).unwrap();
        if r.winner == Some(PlayerId(greedy_seat as u8)) {
            greedy_wins += 1;
        }
    }
    eprintln!("greedy won {greedy_wins}/100 against random");
    assert!(greedy_wins >= 70, "greedy won only {greedy_wins}/100");
}

#[test]
fn decision_cap_is_an_error() {
    let mut g = new_game(1);
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    let e = play_game_capped(&mut g, &mut players, 5).unwrap_err();
    assert!(matches!(e, PlayError::DecisionCapExceeded(5)));
}

#[test]
fn view_hides_the_opponents_hand_and_deck_order() {
    let mut g = new_game(2);
    let Step::Decision(req) = g.next() else {
        panic!()
    };
    let me = req.player;
    let v = g.view(me);
    assert_eq!(v.me, me);
    let mine = &v.players[me.index()];
    let theirs = &v.players[me.other().index()];
    assert_eq!(mine.hand.as_ref().map(Vec::len), Some(4));
    assert!(theirs.hand.is_none(), "opponent's hand is hidden");
    assert_eq!(theirs.hand_count, 4);
    assert_eq!((mine.deck, theirs.deck), (36, 36), "decks are counts only");
    assert_eq!((mine.life, mine.reserve), (5, 4));
    assert!(mine.reserve_soul_core);
    // The view carries no card identity of the opponent's hand or of either deck.
    let json = serde_json::to_string(&v).unwrap();
    for c in g.pile(engine::rules::battle_spirits::Zone::Hand(me.other())) {
        assert!(!json.contains(&format!("\"id\":{}", c.0)));
    }
}
