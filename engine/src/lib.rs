//! engine: the game. A deterministic state machine driven by decisions.
//!
//! Architecture invariant: no file, clock or network access; packs arrive as values.
//! See `engine/README.md` for the API and the decision model.

pub mod core;
pub mod exercise;
pub mod library;
pub mod players;
pub mod replay;
pub mod rules;
pub mod scenario;
pub mod script;
pub mod sim;
pub mod testkit;

pub use library::CardLibrary;
pub use replay::{Replay, ReplayError};
pub use rules::battle_spirits::{
    AnswerError, Choice, DecisionKind, DecisionRequest, Event, Game, GameResult, SavedGame,
    SetupError, Step, View, render_event,
};
