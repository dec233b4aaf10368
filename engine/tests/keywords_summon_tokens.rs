//! Tokens and Feast, played in games. Token rulings are numbered K1..K33 in the order of
//! `rulings-keywords.json`: tokens K27–K31. K30 (what objects may stand for tokens) and
//! K31 (whether tokens are announced before the game) are about the physical game and do
//! not apply to the engine.
//!
//! The Supsprite tokens are the base pack's own cards (`scripts/battle-spirits-saga/
//! cards/`); the Feast card has the keyword printed or gained, and the library holds the
//! base pack's declarations (`testkit::saga_library`).

mod kwsupport;

use carddb::CardDef;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, hand_size, must, play, put, saga_library, scenario_with,
    scripted_magic, scripted_spirit, strict, synthetic_deck,
};
use engine::rules::battle_spirits::{RulesConfig, Zone, check_deck};
use engine::{Choice, DecisionKind, Event, Game};
use kwsupport::*;

const SMALL: &str = "SAGA-TOKEN-SUPSPRITE-S";
const MEDIUM: &str = "SAGA-TOKEN-SUPSPRITE-M";
const LARGE: &str = "SAGA-TOKEN-SUPSPRITE-L";

/// The base pack's token cards (`scripts/battle-spirits-saga/cards/`), as loaded.
fn supsprites() -> Vec<CardDef> {
    let pack = carddb::base::saga().expect("the embedded Saga pack loads");
    let t: Vec<CardDef> = pack
        .cards
        .into_iter()
        .map(|c| c.def)
        .filter(|d| d.token)
        .collect();
    assert_eq!(t.len(), 3, "the Small, Medium and Large Supsprites");
    t
}

/// A game with the Saga keywords and the base pack's tokens in the library, `extra` (3 of
/// each in both decks) and `more` (in no deck).
fn game(extra: Vec<CardDef>, more: Vec<CardDef>, seed: u64) -> Game {
    let mut all = extra.clone();
    all.extend(more);
    strict(scenario_with(saga_library(&all), &extra, seed))
}

fn feaster() -> CardDef {
    with_keyword(scripted_spirit("FST", 0, 2000, vec![]), "feast", "()")
}

fn tokens_on(g: &Game, p: engine::core::PlayerId) -> Vec<(String, engine::core::InstanceId)> {
    g.field(p)
        .into_iter()
        .filter(|c| g.is_token(*c))
        .map(|c| (g.card_id(c).to_string(), c))
        .collect()
}

#[test]
fn tokens_k27_feast_makes_a_small_supsprite_outside_the_decks() {
    assert!(
        supsprites()
            .iter()
            .all(|d| d.kind == carddb::CardKind::Spirit)
    );
    let mut g = game(vec![feaster()], vec![], 21);
    let f = put(&mut g, P0, "FST", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 3);
    let decks: usize = g.decks().iter().map(Vec::len).sum();
    let reserve = g.reserve(P0);
    play(&mut g, f);
    let t = tokens_on(&g, P0);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].0, SMALL);
    assert!(t[0].1.index() >= decks, "a new card, not one of the decks");
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::TokenMade { card, .. } if *card == t[0].1))
    );
    assert_eq!(g.cores_on(t[0].1), 1);
    assert_eq!(
        g.reserve(P0),
        reserve - 1 - 1,
        "one core for Feast's spirit, one for the token"
    );
    assert_eq!(g.name(t[0].1), "Supsprite Sprout");
    g.check_invariants().unwrap();
}

#[test]
fn feast_grows_the_token_small_medium_large() {
    let mut g = game(vec![feaster()], vec![], 22);
    give_reserve(&mut g, P0, 9);
    for want in [SMALL, MEDIUM, LARGE] {
        let f = put(&mut g, P0, "FST", Zone::Hand(P0), 0);
        play(&mut g, f);
        let t = tokens_on(&g, P0);
        assert_eq!(t.len(), 1, "the smaller one left: {t:?}");
        assert_eq!(t[0].0, want);
    }
    // K29: the grown ones left the field and were removed from the game.
    let removed = g.pile(Zone::Removed(P0)).to_vec();
    let names: Vec<&str> = removed.iter().map(|c| g.card_id(*c)).collect();
    assert_eq!(names, [SMALL, MEDIUM]);
    assert!(g.pile(Zone::Trash(P0)).iter().all(|c| !g.is_token(*c)));
}

