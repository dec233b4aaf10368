//! Headless Chromium for the `cardscript serve` page tests (`tests/browser*.rs`): a
//! chromedriver started on a free port, sessions on it, the board the page shows read
//! from its `data-*` attributes, the board the API's view says in the same shape, and one
//! decision answered by clicking a card and its action (or an option button).

#![allow(dead_code)] // each test crate that includes this module uses some of the helpers

use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Kills a child process and its process group (chromedriver and the browsers it
/// started) when the test ends, however it ends: a failed test leaves no browser behind.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running chromedriver, or `None` (the reason printed) when Chromium is not installed.
pub struct Driver {
    port: u16,
    _child: Killed,
    profiles: Vec<tempfile::TempDir>,
}

impl Driver {
    pub fn start() -> Option<Driver> {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            if !std::path::Path::new(tool).exists() {
                println!("skipped: {tool} is absent (apt-get install chromium chromium-driver)");
                return None;
            }
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            // Its own process group, which the browsers it starts join (`Killed`).
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < Duration::from_secs(30), "no chromedriver");
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(Driver {
            port,
            _child: Killed(child),
            profiles: Vec::new(),
        })
    }

    /// A new headless browser window `width` × `height` pixels.
    pub async fn session(&mut self, width: u32, height: u32) -> Client {
        let profile = tempfile::tempdir().unwrap();
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".to_string(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        self.profiles.push(profile);
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a chromium session")
    }
}

/// The page's state and board, read from its `data-*` attributes in one call: each side's
/// stats and, per zone, each card's attributes (`options`: the option ids that name it).
const SNAPSHOT: &str = r##"
const st = document.getElementById("status");
const players = [...document.querySelectorAll("#board .player")].map((p) => {
  const zones = {};
  for (const z of p.querySelectorAll("[data-zone]")) {
    zones[z.dataset.zone] = [...z.querySelectorAll(".card[data-card-id]")].map((c) => {
      const d = Object.assign({}, c.dataset);
      delete d.options;
      return d;
    });
  }
  return { stats: Object.assign({}, p.dataset), zones,
    backs: p.querySelectorAll(".hand .card.back").length };
});
players.sort((a, b) => a.stats.player - b.stats.player);
const cardOptions = {};
for (const c of document.querySelectorAll("#board .card[data-options]")) {
  for (const o of c.dataset.options.split(",")) (cardOptions[o] = cardOptions[o] || []).push(c.dataset.cardId);
}
return {
  shown: Number(st.dataset.shown || 0),
  over: st.dataset.over === "true",
  game: st.dataset.gameId === undefined ? null : Number(st.dataset.gameId),
  step: (st.querySelector("[data-step]") || { dataset: {} }).dataset.step ?? null,
  handover: !document.getElementById("handover").hidden,
  options: [...document.querySelectorAll("#options button[data-option-id]")]
    .map((b) => ({ id: Number(b.dataset.optionId), label: b.textContent })),
  cardOptions,
  players,
  width: document.documentElement.scrollWidth,
};
"##;

/// The page's state now ([`SNAPSHOT`]).
pub async fn snapshot(c: &Client) -> Value {
    c.execute(SNAPSHOT, vec![])
        .await
        .expect("the snapshot runs")
}

