//! `cardscript test` as a user meets it (issue 13): the project's scenario files
//! (`tests/scenarios/`, one per rule section; `tests/phrases/`, the phrase proofs) and
//! the demo pack's own (`tests/` of the pack) all pass under `cargo test`; a failing scenario prints expected, actual and the
//! log tail and exits non-zero; a broken file is named with line and field; `--json`.

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
    let results: usize = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["results"].as_array().unwrap().len())
        .sum();
    assert!(passed > 0);
    assert_eq!(passed as usize, results);
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
