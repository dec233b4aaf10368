//! An imported later set whose cards name timing labels and keyword values no pack
//! declares (`tests/broken/gaps/`): `db build` and `lint` stop with each at its line and how
//! to declare it, `--allow-gaps` builds with each listed as a gap, `explain`/`exercise` on
//! the pack folder say the same gaps, and declaring what the help says removes them. A
//! mistake in a pack's own declarations stays an error; a pack label or phrase that does
//! not compile is an error at its file and line in every command.

use super::*;

fn gaps_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken/gaps")
}

/// The later set imported into `tmp/later`.
fn imported(tmp: &Path) -> String {
    let out = tmp.join("later");
    let jsonl = gaps_dir().join("later-set.jsonl");
    let o = cardscript(&[
        "import",
        "bss-json",
        jsonl.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    out.to_str().unwrap().to_string()
}

const HOW_LABEL: &str = "to declare it, add `labels/when-this-spirit-links.yaml` to a pack: \
                         `en: [When This Spirit Links]` with `event: links`";
const HOW_LINKED: &str = "`labels/while-this-spirit-is-linked.yaml` to a pack: \
                          `en: [While This Spirit is Linked]` with `event: linked`";
const HOW_VALUE: &str = "keyword `Feast` takes no value, found `2` (help: its value is declared \
                         as `none`; to take `2`, declare `Feast` in your pack as \
                         `keywords/feast.yaml` with `value: number`";

#[test]
fn db_build_stops_on_undeclared_labels_and_values_and_says_how_to_declare_them() {
    let tmp = tempfile::tempdir().unwrap();
    let later = imported(tmp.path());
    let out = tmp.path().join("later.sqlite");
    let o = cardscript(&["db", "build", &later, "-o", out.to_str().unwrap()]);
    let err = text(&o);
    assert!(!o.status.success(), "{err}");
    assert!(!out.exists(), "nothing is written");
    for want in [
        "cards/GAP-001.yaml:31:3: field `effects[0].timing`: unknown timing label `When This Spirit Links`",
        HOW_LABEL,
        HOW_LINKED,
        "cards/GAP-001.yaml:23:3: field `keywords[0].value`",
        HOW_VALUE,
        "`--allow-gaps` builds with the effect inert",
        "4 error(s)",
    ] {
        assert!(err.contains(want), "lacks `{want}`:\n{err}");
    }
    let o = cardscript(&["lint", &later]);
    assert!(
        !o.status.success() && text(&o).contains(HOW_LABEL),
        "{}",
        text(&o)
    );
}

#[test]
fn allow_gaps_builds_with_each_gap_listed_and_the_other_commands_say_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let later = imported(tmp.path());
    let out = tmp.path().join("later.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        &later,
        "-o",
        out.to_str().unwrap(),
        "--allow-gaps",
    ]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    assert!(out.is_file());
    assert!(said.contains("gap: ") && said.contains(HOW_LABEL), "{said}");
    assert!(
        said.contains("4 gap(s): built with these effects inert (--allow-gaps)"),
        "{said}"
    );
    let o = cardscript(&["lint", &later, "--allow-gaps"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("4 gap(s)"), "{}", text(&o));
    // `explain` on the folder builds too, and lists the same four gaps on stderr; the
    // effect with the unknown label is inert with its reason.
    let o = cardscript(&["explain", "--pack", &later, "GAP-002"]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("gap: ").count(), 4, "{err}");
    assert!(
        err.contains("4 gap(s): playing with these effects inert (`db build` stops on them unless --allow-gaps)"),
        "{err}"
    );
    assert!(
        said.contains("unknown timing `While This Spirit is Linked`"),
        "{said}"
    );
}

#[test]
fn declaring_what_the_help_says_removes_the_gaps_and_a_declaration_typo_stays_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let later = imported(tmp.path());
    let out = tmp.path().join("later.sqlite");
    let rules = gaps_dir().join("later-rules");
    let o = cardscript(&[
        "db",
        "build",
        &later,
        rules.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!text(&o).contains("gap"), "{}", text(&o));
    // The author's own keyword declaration with a mistyped label: an error even with
    // --allow-gaps.
    let typo = gaps_dir().join("typo-rules");
    let o = cardscript(&[
        "db",
        "build",
        &later,
        rules.to_str().unwrap(),
        typo.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--allow-gaps",
    ]);
    let err = text(&o);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("typo-rules/keywords/feast.yaml:6:5: field `effects[0].timing`: unknown timing label `When Sumoned`"),
        "{err}"
    );
}

/// A pack label whose text the engine already has is an error at its file and line (not
/// at the pack folder), in `db build` and in the commands that build leniently, which no
/// longer drop every pack's labels and phrases silently; a phrase's rhai cut short too.
#[test]
fn a_label_or_phrase_that_does_not_compile_is_located_in_every_command() {
    let lab = gaps_dir().join("p_lab");
    let lab = lab.to_str().unwrap();
    let want = "p_lab/labels/again.yaml:2:6: p-lab/labels/again.yaml: `When Summoned` is already an engine timing label";
    let o = cardscript(&["db", "build", lab, "-o", "/dev/null"]);
    assert!(
        !o.status.success() && text(&o).contains(want),
        "{}",
        text(&o)
    );
    let phrase = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/broken/checks/c08-phrase-rhai-syntax/pack");
    let phrase = phrase.to_str().unwrap();
    let want = "c08-phrase-rhai-syntax/pack/phrases/embers.yaml:2:13: phrase-cut-short/phrases/embers.yaml (phrase `Gather {n:number} embers`):1:32";
    for args in [
        vec!["exercise", "--pack", phrase, "--games", "1"],
        vec!["explain", "--pack", phrase, "C-1"],
    ] {
        let o = cardscript(&args);
        assert!(!o.status.success(), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(want), "{args:?}: {}", text(&o));
    }
}

/// `coverage --pack`: the later set's two timing labels are unmapped with the base pack
/// alone and mapped (their effects executable) with the pack that declares them.
#[test]
fn coverage_measures_a_file_with_an_overlay_pack() {
    let jsonl = gaps_dir().join("later-set.jsonl");
    let jsonl = jsonl.to_str().unwrap();
    let o = cardscript(&["coverage", jsonl]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("timing headers mapped:      0/2 (0.0 %)"),
        "{}",
        text(&o)
    );
    let rules = gaps_dir().join("later-rules");
    let o = cardscript(&["coverage", jsonl, "--pack", rules.to_str().unwrap()]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("timing headers mapped:      2/2 (100.0 %)"),
        "{out}"
    );
    assert!(
        out.contains("text effects executable:    2/2 (100.0 %)"),
        "{out}"
    );
}
