//! Any game as a command line, a protocol client or a simulator drives it, whatever its
//! rules: a ruleset registers a [`GameDriver`] (`rules::driver`), which prepares a
//! catalogue's cards once ([`Prepared`]) and starts games ([`DynGame`]) whose decisions,
//! answers, views and events are plain JSON and text. Nothing here knows a game; a ruleset
//! adapts its typed game with [`Driven`].

mod driven;
pub mod protocol;
pub mod replay;
pub mod sim;

use std::sync::Arc;

use carddb::{CardDef, Deck, GameKind, LoadedKeyword};

use crate::core::{GameResult, PlayerId, Step};
use crate::script::ScriptSources;

pub use driven::Driven;

/// A catalogue's cards as a ruleset prepares them: definitions, the packs' script files,
/// the keywords the packs declare, and whether a broken script only fails its own effect
/// (`lenient`) instead of failing the preparation.
#[derive(Debug, Clone, Default)]
pub struct CardInput {
    pub cards: Vec<CardDef>,
    pub sources: ScriptSources,
    pub keywords: Vec<LoadedKeyword>,
    pub lenient: bool,
}

impl CardInput {
    /// Everything a catalogue holds for a ruleset: its cards, its packs' script files (with
    /// the pack of each card) and the keywords its packs declare. Errors: the catalogue
    /// cannot be read ([`carddb::LoadError`]).
    pub fn of_catalogue(
        cat: &carddb::Catalogue,
        lenient: bool,
    ) -> Result<CardInput, carddb::LoadError> {
        let mut sources = ScriptSources::default();
        for (pack, path, source) in cat.files()? {
            sources.add_file(&pack, &path, &source);
        }
        sources.pack_of = cat.card_packs()?.into_iter().collect();
        Ok(CardInput {
            cards: cat.cards()?,
            sources,
            keywords: cat.keywords()?,
            lenient,
        })
    }
}

/// How one game runs: its seed and the checks it makes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The seed of the game's one rng.
    pub seed: u64,
    /// Check conservation after every event (a violation ends the run with an error).
    pub check_every_event: bool,
    /// A broken script fails the game instead of being logged as `EffectFailed`.
    pub strict_scripts: bool,
}

/// A ruleset as the registry knows it.
pub trait GameDriver: Sync {
    /// The game this driver plays (`pack.yaml` `game:`).
    fn game(&self) -> GameKind;
    /// Prepares the cards once (scripts compiled, definitions checked) for the ruleset's
    /// rules preset named `preset` (`None`: its default; Battle Spirits: `saga`,
    /// `japanese`). Errors: an unknown preset (listing the known ones), a script that does
    /// not compile (with its file, line and column) unless `lenient`, or cards this
    /// ruleset cannot play, in words.
    fn prepare(&self, input: CardInput, preset: Option<&str>) -> Result<Arc<dyn Prepared>, String>;
}

/// A catalogue prepared for one ruleset: shared by every game and thread that plays it.
pub trait Prepared: Send + Sync {
    /// The content hash of the cards and scripts (what a replay is checked against).
    fn hash(&self) -> String;
    /// A new game between two decks (already checked against the game's deck format).
    /// Errors: a deck this ruleset cannot set up, in words naming the card.
    fn new_game(&self, decks: [&Deck; 2], options: GameOptions)
    -> Result<Box<dyn DynGame>, String>;
}

/// One legal answer: the text a person sees and the answer as JSON (the ruleset's
/// `Choice`, as its serde form).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DynOption {
    pub label: String,
    pub choice: serde_json::Value,
}

/// A decision in plain form: who answers, the kind's name, the question, every legal
/// answer in a stable order (never empty).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DynRequest {
    pub player: PlayerId,
    pub kind: String,
    pub prompt: String,
    pub options: Vec<DynOption>,
}

/// Which robot answers for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Robot {
    /// The ruleset's greedy player.
    Greedy,
    /// Uniform among the legal options with its own rng (`players::RandomPlayer`).
    Random,
    /// The search player (`players::SearchPlayer`) spending `budget` rollouts per
    /// decision; the ruleset's greedy player where the ruleset is not searchable.
    Search { budget: u32 },
}

/// A game of any ruleset, driven by option indexes or JSON answers.
pub trait DynGame {
    /// The decision the game waits for, or its result.
    fn next(&mut self) -> Step<DynRequest, GameResult>;
    /// Answers with option `index` of the pending decision. Errors: no such option, or the
    /// game is over; nothing changes.
    fn answer_index(&mut self, index: usize) -> Result<(), String>;
    /// Answers with a choice in its JSON form. Errors: not a choice of this ruleset, or not
    /// one of the pending options; nothing changes.
    fn answer_json(&mut self, choice: &serde_json::Value) -> Result<(), String>;
    /// The answer robot `robot` (seeded with `seed`, resumed after the decisions its seat
    /// already answered) gives to the pending decision, as an option index.
    fn robot_index(&mut self, robot: Robot, seed: u64) -> Result<usize, String>;
    /// How many events the log holds.
    fn log_len(&self) -> usize;
    /// Event `i` as one line of JSON.
    fn event_json(&self, i: usize) -> String;
    /// Event `i` in words for people (`None`: a detail the text log leaves out).
    fn event_text(&self, i: usize) -> Option<String>;
    /// Event `i` as seat `seat` may receive it when it names a card `seat` cannot see (the
    /// opponent's draw): its JSON with that card as `null` and its line for people; `None`
    /// when `seat` may see it whole ([`crate::core::GameEvent::redacted_for`]).
    fn redacted_event(&self, i: usize, seat: PlayerId) -> Option<crate::core::Redacted>;
    /// What `player` sees now, as JSON.
    fn view_json(&self, player: PlayerId) -> serde_json::Value;
    /// The ruleset's conservation checks.
    fn check_invariants(&self) -> Result<(), String>;
    /// Every answer so far, as JSON (what a replay holds).
    fn answers_json(&self) -> Vec<serde_json::Value>;
    /// The card id of card `#n` when `seat` may see it ([`crate::core::Rules::card_seen_by`]).
    fn card_seen_by(&self, n: u32, seat: PlayerId) -> Option<String>;
    /// Offers a cancel answer to the seats marked `true` (people's seats) while an action
    /// they chose is unpaid ([`crate::core::Rules::set_cancel`]).
    fn set_cancel(&mut self, seats: [bool; 2]);
    /// Whether the pending decision is a flash timing where passing is the only answer
    /// ([`crate::core::Rules::only_pass`]); `false` once the game is over.
    fn only_pass(&mut self) -> bool;
}
