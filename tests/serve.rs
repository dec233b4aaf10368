//! `cardscript serve`'s JSON API without a browser (`docs/serve.md`; the
//! page itself is tested in `tests/browser.rs`): illegal answers are refused and change
//! nothing, hot-seat shows the seat that must answer, a replay saved by `play` loads and
//! gives the same log, and a game other than Battle Spirits plays and replays too.

#[path = "support/server.rs"]
mod server;

use std::process::Command;

use serde_json::{Value, json};
use server::Server;

fn play(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `play --log json`'s events (its last line, the result, left out), one a line.
fn events_of(printed: &str) -> String {
    let (events, _result) = printed.trim_end().rsplit_once('\n').unwrap();
    format!("{events}\n")
}

#[test]
fn an_illegal_answer_is_refused_and_changes_nothing() {
    let s = Server::start(&[]);
    let decks = s.get("/api/decks");
    assert_eq!(decks["game"], "battle-spirits");
    assert!(decks["decks"].as_array().unwrap().len() >= 2);
    let (code, r) = s.post("/api/games", &json!({ "deck_a": "no such deck" }));
    assert_eq!(code, 400);
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("no deck `no such deck`"),
        "{r}"
    );
    let (code, r) = s.post("/api/games", &json!({ "seed": 3 }));
    assert_eq!(code, 200, "{r}");
    let id = r["id"].as_u64().unwrap();
    // Human P1 against greedy P2: a token for P1's seat only.
    let t = r["tokens"][0].as_str().unwrap().to_string();
    assert_eq!(r["tokens"][1], Value::Null);
    let before = s.get_as(&t, &format!("/api/games/{id}"));
    // BS-0.2: the first question is P1's mulligan, with two options.
    assert_eq!(before["decision"]["kind"], "Mulligan");
    assert_eq!(before["decision"]["player"], 0);
    assert_eq!(before["decision"]["options"].as_array().unwrap().len(), 2);
    for bad in [
        json!({ "id": 2 }),
        json!({ "id": "x" }),
        json!({ "nothing": 1 }),
    ] {
        let (code, r) = s.post_as(&t, &format!("/api/games/{id}/answer"), &bad);
        assert_eq!(code, 400, "{bad} → {r}");
    }
    let (_, r) = s.post_as(&t, &format!("/api/games/{id}/answer"), &json!({ "id": 2 }));
    assert_eq!(r["error"], "no option 2: this decision has 2");
    assert_eq!(
        s.get_as(&t, &format!("/api/games/{id}")),
        before,
        "nothing changed"
    );
    let (code, _) = s.http("GET", "/api/games/99", "");
    assert_eq!(code, 404);
    // A legal answer moves the game on.
    let (code, after) = s.post_as(&t, &format!("/api/games/{id}/answer"), &json!({ "id": 0 }));
    assert_eq!(code, 200);
    assert_ne!(after["decision"], before["decision"]);
}

#[test]
fn hot_seat_shows_the_seat_that_must_answer() {
    let s = Server::start(&[]);
    let (_, r) = s.post(
        "/api/games",
        &json!({ "seed": 5, "seats": ["human", "human"] }),
    );
    let id = r["id"].as_u64().unwrap();
    // The page at the keyboard holds both seats' tokens.
    let t = format!(
        "{},{}",
        r["tokens"][0].as_str().unwrap(),
        r["tokens"][1].as_str().unwrap()
    );
    let mut state = s.get_as(&t, &format!("/api/games/{id}"));
    let mut seats_seen = [false, false];
    let mut answers = 0;
    while state["over"] == false {
        let seat = state["decision"]["player"].as_u64().unwrap() as usize;
        seats_seen[seat] = true;
        assert_eq!(state["viewer"], seat as u64);
        assert_eq!(state["view"]["me"], seat as u64);
        // The deciding seat's hand is shown, the other's is not (only its size).
        assert!(state["view"]["players"][seat]["hand"].is_array());
        assert!(state["view"]["players"][1 - seat]["hand"].is_null());
        // The last option: a short game (passing, ending steps).
        let n = state["decision"]["options"].as_array().unwrap().len();
        let (code, next) = s.post_as(
            &t,
            &format!("/api/games/{id}/answer"),
            &json!({ "id": n - 1, "since": 999_999 }),
        );
        assert_eq!(code, 200, "{next}");
        state = next;
        answers += 1;
        assert!(answers < 2000, "the game did not end");
    }
    assert_eq!(seats_seen, [true, true], "both seats answered");
    // Both seats are the client's: the log is the full one, no card hidden.
    let state = s.get_as(&t, &format!("/api/games/{id}?since=0"));
    for e in state["log"].as_array().unwrap() {
        if let Some(m) = e["event"].get("CardMoved") {
            assert!(m["card"].is_u64(), "{e}");
        }
    }
    let (code, _) = s.post_as(&t, &format!("/api/games/{id}/answer"), &json!({ "id": 0 }));
    assert_eq!(code, 409, "the game is over");
}

