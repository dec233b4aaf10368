//! The `cardscript` command on a line-battle pack: `db build` and `lint` skip
//! the Battle Spirits checks with the reason, `deck check` takes the line-battle format
//! from the catalogue (LB-0.1), `cards list` shows AT/DF/SH/lines and LP; and the
//! line-battle example of `docs/pack-format.md` is a valid pack.

mod support;

use std::path::Path;
use support::{cardscript, cardscript_with_input, text};

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

/// `cardscript test` on the pack's own scenarios: one file or more per LB rule section,
/// every scenario passing and citing its rule.
#[test]
fn the_packs_scenarios_pass_one_file_per_rule_section() {
    let o = cardscript(&["test", PACK]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains(" 0 failed, 0 broken, 0 skipped"), "{out}");
    for section in ["LB-0", "LB-1", "LB-2", "LB-3", "LB-4", "LB-5"] {
        let file = format!("tests/{}-", section.to_lowercase());
        assert!(
            out.lines()
                .any(|l| l.starts_with("ok") && l.contains(&file) && l.contains(section)),
            "{section}: {out}"
        );
    }
    // LB-4.5: Kiln Brute (AT 5) takes 5 of Ashka's 18 LP.
    assert!(
        out.contains("damage that reaches the master takes the attacker's AT from its LP [LB-4.5]"),
        "{out}"
    );
}

