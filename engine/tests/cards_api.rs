//! Cards and cores an effect handles itself (issue 11, kind 2 "no stubs"): reveal and the
//! rest of the revealed cards, the soul core as a cost and as a core to move, deploying a
//! nexus by an effect, discarding a set burst, "only have" and "summoned from". Each test
//! runs the script the grammar compiles for the named real card on synthetic cards and
//! asserts the resulting zones, cores and card order. Rule IDs in the test names.

use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::{CoreLoc, CoreSource, Zone};
use engine::testkit::hand_size as hand;
use engine::testkit::{
    card, decision, effect, give_reserve, must, play, put, put_soul_core, scenario,
    scripted_spirit, strict,
};
use engine::{Choice, DecisionKind, Event, Game};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// The top `n` cards of `p`'s deck, the top one first.
fn deck_top(g: &Game, p: PlayerId, n: usize) -> Vec<InstanceId> {
    g.pile(Zone::Deck(p))
        .iter()
        .rev()
        .take(n)
        .copied()
        .collect()
}

/// The bottom `n` cards of `p`'s deck, the lowest first.
fn deck_bottom(g: &Game, p: PlayerId, n: usize) -> Vec<InstanceId> {
    g.pile(Zone::Deck(p)).iter().take(n).copied().collect()
}

/// Stacks `ids` on `p`'s deck: the last id ends on top. (A copy goes through the trash
/// first, so one is found even when every copy is in the deck.)
fn stack(g: &mut Game, p: PlayerId, ids: &[&str]) -> Vec<InstanceId> {
    ids.iter()
        .map(|id| {
            put(g, p, id, Zone::Trash(p), 0);
            put(g, p, id, Zone::Deck(p), 0)
        })
        .collect()
}

/// Puts a cost-0 spirit `id` into P0's hand with a core to place on it.
fn ready(g: &mut Game, id: &str) -> InstanceId {
    give_reserve(g, P0, 1);
    put(g, P0, id, Zone::Hand(P0), 0)
}

/// A spirit of cost 0 whose "when summoned" effect is `script`, played from the hand.
fn summon_with(g: &mut Game, id: &str) -> InstanceId {
    let c = ready(g, id);
    play(g, c);
    c
}

/// Answers `card` if an effect choice is asked (a choice with one candidate is not asked).
fn pick_if_asked(g: &mut Game, card: InstanceId) {
    if decision(g).kind == DecisionKind::EffectChoice {
        must(g, Choice::Target { card });
    }
}

fn when_summoned(id: &str, script: &str) -> carddb::CardDef {
    scripted_spirit(id, 0, 1000, vec![effect("When Summoned", script)])
}

fn soul_at(g: &Game, l: CoreLoc) -> bool {
    g.soul_at(l)
}

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

// ---- soul core --------------------------------------------------------------------------

/// ST01-007 (compiled): "you may pay this spirit's soul core to draw a card".
const PAY_SOUL_DRAW: &str = r#"
    let did = false;
    did = may("Pay cores?");
    if did {
        if !pay_soul_core_from(this_card()) { return; }
        draw(1);
    }
"#;

/// BSS03-064 / ST03-013 (compiled): "you may pay a soul core to …" (from anywhere payable).
const PAY_ANY_SOUL_DRAW: &str = r#"
    let did = false;
    did = may("Pay cores?");
    if did {
        if !pay_soul_core() { return; }
        draw(1);
    }
"#;

/// Plays `c` paying nothing (cost 0) and placing the soul core on it.
fn play_placing_soul(g: &mut Game, c: InstanceId) {
    must(g, Choice::Summon { card: c });
    loop {
        let r = decision(g);
        let ch = match r.kind {
            DecisionKind::PlaceCore => {
                let soul = Choice::PlaceFrom {
                    from: CoreSource::Reserve,
                    soul: true,
                };
                if r.is_legal(&soul) {
                    soul
                } else {
                    Choice::DonePlacing
                }
            }
            _ => return,
        };
        g.answer(ch).expect("listed");
    }
}

