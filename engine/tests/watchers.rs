//! Watchers inside step, turn and constant effects (kinds 1 and 3): a
//! `when(…)` in an effect that applies for a while (BS-8.1) fires at each happening for
//! as long as the effect applies, and every happening the grammar can name is emitted.
//! Real cards come from `../shared/data` (skipped with a message when absent); the other
//! tests use stand-in cards with rhai scripts.

mod support;

use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, play, put, scripted_magic, scripted_spirit,
};
use engine::{Choice, DecisionKind, Event};
use support::rulings::*;

/// BSS01-108 Rotting Swamp (LV1–2, "During Your Attack Step": draw a card when one of
/// your spirits is destroyed). BS-8.1: the watcher works through the whole attack step;
/// BS-6.6: a spirit that loses a battle is destroyed.
#[test]
fn bss01_108_rotting_swamp_draws_when_your_spirit_is_destroyed_in_your_attack_step() {
    let Some(cards) = real(&["BSS01-108"]) else {
        return;
    };
    let mut g = game(cards, 1108);
    to_p1_main(&mut g);
    let swamp = put(&mut g, P1, "BSS01-108", Zone::Field(P1), 0);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1); // 1000 BP
    put(&mut g, P1, "B-00", Zone::Field(P1), 1); // keeps the attack step open
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let before = hand(&g, P1);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1), "lost the battle (BS-6.6)");
    assert_eq!(hand(&g, P1), before + 1, "Rotting Swamp drew one card");
    assert_eq!(started(&g, swamp), 1);
}

/// BSS01-108 outside its timing: in the owner's main step a destruction draws nothing
/// (the watcher exists only during the attack step, BS-8.1).
#[test]
fn bss01_108_rotting_swamp_does_not_draw_outside_the_attack_step() {
    let Some(mut cards) = real(&["BSS01-108"]) else {
        return;
    };
    cards.push(scripted_magic(
        "W-KILL",
        0,
        vec![effect("main", "destroy(my_spirits());")],
    ));
    let mut g = game(cards, 1109);
    let swamp = put(&mut g, P0, "BSS01-108", Zone::Field(P0), 0);
    let s = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let kill = put(&mut g, P0, "W-KILL", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, kill);
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert_eq!(hand(&g, P0), before - 1, "only the magic left the hand");
    assert_eq!(started(&g, swamp), 0);
}

/// BSS01-106 Netherworld Depths, 1st effect (constant, LV1–2): draw a card when one of
/// your opponent's spirits is exhausted — here when it attacks (BS-6.1 exhausts the
/// attacker) and twice for two attacks.
#[test]
fn bss01_106_netherworld_depths_draws_when_an_opposing_spirit_is_exhausted() {
    let Some(cards) = real(&["BSS01-106"]) else {
        return;
    };
    let mut g = game(cards, 1106);
    put(&mut g, P0, "BSS01-106", Zone::Field(P0), 0);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let b = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let before = hand(&g, P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    assert_eq!(hand(&g, P0), before + 1);
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    must(&mut g, Choice::Attack { attacker: b });
    assert_eq!(hand(&g, P0), before + 2, "one card per exhausted spirit");
}

/// BSS01-106, 2nd effect (LV2, during your attack step): when one of your spirits is
/// blocked, you may pay one core from this nexus; if you do, the blocking spirit is
/// destroyed when the battle ends (BS-6.7). Paid: the nexus has one core fewer.
#[test]
fn bss01_106_netherworld_depths_destroys_the_blocker_when_the_battle_ends() {
    let Some(cards) = real(&["BSS01-106"]) else {
        return;
    };
    let mut g = game(cards, 2106);
    to_p1_main(&mut g);
    let nexus = put(&mut g, P1, "BSS01-106", Zone::Field(P1), 3); // LV2
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1); // 6000 BP
    put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 4); // LV2, 9000 BP: wins
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    // "You may pay one core from this nexus": yes.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    must(&mut g, Choice::Yes);
    assert_eq!(
        g.cores_at(engine::rules::battle_spirits::CoreLoc::Card(nexus)),
        2
    );
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1), "the attacker lost (BS-6.6)");
    assert_eq!(
        g.zone_of(blocker),
        Zone::Trash(P0),
        "the blocker was destroyed when the battle ended"
    );
}

