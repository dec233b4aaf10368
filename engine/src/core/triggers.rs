//! A first-in first-out queue of pending triggers (hook firings waiting to resolve).
//! Effects plug in here later; a ruleset decides the hook type `H`.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

/// Pending hook firings, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerQueue<H> {
    pending: VecDeque<H>,
}

impl<H> Default for TriggerQueue<H> {
    fn default() -> Self {
        TriggerQueue {
            pending: VecDeque::new(),
        }
    }
}

impl<H> TriggerQueue<H> {
    /// Adds a firing at the back.
    pub fn push(&mut self, hook: H) {
        self.pending.push_back(hook);
    }

    /// Takes the oldest firing.
    pub fn pop(&mut self) -> Option<H> {
        self.pending.pop_front()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// How many firings are pending.
    pub fn len(&self) -> usize {
        self.pending.len()
    }
}
