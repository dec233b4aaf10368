//! The line battle in scenario files (`docs/scenarios.md`, "Line battle"): its board words
//! (masters' LP, DP, the attack and defense lines), its actions and expectations, played
//! on a real [`Game`](crate::rules::line_battle::Game). Reading files, running them and
//! reporting are the game-agnostic `tools::scenario`.
//!
//! Modules: `model` (the words), `board` (set-up on a real game), `play` (actions and
//! checks).

mod board;
pub mod model;
mod play;

use crate::rules::line_battle::LineLibrary;
use crate::tools::scenario::{self as generic, Failure, ScenarioGame};

/// The line battle as a [`ScenarioGame`].
#[derive(Debug, Clone)]
pub struct LineBattleScenarios;

/// A line-battle scenario.
pub type Scenario = generic::Scenario<LineBattleScenarios>;

impl ScenarioGame for LineBattleScenarios {
    type Preset = model::Preset;
    type Board = model::Board;
    type Action = model::Action;
    type Expect = model::Expect;
    type Cards = LineLibrary;
    const RULE_PREFIX: &'static str = "LB";

    fn play(
        _preset: &model::Preset,
        sc: &Scenario,
        lib: &LineLibrary,
        pack_cards: &[Vec<carddb::CardId>],
        at: &str,
    ) -> Result<(Vec<Failure>, Vec<String>), Box<Failure>> {
        play::set_up_and_play(sc, lib, pack_cards, at)
    }
}
