//! Hooks of the attack step (BS-6): attacks, blocks, flash effects, destruction, bursts, the end of
//! a battle.

use super::*;

#[test]
fn bs_6_1_when_attacks_sees_the_battle_and_bp_plus_lasts_the_turn() {
    let card = scripted_spirit(
        "S-ATK",
        0,
        1000,
        vec![effect(
            "When This Spirit Attacks",
            "if attacking_spirit().count() == 1 { bp_plus(this_card(), 3000, \"turn\"); }",
        )],
    );
    let mut g = strict(scenario(vec![card], 3));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-ATK", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    assert_eq!(g.bp(a), 4000);
    pass_flashes(&mut g);
    // After the battle (BS-6.7) a "turn" modifier still holds …
    assert_eq!(decision(&mut g).kind, DecisionKind::AttackOrEnd);
    assert_eq!(g.bp(a), 4000);
    // … and ends with the turn (BS-7.1).
    must(&mut g, Choice::EndAttack);
    assert_eq!(g.bp(a), 1000);
}

#[test]
fn bs_6_3_when_blocks_runs_for_the_blocker() {
    let card = scripted_spirit(
        "S-BLK",
        0,
        1000,
        vec![effect("When This Spirit Blocks", "draw(1);")],
    );
    let mut g = strict(scenario(vec![card], 4));
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "S-BLK", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let h = hand(&g, P0);
    must(&mut g, Choice::Block { blocker: b });
    assert_eq!(hand(&g, P0), h + 1);
    assert_eq!(started(&g, b), 1);
}

#[test]
fn bs_6_6_when_destroyed_resolves_while_the_card_is_still_on_the_field() {
    // Draws as many cards as P0 has field cards: 1 only if it is still on the field.
    let card = scripted_spirit(
        "S-DES",
        0,
        1000,
        vec![effect("When Destroyed", "draw(my_field().count());")],
    );
    let mut g = strict(scenario(vec![card], 5));
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "S-DES", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let h = hand(&g, P0);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(hand(&g, P0), h + 1, "the effect saw its card on the field");
    let run = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == b),
    );
    let destroyed = pos(&g, |e| *e == Event::Destroyed { card: b });
    let trash = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Trash(_), .. } if *card == b),
    );
    assert!(run < destroyed && destroyed < trash);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
}

#[test]
fn bs_6_6_when_destroyed_by_opponent_effect_and_destroy_uses_the_battle_path() {
    let victim = scripted_spirit(
        "S-VIC",
        0,
        1000,
        vec![
            effect("When Destroyed By Opponent", "gain_life(1);"),
            effect("when_opponent_destroys_your_spirit", "draw(1);"),
        ],
    );
    let killer = scripted_spirit(
        "S-KIL",
        0,
        1000,
        vec![effect("When Summoned", "destroy(opponent_spirits());")],
    );
    let mut g = strict(scenario(vec![victim, killer], 6));
    to_p1_main(&mut g);
    let v = put(&mut g, P0, "S-VIC", Zone::Field(P0), 3);
    let k = put(&mut g, P1, "S-KIL", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 2);
    let (life, h, reserve) = (g.life(P0), hand(&g, P0), g.reserve(P0));
    play(&mut g, k);
    // BS-8.4: two effects of the victim are due at once: the turn player (P1) orders them.
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player, r.options.len()),
        (DecisionKind::EffectChoice, P1, 2)
    );
    must(&mut g, Choice::OneOf { index: 1 });
    assert_eq!(g.zone_of(v), Zone::Trash(P0));
    assert_eq!(g.life(P0), life + 1);
    assert_eq!(hand(&g, P0), h + 1);
    assert_eq!(
        g.reserve(P0),
        reserve + 3,
        "its cores went to the reserve (BS-6.6)"
    );
}

#[test]
fn bs_6_1_while_attacking_applies_only_during_the_battle() {
    let card = scripted_spirit(
        "S-WHI",
        0,
        1000,
        vec![effect(
            "While This Spirit Attacks",
            "bp_plus(this_card(), 5000, \"while\");",
        )],
    );
    let mut g = strict(scenario(vec![card], 10));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-WHI", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    assert_eq!(g.bp(a), 1000);
    must(&mut g, Choice::Attack { attacker: a });
    assert_eq!(decision(&mut g).kind, DecisionKind::FlashOrPass);
    assert_eq!(g.bp(a), 6000);
    pass_flashes(&mut g);
    assert_eq!(g.bp(a), 1000);
}

