//! Rulesets. Each ruleset gives the game-agnostic core its meaning.

pub mod battle_spirits;
pub mod line_battle;