#[test]
fn a_replay_saved_by_play_loads_and_gives_the_same_log() {
    let tmp = tempfile::tempdir().unwrap();
    let s = Server::start(&[]);
    // Saga's rules, and casual's (BS-0.1: the replay names the rules it was played with).
    for format in ["saga", "casual"] {
        let file = tmp.path().join(format!("{format}.json"));
        let f = file.to_str().unwrap();
        let printed = play(&[
            "play", "--seed", "4", "--format", format, "--log", "json", "--save", f,
        ]);
        let replay: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(replay["config"]["name"], format);
        let (code, r) = s.post("/api/replays", &json!({ "replay": replay }));
        assert_eq!(code, 200, "{r}");
        let id = r["id"].as_u64().unwrap();
        let t = r["tokens"][0].as_str().unwrap();
        let (_, log) = s.http_as(t, "GET", &format!("/api/games/{id}/log"), "");
        assert_eq!(log, events_of(&printed), "{format}: byte for byte");
        assert_eq!(s.get_as(t, &format!("/api/games/{id}"))["over"], true);
        // The server's replay file is the one `play` wrote.
        assert_eq!(
            s.get_as(t, &format!("/api/games/{id}/replay")),
            replay,
            "{format}"
        );
        // Another catalogue's replay is refused.
        let mut other = replay.clone();
        other["catalogue_hash"] = json!("0000");
        let (code, r) = s.post("/api/replays", &json!({ "replay": other }));
        assert_eq!(code, 400);
        assert!(r["error"].as_str().unwrap().contains("catalogue"), "{r}");
    }
}

#[test]
fn the_line_battle_plays_and_replays_in_the_server() {
    let pack = ["--pack", "scripts/line-battle-demo"];
    let s = Server::start(&pack);
    assert_eq!(s.get("/api/decks")["game"], "line-battle");
    let (_, r) = s.post(
        "/api/games",
        &json!({ "seed": 2, "seats": ["human", "greedy"] }),
    );
    let id = r["id"].as_u64().unwrap();
    let t = r["tokens"][0].as_str().unwrap();
    let mut state = s.get_as(t, &format!("/api/games/{id}"));
    let mut answers = 0;
    while state["over"] == false {
        assert_eq!(state["decision"]["player"], 0, "only P1 is human");
        let (code, next) = s.post_as(
            t,
            &format!("/api/games/{id}/answer"),
            &json!({ "id": 0, "since": 999_999 }),
        );
        assert_eq!(code, 200, "{next}");
        state = next;
        answers += 1;
        assert!(answers < 2000, "the game did not end");
    }
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("lb.json");
    let (_, replay) = s.http_as(t, "GET", &format!("/api/games/{id}/replay"), "");
    std::fs::write(&file, replay).unwrap();
    let (_, log) = s.http_as(t, "GET", &format!("/api/games/{id}/log"), "");
    let printed = play(&[
        "play",
        "--pack",
        "scripts/line-battle-demo",
        "--replay",
        file.to_str().unwrap(),
        "--log",
        "json",
    ]);
    assert_eq!(log, events_of(&printed), "byte for byte");
}

/// The option id of `choice` in a state's decision.
fn option_id(state: &Value, choice: &Value) -> Option<u64> {
    (state["decision"]["options"].as_array().unwrap().iter())
        .find(|o| &o["choice"] == choice)
        .map(|o| o["id"].as_u64().unwrap())
}

