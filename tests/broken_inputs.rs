//! The corpus of broken packs and decks under `tests/broken/`: each must fail with its own
//! clear error naming file, line, column and field (every line of its `expect` file must
//! appear in the error), and a catalogue built before must stay byte for byte the same.

use std::path::{Path, PathBuf};

use carddb::{Catalogue, DeckFormat, LoadError, Pack};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken")
}

fn demo() -> Pack {
    Pack::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/battle-spirits-demo")).unwrap()
}

fn expectations(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// What `cardscript db build [base] pack -o out` does.
fn build(case: &Path, out: &Path) -> Result<(), LoadError> {
    let mut packs = Vec::new();
    if case.join("base").is_dir() {
        packs.push(Pack::load(&case.join("base"))?);
    }
    packs.push(Pack::load(&case.join("pack"))?);
    Catalogue::build(&packs, out).map(|_| ())
}

#[test]
fn every_broken_pack_fails_with_its_located_error_and_leaves_the_catalogue_intact() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cards.sqlite");
    Catalogue::build(&[demo()], &out).unwrap();
    let before = std::fs::read(&out).unwrap();
    let mut cases: Vec<_> = std::fs::read_dir(root().join("packs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 25, "the corpus holds {} packs", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let message = match build(case, &out) {
            Ok(()) => {
                failures.push(format!("{name}: built without error"));
                continue;
            }
            Err(e) => e.to_string(),
        };
        for want in expectations(&case.join("expect.txt")) {
            if !message.contains(&want) {
                failures.push(format!("{name}: error lacks `{want}`:\n{message}"));
            }
        }
        assert_eq!(
            std::fs::read(&out).unwrap(),
            before,
            "{name} changed the catalogue"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // No temporary file is left beside the catalogue.
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn every_broken_deck_is_rejected_with_its_line() {
    let cards = demo().cards.into_iter().map(|c| c.def).collect::<Vec<_>>();
    let mut cases: Vec<_> = std::fs::read_dir(root().join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "expect"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 6);
    for case in cases {
        let message = match carddb::deck::load_file(&case) {
            Err(e) => e.to_string(),
            Ok(deck) => {
                // The deck file's own `format:` line, else Saga (BS-0.1).
                let format =
                    carddb::format::format_for(None, &deck.deck, carddb::GameKind::BattleSpirits)
                        .unwrap();
                let problems = carddb::deck::check(&deck, &cards, &format);
                assert!(!problems.is_empty(), "{} passed the check", case.display());
                carddb::Diagnostics(problems).to_string()
            }
        };
        for want in expectations(&case.with_extension("expect")) {
            assert!(
                message.contains(&want),
                "{}: error lacks `{want}`:\n{message}",
                case.display()
            );
        }
    }
}

/// The line-battle deck corpus (`tests/broken/line-battle-decks/`), against the cards of
/// `scripts/line-battle-demo` and the line-battle format (LB-0.1: 40–60 cards, at most 3 of
/// a card id, exactly one master on its own line).
#[test]
fn every_broken_line_battle_deck_is_rejected_with_its_line() {
    let pack = Pack::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/line-battle-demo"))
        .unwrap();
    let cards = pack.cards.into_iter().map(|c| c.def).collect::<Vec<_>>();
    let mut cases: Vec<_> = std::fs::read_dir(root().join("line-battle-decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "expect"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 11, "the corpus holds {} decks", cases.len());
    for case in cases {
        let message = match carddb::deck::load_file(&case) {
            Err(e) => e.to_string(),
            Ok(deck) => {
                let problems = carddb::deck::check(&deck, &cards, &DeckFormat::line_battle());
                assert!(!problems.is_empty(), "{} passed the check", case.display());
                carddb::Diagnostics(problems).to_string()
            }
        };
        for want in expectations(&case.with_extension("expect")) {
            assert!(
                message.contains(&want),
                "{}: error lacks `{want}`:\n{message}",
                case.display()
            );
        }
    }
}

/// The checks of meaning, through the command as an author runs it: each case of
/// `tests/broken/checks/` fails `db build` and `lint` in one run with every line of its
/// `expect.txt` (file:line, did-you-mean, valid values, the count of errors), and `db
/// build` leaves the catalogue built before byte for byte the same. Cases: an unknown
/// timing label (`When Blocking`), keyword (`crsh`), function in an inline script
/// (`exhuast`), in script files and in a pack phrase's rhai, a pack phrase's rhai cut short
/// (found only by the engine's own build), a card file with a byte order mark,
/// and one pack with
/// every kind of mistake at once (YAML, card, label, keyword, script syntax, unknown
/// function, deck, dependency).
#[test]
fn every_check_of_meaning_reports_all_its_errors_in_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cards.sqlite");
    Catalogue::build(&[demo()], &out).unwrap();
    let before = std::fs::read(&out).unwrap();
    let mut cases: Vec<_> = std::fs::read_dir(root().join("checks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 6, "the corpus holds {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let pack = case.join("pack");
        let (pack, out_s) = (pack.to_str().unwrap(), out.to_str().unwrap());
        for args in [vec!["db", "build", pack, "-o", out_s], vec!["lint", pack]] {
            let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
                .args(&args)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.success() {
                failures.push(format!("{name} {}: succeeded", args[0]));
            }
            for want in expectations(&case.join("expect.txt")) {
                if !err.contains(&want) {
                    failures.push(format!("{name} {}: lacks `{want}`:\n{err}", args[0]));
                }
            }
            // Never the place-less `0..0` nor a line 0.
            if err.contains(":0:") {
                failures.push(format!(
                    "{name} {}: an error without its line:\n{err}",
                    args[0]
                ));
            }
        }
        assert_eq!(
            std::fs::read(&out).unwrap(),
            before,
            "{name} changed the catalogue"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
