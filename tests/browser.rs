//! `cardscript serve` in a real browser (`docs/serve.md`): the
//! built binary serves the demo pack on a free loopback port; headless Chromium, driven
//! through chromedriver, plays a whole game as P1 against the greedy P2 by clicking the
//! option buttons the page offers (a seeded choice). At every decision the board the page
//! shows (life, reserve, hand size, deck, field card names of both players, the number of
//! options) is checked against the server's JSON API; at the end the replay the page links
//! to is played with `cardscript play --replay FILE --log json`, which must print the
//! server's log byte for byte, and the P1 stream must hide P2's draws.
//!
//! Skipped, with a printed reason, when `/usr/bin/chromium` or `/usr/bin/chromedriver` is
//! absent (`.ci/run` installs both). `UPDATE_SCREENSHOT=1` writes the mid-game screenshot
//! to `docs/serve-screenshot.png`; otherwise it goes to a temp dir.

#[path = "support/server.rs"]
mod server;

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{ClientBuilder, Locator};
use serde_json::{Value, json};
use server::{Server, http};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The game's seed and the seed of the clicks: a 68-decision game on the demo pack at the
/// time of writing, with plays, payments, core placement and movement, and attacks.
const SEED: u64 = 2;
const MAX_DECISIONS: usize = 2000;

/// Kills a child process when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get_json(base: &str, path: &str) -> Value {
    let (status, body) = http(base, "GET", path, "");
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The board as the page shows it, read from its `data-*` attributes in one call.
const SNAPSHOT: &str = r##"
const st = document.getElementById("status");
const players = [...document.querySelectorAll("#board .player")].map((p) => ({
  player: Number(p.dataset.player),
  life: Number(p.dataset.life),
  reserve: Number(p.dataset.reserve),
  hand: Number(p.dataset.handCount),
  deck: Number(p.dataset.deck),
  field: [...p.querySelectorAll(".field-card")].map((c) => c.dataset.cardName),
}));
players.sort((a, b) => a.player - b.player);
return {
  shown: Number(st.dataset.shown || 0),
  over: st.dataset.over === "true",
  game: st.dataset.gameId === undefined ? null : Number(st.dataset.gameId),
  options: [...document.querySelectorAll("#options button[data-option-id]")]
    .map((b) => Number(b.dataset.optionId)),
  players,
};
"##;

async fn snapshot(c: &fantoccini::Client) -> Value {
    c.execute(SNAPSHOT, vec![])
        .await
        .expect("the snapshot script runs")
}