/// ST03-012 Spring of Norn (LV1, "During Opponent's Attack Step": at the start of the
/// step, refresh one of your spirits with no effects). It runs once, at the start of the
/// step (BS-7.1), not as a constant — which could not change the game at all.
#[test]
fn st03_012_spring_of_norn_refreshes_at_the_start_of_the_opponents_attack_step() {
    let Some(mut cards) = real(&["ST03-012"]) else {
        return;
    };
    cards.push(exhaust_all_tool());
    let mut g = game(cards, 3012);
    let norn = put(&mut g, P0, "ST03-012", Zone::Field(P0), 0);
    let s = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    assert!(g.is_exhausted(s));
    to_p1_main(&mut g);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    assert!(!g.is_exhausted(s), "refreshed at the start of the step");
    assert_eq!(started(&g, norn), 1);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::EffectFailed { .. }))
    );
}

/// A watcher registered for "when the battle ends" by an effect that is not constant is
/// due once: at the end of that battle (BS-6.7), not at every later battle end.
#[test]
fn bs_6_7_when_the_battle_ends_is_due_once() {
    let watcher = scripted_spirit(
        "W-END",
        0,
        1000,
        vec![effect(
            "When This Spirit Attacks",
            "when(ev_battle_ends(), \"while\", || { gain_life(1); });",
        )],
    );
    let mut g = game(vec![watcher], 67);
    to_p1_main(&mut g);
    let w = put(&mut g, P1, "W-END", Zone::Field(P1), 1);
    let other = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let life = g.life(P1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: w });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(g.life(P1), life + 1);
    must(&mut g, Choice::Attack { attacker: other });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(g.life(P1), life + 1, "not again at the second battle's end");
}

/// Every happening the grammar can name is emitted: a constant watcher
/// per happening, and a magic that makes it happen once: the watcher fires once.
#[test]
fn every_watchable_happening_is_emitted() {
    let cases: &[(&str, &str, &str)] = &[
        // (id, event the watcher waits for, the magic P0 uses in its main step); the
        // watcher is P1's unless it waits for its owner's own happening.
        (
            "W-EXH",
            "ev_exhausted(opponent_spirits())",
            "exhaust(my_spirits());",
        ),
        (
            "W-REF",
            "ev_refreshed(opponent_spirits())",
            "exhaust(my_spirits()); refresh(my_spirits());",
        ),
        (
            "W-HAND",
            "ev_returned_to_hand(opponent_spirits())",
            "return_to_hand(my_spirits());",
        ),
        (
            "W-DECK",
            "ev_returned_to_hand_or_deck(opponent_spirits())",
            "return_to_deck(my_spirits(), \"top\");",
        ),
        ("W-DRAW", "ev_opponent_draws()", "draw(1);"),
        (
            "W-DRAW2",
            "ev_opponent_draws_outside_draw_step()",
            "draw(1);",
        ),
        ("W-MILL", "ev_opponent_mills_you(2)", "opponent_mill(2);"),
        ("W-LIFE+", "ev_life_increases()", "gain_life(1);"),
        ("W-OWN-DRAW", "ev_you_draw_by_effect()", "draw(1);"),
        ("W-OPP-DRAW", "ev_opponent_draws_by_effect()", "draw(1);"),
        (
            "W-RES",
            "ev_core_to_reserve()",
            "cores_from_void_to(\"reserve\", 1);",
        ),
    ];
    for (id, ev, act) in cases {
        let watcher = scripted_spirit(
            id,
            0,
            1000,
            vec![effect(
                "constant",
                &format!("when({ev}, \"while\", || {{ bp_plus(this_card(), 1000, \"turn\"); }});"),
            )],
        );
        let magic = scripted_magic("W-DO", 0, vec![effect("main", act)]);
        let mut g = game(vec![watcher, magic], 11);
        // The watcher's owner is P1 for opponent events, P0 for its own.
        let own = matches!(*id, "W-LIFE+" | "W-RES" | "W-OWN-DRAW");
        let owner = if own { P0 } else { P1 };
        let w = put(&mut g, owner, id, Zone::Field(owner), 1);
        put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        let m = put(&mut g, P0, "W-DO", Zone::Hand(P0), 0);
        play(&mut g, m);
        assert_eq!(started(&g, w), 1, "{id}: {ev} after {act}");
    }
}

