//! `cardscript serve` bounded (`docs/serve.md` "Limits"): connections past the limit get
//! a JSON 503 and are closed, a half-sent request is closed after the read timeout, the
//! games kept are capped (finished evicted first, then the one idle longest, else a JSON
//! 503), and a bounded load on loopback leaves the server answering. Prints the server's
//! peak resident memory (`VmHWM`).

#[path = "support/server.rs"]
mod server;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::Server;

fn connect(s: &Server) -> TcpStream {
    TcpStream::connect(s.base.trim_start_matches("http://")).unwrap()
}

/// What the server sends on `c` until it closes it (or `wait` passes), and how long that
/// took.
fn read_until_closed(c: &mut TcpStream, wait: Duration) -> (String, Duration) {
    let start = Instant::now();
    c.set_read_timeout(Some(wait)).unwrap();
    let mut got = Vec::new();
    let _ = c.read_to_end(&mut got);
    (String::from_utf8_lossy(&got).into_owned(), start.elapsed())
}

fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn connections_past_the_limit_are_refused_and_idle_ones_time_out() {
    let s = Server::start(&["--max-connections", "4", "--read-timeout", "2"]);
    let mut idle: Vec<TcpStream> = (0..4).map(|_| connect(&s)).collect();
    // Let the server accept the four before the fifth.
    std::thread::sleep(Duration::from_millis(300));
    let mut fifth = connect(&s);
    let (answer, took) = read_until_closed(&mut fifth, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    assert!(answer.ends_with(r#"{"error":"too many connections: try again when one has closed"}"#));
    assert!(
        took < Duration::from_secs(1),
        "refused at once, not held: {took:?}"
    );
    // A half-sent request (its body promised, never sent) is closed after the timeout.
    let half = &mut idle[0];
    write!(
        half,
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"seed\"",
        s.base.trim_start_matches("http://")
    )
    .unwrap();
    let (_, took) = read_until_closed(half, Duration::from_secs(10));
    assert!(
        took >= Duration::from_millis(1500) && took < Duration::from_secs(6),
        "closed after the 2 s read timeout: {took:?}"
    );
    // The idle ones are closed too, and the server answers again.
    for c in &mut idle[1..] {
        let (answer, took) = read_until_closed(c, Duration::from_secs(10));
        assert_eq!(answer, "", "an idle connection gets no answer");
        assert!(took < Duration::from_secs(6), "{took:?}");
    }
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
    // A head that trickles in, a header a second (each within the read timeout), is cut
    // off once the 2 s for the whole head are up.
    let mut trickle = connect(&s);
    let start = Instant::now();
    write!(trickle, "GET /api/decks HTTP/1.1\r\n").unwrap();
    let mut got = Vec::new();
    let mut closed = false;
    for i in 0..8 {
        std::thread::sleep(Duration::from_secs(1));
        if write!(trickle, "X-Slow-{i}: 1\r\n").is_err() {
            closed = true;
            break;
        }
        trickle.set_nonblocking(true).unwrap();
        let mut b = [0u8; 256];
        match (&trickle).read(&mut b) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Ok(n) if n > 0 => got.extend_from_slice(&b[..n]),
            _ => {
                closed = true;
                break;
            }
        }
        trickle.set_nonblocking(false).unwrap();
    }
    let took = start.elapsed();
    let got = String::from_utf8_lossy(&got);
    assert!(closed, "a trickling head is cut off: {got:?}");
    assert!(!got.contains("200 OK") && !got.contains("503"), "{got:?}");
    assert!(
        took >= Duration::from_millis(1500) && took < Duration::from_secs(5),
        "{took:?}"
    );
}

#[test]
fn the_games_kept_are_capped_finished_first_then_idle_longest() {
    let s = Server::start(&["--max-games", "3"]);
    let new = |seats: Value| {
        let (code, r) = s.post("/api/games", &json!({ "seed": 1, "seats": seats }));
        (code, r)
    };
    // Game 0: robots both, over as soon as made; games 1 and 2: in play.
    let (_, g0) = new(json!(["greedy", "greedy"]));
    assert_eq!(s.get("/api/games/0")["over"], true, "{g0}");
    let (_, g1) = new(json!(["human", "greedy"]));
    new(json!(["human", "greedy"]));
    // A fourth evicts the finished game, not the idle ones in play.
    let (code, g3) = new(json!(["human", "greedy"]));
    assert_eq!((code, g3["id"].as_u64()), (200, Some(3)));
    let (code, _) = s.http("GET", "/api/games/0", "");
    assert_eq!(code, 404);
    let t1 = g1["tokens"][0].as_str().unwrap();
    assert_eq!(s.get_as(t1, "/api/games/1")["over"], false);
    // Full of games in play, none idle an hour: refused, and nothing is evicted.
    let (code, r) = new(json!(["human", "greedy"]));
    assert_eq!(code, 503, "{r}");
    assert!(
        r["error"].as_str().unwrap().contains("at most 3 games"),
        "{r}"
    );
    assert_eq!(s.get_as(t1, "/api/games/1")["over"], false);

    // With no idle time required, the game touched longest ago goes.
    let s = Server::start(&["--max-games", "3", "--game-idle", "0"]);
    let tokens: Vec<String> = (0..3)
        .map(|_| s.post("/api/games", &json!({})))
        .map(|(_, r)| r["tokens"][0].as_str().unwrap().to_string())
        .collect();
    s.get_as(&tokens[0], "/api/games/0"); // game 0 touched: game 1 is now the oldest
    let (code, _) = s.post("/api/games", &json!({}));
    assert_eq!(code, 200);
    assert_eq!(s.http_as(&tokens[1], "GET", "/api/games/1", "").0, 404);
    assert_eq!(s.http_as(&tokens[0], "GET", "/api/games/0", "").0, 200);
    assert_eq!(s.http_as(&tokens[2], "GET", "/api/games/2", "").0, 200);
}

/// 300 idle connections at once, then 2000 games made (one connection each), on
/// loopback: the connections past the limit are refused, every game is made, and the
/// server still answers, within a time bound.
#[test]
fn a_bounded_load_leaves_the_server_answering() {
    let s = Server::start(&[
        "--max-connections",
        "64",
        "--read-timeout",
        "2",
        "--max-games",
        "200",
        "--game-idle",
        "0",
    ]);
    let start = Instant::now();
    let mut conns: Vec<TcpStream> = (0..300).map(|_| connect(&s)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let refused = conns
        .iter_mut()
        .filter(|c| {
            let mut c: &TcpStream = c;
            c.set_nonblocking(true).unwrap();
            let mut b = [0u8; 16];
            matches!(c.read(&mut b), Ok(n) if n > 0 && b.starts_with(b"HTTP/1.1 503"))
        })
        .count();
    assert_eq!(refused, 300 - 64, "all past the 64 refused");
    drop(conns);
    // The server answers while the closed ones are let go.
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
    let mut last = Value::Null;
    for i in 0..2000u64 {
        let (code, r) = s.post("/api/games", &json!({ "seed": i }));
        assert_eq!(code, 200, "game {i}: {r}");
        last = r;
    }
    assert_eq!(last["id"], 1999);
    let t = last["tokens"][0].as_str().unwrap();
    assert_eq!(
        s.get_as(t, "/api/games/1999")["decision"]["kind"],
        "Mulligan"
    );
    // Only the last 200 are kept.
    assert_eq!(s.http("GET", "/api/games/1799", "").0, 404);
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
    let took = start.elapsed();
    let peak = peak_rss_kib(s.pid());
    println!("load: 300 connections, 2000 games in {took:?}; server peak RSS {peak} KiB");
    assert!(took < Duration::from_secs(240), "{took:?}");
}
