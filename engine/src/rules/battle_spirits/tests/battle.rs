//! BS-6: attacks, flash timings and priority, blocks, life, battle results, attacking again.

use super::*;

/// P1 (turn 2) attacks with a fresh attacker; returns (game, attacker).
fn attack_with(
    id: &str,
    cores: u32,
    blocker: Option<(&str, u32)>,
) -> (Game, InstanceId, Option<InstanceId>) {
    let mut g = main2();
    let a = on_field(&mut g, P1, id, cores);
    let b = blocker.map(|(bid, bc)| on_field(&mut g, P0, bid, bc));
    g.answer(Choice::EndMain).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::AttackOrEnd);
    g.answer(Choice::Attack { attacker: a }).unwrap();
    (g, a, b)
}

fn pass_flash(g: &mut Game) {
    let r = req(g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass);
    g.answer(Choice::Pass).unwrap();
}

#[test]
fn bs_6_1_attack_exhausts_only_refreshed_attack_and_no_declaration_ends_step() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    let tired = on_field(&mut g, P1, "B-02", 1);
    g.set_exhausted(tired, true);
    g.answer(Choice::EndMain).unwrap();
    let r = req(&mut g);
    assert!(
        r.is_legal(&Choice::Attack { attacker: a }),
        "summoned this turn may attack"
    );
    assert!(!r.is_legal(&Choice::Attack { attacker: tired }));
    g.answer(Choice::Attack { attacker: a }).unwrap();
    assert!(g.is_exhausted(a));
    assert_eq!(count_hooks(&g, |h| *h == Hook::WhenAttacks { card: a }), 1);
    // New game: end the attack step at once → P0's turn.
    let mut g = main2();
    on_field(&mut g, P1, "B-03", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::EndAttack).unwrap();
    let r = req(&mut g);
    assert_eq!((r.player, g.turn()), (P0, 3));
}

#[test]
fn bs_6_2_flash_timing_defender_first_ends_after_two_passes() {
    let (mut g, _, b) = attack_with("B-03", 1, Some(("R-04", 1)));
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::FlashOrPass, P0),
        "defender first"
    );
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::FlashOrPass, P1),
        "alternates"
    );
    g.answer(Choice::Pass).unwrap();
    assert_eq!(
        req(&mut g).kind,
        DecisionKind::BlockOrNot,
        "two passes end it"
    );
    g.answer(Choice::Block {
        blocker: b.unwrap(),
    })
    .unwrap();
    // BS-6.4: second flash timing, defender first again.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
}

