//! engine: the game. A deterministic state machine driven by decisions.
//!
//! Architecture invariant: no file, clock or network access; packs arrive as values.
