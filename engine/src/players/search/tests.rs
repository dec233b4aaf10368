//! The search player on both rulesets: the same seed gives the same game, its answers are
//! legal, and a decision does not depend on what the seat cannot see.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{SearchPlayer, Searchable};
use crate::core::{GameRng, InstanceId, PlayerId, Step, log_hash};
use crate::players::{Player, RequestOf, Sight};

/// A small budget: the tests run unoptimised.
const BUDGET: u32 = 4;

fn bs_game(seed: u64) -> crate::rules::battle_spirits::Game {
    use crate::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
    crate::rules::battle_spirits::Game::new(
        crate::rules::battle_spirits::RulesConfig::japanese(),
        synthetic_library(),
        [synthetic_deck("R"), synthetic_deck("B")],
        seed,
    )
    .unwrap()
}

fn lb_game(seed: u64) -> crate::rules::line_battle::Game {
    use crate::rules::line_battle::testkit::{creature, deck, fillers, master};
    use crate::rules::line_battle::{Game, LineBattleConfig, LineLibrary};
    let mut cards = fillers();
    for (i, (at, df)) in [(2, 1), (3, 2), (4, 3), (1, 5), (5, 4)].iter().enumerate() {
        cards.push(creature(&format!("K{i}"), i as u32 + 1, *at, *df, 0));
    }
    cards.push(master("M", None));
    let lib = LineLibrary::new(cards, &crate::script::ScriptSources::default()).unwrap();
    let list: Vec<&str> = (0..5)
        .flat_map(|i| [["K0", "K1", "K2", "K3", "K4"][i]; 3])
        .collect();
    let d = || ("M".to_string(), deck(&list));
    Game::new(LineBattleConfig::default(), lib, [d(), d()], seed).unwrap()
}

/// Plays `game` for `decisions` answers (or to its end) with the search player in seat 1
/// and the greedy one in seat 2: the log's hash and the turn reached. Every search answer
/// must be one of the listed options.
fn searched_game<G: Searchable>(mut game: G, seed: u64, decisions: usize) -> (String, u32) {
    let mut search = SearchPlayer::with_budget(seed, BUDGET);
    for _ in 0..decisions {
        let Step::Decision(req) = game.next() else {
            break;
        };
        let c = if req.player == PlayerId(0) {
            let c = search.decide(&Sight::of(&game, req.player), &req);
            assert!(req.options.iter().any(|o| o.choice == c), "a listed option");
            c
        } else {
            game.greedy_choice(&req)
        };
        game.answer(c).expect("a legal answer");
    }
    (log_hash(game.log()), game.turn_number())
}

#[test]
fn the_same_seed_gives_the_same_battle_spirits_game() {
    let a = searched_game(bs_game(3), 11, 400);
    let b = searched_game(bs_game(3), 11, 400);
    assert_eq!(a, b);
    assert!(a.1 >= 4, "several turns played, {} reached", a.1);
}

#[test]
fn the_same_seed_gives_the_same_line_battle_game() {
    let a = searched_game(lb_game(3), 11, 400);
    let b = searched_game(lb_game(3), 11, 400);
    assert_eq!(a, b);
    assert!(a.1 >= 4, "several turns played, {} reached", a.1);
}

/// Plays greedy answers until seat 1 has a searched decision of more than one option.
fn to_a_choice<G: Searchable>(game: &mut G, min_turn: u32) -> RequestOf<G> {
    for _ in 0..10_000 {
        let Step::Decision(req) = game.next() else {
            panic!("the game ended before a choice")
        };
        if req.player == PlayerId(0)
            && game.turn_number() >= min_turn
            && req.options.len() > 1
            && G::searched(&req)
        {
            return req;
        }
        let c = game.greedy_choice(&req);
        game.answer(c).unwrap();
    }
    panic!("no choice for seat 1");
}

