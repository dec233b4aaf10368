//! Battle Spirits in scenario files (`docs/scenarios.md`): its board words, actions and
//! expectations, played on a real [`Game`](crate::rules::battle_spirits::Game). Reading
//! files, running them and reporting are the game-agnostic `tools::scenario`.
//!
//! Modules, one job each: `model` (the board, actions and expectations), `words` (how its
//! enums read from YAML), `board` (set-up on a real game), `filler` (the default deck
//! filler), `actions` (answers to
//! decisions), `expect` (checks), `play` (one scenario played and checked).

mod actions;
mod board;
mod expect;
mod filler;
pub mod model;
mod play;
mod words;

use std::path::Path;

use carddb::Diagnostic;

pub use crate::tools::scenario::{Failure, ScenarioResult, Status};
pub use model::{PackSpec, Preset};

use crate::rules::battle_spirits::library::CardLibrary;
use crate::tools::scenario::{self as generic, ScenarioGame};

/// Battle Spirits as a [`ScenarioGame`].
#[derive(Debug, Clone)]
pub struct BattleSpiritsScenarios;

/// A Battle Spirits scenario file.
pub type ScenarioFile = generic::ScenarioFile<BattleSpiritsScenarios>;
/// A Battle Spirits scenario.
pub type Scenario = generic::Scenario<BattleSpiritsScenarios>;
/// A parsed Battle Spirits scenario file.
pub type Parsed = generic::Parsed<BattleSpiritsScenarios>;

impl ScenarioGame for BattleSpiritsScenarios {
    type Preset = Preset;
    type Board = model::Board;
    type Action = model::Action;
    type Expect = model::Expect;
    type Cards = CardLibrary;
    const RULE_PREFIX: &'static str = "BS";

    fn play(
        preset: &Preset,
        sc: &Scenario,
        lib: &CardLibrary,
        pack_cards: &[Vec<carddb::CardId>],
        at: &str,
    ) -> Result<(Vec<Failure>, Vec<String>), Box<Failure>> {
        play::set_up_and_play(*preset, sc, lib, pack_cards, at)
    }
}

/// Parses a Battle Spirits scenario file's text ([`generic::parse`]).
pub fn parse(path: &Path, text: &str) -> Result<Parsed, Diagnostic> {
    generic::parse(path, text)
}

/// Runs scenario `index` of `parsed` on `library` ([`generic::run`]).
pub fn run(parsed: &Parsed, index: usize, library: &CardLibrary) -> ScenarioResult {
    generic::run(parsed, index, library)
}
