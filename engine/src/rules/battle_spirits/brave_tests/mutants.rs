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
