//! The Battle Spirits ruleset (rules reference `docs/rules/battle-spirits.md`, BS-0 … BS-8).
//!
//! Small modules, one job each: `config` (options and presets), `deck` (BS-0.1),
//! `setup` (BS-0.2), `turn` (BS-1 … BS-4, BS-7), `main_step` (BS-5.1, 5.2, 5.4, 5.5), `pay_whole` (BS-5.2 paying and placing in one answer), `cancel` (a person takes back a play before its cost is paid),
//! `cost` (BS-5.2 arithmetic, BS-12.4), `levels` (levels and BP), `cores` (BS-5.3
//! depletion, BS-5.7 movement), `brave` (BS-9, BS-5.1.1), `battle` (BS-6), `battle_join` (a card joined to an attacker
//! for one battle: BP and symbols shared), `restrict` (effects' restrictions and value
//! changes read by the rules), `win` (BS-0.4), `invariants` (BS-0.5),
//! `view`, `render`, `save`; its script host and API (`script/`: timing labels, the
//! functions scripts call, keywords, effects at hooks), `library` (cards and compiled
//! scripts), `replay`, `greedy` (the greedy player), and its part of the shared tools (`crate::tools`,
//! registered by `tools`): `exercise` (decks, one game, its log), `scenario` (board words,
//! actions, expectations), `explain` (what a card's effects do); `sim`, `testkit`
//! (synthetic cards for tests).

mod as_rules;
pub mod battle;
pub mod battle_join;
pub mod brave;
pub mod burst;
pub(crate) mod cancel;
mod changes;
pub mod config;
pub mod cores;
pub mod cost;
pub mod decision;
pub mod deck;
pub mod driver;
pub mod events;
pub mod exercise;
pub mod explain;
pub mod game;
mod game_loop;
pub mod greedy;
pub mod invariants;
pub mod levels;
pub mod library;
pub mod main_step;
pub mod pay_whole;
pub mod render;
pub mod replay;
pub mod restrict;
pub mod save;
pub mod scenario;
pub mod script;
pub mod search;
pub mod setup;
pub mod sim;
mod state_copy;
pub mod testkit;
pub mod token_cards;
pub mod tools;
pub mod turn;
pub mod types;
pub mod view;
pub mod win;

#[cfg(test)]
mod tests;

pub use brave::{BraveLink, BraveMove};
pub use config::{RulesConfig, SimultaneousLoss};
pub use cost::CostQuote;
pub use decision::{
    AnswerError, Choice, CorePick, DecisionKind, DecisionRequest, GameResult, Step,
};
pub use deck::{DeckError, check_deck};
pub use events::Event;
pub use game::{Game, SetupError};
pub use greedy::GreedyPlayer;
pub use invariants::InvariantError;
pub use library::{CardFace, CardLibrary};
pub use render::{TextLog, is_detail, render_event};
pub use replay::{Replay, ReplayError};
pub use save::{LoadError, SavedGame};
pub use types::{CoreLoc, CoreSource, FlashWindow, Hook, LossReason, PlayKind, StepName, Zone};
pub use view::{FieldCardView, HandCardView, PlayerView, View};

/// The ruleset's name as a type, for callers that want `BattleSpirits::new_game(...)`.
pub struct BattleSpirits;

impl BattleSpirits {
    /// Same as [`Game::new`].
    pub fn new_game(
        config: RulesConfig,
        library: CardLibrary,
        decks: [Vec<carddb::CardId>; 2],
        seed: u64,
    ) -> Result<Game, SetupError> {
        Game::new(config, library, decks, seed)
    }
}
