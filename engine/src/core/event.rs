//! Event-log hashing: a log is hashed as the SHA-256 of its events' JSON, one per line,
//! so two runs agree byte for byte exactly when their hashes agree.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::ids::PlayerId;

/// What a ruleset's event type must be: serialisable both ways (logs, replays, saves),
/// cloneable and comparable (log equality tests).
pub trait GameEvent: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug {
    /// The form of this event that `seat` may receive when it names what `seat` cannot
    /// see (a card drawn into, or moved between, the opponent's hidden zones), or `None`
    /// when `seat` may see it whole. The default hides nothing: a ruleset with hidden
    /// zones overrides it.
    fn redacted_for(&self, seat: PlayerId) -> Option<Redacted> {
        let _ = seat;
        None
    }
}

/// An event as one seat may receive it: its JSON with the hidden card instances as
/// `null` (the event's shape is otherwise the full log's), and its line for people.
#[derive(Debug, Clone, PartialEq)]
pub struct Redacted {
    pub json: serde_json::Value,
    pub text: String,
}

/// `event`'s JSON (externally tagged, as the log writes it) with field `field` of its
/// variant `variant` set to `null`: the redacted form keeps the full event's shape.
pub fn nulled<E: Serialize>(event: &E, variant: &str, field: &str) -> serde_json::Value {
    let mut json = serde_json::to_value(event).expect("events serialise");
    if let Some(v) = json.get_mut(variant).and_then(|v| v.get_mut(field)) {
        *v = serde_json::Value::Null;
    }
    json
}

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
