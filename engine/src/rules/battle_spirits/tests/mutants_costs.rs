//! Cost rules that a mutation of the code changed without any test noticing
//! (`docs/testing.md`): each test pins the rule's value where the mutant differs.

use super::*;
use crate::rules::battle_spirits::testkit::{
    effect, give_reserve, put, scenario, scripted_spirit, strict,
};

/// A core of P0's reserve, the soul core last.
fn reserve_core(g: &Game) -> Option<crate::core::TokenId> {
    let at = CoreLoc::Reserve(P0);
    g.core_at(at, false).or_else(|| g.core_at(at, true))
}

/// BS-5.2 step 1: a constant that makes the card being paid cost 1 makes a spirit playable
/// that its printed cost less all its reduction symbols would not be: R-06 (cost 6, three
/// red reduction symbols, one core for LV1) with 2 cores available pays 0 and places 1.
#[test]
fn bs_5_2_a_cost_lowered_by_a_constant_makes_a_dear_card_playable() {
    let cheap = scripted_spirit(
        "MUT-CHEAP",
        0,
        1000,
        vec![effect(
            "constant",
            "if while_summoning(my_spirits()) { cost_as(card_being_paid(), 1, \"while\"); }",
        )],
    );
    let mut g = strict(scenario(vec![cheap], 38));
    let dear = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    put(&mut g, P0, "MUT-CHEAP", Zone::Field(P0), 1);
    while g.reserve(P0) > 1 {
        let core = g
            .core_at(CoreLoc::Reserve(P0), false)
            .expect("a reserve core");
        g.move_core(core, Some(CoreLoc::Trash(P0)));
    }
    assert_eq!(g.available_cores(P0), 2, "1 in the reserve, 1 on MUT-CHEAP");
    let (_, q) = g.playable(P0, dear).expect("cost 1, less 1 red reduction");
    assert_eq!((q.cost, q.to_pay, q.min_cores), (1, 0, 1));
}

/// BS-5.2 step 1 and step 4: a stored cost modifier ("this turn this card costs 1") and a
/// player's rule ("your spirit cards cost 5 less this turn") each make R-06 playable with
/// 2 cores, where its printed cost less all its reduction symbols (6 − 3) and one core for
/// LV1 would need 4.
#[test]
fn bs_5_2_a_stored_cost_modifier_or_a_players_rule_makes_a_dear_card_playable() {
    use crate::rules::battle_spirits::script::query::{Base, Query};
    use crate::rules::battle_spirits::script::state::{ModKind, PaidCostChange, Until};
    let two_cores = |g: &mut Game| {
        while g.available_cores(P0) > 2 {
            let core = g
                .core_at(CoreLoc::Reserve(P0), false)
                .expect("a reserve core");
            g.move_core(core, Some(CoreLoc::Trash(P0)));
        }
        assert_eq!(g.available_cores(P0), 2);
    };
    let mut g = strict(scenario(vec![], 39));
    let dear = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    two_cores(&mut g);
    assert_eq!(g.playable(P0, dear), None, "6 − 0 field symbols + 1 > 2");
    g.add_modifier_by(dear, ModKind::CostAs(1), Until::Turn, Some(P0));
    let (_, q) = g.playable(P0, dear).expect("a cost of 1");
    assert_eq!((q.to_pay, q.min_cores), (1, 1));
    let mut g = strict(scenario(vec![], 39));
    let dear = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    let giver = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    two_cores(&mut g);
    let rule = ModKind::PaidCost {
        cards: Query::of(Base::Spirits(vec![P0])),
        change: PaidCostChange::Reduced(5),
        giver: P0,
        once: false,
    };
    g.add_modifier_by(giver, rule, Until::Turn, Some(P0));
    // R-00's red symbol meets one reduction symbol: 6 − 1 − 5 = 0 to pay.
    assert_eq!(
        g.playable(P0, dear).map(|(_, q)| (q.to_pay, q.min_cores)),
        Some((0, 1))
    );
}

/// BS-5.2: a "next spirit card" rule (`once`) is used up by the first matching card paid:
/// the second R-06 is quoted as its printed cost and the field's symbols give, the first
/// paid 0.
#[test]
fn bs_5_2_a_next_card_rule_is_used_up_by_the_card_paid() {
    use crate::rules::battle_spirits::script::query::{Base, Query};
    use crate::rules::battle_spirits::script::state::{ModKind, PaidCostChange, Until};
    use crate::rules::battle_spirits::testkit::play;
    let mut g = strict(scenario(vec![], 40));
    let first = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    let second = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    let giver = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let rule = ModKind::PaidCost {
        cards: Query::of(Base::Spirits(vec![P0])),
        change: PaidCostChange::Reduced(6),
        giver: P0,
        once: true,
    };
    g.add_modifier_by(giver, rule, Until::Turn, Some(P0));
    assert_eq!(g.quote_card(P0, second).to_pay, 0, "6 less");
    play(&mut g, first);
    let paid = g.log().iter().find_map(|e| match e {
        Event::Played { card, paid, .. } if *card == first => Some(*paid),
        _ => None,
    });
    assert_eq!(paid, Some(0));
    let printed = g.quote(P0, g.def_of(second));
    assert!(printed.to_pay > 0, "{printed:?}");
    assert_eq!(g.quote_card(P0, second), printed, "the rule was used up");
}