#[test]
fn st01_007_paying_the_soul_core_moves_it_to_the_trash_then_draws_and_depletes_bs_5_3() {
    let mut g = strict(scenario(
        vec![scripted_spirit(
            "S-SOUL",
            0,
            1000,
            vec![effect("When Summoned", PAY_SOUL_DRAW)],
        )],
        5,
    ));
    let c = put(&mut g, P0, "S-SOUL", Zone::Hand(P0), 0);
    play_placing_soul(&mut g, c);
    assert!(
        soul_at(&g, CoreLoc::Card(c)),
        "the soul core is on the spirit"
    );
    let h = hand(&g, P0);
    must(&mut g, Choice::Yes);
    assert!(soul_at(&g, CoreLoc::Trash(P0)));
    assert_eq!(hand(&g, P0), h + 1, "drew one");
    // Its only core paid, the spirit is depleted at once (BS-5.3).
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
}

#[test]
fn st01_007_the_soul_core_in_the_reserve_is_not_this_spirits_no_draw() {
    let mut g = strict(scenario(
        vec![scripted_spirit(
            "S-SOUL",
            0,
            1000,
            vec![effect("When Summoned", PAY_SOUL_DRAW)],
        )],
        5,
    ));
    assert!(
        g.soul_at(CoreLoc::Reserve(P0)),
        "BS-0.2: it starts in the reserve"
    );
    let c = put(&mut g, P0, "S-SOUL", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c); // places an ordinary core
    let h = hand(&g, P0);
    must(&mut g, Choice::Yes);
    assert!(soul_at(&g, CoreLoc::Reserve(P0)), "not paid");
    assert_eq!(hand(&g, P0), h, "no draw");
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::EffectInert { card, reason, .. } if *card == c && reason.contains("soul core")
    )));
}

