//! BS-9.2 and BS-9.6: what a braved card is (BP, cores, symbols, colours, cost, effects by form)
//! and a host that stops meeting the condition.

use super::*;

#[test]
fn bs_9_2_bp_cores_symbols_colours_and_cost_of_the_braved_card() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    let r06 = g.library().def("R-06").clone();
    // cost 6, red reduction 3; field: R-03 (1 red symbol) → pay 5 before braving.
    let before = g.quote(P0, &r06).to_pay;
    brave_onto(&mut g, b, host);
    // BS-9.2: the brave's cores move onto the host (2 cores: still LV1 of R-03).
    assert_eq!(g.cores_on(b), 0);
    assert_eq!(g.cores_on(host), 2);
    assert_eq!(g.level(host), Some(1));
    // BP: R-03 LV1 3000 + "when braved BP +2000" = 5000.
    assert_eq!(g.bp(host), 5000);
    // Symbols: R-03's red + BR-B's blue, each counted once on the field.
    let fs = g.field_symbols(P0);
    assert_eq!(fs.colours.get(&Colour::Red), Some(&1));
    assert_eq!(fs.colours.get(&Colour::Blue), Some(&1));
    assert_eq!(g.symbols_of(host), 2);
    assert_eq!(
        g.quote(P0, &r06).to_pay,
        before,
        "a blue symbol reduces no red cost"
    );
    // Colours and cost for effects.
    assert_eq!(g.colours_of(host), vec![Colour::Red, Colour::Blue]);
    assert_eq!(g.cost_of(host), 5);
    // Effect queries: one spirit (the braved card), which has cost ≥ 5 and is blue.
    let life = g.life(P0);
    let q1 = put(&mut g, P0, "BR-Q1", Zone::Hand(P0), 0);
    crate::rules::battle_spirits::testkit::play(&mut g, q1);
    assert_eq!(
        g.life(P0),
        life + 1,
        "my_spirits() counts the braved card once"
    );
    let q2 = put(&mut g, P0, "BR-Q2", Zone::Hand(P0), 0);
    crate::rules::battle_spirits::testkit::play(&mut g, q2);
    assert_eq!(g.life(P0), life + 2, "cost 3 + 2 = 5 and blue (BS-9.2)");
    // The view shows which brave is on which host.
    let v = g.view(P0);
    let me = &v.players[0];
    assert_eq!(
        me.field.iter().find(|f| f.id == b).unwrap().braved_onto,
        Some(host)
    );
    assert_eq!(
        me.field.iter().find(|f| f.id == host).unwrap().braves,
        vec![b]
    );
    assert_eq!(me.field.iter().find(|f| f.id == host).unwrap().bp, 5000);
}

#[test]
fn bs_9_2_red_symbols_of_the_brave_reduce_costs_once() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let r06 = g.library().def("R-06").clone();
    assert_eq!(g.quote(P0, &r06).to_pay, 4); // 6 − min(3, 2 red symbols)
    brave_onto(&mut g, b, host);
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&2));
    assert_eq!(
        g.quote(P0, &r06).to_pay,
        4,
        "BS-9.2: symbols counted exactly once"
    );
    assert_eq!(g.bp(host), 3000 + 3000);
}

#[test]
fn bs_9_2_braved_effects_work_through_the_host_and_spirit_form_ones_do_not() {
    let mut g = game();
    to_turn3(&mut g);
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Attack { attacker: host }));
    assert!(!r.is_legal(&Choice::Attack { attacker: b }));
    let (life0, life1) = (g.life(P0), g.life(P1));
    must(&mut g, Choice::Attack { attacker: host });
    // The braved "when attacks" ran as the host's effect (this_card() = host): +1000.
    assert_eq!(g.bp(host), 3000 + 2000 + 1000);
    // The spirit-form "when attacks" (gain 1 life) did not run.
    assert_eq!(g.life(P0), life0);
    crate::rules::battle_spirits::testkit::pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    // BS-6.5.1 with BS-9.2: the braved card's symbols (1 + 1) in life.
    assert_eq!(g.life(P1), life1 - 2);
}

#[test]
fn bs_9_6_a_host_that_stops_meeting_the_condition_keeps_its_brave() {
    let mut g = game();
    // BR-C needs a blue host; R-03 is blue this turn only.
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "BR-C", Zone::Field(P0), 1);
    assert!(!legal(&mut g, &Choice::Brave { brave: c, host }));
    g.add_modifier_by(host, ModKind::Colour(Colour::Blue), Until::Turn, None);
    g.cached = None;
    brave_onto(&mut g, c, host);
    to_turn3(&mut g);
    assert!(!g.meets_brave_condition(c, host), "no longer blue");
    assert_eq!(g.host_of(c), Some(host), "BS-9.6: not forced off");
    assert_eq!(g.bp(host), 3000 + 1000);
}

#[test]
fn bs_9_2_main_effects_by_form() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    // Spirit form: only its spirit-form [Main] effect (1).
    assert!(!legal(&mut g, &Choice::UseEffect { card: m, effect: 0 }));
    assert!(legal(&mut g, &Choice::UseEffect { card: m, effect: 1 }));
    brave_onto(&mut g, m, host);
    // Braved: only its braved [Main] effect (0), as the braved card's.
    assert!(legal(&mut g, &Choice::UseEffect { card: m, effect: 0 }));
    assert!(!legal(&mut g, &Choice::UseEffect { card: m, effect: 1 }));
    let life = g.life(P0);
    must(&mut g, Choice::UseEffect { card: m, effect: 0 });
    assert_eq!(g.life(P0), life + 1);
}
