//! What a card author is told: `coverage`, `lint`, `explain`, and a script syntax error at its
//! location.

use super::*;

/// And: `coverage` on the real data reports every timing header mapped,
/// and honest figures: a text effect is executable only when its script has no gap (no
/// stub, no unwatchable event, no keyword without rules) — floors at the last measured
/// values, which rise as functions, events and keywords are implemented.
#[test]
fn coverage_reports_the_real_data() {
    let Some(data) = shared_data() else { return };
    let o = cardscript(&["coverage", data.join("cards.jsonl").to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(
        out.contains("timing headers mapped:      781/781 (100.0 %)"),
        "{out}"
    );
    // "label:   N/M (P %)" → N.
    let count = |label: &str| -> usize {
        let line = out.lines().find(|l| l.starts_with(label)).unwrap();
        line[label.len()..]
            .trim()
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    // Keyword names are checked against the Saga base pack's declarations (all
    // 20 declared with rules), and a bare keyword counts only when it has rules.
    assert!(count("text effects understood:") >= 729, "{out}");
    let executable = count("text effects executable:");
    assert!(executable >= 729, "{out}");
    assert!(executable <= count("text effects understood:"), "{out}");
    assert!(count("all entries executable:") >= 1107, "{out}");
    assert!(count("cards fully executable:") >= 599, "{out}");
}

///: `lint` sorts every effect into scripted / runs from text / partly understood,
/// naming the span and the expected tokens of what it could not read.
#[test]
fn lint_names_what_the_grammar_could_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("p");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::create_dir_all(pack.join("effects")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::fs::write(pack.join("effects/L-3.rhai"), "draw(1);\n").unwrap();
    let card = |id: &str, effect: &str| {
        format!(
            "id: {id}\nname: Lint {id}\nkind: spirit\ncost: 1\nlevels: [{{level: 1, cores: 1, bp: 1000}}]\neffects:\n  - {effect}\n"
        )
    };
    std::fs::write(
        pack.join("cards/L-1.yaml"),
        card("L-1", "{timing: When Summoned, text: {en: Draw 1 card.}}"),
    )
    .unwrap();
    std::fs::write(
        pack.join("cards/L-2.yaml"),
        card(
            "L-2",
            "{timing: When Summoned, text: {en: Juggle the moon twice.}}",
        ),
    )
    .unwrap();
    std::fs::write(
        pack.join("cards/L-3.yaml"),
        card(
            "L-3",
            "{timing: When Summoned, script_file: effects/L-3.rhai}",
        ),
    )
    .unwrap();
    let o = cardscript(&["lint", pack.to_str().unwrap()]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("L-2 effect 0 (cards/L-2.yaml): partly understood"),
        "{out}"
    );
    // In the author's words, never the grammar's rule names.
    assert!(
        out.contains("not understood: `Juggle the moon twice.`"),
        "{out}"
    );
    assert!(
        out.contains("not understood from the start: \"Juggle the moon twice.\""),
        "{out}"
    );
    assert!(
        !out.contains("a_atk") && !out.contains("expected one of"),
        "{out}"
    );
    assert!(
        out.contains(
            "3 cards, 3 effects: 1 run from text, 1 scripted, 1 partly understood, 0 without text"
        ),
        "{out}"
    );
}

/// `explain` shows the timing as printed, the levels, the actions and (with --script) the rhai.
#[test]
fn explain_shows_hook_actions_and_script() {
    let o = cardscript(&["explain", "DEMO-R07", "--script"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("effect 0: When This Spirit Attacks"), "{out}");
    assert!(out.contains("levels: LV1, LV2, LV3"), "{out}");
    assert!(out.contains("destroy(t);"), "{out}");
}

/// A script with a syntax error is reported when the pack is built, with its file,
/// line and column, and nothing is written.
#[test]
fn a_script_syntax_error_stops_db_build_with_its_location() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("c.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        "tests/broken/scripts/syntax-error",
        "-o",
        db.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(text(&o).contains("effects/B-1.rhai:2:9"), "{}", text(&o));
    assert!(!db.exists());
    // `play --strict` on the same pack refuses to start.
    let o = cardscript(&[
        "cards",
        "--pack",
        "tests/broken/scripts/syntax-error",
        "show",
        "B-1",
    ]);
    assert!(
        o.status.success(),
        "reading the card needs no script: {}",
        text(&o)
    );
    // `lint` compiles every script too.
    let o = cardscript(&["lint", "tests/broken/scripts/syntax-error"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("effects/B-1.rhai:2:9"), "{}", text(&o));
}
