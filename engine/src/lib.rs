//! engine: the game. A deterministic state machine driven by decisions.
//!
//! Architecture invariant: no file, clock or network access; packs arrive as values.
//! See `engine/README.md` for the API and the decision model.

pub mod core;
pub mod driver;
pub mod players;
pub mod rules;
pub mod script;
pub mod tools;

/// Battle Spirits, the first game, at the crate root for short paths.
pub use rules::battle_spirits::{
    AnswerError, CardLibrary, Choice, DecisionKind, DecisionRequest, Event, Game, GameResult,
    Replay, ReplayError, SavedGame, SetupError, Step, View, render_event,
};
