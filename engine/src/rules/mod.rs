//! Rulesets, and the registry of games. Each ruleset is one folder that brings its state,
//! its rules, its hooks and its script API, on the game-agnostic `core`, `script` and
//! `players`; adding a game is its folder plus one line in [`driver`].

pub mod battle_spirits;

use carddb::GameKind;

use crate::driver::GameDriver;

/// The driver of `game` (`pack.yaml` `game:`), or `None` when this build has no ruleset
/// for it.
pub fn driver(game: GameKind) -> Option<&'static dyn GameDriver> {
    match game {
        GameKind::BattleSpirits => Some(&battle_spirits::driver::DRIVER),
        GameKind::LineBattle => None,
    }
}
