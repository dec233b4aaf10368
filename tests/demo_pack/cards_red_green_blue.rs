//! The red, green and blue demo cards: printed costs and level tables, and the blue cards' effects
//! played.

use super::*;

// their printed costs and level tables stay checked here.

#[test]
fn demo_red_costs_and_levels() {
    assert_cost("DEMO-R02", "DEMO-R09", 1, (2, 1, 1));
    assert_levels("DEMO-R02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-R04", "DEMO-R09", 2, (3, 2, 1));
    assert_levels("DEMO-R04", &[(1, 1, 3000), (3, 2, 5000)]);
    assert_cost("DEMO-R07", "DEMO-R09", 3, (5, 3, 2));
    assert_levels("DEMO-R07", &[(1, 1, 5000), (3, 2, 7000), (5, 3, 10000)]);
    assert_cost("DEMO-R11", "DEMO-R09", 1, (3, 1, 2));
    assert_levels("DEMO-R11", &[(0, 1, 0), (2, 2, 0)]);
    assert_cost("DEMO-R12", "DEMO-R09", 0, (3, 0, 3));
}

// ---- green ------------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/green.yaml`.

#[test]
fn demo_green_costs_and_levels() {
    assert_levels("DEMO-G03", &[(1, 1, 2000), (2, 2, 3000), (4, 3, 4000)]);
    assert_cost("DEMO-G05", "DEMO-G01", 2, (3, 2, 1));
    assert_levels("DEMO-G05", &[(1, 1, 2000), (2, 2, 4000), (4, 3, 6000)]);
    assert_levels("DEMO-G11", &[(0, 1, 0), (3, 2, 0)]);
    assert_cost("DEMO-G12", "DEMO-G01", 1, (2, 1, 1));
}

// ---- blue -------------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/blue.yaml`; Riptide Reversal's burst:
// `tests/scenarios/bs-10-burst.yaml`.

#[test]
fn demo_blue_costs_and_levels() {
    assert_cost("DEMO-B02", "DEMO-B01", 1, (2, 1, 1));
    assert_levels("DEMO-B02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-B03", "DEMO-B01", 2, (3, 2, 1));
    assert_levels("DEMO-B03", &[(1, 1, 2000), (2, 2, 4000), (4, 3, 6000)]);
    assert_cost("DEMO-B06", "DEMO-B01", 2, (3, 2, 1));
    assert_cost("DEMO-B08", "DEMO-B01", 1, (3, 1, 2));
    assert_levels("DEMO-B08", &[(0, 1, 0), (2, 2, 0)]);
}

#[test]
fn demo_b04_anchorplate_brave_data_and_spirit_form() {
    // BS-9.1 / BS-9.2: the brave's condition and bonus as the card file gives them.
    let d = def("DEMO-B04");
    assert_eq!(d.kind, CardKind::Brave);
    let b = d.brave.as_ref().expect("a brave part");
    assert_eq!(b.bp_bonus, 3000);
    assert_eq!(b.condition.min_cost, Some(2));
    assert_eq!(b.condition.colours, vec![Colour::Blue, Colour::Yellow]);
    assert!(!d.effects[0].braved && d.effects[1].braved);
    // The braved effect compiles to the intended rhai (BS-9.2: it works only braved).
    assert!(rhai_of("DEMO-B04", 1).contains("opponent_mill(3)"));
    // Spirit form (BS-5.1.1): summoned on its own, it draws 1.
    let mut g = game(&["DEMO-B04", "DEMO-B01"]);
    let c = ready(&mut g, "DEMO-B04", "DEMO-B01", 2);
    let before = hand(&g, P0);
    let paid = play_first(&mut g, c);
    assert_eq!(paid, (3, 2, 1)); // BS-5.2
    assert_eq!(g.zone_of(c), Zone::Field(P0));
    assert_eq!(hand(&g, P0), before - 1 + 1);
    assert_levels("DEMO-B04", &[(1, 1, 3000), (3, 2, 5000)]);
}

