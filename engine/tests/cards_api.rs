//! Cards an effect handles itself (kind 2 "no stubs"): reveal and the rest of the
//! revealed cards, deploying a nexus by an effect, discarding a set burst, "only have" and
//! "summoned from" (soul cores: `cards_api_cores.rs`). Each test runs the script the grammar
//! compiles for the named real card on synthetic cards and asserts the resulting zones,
//! cores and card order. Rule IDs in the test names.

mod support;

use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, must, play, put, scenario, strict,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Event};
use support::cards::*;

// ---- reveal ---------------------------------------------------------------------------

/// ST01-002 (compiled): reveal three, add one matching spirit card, the rest to the bottom.
const REVEAL_ADD_REST_BOTTOM: &str = r#"
    let t = [];
    reveal(3);
    t = revealed();
    add_to_hand(choose_targets(revealed().spirit_cards().cost_at_least(3), 1));
    remaining_to_deck("bottom");
"#;

#[test]
fn st01_002_reveal_three_add_one_and_the_rest_go_to_the_deck_bottom_in_order() {
    let mut g = strict(scenario(
        vec![when_summoned("S-REV", REVEAL_ADD_REST_BOTTOM)],
        1,
    ));
    let c = ready(&mut g, "S-REV");
    // Deck top, top first: R-01, R-03, R-04.
    let [r4, r3, r1] = stack(&mut g, P0, &["R-04", "R-03", "R-01"])
        .try_into()
        .unwrap();
    let size = g.pile(Zone::Deck(P0)).len();
    let h = hand(&g, P0);
    play(&mut g, c);
    // R-03 and R-04 match "spirit card costing 3 or more", R-01 does not.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert!(r.is_legal(&Choice::Target { card: r3 }) && r.is_legal(&Choice::Target { card: r4 }));
    assert!(!r.is_legal(&Choice::Target { card: r1 }));
    must(&mut g, Choice::Target { card: r3 });
    assert_eq!(g.zone_of(r3), Zone::Hand(P0));
    assert_eq!(hand(&g, P0), h - 1 + 1, "played S-REV, added R-03");
    // The two others are at the bottom, the first revealed (R-01) above R-04.
    assert_eq!(deck_bottom(&g, P0, 2), vec![r4, r1]);
    // Each is logged as put back into the deck.
    for c in [r1, r4] {
        assert!(g.log().iter().any(|e| matches!(
            e,
            Event::CardMoved { card, from: Zone::Deck(_), to: Zone::Deck(_) } if *card == c
        )));
    }
    assert_eq!(g.pile(Zone::Deck(P0)).len(), size - 1);
    assert!(g.check_invariants().is_ok());
}

/// BSS01-008 (compiled): reveal the top card; a match goes to the hand, else it stays on top.
const REVEAL_ONE_ELSE_TOP: &str = r#"
    let t = [];
    let ok = false;
    reveal(1);
    t = revealed();
    ok = matches(t, all_spirits().cost_at_least(3));
    if ok {
        add_to_hand(t);
    }
    if !ok {
        return_to_deck(t, "top");
    }
"#;

#[test]
fn bss01_008_revealed_card_that_does_not_match_stays_on_top() {
    let mut g = strict(scenario(
        vec![when_summoned("S-REV1", REVEAL_ONE_ELSE_TOP)],
        2,
    ));
    let c = ready(&mut g, "S-REV1");
    let [r1] = stack(&mut g, P0, &["R-01"]).try_into().unwrap();
    let before = g.pile(Zone::Deck(P0)).to_vec();
    play(&mut g, c);
    assert_eq!(g.pile(Zone::Deck(P0)), before.as_slice(), "deck unchanged");
    assert_eq!(deck_top(&g, P0, 1), vec![r1]);
}

#[test]
fn bss01_008_revealed_card_that_matches_goes_to_the_hand() {
    let mut g = strict(scenario(
        vec![when_summoned("S-REV1", REVEAL_ONE_ELSE_TOP)],
        2,
    ));
    let c = ready(&mut g, "S-REV1");
    let [r3] = stack(&mut g, P0, &["R-03"]).try_into().unwrap();
    play(&mut g, c);
    assert_eq!(g.zone_of(r3), Zone::Hand(P0));
}

/// BSS01-087 (compiled): reveal the top card; a match goes to the hand, else it is discarded.
const REVEAL_ONE_ELSE_DISCARD: &str = r#"
    let t = [];
    let ok = false;
    reveal(1);
    t = revealed();
    ok = matches(t, all_spirits().cost_at_least(3));
    if ok {
        add_to_hand(t);
    }
    if !ok {
        discard_selected(t);
    }