/// Waits until the page has shown more than `shown` states.
async fn wait_shown(c: &fantoccini::Client, shown: u64) -> Value {
    let start = Instant::now();
    loop {
        let s = snapshot(c).await;
        if s["shown"].as_u64().unwrap_or(0) > shown {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the page did not update: {s}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The API's view of the board in the snapshot's shape.
fn api_board(state: &Value) -> Value {
    let view = &state["view"];
    let players: Vec<Value> = (0..2)
        .map(|i| {
            let p = &view["players"][i];
            json!({
                "player": i,
                "life": p["life"],
                "reserve": p["reserve"],
                "hand": p["hand_count"],
                "deck": p["deck"],
                "field": p["field"].as_array().unwrap().iter().map(|c| c["name"].clone())
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    json!(players)
}

#[tokio::test(flavor = "current_thread")]
async fn a_whole_demo_game_played_by_clicking_in_chromium() {
    for tool in [CHROMIUM, CHROMEDRIVER] {
        if !std::path::Path::new(tool).exists() {
            println!("skipped: {tool} is absent (apt-get install chromium chromium-driver)");
            return;
        }
    }
    let bin = env!("CARGO_BIN_EXE_cardscript");
    let server = Server::start(&[]);
    let base = server.base.clone();
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");

    let port = free_port();
    let driver = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver runs");
    let _driver = Killed(driver);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let profile = tempfile::tempdir().unwrap();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.path().display()),
            ],
        }),
    );
    let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a chromium session");

    c.goto(&format!("{base}/")).await.unwrap();
    // The deck lists come from the catalogue: wait until the page has filled them.
    c.wait()
        .for_element(Locator::Css("#deck-b option"))
        .await
        .unwrap();
    let decks = get_json(&base, "/api/decks");
    assert_eq!(decks["game"], "battle-spirits");
    c.execute(
        "document.getElementById('seed').value = arguments[0];\
         document.getElementById('seat-a').value = 'human';\
         document.getElementById('seat-b').value = 'greedy';",
        vec![json!(SEED)],
    )
    .await
    .unwrap();
    c.find(Locator::Id("start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let mut snap = wait_shown(&c, 0).await;
    let id = snap["game"].as_u64().expect("the page shows a game");
    // The page links to the replay with its seat's token (docs/serve.md "Security"); the
    // test reads the API as that seat.
    let href = c
        .find(Locator::Id("download"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .expect("the download link has an address");
    let href = href.trim_start_matches(&base).to_string();
    let token = href
        .strip_prefix(&format!("/api/games/{id}/replay?token="))
        .unwrap_or_else(|| panic!("the link carries the seat's token: {href}"))
        .to_string();
    assert_eq!(token.len(), 32, "one seat's token: P2 is a robot");

    let shots = tempfile::tempdir().unwrap();
    let mut shot_taken = false;
    let mut rng = SEED;
    let mut decisions = 0;
    while !snap["over"].as_bool().unwrap() {
        // The page shows what the engine's view says, for the seat that answers (P1).
        let state = get_json(
            &base,
            &format!("/api/games/{id}?since=999999999&token={token}"),
        );
        assert_eq!(state["viewer"], 0, "P1 is the human seat");
        assert_eq!(
            snap["players"],
            api_board(&state),
            "board at decision {decisions}"
        );
        let options = snap["options"].as_array().unwrap();
        let api_options = state["decision"]["options"].as_array().unwrap();
        assert_eq!(
            options.len(),
            api_options.len(),
            "options at decision {decisions}"
        );
        assert!(!options.is_empty(), "a decision has options");
        if !shot_taken && decisions >= 30 {
            let png = c.screenshot().await.unwrap();
            assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
            let path = if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/serve-screenshot.png")
            } else {
                shots.path().join("serve-screenshot.png")
            };
            std::fs::write(&path, png).unwrap();
            println!("screenshot: {}", path.display());
            shot_taken = true;
        }
        // A seeded choice among the offered buttons.
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (rng >> 33) as usize % options.len();
        let shown = snap["shown"].as_u64().unwrap();
        c.find(Locator::Css(&format!(
            "#options button[data-option-id='{pick}']"
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
        snap = wait_shown(&c, shown).await;
        decisions += 1;
        assert!(decisions < MAX_DECISIONS, "the game did not end");
    }
    assert!(shot_taken, "the game lasted at least 30 decisions");
    let state = get_json(&base, &format!("/api/games/{id}?since=0&token={token}"));
    assert_eq!(state["over"], true);
    assert!(state["result"]["reason"].is_string(), "{}", state["result"]);
    let status = c
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.starts_with("Game over"), "{status}");

    // The replay the page links to plays again to the server's log, byte for byte.
    let (code, replay) = http(&base, "GET", &href, "");
    assert_eq!(code, 200, "{replay}");
    let file = shots.path().join("replay.json");
    std::fs::write(&file, &replay).unwrap();
    let (code, log) = http(
        &base,
        "GET",
        &format!("/api/games/{id}/log?token={token}"),
        "",
    );
    assert_eq!(code, 200);
    let out = Command::new(bin)
        .args(["play", "--replay", file.to_str().unwrap(), "--log", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    let (events, result) = printed
        .trim_end()
        .rsplit_once('\n')
        .expect("events, then the result line");
    assert_eq!(
        format!("{events}\n"),
        log,
        "the replay's log is the server's"
    );
    let result: Value = serde_json::from_str(result).unwrap();
    assert_eq!(result["result"], state["result"]);

    // The replay loads again into a new game with the same log.
    let body = json!({ "replay": serde_json::from_str::<Value>(&replay).unwrap() }).to_string();
    let (code, loaded) = http(&base, "POST", "/api/replays", &body);
    assert_eq!(code, 200, "{loaded}");
    let loaded: Value = serde_json::from_str(&loaded).unwrap();
    let (id2, t2) = (&loaded["id"], loaded["tokens"][0].as_str().unwrap());
    let (_, log2) = http(
        &base,
        "GET",
        &format!("/api/games/{id2}/log?token={t2}"),
        "",
    );
    assert_eq!(log2, log);

    // P1's stream is the full log with P2's hidden moves redacted: P2's draws name no card.
    let full: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let seen: Vec<&Value> = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["event"])
        .collect();
    assert_eq!(seen.len(), full.len());
    let (mut redacted, mut p2_draws) = (0, 0);
    for (f, s) in full.iter().zip(&seen) {
        let p2_draw = f["CardMoved"]["from"]["Deck"] == 1 && f["CardMoved"]["to"]["Hand"] == 1;
        if p2_draw {
            p2_draws += 1;
            assert!(s["CardMoved"]["card"].is_null(), "P2's draw is hidden: {s}");
        }
        if f != *s {
            // Only the card of P2's hidden moves or set burst is gone; the rest is whole.
            redacted += 1;
            let variant = if f.get("CardMoved").is_some() {
                "CardMoved"
            } else {
                "BurstSet"
            };
            let mut expected = f.clone();
            expected[variant]["card"] = Value::Null;
            assert_eq!(*s, &expected, "the redacted form of {f}");
            let p2 = f["BurstSet"]["player"] == 1
                || f["CardMoved"]["from"]["Deck"] == 1
                || f["CardMoved"]["from"]["Hand"] == 1;
            assert!(p2, "only P2's hidden cards are redacted for P1: {f}");
        }
    }
    assert!(p2_draws >= 4, "P2 drew its opening hand: {p2_draws} draws");
    assert!(redacted >= p2_draws);
    let _ = c.close().await;
}
