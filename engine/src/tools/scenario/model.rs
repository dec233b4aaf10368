//! The shape of a scenario file that every game shares (`docs/scenarios.md`): the packs,
//! the rules preset, and per scenario its name, citations, seed and strictness. The
//! board, the actions and the expectations are the game's own types ([`ScenarioGame`]).
//! Every struct refuses unknown keys, so a misspelt field gets a did-you-mean.

use std::fmt::Debug;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::report::Failure;

/// What a game brings to scenario files: the words of its board, actions and
/// expectations, the cards they are played with, and how one scenario plays.
pub trait ScenarioGame: Debug + Clone + Sized + 'static {
    /// The file's `rules:` preset.
    type Preset: DeserializeOwned + Default + Debug + Clone;
    /// A scenario's `board:`.
    type Board: DeserializeOwned + Debug + Clone;
    /// One item of a scenario's `do:`.
    type Action: DeserializeOwned + Debug + Clone;
    /// A scenario's `expect:`.
    type Expect: DeserializeOwned + Default + Debug + Clone;
    /// The cards a scenario plays with (the game's library).
    type Cards;
    /// The prefix of the game's rule IDs (`BS`, `LB`): a scenario's `rule:` cites only
    /// those the rules reference defines.
    const RULE_PREFIX: &'static str;

    /// Sets up scenario `sc` of a file with preset `preset` on `cards`, plays its actions
    /// and checks its expectations; `at` is its field path (`scenarios[2]`). Returns the
    /// failures and, when there are any, the tail of the log; `Err` when the scenario
    /// itself is wrong (a card the packs lack, an impossible board). `pack_cards` are the
    /// card ids of the file's packs, its own pack first (see [`super::Parsed::pack_cards`]).
    fn play(
        preset: &Self::Preset,
        sc: &Scenario<Self>,
        cards: &Self::Cards,
        pack_cards: &[Vec<carddb::CardId>],
        at: &str,
    ) -> Result<(Vec<Failure>, Vec<String>), Box<Failure>>;
}

/// One scenario file: the packs its cards come from, the rules preset, and its scenarios.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct ScenarioFile<G: ScenarioGame> {
    /// Where the cards come from, overlaid in order (default: the pack the file is in,
    /// else the embedded demo pack).
    #[serde(default)]
    pub packs: Vec<PackSpec>,
    /// The game's rules preset (Battle Spirits: `japanese` (default) or `saga`).
    #[serde(default)]
    pub rules: G::Preset,
    /// The scenarios, run one after another, each on its own fresh game.
    pub scenarios: Vec<Scenario<G>>,
}

/// A source of cards. Paths are relative to the scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackSpec {
    /// The demo pack embedded in the `cardscript` binary.
    Demo,
    /// A pack folder (with its `pack.yaml`).
    Folder(String),
    /// A catalogue file made by `cardscript db build`.
    Catalogue(String),
    /// A community JSON-lines card file, imported in memory (`cardscript import bss-json`).
    Import(String),
}

/// One scenario: a board, what the players do, and what must then be true.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct Scenario<G: ScenarioGame> {
    /// What the scenario shows, in one line.
    pub name: String,
    /// The rule IDs it checks (`BS-6.5.1`, `LB-4.5`), comma-separated: each one the rules
    /// reference defines for the file's game.
    #[serde(default)]
    pub rule: Option<String>,
    /// The official ruling it encodes (`C#12`, `K#3`), informational.
    #[serde(default)]
    pub ruling: Option<String>,
    /// The card number the ruling is about, informational.
    #[serde(default)]
    pub card: Option<String>,
    /// The question, in the author's own words, informational.
    #[serde(default)]
    pub question: Option<String>,
    /// The phrasebook phrase it proves by play: its pattern as `docs/phrasebook.md` lists it
    /// (`Draw N cards`, a pack phrase's template), informational; the phrasebook names the
    /// scenario beside the phrase.
    #[serde(default)]
    pub phrase: Option<String>,
    /// Strict choice mode (default true): a decision no action answers fails the scenario.
    /// Off: such a decision gets its first listed option.
    #[serde(default = "yes")]
    pub strict: bool,
    /// The game's seed (shuffles, random effects).
    #[serde(default)]
    pub seed: u64,
    /// Skip this scenario, with the reason (reported, never silently).
    #[serde(default)]
    pub skip: Option<String>,
    pub board: G::Board,
    /// The actions, in order.
    #[serde(default, rename = "do")]
    pub actions: Vec<G::Action>,
    /// What must hold after the last action.
    #[serde(default)]
    pub expect: G::Expect,
}

fn yes() -> bool {
    true
}

/// A player as written in a scenario.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerSpec {
    #[default]
    P1,
    P2,
}

impl PlayerSpec {
    /// The seat it names.
    pub fn id(self) -> crate::core::PlayerId {
        match self {
            PlayerSpec::P1 => crate::core::PlayerId(0),
            PlayerSpec::P2 => crate::core::PlayerId(1),
        }
    }
}

/// What every game's file holds before its game is known: the packs and, per scenario,
/// what a report names (read leniently: other keys are the game's).
#[derive(Debug, Clone, Deserialize)]
pub struct Header {
    #[serde(default)]
    pub packs: Vec<PackSpec>,
    pub scenarios: Vec<HeaderScenario>,
}

/// A scenario as [`Header`] reads it.
#[derive(Debug, Clone, Deserialize)]
pub struct HeaderScenario {
    pub name: String,
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default)]
    pub ruling: Option<String>,
}