/// Waits until the page has shown more than `shown` states.
pub async fn wait_shown(c: &Client, shown: u64) -> Value {
    let start = Instant::now();
    loop {
        let s = snapshot(c).await;
        if s["shown"].as_u64().unwrap_or(0) > shown {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "no update: {s}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn s(v: &Value) -> Value {
    match v {
        Value::String(_) => v.clone(),
        Value::Null => json!("0"),
        other => json!(other.to_string()),
    }
}

/// The board the API's `view` says, in the snapshot's shape: what the page must show.
pub fn api_board(view: &Value) -> Value {
    let faces = &view["faces"];
    let name = |card: &Value| faces[card.as_str().unwrap()]["name"].clone();
    let hand = |h: &Value| -> Vec<Value> {
        h.as_array()
            .map(|h| {
                h.iter()
                    .map(|c| json!({"cardId": s(&c["id"]), "card": c["card"], "cardName": name(&c["card"])}))
                    .collect()
            })
            .unwrap_or_default()
    };
    let players: Vec<Value> = if let Some(ps) = view["players"].as_array() {
        // Battle Spirits (BS-5.1 level and BP, BS-13.4 heavy exhaustion).
        ps.iter()
            .enumerate()
            .map(|(i, p)| {
                let field: Vec<Value> = p["field"].as_array().unwrap().iter().map(|c| json!({
                    "cardId": s(&c["id"]), "card": c["card"], "cardName": name(&c["card"]),
                    "level": s(&c["level"]), "bp": s(&c["bp"]), "cores": s(&c["cores"]),
                    "soul": s(&c["soul_core"]), "exhausted": s(&c["exhausted"]),
                    "heavy": s(&c["heavily_exhausted"]),
                })).collect();
                json!({
                    "stats": {
                        "player": i.to_string(), "life": s(&p["life"]), "reserve": s(&p["reserve"]),
                        "handCount": s(&p["hand_count"]), "deck": s(&p["deck"]),
                        "trash": p["trash"].as_array().unwrap().len().to_string(),
                        "trashCores": s(&p["trash_cores"]), "count": s(&p["count"]),
                        "burstSet": s(&p["burst_set"]),
                    },
                    "zones": {"field": field, "hand": hand(&p["hand"])},
                    "backs": if p["hand"].is_array() { 0 } else { p["hand_count"].as_u64().unwrap() },
                })
            })
            .collect()
    } else {
        // The line battle (LB-0.1 LP, LB-3 AT/DF/SH now).
        let sides = view["sides"].as_array().unwrap();
        sides
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let line = |l: &Value| -> Vec<Value> {
                    l.as_array().unwrap().iter().map(|c| json!({
                        "cardId": s(&c["id"]), "card": c["card"], "cardName": name(&c["card"]),
                        "at": s(&c["at"]), "df": s(&c["df"]), "sh": s(&c["sh"]),
                    })).collect()
                };
                json!({
                    "stats": {
                        "player": i.to_string(), "lp": s(&p["lp"]), "dp": s(&p["dp"]),
                        "handCount": s(&p["hand_count"]), "deck": s(&p["deck_count"]),
                        "graveyard": p["graveyard"].as_array().unwrap().len().to_string(),
                    },
                    "zones": {
                        "master": [{"cardId": format!("m{i}"), "card": p["master"], "cardName": name(&p["master"])}],
                        "attack-line": line(&p["attack_line"]),
                        "defense-line": line(&p["defense_line"]),
                        "hand": hand(&p["hand"]),
                    },
                    "backs": if p["hand"].is_array() { 0 } else { p["hand_count"].as_u64().unwrap() },
                })
            })
            .collect()
    };
    json!(players)
}

/// What answering one decision took.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    /// Decisions answered.
    pub decisions: usize,
    /// Answers given by clicking a card, then its action in the detail panel.
    pub through_cards: usize,
    /// Payments cancelled (each back at the decision it was chosen at, BS-5.2 step 5).
    pub cancels: usize,
    /// Flash timings offered where passing was the only answer (BS-6.2): what auto-pass
    /// answers without asking.
    pub pass_only: usize,
}