"#;

#[test]
fn bss01_087_a_revealed_card_that_does_not_match_is_discarded_from_the_deck() {
    let mut g = strict(scenario(
        vec![when_summoned("S-REVD", REVEAL_ONE_ELSE_DISCARD)],
        16,
    ));
    let c = ready(&mut g, "S-REVD");
    let [r1] = stack(&mut g, P0, &["R-01"]).try_into().unwrap();
    let size = g.pile(Zone::Deck(P0)).len();
    play(&mut g, c);
    assert_eq!(g.zone_of(r1), Zone::Trash(P0));
    assert_eq!(g.pile(Zone::Deck(P0)).len(), size - 1);
    assert_eq!(
        g.pile(Zone::Trash(P0)).last(),
        Some(&r1),
        "on top of the trash"
    );
}

/// BSS02-069 (compiled): reveal two, add one matching card, discard the rest.
const REVEAL_ADD_REST_TRASH: &str = r#"
    let t = [];
    reveal(2);
    t = revealed();
    add_to_hand(choose_targets(revealed().spirit_cards().colour("red"), 1));
    remaining_to_trash();
"#;

#[test]
fn bss02_069_the_remaining_revealed_cards_are_discarded_with_card_moved_events() {
    let mut g = strict(scenario(
        vec![when_summoned("S-REVT", REVEAL_ADD_REST_TRASH)],
        3,
    ));
    let c = ready(&mut g, "S-REVT");
    let [bm, r2] = stack(&mut g, P0, &["R-M", "R-02"]).try_into().unwrap();
    let trash = g.pile(Zone::Trash(P0)).len();
    let size = g.pile(Zone::Deck(P0)).len();
    play(&mut g, c);
    pick_if_asked(&mut g, r2);
    assert_eq!(g.zone_of(r2), Zone::Hand(P0));
    assert_eq!(g.zone_of(bm), Zone::Trash(P0));
    assert_eq!(g.pile(Zone::Trash(P0)).len(), trash + 1);
    assert_eq!(g.pile(Zone::Deck(P0)).len(), size - 2);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::CardMoved { card, from: Zone::Deck(_), to: Zone::Trash(_) } if *card == bm
    )));
}

#[test]
fn reveal_more_than_the_deck_reveals_what_there_is() {
    // BS-0.4 aside (deck out is checked at the start step), an effect reveals what is left.
    let s = r#"let n = reveal(60); remaining_to_trash(); if n > 0 { draw(0); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-REVALL", s)], 4));
    summon_with(&mut g, "S-REVALL");
    assert!(g.pile(Zone::Deck(P0)).is_empty());
    assert!(g.check_invariants().is_ok());
}

// ---- deploy ---------------------------------------------------------------------------

#[test]
fn bss04_102_deploy_a_revealed_nexus_without_paying_bs_5_4_when_deployed_runs() {
    // BSS04-102 (compiled): reveal five, place a nexus costing 4 or fewer from them without
    // paying its cost, discard the rest. The nexus's "when deployed" gains a life.
    let mut nexus = card(
        "N-PLACE",
        carddb::CardKind::Nexus,
        4,
        carddb::Colour::Red,
        0,
        1,
        &[(1, 0, 0), (2, 2, 0)],
    );
    nexus.effects = vec![effect("When Placed", "gain_life(1);")];
    let s = r#"
        let t = [];
        reveal(5);
        t = revealed();
        deploy(choose_targets(revealed().nexus_cards().cost_at_most(4), 1), true);
        remaining_to_trash();
    "#;
    let mut g = strict(scenario(vec![nexus, when_summoned("S-DEP", s)], 10));
    let c = ready(&mut g, "S-DEP");
    let [n, a, b] = stack(&mut g, P0, &["N-PLACE", "R-01", "R-02"])
        .try_into()
        .unwrap();
    let life = g.life(P0);
    let reserve = g.reserve(P0);
    let trash = g.pile(Zone::Trash(P0)).len();
    play(&mut g, c);
    pick_if_asked(&mut g, n);
    assert_eq!(g.zone_of(n), Zone::Field(P0));
    assert_eq!(
        g.cores_at(CoreLoc::Card(n)),
        0,
        "free: no core paid or placed"
    );
    assert_eq!(g.life(P0), life + 1, "its when-deployed effect ran");
    assert_eq!(
        g.reserve(P0),
        reserve - 1,
        "one core placed on S-DEP; nothing paid"
    );
    assert_eq!(g.zone_of(a), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash + 4,
        "the four other revealed cards"
    );
}

