//! Games from the command line: `play` and `sim` (whole games, saves, replays, a human at the
//! terminal, players, closed output).

use super::*;

/// The README's main job: a complete game on the embedded demo pack, ending with who won
/// and why (BS-0.4).
#[test]
fn play_with_no_arguments_plays_a_whole_demo_game() {
    let o = cardscript(&["play"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("== P1 wins")
            || last.starts_with("== P2 wins")
            || last.starts_with("== Draw"),
        "{last}"
    );
    assert!(out.contains("summons"), "{out}");
}

/// A saved replay plays back to the identical log (same hash), and a replay against a
/// different catalogue is refused.
#[test]
fn a_saved_replay_plays_back_to_the_same_log() {
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("game.json");
    let save_s = save.to_str().unwrap();
    let o = cardscript(&[
        "play", "--seed", "7", "--p2", "random", "--log", "json", "--save", save_s,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let first = String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap()
        .to_string();
    let o = cardscript(&["play", "--replay", save_s, "--log", "json"]);
    assert!(o.status.success(), "{}", text(&o));
    let again = String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert!(first.contains("log_hash"), "{first}");
    assert_eq!(first, again);
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    replay["catalogue_hash"] = "0000".into();
    std::fs::write(&save, replay.to_string()).unwrap();
    let o = cardscript(&["play", "--replay", save_s]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("recorded with catalogue 0000"),
        "{}",
        text(&o)
    );
}

/// A human at the terminal: numbered options, and `q` stops and saves.
#[test]
fn a_human_gets_numbered_options_and_can_stop_and_save() {
    use std::io::Write;
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("g.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(["play", "--p1", "human", "--save", save.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"zzz\n1\nq\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("  1. "), "{out}");
    assert!(out.contains("`zzz` is not one of the options"), "{out}");
    assert!(
        out.contains("game stopped at a decision; saved to"),
        "{out}"
    );
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert!(!replay["answers"].as_array().unwrap().is_empty());
}

/// `sim` plays every game to the end with conservation checked after every event (BS-0.5),
/// and its JSON report adds up.
#[test]
fn sim_reports_every_game_of_the_demo_decks() {
    let o = cardscript(&["sim", "--games", "6", "--check", "--json", "--threads", "2"]);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // The demo pack's 4 decks: every pair, mirrors included, is 4 + 3 + 2 + 1 = 10 pairings.
    let pairs = r["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 10);
    assert_eq!(r["games"], 6 * 10);
    for p in pairs {
        assert_eq!(
            p["wins_a"].as_u64().unwrap()
                + p["wins_b"].as_u64().unwrap()
                + p["draws"].as_u64().unwrap(),
            6
        );
    }
    assert_eq!(r["failures"].as_array().unwrap().len(), 0);
}

/// A save file that cannot be written fails before the game, not after it.
#[test]
fn an_unwritable_save_file_fails_at_once() {
    let o = cardscript(&["play", "--save", "/nonexistent-dir/x.json"]);
    assert!(!o.status.success());
    assert!(
        !String::from_utf8_lossy(&o.stdout).contains("summons"),
        "the game was played first"
    );
}

///: `sim` counts effects run from text, from scripts, inert and failed.
#[test]
fn sim_counts_effects_by_origin() {
    let o = cardscript(&["sim", "--games", "10", "--json", "--strict"]);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(r["effects"]["from_text"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(r["effects"]["failed"], 0);
}

/// The real-input flow of `docs/real-cards.md`: import the real cards, build
/// the catalogue, play every pair of the seven starter decks greedy vs greedy with
/// conservation checked after every event (BS-0.5). Every game finishes and no script
/// error goes unreported. Seeds per pairing: `CARDSCRIPT_REAL_GAMES` (default 10 here;
/// the documented run uses 100).
#[test]
fn real_input_flow_plays_every_starter_pairing() {
    let Some(data) = shared_data() else { return };
    let games: u32 = std::env::var("CARDSCRIPT_REAL_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("bss");
    let db = tmp.path().join("cards.sqlite");
    let (pack_s, db_s) = (pack.to_str().unwrap(), db.to_str().unwrap());
    let cards = data.join("cards.jsonl");
    let o = cardscript(&[
        "import",
        "bss-json",
        cards.to_str().unwrap(),
        "--out",
        pack_s,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = cardscript(&["db", "build", pack_s, "-o", db_s]);
    assert!(o.status.success(), "{}", text(&o));
    let mut decks: Vec<String> = std::fs::read_dir(data.join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".txt"))
        .collect();
    decks.sort();
    assert_eq!(decks.len(), 7);
    let n = games.to_string();
    let mut args = vec!["sim", "--db", db_s, "--games", &n, "--check", "--json"];
    args.extend(decks.iter().map(String::as_str));
    let o = cardscript(&args);
    assert!(o.status.success(), "{}", text(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // 7 decks: 28 pairings, mirrors included.
    let pairings = report["pairs"].as_array().expect("pairs");
    assert_eq!(pairings.len(), 28);
    let total: u64 = pairings.iter().map(|p| p["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 28 * u64::from(games));
    for p in pairings {
        let (a, b, d) = (
            p["wins_a"].as_u64().unwrap(),
            p["wins_b"].as_u64().unwrap(),
            p["draws"].as_u64().unwrap(),
        );
        assert_eq!(a + b + d, u64::from(games), "every game has a result: {p}");
    }
    assert_eq!(
        report["failures"].as_array().map(Vec::len),
        Some(0),
        "every game finished"
    );
    assert_eq!(
        report["effects"]["failed"].as_u64(),
        Some(0),
        "{}",
        report["effects"]
    );
    assert!(report["effects"]["from_text"].as_u64().unwrap() > 0);
}

/// A full or closed standard output is an error message (full) or a
/// quiet stop (closed pipe), never a panic with a backtrace.
#[cfg(target_os = "linux")]
#[test]
fn a_full_or_closed_stdout_never_panics() {
    use std::process::{Command, Stdio};
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(["cards", "show", "DEMO-R01"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(err.contains("error:") && !err.contains("panicked"), "{err}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(["cards", "search", ""])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away at once
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

///: `sim --players` picks who plays; a wrong name is a clear error.
#[test]
fn sim_takes_the_players_it_is_told() {
    let o = cardscript(&[
        "sim",
        "--games",
        "3",
        "--players",
        "random,greedy",
        "--check",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = cardscript(&["sim", "--games", "1", "--players", "grody"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("`grody` is not a player"), "{}", text(&o));
}

/// A cut save of a random-vs-random game resumes the same game — the
/// random players go on with the draws they would have made.
#[test]
fn a_cut_save_of_random_players_resumes_the_same_game() {
    let tmp = tempfile::tempdir().unwrap();
    let full = tmp.path().join("full.json");
    let cut = tmp.path().join("cut.json");
    let again = tmp.path().join("again.json");
    let run = |extra: &[&str], save: &std::path::Path| {
        let mut args = vec!["play", "--p1", "random", "--p2", "random", "--log", "json"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--save", save.to_str().unwrap()]);
        let o = cardscript(&args);
        assert!(o.status.success(), "{}", text(&o));
    };
    run(&["--seed", "11"], &full);
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&full).unwrap()).unwrap();
    let answers = replay["answers"].as_array().unwrap().clone();
    assert!(answers.len() > 20, "a whole game: {}", answers.len());
    replay["answers"] = serde_json::Value::Array(answers[..answers.len() / 2].to_vec());
    std::fs::write(&cut, replay.to_string()).unwrap();
    run(&["--replay", cut.to_str().unwrap()], &again);
    let resumed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&again).unwrap()).unwrap();
    assert_eq!(resumed["answers"], serde_json::Value::Array(answers));
}

///, the soak's one failure (1,000,000 random games): a magic paid first with the
/// last core of a spirit, whose depletion fired a burst that spent the reserve, left a
/// payment with no core to finish it. BS-5.2 step 5 / BS-5.3: depletion waits for the whole
/// cost (`engine/tests/payment_depletion.rs` has the rule; this is the game itself).
#[test]
fn the_soak_game_with_a_burst_during_a_payment_finishes() {
    let o = cardscript(&[
        "sim",
        "--players",
        "random",
        "--check",
        "--games",
        "1",
        "--seed",
        "85308",
        "dawn-tide",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 games, "), "{out}");
    assert!(!out.contains("no options"), "{out}");
}
