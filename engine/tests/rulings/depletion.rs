//! Rulings on destruction and depletion (BS-5.3, BS-6.6): a spirit left without cores goes, and is
//! not destroyed.

use super::*;

/// Keyword "Ascend" — rulings-keywords.json #4.
/// Q: after paying for Ascend, what happens to the spirit left without enough cores for LV1?
/// A: it goes (is "destroyed"), and its "when destroyed" effects do not work.
/// Ascend is not in the engine; the same case is a cost paid with the spirit's last core
/// (BS-5.2 step 5). Rules: BS-5.3 (depletion at once, not destruction), BS-5.2.
#[test]
fn k4_ascend_a_spirit_left_without_cores_by_a_cost_does_not_trigger_when_destroyed() {
    let doomed = scripted_spirit(
        "RUL-DOOMED",
        0,
        1000,
        vec![effect("When Destroyed", "draw(1);")],
    );
    let mut g = game(vec![doomed], 107);
    let d = put(&mut g, P0, "RUL-DOOMED", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "B-02", Zone::Hand(P0), 0); // blue, cost 2: nothing reduces it
    let h = hand(&g, P0);
    must(&mut g, Choice::Summon { card: b });
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Card(d),
            soul: false,
        },
    );
    finish_play(&mut g);
    assert!(g.on_field(b));
    assert_eq!(g.zone_of(d), Zone::Trash(P0));
    assert!(logged(&g, &Event::Depleted { card: d }));
    assert!(!logged(&g, &Event::Destroyed { card: d }));
    assert_eq!(started(&g, d), 0, "no \"when destroyed\" effect");
    assert_eq!(hand(&g, P0), h - 1, "only the summoned card left the hand");
}

/// ST02-014 Poison Shot — rulings-cards.json #174.
/// Q: if its effect leaves a spirit with no cores, is that spirit destroyed? A: yes.
/// Rules: BS-5.3 (no cores for LV1: it goes to the trash at once), BS-5.5.
#[test]
fn st02_014_poison_shot_a_spirit_left_with_no_cores_goes() {
    let Some(cards) = real(&["ST02-014"]) else {
        return;
    };
    let mut g = game(cards, 108);
    let victim = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let shot = put(&mut g, P0, "ST02-014", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 5);
    let reserve = g.reserve(P1);
    play(&mut g, shot);
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(logged(&g, &Event::Depleted { card: victim }));
    assert_eq!(
        g.reserve(P1),
        reserve + 1,
        "its core went to its owner's reserve"
    );
}

/// ST02-004 Mummirra — rulings-cards.json #169.
/// Q: if its "when summoned" effect leaves a spirit with no cores, is it destroyed? A: yes.
/// Rules: BS-5.1 (when summoned), BS-5.3.
#[test]
fn st02_004_mummirra_a_spirit_left_with_no_cores_goes() {
    let Some(cards) = real(&["ST02-004"]) else {
        return;
    };
    let mut g = game(cards, 109);
    let victim = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let m = put(&mut g, P0, "ST02-004", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 5);
    play(&mut g, m);
    assert!(g.on_field(m));
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert_eq!(g.cores_at(CoreLoc::Card(victim)), 0);
}

