//! Stable identifiers: card instances and players.

use serde::{Deserialize, Serialize};

/// A card instance's id, stable for the whole game (assigned at set-up, never reused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InstanceId(pub u32);

impl InstanceId {
    /// The id as an index into per-instance tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for InstanceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A player: `PlayerId(0)` or `PlayerId(1)`; shown to people as `P1` and `P2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// Both players, in seat order.
    pub const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

    /// The other player.
    pub fn other(self) -> PlayerId {
        PlayerId(1 - self.0)
    }

    /// The player as an index (0 or 1) into per-player arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}
