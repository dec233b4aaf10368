//! Scenario tests for every hook kind (issue 4 §1): a small script on a synthetic card,
//! asserting the effect's result and its timing. Rule IDs in the test names.

use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};
use engine::rules::battle_spirits::{Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log()
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("event not in log"))
}

fn started(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

#[test]
fn bs_5_1_when_summoned_draws_after_the_spirit_is_on_the_field() {
    let card = scripted_spirit("S-SUM", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let mut g = strict(scenario(vec![card], 1));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-SUM", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(hand(&g, P0), before - 1 + 1, "played one, drew one");
    let played = pos(
        &g,
        |e| matches!(e, Event::Played { card, .. } if *card == c),
    );
    let hook = pos(&g, |e| *e == Event::Hook(Hook::WhenSummoned { card: c }));
    let run = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == c),
    );
    assert!(played < hook && hook < run);
    assert!(matches!(
        g.log()[run + 1],
        Event::CardMoved {
            from: Zone::Deck(_),
            to: Zone::Hand(_),
            ..
        }
    ));
}

#[test]
fn bs_5_4_when_deployed_nexus_effect_runs() {
    let mut nexus = engine::rules::battle_spirits::testkit::card(
        "N-DEP",
        carddb::CardKind::Nexus,
        0,
        carddb::Colour::Red,
        0,
        1,
        &[(1, 0, 0), (2, 2, 0)],
    );
    nexus.effects = vec![effect("When Placed", "gain_life(1);")];
    let mut g = strict(scenario(vec![nexus], 2));
    let n = put(&mut g, P0, "N-DEP", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, n);
    assert_eq!(g.life(P0), life + 1);
}

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
fn bs_5_3_depletion_fires_when_depleted_not_when_destroyed() {
    let card = scripted_spirit(
        "S-DEP",
        0,
        1000,
        vec![
            effect("When Destroyed", "draw(1);"),
            effect("when_depleted", "gain_life(1);"),
        ],
    );
    let mut g = strict(scenario(vec![card], 7));
    let c = put(&mut g, P0, "S-DEP", Zone::Field(P0), 1);
    let (life, h) = (g.life(P0), hand(&g, P0));
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: engine::rules::battle_spirits::CoreSource::Card(c),
            to: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    assert_eq!(g.life(P0), life + 1);
    assert_eq!(hand(&g, P0), h, "depletion is not destruction");
}

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
fn bs_5_5_magic_main_effect_runs_then_the_card_goes_to_the_trash() {
    let m = scripted_magic("M-DRW", 0, vec![effect("main", "draw(2);")]);
    let mut g = strict(scenario(vec![m], 13));
    let c = put(&mut g, P0, "M-DRW", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(hand(&g, P0), h - 1 + 2);
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    let run = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == c),
    );
    let trash = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Trash(_), .. } if *card == c),
    );
    assert!(run < trash, "BS-5.5: resolve, then the trash");
}

#[test]
fn bs_5_5_magic_with_main_and_flash_asks_which_in_the_main_step() {
    let m = scripted_magic(
        "M-TWO",
        0,
        vec![effect("main", "draw(1);"), effect("flash", "gain_life(2);")],
    );
    let mut g = strict(scenario(vec![m], 14));
    let c = put(&mut g, P0, "M-TWO", Zone::Hand(P0), 0);
    let life = g.life(P0);
    must(&mut g, Choice::UseMagic { card: c });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert_eq!(r.options.len(), 2);
    must(&mut g, Choice::OneOf { index: 1 });
    assert_eq!(g.life(P0), life + 2);
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
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
fn issue4_actions_heavy_exhaust_count_tecoto_life_ultimate_trigger() {
    let m = scripted_magic(
        "M-ALL",
        0,
        vec![effect(
            "main",
            r#"
            heavily_exhaust(opponent_spirits());
            count_plus(2);
            count_minus(1);
            put_into_tecoto(my_spirits());
            opponent_lose_life(1);
            mill(1);
            opponent_mill(1);
            "#,
        )],
    );
    let mut ult = engine::rules::battle_spirits::testkit::card(
        "U-T",
        carddb::CardKind::Ultimate,
        9,
        carddb::Colour::Red,
        0,
        0,
        &[(3, 2, 8000)],
    );
    ult.effects = vec![effect(
        "When This Spirit Attacks",
        "if ultimate_trigger() { gain_life(1); }",
    )];
    let mut g = strict(scenario(vec![m, ult], 23));
    let s = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    let mine = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "M-ALL", Zone::Hand(P0), 0);
    let (olife, otrash, trash) = (
        g.life(P1),
        g.pile(Zone::Trash(P1)).len(),
        g.pile(Zone::Trash(P0)).len(),
    );
    play(&mut g, c);
    assert!(g.is_exhausted(s));
    assert!(g.log().contains(&Event::HeavilyExhausted { card: s }));
    assert_eq!(
        g.cores_at(engine::rules::battle_spirits::CoreLoc::Count(P0)),
        1
    );
    assert_eq!(g.zone_of(mine), Zone::Tecoto(P0));
    assert_eq!(g.life(P1), olife - 1);
    assert_eq!(g.pile(Zone::Trash(P1)).len(), otrash + 1);
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash + 1 + 1,
        "milled card and the magic"
    );
    // BS-13.4: one refresh step turns a heavily exhausted card to exhausted.
    must(&mut g, Choice::EndMain);
    assert!(g.is_exhausted(s));
    // BS-12.5: Ultimate Trigger: the top of P0's deck is another copy (equal cost): a guard,
    // and the rest of the effect does not work.
    let u = put(&mut g, P1, "U-T", Zone::Field(P1), 2);
    let life = g.life(P1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: u });
    let hit = g.log().iter().find_map(|e| match e {
        Event::UltimateTrigger { hit, revealed, .. } => Some((*hit, g.def_of(*revealed).cost)),
        _ => None,
    });
    assert_eq!(hit, Some((false, 9)));
    assert_eq!(g.life(P1), life);
}