/// Asserts the two games' hidden cards differ, the seat's views are the same, and the
/// search answers both alike; and that determinizing both with one rng gives one state.
fn same_answer<G: Searchable>(a: &G, b: &G, req: &RequestOf<G>, same_deal: impl Fn(&G, &G) -> bool)
where
    G::View: serde::Serialize,
{
    let seat = req.player;
    assert_eq!(
        serde_json::to_value(a.view(seat)).unwrap(),
        serde_json::to_value(b.view(seat)).unwrap(),
        "the seat sees the same game"
    );
    assert!(!same_deal(a, b), "the hidden cards lie differently");
    let (mut da, mut db) = (a.clone(), b.clone());
    da.determinize(seat, &mut ChaCha8Rng::seed_from_u64(5));
    db.determinize(seat, &mut ChaCha8Rng::seed_from_u64(5));
    assert!(same_deal(&da, &db), "one rng deals both alike");
    let mut p = SearchPlayer::with_budget(9, 12);
    let ca = p.decide(&Sight::of(a, seat), req);
    let cb = p.decide(&Sight::of(b, seat), req);
    assert_eq!(ca, cb);
    assert!(
        req.options.iter().any(|o| o.choice == ca),
        "a listed option"
    );
}

#[test]
fn a_battle_spirits_decision_ignores_the_opponents_hidden_cards() {
    use crate::rules::battle_spirits::types::Zone;
    let mut a = bs_game(4);
    // Seat 1's main step of turn 3 (BS-5): a hand, a field, choices.
    let req = to_a_choice(&mut a, 3);
    let mut b = a.clone();
    let o = PlayerId(1);
    // Swap a hand card of the opponent with a deck card of another name (BS-0.2: the deck
    // is shuffled and the opponent's hand is hidden), and give the game another rng.
    let hand = b.pile(Zone::Hand(o)).to_vec();
    let deck = b.pile(Zone::Deck(o)).to_vec();
    let h = hand[0];
    let d = *deck
        .iter()
        .find(|&&d| b.card_id(d) != b.card_id(h))
        .unwrap();
    let swap = |x: InstanceId| {
        if x == h {
            d
        } else if x == d {
            h
        } else {
            x
        }
    };
    let dealt: Vec<_> = hand.iter().chain(&deck).map(|&x| swap(x)).collect();
    b.st.zones.redeal(&[Zone::Hand(o), Zone::Deck(o)], &dealt);
    b.st.rng = GameRng::new(77);
    b.cached = None;
    b.invalidate_constants();
    assert!(b.check_invariants().is_ok());
    let piles = |g: &crate::rules::battle_spirits::Game| {
        [Zone::Hand(o), Zone::Deck(o), Zone::Deck(PlayerId(0))].map(|z| g.pile(z).to_vec())
    };
    same_answer(&a, &b, &req, |x, y| piles(x) == piles(y));
}

#[test]
fn a_line_battle_decision_ignores_the_opponents_hidden_cards() {
    use crate::rules::line_battle::state::Zone;
    let mut a = lb_game(4);
    let req = to_a_choice(&mut a, 3);
    let mut b = a.clone();
    let o = PlayerId(1);
    let z = |g: &crate::rules::line_battle::Game, z| g.st.zones.pile(z).to_vec();
    let (hand, deck) = (z(&b, Zone::Hand(o)), z(&b, Zone::Deck(o)));
    let h = hand[0];
    let d = *deck
        .iter()
        .find(|&&d| b.st.card_id(d) != b.st.card_id(h))
        .unwrap();
    let swap = |x: InstanceId| {
        if x == h {
            d
        } else if x == d {
            h
        } else {
            x
        }
    };
    let dealt: Vec<_> = hand.iter().chain(&deck).map(|&x| swap(x)).collect();
    b.st.zones.redeal(&[Zone::Hand(o), Zone::Deck(o)], &dealt);
    b.st.rng = GameRng::new(77);
    b.cached = None;
    assert!(b.check_invariants().is_ok());
    let piles = |g: &crate::rules::line_battle::Game| {
        [Zone::Hand(o), Zone::Deck(o), Zone::Deck(PlayerId(0))].map(|p| z(g, p))
    };
    same_answer(&a, &b, &req, |x, y| piles(x) == piles(y));
}
