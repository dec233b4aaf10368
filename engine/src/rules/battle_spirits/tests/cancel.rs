//! Cancelling a play before its cost is paid (BS-5.2 step 5; a [Flash] use, BS-6.2), and
//! the pass-only flash timings an auto-pass setting answers (BS-6.2).

use super::*;
use crate::core::Rules;

/// P0's turn 1 main step with P0's seat offered cancel; a field spirit with 3 cores and a
/// hand spirit of cost 2 to summon.
fn summoning() -> (Game, InstanceId, InstanceId) {
    let mut g = main1();
    // Invariants (BS-0.5) after every event, and every undone step checked.
    g.set_strict(true);
    g.set_cancel([true, false]);
    let s = on_field(&mut g, P0, "B-01", 3);
    let c = to_hand(&mut g, P0, "R-02");
    (g, s, c)
}

#[test]
fn bs_5_2_cancel_mid_payment_restores_the_state_exactly_and_asks_again() {
    let (mut g, s, c) = summoning();
    let before_req = req(&mut g);
    let before = g.to_json();
    let (log, answers) = (g.log().len(), g.answers().len());
    g.answer(Choice::Summon { card: c }).unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert_eq!(r.options.last().map(|o| &o.choice), Some(&Choice::Cancel));
    // One core paid from the spirit (BS-5.2 step 5: it goes to the trash at once) …
    g.answer(Choice::PayFrom {
        from: CoreSource::Card(s),
        soul: false,
    })
    .unwrap();
    assert_eq!((g.cores_on(s), g.cores_at(CoreLoc::Trash(P0))), (2, 1));
    assert!(req(&mut g).is_legal(&Choice::Cancel));
    // … and taken back: the card in hand, the core on the spirit, nothing logged.
    g.answer(Choice::Cancel).unwrap();
    assert_eq!(g.to_json(), before, "the saved state is byte-identical");
    assert_eq!((g.log().len(), g.answers().len()), (log, answers));
    assert_eq!(g.zone_of(c), Zone::Hand(P0));
    assert_eq!((g.cores_on(s), g.cores_at(CoreLoc::Trash(P0))), (3, 0));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Played { .. })));
    assert_eq!(
        req(&mut g),
        before_req,
        "the same decision is offered again"
    );
}

#[test]
fn bs_5_2_step_6_placement_after_payment_is_not_cancellable() {
    let (mut g, _, c) = summoning();
    g.answer(Choice::Summon { card: c }).unwrap();
    // R-02 costs 2 with no red symbol on the field (BS-5.2): two cores paid.
    assert_eq!(pay_from_reserve(&mut g), 2);
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PlaceCore);
    assert!(!r.is_legal(&Choice::Cancel));
    assert!(matches!(
        g.answer(Choice::Cancel),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.zone_of(c), Zone::Field(P0));
}

#[test]
fn bs_5_2_a_seat_not_offered_cancel_never_sees_it() {
    // Robots' seats are never marked: their options stay as they were.
    let mut g = main1();
    let c = to_hand(&mut g, P0, "R-02");
    g.set_cancel([false, true]);
    g.answer(Choice::Summon { card: c }).unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert!(!r.is_legal(&Choice::Cancel));
    assert!(g.answer(Choice::Cancel).is_err());
}

#[test]
fn bs_6_2_cancelling_a_flash_magic_returns_to_the_same_flash_timing() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Attack { attacker: a }).unwrap();
    g.set_cancel([true, true]);
    let f = to_hand(&mut g, P0, "X-F");
    let flash = req(&mut g);
    assert_eq!((flash.kind, flash.player), (DecisionKind::FlashOrPass, P0));
    let before = g.to_json();
    g.answer(Choice::UseMagic { card: f }).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::PayFrom);
    g.answer(Choice::Cancel).unwrap();
    assert_eq!(g.to_json(), before);
    assert_eq!(req(&mut g), flash);
    // Paid in full, it resolves (BS-5.5) and priority passes (BS-6.2): nothing to cancel.
    g.answer(Choice::UseMagic { card: f }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 1);
    assert_eq!(g.zone_of(f), Zone::Trash(P0));
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    assert!(!r.is_legal(&Choice::Cancel));
}

#[test]
fn bs_5_2_a_game_with_a_cancel_replays_exactly() {
    // Only answers (no board set by hand), so that a replay can make the same game.
    let mut g = main1();
    g.set_cancel([true, false]);
    // A summon with cores to pay (the label says how many, BS-5.2 step 5).
    let summon = req(&mut g)
        .options
        .into_iter()
        .find(|o| matches!(o.choice, Choice::Summon { .. }) && !o.label.contains("pay 0"))
        .expect("the opening hand has a spirit to pay for")
        .choice;
    g.answer(summon.clone()).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::PayFrom);
    g.answer(Choice::Cancel).unwrap();
    // Summoned for real this time, then the turn ends.
    g.answer(summon).unwrap();
    pay_from_reserve(&mut g);
    place_from_reserve(&mut g, 1);
    g.answer(Choice::EndMain).unwrap();
    assert!(!g.answers().contains(&Choice::Cancel));
    let replayed = Replay::of(&g).play(g.library().clone()).unwrap();
    assert_eq!(replayed.log_hash(), g.log_hash());
    assert_eq!(replayed.to_json(), g.to_json());
}

#[test]
fn bs_6_2_only_pass_is_a_flash_timing_with_nothing_to_use() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Attack { attacker: a }).unwrap();
    // The defender holds no [Flash] card: passing is all it can do.
    for c in g.pile(Zone::Hand(P0)).to_vec() {
        if g.card_id(c) == "X-F" {
            g.move_card(c, Zone::Trash(P0));
        }
    }
    g.cached = None;
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass);
    assert_eq!(r.options.len(), 1);
    assert!(<Game as Rules>::only_pass(&r));
    // With a [Flash] magic it can pay for, it is asked.
    to_hand(&mut g, P0, "X-F");
    let r = req(&mut g);
    assert!(r.options.len() > 1 && !<Game as Rules>::only_pass(&r));
}
