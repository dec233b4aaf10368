//! Keeping a brave that came off its host (`brave/keep.rs`): rules a mutation changed
//! without any unit test noticing (`docs/testing.md`, "Mutation testing").

use super::*;
use crate::rules::battle_spirits::brave::Otherwise;

fn place_from(from: CoreSource) -> Choice {
    Choice::PlaceFrom { from, soul: false }
}

/// BS-9.5: the keep question offers the reserve once and each own field card with a core
/// to spare; "drop" only while the brave is below its lowest level (BR-A: 1 core), and
/// "done" once it has it.
#[test]
fn bs_9_5_the_keep_question_offers_each_source_once_and_drop_only_below_the_minimum() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let other = put(&mut g, P0, "R-02", Zone::Field(P0), 3);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::Unbrave { brave: b });
    let r = keep_question(&mut g);
    let count = |r: &crate::DecisionRequest, c: &Choice| {
        r.options.iter().filter(|o| o.choice == *c).count()
    };
    assert_eq!(count(&r, &place_from(CoreSource::Reserve)), 1, "{r:?}");
    assert_eq!(count(&r, &place_from(CoreSource::Card(other))), 1, "{r:?}");
    assert!(r.is_legal(&Choice::DropBrave));
    assert!(!r.is_legal(&Choice::DonePlacing));
    must(&mut g, place_from(CoreSource::Card(other)));
    let r = keep_question(&mut g);
    assert!(r.is_legal(&Choice::DonePlacing));
    assert!(
        !r.is_legal(&Choice::DropBrave),
        "1 core placed: the minimum"
    );
    must(&mut g, Choice::DonePlacing);
    assert_eq!((g.cores_on(b), g.cores_on(other)), (1, 2));
}

/// BS-5.2 step 6, BS-9.8: a braved host depleted by the cores taken for a spirit being
/// summoned loses its brave; the keep question that follows does not take cores from the
/// spirit still being placed (it is spared until its placement ends).
#[test]
fn bs_9_8_a_brave_kept_during_a_placement_takes_no_core_from_the_card_being_placed() {
    let mut g = game();
    // Set by hand: the host holds no core until the brave's joins it (BS-9.2).
    g.set_strict(false);
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 0);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    g.set_strict(true);
    assert_eq!(g.cores_on(host), 1);
    let s = put(&mut g, P0, "R-02", Zone::Hand(P0), 0);
    must(&mut g, Choice::Summon { card: s });
    while decision(&mut g).kind == DecisionKind::PayFrom {
        must(
            &mut g,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false,
            },
        );
    }
    assert_eq!(decision(&mut g).kind, DecisionKind::PlaceCore);
    must(&mut g, place_from(CoreSource::Reserve));
    // The host's one core onto the new spirit: the host is depleted (BS-5.3, BS-9.8).
    must(&mut g, place_from(CoreSource::Card(host)));
    // The question is asked from inside the step (the state shown is the step's start).
    let r = keep_question(&mut g);
    assert!(r.is_legal(&Choice::DropBrave), "{r:?}");
    assert!(r.is_legal(&place_from(CoreSource::Reserve)), "{r:?}");
    assert!(!r.is_legal(&place_from(CoreSource::Card(s))), "{r:?}");
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(
        (g.zone_of(s), g.cores_on(s)),
        (Zone::Field(P0), 2),
        "spared, then placed"
    );
}

/// BS-9.5: keeping a brave that is no longer on the field asks nothing; it says the step
/// went on (true), for one brave and for several.
#[test]
fn bs_9_5_keeping_a_brave_off_the_field_asks_nothing() {
    let mut g = game();
    let a = put(&mut g, P0, "BR-A", Zone::Trash(P0), 0);
    let m = put(&mut g, P0, "BR-M", Zone::Trash(P0), 0);
    assert!(g.keep_or_else(a, Otherwise::Trash));
    assert!(g.keep_braves(vec![a, m], Otherwise::Trash));
    assert!(g.st.scripts.pending.is_none());
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}