/// A watcher whose closure makes its own happening again (gain life when your life
/// increases) does not hang the game: past the per-step budget the loop is cut with an
/// `EffectFailed` naming the card.
#[test]
fn a_watcher_loop_is_cut_with_an_effect_failed() {
    let watcher = scripted_spirit(
        "W-LOOP",
        0,
        1000,
        vec![effect(
            "constant",
            "when(ev_life_increases(), \"while\", || { gain_life(1); });",
        )],
    );
    let magic = scripted_magic("W-GAIN", 0, vec![effect("main", "gain_life(1);")]);
    let mut g = game(vec![watcher, magic], 12);
    g.set_strict_scripts(false);
    let w = put(&mut g, P0, "W-LOOP", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "W-GAIN", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert!(g.log().iter().any(
        |e| matches!(e, Event::EffectFailed { card, reason, .. } if *card == w && reason.contains("loop"))
    ));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}

/// BS-0.4: life 0 ends the game at once. A set burst "when your life is reduced: place a
/// core from your reserve into your life" at 1 life does not resolve after an attack
/// takes the last core: the defender has lost.
#[test]
fn bs_0_4_life_zero_ends_the_game_before_a_life_burst() {
    let mut burst = scripted_magic(
        "W-LIFE-BURST",
        0,
        vec![effect(
            "After Your Life Is Reduced",
            "move_cores(\"reserve\", \"life\", 1);",
        )],
    );
    burst.effects[0].steps = vec![carddb::Step::Burst];
    let to_one = scripted_magic(
        "W-TO-ONE",
        0,
        vec![effect(
            "main",
            "move_cores(\"life\", \"reserve\", life() - 1);",
        )],
    );
    let mut g = game(vec![burst, to_one], 40);
    let b = put(&mut g, P0, "W-LIFE-BURST", Zone::Burst(P0), 0);
    let t = put(&mut g, P0, "W-TO-ONE", Zone::Hand(P0), 0);
    play(&mut g, t);
    assert_eq!(g.life(P0), 1);
    assert!(g.reserve(P0) >= 1, "the burst could pay from the reserve");
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    // Pass every flash timing; activate the burst if it were ever offered.
    while let engine::Step::Decision(r) = g.next() {
        let c = [Choice::Pass, Choice::NoBlock, Choice::Yes]
            .into_iter()
            .find(|c| r.is_legal(c))
            .unwrap_or_else(|| r.options[0].choice.clone());
        g.answer(c).unwrap();
    }
    assert_eq!(g.life(P0), 0);
    let r = g.result().expect("the game is over at once");
    assert_eq!(r.winner, Some(P1));
    assert_eq!(started(&g, b), 0, "no burst resolves after life 0");
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BurstActivated { .. }))
    );
}

///, nothing skipped silently: "when destroyed: summon this card from
/// your trash" resolves while the card is still on the field (BS-6.6), so nothing can be
/// summoned — and the log says why (`EffectInert`), instead of no event at all.
#[test]
fn bs_6_6_summoning_a_card_still_on_the_field_is_inert_with_its_reason() {
    let back = scripted_spirit(
        "W-BACK",
        0,
        1000,
        vec![effect(
            "When Destroyed",
            "summon(this_card(), true, false);",
        )],
    );
    let kill = scripted_magic(
        "W-KILL-ALL",
        0,
        vec![effect("main", "destroy(my_spirits());")],
    );
    let mut g = game(vec![back, kill], 41);
    let s = put(&mut g, P0, "W-BACK", Zone::Field(P0), 1);
    let k = put(&mut g, P0, "W-KILL-ALL", Zone::Hand(P0), 0);
    play(&mut g, k);
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::EffectInert { card, reason, .. } if *card == s && reason.contains("on the field")
    )));
}

