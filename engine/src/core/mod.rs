//! The game-agnostic core: stable ids, players, zones and card instances, token piles,
//! event-log hashing, decision plumbing, a deterministic rng and a trigger queue.
//!
//! Architecture invariant: no ruleset vocabulary lives here; a ruleset (for example
//! a module under `rules/`) gives these generic pieces their meaning.

mod copy;
pub mod decision;
pub mod event;
pub mod game;
pub mod ids;
pub mod rng;
pub mod shared_vec;
pub mod tokens;
pub mod triggers;
pub mod zones;

pub use decision::{Labelled, Request};
pub use event::{GameEvent, Redacted, log_hash};
pub use game::{GameResult, Rules, Step};
pub use ids::{InstanceId, PlayerId};
pub use rng::GameRng;
pub use shared_vec::SharedVec;
pub use tokens::{Token, TokenId, TokenLedger, TokenLoc, TokenTable, TokenTag};
pub use triggers::TriggerQueue;
pub use zones::{CardInstance, Orientation, Zones};
