//! `cardscript serve` against callers it must not trust (`docs/serve.md` "Security" and
//! "Errors"): another site's page (`Origin`), a rebound DNS name (`Host`), a write that is
//! not JSON, one seat reading or answering for the other, and requests the API cannot
//! read: each refused with its status and a JSON `{"error": …}`.

#[path = "support/server.rs"]
mod server;

use serde_json::{Value, json};
use server::{Server, send};

/// The JSON error of an answer, which must have `status`.
fn error_of(answer: (u16, String), status: u16) -> String {
    assert_eq!(answer.0, status, "{}", answer.1);
    let v: Value = serde_json::from_str(&answer.1)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", answer.1));
    v["error"].as_str().expect("an `error` string").to_string()
}

fn json_header() -> (&'static str, &'static str) {
    ("Content-Type", "application/json")
}

#[test]
fn another_sites_page_and_a_rebound_name_are_refused() {
    let s = Server::start(&[]);
    let hostport = s.base.trim_start_matches("http://").to_string();
    let port = hostport.rsplit_once(':').unwrap().1;
    let body = json!({ "seed": 1 }).to_string();
    // Another site's page posting to the loopback server.
    let e = error_of(
        send(
            &s.base,
            "POST",
            "/api/games",
            &[json_header(), ("Origin", "http://evil.example")],
            body.as_bytes(),
        ),
        403,
    );
    assert!(e.contains("origin `http://evil.example`"), "{e}");
    for origin in ["null", "https://127.0.0.1", "http://127.0.0.1:1"] {
        let answer = send(&s.base, "GET", "/api/decks", &[("Origin", origin)], b"");
        error_of(answer, 403);
    }
    // A DNS name rebound to 127.0.0.1: the browser sends the attacker's name as Host.
    let rebound = format!("evil.example:{port}");
    let e = error_of(
        send(
            &s.base,
            "GET",
            "/api/decks",
            &[("Host", rebound.as_str())],
            b"",
        ),
        403,
    );
    assert!(e.contains("Host"), "{e}");
    // Nothing was made by the refused writes: the first game is game 0.
    let (code, r) = s.post("/api/games", &json!({ "seed": 1 }));
    assert_eq!((code, r["id"].as_u64()), (200, Some(0)), "{r}");
    // The server's own names: its address and `localhost`, with its port.
    let localhost = format!("localhost:{port}");
    let own_origin = format!("http://localhost:{port}");
    for headers in [
        vec![("Host", localhost.as_str())],
        vec![("Origin", s.base.as_str())],
        vec![
            ("Host", localhost.as_str()),
            ("Origin", own_origin.as_str()),
        ],
    ] {
        let (code, text) = send(&s.base, "GET", "/api/decks", &headers, b"");
        assert_eq!(code, 200, "{headers:?}: {text}");
    }
}

#[test]
fn a_write_must_be_json() {
    let s = Server::start(&[]);
    let body = json!({ "seed": 1 }).to_string();
    for headers in [vec![("Content-Type", "text/plain")], vec![]] {
        let e = error_of(
            send(&s.base, "POST", "/api/games", &headers, body.as_bytes()),
            415,
        );
        assert!(e.contains("application/json"), "{e}");
    }
    let ok = send(
        &s.base,
        "POST",
        "/api/games",
        &[("Content-Type", "application/json; charset=utf-8")],
        body.as_bytes(),
    );
    assert_eq!(ok.0, 200, "{}", ok.1);
}

