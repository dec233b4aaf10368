//! Rulings on effects already due that keep resolving (BS-8.4) and on "when refreshed" (BS-4.2).

use super::*;

/// BSS02-121 The Hanged Man — rulings-cards.json #155.
/// Q: its effect removes cores from a spirit when it attacks; if that spirit then lacks the
/// cores for the level of its own "when this spirit attacks" effect, does that effect still
/// work? A: yes: it became due when the attack was declared and waits to resolve whatever
/// the spirit's cores become.
/// Stand-in for The Hanged Man (flash: pick an opposing spirit; when it attacks this turn,
/// four of its cores go to its owner's reserve); a spirit with a LV2 attack effect.
/// Rules: BS-8.4 (both due at once; the turn player resolves the core removal first),
/// BS-6.1, BS-8.1 (level-bound effects).
#[test]
fn bss02_121_hanged_man_an_attack_effect_already_due_works_after_its_level_drops() {
    let hanged = flash_tool(
        "RUL-HANGED-MAN",
        "let t = choose_targets(opponent_spirits(), 1); when(ev_attacks(t), || { move_cores(t, \"owners_reserve\", 4); });",
    );
    let striker = scripted_spirit(
        "RUL-LV2-STRIKER",
        0,
        1000,
        vec![at_levels(
            effect("When This Spirit Attacks", "draw(1);"),
            &[2],
        )],
    );
    let mut g = game(vec![hanged, striker], 136);
    to_p1_main(&mut g);
    let first = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let x = put(&mut g, P1, "RUL-LV2-STRIKER", Zone::Field(P1), 5); // LV2
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // keeps P1's attack step open
    let m = put(&mut g, P0, "RUL-HANGED-MAN", Zone::Hand(P0), 0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: first });
    play(&mut g, m);
    must(&mut g, Choice::Target { card: x });
    pass_flashes(&mut g);
    assert_eq!(decision(&mut g).kind, DecisionKind::AttackOrEnd);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: x });
    // Both effects are due at once; the core removal resolves first.
    let hanged_card = m;
    resolve_next(&mut g, hanged_card);
    assert_eq!(g.cores_on(x), 1);
    assert_eq!(g.level(x), Some(1));
    assert_eq!(hand(&g, P1), h + 1, "its LV2 attack effect still worked");
    assert_eq!(started(&g, x), 1);
}

/// BSS02-040 Winged Godmech Grand Woden — rulings-cards.json #118.
/// Q: when Grand Woden itself is refreshed in my refresh step, does its LV3 effect (when one
/// of your spirits is refreshed, this spirit gets +4000 BP this turn) give it the BP?
/// A: yes. Stand-in: a three-level spirit whose LV3 "when refreshed" effect gives itself
/// +4000 BP this turn. Rules: BS-4.2 (the refresh step), BS-13.4 ("when refreshed"),
/// BS-7.1.
#[test]
fn bss02_040_grand_woden_refreshed_in_the_refresh_step_gains_its_bp() {
    let mut woden = engine::rules::battle_spirits::testkit::card(
        "RUL-WODEN",
        carddb::CardKind::Spirit,
        0,
        carddb::Colour::White,
        0,
        1,
        &[(1, 1, 5000), (2, 3, 7000), (3, 5, 10000)],
    );
    woden.effects = vec![at_levels(
        effect("when_refreshed", "bp_plus(this_card(), 4000, \"turn\");"),
        &[3],
    )];
    let mut g = game(vec![woden, exhaust_all_tool()], 137);
    let w = put(&mut g, P0, "RUL-WODEN", Zone::Field(P0), 5); // LV3
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    assert!(g.is_exhausted(w));
    to_p1_main(&mut g);
    must(&mut g, Choice::EndMain); // P1 has nothing to attack with: P0's turn 3 comes
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.active(), P0);
    assert!(!g.is_exhausted(w), "refreshed in the refresh step");
    assert_eq!(g.bp(w), 10000 + 4000);
    assert!(logged(&g, &Event::Refreshed { card: w }));
}