#[test]
fn bss03_064_a_soul_core_in_the_reserve_can_be_paid_but_not_one_in_life() {
    let mut g = strict(scenario(
        vec![scripted_spirit(
            "S-ANY",
            0,
            1000,
            vec![effect("When Summoned", PAY_ANY_SOUL_DRAW)],
        )],
        5,
    ));
    let c = put(&mut g, P0, "S-ANY", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let h = hand(&g, P0);
    must(&mut g, Choice::Yes);
    assert!(soul_at(&g, CoreLoc::Trash(P0)), "paid from the reserve");
    assert_eq!(hand(&g, P0), h + 1);

    // In the life area it cannot be paid (BS-5.2 step 5: reserve or field only).
    let mut g = strict(scenario(
        vec![scripted_spirit(
            "S-ANY",
            0,
            1000,
            vec![effect("When Summoned", PAY_ANY_SOUL_DRAW)],
        )],
        5,
    ));
    put_soul_core(&mut g, P0, CoreLoc::Life(P0));
    let c = put(&mut g, P0, "S-ANY", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let h = hand(&g, P0);
    must(&mut g, Choice::Yes);
    assert!(soul_at(&g, CoreLoc::Life(P0)));
    assert_eq!(hand(&g, P0), h);
}

/// BSS01-031 (compiled): "draw a card if you spend a soul core as part of its summoning cost".
const SPENT_DRAW: &str = r#"
    let ok = false;
    ok = soul_core_spent();
    if ok {
        draw(1);
    }
"#;

fn costly(id: &str, script: &str) -> carddb::CardDef {
    scripted_spirit(id, 2, 1000, vec![effect("When Summoned", script)])
}

/// Summons `c` paying with the soul core first (`soul`) or with ordinary cores only.
fn summon_paying(g: &mut Game, c: InstanceId, soul: bool) {
    must(g, Choice::Summon { card: c });
    loop {
        let r = decision(g);
        let ch = match r.kind {
            DecisionKind::PayFrom => {
                let want = Choice::PayFrom {
                    from: CoreSource::Reserve,
                    soul,
                };
                if r.is_legal(&want) {
                    want
                } else {
                    Choice::PayFrom {
                        from: CoreSource::Reserve,
                        soul: !soul,
                    }
                }
            }
            DecisionKind::PlaceCore => {
                let plain = Choice::PlaceFrom {
                    from: CoreSource::Reserve,
                    soul: false,
                };
                if r.is_legal(&Choice::DonePlacing) {
                    Choice::DonePlacing
                } else if r.is_legal(&plain) {
                    plain
                } else {
                    r.options[0].choice.clone()
                }
            }
            _ => return,
        };
        g.answer(ch).expect("listed");
    }
}

#[test]
fn bss01_031_soul_core_spent_in_the_summoning_cost_draws_bs_5_2() {
    let mut g = strict(scenario(vec![costly("S-SPENT", SPENT_DRAW)], 6));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-SPENT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    summon_paying(&mut g, c, true);
    assert!(soul_at(&g, CoreLoc::Trash(P0)), "the soul core paid");
    assert_eq!(hand(&g, P0), h - 1 + 1);
}

#[test]
fn bss01_031_no_soul_core_spent_no_draw() {
    let mut g = strict(scenario(vec![costly("S-SPENT", SPENT_DRAW)], 6));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-SPENT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    summon_paying(&mut g, c, false);
    assert!(g.on_field(c));
    assert!(!soul_at(&g, CoreLoc::Trash(P0)), "ordinary cores paid");
    assert_eq!(hand(&g, P0), h - 1);
}

#[test]
fn cb01_071_a_soul_core_removed_from_a_spirit_goes_to_its_owners_reserve() {
    // CB01-071 (compiled, first part).
    let s = r#"let t = []; t = choose_targets(opponent_spirits(), 1); move_soul_core(t, "owners_reserve");"#;
    let mut g = strict(scenario(vec![when_summoned("S-SOULRM", s)], 8));
    // P1's soul core onto one of P1's spirits.
    let v = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    put_soul_core(&mut g, P1, CoreLoc::Card(v));
    summon_with(&mut g, "S-SOULRM");
    must(&mut g, Choice::Target { card: v });
    assert!(
        g.soul_at(CoreLoc::Reserve(P1)),
        "back in P1's reserve (BS-0.2)"
    );
    assert_eq!(g.cores_at(CoreLoc::Card(v)), 1, "its ordinary core stays");
}

#[test]
fn bs_0_2_a_soul_core_never_goes_to_the_other_players_places() {
    let s = r#"let t = choose_targets(opponent_spirits(), 1); if !move_soul_core(t, "reserve") { draw(1); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-SOULX", s)], 9));
    let v = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    put_soul_core(&mut g, P1, CoreLoc::Card(v));
    let c = ready(&mut g, "S-SOULX");
    let h = hand(&g, P0);
    play(&mut g, c);
    must(&mut g, Choice::Target { card: v });
    assert!(g.soul_at(CoreLoc::Card(v)), "stays on P1's spirit");
    assert_eq!(hand(&g, P0), h - 1 + 1, "move_soul_core returned false");
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
fn bss02_035_summoned_from_the_hand_or_not() {
    // BSS02-035 (compiled): "if you summon this spirit from your hand, discard the top card".
    let s = r#"let t = []; let ok = false; ok = summoned_from("hand"); if ok { mill(1); t = discarded(); }"#;
    let mut g = strict(scenario(
        vec![
            when_summoned("S-FROM", s),
            when_summoned(
                "S-RAISE",
                r#"summon(my_trash().named("Card S-FROM"), true, false);"#,
            ),
        ],
        14,
    ));
    let trash = g.pile(Zone::Trash(P0)).len();
    let c = summon_with(&mut g, "S-FROM");
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash + 1,
        "from the hand: milled one"
    );
    // Now from the trash: put it there and summon it by S-RAISE's effect.
    let _ = c;
    let c2 = put(&mut g, P0, "S-FROM", Zone::Trash(P0), 0);
    let trash = g.pile(Zone::Trash(P0)).len();
    give_reserve(&mut g, P0, 1);
    summon_with(&mut g, "S-RAISE");
    assert!(g.on_field(c2));
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash - 1,
        "from the trash: no mill"
    );
}

#[test]
fn bss01_001_ruling_a_soul_core_in_the_trash_can_be_placed_into_the_void() {
    // Rulings on BSS01-001: the effect controller's soul core may go to the void even from
    // the trash, and from the void it never comes back (BS-0.3).
    let s = r#"if move_soul_core("trash", "void") { gain_life(1); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-VOID", s)], 15));
    put_soul_core(&mut g, P0, CoreLoc::Trash(P0));
    let life = g.life(P0);
    summon_with(&mut g, "S-VOID");
    assert_eq!(g.life(P0), life + 1, "moved: the effect continued");
    for l in [
        CoreLoc::Trash(P0),
        CoreLoc::Reserve(P0),
        CoreLoc::Life(P0),
        CoreLoc::Count(P0),
    ] {
        assert!(!g.soul_at(l), "the soul core left the game: {l:?}");
    }
    assert!(
        g.check_invariants().is_ok(),
        "conservation holds with a core in the void"
    );
}
