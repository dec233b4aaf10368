//! BS-13: tecoto cards, count cores, over count and heavy exhaustion.

use super::*;

#[test]
fn bs_13_1_tecoto_cards_are_used_like_hand_cards_and_are_not_the_hand() {
    let discard_all = scripted_magic("M-DIS", 0, vec![effect("main", "discard_hand();")]);
    let mut g = strict(scenario(vec![discard_all], 57));
    give_reserve(&mut g, P0, 4);
    let t = put(&mut g, P0, "R-03", Zone::Tecoto(P0), 0);
    let r = decision(&mut g);
    let label = r
        .options
        .iter()
        .find(|o| o.choice == Choice::Summon { card: t })
        .map(|o| o.label.clone())
        .expect("a tecoto spirit can be summoned");
    assert!(label.contains("from tecoto"), "{label}");
    let m = put(&mut g, P0, "M-DIS", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(hand(&g, P0), 0, "the hand is discarded");
    assert_eq!(g.zone_of(t), Zone::Tecoto(P0), "tecoto is untouched");
    let reserve = g.reserve(P0);
    play(&mut g, t);
    assert_eq!(g.zone_of(t), Zone::Field(P0));
    let cost = g.quote(P0, g.def_of(t)).cost;
    assert!(
        g.reserve(P0) < reserve,
        "paid its cost ({cost}) like a hand card"
    );
}

#[test]
fn bs_13_2_count_cores_come_from_the_void_and_pay_for_nothing() {
    let c = scripted_spirit(
        "S-CNT",
        0,
        1000,
        vec![effect("When Summoned", "count_plus(3); count_minus(1);")],
    );
    let mut g = strict(scenario(vec![c], 58));
    give_reserve(&mut g, P0, 1);
    let x = put(&mut g, P0, "S-CNT", Zone::Hand(P0), 0);
    let (reserve, avail) = (g.reserve(P0), g.available_cores(P0));
    play(&mut g, x);
    assert_eq!(g.cores_at(CoreLoc::Count(P0)), 2, "+3 then −1");
    assert_eq!(
        g.reserve(P0),
        reserve - 1,
        "only the placed core left the reserve"
    );
    assert_eq!(g.available_cores(P0), avail, "count cores cannot pay");
    // From and back to the void: conservation (strict mode checks every event).
    let from_void = g
        .log()
        .iter()
        .filter(|e| {
            matches!(e, Event::CoreMoved { from: None, to: Some(CoreLoc::Count(p)), .. } if *p == P0)
        })
        .count();
    assert_eq!(from_void, 3);
}

#[test]
fn bs_13_3_over_count_gives_its_bp_and_while_oc_effects_whatever_the_level() {
    let mut o = scripted_spirit(
        "S-OC",
        0,
        1000,
        vec![effect(
            "While OC",
            r#"bp_plus(this_card(), 1000, "while");"#,
        )],
    );
    o.effects[0].levels = vec![2];
    o.over_count = Some(OverCount {
        count: 2,
        bp_bonus: 3000,
        text: Default::default(),
    });
    let plus = scripted_magic("M-CP", 0, vec![effect("main", "count_plus(1);")]);
    let mut g = strict(scenario(vec![o, plus], 59));
    let x = put(&mut g, P0, "S-OC", Zone::Field(P0), 1);
    assert_eq!((g.level(x), g.bp(x)), (Some(1), 1000));
    let m = put(&mut g, P0, "M-CP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert!(!g.in_over_count(x));
    assert_eq!(g.bp(x), 1000, "count 1 < 2");
    let m = put(&mut g, P0, "M-CP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert!(g.in_over_count(x));
    assert_eq!(g.level(x), Some(1));
    assert_eq!(
        g.bp(x),
        1000 + 3000 + 1000,
        "OC bonus and the [While OC] effect at LV1"
    );
}

#[test]
fn bs_13_4_heavy_exhaustion_lasts_one_refresh_which_fires_when_refreshed() {
    let h = scripted_spirit(
        "S-HVY",
        0,
        1000,
        vec![effect("When Refreshed", "gain_life(1);")],
    );
    let m = scripted_magic(
        "M-HVY",
        0,
        vec![effect("main", "heavily_exhaust(opponent_spirits());")],
    );
    let mut g = strict(scenario(vec![h, m], 60));
    let x = put(&mut g, P1, "S-HVY", Zone::Field(P1), 1);
    let magic = put(&mut g, P0, "M-HVY", Zone::Hand(P0), 0);
    play(&mut g, magic);
    assert!(g.is_exhausted(x), "heavily exhausted counts as exhausted");
    assert!(g.log().contains(&Event::HeavilyExhausted { card: x }));
    let life = g.life(P1);
    to_p1_main(&mut g);
    // One refresh step: exhausted, not refreshed; "when refreshed" fired.
    assert!(g.is_exhausted(x));
    assert!(g.log().contains(&Event::Exhausted { card: x }));
    assert_eq!(g.life(P1), life + 1);
    // It cannot attack (nor block) while exhausted.
    must(&mut g, Choice::EndMain);
    assert!(
        g.current_request()
            .is_none_or(|r| !r.is_legal(&Choice::Attack { attacker: x }))
    );
    // The next refresh step refreshes it.
    while g.active() != P1 || g.turn() < 4 {
        let r = decision(&mut g);
        let c = if r.is_legal(&Choice::EndMain) {
            Choice::EndMain
        } else if r.is_legal(&Choice::EndAttack) {
            Choice::EndAttack
        } else {
            r.options.last().expect("an option").choice.clone()
        };
        must(&mut g, c);
    }
    assert!(!g.is_exhausted(x));
    assert_eq!(g.life(P1), life + 2);
}
