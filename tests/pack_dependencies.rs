//! Packs that build on packs: a mod pack that depends on the demo pack runs with
//! only the binary (the embedded demo pack satisfies the dependency), its decks may use the
//! cards of the packs it depends on, `play` and `sim` list overrides as `db build` does, and
//! a small pack's deck may name the casual format (20–60 cards, at most 4 of a card name;
//! the project's own format, not an official one: copies counted as BS-0.1 counts them).

mod support;

use std::path::Path;

use support::{cardscript, text};

/// An original spirit of the mod (blue, cost 2, LV1 1 core 2000 BP, LV2 3 cores 4000 BP).
const MOD_CARD: &str = "id: MOD-01
name: Tidepool Warden
kind: spirit
cost: 2
colours: [blue]
reduction: {blue: 1}
symbols: {colours: {blue: 1}}
levels:
  - {level: 1, cores: 1, bp: 2000}
  - {level: 2, cores: 3, bp: 4000}
";

/// A mod pack in `dir` that depends on the demo pack, with a 20-card casual deck mixing
/// its own card with the demo pack's.
fn mod_pack(dir: &Path) {
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("decks")).unwrap();
    std::fs::write(
        dir.join("pack.yaml"),
        "name: tidepool-mod\nversion: 0.1.0\ngame: battle-spirits\ndepends:\n  - name: battle-spirits-demo\n    version: \">=0.2, <1\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("cards/MOD-01.yaml"), MOD_CARD).unwrap();
    std::fs::write(
        dir.join("decks/tidepool.txt"),
        "format: casual\n4x MOD-01: Tidepool Warden\n4x DEMO-B01\n4x DEMO-B02\n4x DEMO-Y01\n4x DEMO-Y02\n",
    )
    .unwrap();
}

#[test]
fn a_mod_of_the_demo_pack_runs_with_only_the_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let m = tmp.path().join("tidepool-mod");
    mod_pack(&m);
    let m = m.to_str().unwrap();

    let o = cardscript(&["lint", "--pack", m]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("`tidepool-mod` depends on `battle-spirits-demo`: using the embedded one"),
        "{out}"
    );

    // Its deck mixes its card with the demo pack's; casual: 20 cards are enough.
    let o = cardscript(&["deck", "check", "--pack", m, "tidepool"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("20 cards, legal in the casual format"),
        "{out}"
    );
    // The command line's format wins over the file's: Saga needs 50 (BS-0.1).
    let o = cardscript(&["deck", "check", "--pack", m, "tidepool", "--format", "saga"]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("the deck has 20 cards; the saga format needs at least 50 (BS-0.1)"),
        "{}",
        text(&o)
    );

    let o = cardscript(&["play", "--pack", m, "tidepool", "tidepool", "--seed", "4"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("wins on turn"), "{out}");

    // The protocol plays the same casual decks (its rules follow the decks' format).
    let o = cardscript(&[
        "play",
        "--pack",
        m,
        "tidepool",
        "tidepool",
        "--protocol",
        "jsonl",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("\"type\":\"over\""), "{out}");

    // The built catalogue holds the demo pack's cards too.
    let db = tmp.path().join("mod.sqlite");
    let o = cardscript(&["db", "build", m, "-o", db.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let o = cardscript(&["cards", "list", "--db", db.to_str().unwrap()]);
    let out = text(&o);
    assert!(out.contains("MOD-01") && out.contains("DEMO-B01"), "{out}");
}

#[test]
fn play_and_sim_list_the_overrides_as_db_build_does() {
    let tmp = tempfile::tempdir().unwrap();
    let m = tmp.path().join("tidepool-mod");
    mod_pack(&m);
    // The mod replaces the demo pack's Harbor Sentry with a card of its own.
    std::fs::write(
        m.join("cards/DEMO-B02.yaml"),
        MOD_CARD
            .replace("MOD-01", "DEMO-B02")
            .replace("Tidepool Warden", "Harbor Sentry"),
    )
    .unwrap();
    let m = m.to_str().unwrap();
    let line = "override: DEMO-B02 from tidepool-mod replaces the one from battle-spirits-demo";
    let o = cardscript(&["play", "--pack", m, "tidepool", "tidepool"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(line),
        "{}",
        text(&o)
    );
    let o = cardscript(&["sim", "--pack", m, "--games", "2", "tidepool"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(line),
        "{}",
        text(&o)
    );
    // As `play --log json` prints JSON on stdout, the list goes to stderr.
    let o = cardscript(&["play", "--pack", m, "tidepool", "tidepool", "--log", "json"]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(!stdout.contains("override:"), "{stdout}");
}

#[test]
fn a_mod_deck_names_an_unknown_card_of_neither_pack_at_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let m = tmp.path().join("tidepool-mod");
    mod_pack(&m);
    std::fs::write(
        m.join("decks/tidepool.txt"),
        "format: casual\n4x MOD-01\n4x DEMO-B01\n4x DEMO-B99\n4x DEMO-Y01\n4x DEMO-Y02\n",
    )
    .unwrap();
    let o = cardscript(&["lint", "--pack", m.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("decks/tidepool.txt:4:1"), "{out}");
    assert!(out.contains("unknown card `DEMO-B99`"), "{out}");
}
