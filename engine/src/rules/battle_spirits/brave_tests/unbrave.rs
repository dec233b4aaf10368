//! BS-9.5 and BS-9.7: unbraving (kept with a core or to the trash) and swapping braves.

use super::*;

#[test]
fn bs_9_5_unbrave_and_keep_with_a_core() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    let reserve = g.reserve(P0);
    must(&mut g, Choice::Unbrave { brave: b });
    let r = keep_question(&mut g);
    assert_eq!(r.player, P0);
    assert!(!r.is_legal(&Choice::DonePlacing), "below the minimum level");
    assert!(r.is_legal(&Choice::DropBrave));
    let before = g.to_json();
    assert!(matches!(
        g.answer(Choice::DonePlacing),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.to_json(), before, "an illegal answer changes nothing");
    must(
        &mut g,
        Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    let r = keep_question(&mut g);
    assert!(r.is_legal(&Choice::DonePlacing));
    must(&mut g, Choice::DonePlacing);
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.host_of(b), None);
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.cores_on(b), 1);
    assert_eq!(g.reserve(P0), reserve - 1);
    assert_eq!(g.bp(host), 3000);
    assert_eq!(g.bp(b), 2000);
    assert!(g.log().contains(&Event::Unbraved { brave: b, host }));
    // Loop guard: an unbraved brave is not braved again this turn.
    assert!(!legal(&mut g, &Choice::Brave { brave: b, host }));
    to_turn3(&mut g);
    assert!(legal(&mut g, &Choice::Brave { brave: b, host }));
}

#[test]
fn bs_9_5_unbrave_without_cores_goes_to_the_trash() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::Unbrave { brave: b });
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.cores_on(host), 2, "the cores stay on the host");
    assert_eq!(g.bp(host), 3000);
}

#[test]
fn bs_9_7_swap_braves_at_once() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    brave_onto(&mut g, b, h2);
    let reserve = g.reserve(P0);
    let choice = Choice::SwapBraves {
        first: h1,
        second: h2,
    };
    assert!(legal(&mut g, &choice));
    must(&mut g, choice.clone());
    assert_eq!(g.host_of(a), Some(h2));
    assert_eq!(g.host_of(b), Some(h1));
    assert_eq!(g.reserve(P0), reserve, "no cores needed in between");
    assert_eq!((g.cores_on(h1), g.cores_on(h2)), (2, 2));
    assert_eq!(g.bp(h1), 3000 + 2000);
    assert_eq!(g.bp(h2), 4000 + 3000);
    assert!(g.log().contains(&Event::Unbraved { brave: a, host: h1 }));
    assert!(g.log().contains(&Event::Braved { brave: a, host: h2 }));
    // Loop guard: each brave swaps at most once a turn.
    assert!(!legal(&mut g, &choice));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}

#[test]
fn bs_9_7_swap_onto_an_exhausted_host_exhausts_it() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    g.set_exhausted(h1, true);
    must(
        &mut g,
        Choice::SwapBraves {
            first: h1,
            second: h2,
        },
    );
    // BS-9.4 through BS-9.7: the brave was part of an exhausted card.
    assert!(g.is_exhausted(h2));
    assert_eq!(g.host_of(a), Some(h2));
}

#[test]
fn bs_9_7_swap_needs_both_conditions_and_can_move_onto_a_free_host() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let big = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let h3 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, h1);
    brave_onto(&mut g, a, big);
    // BR-B may not go onto R-06 (cost 6 > 4): no swap of h1 and big.
    let bad = Choice::SwapBraves {
        first: h1,
        second: big,
    };
    assert!(matches!(
        g.answer(bad),
        Err(AnswerError::NotAnOption { .. })
    ));
    // Moving BR-B onto R-04 (no brave) is a swap too.
    must(
        &mut g,
        Choice::SwapBraves {
            first: h1,
            second: h3,
        },
    );
    assert_eq!(g.host_of(b), Some(h3));
    assert!(g.braves_on(h1).is_empty());
    assert_eq!(g.bp(h1), 3000);
    assert_eq!(g.bp(h3), 4000 + 2000);
}
