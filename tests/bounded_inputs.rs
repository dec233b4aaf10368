//! Inputs past a bound are refused, never clamped or dropped: each with the file, the
//! line and the field where the bound is passed, and a non-zero exit. Scenario files
//! (`cardscript test`), imported card data (`cardscript import bss-json`) and pack files.

mod support;

use support::{cardscript, text};

/// A card line of the community JSON-lines format whose Crush (BS-11) value is `value`.
fn card_line(id: &str, value: &str) -> String {
    format!(
        r#"{{"name":"Test Drake","ID":"{id}","set":"T","color":["Red"],"cost":"3","reduction":["red"],"symbols":["red"],"cardType":"SPIRIT","subType":["Dragon"],"rarity":"C","effects":[{{"levels":[1,2],"condition":"N/A","keywords":[{{"keyword_name":"Crush","keyword_modifier":{value}}}],"details":"N/A","steps":[]}}],"core_requirements":[{{"level":1,"battlePoints":2000,"cores":1}},{{"level":2,"battlePoints":4000,"cores":3}}]}}"#
    )
}

/// Runs `cardscript test` on a scenario file holding `yaml`; returns (success, output).
fn test_scenario(yaml: &str) -> (bool, String) {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("bounds.yaml");
    std::fs::write(&f, yaml).unwrap();
    let o = cardscript(&["test", f.to_str().unwrap()]);
    (o.status.success(), text(&o))
}

/// `deck_filler` past 1000 (`MAX_OPTION`) is refused at its field, not cut to 1000.
#[test]
fn a_deck_filler_past_the_bound_is_refused_at_its_field() {
    let (ok, out) = test_scenario(
        "scenarios:\n  - name: filler\n    board:\n      p1:\n        deck_filler: 1000000000\n    do: [end_main]\n",
    );
    assert!(!ok, "{out}");
    assert!(
        out.contains("bounds.yaml:5:")
            && out.contains("field `scenarios[0].board.p1.deck_filler`: at most 1000 filler cards"),
        "{out}"
    );
    // At the bound it runs.
    let (ok, out) = test_scenario(
        "scenarios:\n  - name: filler\n    board:\n      p1:\n        deck_filler: 1000\n    do: [end_main]\n",
    );
    assert!(ok, "{out}");
}

/// A turn number of 0 (turns count from 1, BS-0.6) or past 1000 is refused at its field,
/// not raised to 1 or left to overflow as turns pass.
#[test]
fn a_turn_out_of_bounds_is_refused_at_its_field() {
    for turn in ["0", "-1", "4294967295", "99999999999"] {
        let (ok, out) = test_scenario(&format!(
            "scenarios:\n  - name: turn\n    board:\n      turn: {turn}\n    do: [end_main]\n"
        ));
        assert!(!ok, "{out}");
        assert!(
            out.contains("bounds.yaml:4:")
                && out.contains(
                    "field `scenarios[0].board.turn`: the turn must be between 1 and 1000"
                ),
            "{turn}: {out}"
        );
    }
}

