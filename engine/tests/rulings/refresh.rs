//! Rulings on exhaustion and refresh (BS-4.2, BS-6.1, BS-6.3).

use super::*;

/// BSS01-128 Regain — rulings-cards.json #90.
/// Q: may Regain pick one of my spirits while it is blocking and refresh it?
/// A: yes: a blocking spirit is not an attacking one, so it can be refreshed (the block
/// stands). Rules: BS-4.2 (refreshed/exhausted), BS-6.2, BS-6.3, BS-6.5.2.
#[test]
fn bss01_128_regain_refreshes_a_blocking_spirit() {
    let Some(cards) = real(&["BSS01-128"]) else {
        return;
    };
    let mut g = game(cards, 101);
    to_p1_main(&mut g);
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    let attacker = put(&mut g, P1, "B-03", Zone::Field(P1), 1); // 3000 BP
    let regain = put(&mut g, P0, "BSS01-128", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 6);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    assert!(g.is_exhausted(blocker), "blocking exhausts (BS-6.3)");
    // The flash timing after the block: the defender uses Regain on the blocker.
    play(&mut g, regain);
    assert!(
        !g.is_exhausted(blocker),
        "the blocking spirit was refreshed"
    );
    pass_flashes(&mut g);
    assert!(logged(
        &g,
        &Event::BattleCompared {
            attacker,
            attacker_bp: 3000,
            blocker,
            blocker_bp: 6000
        }
    ));
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1));
    assert_eq!(g.life(P0), life, "the block still stood");
}

/// BSS02-096 Loyal Retainer Higumaru — rulings-cards.json #142.
/// Q: when its "when destroyed" effect makes the opponent pick spirits of theirs to
/// exhaust, may they pick spirits that are already exhausted?
/// A: yes; only the refreshed ones among those picked become exhausted.
/// Rules: BS-6.6 (when destroyed), BS-8.1, BS-6.1 (an attacker is exhausted).
#[test]
fn bss02_096_higumaru_opponent_may_pick_an_exhausted_spirit() {
    let Some(cards) = real(&["BSS02-096"]) else {
        return;
    };
    let mut g = game(cards, 102);
    to_p1_main(&mut g);
    let higumaru = put(&mut g, P0, "BSS02-096", Zone::Field(P0), 1); // 2000 BP
    put(&mut g, P0, "R-04", Zone::Field(P0), 1); // another spirit of mine with 4000 BP
    let attacker = put(&mut g, P1, "B-06", Zone::Field(P1), 1); // 6000 BP
    let idle = put(&mut g, P1, "B-01", Zone::Field(P1), 1); // refreshed
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: higumaru });
    pass_flashes(&mut g);
    // Higumaru was destroyed; the attacking player picks one of their spirits.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P1));
    assert!(
        r.is_legal(&Choice::Target { card: attacker }),
        "the exhausted attacker may be picked: {:?}",
        r.options
    );
    must(&mut g, Choice::Target { card: attacker });
    assert_eq!(g.zone_of(higumaru), Zone::Trash(P0));
    assert!(g.is_exhausted(attacker));
    assert!(!g.is_exhausted(idle), "the refreshed spirit was not picked");
}

/// ST03-012 Spring of Norn — rulings-cards.json #187.
/// Q: can its effect (refresh one of your spirits that has no effects) refresh a LV1 spirit
/// that has no effect at LV1 but an effect at LV2? A: no: that spirit has an effect.
/// Stand-in nexus: at the start of the opponent's attack step, refresh one of your spirits
/// with no effects. Rules: BS-4.2, BS-8.1 (level-bound effects).
#[test]
fn st03_012_spring_of_norn_cannot_refresh_a_spirit_whose_effect_is_at_a_higher_level() {
    let norn = nexus(
        "RUL-NORN",
        vec![effect(
            "start_of_opponent_attack_step",
            "refresh(choose_targets(my_spirits().no_effects(), 1));",
        )],
    );
    let lv2_only = scripted_spirit(
        "RUL-LV2-EFFECT",
        0,
        1000,
        vec![at_levels(
            effect("When This Spirit Attacks", "draw(1);"),
            &[2],
        )],
    );
    let mut g = game(vec![norn, lv2_only, exhaust_all_tool()], 103);
    put(&mut g, P0, "RUL-NORN", Zone::Field(P0), 0);
    let vanilla = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let with_effect = put(&mut g, P0, "RUL-LV2-EFFECT", Zone::Field(P0), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    assert!(g.is_exhausted(vanilla) && g.is_exhausted(with_effect));
    to_p1_main(&mut g);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    assert_eq!(decision(&mut g).kind, DecisionKind::AttackOrEnd);
    assert!(
        !g.is_exhausted(vanilla),
        "the spirit without effects was refreshed"
    );
    assert!(
        g.is_exhausted(with_effect),
        "a LV1 spirit with a LV2 effect is not a spirit without effects"
    );
}

/// BSS02-082 Queen Antraine — rulings-cards.json #138.
/// Q: when my LV2 Queen Antraine itself is destroyed, does its "when one of your spirits is
/// destroyed, exhaust an opposing spirit" effect still work? A: yes.
/// Stand-in: at LV2, from the start of your attack step, each time one of your spirits is
/// destroyed, exhaust one of the opponent's spirits. Rules: BS-6.6 (when destroyed effects
/// resolve before the card goes to the trash), BS-6.1.
#[test]
fn bss02_082_antraine_its_own_destruction_triggers_its_effect() {
    let antraine = scripted_spirit(
        "RUL-ANTRAINE",
        0,
        1000,
        vec![at_levels(
            effect(
                "start_of_your_attack_step",
                "when(ev_destroyed(my_spirits(), false, false), || { exhaust(choose_targets(opponent_spirits(), 1)); });",
            ),
            &[2],
        )],
    );
    let mut g = game(vec![antraine], 104);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "RUL-ANTRAINE", Zone::Field(P1), 3); // LV2, 3000 BP
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    let other = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P1));
    must(&mut g, Choice::Target { card: other });
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert!(g.is_exhausted(other), "Antraine's effect exhausted it");
}

