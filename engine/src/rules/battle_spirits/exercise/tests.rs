//! Exercise on the synthetic library: deterministic for a seed whatever the thread count,
//! every card in a deck, the totals add up.

use super::*;

fn run(threads: usize, games: u64) -> ExerciseReport {
    let lib = crate::rules::battle_spirits::testkit::synthetic_library();
    let cfg = ExerciseConfig {
        games,
        seed: 11,
        decision_cap: crate::players::DEFAULT_DECISION_CAP,
        threads: Some(threads),
    };
    exercise(&lib, &RulesConfig::saga(), &cfg, &|| {})
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let one = run(1, 8);
    let two = run(2, 8);
    assert_eq!(one, two);
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
}

#[test]
fn every_card_is_in_a_deck_and_the_totals_add_up() {
    let r = run(2, 8);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert!(r.cards_in_no_deck.is_empty(), "{:?}", r.cards_in_no_deck);
    let t = &r.totals;
    assert_eq!(t.effects, r.effects.len());
    assert_eq!(
        t.effects,
        crate::rules::battle_spirits::testkit::synthetic_library()
            .iter()
            .map(|c| c.effects.len())
            .sum::<usize>()
    );
    // Every effect is fired, inert only, threw or never reached (threw may overlap fired).
    assert!(t.fired + t.inert_only + t.never_reached >= t.effects - t.threw);
    assert!(t.executable_and_fired <= t.fired.min(t.executable));
}