#[test]
fn inert_logs_one_event_with_its_reason_and_the_effect_ends() {
    let card = scripted_spirit(
        "S-UNS",
        0,
        1000,
        vec![effect(
            "When Summoned",
            r#"draw(1); inert("text not understood"); return; draw(5);"#,
        )],
    );
    let mut g = strict(scenario(vec![card], 24));
    let c = put(&mut g, P0, "S-UNS", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let h = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(
        hand(&g, P0),
        h - 1 + 1,
        "ran up to the inert call, not after"
    );
    let inert: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectInert { card, reason, .. } if *card == c => Some(reason.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(inert, vec!["text not understood".to_string()]);
}

#[test]
fn opponent_chooses_and_discard_ask_the_right_player() {
    let card = scripted_spirit(
        "S-OPP",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "destroy(opponent_chooses(opponent_spirits(), 1)); discard(1);",
        )],
    );
    let mut g = strict(scenario(vec![card], 25));
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let c = put(&mut g, P0, "S-OPP", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::EffectChoice, P1),
        "the opponent chooses"
    );
    must(&mut g, Choice::Target { card: a });
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::EffectChoice, P0),
        "you discard"
    );
    let first = match r.options[0].choice {
        Choice::Target { card } => card,
        ref o => panic!("{o:?}"),
    };
    must(&mut g, Choice::Target { card: first });
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(first), Zone::Trash(P0));
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

#[test]
fn after_opponent_when_summoned_resolves() {
    let watcher = scripted_spirit(
        "S-RES",
        0,
        1000,
        vec![effect(
            "When Opponent Resolves a Spirit's \"When Summoned\" Effect",
            "gain_life(1);",
        )],
    );
    let summoner = scripted_spirit("S-SM2", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let mut g = strict(scenario(vec![watcher, summoner], 28));
    let w = put(&mut g, P1, "S-RES", Zone::Field(P1), 1);
    let s = put(&mut g, P0, "S-SM2", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let life = g.life(P1);
    play(&mut g, s);
    assert_eq!(g.life(P1), life + 1);
    let drew = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == s),
    );
    let after = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == w),
    );
    assert!(drew < after, "after the when-summoned effect");
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

fn with_text(mut e: carddb::Effect, text: &str) -> carddb::Effect {
    e.text = std::collections::BTreeMap::from([("en".to_string(), text.to_string())]);
    e
}

#[test]
fn text_without_a_script_runs_the_generated_rhai_and_a_script_wins_over_text() {
    let mut from_text = with_text(effect("When Summoned", ""), "Draw 2 cards.");
    from_text.script = None;
    let scripted = with_text(effect("When Summoned", "gain_life(1);"), "Draw 2 cards.");
    let mut unclear = with_text(
        effect("When Summoned", ""),
        "Juggle three moons while singing.",
    );
    unclear.script = None;
    let cards = vec![
        scripted_spirit("T-TXT", 0, 1000, vec![from_text]),
        scripted_spirit("T-SCR", 0, 1000, vec![scripted]),
        scripted_spirit("T-UNC", 0, 1000, vec![unclear]),
    ];
    let mut g = strict(scenario(cards, 36));
    give_reserve(&mut g, P0, 3);
    let t = put(&mut g, P0, "T-TXT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, t);
    assert_eq!(
        hand(&g, P0),
        h - 1 + 2,
        "the dsl's script for \"Draw 2 cards.\""
    );
    let life = g.life(P0);
    let s = put(&mut g, P0, "T-SCR", Zone::Hand(P0), 0);
    play(&mut g, s);
    assert_eq!(g.life(P0), life + 1, "the card's script, not its text");
    let u = put(&mut g, P0, "T-UNC", Zone::Hand(P0), 0);
    play(&mut g, u);
    let inert = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::EffectInert { card, .. } if *card == u))
        .count();
    assert_eq!(
        inert, 1,
        "text not understood: one EffectInert, nothing run"
    );
}
