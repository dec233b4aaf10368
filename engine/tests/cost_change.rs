//! Costs changed while they are paid (BS-5.2 steps 1–4): `while_paying` names the card
//! being paid (any kind, a magic too), and the cost modifiers `cost_as`, `reduce_cost`,
//! `gain_reduction`, `reduction_fulfilled` act on it — from a field card's constant effect
//! or from the paid card's own, evaluated while it is in the hand.

mod support;

use carddb::{CardKind, Colour};
use engine::core::InstanceId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    card, effect, give_reserve, play, put, scripted_spirit,
};
use engine::{Event, Game};
use support::rulings::*;

/// What the last play of `c` paid.
fn paid(g: &Game, c: InstanceId) -> Option<u32> {
    g.log().iter().rev().find_map(|e| match e {
        Event::Played { card, paid, .. } if *card == c => Some(*paid),
        _ => None,
    })
}

/// A red magic costing 3 with two red reduction symbols (its [Main]: draw a card).
fn magic_3() -> carddb::CardDef {
    let mut m = card("M-3", CardKind::Magic, 3, Colour::Red, 2, 0, &[]);
    m.effects = vec![effect("main", "draw(1);")];
    m
}

/// Ruling C#59's shape: a field spirit's one red symbol counts as two while a magic of its
/// controller is paid, never for a spirit's cost and never outside a payment (BS-6.5.1).
#[test]
fn bs_5_2_symbols_count_double_for_magic_costs_only() {
    let dbl = scripted_spirit(
        "S-MAG",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_paying(my_hand().magic_cards()) { symbols_as(this_card(), 2, \"\", \"while\"); }",
        )],
    );
    let mut g = game(vec![dbl, magic_3()], 311);
    put(&mut g, P0, "S-MAG", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-3", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&1));
    assert_eq!(to_pay(&g, "M-3"), 1, "3 − min(2 reduction, 2 symbols)");
    assert_eq!(to_pay(&g, "R-04"), 3, "a spirit: 4 − min(2, 1 symbol)");
    give_reserve(&mut g, P0, 1);
    play(&mut g, m);
    assert_eq!(paid(&g, m), Some(1), "the magic paid what the view said");
}

/// The paid card's own effect, read from the hand with its condition at payment time:
/// "this card costs 1 if you control a nexus" (BS-5.2 step 1; its reductions then apply).
#[test]
fn bs_5_2_a_card_in_the_hand_changes_its_own_cost_when_its_condition_holds() {
    let own = scripted_spirit(
        "S-OWN",
        5,
        3000,
        vec![effect(
            "constant",
            "if while_paying(this_card()) && my_nexuses().count() >= 1 { cost_as(this_card(), 1, \"while\"); }",
        )],
    );
    let mut g = game(vec![own], 312);
    let s = put(&mut g, P0, "S-OWN", Zone::Hand(P0), 0);
    assert_eq!(to_pay(&g, "S-OWN"), 5, "no nexus: the printed cost");
    put(&mut g, P0, "R-N", Zone::Field(P0), 0);
    assert_eq!(to_pay(&g, "S-OWN"), 1, "a nexus: it costs 1");
    give_reserve(&mut g, P0, 2);
    play(&mut g, s);
    assert_eq!(paid(&g, s), Some(1));
}

/// BS-5.2 step 4 and ruling C#58: a cost reduced past 0 is paid as 0; gained reduction
/// symbols (step 2) are met by field symbols; "fulfilled" reduction needs no symbols.
#[test]
fn bs_5_2_reduce_cost_gain_reduction_and_fulfilled_reduction() {
    let red = scripted_spirit(
        "S-RED",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_paying(my_hand().magic_cards()) { reduce_cost(my_hand().magic_cards(), 5, \"while\"); }\n\
             gain_reduction(my_hand().spirit_cards(), 1, \"red\", \"while\");",
        )],
    );
    let ful = scripted_spirit(
        "S-FUL",
        6,
        3000,
        vec![effect(
            "constant",
            "if while_paying(this_card()) && life() <= 5 { reduction_fulfilled(this_card(), \"while\"); }",
        )],
    );
    let mut ful = ful;
    ful.reduction = std::collections::BTreeMap::from([(Colour::Red, 4)]);
    let mut g = game(vec![red, ful, magic_3()], 313);
    put(&mut g, P0, "S-RED", Zone::Field(P0), 1);
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    put(&mut g, P0, "M-3", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-01", Zone::Hand(P0), 0);
    put(&mut g, P0, "S-FUL", Zone::Hand(P0), 0);
    // M-3: 3 − 2 (two red symbols meet its two reduction) − 5, never below 0.
    assert_eq!(to_pay(&g, "M-3"), 0);
    // R-01 (cost 1, one red reduction + one gained): 1 − min(2, 2) = 0.
    assert_eq!(to_pay(&g, "R-01"), 0);
    // S-FUL (cost 6, four red reduction and the one S-RED adds, all met at 5 life or
    // less, whatever the two red symbols): 6 − 5 = 1.
    assert_eq!(to_pay(&g, "S-FUL"), 1);
}

/// BS-5.2 step 4 on the first magic of the turn only: a field card reduces the card being
/// paid (`card_being_paid`) while no magic was used yet this turn (`magic_used_this_turn`).
#[test]
fn bs_5_2_the_first_magic_each_turn_costs_one_less() {
    let first = scripted_spirit(
        "S-FIRST",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_paying(my_field().magic_cards()) && magic_used_this_turn() == 0 { reduce_cost(card_being_paid(), 1, \"while\"); }",
        )],
    );
    let mut g = game(vec![first, magic_3()], 314);
    put(&mut g, P0, "S-FIRST", Zone::Field(P0), 1);
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "M-3", Zone::Hand(P0), 0);
    // 3 − min(2 red reduction, 2 red symbols) − 1 = 0 for the first magic of the turn.
    assert_eq!(to_pay(&g, "M-3"), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, a);
    assert_eq!(paid(&g, a), Some(0));
    let b = put(&mut g, P0, "M-3", Zone::Hand(P0), 0);
    assert_eq!(to_pay(&g, "M-3"), 1);
    play(&mut g, b);
    assert_eq!(
        paid(&g, b),
        Some(1),
        "the second magic of the turn pays 3 − 2"
    );
}
