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

/// The file descriptors this process may open (its soft limit), from `/proc/self/limits`.
fn open_files_limit() -> usize {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1024)
}

/// 2000 idle connections at once (fewer where this process may not open that many files),
/// then 20,000 games made (one connection each), on loopback: the connections past the
/// limit are refused, every game is made, the server still answers within a time bound, and
/// its peak memory stays under the bound `docs/serve.md` documents (64 MiB and 256 KiB per
/// kept game).
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
    let idle = 2000.min(open_files_limit().saturating_sub(200));
    let mut conns: Vec<TcpStream> = (0..idle).map(|_| connect(&s)).collect();
    std::thread::sleep(Duration::from_millis(500));
    // Each connection ends one of two ways, none hangs: refused with a JSON 503 when 64 are
    // open, or kept and closed by the server's 2 s read timeout (end of stream); a slot
    // freed by a timeout may take one that waited in the listen queue.
    let (mut refused, mut timed_out) = (0, 0);
    for c in &mut conns {
        let mut c: &TcpStream = c;
        c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut b = [0u8; 16];
        match c.read(&mut b) {
            Ok(n) if n > 0 && b.starts_with(b"HTTP/1.1 503") => refused += 1,
            Ok(0) => timed_out += 1,
            other => panic!("neither refused nor closed: {other:?}"),
        }
    }
    assert_eq!(refused + timed_out, idle);
    assert!(
        timed_out >= 64 && refused >= idle / 2,
        "{refused} refused, {timed_out} timed out"
    );
    drop(conns);
    // The server answers while the closed ones are let go.
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
    let mut last = Value::Null;
    for i in 0..20_000u64 {
        let (code, r) = s.post("/api/games", &json!({ "seed": i }));
        assert_eq!(code, 200, "game {i}: {r}");
        last = r;
    }
    assert_eq!(last["id"], 19_999);
    let t = last["tokens"][0].as_str().unwrap();
    assert_eq!(
        s.get_as(t, "/api/games/19999")["decision"]["kind"],
        "Mulligan"
    );
    // Only the last 200 are kept.
    assert_eq!(s.http("GET", "/api/games/19799", "").0, 404);
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
    let took = start.elapsed();
    let peak = peak_rss_kib(s.pid());
    println!("load: {idle} connections, 20000 games in {took:?}; server peak RSS {peak} KiB");
    assert!(took < Duration::from_secs(600), "{took:?}");
    assert!(peak < 64 * 1024 + 200 * 256, "peak RSS {peak} KiB");
}