#[test]
fn demo_b04_anchorplate_brave_braved_onto_harbor_sentry() {
    let mut g = game(&["DEMO-B04", "DEMO-B02", "DEMO-B01", "DEMO-R04"]);
    to_p1_main(&mut g);
    let host = put(&mut g, P1, "DEMO-B02", Zone::Field(P1), 1); // blue, cost 2
    let low = put(&mut g, P1, "DEMO-B01", Zone::Field(P1), 1); // blue, cost 1
    let red = put(&mut g, P1, "DEMO-R04", Zone::Field(P1), 1); // red, cost 3
    let b = put(&mut g, P1, "DEMO-B04", Zone::Field(P1), 1);
    // BS-9.1: "a blue or yellow spirit of cost 2 or more".
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Brave { brave: b, host }));
    assert!(
        !r.is_legal(&Choice::Brave {
            brave: b,
            host: low
        }),
        "cost 1"
    );
    assert!(
        !r.is_legal(&Choice::Brave {
            brave: b,
            host: red
        }),
        "red"
    );
    let reserve = g.reserve(P1);
    must(&mut g, Choice::Brave { brave: b, host });
    assert_eq!(g.reserve(P1), reserve, "BS-9.1: braving pays nothing");
    // BS-9.2: cores 1 + 1 = 2 (Harbor Sentry LV1, 2000) + 3000; 2 symbols.
    assert_eq!((g.host_of(b), g.cores_on(host)), (Some(host), 2));
    assert_eq!((g.bp(host), g.symbols_of(host)), (2000 + 3000, 2));
    must(&mut g, Choice::EndMain);
    assert!(!decision(&mut g).is_legal(&Choice::Attack { attacker: b }));
    let mark = g.log().len();
    let life = g.life(P0);
    must(&mut g, Choice::Attack { attacker: host });
    // The braved effect works through the host: 3 cards of P0's deck to the trash.
    assert_eq!(milled(&g, P0, mark).len(), 3);
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(
        g.life(P0),
        life - 2,
        "BS-6.5.1: the braved card's 2 symbols"
    );
}

#[test]
fn demo_b04_anchorplate_brave_spirit_form_attack_discards_nothing() {
    // BS-9.2: a braved effect works only while braved.
    let mut g = game(&["DEMO-B04"]);
    to_p1_main(&mut g);
    let b = put(&mut g, P1, "DEMO-B04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let mark = g.log().len();
    must(&mut g, Choice::Attack { attacker: b });
    assert!(milled(&g, P0, mark).is_empty());
}

#[test]
fn demo_b04_anchorplate_brave_summoned_onto_a_host() {
    // BS-5.1.1: from hand straight onto a host: pay 3 − min(2, 1 blue symbol) = 2, no core
    // placed, and its "when summoned" (draw 1) still works.
    let mut g = game(&["DEMO-B04", "DEMO-B02"]);
    let host = put(&mut g, P0, "DEMO-B02", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "DEMO-B04", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 5);
    let (h, r) = (hand(&g, P0), g.reserve(P0));
    must(&mut g, Choice::SummonOnto { card: b, host });
    while decision(&mut g).kind == DecisionKind::PayFrom {
        let c = decision(&mut g).options[0].choice.clone();
        must(&mut g, c);
    }
    assert_eq!(g.reserve(P0), r - 2);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.bp(host), 2000 + 3000);
    assert_eq!(hand(&g, P0), h - 1 + 1);
}

#[test]
fn demo_b05_keelbreaker_leviathan_draws_for_discarded_magic() {
    assert_cost("DEMO-B05", "DEMO-B01", 3, (5, 3, 2));
    assert_levels("DEMO-B05", &[(1, 1, 5000), (3, 2, 7000), (5, 3, 10000)]);
    // Script effects/DEMO-B05.rhai: mill 3, draw 1 per magic among them, at most 2.
    let mut drew_some = false;
    for seed in 1..=12 {
        let mut g = game_with(&["DEMO-B05"], &[], seed);
        g.set_strict_scripts(true);
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 3); // LV2
        must(&mut g, Choice::EndMain);
        let h = hand(&g, P1);
        let mark = g.log().len();
        must(&mut g, Choice::Attack { attacker: a });
        let gone = milled(&g, P0, mark);
        assert_eq!(gone.len(), 3, "seed {seed}");
        let magic = gone
            .iter()
            .filter(|c| g.def_of(**c).kind == CardKind::Magic)
            .count();
        assert_eq!(hand(&g, P1), h + magic.min(2), "seed {seed}");
        drew_some |= magic > 0;
    }
    assert!(drew_some, "some seed discards a magic card");
}

#[test]
fn demo_b05_keelbreaker_leviathan_does_nothing_at_level_1() {
    let mut g = game(&["DEMO-B05"]);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let mark = g.log().len();
    must(&mut g, Choice::Attack { attacker: a });
    assert!(milled(&g, P0, mark).is_empty(), "[LV2][LV3] only");
}

#[test]
fn demo_b07_riptide_reversal_main_and_burst_text() {
    assert!(def("DEMO-B07").has_burst()); // BS-10.6: it may be set
    assert_eq!(def("DEMO-B07").effects[0].steps, vec![CardStep::Burst]);
    // The burst text compiles with its follow-up (BS-10.4).
    let burst = rhai_of("DEMO-B07", 0);
    assert!(burst.contains("return_to_hand") && burst.contains("pay_cost_to_activate"));
    // From the hand only the [Main] effect is used (BS-5.5): draw 2.
    let mut g = game(&["DEMO-B07", "DEMO-B01"]);
    let c = ready(&mut g, "DEMO-B07", "DEMO-B01", 2);
    let before = hand(&g, P0);
    let paid = play_first(&mut g, c);
    assert_eq!(paid, (4, 2, 2));
    assert_eq!(hand(&g, P0), before - 1 + 2);
}