#[test]
fn each_seat_reads_and_answers_only_with_its_own_token() {
    let s = Server::start(&[]);
    // Two people: the maker keeps P1's seat and leaves P2's open to join.
    let (code, r) = s.post(
        "/api/games",
        &json!({ "seed": 3, "seats": ["human", "human"], "open": [1] }),
    );
    assert_eq!(code, 200, "{r}");
    let id = r["id"].as_u64().unwrap();
    let t1 = r["tokens"][0].as_str().unwrap().to_string();
    assert_eq!(
        r["tokens"][1],
        Value::Null,
        "the open seat's token is not shown"
    );
    let (code, j) = s.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(code, 200, "{j}");
    assert_eq!(j["seat"], 1);
    let t2 = j["token"].as_str().unwrap().to_string();
    // 128 bits each, as hex, and not the same.
    assert_eq!((t1.len(), t2.len()), (32, 32));
    assert!(t1.chars().all(|c| c.is_ascii_hexdigit()));
    assert_ne!(t1, t2);
    // The seat is handed out once.
    let (code, _) = s.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(code, 409);

    let path = format!("/api/games/{id}");
    // BS-0.2: the first decision is the first player's mulligan (P2 with this seed).
    let tokens = [t1.clone(), t2.clone()];
    let d = s.get_as(&t1, &path)["to_answer"].as_u64().unwrap() as usize;
    assert_eq!(d, 1);
    let (td, tw) = (&tokens[d], &tokens[1 - d]);
    // The deciding seat sees the decision and its own hand, not the other's.
    let mine = s.get_as(td, &path);
    assert_eq!(mine["decision"]["kind"], "Mulligan", "{mine}");
    assert_eq!(mine["view"]["me"], d);
    assert!(mine["view"]["players"][d]["hand"].is_array());
    assert!(mine["view"]["players"][1 - d]["hand"].is_null());
    // The waiting seat sees whose decision it is, not its options, and its own hand.
    let theirs = s.get_as(tw, &path);
    assert_eq!(theirs["decision"], Value::Null);
    assert_eq!(theirs["to_answer"], d);
    assert_eq!(theirs["view"]["me"], 1 - d);
    assert!(theirs["view"]["players"][d]["hand"].is_null());
    assert!(theirs["view"]["players"][1 - d]["hand"].is_array());
    // The waiting seat cannot answer; nothing changes.
    let (code, r) = s.post_as(tw, &format!("{path}/answer"), &json!({ "id": 0 }));
    assert_eq!(code, 403, "{r}");
    assert!(r["error"].as_str().unwrap().contains("other seat"), "{r}");
    assert_eq!(s.get_as(td, &path), mine, "nothing changed");
    // No token, a wrong one, or another game's: refused.
    let e = error_of(s.http("GET", &path, ""), 401);
    assert!(e.contains("token"), "{e}");
    error_of(s.http_as(&"0".repeat(32), "GET", &path, ""), 403);
    let (_, other) = s.post("/api/games", &json!({ "seed": 4 }));
    let t_other = other["tokens"][0].as_str().unwrap();
    error_of(s.http_as(t_other, "GET", &path, ""), 403);
    // The replay and the log show both hands: not to one seat while the game is on,
    // but to the holder of both.
    for call in ["replay", "log"] {
        let e = error_of(s.http_as(tw, "GET", &format!("{path}/{call}"), ""), 403);
        assert!(e.contains("every human seat"), "{e}");
        let both = format!("{t1},{t2}");
        assert_eq!(
            s.http_as(&both, "GET", &format!("{path}/{call}"), "").0,
            200
        );
    }
    // A link may carry the token in the query (the page's replay download).
    let (code, _) = s.http("GET", &format!("{path}?since=0&token={t1}"), "");
    assert_eq!(code, 200);
    // The deciding seat answers its own decision.
    let (code, after) = s.post_as(td, &format!("{path}/answer"), &json!({ "id": 0 }));
    assert_eq!(code, 200, "{after}");
}

#[test]
fn every_refusal_is_a_json_error() {
    let s = Server::start(&[]);
    // Past the documented body limit (1 MiB): 413.
    let big = vec![b' '; (1 << 20) + 1];
    let e = error_of(
        send(&s.base, "POST", "/api/games", &[json_header()], &big),
        413,
    );
    assert!(e.contains("1048576 bytes"), "{e}");
    // A body that is not UTF-8: 400.
    let e = error_of(
        send(
            &s.base,
            "POST",
            "/api/games",
            &[json_header()],
            b"{\"seed\": \xff}",
        ),
        400,
    );
    assert!(e.contains("UTF-8"), "{e}");
    // Not JSON: 400.
    let e = error_of(
        send(&s.base, "POST", "/api/games", &[json_header()], b"{seed"),
        400,
    );
    assert!(e.starts_with("bad request"), "{e}");
    // No such route, a method a route does not take, a bad game id or `since`.
    error_of(s.http("GET", "/api/nothing", ""), 404);
    error_of(s.http("DELETE", "/api/games", ""), 405);
    error_of(s.http("GET", "/api/games/0/answer", ""), 405);
    error_of(s.http("PUT", "/api/decks", ""), 405);
    error_of(s.http("GET", "/api/games/x", ""), 404);
    let (_, r) = s.post("/api/games", &json!({}));
    let t = r["tokens"][0].as_str().unwrap();
    error_of(s.http_as(t, "GET", "/api/games/0?since=x", ""), 400);
    // And the server still answers.
    assert_eq!(s.get("/api/decks")["game"], "battle-spirits");
}
