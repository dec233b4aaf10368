//! The JSON-lines protocol (`docs/protocol.md`) through the binary: a
//! scripted client plays both seats of a whole demo game with the answers `play` gave, and
//! sees the same events, byte for byte; lines that are not legal answers get an `error`
//! and change nothing.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr),
    )
}

#[test]
fn a_client_playing_both_seats_sees_the_log_play_prints() {
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("game.json");
    // The reference: greedy against greedy, seed 3, the log as JSON lines.
    let (ok, log) = run(
        &[
            "play",
            "--seed",
            "3",
            "--log",
            "json",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{log}");
    let mut expected: Vec<serde_json::Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = expected.pop().expect("a result line");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let answers = replay["answers"].as_array().unwrap();
    assert!(answers.len() > 20, "a whole game of answers");

    // The client: three bad lines first, then every answer as {"choice": …}.
    let mut input = String::from("not json\n{\"id\": 999}\n{\"choice\": {\"NoSuchChoice\": 1}}\n");
    for a in answers {
        input.push_str(&serde_json::json!({ "choice": a }).to_string());
        input.push('\n');
    }
    let (ok, out) = run(
        &[
            "play",
            "--seed",
            "3",
            "--protocol",
            "jsonl",
            "--p1",
            "human",
            "--p2",
            "human",
        ],
        &input,
    );
    assert!(ok, "{out}");
    let msgs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(msgs[0]["type"], "hello");
    assert_eq!(msgs[0]["version"], 1);
    assert_eq!(msgs[0]["game"], "battle-spirits");
    assert_eq!(msgs[0]["client_seats"], serde_json::json!([0, 1]));
    let errors: Vec<&serde_json::Value> = msgs.iter().filter(|m| m["type"] == "error").collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("not JSON")
    );
    assert!(
        errors[1]["message"]
            .as_str()
            .unwrap()
            .contains("no option 999")
    );
    assert!(
        errors[2]["message"]
            .as_str()
            .unwrap()
            .contains("is not an answer of this game")
    );
    // Every decision lists its options with ids 0.. and a view of the deciding seat only.
    for m in msgs.iter().filter(|m| m["type"] == "decision") {
        let ids: Vec<u64> = m["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids, (0..ids.len() as u64).collect::<Vec<_>>());
        assert_eq!(m["view"]["me"], m["player"]);
        // The view carries the printed face of each card of the deciding seat's hand
        // (docs/protocol.md "Card faces").
        let me = m["player"].as_u64().unwrap() as usize;
        for c in m["view"]["players"][me]["hand"].as_array().unwrap() {
            let face = &m["view"]["faces"][c["card"].as_str().unwrap()];
            assert_eq!(face["name"], c["name"], "{c}");
        }
    }
    let events: Vec<serde_json::Value> = msgs
        .iter()
        .flat_map(|m| m["events"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(events, expected, "the same events as `play --log json`");
    let over = msgs.last().unwrap();
    assert_eq!(over["type"], "over");
    assert_eq!(over["result"], last["result"]);
}

/// A client of one seat gets the events as that seat may see them. Card
/// instances are numbered in deck-list order, so an opponent's draw that named its instance
/// would name the card; in P1's stream P2's draws name none, and every other event is the
/// full log's (`play --log json` with the same answers), byte for byte.
#[test]
fn a_client_of_one_seat_does_not_see_the_opponents_draws() {
    // P1 answers the first option of every decision; greedy plays P2 (seed 1: P2's
    // opening hand and draws, P1 losing in a few turns; with other seeds the first option
    // of the core movement step can move a core back and forth for ever).
    let input = "{\"id\": 0}\n".repeat(200);
    let (ok, out) = run(
        &[
            "play",
            "--seed",
            "1",
            "--protocol",
            "jsonl",
            "--p1",
            "human",
        ],
        &input,
    );
    assert!(ok, "{out}");
    let msgs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(msgs[0]["client_seats"], serde_json::json!([0]));
    let decisions = msgs.iter().filter(|m| m["type"] == "decision").count();
    assert_eq!(msgs.last().unwrap()["type"], "over");
    let seen: Vec<serde_json::Value> = msgs
        .iter()
        .flat_map(|m| m["events"].as_array().cloned().unwrap_or_default())
        .collect();

    // The full log: the same game through `play`, P1 answering option 1 (the first) as often.
    let (ok, log) = run(
        &["play", "--seed", "1", "--p1", "human", "--log", "json"],
        &"1\n".repeat(decisions),
    );
    assert!(ok, "{log}");
    let mut full: Vec<serde_json::Value> = log
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    full.pop(); // the result line
    assert_eq!(
        seen.len(),
        full.len(),
        "one event in the stream per event of the log"
    );

    let (mut p1_draws, mut p2_draws) = (0, 0);
    for (f, s) in full.iter().zip(&seen) {
        let draw_of =
            |p: u8| f["CardMoved"]["from"]["Deck"] == p && f["CardMoved"]["to"]["Hand"] == p;
        if draw_of(1) {
            p2_draws += 1;
            assert!(
                s["CardMoved"]["card"].is_null(),
                "P2's draw names no card: {s}"
            );
            let mut expected = f.clone();
            expected["CardMoved"]["card"] = serde_json::Value::Null;
            assert_eq!(s, &expected);
        } else if f.get("BurstSet").is_some() && f["BurstSet"]["player"] == 1 {
            assert!(s["BurstSet"]["card"].is_null(), "BS-10.1: face down: {s}");
        } else if f["CardMoved"]["from"]["Hand"] == 1 && f["CardMoved"]["to"]["Deck"] == 1 {
            assert!(s["CardMoved"]["card"].is_null(), "a mulligan's return: {s}");
        } else {
            if draw_of(0) {
                p1_draws += 1;
                assert!(s["CardMoved"]["card"].is_u64(), "P1 sees its own draw");
            }
            assert_eq!(s, f, "what P1 may see is the full log's event");
        }
    }
    assert!(
        p2_draws >= 4 && p1_draws >= 4,
        "{p1_draws} P1 and {p2_draws} P2 draws"
    );
}

///, BS-5.2: a whole payment sent as choice JSON is applied when it can be made and
/// refused with its reason when not (the wrong number of cores).
#[test]
fn a_whole_payment_as_choice_json_is_checked_with_a_reason() {
    let bad = r#"{"choice":{"PayAll":{"from":[{"from":"Reserve","cores":2,"soul":false}]}}}"#;
    let good = r#"{"choice":{"PayAll":{"from":[{"from":"Reserve","cores":3,"soul":false}]}}}"#;
    // P1 keeps, summons Gullwing Lancer (option 0 of the demo game, seed 3), pays.
    let input = format!("{{\"id\": 0}}\n{{\"id\": 0}}\n{bad}\n{good}\n{{\"quit\": true}}\n");
    let (_, out) = run(
        &[
            "play",
            "--seed",
            "3",
            "--protocol",
            "jsonl",
            "--p1",
            "human",
        ],
        &input,
    );
    assert!(
        out.contains("Gullwing Lancer takes exactly 3 more core(s) (BS-5.2); that is 2"),
        "{out}"
    );
    assert!(out.contains("Place on Gullwing Lancer at once"), "{out}");
}

/// The client's input bytes as they are: the lines the engine sends back, and whether
/// the process ended well.
fn run_bytes(args: &[&str], stdin: &[u8]) -> (bool, Vec<serde_json::Value>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let o = child.wait_with_output().unwrap();
    let lines = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (o.status.success(), lines)
}

#[test]
fn a_line_too_long_or_not_utf8_is_refused_and_the_end_of_input_says_so() {
    // Past the documented line limit (1 MiB), a line that is not UTF-8, then a legal
    // answer, then the input ends mid-game.
    let mut input = vec![b'x'; (1 << 20) + 1];
    input.extend_from_slice(b"\n{\"id\": \xff}\n{\"id\": 0}\n");
    let (ok, lines) = run_bytes(
        &[
            "play",
            "--protocol",
            "jsonl",
            "--p1",
            "human",
            "--seed",
            "1",
        ],
        &input,
    );
    assert!(ok, "{lines:?}");
    let kinds: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "hello", "decision", "error", "error", "decision", "error", "over"
        ],
        "{lines:?}"
    );
    // BS-0.2: the first decision is P1's mulligan, and it stands after both refusals.
    assert_eq!(lines[1]["kind"], "Mulligan");
    let message = |i: usize| lines[i]["message"].as_str().unwrap().to_string();
    assert!(
        message(2).contains("at most 1048576 bytes"),
        "{}",
        message(2)
    );
    assert!(message(3).contains("UTF-8"), "{}", message(3));
    // Keeping the hand moves the game on to P1's next decision.
    assert_ne!(lines[4]["kind"], "Mulligan");
    assert!(message(5).contains("input ended"), "{}", message(5));
    assert_eq!(
        lines[6]["result"],
        serde_json::Value::Null,
        "ended as a quit"
    );
}

/// Plays P1 through the protocol, answering each decision with `answer(decision)`; returns
/// every line the engine sent.
fn converse(
    args: &[&str],
    mut answer: impl FnMut(&serde_json::Value) -> String,
) -> Vec<serde_json::Value> {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let mut lines = Vec::new();
    for l in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        let v: serde_json::Value = serde_json::from_str(&l.unwrap()).unwrap();
        if v["type"] == "decision" {
            writeln!(input, "{}", answer(&v)).unwrap();
        }
        lines.push(v);
    }
    child.wait().unwrap();
    lines
}

/// The option id of `choice` in decision `d`.
fn id_of(d: &serde_json::Value, choice: &serde_json::Value) -> Option<u64> {
    (d["options"].as_array().unwrap().iter())
        .find(|o| &o["choice"] == choice)
        .map(|o| o["id"].as_u64().unwrap())
}

/// BS-5.2 step 5: P1 summons Gullwing Lancer (seed 3), pays one core, then answers
/// `Cancel`: the event of the paid core is reported undone and the main step's decision
/// comes back with the same options and view; after the payment is complete, the core
/// placement (BS-5.2 step 6) lists no cancel.
#[test]
fn a_cancel_mid_payment_returns_to_the_same_decision() {
    let args = [
        "play",
        "--seed",
        "3",
        "--protocol",
        "jsonl",
        "--p1",
        "human",
    ];
    let mut script = vec![
        r#"{"id":0}"#.to_string(), // keep
        r#"{"id":0}"#.to_string(), // summon Gullwing Lancer
        r#"{"choice":{"PayFrom":{"from":"Reserve","soul":false}}}"#.to_string(),
        r#"{"choice":"Cancel"}"#.to_string(),
        r#"{"id":0}"#.to_string(), // summon it again
        r#"{"id":0}"#.to_string(), // the default whole payment
        r#"{"quit":true}"#.to_string(),
    ]
    .into_iter();
    let lines = converse(&args, |_| script.next().unwrap());
    let d: Vec<&serde_json::Value> = lines.iter().filter(|l| l["type"] == "decision").collect();
    let kinds: Vec<&str> = d.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "Mulligan",
            "MainAction",
            "PayFrom",
            "PayFrom",
            "MainAction",
            "PayFrom",
            "PlaceCore"
        ]
    );
    let cancel = serde_json::json!("Cancel");
    // Offered last while the cost is unpaid, never before or after.
    assert_eq!(
        id_of(d[2], &cancel),
        Some(d[2]["options"].as_array().unwrap().len() as u64 - 1)
    );
    assert!(id_of(d[3], &cancel).is_some());
    assert_eq!(id_of(d[1], &cancel), None);
    assert_eq!(id_of(d[6], &cancel), None);
    // The paid core's move was sent with the second payment question, and is undone.
    assert_eq!(d[3]["events"].as_array().unwrap().len(), 1, "{}", d[3]);
    assert_eq!(d[4]["undone"], 1);
    assert_eq!(d[4]["events"], serde_json::json!([]));
    assert_eq!(
        (&d[4]["options"], &d[4]["view"]),
        (&d[1]["options"], &d[1]["view"])
    );
}

