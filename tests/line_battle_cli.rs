//! The `cardscript` command on a line-battle pack (issue 14): `db build` and `lint` skip
//! the Battle Spirits checks with the reason, `deck check` takes the line-battle format
//! from the catalogue (LB-0.1), `cards list` shows AT/DF/SH/lines and LP; and the
//! line-battle example of `docs/pack-format.md` is a valid pack.

mod support;

use std::path::Path;
use support::{cardscript, text};

const PACK: &str = "scripts/line-battle-demo";

#[test]
fn db_build_of_the_demo_pack_writes_its_cards_without_the_saga_base_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("lb.sqlite");
    let o = cardscript(&["db", "build", PACK, "-o", db.to_str().unwrap()]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("not a Battle Spirits catalogue"), "{out}");
    // 36 creatures and 3 masters, no base-pack tokens; no keyword rows.
    assert!(out.contains("cards              39 rows"), "{out}");
    assert!(out.contains("keywords            0 rows"), "{out}");
    assert!(out.contains("decks               2 rows"), "{out}");
    // From the file: the default deck format is the catalogue's game's.
    let o = cardscript(&[
        "deck",
        "--db",
        db.to_str().unwrap(),
        "check",
        "ironbark-wardens",
    ]);
    assert!(
        o.status.success() && text(&o).contains("40 cards, legal in the line-battle format"),
        "{}",
        text(&o)
    );
}

#[test]
fn both_demo_decks_pass_the_line_battle_deck_check_and_fail_the_saga_one() {
    for deck in ["cinder-raiders", "ironbark-wardens"] {
        let o = cardscript(&["deck", "--pack", PACK, "check", deck]);
        assert!(
            o.status.success() && text(&o).contains("legal in the line-battle format"),
            "{deck}: {}",
            text(&o)
        );
        // BS-0.1: a Saga deck has 50–60 cards and no master line.
        let o = cardscript(&["deck", "--pack", PACK, "check", deck, "--format", "saga"]);
        let out = text(&o);
        assert!(!o.status.success(), "{out}");
        assert!(
            out.contains("the saga format needs at least 50 (BS-0.1)"),
            "{out}"
        );
        assert!(out.contains("a saga deck has no master card"), "{out}");
    }
    let o = cardscript(&["deck", "--pack", PACK, "check", "x", "--format", "lines"]);
    assert!(
        text(&o).contains("unknown format `lines` (saga, japanese, casual, line-battle)"),
        "{}",
        text(&o)
    );
}

#[test]
fn cards_list_shows_the_line_battle_numbers() {
    let o = cardscript(&["cards", "--pack", PACK, "list"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // Ironbark Wall: DP 5, AT 1, DF 6, SH 2, defense line only.
    let wall = out.lines().find(|l| l.starts_with("LBD-W06")).expect(&out);
    assert_eq!(
        wall.split_whitespace().collect::<Vec<_>>(),
        [
            "LBD-W06", "creature", "DP", "5", "AT", "1", "DF", "6", "SH", "2", "defense",
            "Ironbark", "Wall"
        ]
    );
    let ashka = out.lines().find(|l| l.starts_with("LBD-M01")).expect(&out);
    assert!(
        ashka.contains("master") && ashka.contains("LP 18"),
        "{ashka}"
    );
    assert!(out.ends_with("39 card(s)\n"), "{out}");
    // Search rows of line-battle cards show the same numbers.
    let o = cardscript(&["cards", "--pack", PACK, "search", "--kind", "master"]);
    let out = text(&o);
    let lps: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(" LP ").nth(1))
        .map(|r| r.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(lps, ["18", "22", "20"], "{out}");
}

#[test]
fn lint_of_a_line_battle_pack_skips_the_battle_spirits_checks_and_counts_effects() {
    let o = cardscript(&["lint", PACK]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("Battle Spirits text, label and keyword checks skipped"),
        "{out}"
    );
    assert!(
        out.contains("39 cards, 31 effects: 8 scripted, 23 from text"),
        "{out}"
    );
}

#[test]
fn a_line_battle_script_with_a_syntax_error_fails_the_build_at_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("p");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::create_dir_all(pack.join("effects")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: line-battle\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("cards/L-1.yaml"),
        "id: L-1\nname: Beast\nkind: creature\ncost: 1\ncreature: {at: 1, df: 1}\neffects:\n  - timing: When Played\n    script_file: effects/L-1.rhai\n",
    )
    .unwrap();
    std::fs::write(pack.join("effects/L-1.rhai"), "draw(1);\nlet = 3;\n").unwrap();
    let db = tmp.path().join("x.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        pack.to_str().unwrap(),
        "-o",
        db.to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("effects/L-1.rhai:2:"), "{out}");
    assert!(out.contains("script does not compile"), "{out}");
    assert!(!db.exists(), "nothing is written");
}

#[test]
fn the_pack_format_line_battle_example_is_a_valid_pack() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pack-format.md"))
            .unwrap();
    let section = doc.split("### Line-battle cards").nth(1).unwrap();
    let example = section
        .split("```yaml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let files = carddb::PackFiles::from_memory(
        "doc",
        [
            (
                "pack.yaml",
                "name: doc\nversion: 1.0.0\ngame: line-battle\n",
            ),
            ("cards/line-battle.yaml", example),
        ],
    );
    let pack = carddb::Pack::from_files(files).unwrap_or_else(|e| panic!("{e}"));
    let wall = pack.cards[0].def.creature.as_ref().unwrap();
    assert_eq!((wall.at, wall.df, wall.sh), (2, 5, 2));
    assert_eq!(pack.cards[1].def.master.as_ref().unwrap().lp, Some(22));
}

/// A line-battle script calling a function the game does not have is an error of
/// `lint` and `db build` at its card file, line and field (it would only be inert in play),
/// and nothing is written.
#[test]
fn a_script_calling_an_unknown_function_is_named_at_its_card() {
    let pack = "tests/broken/scripts/lb-unknown-function";
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c.sqlite");
    for args in [
        vec!["lint", pack],
        vec!["db", "build", pack, "-o", out.to_str().unwrap()],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}: {err}");
        assert!(
            err.contains("cards/T-1.yaml:9:"),
            "{args:?}: the line of the field: {err}"
        );
        assert!(err.contains("effects[0].script_file"), "{args:?}: {err}");
        assert!(
            err.contains("it calls `gain_life`, which the line battle's script API does not have"),
            "{args:?}: {err}"
        );
    }
    assert!(!out.exists());
}
