//! Tools a pack author measures a small pack with (`tests/broken/gaps/small-pack`: twelve
//! cards, a keyword whose script always throws): `exercise --format`, keyword rows in the
//! exercise report, and keyword effects named by their keyword in game logs.

use super::*;

fn small_pack() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/broken/gaps/small-pack")
        .to_str()
        .unwrap()
        .to_string()
}

/// BS-0.1: Saga decks need 50 cards and at most 4 of a name — twelve names make at most
/// 48, so `exercise` fails once saying so; `--format casual` (20–60 cards) plays it.
#[test]
fn exercise_refuses_a_small_catalogue_once_and_plays_it_under_format_casual() {
    let pack = small_pack();
    let o = cardscript(&["exercise", "--pack", &pack, "--games", "4"]);
    let err = text(&o);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("the catalogue makes no legal saga deck")
            && err.contains("at most 48 cards at 4 copies each; the format needs 50")
            && err.contains("`--format casual`"),
        "{err}"
    );
    assert_eq!(err.matches("no legal").count(), 1, "said once: {err}");
    let o = cardscript(&[
        "exercise", "--pack", &pack, "--games", "4", "--format", "casual", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["failures"].as_array().unwrap().len(), 0, "{r}");
    // The keyword that throws in every run has its row: every start threw.
    let rows = r["keywords"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|k| k["card"] == "Backfire")
        .expect("a Backfire row");
    let started = row["started"].as_u64().unwrap();
    let threw: u64 = row["threw"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert!(started > 0, "{row}");
    assert_eq!(threw, started, "{row}");
    assert_eq!(row["fired"], 0, "{row}");
}

/// A keyword effect's events name the keyword and its effect index, never the internal
/// effect number (1048576 and up).
#[test]
fn game_logs_name_keyword_effects_by_their_keyword() {
    let pack = small_pack();
    let o = cardscript(&["play", "--pack", &pack, "small", "small", "--seed", "1"]);
    let out = text(&o);
    assert!(
        out.contains("Keyword Backfire effect 0 of Small Sprite")
            && out.contains("failed at line 1: backfire"),
        "{out}"
    );
    assert!(!out.contains("Effect 10"), "{out}");
}