/// A line-battle scenario that expects the wrong LP fails with the expected and actual
/// values (LB-4.5: 18 − 5 = 13, not 14), and one with Battle Spirits words is refused at
/// its field.
#[test]
fn a_wrong_line_battle_expectation_fails_with_its_values() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = std::fs::canonicalize(PACK).unwrap();
    let head = format!("packs: [folder: {}]\nscenarios:\n", pack.display());
    let wrong = tmp.path().join("wrong.yaml");
    std::fs::write(
        &wrong,
        format!(
            "{head}  - name: a hit on the master\n    rule: LB-4.5\n    board:\n      phase: battle\n      p1:\n        attack: [Kiln Brute]\n    do:\n      - order: {{attacker: Kiln Brute, target: master}}\n    expect:\n      p2: {{lp: 14}}\n"
        ),
    )
    .unwrap();
    let o = cardscript(&["test", wrong.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("wrong.yaml:12: field `scenarios[0].expect.p2.lp`"),
        "{out}"
    );
    assert!(
        out.contains("expected: 14") && out.contains("actual:   13"),
        "{out}"
    );
    // The board words are the game's own: a Battle Spirits `field` is refused.
    let spirit = tmp.path().join("spirit.yaml");
    std::fs::write(
        &spirit,
        format!(
            "{head}  - name: spirit words\n    board:\n      p1:\n        field: [Kiln Brute]\n"
        ),
    )
    .unwrap();
    let o = cardscript(&["test", spirit.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("field `scenarios[0].board.p1.field`: unknown field `field`"),
        "{out}"
    );
}

/// `cardscript explain` on a line-battle card: its AT/DF/SH and lines (LB-3, LB-0.3), each
/// effect's timing and what runs; with `--script`, the rhai of its own script.
#[test]
fn explain_describes_a_line_battle_card() {
    let o = cardscript(&["explain", "--pack", PACK, "LBD-R13"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // Furnace Guard: DP 3, AT 2, DF 4, SH 1, defense line only.
    assert!(
        out.contains("AT 2 · DF 4 · SH 1 · plays into the defense line"),
        "{out}"
    );
    assert!(out.contains("effect 0: When Attacked"), "{out}");
    assert!(
        out.contains("reads its text through the pack's phrases"),
        "{out}"
    );
    let o = cardscript(&["explain", "--pack", PACK, "LBD-R11", "--script", "--json"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).expect(&out);
    // Battle Spirits' keys are not there (no colours, level tables or braved effects).
    for key in ["colours", "levels"] {
        assert!(j.get(key).is_none(), "{key}: {out}");
    }
    assert!(j["effects"][0].get("braved").is_none(), "{out}");
    assert!(j["creature"]["lines"].is_array(), "{out}");
    let e = &j["explained"][0];
    assert_eq!(e["timing"], "When Battle Succeeds", "{out}");
    assert_eq!(e["runs"], "own script", "{out}");
    assert!(
        e["script"]
            .as_str()
            .unwrap()
            .contains("df_plus(target, -2)"),
        "{out}"
    );
    // A master: its LP (LB-0.1).
    let o = cardscript(&["explain", "--pack", PACK, "LBD-M02"]);
    assert!(text(&o).contains("master: 22 LP"), "{}", text(&o));
}

/// `cardscript exercise` on the line-battle pack: legal LB-0.1 decks (masters in no deck),
/// every effect fired, the same report for the same seed.
#[test]
fn exercise_plays_every_line_battle_card() {
    let args = ["exercise", "--pack", PACK, "--games", "8", "--json"];
    let o = cardscript(&args);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).expect(&out);
    // 31 effects on 36 creatures; 14 creatures a deck (3 copies to 40, LB-0.1): 3 decks a
    // pass, so 8 games (16 decks) put every creature in one.
    assert_eq!(j["totals"]["effects"], 31, "{out}");
    assert_eq!(j["cards_in_no_deck"].as_array().unwrap().len(), 0, "{out}");
    assert_eq!(j["totals"]["threw"], 0, "{out}");
    assert!(j["failures"].as_array().unwrap().is_empty(), "{out}");
    assert!(j["totals"]["fired"].as_u64().unwrap() > 20, "{out}");
    assert_eq!(text(&cardscript(&args)), out, "deterministic for a seed");
    let o = cardscript(&["exercise", "--pack", PACK, "--format", "saga"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("unknown format `saga` for a line-battle catalogue"));
}

/// `?N` at a person's prompt in a line-battle game describes card #N with its AT/DF/SH and
/// lines — only a card the seat may see: its own hand and the masters, never a deck card
/// or the opponent's hand.
#[test]
fn question_mark_n_describes_only_the_cards_the_seat_sees() {
    // Both seats people: the first decision is the first player's, on turn 1.
    let args = ["play", "--pack", PACK, "--p1", "human", "--p2", "human"];
    let first = text(&cardscript_with_input(&args, "q\n"));
    // Option 1 plays a card of the first player's hand: "Play NAME (#N) into …".
    let n: u32 = first
        .split("1) Play ")
        .nth(1)
        .and_then(|t| t.split("(#").nth(1))
        .and_then(|t| t.split(')').next())
        .and_then(|t| t.parse().ok())
        .expect(&first);
    let out = text(&cardscript_with_input(&args, &format!("?{n}\nq\n")));
    assert!(out.contains(" · plays into the "), "{out}");
    assert!(out.contains("  AT "), "{out}");
    // Two masters and 40-card decks: cards #0 … #81. The first player (no draw on turn 1,
    // LB-0.3; nothing on the field yet) sees its 5 hand cards and both masters (LB-0.1);
    // the other 75 are hidden.
    let asks: String = (0..82).map(|i| format!("?{i}\n")).collect();
    let out = text(&cardscript_with_input(&args, &format!("{asks}q\n")));
    let hidden = out.matches("no card #").count();
    let shown = out.matches("> LBD-").count();
    assert_eq!((shown, hidden), (7, 75), "{out}");
}

/// docs/scenarios.md's line-battle example passes as written (saved at the repository's
/// root, LB-4.5); without its `packs:` line it is read as Battle Spirits, and the unknown
/// field's help says where the game comes from.
#[test]
fn the_docs_line_battle_example_passes_and_without_packs_the_help_names_the_game() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scenarios.md"))
            .unwrap();
    let section = &doc[doc.find("## Line battle").unwrap()..];
    let start = section.find("```yaml\n").unwrap() + "```yaml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let root = env!("CARGO_MANIFEST_DIR");
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("ex.yaml");
    std::fs::write(
        &f,
        example.replace("folder: scripts/", &format!("folder: {root}/scripts/")),
    )
    .unwrap();
    let o = cardscript(&["test", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 passed, 0 failed"), "{}", text(&o));
    let bare: String = example
        .lines()
        .filter(|l| !l.starts_with("packs:") && !l.contains("folder:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&f, bare).unwrap();
    let out = text(&cardscript(&["test", f.to_str().unwrap()]));
    assert!(out.contains("unknown field `phase`"), "{out}");
    assert!(
        out.contains(
            "this file is read as Battle Spirits (no `packs:`); a line-battle file names its pack"
        ),
        "{out}"
    );
}