#[test]
fn bs_6_2_flash_effect_of_a_field_spirit_is_offered_in_the_flash_timing() {
    let card = scripted_spirit(
        "S-FLS",
        0,
        1000,
        vec![effect("flash", "bp_plus(this_card(), 2000, \"battle\");")],
    );
    let mut g = strict(scenario(vec![card], 12));
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "S-FLS", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    let r = decision(&mut g);
    assert_eq!(r.player, P0);
    let use_it = Choice::UseEffect { card: b, effect: 0 };
    assert!(r.is_legal(&use_it));
    must(&mut g, use_it.clone());
    assert_eq!(g.bp(b), 3000);
    // Priority passed to P1 (BS-6.2); P0 cannot use it again this turn.
    let r = decision(&mut g);
    assert_eq!(r.player, P1);
    must(&mut g, Choice::Pass);
    assert!(!decision(&mut g).is_legal(&use_it));
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    // 3000 vs 2000: the attacker is destroyed; the battle modifier ended (BS-6.7).
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.bp(b), 1000);
}

#[test]
fn bs_6_6_when_destroyed_sub_trigger_sees_the_event_card() {
    let watcher = scripted_spirit(
        "S-WAT",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "when(ev_destroyed(my_spirits().other(), false, false), || { let t = event_cards(); if t.len() == 1 { gain_life(1); } });",
        )],
    );
    let killer = scripted_magic(
        "M-K3",
        0,
        vec![effect(
            "main",
            "destroy(my_spirits().named(\"Card R-01\"));",
        )],
    );
    let mut g = strict(scenario(vec![watcher, killer], 20));
    let w = put(&mut g, P0, "S-WAT", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    give_reserve(&mut g, P0, 1);
    play(&mut g, w);
    let k = put(&mut g, P0, "M-K3", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, k);
    assert_eq!(g.life(P0), life + 1);
}

#[test]
fn bs_6_5_1_burst_after_your_life_is_reduced_is_a_hook() {
    let burst = scripted_spirit(
        "S-BUR",
        0,
        1000,
        vec![effect("burst_life_reduced", "gain_life(1);")],
    );
    let mut g = strict(scenario(vec![burst], 21));
    to_p1_main(&mut g);
    put(&mut g, P0, "S-BUR", Zone::Burst(P0), 0);
    let a = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 1 + 1);
}

#[test]
fn bs_6_7_end_battle_and_end_attack_step() {
    let card = scripted_spirit(
        "S-EBA",
        0,
        1000,
        vec![effect("flash", "end_attack_step();")],
    );
    let mut g = strict(scenario(vec![card], 22));
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "S-EBA", Zone::Field(P0), 1);
    g.set_strict(true);
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::UseEffect { card: b, effect: 0 });
    // No life lost, and P1's attack step is over: P0's turn comes.
    assert_eq!(g.life(P0), life);
    assert_eq!(g.active(), P0);
}

#[test]
fn bs_6_1_cannot_attack_for_the_turn_from_an_end_of_step_effect() {
    let card = scripted_spirit(
        "S-NOA",
        0,
        1000,
        vec![effect(
            "end_of_opponent_main_step",
            "cannot_attack(opponent_spirits(), \"turn\");",
        )],
    );
    let mut g = strict(scenario(vec![card], 26));
    put(&mut g, P0, "S-NOA", Zone::Field(P0), 1);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    assert!(!g.is_exhausted(a));
    must(&mut g, Choice::EndMain);
    // No attack possible: P1's attack step ended by itself and P0's turn began.
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::AttackDeclared { .. }))
    );
    assert_eq!(g.active(), P0);
}

#[test]
fn bs_6_1_bs_6_3_when_attacks_or_blocks_runs_for_both() {
    let card = scripted_spirit(
        "S-AOB",
        0,
        5000,
        vec![effect(
            "When This Spirit Attacks or Blocks",
            "gain_life(1);",
        )],
    );
    let mut g = strict(scenario(vec![card], 29));
    to_p1_main(&mut g);
    let blocker = put(&mut g, P0, "S-AOB", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "S-AOB", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    let (l0, l1) = (g.life(P0), g.life(P1));
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    assert_eq!(g.life(P1), l1 + 1, "when attacks");
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    assert_eq!(g.life(P0), l0 + 1, "when blocks");
}

#[test]
fn bs_6_6_burst_after_your_spirit_is_destroyed_by_the_opponent() {
    let burst = scripted_spirit(
        "S-BDS",
        0,
        1000,
        vec![effect("burst_opponent_destroys_your_spirit", "draw(2);")],
    );
    let mut g = strict(scenario(vec![burst], 30));
    to_p1_main(&mut g);
    let burst = put(&mut g, P0, "S-BDS", Zone::Burst(P0), 0);
    let b = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let h = hand(&g, P0);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    // BS-10.3: the owner may activate the burst; it then goes to the trash.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(hand(&g, P0), h + 2);
    assert_eq!(g.zone_of(burst), Zone::Trash(P0));
}
