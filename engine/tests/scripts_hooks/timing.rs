//! Turn, step and constant hooks (BS-7, BS-8, BS-12.3): end of turn, during a step, constant
//! effects, levels, once per turn, optional effects, ultimates untouched.

use super::*;

#[test]
fn bs_7_1_end_of_opponent_turn_and_step_hooks() {
    let card = scripted_spirit(
        "S-END",
        0,
        1000,
        vec![
            effect("End of Opponent's Turn", "draw(1);"),
            effect("start_of_your_main_step", "gain_life(1);"),
        ],
    );
    let mut g = strict(scenario(vec![card], 8));
    let c = put(&mut g, P0, "S-END", Zone::Field(P0), 1);
    let h = hand(&g, P0);
    to_p1_main(&mut g);
    assert_eq!(hand(&g, P0), h, "not at the end of its own turn");
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    if decision(&mut g).kind == DecisionKind::AttackOrEnd {
        must(&mut g, Choice::EndAttack);
    }
    assert_eq!(g.active(), P0);
    assert_eq!(
        hand(&g, P0),
        h + 2,
        "drew at P1's end of turn, then the draw step"
    );
    assert_eq!(g.life(P0), life + 1, "start of P0's main step");
    assert_eq!(started(&g, c), 2);
}

#[test]
fn bs_8_1_during_your_attack_step_is_constant_and_only_then() {
    let card = scripted_spirit(
        "S-DUR",
        0,
        1000,
        vec![effect(
            "During Your Attack Step",
            "bp_plus(my_spirits(), 1000, \"while\");",
        )],
    );
    let mut g = strict(scenario(vec![card], 9));
    to_p1_main(&mut g);
    let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
    assert_eq!(g.bp(c), 1000, "main step");
    must(&mut g, Choice::EndMain);
    assert_eq!(decision(&mut g).kind, DecisionKind::AttackOrEnd);
    assert_eq!(g.bp(c), 2000, "attack step");
    must(&mut g, Choice::EndAttack);
    assert_eq!(g.bp(c), 1000, "after it");
}

#[test]
fn bs_8_1_constant_cannot_block_removes_the_block_option() {
    let card = scripted_spirit(
        "S-NOB",
        0,
        1000,
        vec![effect("constant", "cannot_block(this_card(), \"while\");")],
    );
    let mut g = strict(scenario(vec![card], 11));
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "S-NOB", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    // No block possible: the attack went through.
    assert!(g.log().contains(&Event::NotBlocked { attacker: a }));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BlockDeclared { blocker, .. } if *blocker == b))
    );
}

#[test]
fn level_bound_effect_works_only_at_its_levels() {
    let mut e = effect("When This Spirit Attacks", "draw(1);");
    e.levels = vec![2];
    let card = scripted_spirit("S-LV2", 0, 1000, vec![e]);
    let mut g = strict(scenario(vec![card], 15));
    to_p1_main(&mut g);
    let lv1 = put(&mut g, P1, "S-LV2", Zone::Field(P1), 1);
    let lv2 = put(&mut g, P1, "S-LV2", Zone::Field(P1), 3);
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: lv1 });
    pass_flashes(&mut g);
    assert_eq!(hand(&g, P1), h, "LV1: not at its level");
    must(&mut g, Choice::Attack { attacker: lv2 });
    assert_eq!(hand(&g, P1), h + 1, "LV2");
}

#[test]
fn bs_8_3_once_per_turn_per_card_instance() {
    let card = scripted_spirit(
        "S-OPT",
        9,
        1000,
        vec![effect(
            "When You Lose Life",
            "if once_per_turn() { draw(1); }",
        )],
    );
    let mut g = strict(scenario(vec![card], 16));
    to_p1_main(&mut g);
    put(&mut g, P0, "S-OPT", Zone::Field(P0), 1);
    // P0's spirit is exhausted so it cannot block.
    let o = g.field(P0)[0];
    let a1 = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    let a2 = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-00", Zone::Field(P1), 1); // keeps the attack step open
    let h = hand(&g, P0);
    must(&mut g, Choice::EndMain);
    for a in [a1, a2] {
        must(&mut g, Choice::Attack { attacker: a });
        pass_flashes(&mut g);
        if decision(&mut g).kind == DecisionKind::BlockOrNot {
            must(&mut g, Choice::NoBlock);
        }
    }
    assert_eq!(hand(&g, P0), h + 1, "two life losses, one draw");
    assert_eq!(started(&g, o), 2);
}

#[test]
fn bs_8_1_optional_may_asks_and_no_means_nothing() {
    let card = scripted_spirit(
        "S-MAY",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "if may(\"Draw a card?\") { draw(1); }",
        )],
    );
    for (answer, drawn) in [(Choice::Yes, 1), (Choice::No, 0)] {
        let mut g = strict(scenario(vec![card.clone()], 17));
        let c = put(&mut g, P0, "S-MAY", Zone::Hand(P0), 0);
        give_reserve(&mut g, P0, 1);
        let h = hand(&g, P0);
        play(&mut g, c);
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::EffectChoice);
        assert_eq!(r.player, P0);
        must(&mut g, answer);
        assert_eq!(hand(&g, P0), h - 1 + drawn);
        assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    }
}

#[test]
fn bs_12_3_spirit_effects_do_not_touch_ultimates() {
    let mut ult = engine::rules::battle_spirits::testkit::card(
        "U-1",
        carddb::CardKind::Ultimate,
        3,
        carddb::Colour::Red,
        0,
        0,
        &[(3, 2, 8000)],
    );
    ult.symbols.ultimate = 1;
    let killer = scripted_spirit(
        "S-K2",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "destroy(opponent_spirits()); bp_minus(opponent_ultimates(), 1000, \"turn\");",
        )],
    );
    let mut g = strict(scenario(vec![ult, killer], 18));
    let u = put(&mut g, P1, "U-1", Zone::Field(P1), 2);
    let s = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    let k = put(&mut g, P0, "S-K2", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, k);
    assert_eq!(g.zone_of(s), Zone::Trash(P1));
    assert!(g.on_field(u), "an ultimate ignores an effect on spirits");
    assert_eq!(g.bp(u), 7000, "an effect naming ultimates affects it");
}

#[test]
fn bs_7_1_when_end_of_turn_sub_trigger() {
    let card = scripted_spirit(
        "S-SUB",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "let n = 2; when(ev_end_of_turn(), || { draw(n); });",
        )],
    );
    let mut g = strict(scenario(vec![card], 19));
    let c = put(&mut g, P0, "S-SUB", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let h = hand(&g, P0);
    must(&mut g, Choice::EndMain);
    assert_eq!(hand(&g, P0), h + 2);
    assert_eq!(g.active(), P1);
}

#[test]
fn bs_8_1_constant_treated_as_colour_is_seen_by_queries() {
    let card = scripted_spirit(
        "S-COL",
        0,
        1000,
        vec![effect(
            "constant",
            "treat_as_colour(this_card(), \"blue\", \"while\");",
        )],
    );
    let counter = scripted_magic(
        "M-CNT",
        0,
        vec![effect(
            "main",
            "draw(my_spirits().colour(\"blue\").count());",
        )],
    );
    let mut g = strict(scenario(vec![card, counter], 27));
    put(&mut g, P0, "S-COL", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-CNT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, m);
    assert_eq!(hand(&g, P0), h - 1 + 1, "the red spirit counts as blue");
}
