//! BS-9.8 and BS-9.9: a braved card destroyed, depleted or returned, and where its brave goes.

use super::*;

/// P0's braved R-03 + BR-B (5000 BP) attacks into P1's blocker of `blocker_bp` — set up
/// on turn 3; returns (host, brave, blocker).
fn braved_attack_into(g: &mut Game, blocker: &str) -> (InstanceId, InstanceId, InstanceId) {
    to_turn3(g);
    let host = put(g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(g, P0, "BR-B", Zone::Field(P0), 1);
    let bl = put(g, P1, blocker, Zone::Field(P1), 4);
    brave_onto(g, b, host);
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: host });
    crate::rules::battle_spirits::testkit::pass_flashes(g);
    must(g, Choice::Block { blocker: bl });
    (host, b, bl)
}

#[test]
fn bs_9_8_braved_card_destroyed_in_battle_brave_kept_with_a_core() {
    let mut g = game();
    // B-06 at 4 cores: LV2 9000 > 5000 + 1000 (when attacks) → the braved card loses.
    let (host, b, _) = braved_attack_into(&mut g, "B-06");
    let life = g.life(P0);
    let reserve = g.reserve(P0);
    g.answer(Choice::Pass).unwrap();
    g.answer(Choice::Pass).unwrap();
    // BS-9.8: the host is in the trash and its 2 cores in the reserve; the owner is asked.
    let r = keep_question(&mut g);
    assert_eq!(r.player, P0);
    // The events are undone until the answer; answer: keep it with a reserve core.
    must(
        &mut g,
        Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::DonePlacing);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.host_of(b), None);
    assert_eq!(g.cores_on(b), 1);
    assert_eq!(g.reserve(P0), reserve + 2 - 1);
    // One "when destroyed" firing, for the host, braved effect included (gain 1 life).
    let destroyed: Vec<_> = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::Hook(Hook::WhenDestroyed { .. })))
        .collect();
    assert_eq!(destroyed.len(), 1);
    assert!(g.log().contains(&Event::Hook(Hook::WhenDestroyed {
        card: host,
        by_opponent: true
    })));
    assert_eq!(g.life(P0), life + 1);
    // The kept brave is exhausted like the attacking braved card was.
    assert!(g.is_exhausted(b));
}

#[test]
fn bs_9_8_braved_card_destroyed_brave_not_kept_goes_to_the_trash() {
    let mut g = game();
    let (host, b, _) = braved_attack_into(&mut g, "B-06");
    g.answer(Choice::Pass).unwrap();
    g.answer(Choice::Pass).unwrap();
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.cores_on(host), 0);
}

#[test]
fn bs_9_8_braved_card_depleted_no_when_destroyed() {
    let mut g = game();
    // Set by hand: the host holds no core until the brave's joins it (BS-9.2), so the
    // settled check of strict games (BS-5.3) waits until then.
    g.set_strict(false);
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 0);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    g.set_strict(true);
    assert_eq!(g.cores_on(host), 1);
    let life = g.life(P0);
    // Move the braved card's only core away: depleted at once (BS-5.3).
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: CoreSource::Card(host),
            to: CoreSource::Reserve,
            soul: false,
        },
    );
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: host }));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::Hook(Hook::WhenDestroyed { .. }))),
        "BS-5.3: depletion is not destruction"
    );
    assert_eq!(g.life(P0), life, "the braved 'when destroyed' did not work");
}

#[test]
fn bs_9_8_a_braved_brave_is_never_depleted_on_its_own() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::MoveCores);
    let r = decision(&mut g);
    // It is not a core-movement target (its cores are its host's).
    assert!(!r.choices().any(|c| matches!(
        c,
        Choice::MoveCore {
            to: CoreSource::Card(x),
            ..
        } if *x == b
    )));
    must(&mut g, Choice::DoneMoving);
    assert_eq!(g.host_of(b), Some(host));
}

// ---- BS-9.9 -----------------------------------------------------------------------------

#[test]
fn bs_9_9_returned_to_hand_the_brave_follows_or_stays() {
    for keep in [false, true] {
        let mut g = game();
        let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
        let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
        brave_onto(&mut g, b, host);
        let back = put(&mut g, P0, "BR-BACK", Zone::Hand(P0), 0);
        must(&mut g, Choice::UseMagic { card: back });
        let r = keep_question(&mut g);
        assert!(r.is_legal(&Choice::DropBrave));
        if keep {
            must(
                &mut g,
                Choice::PlaceFrom {
                    from: CoreSource::Reserve,
                    soul: false,
                },
            );
            must(&mut g, Choice::DonePlacing);
        } else {
            must(&mut g, Choice::DropBrave);
        }
        assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
        assert_eq!(g.zone_of(host), Zone::Hand(P0));
        if keep {
            assert_eq!(g.zone_of(b), Zone::Field(P0));
            assert_eq!(g.cores_on(b), 1);
        } else {
            assert_eq!(g.zone_of(b), Zone::Hand(P0), "BS-9.9: it follows its host");
        }
        assert_eq!(g.host_of(b), None);
    }
}

#[test]
fn bs_9_9_returned_to_the_deck_bottom_the_brave_follows() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    // An effect returns the braved card (named by its brave) to the deck bottom, outside
    // any step: the question gets the first option when nothing can record an answer, so
    // drive it as the rules do: `effect_return_to_deck` with replayed answers.
    g.rt.answers = [Choice::DropBrave].into_iter().collect();
    g.rt.no_snapshot = false;
    assert!(g.effect_return_to_deck(b, true, None));
    g.rt.answers.clear();
    assert!(g.rt.asked.is_none());
    assert_eq!(g.zone_of(host), Zone::Deck(P0));
    assert_eq!(g.zone_of(b), Zone::Deck(P0));
    let deck = g.pile(Zone::Deck(P0));
    assert_eq!(
        &deck[..2],
        &[b, host],
        "both at the bottom, the brave below"
    );
    g.check_invariants().unwrap();
}

#[test]
fn bs_9_9_like_put_into_tecoto_the_brave_follows_unless_kept() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    let tec = put(&mut g, P0, "BR-TEC", Zone::Hand(P0), 0);
    must(&mut g, Choice::UseMagic { card: tec });
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Tecoto(P0));
    assert_eq!(g.zone_of(b), Zone::Tecoto(P0));
    assert_eq!(g.host_of(b), None);
}

/// BS-6.6 and BS-9.8: a braved card destroyed at the same time as its blocker (equal BP:
/// B-04 at LV2 6000 against 3000 + 2000 + 1000) is still one spirit destroyed with its
/// brave: the brave leaves the host and its owner is asked whether to keep it.
#[test]
fn bs_9_8_a_braved_card_destroyed_at_equal_bp_asks_to_keep_its_brave() {
    let mut g = game();
    let (host, b, bl) = braved_attack_into(&mut g, "B-04");
    g.answer(Choice::Pass).unwrap();
    g.answer(Choice::Pass).unwrap();
    assert_eq!(keep_question(&mut g).player, P0);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(bl), Zone::Trash(P1), "equal BP: both destroyed");
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.host_of(b), None);
}
