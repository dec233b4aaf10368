//! A line-battle board's numbers and default filler (`docs/scenarios.md`, "Numbers are
//! never cut to fit", "The board"): a turn outside 1–1000, a `deck_filler`, LP or DP past
//! their bounds are broken at their field before any card is made; the default filler
//! comes from the file's own pack first; a library too small for a deck says so (LB-0.1 …
//! LB-0.4).

use std::path::Path;

use engine::rules::line_battle::LineLibrary;
use engine::rules::line_battle::scenario::LineBattleScenarios;
use engine::rules::line_battle::testkit::{creature, master};
use engine::script::ScriptSources;
use engine::tools::scenario::{ScenarioResult, Status, run_file};

/// A master with 20 LP and two plain creatures: `A-FILL` sorts first by id.
fn library() -> LineLibrary {
    let defs = vec![
        master("M", Some(20)),
        creature("A-FILL", 1, 1, 1, 0),
        creature("Z-FILL", 1, 1, 1, 0),
    ];
    LineLibrary::new(defs, &ScriptSources::default()).expect("library builds")
}

fn run(board: &str, expect: &str, own: &[Vec<String>]) -> ScenarioResult {
    let text = format!("scenarios:\n  - name: x\n    board: {board}\n    expect: {expect}\n");
    let mut r = run_file::<LineBattleScenarios>(Path::new("lb.yaml"), &text, &library(), own)
        .expect("parses");
    r.remove(0)
}

fn broken_at(r: &ScenarioResult, field: &str, message: &str) {
    assert_eq!(r.status, Status::Broken, "{r:?}");
    assert_eq!(r.failures[0].field, field, "{r:?}");
    assert_eq!(r.failures[0].message, message, "{r:?}");
}

#[test]
fn a_turn_outside_1_to_1000_is_broken_at_board_turn() {
    // Turns count from 1 (LB-0.3's first turn): turn 0 at the start phase once panicked.
    for turn in ["0", "-1", "1001"] {
        let r = run(&format!("{{turn: {turn}, phase: start}}"), "{}", &[]);
        broken_at(
            &r,
            "scenarios[0].board.turn",
            "the turn must be between 1 and 1000",
        );
    }
    // Turn 1 at the start phase: the first player's first turn has no draw (LB-0.3).
    let r = run(
        "{turn: 1, phase: start, p1: {deck_filler: 3}}",
        "{p1: {hand_size: 0, deck_size: 3, dp: 8}}",
        &[],
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
}

#[test]
fn a_huge_deck_filler_is_broken_before_the_deck_is_built() {
    let r = run("{p1: {deck_filler: 4000000000}}", "{}", &[]);
    broken_at(
        &r,
        "scenarios[0].board.p1.deck_filler",
        "at most 1000 filler cards",
    );
    // `deck_filler` counts filler cards only: named cards come on top (as in Battle Spirits).
    let r = run(
        "{p1: {deck: [Z-FILL], deck_filler: 1000}}",
        "{p1: {deck_size: 1001}}",
        &[],
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
}

#[test]
fn lp_and_dp_are_bounded() {
    // LB-0.4: a master at 0 LP has lost; a master card's LP are at most 1000.
    for lp in ["0", "1001", "2000000000"] {
        let r = run(&format!("{{p1: {{lp: {lp}}}}}"), "{}", &[]);
        broken_at(
            &r,
            "scenarios[0].board.p1.lp",
            "LP must be between 1 and 1000",
        );
    }
    let r = run("{p2: {dp: 2000000000}}", "{}", &[]);
    broken_at(
        &r,
        "scenarios[0].board.p2.dp",
        "DP must be between 0 and 1000",
    );
    let r = run(
        "{p1: {lp: 1000, dp: 1000}}",
        "{p1: {lp: 1000, dp: 1000}}",
        &[],
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
}

#[test]
fn the_default_filler_comes_from_the_files_own_pack_first() {
    // The own pack holds Z-FILL; the library's first creature by id is A-FILL.
    let own = vec![
        vec!["M".to_string(), "Z-FILL".to_string()],
        vec!["A-FILL".to_string()],
    ];
    let r = run(
        "{turn: 3, phase: start, p1: {deck_filler: 2}}",
        "{p1: {hand: [Z-FILL]}}",
        &own,
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
    // No pack order given: the whole library is one pack, the first by id.
    let r = run(
        "{turn: 3, phase: start, p1: {deck_filler: 2}}",
        "{p1: {hand: [A-FILL]}}",
        &[],
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
}

/// Too few cards for a legal deck (LB-0.1: 40 cards, 3 copies each) says so in words that
/// count right: "1 master", "2 creatures".
#[test]
fn a_library_too_small_for_a_deck_counts_its_cards_in_words() {
    use engine::rules::line_battle::LineBattleConfig;
    use engine::rules::line_battle::exercise::LineBattleExercise;
    let lib = library();
    let ex = LineBattleExercise {
        library: &lib,
        config: LineBattleConfig::default(),
    };
    let e = ex.deck(1, 0).unwrap_err();
    assert_eq!(
        e,
        "2 creatures at 3 copies and 1 master make no deck of 40 (LB-0.1)"
    );
}

/// The first player's first turn skips the draw and the battle phase (LB-0.3); the log says
/// so once, without parentheses inside parentheses.
#[test]
fn the_first_turns_skipped_phases_read_cleanly_in_the_log() {
    let r = run(
        "{turn: 1, phase: start, p1: {deck_filler: 2}}",
        "{p1: {hand_size: 0}, log: [\"draw phase skipped (the first player's first turn, LB-0.3)\"]}",
        &[],
    );
    assert_eq!(r.status, Status::Passed, "{r:?}");
}
