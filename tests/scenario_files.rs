//! `cardscript test` as a user meets it: the project's scenario files
//! (`tests/scenarios/`, one per rule section; `tests/phrases/`, the phrase proofs) and
//! the demo pack's own (`tests/` of the pack) all pass under `cargo test`; a failing scenario prints expected, actual and the
//! log tail and exits non-zero; a broken file is named with line and field; `--json`; the
//! default deck filler is a deckable card of the own pack.

mod support;

use support::{cardscript, text};

/// `cardscript test DIR` passes with at least one scenario run, none failed or broken.
fn all_pass(dir: &str) {
    let o = cardscript(&["test", dir]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains(" 0 failed, 0 broken"), "{out}");
    assert!(!out.contains("\n0 passed"), "{out}");
}

#[test]
fn the_projects_rule_scenarios_pass() {
    all_pass("tests/scenarios");
}

/// Every phrasebook phrase proven by play (`tests/phrases/`, one file per phrasebook
/// section; `docs/scenarios.md` "Phrase proofs"): each proof passes or is skipped with
/// its reason.
#[test]
fn every_phrase_proof_passes() {
    all_pass("tests/phrases");
}

/// The second game's scenarios (`docs/scenarios.md`, "Line battle"), one file per LB rule
/// section, run by the same runner with the line battle's words.
#[test]
fn the_line_battle_demo_packs_scenarios_pass() {
    all_pass("scripts/line-battle-demo");
}

#[test]
fn the_demo_packs_own_scenarios_pass() {
    let o = cardscript(&["test", "scripts/battle-spirits-demo"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("tests/red.yaml"),
        "the pack's tests/ folder: {out}"
    );
    assert!(out.contains(" 0 failed, 0 broken"), "{out}");
}

#[test]
fn a_failing_scenario_prints_the_diff_and_the_log_tail_and_exits_non_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("wrong.yaml");
    std::fs::write(
        &f,
        "scenarios:\n  - name: an unblocked attack takes 1 life (BS-6.5.1)\n    board:\n      p1:\n        field: [{card: Cinder Pup, as: pup}, {card: Sparkling Squire}]\n    do: [end_main, {attack: pup}, pass_all]\n    expect:\n      p2: {life: 3}\n",
    )
    .unwrap();
    let o = cardscript(&["test", f.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("wrong.yaml:8: field `scenarios[0].expect.p2.life`"),
        "{out}"
    );
    assert!(
        out.contains("expected: 3") && out.contains("actual:   4"),
        "{out}"
    );
    assert!(
        out.contains("loses 1 life to Cinder Pup"),
        "the log tail: {out}"
    );
    assert!(out.contains("0 passed, 1 failed"), "{out}");
}

#[test]
fn a_broken_scenario_file_names_file_line_field_and_a_did_you_mean() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("broken.yaml");
    std::fs::write(
        &f,
        "scenarios:\n  - name: typo\n    board:\n      p1:\n        hand: [Kiln Lizzard]\n    do:\n      - end_main\n",
    )
    .unwrap();
    let o = cardscript(&["test", f.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains(
            "broken.yaml:5: field `scenarios[0].board.p1.hand[0]`: no card `Kiln Lizzard`"
        ),
        "{out}"
    );
    assert!(out.contains("did you mean `Kiln Lizard`?"), "{out}");
    std::fs::write(
        &f,
        "scenarios:\n  - name: typo\n    board: {}\n    do:\n      - atack: x\n",
    )
    .unwrap();
    let out = text(&cardscript(&["test", f.to_str().unwrap()]));
    assert!(
        out.contains("broken.yaml:5:9: field `scenarios[0].do[0]`: unknown value `atack` (help: did you mean `attack`?)"),
        "{out}"
    );
}

#[test]
fn json_output_has_every_result_and_the_totals() {
    let o = cardscript(&["test", "tests/scenarios", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let passed = v["totals"]["passed"].as_u64().unwrap();
    // The real-card scenarios skip when ../shared/data is not beside the checkout.
    let skipped = v["totals"]["skipped"].as_u64().unwrap();
    let results: usize = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["results"].as_array().unwrap().len())
        .sum();
    assert!(passed > 0);
    assert_eq!((passed + skipped) as usize, results);
    assert_eq!(v["totals"]["failed"], 0);
    assert_eq!(v["files"][0]["results"][0]["status"], "passed");
}

#[test]
fn the_official_rulings_on_the_real_cards_pass_or_skip_without_the_data() {
    let o = cardscript(&["test", "tests/rulings"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    if support::shared_data().is_none() {
        assert!(out.contains("skip") && out.contains("not found"), "{out}");
        return;
    }
    assert!(out.contains("[BS-6.5.1, C#8]"), "{out}");
    assert!(out.contains(" 0 failed, 0 broken"), "{out}");
}

/// Writes a one-scenario file on the packs `packs` (absolute folders) whose board draws
/// one card at the draw step (BS-3.1) from the default deck filler, and runs it.
fn draw_from_default_filler(packs: &[&str]) -> (bool, String) {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("filler.yaml");
    let root = env!("CARGO_MANIFEST_DIR");
    let list: String = packs
        .iter()
        .map(|p| format!("  - folder: {root}/{p}\n"))
        .collect();
    std::fs::write(
        &f,
        format!(
            "packs:\n{list}scenarios:\n  - name: the draw step draws the filler\n    board:\n      step: start\n      p1: {{deck_filler: 2}}\n    expect:\n      p1: {{hand: [ZLT-03], deck_size: 1}}\n"
        ),
    )
    .unwrap();
    let o = cardscript(&["test", f.to_str().unwrap()]);
    (o.status.success(), text(&o))
}

#[test]
fn the_default_filler_of_a_pack_whose_ids_sort_after_the_base_tokens_is_no_token() {
    // Keyword ruling K28: a token is never in a deck. The base pack's `SAGA-TOKEN-…` ids
    // sort before this pack's `ZLT-…`; its own token ZLT-01 and its ZLT-02 with an effect
    // are passed over for the plain spirit ZLT-03 (BS-3.1 then draws it).
    let (ok, out) = draw_from_default_filler(&["tests/packs/late-ids"]);
    assert!(ok, "{out}");
    assert!(out.contains("1 passed, 0 failed, 0 broken"), "{out}");
}

#[test]
fn a_board_on_packs_with_no_deckable_card_asks_for_filler() {
    let (ok, out) = draw_from_default_filler(&["tests/packs/tokens-only"]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("field `scenarios[0].board.p1.filler`: the packs hold no card a deck may hold (tokens are never in a deck)"),
        "{out}"
    );
    assert!(
        out.contains("help: name the card under the deck with `filler:`"),
        "{out}"
    );
    assert!(out.contains("0 passed, 0 failed, 1 broken"), "{out}");
}
