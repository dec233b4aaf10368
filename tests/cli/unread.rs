//! Where the grammar stops, an author is told where and what it knows nearby (`lint` and
//! `db build` alike), every part not understood is named, and `lint --deny gaps` gates a
//! pack's CI on it.

use super::*;

/// A one-card pack whose only effect has the text `en` (When Summoned).
fn pack_with(dir: &Path, en: &str) -> std::path::PathBuf {
    let pack = dir.join("p");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("cards/G-1.yaml"),
        format!(
            "id: G-1\nname: Gap One\nkind: spirit\ncost: 1\nlevels: [{{level: 1, cores: 1, bp: 1000}}]\neffects:\n  - {{timing: When Summoned, text: {{en: \"{en}\"}}}}\n"
        ),
    )
    .unwrap();
    pack
}

const BURN: &str = "Burn one of your opponent's spirits for 3000 damage.";

/// The library reads card text quietly (no did-you-mean); `lint` reads it again
/// with the nearest phrases, so a sentence not understood gets a suggestion.
#[test]
fn lint_names_the_nearest_phrases_of_an_unread_sentence() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = pack_with(tmp.path(), &format!("{BURN} Draw 1 card. Juggle the moon."));
    let o = cardscript(&["lint", pack.to_str().unwrap()]);
    let out = text(&o);
    assert!(o.status.success(), "without --deny lint exits 0: {out}");
    assert!(out.contains(&format!("not understood: `{BURN}`")), "{out}");
    assert!(
        out.contains(&format!("not understood from the start: \"{BURN}\"")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.contains("did you mean: ")
                && l.contains("'Send N cores (from TARGET) to PLACE'")),
        "{out}"
    );
    // The second sentence not understood is named too, not hidden by the first.
    assert!(out.contains("not understood: `Juggle the moon.`"), "{out}");
    assert!(out.contains("1 partly understood"), "{out}");
}

/// `db build` writes the catalogue (an effect not understood is inert, not an error) and
/// warns with the same lines.
#[test]
fn db_build_warns_of_each_unread_sentence_with_the_nearest_phrases() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = pack_with(tmp.path(), &format!("{BURN} Juggle the moon."));
    let db = tmp.path().join("c.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        pack.to_str().unwrap(),
        "-o",
        db.to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(db.exists());
    assert!(
        out.contains("warning: G-1 effect 0 (cards/G-1.yaml): partly understood"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.contains("did you mean: ")
                && l.contains("'Send N cores (from TARGET) to PLACE'")),
        "{out}"
    );
    assert!(out.contains("not understood: `Juggle the moon.`"), "{out}");
}

/// `lint --deny gaps` exits non-zero while any effect is partly or not understood, and 0
/// once every effect runs.
#[test]
fn lint_deny_gaps_fails_while_an_effect_is_not_understood() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = pack_with(tmp.path(), BURN);
    let o = cardscript(&["lint", pack.to_str().unwrap(), "--deny", "gaps"]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("G-1 effect 0 (cards/G-1.yaml): partly understood"),
        "{out}"
    );
    assert!(out.contains("1 gap(s) denied by `--deny gaps`"), "{out}");
    let o = cardscript(&["lint", pack.to_str().unwrap(), "--deny", "gaps", "--json"]);
    assert!(!o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["result"]["totals"]["partly_understood"], 1, "{v}");
    std::fs::write(
        pack.join("cards/G-1.yaml"),
        "id: G-1\nname: Gap One\nkind: spirit\ncost: 1\nlevels: [{level: 1, cores: 1, bp: 1000}]\neffects:\n  - {timing: When Summoned, text: {en: Draw 1 card.}}\n",
    )
    .unwrap();
    let o = cardscript(&["lint", pack.to_str().unwrap(), "--deny", "gaps"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 run from text"), "{}", text(&o));
}