/// BSS01-071 King Harald — rulings-cards.json #42.
/// Q: if King Harald blocks while it has gained Armor, is it refreshed (its effect
/// refreshes it when one of your spirits with Armor blocks)? A: yes.
/// Stand-ins: Harald's effect from the start of the opponent's attack step; a nexus whose
/// constant effect gives your spirits Armor. Rules: BS-6.3 (blocking exhausts), BS-4.2,
/// BS-8.1 (constant effects).
#[test]
fn bss01_071_king_harald_blocking_with_gained_armor_refreshes_it() {
    let harald = scripted_spirit(
        "RUL-HARALD",
        0,
        5000,
        vec![effect(
            "start_of_opponent_attack_step",
            "when(ev_blocks(my_spirits().has_keyword(\"Armor\")), || { refresh(this_card()); });",
        )],
    );
    let armoury = nexus(
        "RUL-ARMOURY",
        vec![effect(
            "constant",
            "gain_keyword(my_spirits(), \"Armor\", \"Red\", \"while\");",
        )],
    );
    let mut g = game(vec![harald, armoury], 105);
    to_p1_main(&mut g);
    put(&mut g, P0, "RUL-ARMOURY", Zone::Field(P0), 0);
    let h = put(&mut g, P0, "RUL-HARALD", Zone::Field(P0), 1); // 5000 BP
    assert!(g.has_keyword(h, "Armor"));
    let attacker = put(&mut g, P1, "B-03", Zone::Field(P1), 1); // 3000 BP
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: h });
    assert!(logged(
        &g,
        &Event::BlockDeclared {
            blocker: h,
            attacker
        }
    ));
    assert!(!g.is_exhausted(h), "refreshed right after blocking");
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1), "the block stood");
}

/// BSS02-039 Trickster Machine God Loki — rulings-cards.json #114.
/// Q: for its effect (return one of your Mecha cards to your hand to refresh this spirit),
/// may I return Loki itself? A: yes, but it is then in the hand and is not refreshed.
/// Stand-in: "when you lose life" (the engine's life-loss hook), choose a Mecha card of
/// yours; you may return it to refresh this spirit. Rules: BS-4.2, BS-6.5.1.
#[test]
fn bss02_039_loki_returning_itself_does_not_refresh_it() {
    let mut loki = scripted_spirit(
        "RUL-LOKI",
        0,
        1000,
        vec![effect(
            "When You Lose Life",
            "let t = choose_targets(my_field().family([\"Mecha\"]), 1); if may(\"Return it to refresh this spirit?\") { return_to_hand(t); refresh(this_card()); }",
        )],
    );
    loki.families = vec!["Mecha".into()];
    let mut mecha = scripted_spirit("RUL-MECHA", 0, 1000, vec![]);
    mecha.families = vec!["Mecha".into()];
    let mut g = game(vec![loki, mecha, exhaust_all_tool()], 106);
    let l = put(&mut g, P0, "RUL-LOKI", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "RUL-MECHA", Zone::Field(P0), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    // No refreshed spirit can block: life is reduced and Loki's effect asks.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Target { card: l });
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(l), Zone::Hand(P0));
    assert!(
        !logged(&g, &Event::Refreshed { card: l }),
        "a card in the hand is not refreshed"
    );
    assert!(g.is_exhausted(m));
    assert_eq!(started(&g, l), 1);
}