/// Answers with option `pick`: through a card that names it when there is one (click the
/// card, then its action in the detail panel), else its button. Returns the snapshot
/// after the answer.
/// With `shot`, the page's screenshot is written there once the card is clicked (its face
/// and actions in the panel); returns whether it was.
pub async fn click_option(
    c: &Client,
    snap: &Value,
    pick: u64,
    counts: &mut Counts,
    shot: Option<&std::path::Path>,
) -> (Value, bool) {
    let mut taken = false;
    let via = snap["cardOptions"][pick.to_string()]
        .as_array()
        .and_then(|ids| ids.first())
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut shown = snap["shown"].as_u64().unwrap();
    if let Some(id) = via {
        c.find(Locator::Css(&format!("#board .card[data-card-id='{id}']")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let after = wait_shown(c, shown).await;
        shown = after["shown"].as_u64().unwrap();
        if let Some(path) = shot {
            screenshot(c, path).await;
            taken = true;
        }
        c.find(Locator::Css(&format!(
            "#detail button[data-option-id='{pick}']"
        )))
        .await
        .unwrap_or_else(|e| panic!("card {id}'s panel offers option {pick}: {e}"))
        .click()
        .await
        .unwrap();
        counts.through_cards += 1;
    } else {
        c.find(Locator::Css(&format!(
            "#options button[data-option-id='{pick}']"
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    }
    counts.decisions += 1;
    (wait_shown(c, shown).await, taken)
}

/// A seeded generator of picks (the same game at every run).
pub struct Picks(pub u64);

impl Picks {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Plays the game the page shows to its end as the seat(s) of `token`, a seeded pick at
/// each decision, answering through cards where one names the pick. At every decision the
/// board the page shows must be the API's view (`api_board`) and its buttons the API's
/// options. When `cancel` is set, up to 3 payments whose first step offers **Cancel** are
/// cancelled: the page must come back to the decision the play was chosen at (same
/// options, same board; BS-5.2 step 5). The page's screenshot goes to `shot` at the first
/// answer through a card from decision 30 on (with the card's face and actions shown).
pub async fn play_to_end(
    c: &Client,
    server: &crate::server::Server,
    token: &str,
    seed: u64,
    cancel: bool,
    shot: &std::path::Path,
) -> (Counts, Value) {
    let mut snap = snapshot(c).await;
    let id = snap["game"].as_u64().expect("the page shows a game");
    let mut picks = Picks(seed);
    let mut counts = Counts::default();
    // The decision before the last answer: the options and board a cancel returns to.
    let mut before: Option<(Value, Value)> = None;
    let mut shot_taken = false;
    while !snap["over"].as_bool().unwrap() {
        let state = server.get_as(token, &format!("/api/games/{id}?since=999999999"));
        assert_eq!(
            snap["players"],
            api_board(&state["view"]),
            "board at decision {}",
            counts.decisions
        );
        let labels: Vec<&Value> = snap["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| &o["label"])
            .collect();
        let api: Vec<&Value> = state["decision"]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| &o["label"])
            .collect();
        assert_eq!(labels, api, "options at decision {}", counts.decisions);
        assert!(!labels.is_empty(), "a decision has options");
        if state["decision"]["kind"] == "FlashOrPass" && labels.len() == 1 {
            counts.pass_only += 1;
        }
        let cancel_at = state["decision"]["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["choice"] == "Cancel")
            .map(|o| o["id"].as_u64().unwrap());
        let first_step = before.as_ref().is_some_and(|(opts, _)| {
            !opts
                .as_array()
                .unwrap()
                .iter()
                .any(|o| o["label"].as_str().unwrap().starts_with("Cancel"))
        });
        if let (true, Some(cid), true) = (cancel && counts.cancels < 3, cancel_at, first_step) {
            let shown = snap["shown"].as_u64().unwrap();
            c.find(Locator::Css(&format!(
                "#options button[data-option-id='{cid}']"
            )))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
            snap = wait_shown(c, shown).await;
            let (opts, board) = before.clone().unwrap();
            assert_eq!(
                snap["options"], opts,
                "a cancel returns to the same decision"
            );
            assert_eq!(snap["players"], board, "a cancel returns to the same board");
            counts.cancels += 1;
            continue;
        }
        before = Some((snap["options"].clone(), snap["players"].clone()));
        let pick = picks.next(labels.len()) as u64;
        let now = (!shot_taken && counts.decisions >= 30).then_some(shot);
        let (next, taken) = click_option(c, &snap, pick, &mut counts, now).await;
        snap = next;
        shot_taken |= taken;
        assert!(counts.decisions < 2000, "the game did not end");
    }
    (counts, snap)
}

/// Writes the page's screenshot (PNG) to `path`.
pub async fn screenshot(c: &Client, path: &std::path::Path) {
    c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    std::fs::write(path, png).unwrap();
    println!("screenshot: {}", path.display());
}