// ---- burst ----------------------------------------------------------------------------

#[test]
fn sd06_005_discarding_a_set_burst_is_a_cost_bs_10_1() {
    // SD06-005 (Japanese sample text, compiled): "by discarding one of your bursts, +5000 BP".
    let s = r#"if may("Use?") { discard_burst(1); bp_plus(this_card(), 5000, "turn"); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-BURST", s)], 11));
    let burst = put(&mut g, P0, "R-M", Zone::Burst(P0), 0);
    let c = summon_with(&mut g, "S-BURST");
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(burst), Zone::Trash(P0));
    assert_eq!(g.bp(c), 6000);
}

#[test]
fn sd06_005_no_burst_set_nothing_discarded_and_no_bp_with_effect_inert() {
    let s = r#"if may("Use?") { discard_burst(1); bp_plus(this_card(), 5000, "turn"); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-BURST", s)], 11));
    let c = summon_with(&mut g, "S-BURST");
    must(&mut g, Choice::Yes);
    assert_eq!(g.bp(c), 1000);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::EffectInert { card, reason, .. } if *card == c && reason.contains("burst")
    )));
}

// ---- conditions -------------------------------------------------------------------------

#[test]
fn bss01_116_only_have_blue_spirits_gives_bp_and_one_red_spirit_stops_it() {
    // BSS01-116 (compiled, a colour for yellow): constant "if you only have … spirits on your
    // field, all of your spirits gain 1000 BP".
    let mut nexus = card(
        "N-ONLY",
        carddb::CardKind::Nexus,
        0,
        carddb::Colour::Blue,
        0,
        1,
        &[(1, 0, 0), (2, 2, 0)],
    );
    nexus.effects = vec![effect(
        "constant",
        r#"let ok = false; ok = only_have(my_spirits().colour("blue")); if ok { bp_plus(my_spirits(), 1000, "while"); }"#,
    )];
    let mut g = strict(scenario(vec![nexus], 12));
    put(&mut g, P0, "N-ONLY", Zone::Field(P0), 0);
    let b = put(&mut g, P0, "B-01", Zone::Field(P0), 1);
    assert_eq!(g.bp(b), 2000);
    let r = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    assert_eq!(g.bp(b), 1000, "a red spirit: not only blue ones");
    assert_eq!(g.bp(r), 1000);
}

#[test]
fn bss01_022_ruling_only_have_counts_this_spirit_itself() {
    // Ruling on BSS01-022: the spirit itself counts among "your spirits".
    let s = r#"if only_have(my_spirits().colour("red")) { draw(1); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-ONLY", s)], 13));
    let h = hand(&g, P0);
    summon_with(&mut g, "S-ONLY");
    assert_eq!(
        hand(&g, P0),
        h - 1 + 1,
        "S-ONLY (red) is the only spirit: drew"
    );
}

#[test]
fn bss02_035_bss04_020_summoned_from_the_hand_or_from_the_trash() {
    // BSS02-035 / BSS04-020 (compiled): "if you summon this spirit from your hand, discard
    // the top card of your deck"; "if this spirit is summoned from the trash, …" (here: gain
    // a life, to see it).
    let s = r#"
        let t = [];
        let ok = false;
        ok = summoned_from("hand");
        if ok { mill(1); t = discarded(); }
        ok = summoned_from("trash");
        if ok { gain_life(1); }
    "#;
    let raise = r#"summon(my_trash().named("Card S-FROM"), true, false);"#;
    let mut g = strict(scenario(
        vec![when_summoned("S-FROM", s), when_summoned("S-RAISE", raise)],
        14,
    ));
    let (trash, life) = (g.pile(Zone::Trash(P0)).len(), g.life(P0));
    summon_with(&mut g, "S-FROM");
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash + 1,
        "from the hand: milled one"
    );
    assert_eq!(g.life(P0), life);
    // Another copy in the trash, summoned by S-RAISE's effect.
    let c2 = put(&mut g, P0, "S-FROM", Zone::Trash(P0), 0);
    let (trash, life) = (g.pile(Zone::Trash(P0)).len(), g.life(P0));
    give_reserve(&mut g, P0, 1);
    summon_with(&mut g, "S-RAISE");
    assert!(g.on_field(c2));
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash - 1,
        "from the trash: no mill"
    );
    assert_eq!(g.life(P0), life + 1, "from the trash");
}
