//! Scenario tests as data (`docs/scenarios.md`), for every game: a YAML file sets up
//! boards, answers the game's decisions in the players' words, and states what must then
//! hold. This module reads files and runs them; each game brings its board, actions and
//! expectations ([`ScenarioGame`]), and the registry `rules::tools` finds the game of a
//! file's packs.
//!
//! No I/O here: [`parse`] reads a file's text, the caller builds the cards from the file's
//! `packs`, and [`run`] plays one scenario on them. Errors in a file (syntax, unknown
//! fields, unknown cards) are [`carddb::Diagnostic`]s with file, line and field.
//!
//! Modules, one job each: `bounds` (the numbers a board may name), `model` (the file's shape, the [`ScenarioGame`] trait), `names` (a word → the one card it names), `rule_ids` (the IDs `rule:` may cite), `words`
//! (how enums read from YAML), `report` (running one scenario, its result).

pub mod bounds;
pub mod model;
pub mod names;
mod report;
pub mod rule_ids;
pub mod words;

use std::path::Path;

use carddb::locate::Locations;
use carddb::yamlfile::YamlFile;
use carddb::{Diagnostic, PackFiles};

pub use model::{Header, PackSpec, PlayerSpec, Scenario, ScenarioFile, ScenarioGame};
pub use report::{Failure, ScenarioResult, Status};

/// A parsed scenario file with what locates its fields (for errors found while running).
#[derive(Debug)]
pub struct Parsed<G: ScenarioGame> {
    /// The file as the user named it.
    pub path: std::path::PathBuf,
    pub file: ScenarioFile<G>,
    /// The card ids of the file's packs, its own pack first, then the packs it depends on:
    /// where a game's default deck filler comes from (`docs/scenarios.md`, "The board").
    /// Set by the caller that builds the cards; empty, the whole library is one pack.
    pub pack_cards: Vec<Vec<carddb::CardId>>,
    locations: Locations,
}

impl<G: ScenarioGame> Parsed<G> {
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

/// Reads `text` as type `T` (`path` is only used in error messages).
fn read<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, Diagnostic> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let pack = PackFiles::from_memory("", [(path.to_string_lossy().into_owned(), text)]);
    let rel = path.to_string_lossy().into_owned();
    let yaml = YamlFile::new(&pack, &rel, text);
    let value = yaml.value(text)?;
    yaml.typed(value, "")
}

/// Parses a scenario file's text for game `G` (`path` is only used in error messages).
///
/// Errors: a [`Diagnostic`] at the failing field: YAML syntax, a wrong type, a missing
/// field, an unknown field or action (with a did-you-mean), a `rule:` citing an ID the
/// rules reference does not define for the game.
pub fn parse<G: ScenarioGame>(path: &Path, text: &str) -> Result<Parsed<G>, Diagnostic> {
    let file: ScenarioFile<G> = read(path, text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let parsed = Parsed {
        path: path.to_path_buf(),
        file,
        pack_cards: Vec::new(),
        locations: Locations::index(text),
    };
    for (i, sc) in parsed.file.scenarios.iter().enumerate() {
        if let Some(rule) = &sc.rule
            && let Err((message, help)) = rule_ids::check(rule, G::RULE_PREFIX)
        {
            return Err(parsed.diagnostic(&format!("scenarios[{i}].rule"), &message, help));
        }
    }
    Ok(parsed)
}

/// What a file says before its game is known: its packs and its scenarios' names (other
/// keys are left to the game's [`parse`]). Errors: YAML syntax, or those fields wrong.
pub fn header(path: &Path, text: &str) -> Result<Header, Diagnostic> {
    read(path, text)
}

/// Runs scenario `index` of `parsed` on `cards`: sets up its board, plays its actions,
/// checks its expectations. Never panics on a scenario's content; a scenario naming a card
/// the cards lack is a [`Status::Broken`] result with its located diagnostic.
pub fn run<G: ScenarioGame>(parsed: &Parsed<G>, index: usize, cards: &G::Cards) -> ScenarioResult {
    report::run_one(parsed, index, cards)
}

/// Parses `text` for game `G` and runs every scenario of it on `cards`, in order;
/// `pack_cards` as in [`Parsed::pack_cards`].
pub fn run_file<G: ScenarioGame>(
    path: &Path,
    text: &str,
    cards: &G::Cards,
    pack_cards: &[Vec<carddb::CardId>],
) -> Result<Vec<ScenarioResult>, Diagnostic> {
    let mut parsed = parse::<G>(path, text)?;
    parsed.pack_cards = pack_cards.to_vec();
    Ok((0..parsed.file.scenarios.len())
        .map(|i| run(&parsed, i, cards))
        .collect())
}
