//! Rulesets, and the registry of games. Each ruleset is one folder that brings its state,
//! its rules, its hooks and its script API, on the game-agnostic `core`, `script` and
//! `players`; adding a game is its folder plus one line in [`driver`] and one in [`tools`].

pub mod battle_spirits;
pub mod face;
pub mod line_battle;

use carddb::GameKind;

use crate::driver::GameDriver;
use crate::tools::GameTools;

/// The driver of `game` (`pack.yaml` `game:`), or `None` when this build has no ruleset
/// for it.
pub fn driver(game: GameKind) -> Option<&'static dyn GameDriver> {
    match game {
        GameKind::BattleSpirits => Some(&battle_spirits::driver::DRIVER),
        GameKind::LineBattle => Some(&line_battle::driver::DRIVER),
    }
}

/// The tools of `game` (scenario files, exercise, explain: [`crate::tools`]), or `None`
/// when this build has no ruleset for it.
pub fn tools(game: GameKind) -> Option<&'static dyn GameTools> {
    match game {
        GameKind::BattleSpirits => Some(&battle_spirits::tools::TOOLS),
        GameKind::LineBattle => Some(&line_battle::tools::TOOLS),
    }
}
