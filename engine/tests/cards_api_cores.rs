//! The soul core in effects (kind 2 "no stubs"): paid as a cost, spent in a
//! summoning cost, moved by an effect (BS-0.2, BS-0.3, BS-5.2, BS-5.3). Each test runs the
//! script the grammar compiles for the named real card on synthetic cards.

mod support;

use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, play, put, put_soul_core, scenario, scripted_spirit,
    strict,
};
use engine::rules::battle_spirits::{CoreLoc, CoreSource, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::cards::*;

/// ST01-007 (compiled): "you may pay this spirit's soul core to draw a card".
const PAY_SOUL_DRAW: &str = r#"
    let did = false;
    did = may("Pay cores?");
    if did {
        if pay_soul_core_from(this_card()) < 1 { return; }
        draw(1);
    }
"#;

/// BSS03-064 / ST03-013 (compiled): "you may pay a soul core to …" (from anywhere payable).
const PAY_ANY_SOUL_DRAW: &str = r#"
    let did = false;
    did = may("Pay cores?");
    if did {
        if pay_soul_core() < 1 { return; }
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
    pay_all(g, soul);
}

/// Answers the payment (the soul core first when `soul`, else ordinary cores from the
/// reserve) and the placement (the minimum, ordinary cores) of a card being played.
fn pay_all(g: &mut Game, soul: bool) {
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
fn bss01_130_a_magic_paid_with_the_soul_core_knows_it_bs_5_5() {
    // BSS01-130 / BSS03-121 (compiled shape): "if you spend a soul core as part of this
    // card's cost, …" on a magic's [Main] effect.
    let m = engine::rules::battle_spirits::testkit::scripted_magic(
        "M-SPENT",
        2,
        vec![effect("main", SPENT_DRAW)],
    );
    for soul in [true, false] {
        let mut g = strict(scenario(vec![m.clone()], 17));
        give_reserve(&mut g, P0, 2);
        let c = put(&mut g, P0, "M-SPENT", Zone::Hand(P0), 0);
        let h = hand(&g, P0);
        must(&mut g, Choice::UseMagic { card: c });
        pay_all(&mut g, soul);
        assert_eq!(g.zone_of(c), Zone::Trash(P0));
        let drew = usize::from(soul);
        assert_eq!(hand(&g, P0), h - 1 + drew, "soul core paid: {soul}");
    }
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
    let s = r#"let t = choose_targets(opponent_spirits(), 1); if move_soul_core(t, "reserve") < 1 { draw(1); }"#;
    let mut g = strict(scenario(vec![when_summoned("S-SOULX", s)], 9));
    let v = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    put_soul_core(&mut g, P1, CoreLoc::Card(v));
    let c = ready(&mut g, "S-SOULX");
    let h = hand(&g, P0);
    play(&mut g, c);
    must(&mut g, Choice::Target { card: v });
    assert!(g.soul_at(CoreLoc::Card(v)), "stays on P1's spirit");
    assert_eq!(hand(&g, P0), h - 1 + 1, "move_soul_core returned 0");
}

#[test]
fn bss01_001_ruling_a_soul_core_in_the_trash_can_be_placed_into_the_void() {
    // Rulings on BSS01-001: the effect controller's soul core may go to the void even from
    // the trash, and from the void it never comes back (BS-0.3).
    let s = r#"if move_soul_core("trash", "void") >= 1 { gain_life(1); }"#;
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
