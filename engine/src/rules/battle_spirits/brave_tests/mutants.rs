//! Brave rules that a mutation of `brave.rs` changed without any unit test noticing
//! (`docs/testing.md`, "Mutation testing").

use super::*;

/// BS-9.1: braving links the brave to its host (the link is listed); the condition is
/// read on the host: BR-A needs a host of cost 3 or more.
#[test]
fn bs_9_1_a_brave_link_is_listed_once_the_condition_held() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let low = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    assert!(g.meets_brave_condition(b, host), "R-03 costs 3");
    assert!(!g.meets_brave_condition(b, low), "R-02 costs 2");
    assert!(g.brave_links().is_empty());
    brave_onto(&mut g, b, host);
    assert_eq!(
        g.brave_links(),
        &[super::super::BraveLink { brave: b, host }]
    );
}

/// BS-9.3: one brave per host by default: once BR-A is on R-03, BR-M (no condition) is
/// not offered for it, though it could go onto the free R-02.
#[test]
fn bs_9_3_a_host_with_its_one_brave_takes_no_other() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let free = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    assert!(legal(&mut g, &Choice::Brave { brave: m, host }));
    brave_onto(&mut g, a, host);
    assert!(!legal(&mut g, &Choice::Brave { brave: m, host }));
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: m,
            host: free
        }
    ));
}

/// The loop guard (`brave.rs`): every brave unbraved this turn stays unbraved this turn,
/// also after another brave was unbraved since (the guard keeps each move of the turn).
#[test]
fn a_brave_unbraved_this_turn_is_not_braved_again_after_another_unbraves() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    brave_onto(&mut g, m, h2);
    for b in [a, m] {
        unbrave_keeping_one(&mut g, b);
    }
    assert_eq!((g.host_of(a), g.host_of(m)), (None, None));
    assert!(!legal(&mut g, &Choice::Brave { brave: a, host: h1 }));
    assert!(!legal(&mut g, &Choice::Brave { brave: m, host: h2 }));
}

/// BS-5.1.1: only the host keeps its minimum level while a brave summoned onto it is paid
/// for: once the host is down to its one core, another spirit with cores to spare still
/// pays (BS-5.2 step 5).
#[test]
fn bs_5_1_1_only_the_host_is_held_at_its_minimum_while_paying() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let other = put(&mut g, P0, "R-02", Zone::Field(P0), 2);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    must(&mut g, Choice::SummonOnto { card: b, host });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert!(!r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(host),
        soul: false
    }));
    assert!(r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(other),
        soul: false
    }));
}
