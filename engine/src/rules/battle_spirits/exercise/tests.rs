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

/// The causes table counts exactly the effects outside the goal set (executable and seen
/// firing), each under one cause: a gap first, then a failure, then an inert reason.
#[test]
fn the_causes_count_every_effect_outside_the_goal_set_once() {
    let r = run(2, 8);
    let total: usize = causes(&r.effects).iter().map(|(_, n)| n).sum();
    assert_eq!(total, r.totals.effects - r.totals.executable_and_fired);
    let row = |gaps: Vec<&str>, fired: u64, threw: u64, inert: &str| EffectReport {
        card: "X".into(),
        effect: 0,
        text: String::new(),
        gaps: gaps.into_iter().map(str::to_string).collect(),
        in_decks: 1,
        started: fired,
        evaluated: 0,
        fired,
        threw: (threw > 0)
            .then(|| ("x:1: boom".to_string(), threw))
            .into_iter()
            .collect(),
        inert: (!inert.is_empty())
            .then(|| (inert.to_string(), 1))
            .into_iter()
            .collect(),
        executable_and_fired: false,
    };
    let gap = row(
        vec!["not understood: card text …; write a script"],
        3,
        1,
        "",
    );
    assert_eq!(gap.cause().as_deref(), Some("gap: not understood"));
    assert_eq!(row(vec![], 3, 0, "").cause(), None);
    assert_eq!(row(vec![], 0, 2, "why").cause().as_deref(), Some("threw"));
    let inert = row(vec![], 0, 0, "no legal target (the opponent has no spirit)");
    assert_eq!(inert.cause().as_deref(), Some("inert: no legal target"));
    assert_eq!(
        row(vec![], 0, 0, "").cause().as_deref(),
        Some("never reached (its timing never came)")
    );
    // BS-8.1: a constant effect is evaluated, never started; one that never gave anything
    // has its own cause, so "started, never acted" means an effect that did start.
    let evaluated = EffectReport {
        evaluated: 40,
        ..row(vec![], 0, 0, "")
    };
    assert!(evaluated.reached());
    assert_eq!(
        evaluated.cause().as_deref(),
        Some("constant evaluated, never acted (no modifier, its watchers never matched)")
    );
    let started = EffectReport {
        started: 2,
        ..evaluated
    };
    assert_eq!(
        started.cause().as_deref(),
        Some("started, never acted (its condition never met)")
    );
}