#[test]
fn feast_with_two_small_supsprites_you_choose_which_grows() {
    let maker = scripted_magic(
        "M-TWO",
        0,
        vec![effect(
            "main",
            &format!("summon_token(\"{SMALL}\"); summon_token(\"{SMALL}\");"),
        )],
    );
    let mut g = game(vec![feaster(), maker], vec![], 23);
    give_reserve(&mut g, P0, 6);
    let m = put(&mut g, P0, "M-TWO", Zone::Hand(P0), 0);
    play(&mut g, m);
    let smalls = tokens_on(&g, P0);
    assert_eq!(smalls.len(), 2);
    let f = put(&mut g, P0, "FST", Zone::Hand(P0), 0);
    play(&mut g, f);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    must(&mut g, Choice::Target { card: smalls[1].1 });
    assert_eq!(g.zone_of(smalls[1].1), Zone::Removed(P0));
    assert_eq!(g.zone_of(smalls[0].1), Zone::Field(P0));
    let ids: Vec<String> = tokens_on(&g, P0).into_iter().map(|t| t.0).collect();
    assert_eq!(ids, [SMALL, MEDIUM]);
}

#[test]
fn tokens_k28_a_deck_may_not_hold_one() {
    let lib = saga_library(&[]);
    let mut deck = synthetic_deck("R");
    deck[0] = SMALL.to_string();
    let e = check_deck(&RulesConfig::japanese(), &lib, P0, &deck).unwrap_err();
    assert!(e.to_string().contains("token"), "{e}");
    assert!(check_deck(&RulesConfig::japanese(), &lib, P0, &synthetic_deck("R")).is_ok());
}

#[test]
fn tokens_k29_leaving_the_field_removes_it_after_destruction_effects_work_as_usual() {
    let mut tok = scripted_spirit("TK-X", 0, 1000, vec![effect("When Destroyed", "draw(1);")]);
    tok.token = true;
    // A field card that waits for one of its controller's spirits to be destroyed.
    let watcher = scripted_spirit(
        "WAT",
        0,
        1000,
        vec![effect("When Your Spirit Is Destroyed", "gain_life(1);")],
    );
    let make = scripted_magic("M-MK", 0, vec![effect("main", "summon_token(\"TK-X\");")]);
    let kill = scripted_magic(
        "M-KL",
        0,
        vec![effect("main", "destroy(my_spirits().tokens());")],
    );
    let back = scripted_magic(
        "M-BK",
        0,
        vec![effect("main", "return_to_hand(my_spirits().tokens());")],
    );
    let deck_it = scripted_magic(
        "M-DK",
        0,
        vec![effect(
            "main",
            "return_to_deck(my_spirits().tokens(), \"bottom\");",
        )],
    );
    let mut g = game(vec![watcher, make, kill, back, deck_it], vec![tok], 24);
    give_reserve(&mut g, P0, 3);
    put(&mut g, P0, "WAT", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-MK", Zone::Hand(P0), 0);
    play(&mut g, m);
    let t = tokens_on(&g, P0)[0].1;
    let k = put(&mut g, P0, "M-KL", Zone::Hand(P0), 0);
    let (hand, life) = (hand_size(&g, P0), g.life(P0));
    play(&mut g, k);
    assert_eq!(
        hand_size(&g, P0),
        hand + 1 - 1,
        "its own \"when destroyed\" drew a card"
    );
    assert_eq!(
        g.life(P0),
        life + 1,
        "a destruction of your spirit, as usual"
    );
    assert_eq!(g.zone_of(t), Zone::Removed(P0));
    // Any other way off the field too: returned to the hand, it is removed instead.
    let m = put(&mut g, P0, "M-MK", Zone::Hand(P0), 0);
    play(&mut g, m);
    let t2 = tokens_on(&g, P0)[0].1;
    let b = put(&mut g, P0, "M-BK", Zone::Hand(P0), 0);
    play(&mut g, b);
    assert_eq!(g.zone_of(t2), Zone::Removed(P0));
    assert!(g.pile(Zone::Hand(P0)).iter().all(|c| !g.is_token(*c)));
    // Or to the bottom of the deck: removed, and the deck keeps its order.
    let m = put(&mut g, P0, "M-MK", Zone::Hand(P0), 0);
    play(&mut g, m);
    let t3 = tokens_on(&g, P0)[0].1;
    let d = put(&mut g, P0, "M-DK", Zone::Hand(P0), 0);
    let deck = g.pile(Zone::Deck(P0)).to_vec();
    play(&mut g, d);
    assert_eq!(g.zone_of(t3), Zone::Removed(P0));
    assert_eq!(g.pile(Zone::Deck(P0)), deck.as_slice());
}

#[test]
fn tokens_are_made_once_when_a_step_is_undone_for_a_question_and_saved_with_the_game() {
    // "When summoned": a token, then a choice between two spirits (the step is undone and
    // re-run with the answer).
    let asker = scripted_spirit(
        "ASK",
        0,
        1000,
        vec![effect(
            "When Summoned",
            &format!("summon_token(\"{SMALL}\"); destroy(choose_targets(opponent_spirits(), 1));"),
        )],
    );
    let mut g = game(vec![asker], vec![], 25);
    give_reserve(&mut g, P0, 3);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let s = put(&mut g, P0, "ASK", Zone::Hand(P0), 0);
    play(&mut g, s);
    assert_eq!(decision(&mut g).kind, DecisionKind::EffectChoice);
    must(&mut g, Choice::Target { card: a });
    assert_eq!(tokens_on(&g, P0).len(), 1);
    let made = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::TokenMade { .. }))
        .count();
    assert_eq!(made, 1);
    g.check_invariants().unwrap();
    // Saved and resumed: the same game, tokens included.
    let mut resumed = Game::from_json(&g.to_json(), g.library().clone()).unwrap();
    assert_eq!(resumed.log_hash(), g.log_hash());
    assert_eq!(tokens_on(&resumed, P0), tokens_on(&g, P0));
    must(&mut resumed, Choice::EndMain);
    must(&mut g, Choice::EndMain);
    assert_eq!(resumed.log_hash(), g.log_hash());
}