/// BS-6.2: with `--auto-pass`, the flash timings where P1 can only pass are answered for
/// it; the same answers are given (the game and its events are the same), with fewer
/// decisions asked: exactly the pass-only ones.
#[test]
fn auto_pass_skips_only_the_flash_timings_with_nothing_to_use() {
    let base = [
        "play",
        "--seed",
        "5",
        "--protocol",
        "jsonl",
        "--p1",
        "human",
    ];
    // P1 ends each main step and passes each flash timing; else the first option.
    let script = |d: &serde_json::Value| {
        let id = match d["kind"].as_str().unwrap() {
            "MainAction" => id_of(d, &serde_json::json!("EndMain")),
            "FlashOrPass" => id_of(d, &serde_json::json!("Pass")),
            _ => Some(0),
        };
        format!(r#"{{"id":{}}}"#, id.unwrap())
    };
    let plain = converse(&base, script);
    let auto = converse(&[&base[..], &["--auto-pass"]].concat(), script);
    let decisions = |ls: &[serde_json::Value]| -> Vec<serde_json::Value> {
        ls.iter()
            .filter(|l| l["type"] == "decision")
            .cloned()
            .collect()
    };
    let pass_only = |d: &serde_json::Value| {
        d["kind"] == "FlashOrPass"
            && d["options"] == serde_json::json!([{"id":0,"label":"Pass","choice":"Pass"}])
    };
    let (p, a) = (decisions(&plain), decisions(&auto));
    let skipped = p.iter().filter(|d| pass_only(d)).count();
    // Seed 5: 8 decisions asked, 5 of them pass-only flash timings.
    assert_eq!((p.len(), skipped), (8, 5));
    assert_eq!(a.len(), 3);
    assert!(!a.iter().any(pass_only));
    assert_eq!(auto[0]["auto_pass"], true);
    // Every event arrives all the same, and the result is the same.
    let events = |ls: &[serde_json::Value]| -> Vec<serde_json::Value> {
        ls.iter()
            .flat_map(|l| l["events"].as_array().cloned().unwrap_or_default())
            .collect()
    };
    assert_eq!(events(&auto), events(&plain));
    assert_eq!(
        auto.last().unwrap()["result"],
        plain.last().unwrap()["result"]
    );
    assert_eq!(plain.last().unwrap()["type"], "over");
    // Turned on by a line instead: the mulligan is asked again, then as with the flag.
    let mut on = false;
    let toggled = converse(&base, |d| {
        if !on {
            on = true;
            return r#"{"auto_pass":true}"#.to_string();
        }
        script(d)
    });
    let t = decisions(&toggled);
    assert_eq!(t.len(), a.len() + 1);
    let mulligan = serde_json::json!("Mulligan");
    assert_eq!((&t[0]["kind"], &t[1]["kind"]), (&mulligan, &mulligan));
    assert_eq!(events(&toggled), events(&plain));
}