/// ST06-012 Ancient Colosseum, 2nd effect (LV2, constant): when your opponent summons a
/// spirit with a "When Summoned" effect, discard the top four cards of their deck — the
/// happening "a player summons" is emitted (BS-5.1).
#[test]
fn st06_012_ancient_colosseum_mills_four_when_the_opponent_summons_a_when_summoned_spirit() {
    let Some(mut cards) = real(&["ST06-012"]) else {
        return;
    };
    cards.push(scripted_spirit(
        "W-WS",
        0,
        1000,
        vec![effect("When Summoned", "gain_life(1);")],
    ));
    let mut g = game(cards, 6012);
    put(&mut g, P1, "ST06-012", Zone::Field(P1), 3); // LV2
    engine::rules::battle_spirits::testkit::give_reserve(&mut g, P0, 2);
    let plain = put(&mut g, P0, "R-00", Zone::Hand(P0), 0);
    let s = put(&mut g, P0, "W-WS", Zone::Hand(P0), 0);
    let deck = g.pile(Zone::Deck(P0)).len();
    // A spirit without "When Summoned": nothing.
    play(&mut g, plain);
    assert_eq!(g.pile(Zone::Deck(P0)).len(), deck);
    play(&mut g, s);
    assert_eq!(
        g.pile(Zone::Deck(P0)).len(),
        deck - 4,
        "the top four were discarded"
    );
    assert_eq!(g.pile(Zone::Trash(P0)).len(), 4);
}

/// BSS02-111 Harpy Nest Palace, 1st effect (during your attack step): when one of your
/// Birdfolk spirits is blocked, the blocking spirit is treated as LV1 this turn — the
/// happening "blocked" is emitted (BS-6.3) and the treated level sets its BP.
#[test]
fn bss02_111_harpy_nest_palace_treats_the_blocker_as_lv1() {
    let Some(mut cards) = real(&["BSS02-111"]) else {
        return;
    };
    let mut bird = scripted_spirit("W-BIRD", 0, 7000, vec![]);
    bird.families = vec!["Birdfolk".into()];
    cards.push(bird);
    let mut g = game(cards, 2111);
    to_p1_main(&mut g);
    put(&mut g, P1, "BSS02-111", Zone::Field(P1), 0);
    let a = put(&mut g, P1, "W-BIRD", Zone::Field(P1), 1); // 7000 BP
    put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 4); // LV2: 9000 BP
    assert_eq!(g.bp(blocker), 9000);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    assert_eq!(g.level(blocker), Some(1), "treated as LV1");
    assert_eq!(g.bp(blocker), 6000, "LV1 BP");
    pass_flashes(&mut g);
    // 7000 against the treated 6000 (its own LV2 would have had 9000): BS-6.5.2.
    assert_eq!(g.zone_of(blocker), Zone::Trash(P0));
    assert_eq!(g.zone_of(a), Zone::Field(P1));
}

/// PR-050 Killer Machine Half (during either attack step): when one of your opponent's
/// spirits is returned to their hand or deck, this spirit gains Astral this turn — the
/// happening "returned to hand or deck" is emitted.
#[test]
fn pr_050_killer_machine_half_gains_astral_when_an_opposing_spirit_is_returned() {
    let Some(mut cards) = real(&["PR-050"]) else {
        return;
    };
    cards.push(flash_tool(
        "W-BOUNCE",
        "return_to_hand(opponent_spirits());",
    ));
    let mut g = game(cards, 50);
    to_p1_main(&mut g);
    let half = put(&mut g, P1, "PR-050", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let victim = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let bounce = put(&mut g, P1, "W-BOUNCE", Zone::Hand(P1), 0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    // P0 passes first in the flash timing (BS-6.2), then P1 uses the bounce.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass);
    if r.player == P0 {
        must(&mut g, Choice::Pass);
    }
    must(&mut g, Choice::UseMagic { card: bounce });
    assert_eq!(g.zone_of(victim), Zone::Hand(P0));
    assert!(
        g.log().iter().any(|e| matches!(
            e,
            Event::ModifierAdded { card, modifier: engine::rules::battle_spirits::script::ModKind::Keyword(k, _), .. }
                if *card == half && k == "Astral"
        )),
        "PR-050 gained Astral"
    );
}