/// A scenario file nested 100,000 deep is refused before it is parsed, at the line and
/// column where it passes the 64 levels a YAML file may nest.
#[test]
fn a_scenario_file_nested_100000_deep_is_refused_at_its_line() {
    let deep = format!(
        "scenarios:\n  - name: deep\n    board: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let (ok, out) = test_scenario(&deep);
    assert!(!ok, "{out}");
    // Line 3 is at level 3 (`scenarios`, the item, `board`); the 62nd `[` passes 64, at
    // column 4 + 7 (`board: `) + 62.
    assert!(
        out.contains("bounds.yaml:3:73: nested deeper than 64 levels"),
        "{out}"
    );
}

/// A keyword value that is no whole number (10^25) in imported data is an error at its
/// line, naming the card and the field, and nothing is written.
#[test]
fn an_imported_keyword_value_past_the_bound_is_an_error_naming_the_card() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("cards.jsonl");
    let data = format!(
        "{}\n{}\n",
        card_line("T-1", "2"),
        card_line("T-2", "10000000000000000000000000")
    );
    std::fs::write(&input, data).unwrap();
    let out = tmp.path().join("pack");
    let o = cardscript(&[
        "import",
        "bss-json",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let msg = text(&o);
    assert!(!o.status.success(), "{msg}");
    assert!(
        msg.contains("cards.jsonl:2:1: field `effects.keywords`: card `T-2`: `Crush`: keyword value 1e+25 is not a whole number"),
        "{msg}"
    );
    assert!(!out.exists(), "nothing written");
}

/// Bytes that are not UTF-8 are reported at their file, line and byte column: in an
/// import input, in a pack's card file, in a scenario file.
#[test]
fn bytes_that_are_not_utf8_are_located() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("cards.jsonl");
    let mut data = format!("{}\n", card_line("T-1", "2")).into_bytes();
    data.extend_from_slice(b"{\"name\": \"ab\xff\"}\n");
    std::fs::write(&input, &data).unwrap();
    let o = cardscript(&[
        "import",
        "bss-json",
        input.to_str().unwrap(),
        "--out",
        tmp.path().join("pack").to_str().unwrap(),
    ]);
    let msg = text(&o);
    assert!(!o.status.success(), "{msg}");
    assert!(
        msg.contains("cards.jsonl:2:13: not UTF-8 text: byte 0xff at byte 13 of the line"),
        "{msg}"
    );

    let pack = tmp.path().join("p");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::fs::write(pack.join("cards/bad.yaml"), b"id: X-1\nname: Caf\xc3\n").unwrap();
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(
        err.contains("cards/bad.yaml:2:10: not UTF-8 text: byte 0xc3 at byte 10 of the line"),
        "{err}"
    );

    let scenario = tmp.path().join("s.yaml");
    std::fs::write(&scenario, b"scenarios:\n  - name: \xfe\n").unwrap();
    let o = cardscript(&["test", scenario.to_str().unwrap()]);
    let msg = text(&o);
    assert!(!o.status.success(), "{msg}");
    assert!(msg.contains("s.yaml:2:11: not UTF-8 text"), "{msg}");
}

/// A scenario file that is not UTF-8 is one broken file: the files after it still run
/// (as after a too-deep file), and the totals count both.
#[test]
fn a_scenario_file_that_is_not_utf8_is_one_broken_file_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.yaml");
    let good = tmp.path().join("good.yaml");
    std::fs::write(&bad, b"scenarios:\n  - name: \xfe\n").unwrap();
    std::fs::write(&good, "scenarios:\n  - name: fine\n    board: {}\n").unwrap();
    let o = cardscript(&["test", bad.to_str().unwrap(), good.to_str().unwrap()]);
    let msg = text(&o);
    assert!(!o.status.success(), "{msg}");
    assert!(msg.contains("bad.yaml:2:11: not UTF-8 text"), "{msg}");
    assert!(msg.contains("good.yaml:2: fine"), "{msg}");
    assert!(
        msg.contains("1 passed, 0 failed, 1 broken, 0 skipped"),
        "{msg}"
    );
}

/// A phrase template past 8 slots (`dsl::vocab::MAX_TEMPLATE_SLOTS`) is one mistake,
/// reported once at its field by `db build`, not again at the file by the engine's build.
#[test]
fn a_phrase_template_with_too_many_slots_is_reported_once() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("p");
    std::fs::create_dir_all(pack.join("phrases")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    let slots: Vec<String> = (0..9).map(|i| format!("{{s{i}:sentence}}")).collect();
    std::fs::write(
        pack.join("phrases/p.yaml"),
        format!(
            "- template: \"{}\"\n  rhai: draw(1);\n",
            slots.join(" and ")
        ),
    )
    .unwrap();
    let o = cardscript(&[
        "db",
        "build",
        pack.to_str().unwrap(),
        "--out",
        tmp.path().join("c.db").to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert_eq!(
        out.matches("at most 8 slots in a template").count(),
        1,
        "{out}"
    );
    assert!(out.contains("p.yaml:1:3: field `[0].template`"), "{out}");
}
