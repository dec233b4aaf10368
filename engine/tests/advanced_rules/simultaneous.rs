//! BS-8.4: effects due at once, ordered by the turn player; effects triggered while resolving come
//! first.

use super::*;

#[test]
fn bs_8_4_the_turn_player_orders_effects_due_at_once() {
    let a = scripted_spirit(
        "S-LA",
        0,
        1000,
        vec![effect("When You Lose Life", "draw(1);")],
    );
    let b = scripted_spirit(
        "S-LB",
        0,
        1000,
        vec![effect("When You Lose Life", "gain_life(1);")],
    );
    let mut g = strict(scenario(vec![a, b], 40));
    to_p1_main(&mut g);
    let x = put(&mut g, P0, "S-LA", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "S-LB", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    let life = g.life(P0);
    unblocked_attack(&mut g, attacker);
    // Both effects are P0's, but P1 (the turn player) chooses the order.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert_eq!(r.player, P1);
    assert_eq!(r.options.len(), 2, "{:?}", r.options);
    assert!(r.options[0].label.contains("S-LA") && r.options[1].label.contains("S-LB"));
    must(&mut g, Choice::OneOf { index: 1 });
    assert!(
        started_at(&g, y) < started_at(&g, x),
        "the chosen one first"
    );
    assert!(g.log().contains(&Event::OrderChosen {
        card: y,
        effect: 0,
        chooser: Some(P1)
    }));
    assert_eq!(g.life(P0), life - 1 + 1, "lost 1 to the attack, gained 1");
}

#[test]
fn bs_8_4_effects_triggered_while_resolving_come_before_the_rest_of_the_order() {
    let a = scripted_spirit(
        "S-TA",
        0,
        1000,
        vec![effect(
            "When You Lose Life",
            r#"destroy(my_spirits().named("Card S-TC"));"#,
        )],
    );
    let b = scripted_spirit(
        "S-TB",
        0,
        1000,
        vec![effect("When You Lose Life", "gain_life(1);")],
    );
    let c = scripted_spirit("S-TC", 0, 1000, vec![effect("When Destroyed", "draw(1);")]);
    let mut g = strict(scenario(vec![a, b, c], 41));
    to_p1_main(&mut g);
    let xa = put(&mut g, P0, "S-TA", Zone::Field(P0), 1);
    let xb = put(&mut g, P0, "S-TB", Zone::Field(P0), 1);
    let xc = put(&mut g, P0, "S-TC", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::OneOf { index: 0 }); // S-TA first
    assert_eq!(g.zone_of(xc), Zone::Trash(P0));
    let (ta, tc, tb) = (started_at(&g, xa), started_at(&g, xc), started_at(&g, xb));
    assert!(
        ta < tc && tc < tb,
        "A, then the effect A triggered (C), then B: {ta} {tc} {tb}"
    );
}
