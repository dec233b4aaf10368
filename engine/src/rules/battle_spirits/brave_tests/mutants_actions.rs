//! Brave actions (`brave/actions.rs`) that a mutation changed without any unit test
//! noticing (`docs/testing.md`, "Mutation testing").

use super::*;

/// Empties `p`'s reserve, the soul core included (to the trash: no core is lost, BS-0.5).
fn empty_reserve(g: &mut Game, p: PlayerId) {
    while let Some(c) = g.core_at(CoreLoc::Reserve(p), false) {
        g.move_core(c, None);
    }
    if let Some(soul) = g.core_at(CoreLoc::Reserve(p), true) {
        g.move_core(soul, Some(CoreLoc::Trash(p)));
    }
    g.cached = None;
}

fn summon_onto_count(g: &mut Game, host: InstanceId) -> usize {
    decision(g)
        .options
        .iter()
        .filter(|o| matches!(o.choice, Choice::SummonOnto { host: h, .. } if h == host))
        .count()
}

/// BS-5.1.1: a brave summoned onto a host is paid for without taking the host below its
/// lowest level. BR-B costs 2 (no reduction); with no reserve, a host of 2 cores has 1 to
/// spare (not enough), a host of 3 has 2 (enough).
#[test]
fn bs_5_1_1_summon_onto_needs_the_cost_beyond_the_hosts_lowest_level() {
    let mut g = game();
    empty_reserve(&mut g, P0);
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 2);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    assert_eq!(g.available_cores(P0), 2);
    assert!(!legal(&mut g, &Choice::SummonOnto { card: b, host }));
    g.core_from_void(false, CoreLoc::Card(host));
    g.cached = None;
    assert!(legal(&mut g, &Choice::SummonOnto { card: b, host }));
}

/// BS-5.1.1, BS-5.6: one `SummonOnto` option per brave card and host, however many copies
/// are in the hand, and none for a card that is not a brave.
#[test]
fn bs_5_1_1_summon_onto_is_offered_once_per_brave_and_only_for_braves() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    let second = (0..g.st.cards.len() as u32)
        .map(InstanceId)
        .find(|c| g.card_id(*c) == "BR-B" && g.owner(*c) == P0 && g.zone_of(*c) != Zone::Hand(P0))
        .expect("a second BR-B");
    g.move_card(second, Zone::Hand(P0));
    let spirit = put(&mut g, P0, "R-02", Zone::Hand(P0), 0);
    g.cached = None;
    assert_eq!(summon_onto_count(&mut g, host), 1, "two copies, one option");
    assert!(!legal(&mut g, &Choice::SummonOnto { card: spirit, host }));
}

/// BS-9.7: a swap moves the braves of `first` (it has at least one); each pair of hosts is
/// offered once. One brave on the higher-numbered host: it may move onto the free one, and
/// the same move is not offered the other way round. Braves on both: one option.
#[test]
fn bs_9_7_each_swap_is_offered_once_from_the_host_with_braves() {
    let mut g = game();
    let x = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let (lo, hi) = (x.min(y), x.max(y));
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, a, hi);
    let swaps = |g: &mut Game| -> Vec<(InstanceId, InstanceId)> {
        decision(g)
            .options
            .iter()
            .filter_map(|o| match o.choice {
                Choice::SwapBraves { first, second } => Some((first, second)),
                _ => None,
            })
            .filter(|(f, s)| [lo, hi].contains(f) && [lo, hi].contains(s))
            .collect()
    };
    assert_eq!(swaps(&mut g), vec![(hi, lo)]);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    brave_onto(&mut g, m, lo);
    assert_eq!(swaps(&mut g), vec![(lo, hi)]);
}

/// BS-9.5: an unbraved brave takes its host's orientation; when it already has it, nothing
/// turns (no "refreshed" happening for it).
#[test]
fn bs_9_5_an_unbraved_brave_of_the_same_orientation_is_not_turned() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    assert!(!g.is_exhausted(host) && !g.is_exhausted(b));
    let from = g.log().len();
    unbrave_keeping_one(&mut g, b);
    assert_eq!(g.host_of(b), None);
    assert_eq!(g.zone_of(b), Zone::Field(P0), "kept in spirit form");
    assert!(!g.is_exhausted(b));
    let turned = g.log()[from..]
        .iter()
        .any(|e| matches!(e, Event::Refreshed { card } | Event::Exhausted { card } if *card == b));
    assert!(!turned, "{:?}", &g.log()[from..]);
}

/// BS-9.1, BS-9.8: a card off the field is in no brave link, whatever moved it: a host
/// gone leaves its brave on the field, unlinked; a brave gone leaves its host. Each move
/// ends only the links of the card that moved.
#[test]
fn bs_9_a_card_leaving_the_field_ends_only_its_own_brave_links() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    brave_onto(&mut g, m, h2);
    g.move_all_cores(CoreLoc::Card(h1), Some(CoreLoc::Reserve(P0)));
    g.move_card(h1, Zone::Trash(P0));
    assert_eq!((g.host_of(a), g.zone_of(a)), (None, Zone::Field(P0)));
    assert_eq!(g.host_of(m), Some(h2), "the other link stays");
    g.move_card(m, Zone::Hand(P0));
    assert!(g.braves_on(h2).is_empty());
    assert!(g.brave_links().is_empty());
    g.check_invariants().unwrap();
}

/// BS-5.1.1, BS-9.5: a host gone while a brave summoned onto it is paid for leaves the
/// brave to be kept with cores or sent to the trash — asked first; dropped, it goes to the
/// trash and its "when summoned" (BR-B: draw 1) does not work.
#[test]
fn bs_5_1_1_a_brave_whose_host_left_during_payment_is_kept_or_trashed_first() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    must(&mut g, Choice::SummonOnto { card: b, host });
    let pay = Choice::PayFrom {
        from: CoreSource::Reserve,
        soul: false,
    };
    must(&mut g, pay.clone());
    // The host leaves before the last core is paid (as an effect during the payment would).
    g.move_all_cores(CoreLoc::Card(host), Some(CoreLoc::Reserve(P0)));
    g.move_card(host, Zone::Trash(P0));
    g.cached = None;
    // The hand without the brave (it is there until its payment ends).
    let hand = g.pile(Zone::Hand(P0)).len() - usize::from(g.zone_of(b) == Zone::Hand(P0));
    must(&mut g, pay);
    let r = keep_question(&mut g);
    assert!(r.is_legal(&Choice::DropBrave), "{r:?}");
    assert!(
        !g.log()
            .contains(&Event::Hook(Hook::WhenSummoned { card: b })),
        "nothing works before the keep question is answered"
    );
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand, "no card drawn");
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}