#[test]
fn bs_6_3_block_exhausts_and_no_block_skips_second_flash_timing() {
    let (mut g, a, b) = attack_with("B-03", 1, Some(("R-04", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    let r = req(&mut g);
    assert_eq!(r.player, P0);
    assert!(r.is_legal(&Choice::NoBlock));
    g.answer(Choice::NoBlock).unwrap();
    // No second flash timing: nothing between "not blocked" and the battle's end.
    let log = g.log();
    let i = log
        .iter()
        .position(|e| *e == Event::NotBlocked { attacker: a })
        .unwrap();
    let j = log
        .iter()
        .position(|e| *e == Event::BattleEnded { attacker: a })
        .unwrap();
    assert!(
        !log[i..j]
            .iter()
            .any(|e| matches!(e, Event::FlashPassed { .. }))
    );
    assert_eq!(count_hooks(&g, |h| matches!(h, Hook::WhenBlocks { .. })), 0);
    let (mut g, _, b2) = attack_with("B-03", 1, Some(("R-04", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block {
        blocker: b2.unwrap(),
    })
    .unwrap();
    assert!(g.is_exhausted(b2.unwrap()));
    assert_eq!(
        count_hooks(&g, |h| *h == Hook::WhenBlocks { card: b2.unwrap() }),
        1
    );
    let _ = b;
}

#[test]
fn bs_6_3_1_blocked_attack_takes_no_life_even_if_blocker_is_gone() {
    let (mut g, _, b) = attack_with("B-06", 1, Some(("R-00", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    let b = b.unwrap();
    g.answer(Choice::Block { blocker: b }).unwrap();
    // The blocker leaves before the battle (as an effect would do).
    g.deplete(b);
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert_eq!(g.life(P0), 5);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::LifeReduced { .. }))
    );
}

#[test]
fn bs_6_5_1_unblocked_attack_takes_life_equal_to_symbols() {
    let (mut g, a, _) = attack_with("B-06", 1, None); // 2 blue symbols
    pass_flash(&mut g);
    pass_flash(&mut g);
    // No refreshed blocker: no block decision.
    assert_eq!(g.life(P0), 3);
    // Life cores go to the defender's reserve (+1 from P0's next core step).
    assert_eq!(g.reserve(P0), 4 + 2 + 1);
    assert!(g.log().contains(&Event::LifeReduced {
        player: P0,
        amount: 2,
        by: a,
        left: 3
    }));
    assert_eq!(
        count_hooks(&g, |h| *h == Hook::AfterLifeReduced { player: P0 }),
        1
    );
}

#[test]
fn bs_6_5_2_and_6_6_lower_bp_destroyed_cores_to_owner_reserve() {
    let (mut g, a, b) = attack_with("B-04", 2, Some(("R-03", 3))); // 4000 vs R-03 LV2 5000
    let b = b.unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block { blocker: b }).unwrap();
    let reserve = g.reserve(P1);
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 4000,
        blocker: b,
        blocker_bp: 5000
    }));
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.reserve(P1), reserve + 2);
    assert_eq!(
        count_hooks(&g, |h| *h
            == Hook::WhenDestroyed {
                card: a,
                by_opponent: true
            }),
        1
    );
    assert_eq!(g.life(P0), 5);
}

#[test]
fn bs_6_6_equal_bp_destroys_both() {
    let (mut g, a, b) = attack_with("B-03", 1, Some(("R-03", 1))); // 3000 vs 3000
    let b = b.unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block { blocker: b }).unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
}

#[test]
fn bs_6_7_after_the_battle_the_turn_player_may_attack_again() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    let a2 = on_field(&mut g, P1, "B-02", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Attack { attacker: a }).unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    assert!(r.is_legal(&Choice::Attack { attacker: a2 }));
    assert!(!r.is_legal(&Choice::Attack { attacker: a }));
}

#[test]
fn bs_6_2_flash_use_passes_priority_and_resets_the_passes() {
    let (mut g, _, _) = attack_with("B-03", 1, None);
    let f = to_hand(&mut g, P0, "X-F");
    let bm = to_hand(&mut g, P1, "B-M");
    // Defender first: uses a [Flash] magic, paying for it (BS-11: legal off-turn).
    let r = req(&mut g);
    assert_eq!(r.player, P0);
    assert!(r.is_legal(&Choice::UseMagic { card: f }));
    g.answer(Choice::UseMagic { card: f }).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::PayFrom, P0));
    assert_eq!(pay_from_reserve(&mut g), 1);
    assert_eq!(g.zone_of(f), Zone::Trash(P0));
    // Priority to the attacker, who answers with a flash of their own.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::UseMagic { card: bm }).unwrap();
    pay_from_reserve(&mut g);
    // Then both pass in a row: the timing ends.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::Pass).unwrap();
    assert_eq!(g.life(P0), 4, "no blocker: the attack went through");
}

#[test]
fn bs_6_4_second_flash_timing_after_block_defender_first_two_passes() {
    let (mut g, a, b) = attack_with("B-04", 1, Some(("R-03", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block {
        blocker: b.unwrap(),
    })
    .unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::Pass).unwrap();
    let passes_after_block = g
        .log()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::FlashPassed {
                    window: FlashWindow::AfterBlock,
                    ..
                }
            )
        })
        .count();
    assert_eq!(passes_after_block, 2);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
}
