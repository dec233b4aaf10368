//! The demo pack through the command line, as a card author checks it: `lint`, `deck check`, whole
//! games.

use super::*;

#[test]
fn lint_reports_every_demo_effect_from_text_or_script() {
    let (ok, out) = cardscript(&["lint", "scripts/battle-spirits-demo"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("4 scripted, 0 partly understood, 0 without text"),
        "{out}"
    );
}

#[test]
fn deck_check_accepts_every_demo_deck() {
    // BS-0.1 Saga, checked by the same code `play` and `sim` use.
    for deck in ["red-ember", "green-grove", "dawn-tide", "gloom-grove"] {
        let file = format!("scripts/battle-spirits-demo/decks/{deck}.txt");
        let (ok, out) = cardscript(&[
            "deck",
            "--pack",
            "scripts/battle-spirits-demo",
            "check",
            &file,
        ]);
        assert!(
            ok && out.contains("50 cards, legal in the saga format"),
            "{out}"
        );
    }
}

#[test]
fn every_demo_deck_pairing_plays_whole_games_with_no_inert_or_failed_effect() {
    // 4 decks: 10 pairings (mirrors included), 4 games each, BS-0.5 conservation checked
    // after every event, scripts strict.
    let (ok, out) = cardscript(&[
        "sim",
        "--pack",
        "scripts/battle-spirits-demo",
        "--games",
        "4",
        "--check",
        "--strict",
        "--json",
        "--threads",
        "2",
    ]);
    assert!(ok, "{out}");
    let r: serde_json::Value = serde_json::from_str(&out).expect("JSON report");
    assert_eq!(r["games"], 40);
    assert_eq!(r["pairs"].as_array().expect("pairs").len(), 10);
    assert_eq!(r["effects"]["inert"], 0, "{}", r["inert"]);
    assert_eq!(r["effects"]["failed"], 0);
    assert_eq!(r["failures"].as_array().expect("failures").len(), 0);
}
