//! Rules of `levels.rs` (BP, over count, field symbols) and `turn.rs` (the refresh step)
//! that a mutation of the code changed without any unit test noticing (`docs/testing.md`,
//! "Mutation testing"): each test pins the rule's value where the mutant differs.

use super::*;
use crate::rules::battle_spirits::testkit::{
    decision, effect, must, put, scenario, scripted_spirit, strict,
};

/// An ultimate (cost 3, level 3 from 2 cores, 8000 BP) with one ultimate symbol and
/// `effects`.
fn ultimate(id: &str, effects: Vec<carddb::Effect>) -> CardDef {
    let mut u = card(
        id,
        CardKind::Ultimate,
        3,
        Colour::Red,
        0,
        0,
        &[(3, 2, 8000)],
    );
    u.symbols.ultimate = 1;
    u.effects = effects;
    u
}

/// BS-13.3: a spirit is in over count while it is on its controller's field and the count
/// area holds at least its OC condition's cores; then it gets the OC BP bonus, whatever
/// its level. A copy in the hand is never in over count.
#[test]
fn bs_13_3_over_count_needs_the_field_and_enough_count_cores() {
    let mut oc = scripted_spirit("MUT-OC", 0, 1000, vec![]);
    oc.over_count = Some(carddb::OverCount {
        count: 2,
        bp_bonus: 3000,
        text: Default::default(),
    });
    let mut g = strict(scenario(vec![oc], 41));
    let x = put(&mut g, P0, "MUT-OC", Zone::Field(P0), 1);
    let h = put(&mut g, P0, "MUT-OC", Zone::Hand(P0), 0);
    g.core_from_void(false, CoreLoc::Count(P0));
    assert!(!g.in_over_count(x), "count 1 < 2");
    assert_eq!(g.bp(x), 1000);
    g.core_from_void(false, CoreLoc::Count(P0));
    assert!(g.in_over_count(x), "count 2 >= 2");
    assert!(!g.in_over_count(h), "not on the field");
    assert_eq!((g.level(x), g.bp(x)), (Some(1), 1000 + 3000));
    g.core_from_void(false, CoreLoc::Count(P0));
    assert!(g.in_over_count(x), "count 3 >= 2");
    assert!(!g.in_over_count(h), "not on the field");
}

/// `link_for_battle` (BS-6.5.2: the BP compared in a battle; BS-6.5.1: the symbols for
/// life): a spirit joined to the attacker adds its BP and its symbols to the attacker's
/// for that battle. R-04 (4000, one symbol) joined by R-03 (one symbol).
#[test]
fn bs_6_5_2_a_card_joined_to_the_attacker_adds_its_bp() {
    let mut g = strict(scenario(vec![], 42));
    must(&mut g, Choice::EndMain);
    let a = put(&mut g, P1, "R-04", Zone::Field(P1), 1);
    let j = put(&mut g, P1, "R-03", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    let (own, joined) = (g.bp(a), g.bp(j));
    assert_eq!(own, 4000);
    assert!(joined > 0);
    g.join_for_battle(a, j, P1)
        .expect("another spirit of P1 on the field");
    assert_eq!(g.joined_to(a), Some(j));
    assert_eq!(g.bp(a), own + joined);
    assert_eq!(g.symbols_of(a), 1 + 1);
}

/// BS-12.4 and BS-5.2 step 3: the ultimate symbols of the field count for an ultimate
/// reduction, printed (MUT-ULT) or on a card whose symbols an effect changes (MUT-ULT-RED
/// gains a red symbol and keeps its ultimate symbol). The hand card costs 6 with an
/// ultimate reduction of 3 and a red reduction of 2.
#[test]
fn bs_12_4_field_ultimate_symbols_count_printed_and_changed() {
    let plain = ultimate("MUT-ULT", vec![]);
    let red = ultimate(
        "MUT-ULT-RED",
        vec![effect(
            "constant",
            "gain_symbols(this_card(), 1, \"red\", \"while\");",
        )],
    );
    let mut want = scripted_spirit("MUT-ULT-COST", 6, 5000, vec![]);
    want.reduction = [(Colour::Red, 2)].into_iter().collect();
    want.ultimate_reduction = 3;
    let mut g = strict(scenario(vec![plain, red, want], 43));
    let c = put(&mut g, P0, "MUT-ULT-COST", Zone::Hand(P0), 0);
    put(&mut g, P0, "MUT-ULT", Zone::Field(P0), 2);
    let s = g.field_symbols(P0);
    assert_eq!((s.ultimate, s.colours.get(&Colour::Red)), (1, None));
    assert_eq!(g.quote_card(P0, c).reduction, 1, "one ultimate symbol");
    put(&mut g, P0, "MUT-ULT-RED", Zone::Field(P0), 2);
    let s = g.field_symbols(P0);
    assert_eq!((s.ultimate, s.colours.get(&Colour::Red)), (2, Some(&1)));
    assert_eq!(
        g.quote_card(P0, c).reduction,
        2 + 1,
        "two ultimate, one red"
    );
}

/// BS-5.2 step 3 (ruling BSS01-109's shape): a constant that changes a field card's
/// symbols only "while summoning" a card of cost 6 or more is read for that card's cost
/// even when the field's symbols were just read without it (and cached). MUT-DBL's red
/// symbol counts as two while R-06 (cost 6, 3 red reduction) is summoned.
#[test]
fn bs_5_2_a_while_summoning_symbol_change_is_read_past_the_cache() {
    let dbl = scripted_spirit(
        "MUT-DBL",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_summoning(cost_at_least(my_hand(), 6)) { symbols_as(this_card(), 2, \"\", \"while\"); }",
        )],
    );
    let mut g = strict(scenario(vec![dbl], 44));
    put(&mut g, P0, "MUT-DBL", Zone::Field(P0), 1);
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let r06 = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&2));
    assert_eq!(g.quote_card(P0, r06).reduction, 3, "MUT-DBL doubled: 3 red");
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&2));
}

/// BS-4.2, BS-9.2: the refresh step fires "when refreshed" once for each card it
/// refreshed on the field: the host, not the brave braved onto it (the host's hook
/// reaches the brave's braved effects).
#[test]
fn bs_4_2_when_refreshed_fires_for_the_host_and_not_its_braved_brave() {
    let mut b = card(
        "MUT-BRV",
        CardKind::Brave,
        1,
        Colour::Red,
        0,
        1,
        &[(1, 1, 2000)],
    );
    b.brave = Some(carddb::Brave {
        condition: Default::default(),
        bp_bonus: 1000,
    });
    let mut g = strict(scenario(vec![b], 45));
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let brave = put(&mut g, P0, "MUT-BRV", Zone::Field(P0), 1);
    must(&mut g, Choice::Brave { brave, host });
    assert!(g.is_braved_brave(brave));
    g.set_exhausted(host, true);
    g.set_exhausted(brave, true);
    must(&mut g, Choice::EndMain); // P0's turn 1 has no attack step (BS-0.6)
    must(&mut g, Choice::EndMain); // P1 has no spirit: no attack
    assert_eq!(decision(&mut g).player, P0);
    assert_eq!(g.turn(), 3);
    assert!(!g.is_exhausted(host));
    let hooks = |c: InstanceId| count_hooks(&g, |h| *h == Hook::WhenRefreshed { card: c });
    assert_eq!((hooks(host), hooks(brave)), (1, 0));
}