/// BSS01-122 Deadly Balance — rulings-cards.json #87.
/// Q: which spirit is destroyed first, mine or my opponent's? A: they are destroyed at the
/// same time. Stand-in for Deadly Balance (the opponent picks one of their spirits, you
/// pick one of yours, both are destroyed); each picked spirit has a "when destroyed"
/// effect. Engine: both "when destroyed" hooks happen while both spirits are on the field,
/// both effects are due at once (the turn player orders them), then both go.
/// Rules: BS-6.6, BS-8.4.
#[test]
fn bss01_122_deadly_balance_both_spirits_are_destroyed_at_the_same_time() {
    let balance = scripted_magic(
        "RUL-DEADLY-BALANCE",
        0,
        vec![effect(
            "main",
            "let theirs = opponent_chooses(opponent_spirits(), 1); let mine = choose_targets(my_spirits(), 1); destroy(theirs + mine);",
        )],
    );
    let mine = scripted_spirit(
        "RUL-MINE",
        0,
        1000,
        vec![effect("When Destroyed", "gain_life(1);")],
    );
    let theirs = scripted_spirit(
        "RUL-THEIRS",
        0,
        1000,
        vec![effect("When Destroyed", "gain_life(1);")],
    );
    let mut g = game(vec![balance, mine, theirs], 138);
    let m = put(&mut g, P0, "RUL-MINE", Zone::Field(P0), 1);
    let t = put(&mut g, P1, "RUL-THEIRS", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "RUL-DEADLY-BALANCE", Zone::Hand(P0), 0);
    let (l0, l1) = (g.life(P0), g.life(P1));
    play(&mut g, b);
    // Both "when destroyed" effects are due at once: the turn player orders them.
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player, r.options.len()),
        (DecisionKind::EffectChoice, P0, 2)
    );
    resolve_next(&mut g, t);
    assert_eq!(g.zone_of(m), Zone::Trash(P0));
    assert_eq!(g.zone_of(t), Zone::Trash(P1));
    assert_eq!((g.life(P0), g.life(P1)), (l0 + 1, l1 + 1));
    let hooks_done = g
        .log()
        .iter()
        .rposition(|e| matches!(e, Event::Hook(Hook::WhenDestroyed { .. })))
        .expect("hooks");
    let first_gone = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::Destroyed { .. }))
        .expect("destroyed");
    let last_effect = g
        .log()
        .iter()
        .rposition(|e| matches!(e, Event::EffectStarted { card, .. } if *card == m || *card == t))
        .expect("effects");
    assert!(
        hooks_done < first_gone && last_effect < first_gone,
        "both hooks and both effects before either card goes"
    );
}

/// BSS02-023 Corpse Giant Gigasha — rulings-cards.json #105.
/// Q: the spirit its attack effect picked (a one-core spirit that cannot block this
/// battle) later gets more cores: may it block then? A: no, it still cannot.
/// Real Gigasha (LV2); a stand-in flash effect on the picked spirit adds two cores.
/// Rules: BS-6.3, BS-6.2, BS-6.7 (a "this battle" restriction).
#[test]
fn bss02_023_gigasha_a_picked_spirit_cannot_block_even_with_more_cores() {
    let Some(mut cards) = real(&["BSS02-023"]) else {
        return;
    };
    cards.push(scripted_spirit(
        "RUL-GROWER",
        0,
        4000,
        vec![effect("flash", "move_cores(\"reserve\", this_card(), 2);")],
    ));
    let mut g = game(cards, 139);
    to_p1_main(&mut g);
    let giant = put(&mut g, P1, "BSS02-023", Zone::Field(P1), 3); // LV2
    let picked = put(&mut g, P0, "RUL-GROWER", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: giant });
    must(
        &mut g,
        Choice::UseEffect {
            card: picked,
            effect: 0,
        },
    );
    assert_eq!(g.cores_on(picked), 3);
    pass_flashes(&mut g);
    // P0 could not block: the attack went through.
    assert!(logged(&g, &Event::NotBlocked { attacker: giant }));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BlockDeclared { .. }))
    );
}

/// BSS02-076 Toy Hero Musashi — rulings-cards.json #134.
/// Q: when its "when destroyed by the opponent" effect looks at the costs of my spirits,
/// does it see Musashi itself? A: no: Musashi is not on the field while the effect
/// resolves. Stand-in: the effect draws one card per spirit of yours on the field.
/// Rules: BS-6.6.
#[test]
#[ignore = "BS-6.6 as digested (and the engine) resolve 'when destroyed' while the card is still on the field; this ruling has the card already off the field"]
fn bss02_076_toy_hero_musashi_its_destroyed_effect_does_not_see_itself() {
    let musashi = scripted_spirit(
        "RUL-MUSASHI",
        0,
        1000,
        vec![effect(
            "When Destroyed By Opponent",
            "draw(my_spirits().count());",
        )],
    );
    let mut g = game(vec![musashi], 140);
    to_p1_main(&mut g);
    let m = put(&mut g, P0, "RUL-MUSASHI", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    let h = hand(&g, P0);
    must(&mut g, Choice::Block { blocker: m });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(m), Zone::Trash(P0));
    assert_eq!(hand(&g, P0), h, "it did not count itself");
}