/// BS-5.2 step 5: P1 summons Gullwing Lancer (seed 3), pays one core, and answers
/// `Cancel`: the game's state is the main step's again (decision, view, log length), and
/// the log asked for from before the cancel ends where it ended then.
#[test]
fn a_cancel_answer_returns_the_game_to_the_main_step() {
    let s = Server::start(&[]);
    let (_, r) = s.post("/api/games", &json!({ "seed": 3 }));
    let id = r["id"].as_u64().unwrap();
    let t = r["tokens"][0].as_str().unwrap().to_string();
    let answer = |body: Value| {
        let (code, r) = s.post_as(&t, &format!("/api/games/{id}/answer"), &body);
        assert_eq!(code, 200, "{body} → {r}");
        r
    };
    let main = answer(json!({ "id": 0 }));
    assert_eq!(main["decision"]["kind"], "MainAction");
    assert_eq!(option_id(&main, &json!("Cancel")), None);
    let pay = answer(json!({ "id": 0 }));
    assert_eq!(pay["decision"]["kind"], "PayFrom");
    let single = json!({ "PayFrom": { "from": "Reserve", "soul": false } });
    let paid = answer(json!({ "id": option_id(&pay, &single).unwrap() }));
    assert_eq!(paid["log_len"], main["log_len"].as_u64().unwrap() + 1);
    let since = paid["log_len"].clone();
    let cancel = option_id(&paid, &json!("Cancel")).expect("cancel is offered");
    let back = answer(json!({ "id": cancel, "since": since }));
    assert_eq!(back["decision"], main["decision"]);
    assert_eq!(back["view"], main["view"]);
    assert_eq!(back["log_len"], main["log_len"]);
    assert_eq!(back["log"], json!([]));
    // The cancelled summon left no answer behind: the replay's last answer is the one
    // before P1's main step (P2's end of its main step), and it plays to the same log.
    let replay = s.get_as(&t, &format!("/api/games/{id}/replay"));
    let answers = replay["answers"].as_array().unwrap();
    assert_eq!(answers.last(), Some(&json!("EndMain")), "{replay}");
    assert!(
        !answers
            .iter()
            .any(|a| a.get("Summon").is_some() || a == "Cancel")
    );
    let (_, r) = s.post("/api/replays", &json!({ "replay": replay }));
    let t2 = r["tokens"][0].as_str().unwrap();
    let loaded = s.get_as(t2, &format!("/api/games/{}", r["id"]));
    assert_eq!(loaded["log_len"], main["log_len"]);
    assert_eq!(loaded["decision"]["options"], main["decision"]["options"]);
}

/// BS-6.2: a game made with `auto_pass` asks P1 no flash timing where it can only pass:
/// seed 5, P1 ending each main step, is asked 3 decisions instead of 8
/// (`tests/protocol.rs` counts both).
#[test]
fn auto_pass_games_do_not_ask_pass_only_flash_timings() {
    let s = Server::start(&[]);
    let (code, r) = s.post("/api/games", &json!({ "seed": 5, "auto_pass": true }));
    assert_eq!(code, 200, "{r}");
    let id = r["id"].as_u64().unwrap();
    let t = r["tokens"][0].as_str().unwrap().to_string();
    let mut state = s.get_as(&t, &format!("/api/games/{id}"));
    let mut asked = 0;
    while state["over"] == false {
        asked += 1;
        let d = &state["decision"];
        assert_ne!(
            d["options"],
            json!([{"id": 0, "label": "Pass", "choice": "Pass"}])
        );
        let choice = match d["kind"].as_str().unwrap() {
            "MainAction" => option_id(&state, &json!("EndMain")),
            "FlashOrPass" => option_id(&state, &json!("Pass")),
            _ => Some(0),
        };
        let body = json!({ "id": choice.unwrap() });
        let (code, r) = s.post_as(&t, &format!("/api/games/{id}/answer"), &body);
        assert_eq!(code, 200, "{r}");
        state = r;
    }
    assert_eq!(asked, 3);
}
