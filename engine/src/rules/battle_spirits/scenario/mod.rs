//! Scenario tests as data (issue 13, `docs/scenarios.md`): a YAML file sets up boards,
//! answers the game's decisions in the players' words, and states what must then hold.
//!
//! No I/O here: [`parse`] reads a file's text, the caller builds the [`CardLibrary`] from
//! the file's `packs`, and [`run`] plays one scenario on it. Errors in a file (syntax,
//! unknown fields, unknown cards) are [`carddb::Diagnostic`]s with file, line and field.
//!
//! Modules, one job each: `model` (the file's shape), `words` (how its enums read from
//! YAML), `board` (set-up on a real game), `actions` (answers to decisions), `expect`
//! (checks), `report` (running one scenario, its result).

mod actions;
mod board;
mod expect;
pub mod model;
mod report;
mod words;

use std::path::Path;

use carddb::locate::Locations;
use carddb::yamlfile::YamlFile;
use carddb::{Diagnostic, PackFiles};

pub use model::{PackSpec, Preset, Scenario, ScenarioFile};
pub use report::{Failure, ScenarioResult, Status};

use crate::rules::battle_spirits::library::CardLibrary;

/// A parsed scenario file with what locates its fields (for errors found while running).
#[derive(Debug)]
pub struct Parsed {
    /// The file as the user named it.
    pub path: std::path::PathBuf,
    pub file: ScenarioFile,
    locations: Locations,
}

impl Parsed {
    /// A diagnostic at field `field` (`scenarios[2].board.p1.hand[0]`) of this file.
    pub fn diagnostic(&self, field: &str, message: &str, help: Option<String>) -> Diagnostic {
        let pos = self.locations.find(field);
        Diagnostic {
            file: self.path.clone(),
            line: pos.line,
            column: pos.column,
            field: field.to_string(),
            message: message.to_string(),
            help,
        }
    }
}

/// Parses a scenario file's text (`path` is only used in error messages).
///
/// Errors: a [`Diagnostic`] at the failing field: YAML syntax, a wrong type, a missing
/// field, an unknown field or action (with a did-you-mean).
pub fn parse(path: &Path, text: &str) -> Result<Parsed, Diagnostic> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let pack = PackFiles::from_memory("", [(path.to_string_lossy().into_owned(), text)]);
    let rel = path.to_string_lossy().into_owned();
    let yaml = YamlFile::new(&pack, &rel, text);
    let value = yaml.value(text)?;
    let file: ScenarioFile = yaml.typed(value, "")?;
    Ok(Parsed {
        path: path.to_path_buf(),
        file,
        locations: Locations::index(text),
    })
}

/// Runs scenario `index` of `parsed` on `library`: sets up its board, plays its actions,
/// checks its expectations. Never panics on a scenario's content; a scenario naming a card
/// the library lacks is a [`Status::Broken`] result with its located diagnostic.
pub fn run(parsed: &Parsed, index: usize, library: &CardLibrary) -> ScenarioResult {
    report::run_one(parsed, index, library)
}
