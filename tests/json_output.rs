//! `--json` on `db build`, `lint`, `deck check` and `cards show`: one report
//! object on stdout in the shape of `docs/json-output.md`, the exit status not 0 when it
//! holds an error.

mod support;

use serde_json::Value;
use support::cardscript;

fn report(args: &[&str]) -> (bool, Value) {
    let o = cardscript(args);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    });
    assert_eq!(v["shape"], 1, "{v}");
    assert_eq!(
        v["ok"],
        o.status.success(),
        "{args:?}: ok and exit status agree: {v}"
    );
    (o.status.success(), v)
}

#[test]
fn db_build_json_lists_every_error_with_its_place_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c.sqlite");
    let (ok, v) = report(&[
        "db",
        "build",
        "tests/broken/checks/c06-every-kind-at-once/pack",
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(!ok);
    assert!(!out.exists());
    let d = v["diagnostics"].as_array().unwrap();
    // The eight mistakes of the case, each an error at a file and line.
    assert_eq!(d.len(), 8, "{v}");
    assert!(
        d.iter()
            .all(|x| x["severity"] == "error" && x["line"].as_u64() > Some(0))
    );
    let crsh = d
        .iter()
        .find(|x| x["field"] == "keywords[0].name")
        .expect("the keyword typo");
    assert!(crsh["file"].as_str().unwrap().ends_with("cards/C-2.yaml"));
    assert_eq!(crsh["line"], 9);
    assert!(
        crsh["suggestion"]
            .as_str()
            .unwrap()
            .starts_with("did you mean `Crush`?")
    );
    // A pack that builds: the packs and rows written.
    let (ok, v) = report(&[
        "db",
        "build",
        "scripts/battle-spirits-demo",
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(ok, "{v}");
    assert!(out.exists());
    let packs: Vec<&str> = v["result"]["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(packs, ["battle-spirits-saga", "battle-spirits-demo"]);
    assert_eq!(v["result"]["hash"].as_str().unwrap().len(), 64);
}

#[test]
fn lint_json_gives_each_effect_status_and_the_totals() {
    let (ok, v) = report(&["lint", "scripts/battle-spirits-demo", "--json", "--all"]);
    assert!(ok, "{v}");
    let t = &v["result"]["totals"];
    // The demo pack: 51 cards, 42 effects, 4 of them scripted, the rest from their text.
    assert_eq!(
        (t["cards"].as_u64(), t["effects"].as_u64()),
        (Some(51), Some(42)),
        "{v}"
    );
    assert_eq!(
        (t["scripted"].as_u64(), t["from_text"].as_u64()),
        (Some(4), Some(38))
    );
    assert_eq!(v["result"]["items"].as_array().unwrap().len(), 42);
    // A pack with a misspelt sentence: its details name the nearest phrase, never a rule.
    let (ok, v) = report(&[
        "lint",
        "tests/broken/checks/c03-unknown-function-inline/pack",
        "--json",
    ]);
    assert!(!ok);
    assert_eq!(
        v["diagnostics"][0]["suggestion"], "did you mean `exhaust`?",
        "{v}"
    );
}

#[test]
fn deck_check_and_cards_show_json() {
    let (ok, v) = report(&[
        "deck",
        "check",
        "tests/broken/decks/d03-unknown-card.txt",
        "--json",
    ]);
    assert!(!ok);
    assert_eq!(v["result"]["legal"], false);
    let d = &v["diagnostics"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(13), Some(1))
    );
    assert_eq!(d["suggestion"], "did you mean `DEMO-R01`?");
    let (ok, v) = report(&["cards", "show", "DEMO-B02", "--json"]);
    assert!(ok, "{v}");
    assert_eq!(v["result"]["id"], "DEMO-B02");
    assert_eq!(v["result"]["cost"], 2);
    let (ok, v) = report(&["cards", "show", "DEMO-B99", "--json"]);
    assert!(!ok);
    assert_eq!(v["diagnostics"][0]["message"], "unknown card `DEMO-B99`");
    assert_eq!(v["diagnostics"][0]["line"], Value::Null);
}