/// BS-5.1, BS-5.5: a constant effect that forbids playing cards ("your opponent's spirit
/// cards cannot be played") keeps them in the hand though no modifier is stored.
#[test]
fn bs_5_1_a_constant_ban_on_playing_keeps_a_cheap_card_in_the_hand() {
    let ban = scripted_spirit(
        "MUT-BAN",
        0,
        1000,
        vec![effect(
            "constant",
            "cannot_play(opponent_hand(), \"while\");",
        )],
    );
    let mut g = strict(scenario(vec![ban], 41));
    let free = put(&mut g, P0, "R-00", Zone::Hand(P0), 0);
    assert!(g.playable(P0, free).is_some(), "cost 0, one core");
    put(&mut g, P1, "MUT-BAN", Zone::Field(P1), 1);
    assert!(g.st.scripts.modifiers.is_empty(), "nothing stored");
    assert_eq!(g.playable(P0, free), None);
}

/// BS-5.1, BS-5.5: a ban on playing a card stored by an effect ("this turn") holds in a
/// game whose cards have no constant effect.
#[test]
fn bs_5_1_a_stored_ban_on_playing_holds_without_constant_effects() {
    use crate::rules::battle_spirits::script::state::{ModKind, Until};
    let mut g = strict(scenario(vec![], 42));
    assert!(!g.host.has_constant);
    let free = put(&mut g, P0, "R-00", Zone::Hand(P0), 0);
    assert!(g.playable(P0, free).is_some(), "cost 0, one core");
    g.add_modifier_by(free, ModKind::CannotBePlayed, Until::Turn, Some(P1));
    assert_eq!(g.playable(P0, free), None);
}

/// BS-5.1, BS-5.2 step 4: a card whose cost less the reduction the field meets, and its
/// lowest level's cores, is exactly the cores available is playable: R-06 (cost 6, three
/// red reduction symbols) with three red symbols on the field and 4 cores pays 3 and
/// places 1; with one core fewer it is not.
#[test]
fn bs_5_2_a_card_costing_exactly_the_cores_available_is_playable() {
    let mut g = strict(scenario(vec![], 43));
    let dear = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    for _ in 0..3 {
        put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    }
    while g.available_cores(P0) > 3 {
        let core = reserve_core(&g).expect("a reserve core");
        g.move_core(core, Some(CoreLoc::Trash(P0)));
    }
    assert_eq!(g.playable(P0, dear), None, "3 cores for 3 + 1");
    give_reserve(&mut g, P0, 1);
    assert_eq!(g.available_cores(P0), 4);
    let q = g
        .playable(P0, dear)
        .map(|(_, q)| (q.reduction, q.to_pay, q.min_cores));
    assert_eq!(q, Some((3, 3, 1)));
}

/// BS-5.5: a magic card of cost 0 is used with no core at all (a magic needs no core on
/// it, BS-5.1).
#[test]
fn bs_5_5_a_magic_of_cost_0_is_used_with_no_core() {
    use crate::rules::battle_spirits::testkit::scripted_magic;
    let free = scripted_magic("MUT-FREE-MAGIC", 0, vec![effect("main", "draw(1);")]);
    let mut g = strict(scenario(vec![free], 44));
    let m = put(&mut g, P0, "MUT-FREE-MAGIC", Zone::Hand(P0), 0);
    while let Some(core) = reserve_core(&g) {
        g.move_core(core, Some(CoreLoc::Trash(P0)));
    }
    assert_eq!(g.available_cores(P0), 0);
    let q = g.playable(P0, m).map(|(k, q)| (k, q.to_pay, q.min_cores));
    assert_eq!(q, Some((PlayKind::UseMagic, 0, 0)));
}

/// BS-5.2 step 3 ("count the symbols of these cards as well"): the printed symbols of the
/// cards a `SymbolsFrom` query names that are off the field count with the field's, each
/// card once, its ultimate symbols too; a card on the field is not counted twice.
/// MUT-PAID: cost 6, three red and one ultimate reduction symbols; R-00 on the field and in
/// the trash and MUT-USYM in the trash each show one red symbol, MUT-USYM one ultimate too.
#[test]
fn bs_5_2_symbols_of_cards_off_the_field_count_once_for_the_reduction() {
    use crate::rules::battle_spirits::script::query::{Base, Query};
    use crate::rules::battle_spirits::script::state::{ModKind, Until};
    let mut paid = scripted_spirit("MUT-PAID", 6, 5000, vec![]);
    paid.reduction = [(Colour::Red, 3)].into_iter().collect();
    paid.ultimate_reduction = 1;
    let mut usym = scripted_spirit("MUT-USYM", 0, 1000, vec![]);
    usym.symbols.ultimate = 1;
    let from = |cards| ModKind::SymbolsFrom(Query::of(Base::Cards(cards)));
    let board = || {
        let mut g = strict(scenario(vec![paid.clone(), usym.clone()], 45));
        let c = put(&mut g, P0, "MUT-PAID", Zone::Hand(P0), 0);
        let f = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
        let t = put(&mut g, P0, "R-00", Zone::Trash(P0), 0);
        let u = put(&mut g, P0, "MUT-USYM", Zone::Trash(P0), 0);
        (g, c, f, t, u)
    };
    // The field card and the trash card named twice: 1 + 1 red.
    let (mut g, c, f, t, _) = board();
    assert_eq!(g.quote_card(P0, c).reduction, 1, "the field's red symbol");
    g.add_modifier_by(c, from(vec![f, t, t]), Until::Turn, Some(P0));
    assert_eq!(g.quote_card(P0, c).reduction, 2);
    // Both trash cards: 3 red (all three reduction symbols) and 1 ultimate.
    let (mut g, c, f, t, u) = board();
    g.add_modifier_by(c, from(vec![f, t, u]), Until::Turn, Some(P0));
    let q = g.quote_card(P0, c);
    assert_eq!((q.reduction, q.to_pay), (4, 2));
}
