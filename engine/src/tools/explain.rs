//! What `cardscript explain` says of a card, in a shape every game fills: notes on the
//! card, then per effect its timing, what runs, what was understood and what cannot act
//! yet. The command prints it (text or JSON); the game reads its own effects.

use serde::Serialize;

/// A card as a game explains it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CardExplanation {
    /// Lines shown after the card's description (a keyword without rules is inert, …).
    pub notes: Vec<String>,
    /// One per effect, in the card's order.
    pub effects: Vec<EffectExplanation>,
}

/// One effect as a game explains it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct EffectExplanation {
    /// When it works, in the game's words (`When This Spirit Attacks`, `When Battles`).
    pub timing: String,
    /// What runs: `own script`, `text` (read from the card's text) or `inert`.
    pub runs: String,
    /// What the engine understood, one line each.
    pub understood: Vec<String>,
    /// Why it cannot act yet, one line each (empty: it can).
    pub cannot_act: Vec<String>,
    /// The script that runs (its own, or the one written from its text), if any.
    pub script: Option<String>,
}
