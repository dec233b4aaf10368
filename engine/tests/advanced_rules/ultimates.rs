//! BS-12: an ultimate's summon condition, its level 3, effects that do not touch it, its symbol,
//! Ultimate Trigger.

use super::*;

#[test]
fn bs_12_1_the_summon_condition_holds_for_every_way_of_summoning() {
    let u = ultimate("U-C1", 4);
    let mut g = strict(scenario(vec![u], 51));
    give_reserve(&mut g, P0, 8);
    let c = put(&mut g, P0, "U-C1", Zone::Hand(P0), 0);
    // No red spirit on P0's field: not offered.
    put(&mut g, P0, "B-01", Zone::Field(P0), 1);
    assert!(!decision(&mut g).is_legal(&Choice::Summon { card: c }));
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    assert!(decision(&mut g).is_legal(&Choice::Summon { card: c }));
}

#[test]
fn bs_12_1_a_burst_summon_needs_the_condition_but_the_burst_is_still_used() {
    let mut u = ultimate("U-BS", 6);
    let mut b = effect(
        "After Your Life Is Reduced",
        "draw(1); summon(this_card(), true, false);",
    );
    b.steps = vec![carddb::Step::Burst];
    u.effects = vec![b];
    for red_spirit in [false, true] {
        let mut g = strict(scenario(vec![u.clone()], 52));
        let c = put(&mut g, P0, "U-BS", Zone::Hand(P0), 0);
        must(&mut g, Choice::SetBurst { card: c });
        if red_spirit {
            put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        }
        to_p1_main(&mut g);
        give_reserve(&mut g, P0, 2);
        let attacker = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
        put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        let h = hand(&g, P0);
        unblocked_attack(&mut g, attacker);
        must(&mut g, Choice::Yes);
        assert_eq!(hand(&g, P0), h + 1, "the burst effect was used");
        let want = if red_spirit {
            Zone::Field(P0)
        } else {
            Zone::Trash(P0)
        };
        assert_eq!(g.zone_of(c), want, "red spirit on the field: {red_spirit}");
    }
}

#[test]
fn bs_12_2_an_ultimate_is_summoned_at_level_3() {
    let u = ultimate("U-L3", 3);
    let mut g = strict(scenario(vec![u], 53));
    give_reserve(&mut g, P0, 6);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "U-L3", Zone::Hand(P0), 0);
    must(&mut g, Choice::Summon { card: c });
    for _ in 0..3 {
        let r = decision(&mut g);
        if r.kind == DecisionKind::PayFrom {
            must(&mut g, r.options[0].choice.clone());
        }
    }
    // Placing: "done" is offered only from the level-3 row's 2 cores.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::PlaceCore);
    assert!(!r.is_legal(&Choice::DonePlacing));
    must(
        &mut g,
        Choice::PlaceFrom {
            from: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    assert!(!decision(&mut g).is_legal(&Choice::DonePlacing));
    must(
        &mut g,
        Choice::PlaceFrom {
            from: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::DonePlacing);
    assert_eq!((g.level(c), g.bp(c)), (Some(3), 6000));
}

#[test]
fn bs_12_3_effects_that_affect_spirits_do_not_affect_ultimates() {
    let u = ultimate("U-S3", 5);
    let wipe = scripted_magic(
        "M-WIP",
        0,
        vec![effect("main", "destroy(opponent_spirits());")],
    );
    let ult_wipe = scripted_magic(
        "M-WIU",
        0,
        vec![effect("main", "destroy(opponent_ultimates());")],
    );
    let mut g = strict(scenario(vec![u, wipe, ult_wipe], 54));
    let s = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    let x = put(&mut g, P1, "U-S3", Zone::Field(P1), 2);
    let m = put(&mut g, P0, "M-WIP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(s), Zone::Trash(P1));
    assert_eq!(g.zone_of(x), Zone::Field(P1), "an effect on spirits");
    let m = put(&mut g, P0, "M-WIU", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(x), Zone::Trash(P1), "an effect naming ultimates");
}

#[test]
fn bs_12_4_the_ultimate_symbol_reduces_only_ultimate_reduction() {
    let u = ultimate("U-SY", 5);
    let mut red = card(
        "S-RR",
        CardKind::Spirit,
        4,
        Colour::Red,
        2,
        1,
        &[(1, 1, 2000)],
    );
    red.reduction.insert(Colour::Red, 2);
    let mut ur = red.clone();
    ur.id = "S-UR".into();
    ur.name = "Card S-UR".into();
    ur.ultimate_reduction = 2;
    ur.reduction.clear();
    let mut g = strict(scenario(vec![u, red.clone(), ur.clone()], 55));
    put(&mut g, P0, "U-SY", Zone::Field(P0), 2);
    // One ultimate symbol on the field, no red symbol: red reduction saves nothing.
    assert_eq!(g.quote(P0, &red).to_pay, 4);
    // Ultimate reduction 2, one ultimate symbol: saves 1.
    assert_eq!(g.quote(P0, &ur).to_pay, 3);
}

#[test]
fn bs_12_5_ultimate_trigger_hits_only_against_a_lower_cost() {
    let mut u = ultimate("U-UT", 6);
    u.effects = vec![effect(
        "When This Spirit Attacks",
        // BS-12.5: not a deck-discard effect: `discarded()` stays empty.
        "if count(discarded()) == 0 { draw(1); } if ultimate_trigger() { if count(discarded()) == 0 { draw(1); } gain_life(1); }",
    )];
    // The opponent's deck top: cost 6 (equal: a guard), cost 4 (lower: a hit).
    for (top, hit) in [("R-06", false), ("R-04", true)] {
        let mut g = strict(scenario(vec![u.clone()], 56));
        to_p1_main(&mut g);
        let x = put(&mut g, P1, "U-UT", Zone::Field(P1), 2);
        put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        put(&mut g, P0, top, Zone::Trash(P0), 0);
        let revealed = put(&mut g, P0, top, Zone::Deck(P0), 0); // that copy, onto the top
        let cost = g.def_of(revealed).cost;
        assert_eq!(cost, if hit { 4 } else { 6 });
        let (life, trash, h) = (g.life(P1), g.pile(Zone::Trash(P0)).len(), hand(&g, P1));
        must(&mut g, Choice::EndMain);
        must(&mut g, Choice::Attack { attacker: x });
        assert!(g.log().contains(&Event::UltimateTrigger {
            card: x,
            revealed,
            hit
        }));
        assert_eq!(g.zone_of(revealed), Zone::Trash(P0), "cost {cost}");
        assert_eq!(g.pile(Zone::Trash(P0)).len(), trash + 1);
        assert_eq!(
            g.life(P1),
            life + u32::from(hit),
            "the rest works only on a hit"
        );
        assert_eq!(
            hand(&g, P1),
            h + 1 + usize::from(hit),
            "nothing counted as discarded"
        );
    }
}