#[test]
fn token_queries_see_tokens_only() {
    let counter = scripted_magic(
        "M-CNT",
        0,
        vec![effect(
            "main",
            "gain_life(count(my_spirits().tokens())); draw(count(my_spirits().not_tokens()));",
        )],
    );
    let mut g = game(vec![feaster(), counter], vec![], 26);
    give_reserve(&mut g, P0, 4);
    let f = put(&mut g, P0, "FST", Zone::Hand(P0), 0);
    play(&mut g, f); // Feast's spirit and one token
    let (life, hand) = (g.life(P0), hand_size(&g, P0));
    let c = put(&mut g, P0, "M-CNT", Zone::Hand(P0), 0);
    play(&mut g, c);
    assert_eq!(g.life(P0), life + 1);
    assert_eq!(hand_size(&g, P0), hand - 1 + 1);
}

#[test]
fn feast_gained_from_an_effect_works_the_same() {
    let gainer = gaining(scripted_spirit("GFS", 0, 2000, vec![]), "feast", "");
    let mut g = game(vec![gainer], vec![], 30);
    give_reserve(&mut g, P0, 3);
    let f = put(&mut g, P0, "GFS", Zone::Hand(P0), 0);
    play(&mut g, f);
    let t = tokens_on(&g, P0);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].0, SMALL);
}

/// A printed keyword value its declaration does not take (`Feast 2`; the base pack
/// declares Feast with `value: none`, as `keywords.json` gives it no number) is a gap: the
/// keyword's effect is inert with the reason and how to declare the value, never run as if
/// the value were not written. In a strict game: no token, no failure.
#[test]
fn feast_with_a_value_its_declaration_does_not_take_is_inert_with_its_reason() {
    let card = with_keyword(scripted_spirit("FST-2", 0, 2000, vec![]), "feast", "2");
    let mut g = game(vec![card], vec![], 24);
    let f = put(&mut g, P0, "FST-2", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 3);
    play(&mut g, f);
    assert!(tokens_on(&g, P0).is_empty(), "Feast did not run");
    let reason = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::EffectInert { card, reason, .. } if *card == f => Some(reason.clone()),
            _ => None,
        })
        .expect("the keyword effect is inert");
    assert!(
        reason
            .starts_with("keyword `Feast` takes no value, found `2`: no pack declares that value")
            && reason.contains("`keywords/feast.yaml` with `value: number`"),
        "{reason}"
    );
}
