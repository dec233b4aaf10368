//! A `cardscript serve` started for a test on a free loopback port, and plain HTTP/1.1
//! requests to it (no client crate: one request per connection, `Connection: close`).

#![allow(dead_code)] // each test crate that includes this module uses some of the helpers

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// The running server; killed when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    child: Child,
}

impl Server {
    /// Starts `cardscript serve --port 0` with `args` from the project root and reads the
    /// address from its first line.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let base = first
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the first line names the address: {first:?}"))
            .to_string();
        Server { base, child }
    }

    /// The server's process id (its memory figures are in `/proc/PID/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// One request: status and body.
    pub fn http(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        http(&self.base, method, path, body)
    }

    /// One request with a seat token (`Authorization: Bearer TOKEN`): status and body.
    pub fn http_as(&self, token: &str, method: &str, path: &str, body: &str) -> (u16, String) {
        let auth = format!("Bearer {token}");
        send(
            &self.base,
            method,
            path,
            &[
                ("Authorization", auth.as_str()),
                ("Content-Type", "application/json"),
            ],
            body.as_bytes(),
        )
    }

    /// `GET path` with a seat token, which must answer 200 with JSON.
    pub fn get_as(&self, token: &str, path: &str) -> Value {
        let (status, body) = self.http_as(token, "GET", path, "");
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// `POST path` with a seat token and `body`: status and the JSON answer.
    pub fn post_as(&self, token: &str, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.http_as(token, "POST", path, &body.to_string());
        (status, serde_json::from_str(&text).unwrap())
    }

    /// `GET path`, which must answer 200 with JSON.
    pub fn get(&self, path: &str) -> Value {
        let (status, body) = self.http("GET", path, "");
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// `POST path` with `body`: status and the JSON answer.
    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.http("POST", path, &body.to_string());
        (status, serde_json::from_str(&text).unwrap())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 JSON request to `base` (`http://HOST:PORT`): status and body.
pub fn http(base: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    send(
        base,
        method,
        path,
        &[("Content-Type", "application/json")],
        body.as_bytes(),
    )
}

/// One HTTP/1.1 request to `base` with `headers` (`Host` the server's own unless given,
/// `Connection: close` and `Content-Length` added): status and body.
pub fn send(
    base: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String) {
    let host = base.trim_start_matches("http://");
    let mut s = TcpStream::connect(host).expect("the server accepts connections");
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head += &format!("Host: {host}\r\n");
    }
    for (k, v) in headers {
        head += &format!("{k}: {v}\r\n");
    }
    head += &format!(
        "Connection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server that refuses early may close before reading it all.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    // A connection reset after the answer (the server closed with the body unread) keeps
    // what was read.
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8(raw).expect("UTF-8 response");
    let (head, rest) = text.split_once("\r\n\r\n").expect("a response head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = s.split_once("\r\n").expect("a chunk size");
        let n = usize::from_str_radix(size.trim(), 16).expect("a hex chunk size");
        if n == 0 {
            return out;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
}
