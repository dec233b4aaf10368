//! Sharded simulations: `sim --shard K/N --out FILE` then `sim merge` prints what the
//! unsharded run prints, byte for byte (text and JSON), on the seven real starter decks
//! (`../shared/data`, skipped with a message when absent) and through the Ray runner
//! (`deploy/ray/sim.py`, skipped with a message when `python3 -c 'import ray'` fails).

mod support;

use std::path::Path;
use std::process::{Command, Output};

use support::{cardscript, shared_data, text};

fn ok(o: Output) -> String {
    assert!(o.status.success(), "{}", text(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// Runs `sim ARGS` in 4 shards into `dir`, returns the shard files.
fn shards(dir: &Path, tag: &str, args: &[&str]) -> Vec<String> {
    (1..=4)
        .map(|k| {
            let out = dir.join(format!("{tag}-{k}.json"));
            let out = out.to_str().unwrap().to_string();
            let spec = format!("{k}/4");
            let mut a = vec!["sim"];
            a.extend_from_slice(args);
            a.extend_from_slice(&["--shard", &spec, "--out", &out]);
            ok(cardscript(&a));
            out
        })
        .collect()
}

fn merge(files: &[String], json: bool) -> Output {
    let mut a = vec!["sim", "merge"];
    a.extend(files.iter().map(String::as_str));
    if json {
        a.push("--json");
    }
    cardscript(&a)
}

/// The seven real starter decks, every pairing with mirrors (28), conservation checked
/// after every event (BS-0.5): 4 shards merged are the unsharded report, text and JSON;
/// shards of another seed, a missing shard and a repeated one are refused by name.
#[test]
fn real_decks_in_four_shards_merge_into_the_unsharded_report() {
    let Some(data) = shared_data() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("bss");
    let pack = pack.to_str().unwrap();
    let cards = data.join("cards.jsonl");
    ok(cardscript(&[
        "import",
        "bss-json",
        cards.to_str().unwrap(),
        "--out",
        pack,
    ]));
    let decks: Vec<String> = (1..=7)
        .map(|i| {
            let dir = data.join("decks");
            let f = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| {
                    p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with(&format!("st0{i}-"))
                })
                .unwrap_or_else(|| panic!("starter deck {i} in {}", dir.display()));
            f.to_str().unwrap().to_string()
        })
        .collect();
    let mut args = vec!["--pack", pack];
    args.extend(decks.iter().map(String::as_str));
    args.extend_from_slice(&["--games", "3", "--seed", "11", "--check"]);
    let mut whole = vec!["sim"];
    whole.extend_from_slice(&args);
    let text_report = ok(cardscript(&whole));
    whole.push("--json");
    let json_report = ok(cardscript(&whole));
    assert!(text_report.contains("84 games"), "{text_report}");
    assert!(text_report.contains("st07-red"), "{text_report}");

    let files = shards(tmp.path(), "a", &args);
    assert_eq!(ok(merge(&files, false)), text_report);
    assert_eq!(ok(merge(&files, true)), json_report);
    // Any order: the shard number, not the argument order, places the games.
    let reversed: Vec<String> = files.iter().rev().cloned().collect();
    assert_eq!(ok(merge(&reversed, true)), json_report);

    // Shard 2 of a run with another seed is another run's.
    let mut other = args.clone();
    let seed = other.iter().position(|a| *a == "11").unwrap();
    other[seed] = "12";
    let foreign = shards(tmp.path(), "b", &other);
    let mixed = [
        files[0].clone(),
        foreign[1].clone(),
        files[2].clone(),
        files[3].clone(),
    ];
    let o = merge(&mixed, false);
    assert!(!o.status.success());
    let e = text(&o);
    assert!(
        e.contains(&foreign[1]) && e.contains("field `seed` is 12 here, 11 in"),
        "{e}"
    );

    let o = merge(&files[..3], false);
    assert!(!o.status.success());
    assert!(text(&o).contains("shard(s) 4/4 missing"), "{}", text(&o));
    let twice = [files[0].clone(), files[1].clone(), files[1].clone()];
    let o = merge(&twice, false);
    assert!(!o.status.success());
    assert!(
        text(&o).contains(&format!(
            "{}: field `shard`: shard 2/4 given twice",
            files[1]
        )),
        "{}",
        text(&o)
    );
}

/// Another deck list (same names, one deck's cards changed) is another run: the field
/// named is `decks`.
#[test]
fn shards_of_other_decks_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let a = shards(tmp.path(), "a", &["dawn-tide", "red-ember", "--games", "2"]);
    let b = shards(
        tmp.path(),
        "b",
        &["dawn-tide", "gloom-grove", "--games", "2"],
    );
    let o = merge(
        &[a[0].clone(), a[1].clone(), b[2].clone(), a[3].clone()],
        true,
    );
    assert!(!o.status.success());
    let e = text(&o);
    assert!(e.contains(&b[2]) && e.contains("field `decks`"), "{e}");
    // Shards of 2 games (one pairing) hold 0, 1, 0 and 1 games: empty shards merge too.
    let whole = ok(cardscript(&[
        "sim",
        "dawn-tide",
        "red-ember",
        "--games",
        "2",
        "--json",
    ]));
    assert_eq!(ok(merge(&a, true)), whole);
}

/// `deploy/ray/sim.py` on a local Ray (`ray.init()`): 4 shards as Ray tasks running this
/// cardscript, 2,000 games of the demo decks, merged == unsharded.
#[test]
fn the_ray_runner_merges_four_shards_into_the_unsharded_report() {
    let has_ray = Command::new("python3")
        .args(["-c", "import ray"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_ray {
        eprintln!("skipped: python3 cannot import ray (python3 -m pip install ray, see .ci/run)");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_cardscript");
    let sim = ["--games", "200", "--seed", "3"];
    let mut whole = vec!["sim"];
    whole.extend_from_slice(&sim);
    let expected = ok(cardscript(&whole));
    let o = Command::new("python3")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "deploy/ray/sim.py",
            "--shards",
            "4",
            "--cardscript",
            bin,
            "--",
        ])
        .args(sim)
        .output()
        .unwrap();
    let got = ok(o);
    assert!(got.contains("2000 games"), "{got}");
    assert_eq!(got, expected);
}
