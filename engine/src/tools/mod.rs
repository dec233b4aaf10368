//! The tools every game shares: scenario files (`cardscript test`), exercising every card
//! in real games (`cardscript exercise`), explaining what the engine understood of a card
//! (`cardscript explain`). Each tool does its job here once; a game supplies only its own
//! part through [`GameTools`] (its board words, its expectations, its decks and log), and
//! registers it in `rules::tools`.

pub mod exercise;
pub mod explain;
pub mod scenario;

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use carddb::{CardDef, Diagnostic, GameKind, LoadedKeyword};

use crate::driver::CardInput;

/// A game's cards prepared for its tools (its card library), shared by every scenario and
/// game of a run.
pub type ToolCards = Arc<dyn Any + Send + Sync>;

/// What a game supplies to the shared tools.
pub trait GameTools: Sync {
    /// The game (`pack.yaml` `game:`).
    fn game(&self) -> GameKind;

    /// Prepares a catalogue's cards once for the tools. Errors: a script that does not
    /// compile (unless `input.lenient`), or cards this game cannot play, in words.
    fn cards(&self, input: CardInput) -> Result<ToolCards, String>;

    /// Parses scenario file `text` (at `path`, for messages) with this game's words and
    /// runs each scenario on `cards` (made by [`GameTools::cards`]). Errors: the file's
    /// syntax or fields, located. `pack_cards`: the card ids of the file's packs, its own
    /// pack first ([`scenario::Parsed::pack_cards`]).
    fn run_scenarios(
        &self,
        path: &Path,
        text: &str,
        cards: &ToolCards,
        pack_cards: &[Vec<carddb::CardId>],
    ) -> Result<Vec<scenario::ScenarioResult>, Diagnostic>;

    /// Plays `cfg.games` games of decks drawn from every card of `cards` under the deck
    /// format `format` (`None`: the game's own) and reports per effect what fired.
    /// Errors: an unknown format, or a catalogue that makes no legal deck, in words.
    fn exercise(
        &self,
        cards: &ToolCards,
        format: Option<&str>,
        cfg: &exercise::ExerciseConfig,
        progress: &(dyn Fn() + Sync),
    ) -> Result<exercise::ExerciseReport, String>;

    /// What the engine understood of `card`: notes on the card, then per effect its
    /// timing, what runs, what was understood, what cannot act yet and its script. `own`
    /// is each effect's own script (inline, or its pack's file), `keywords` the keywords
    /// the packs declare.
    fn explain(
        &self,
        card: &CardDef,
        own: &[Option<String>],
        keywords: &[LoadedKeyword],
        cards: &ToolCards,
    ) -> explain::CardExplanation;
}

/// `cards` as the library type `T` of the game that made them. Panics when another game
/// made them (a caller mixing games is a bug, not input).
pub fn cards_as<T: 'static>(cards: &ToolCards) -> &T {
    cards
        .downcast_ref::<T>()
        .expect("cards prepared by the same game's tools")
}
