//! The second original expansion, `scripts/battle-spirits-demo-expansion-2/` ("Lantern
//! Grove"), built, linted, tested and simulated by the already-built binary: every new
//! mechanic is pack data (a pack event watched by two labels, a keyword with a number and
//! one with a condition, a token, a cost-changing and a prevention phrase, a `while` label,
//! an overlay that rescripts one effect of a demo card).

mod support;

use support::{cardscript, text};

const DEMO: &str = "scripts/battle-spirits-demo";
const PACK: &str = "scripts/battle-spirits-demo-expansion-2";

#[test]
fn db_build_takes_the_pack_over_the_demo_pack() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.sqlite");
    let o = cardscript(&["db", "build", DEMO, PACK, "-o", db.to_str().unwrap()]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(db.is_file(), "{out}");
    // Three packs: the Saga base pack (keywords), the demo pack, this one.
    assert!(out.contains("packs               3 rows"), "{out}");
    // The overlay replaces one effect of a demo card, and is listed like a card override.
    assert!(
        out.contains("override: DEMO-B04 effect 1 from battle-spirits-demo-expansion-2 replaces the one from battle-spirits-demo"),
        "{out}"
    );
}

#[test]
fn lint_runs_every_effect_from_text_with_no_gap() {
    let o = cardscript(&[
        "lint", "--pack", DEMO, "--pack", PACK, "--all", "--deny", "gaps",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("21 cards, 18 effects: 18 run from text, 0 scripted, 0 partly understood, 0 without text, 0 understood but cannot act; 0 gaps"),
        "{out}"
    );
}

#[test]
fn the_scenarios_of_every_mechanic_pass() {
    let o = cardscript(&["test", PACK]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("20 passed, 0 failed, 0 broken, 0 skipped"),
        "{out}"
    );
}

#[test]
fn both_decks_are_legal_casual_decks() {
    for deck in ["lantern-grove", "grove-wardens"] {
        let o = cardscript(&["deck", "--pack", DEMO, "--pack", PACK, "check", deck]);
        let out = text(&o);
        assert!(o.status.success(), "{out}");
        // The casual format: 20–60 cards, at most 4 of a card name.
        assert!(
            out.contains(&format!("{deck}: 40 cards, legal in the casual format")),
            "{out}"
        );
    }
}

#[test]
fn sim_strict_plays_the_two_decks_with_no_failed_effect() {
    let o = cardscript(&[
        "sim",
        "--pack",
        DEMO,
        "--pack",
        PACK,
        "lantern-grove",
        "grove-wardens",
        "--games",
        "6",
        "--strict",
        "--check",
        "--threads",
        "1",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let ran = out
        .lines()
        .find_map(|l| l.strip_prefix("effects: "))
        .unwrap_or_else(|| panic!("no effects line: {out}"));
    let from_text: u32 = ran.split(' ').next().unwrap().parse().unwrap();
    assert!(from_text > 0, "{out}");
    assert!(ran.contains(" 0 failed"), "{out}");
}

#[test]
fn a_while_label_is_checked_at_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("lantern");
    copy_dir(std::path::Path::new(PACK), &copy);
    let label = copy.join("labels/lit.yaml");
    let body = std::fs::read_to_string(&label).unwrap();
    // Both a state and an event: a label is exactly one kind.
    std::fs::write(&label, format!("{body}event: lit\n")).unwrap();
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", copy.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("labels/lit.yaml:"), "{out}");
    assert!(out.contains("exactly one of `event`"), "{out}");
    // A condition that is no rhai expression: the label file is named.
    std::fs::write(&label, body.replace("grove::lit()", "grove::lit(")).unwrap();
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", copy.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("labels/lit.yaml"), "{out}");
    assert!(out.contains("is not a rhai expression"), "{out}");
}

#[test]
fn an_overlay_names_a_card_and_an_effect_that_exist() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("lantern");
    copy_dir(std::path::Path::new(PACK), &copy);
    let overlay = copy.join("overlays/anchorplate.yaml");
    let body = std::fs::read_to_string(&overlay).unwrap();
    std::fs::write(&overlay, body.replace("card: DEMO-B04", "card: DEMO-B4")).unwrap();
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", copy.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("overlays/anchorplate.yaml:3:1: field `card`: no card `DEMO-B4` to overlay"),
        "{out}"
    );
    assert!(out.contains("did you mean `DEMO-B04`?"), "{out}");
    // Anchorplate Brave has two effects, 0 and 1.
    std::fs::write(&overlay, body.replace("effect: 1", "effect: 2")).unwrap();
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", copy.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("overlays/anchorplate.yaml:4:1: field `effect`: card DEMO-B04 has 2 effect(s): there is no effect 2"), "{out}");
}

#[test]
fn one_malformed_phrase_file_is_named_and_the_other_declarations_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("lantern");
    copy_dir(std::path::Path::new(PACK), &copy);
    let phrase = copy.join("phrases/kindle.yaml");
    let body = std::fs::read_to_string(&phrase).unwrap();
    // A rhai syntax error in the first phrase of one file.
    std::fs::write(
        &phrase,
        body.replace(
            "rhai: raise_event(\"kindles\", this_card());",
            "rhai: raise_event(\"kindles\", this_card();",
        ),
    )
    .unwrap();
    let pack = copy.to_str().unwrap();
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", pack]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("phrases/kindle.yaml:2:13:"), "{out}");
    assert!(out.contains("(phrase `This spirit kindles`)"), "{out}");
    // Only that file is left out: the labels and the other phrase files still read
    // (Grove Beacon's label, Thornlight Stag's cost phrase, Wickwood Oracle's phrase).
    assert!(out.contains("1 error(s)"), "{out}");
    assert!(!out.contains("unknown timing label"), "{out}");
    assert!(
        out.contains("14 run from text, 0 scripted, 4 partly understood"),
        "{out}"
    );
    // `sim` and `exercise` stop on it at the same place, never playing without it.
    for args in [
        vec![
            "sim",
            "--pack",
            DEMO,
            "--pack",
            pack,
            "lantern-grove",
            "grove-wardens",
            "--games",
            "1",
        ],
        vec![
            "exercise", "--pack", DEMO, "--pack", pack, "--games", "1", "--format", "casual",
        ],
    ] {
        let o = cardscript(&args);
        let out = text(&o);
        assert!(!o.status.success(), "{out}");
        assert!(out.contains("phrases/kindle.yaml:2:13:"), "{out}");
    }
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}
