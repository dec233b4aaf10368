//! Two people in `cardscript serve` (`docs/serve.md` "Two screens" and "Hot-seat"), in
//! headless Chromium (skipped with a printed reason when it is not installed):
//!
//! - two browsers, one seat each: P1's page starts a game with P2 "human, another
//!   screen" and shows a `/?join=ID` link; a second browser opens it and takes P2's seat
//!   with its own token. At every decision each page shows its own hand and only the
//!   number of the other's cards (no card of it in the page), its board is the API's view
//!   for its own token, and the page that is not deciding waits, then follows.
//! - hot-seat, one browser with both seats: the next seat's hand stays hidden (card backs,
//!   no option) until **Ready** is pressed, each time the deciding seat changes.

#[path = "support/browser.rs"]
mod browser;
#[path = "support/server.rs"]
mod server;

use std::time::{Duration, Instant};

use browser::{Counts, Driver, Picks, api_board, click_option, snapshot, wait_shown};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use server::Server;

const SEED: u64 = 5;

/// Starts a game from the page's form with the seats given by their option values.
async fn start(c: &Client, base: &str, seats: [&str; 2]) -> Value {
    c.goto(&format!("{base}/")).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#seat-b option"))
        .await
        .unwrap();
    c.execute(
        "document.getElementById('seed').value = arguments[0];\
         document.getElementById('seat-a').value = arguments[1];\
         document.getElementById('seat-b').value = arguments[2];",
        vec![json!(SEED), json!(seats[0]), json!(seats[1])],
    )
    .await
    .unwrap();
    c.find(Locator::Id("start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_shown(c, 0).await
}

/// The seat tokens a page holds (from its replay link).
async fn page_tokens(c: &Client) -> String {
    let href = c
        .find(Locator::Id("download"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    href.split("token=").nth(1).unwrap().to_string()
}

/// The cards of `player`'s hand the page shows (ids), and its card backs.
fn hand(snap: &Value, player: usize) -> (Vec<Value>, u64) {
    let p = &snap["players"][player];
    let ids = p["zones"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cardId"].clone())
        .collect();
    (ids, p["backs"].as_u64().unwrap())
}

#[tokio::test(flavor = "current_thread")]
async fn two_browsers_each_see_only_their_own_hand() {
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    let base = server.base.clone();
    let a = driver.session(1100, 900).await;
    let b = driver.session(1100, 900).await;
    start(&a, &base, ["human", "another screen"]).await;
    let url = a
        .find(Locator::Id("join-url"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .expect("the page shows the join link");
    let path = url.trim_start_matches(&base).to_string();
    assert!(path.starts_with("/?join="), "{url}");
    b.goto(&url).await.unwrap();
    wait_shown(&b, 0).await;
    let tokens = [page_tokens(&a).await, page_tokens(&b).await];
    assert!(
        tokens.iter().all(|t| t.len() == 32),
        "one seat each: {tokens:?}"
    );
    assert_ne!(tokens[0], tokens[1]);
    // The link is taken: a third page cannot join (409).
    let id = path.trim_start_matches("/?join=");
    let (code, _) = server.http("POST", &format!("/api/games/{id}/join"), "{}");
    assert_eq!(code, 409);

    let pages = [&a, &b];
    let mut picks = Picks(SEED);
    let mut counts = Counts::default();
    let mut by_seat = [0; 2];
    while counts.decisions < 80 {
        // Wait until one page offers options (the other follows by asking again).
        let start = Instant::now();
        let (seat, snaps) = loop {
            let snaps = [snapshot(&a).await, snapshot(&b).await];
            if snaps.iter().any(|s| s["over"] == true) {
                break (None, snaps);
            }
            let deciding = (0..2).find(|&i| !snaps[i]["options"].as_array().unwrap().is_empty());
            // Both pages show the latest state (the waiting one has caught up).
            let caught_up = snaps[0]["players"] == snaps[1]["players"]
                || deciding.is_some_and(|d| {
                    let other =
                        server.get_as(&tokens[1 - d], &format!("/api/games/{id}?since=999999"));
                    snaps[1 - d]["players"] == api_board(&other["view"])
                });
            if let (Some(d), true) = (deciding, caught_up) {
                break (Some(d), snaps);
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no page decides: {snaps:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let Some(seat) = seat else { break };
        for i in 0..2 {
            let state = server.get_as(&tokens[i], &format!("/api/games/{id}?since=999999"));
            assert_eq!(state["view"]["me"], i, "page {i} is seat {i}");
            assert_eq!(
                snaps[i]["players"],
                api_board(&state["view"]),
                "page {i}'s board"
            );
            // Its own hand in full, the other's as backs only.
            let (own, own_backs) = hand(&snaps[i], i);
            let (theirs, backs) = hand(&snaps[i], 1 - i);
            assert_eq!(
                own.len() as u64,
                state["view"]["players"][i]["hand_count"].as_u64().unwrap()
            );
            assert_eq!(own_backs, 0);
            assert!(
                theirs.is_empty(),
                "page {i} shows no card of the other hand"
            );
            assert_eq!(
                backs,
                state["view"]["players"][1 - i]["hand_count"]
                    .as_u64()
                    .unwrap()
            );
        }
        let waiting = pages[1 - seat]
            .find(Locator::Id("prompt"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(waiting, format!("Waiting for P{}…", seat + 1));
        let n = snaps[seat]["options"].as_array().unwrap().len();
        let pick = picks.next(n) as u64;
        click_option(pages[seat], &snaps[seat], pick, &mut counts, None).await;
        by_seat[seat] += 1;
    }
    println!("two screens: {counts:?}, answers by seat {by_seat:?}");
    assert!(
        by_seat.iter().all(|&n| n >= 10),
        "both seats played: {by_seat:?}"
    );
    assert!(counts.through_cards >= 5, "{counts:?}");
    let _ = a.close().await;
    let _ = b.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn hot_seat_hides_the_next_seats_hand_until_handed_over() {
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    // 820 px wide: the page fits without scrolling sideways.
    let c = driver.session(820, 1000).await;
    let mut snap = start(&c, &server.base, ["human", "human"]).await;
    let tokens = page_tokens(&c).await;
    assert_eq!(tokens.split(',').count(), 2, "the page holds both seats");
    let id = snap["game"].as_u64().unwrap();
    let mut picks = Picks(SEED);
    let mut counts = Counts::default();
    let (mut handovers, mut last) = (0, None);
    while counts.decisions < 20 && snap["over"] == false {
        let state = server.get_as(&tokens, &format!("/api/games/{id}?since=999999"));
        let decider = state["decision"]["player"].as_u64().unwrap() as usize;
        if last != Some(decider) {
            // A new seat decides: no hand and no option shows until Ready.
            assert_eq!(snap["handover"], true, "decision {}", counts.decisions);
            assert!(snap["options"].as_array().unwrap().is_empty());
            for p in 0..2 {
                assert!(hand(&snap, p).0.is_empty(), "hand {p} hidden");
            }
            let shown = snap["shown"].as_u64().unwrap();
            c.find(Locator::Id("handover-ready"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            snap = wait_shown(&c, shown).await;
            handovers += 1;
            last = Some(decider);
        }
        assert_eq!(snap["handover"], false);
        assert!(snap["width"].as_u64().unwrap() <= 820, "no sideways scroll");
        assert_eq!(snap["players"], api_board(&state["view"]));
        assert!(
            !hand(&snap, decider).0.is_empty(),
            "the decider's hand shows"
        );
        assert!(
            hand(&snap, 1 - decider).0.is_empty(),
            "the other hand does not"
        );
        let n = snap["options"].as_array().unwrap().len();
        let pick = picks.next(n) as u64;
        snap = click_option(&c, &snap, pick, &mut counts, None).await.0;
    }
    println!("hot-seat: {counts:?}, {handovers} handovers");
    assert!(handovers >= 3, "the screen changed hands: {handovers}");
    let _ = c.close().await;
}
