//! Event-log hashing: a log is hashed as the SHA-256 of its events' JSON, one per line,
//! so two runs agree byte for byte exactly when their hashes agree.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// What a ruleset's event type must be: serialisable both ways (logs, replays, saves),
/// cloneable and comparable (log equality tests).
pub trait GameEvent: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug {}

/// The lower-case hex SHA-256 of `events`, each serialised as JSON followed by `\n`.
pub fn log_hash<E: GameEvent>(events: &[E]) -> String {
    let mut h = Sha256::new();
    for e in events {
        let line = serde_json::to_vec(e).expect("events serialise");
        h.update(&line);
        h.update(b"\n");
    }
    hex(&h.finalize())
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