/// ST02-011 Stray Soul — rulings-cards.json #170.
/// Q: if its effect (a core off one of the opponent's exhausted spirits) leaves that spirit
/// with no cores, is it destroyed? A: yes. Rules: BS-5.3, BS-5.1.
#[test]
fn st02_011_stray_soul_an_exhausted_spirit_left_with_no_cores_goes() {
    let Some(mut cards) = real(&["ST02-011"]) else {
        return;
    };
    cards.push(exhaust_all_tool());
    let mut g = game(cards, 110);
    let victim = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    let refreshed = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let s = put(&mut g, P0, "ST02-011", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    play(&mut g, s);
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(
        g.on_field(refreshed) && g.cores_on(refreshed) == 1,
        "only exhausted spirits"
    );
}

/// ST02-015 Core Drain — rulings-cards.json #175.
/// Q: if its effect (up to three cores off an exhausted opposing spirit) leaves the spirit
/// with no cores, is it destroyed? A: yes. Rules: BS-5.3, BS-5.5 (Main effect chosen).
#[test]
fn st02_015_core_drain_a_spirit_left_with_no_cores_goes() {
    let Some(mut cards) = real(&["ST02-015"]) else {
        return;
    };
    cards.push(exhaust_all_tool());
    let mut g = game(cards, 111);
    let victim = put(&mut g, P1, "B-02", Zone::Field(P1), 3); // LV2
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    let drain = put(&mut g, P0, "ST02-015", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 3);
    let reserve = g.reserve(P1);
    play(&mut g, drain);
    // Which [Main] effect (the card has two), then how many cores.
    must(&mut g, Choice::OneOf { index: 0 });
    must(&mut g, Choice::OneOf { index: 3 });
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert_eq!(g.reserve(P1), reserve + 3);
}

/// BSS02-027 Imperial Knight God Avalo Paladion — rulings-cards.json #106.
/// Q: my only spirit lost this turn went because its last core paid a cost; does LV3
/// Paladion's end-step effect (draw two if one of your spirits was destroyed this turn)
/// work? A: no. Stand-in for the LV3 effect; the control game shows the effect does work
/// after a destruction. Rules: BS-5.3 (depletion is not destruction), BS-5.2, BS-7.1.
#[test]
fn bss02_027_paladion_a_spirit_gone_to_pay_a_cost_was_not_destroyed_this_turn() {
    let paladion = scripted_spirit(
        "RUL-PALADION",
        0,
        4000,
        vec![effect(
            "start_of_either_end_step",
            "if destroyed_this_turn(my_spirits()) { draw(2); }",
        )],
    );
    let killer = scripted_magic(
        "RUL-KILL-R01",
        0,
        vec![effect(
            "main",
            "destroy(my_spirits().named(\"Card R-01\"));",
        )],
    );
    for paid in [true, false] {
        let mut g = game(vec![paladion.clone(), killer.clone()], 112);
        put(&mut g, P0, "RUL-PALADION", Zone::Field(P0), 1);
        let small = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        if paid {
            let b = put(&mut g, P0, "B-02", Zone::Hand(P0), 0);
            must(&mut g, Choice::Summon { card: b });
            must(
                &mut g,
                Choice::PayFrom {
                    from: CoreSource::Card(small),
                    soul: false,
                },
            );
            finish_play(&mut g);
            assert!(logged(&g, &Event::Depleted { card: small }));
        } else {
            let k = put(&mut g, P0, "RUL-KILL-R01", Zone::Hand(P0), 0);
            play(&mut g, k);
            assert!(logged(&g, &Event::Destroyed { card: small }));
        }
        assert_eq!(g.zone_of(small), Zone::Trash(P0));
        let h = hand(&g, P0);
        to_p1_main(&mut g);
        let drawn = if paid { 0 } else { 2 };
        assert_eq!(hand(&g, P0), h + drawn, "paid with its last core: {paid}");
    }
}

/// BSS01-115 Flying Ark — rulings-cards.json #72.
/// Q: if Flying Ark's effect returns my destroyed spirit to my hand, do other effects that
/// work on its destruction still work? A: yes, the spirit was destroyed.
/// Stand-ins: two nexuses that, from the start of the opponent's attack step, watch for the
/// destruction of your spirits: the first returns the spirit to the hand, the second gives
/// one life. Rules: BS-6.6, BS-8.4 (both triggered by the same destruction).
#[test]
fn bss01_115_flying_ark_returning_the_destroyed_spirit_keeps_other_triggers() {
    let ark = nexus(
        "RUL-ARK",
        vec![effect(
            "start_of_opponent_attack_step",
            "when(ev_destroyed(my_spirits(), false, false), || { return_to_hand(event_cards()); });",
        )],
    );
    let watcher = nexus(
        "RUL-WATCHER",
        vec![effect(
            "start_of_opponent_attack_step",
            "when(ev_destroyed(my_spirits(), false, false), || { gain_life(1); });",
        )],
    );
    let mut g = game(vec![ark, watcher], 113);
    to_p1_main(&mut g);
    let ark = put(&mut g, P0, "RUL-ARK", Zone::Field(P0), 0);
    put(&mut g, P0, "RUL-WATCHER", Zone::Field(P0), 0);
    let blocker = put(&mut g, P0, "R-02", Zone::Field(P0), 1); // 2000 BP
    let attacker = put(&mut g, P1, "B-06", Zone::Field(P1), 1); // 6000 BP
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    resolve_next(&mut g, ark); // both start-of-step effects are due at once (BS-8.4)
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    // Both watchers are due at once; the return to the hand resolves first.
    resolve_next(&mut g, ark);
    assert_eq!(g.zone_of(blocker), Zone::Hand(P0), "returned to the hand");
    assert_eq!(g.life(P0), life + 1, "the other watcher still worked");
}
