//! `cardscript serve` in a real browser (`docs/serve.md`): the built binary serves a pack
//! on a free loopback port; headless Chromium, driven through chromedriver, plays a whole
//! game of each game (Battle Spirits on the demo pack, the line battle on its demo pack)
//! as P1 against the greedy P2. Each answer is a seeded pick among the options; a pick a
//! card names is made by clicking the card, then its action in the detail panel. At
//! every decision the board the page shows (every card's attributes, both sides' stats)
//! and its buttons are checked against the server's JSON API; Battle Spirits cancels
//! payments and checks the page is back at the same decision (BS-5.2 step 5), with
//! auto-pass turned on from the page (BS-6.2: no pass-only flash timing asked). At the end
//! the replay the page links to is played with `cardscript play --replay FILE --log
//! json`, which must print the server's log byte for byte, and the P1 stream must hide
//! P2's draws.
//!
//! Skipped, with a printed reason, when `/usr/bin/chromium` or `/usr/bin/chromedriver` is
//! absent (`.ci/run` installs both). `UPDATE_SCREENSHOT=1` writes the mid-game
//! screenshots to `docs/serve-battle-spirits.png` and `docs/serve-line-battle.png`;
//! otherwise they go to a temp dir.

#[path = "support/browser.rs"]
mod browser;
#[path = "support/server.rs"]
mod server;

use std::path::PathBuf;
use std::process::Command;

use browser::{Driver, play_to_end, wait_shown};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use server::{Server, http};

/// The game's seed and the seed of the clicks.
const SEED: u64 = 2;

fn get_json(base: &str, path: &str) -> Value {
    let (status, body) = http(base, "GET", path, "");
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn shot_path(name: &str, tmp: &tempfile::TempDir) -> PathBuf {
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(name)
    } else {
        tmp.path().join(name)
    }
}

/// Opens the page, starts a game of P1 `human` against P2 `greedy` with `SEED` and
/// returns the game id and P1's token (read from the page's replay link).
async fn new_game(c: &Client, base: &str) -> (u64, String, String) {
    c.goto(&format!("{base}/")).await.unwrap();
    // The deck lists come from the catalogue: wait until the page has filled them.
    c.wait()
        .for_element(Locator::Css("#deck-b option"))
        .await
        .unwrap();
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
    let snap = wait_shown(c, 0).await;
    let id = snap["game"].as_u64().expect("the page shows a game");
    // The page links to the replay with its seat's token (docs/serve.md "Security").
    let href = c
        .find(Locator::Id("download"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .expect("the download link has an address");
    let href = href.trim_start_matches(base).to_string();
    let token = href
        .strip_prefix(&format!("/api/games/{id}/replay?token="))
        .unwrap_or_else(|| panic!("the link carries the seat's token: {href}"))
        .to_string();
    assert_eq!(token.len(), 32, "one seat's token: P2 is a robot");
    (id, token, href)
}

#[tokio::test(flavor = "current_thread")]
async fn a_whole_battle_spirits_game_played_by_clicking_cards_in_chromium() {
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_cardscript");
    let server = Server::start(&[]);
    let base = server.base.clone();
    let c = driver.session(1280, 900).await;
    let decks = get_json(&base, "/api/decks");
    assert_eq!(decks["game"], "battle-spirits");
    let (id, token, href) = new_game(&c, &base).await;
    // Auto-pass on from the game's box (BS-6.2): no flash timing where passing is the only
    // answer is asked (without it, this game asks 7).
    let shown = browser::snapshot(&c).await["shown"].as_u64().unwrap();
    c.find(Locator::Id("auto-pass-now"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_shown(&c, shown).await;
    let error = c
        .find(Locator::Id("error"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(error, "", "the setting is taken");
    let shots = tempfile::tempdir().unwrap();
    let shot = shot_path("serve-battle-spirits.png", &shots);
    let (counts, _) = play_to_end(&c, &server, &token, SEED, true, &shot).await;
    println!("battle spirits: {counts:?}");
    assert_eq!(counts.pass_only, 0, "auto-pass answered them: {counts:?}");
    assert!(counts.decisions > 30, "{counts:?}");
    assert!(
        counts.through_cards >= 10,
        "answers through cards: {counts:?}"
    );
    assert!(counts.cancels >= 1, "a payment was cancelled: {counts:?}");
    assert!(shot.is_file());
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

#[tokio::test(flavor = "current_thread")]
async fn a_whole_line_battle_game_played_by_clicking_cards_at_820_pixels() {
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let server = Server::start(&["--pack", "scripts/line-battle-demo"]);
    let base = server.base.clone();
    // 820 px wide: the page must fit without scrolling sideways.
    let c = driver.session(820, 1500).await;
    let (id, token, _) = new_game(&c, &base).await;
    let snap = browser::snapshot(&c).await;
    assert!(
        snap["width"].as_u64().unwrap() <= 820,
        "no sideways scroll: {snap}"
    );
    // LB-0.1: both masters show their LP; the phase is shown (main 1 of turn 1).
    assert_eq!(snap["step"], "main 1");
    let shots = tempfile::tempdir().unwrap();
    let shot = shot_path("serve-line-battle.png", &shots);
    let (counts, snap) = play_to_end(&c, &server, &token, SEED, false, &shot).await;
    println!("line battle: {counts:?}");
    assert!(shot.is_file());
    assert!(counts.decisions > 30, "{counts:?}");
    assert!(
        counts.through_cards >= 10,
        "answers through cards: {counts:?}"
    );
    assert!(
        snap["width"].as_u64().unwrap() <= 820,
        "no sideways scroll: {snap}"
    );
    let state = get_json(&base, &format!("/api/games/{id}?since=0&token={token}"));
    assert_eq!(state["over"], true);
    // LB-0.4: the loser's master is at 0 LP or below, or a deck ran out.
    assert!(state["result"]["reason"].is_string(), "{}", state["result"]);
    let _ = c.close().await;
}
