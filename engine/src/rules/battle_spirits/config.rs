//! Rules options: every rule the digest marks [opt] is a named field here, with the two
//! format presets `saga()` and `japanese()` (BS-0.1, BS-0.2, BS-0.4, BS-0.6).

use serde::{Deserialize, Serialize};

use crate::core::PlayerId;

/// What happens when both players would lose at once (BS-0.4 [opt]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SimultaneousLoss {
    /// The game is a draw (standard).
    Draw,
    /// The turn player loses; the other wins.
    TurnPlayerLoses,
}

/// The named options of the Battle Spirits rules. Counts are in cards or cores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesConfig {
    /// Preset name, informational (`saga`, `japanese`).
    pub name: String,
    /// BS-0.1: fewest cards in a deck.
    pub min_deck: u32,
    /// BS-0.1: most cards in a deck (`None` = no limit).
    pub max_deck: Option<u32>,
    /// BS-0.1: most copies of one card name.
    pub max_copies: u32,
    /// BS-0.2: cores each player starts with in life.
    pub starting_life: u32,
    /// BS-0.2: cores each player starts with in reserve (soul core included).
    pub starting_reserve: u32,
    /// BS-0.2: whether one of the reserve cores is the soul core.
    pub soul_core: bool,
    /// BS-0.2: cards in the opening hand.
    pub opening_hand: u32,
    /// BS-0.2: how many mulligans a player may take.
    pub mulligans: u32,
    /// BS-0.2: extra cards drawn by a player who keeps the first hand (Saga: 1).
    pub keep_bonus_draw: u32,
    /// BS-0.4: what a simultaneous loss means.
    pub simultaneous_loss: SimultaneousLoss,
    /// Who goes first; `None` = chosen by the seeded rng.
    pub first_player: Option<PlayerId>,
    /// BS-0.6 / BS-2.2: the first player gets no core in their first core step.
    pub first_turn_skips_core_step: bool,
    /// BS-0.6: the first player has no attack step on their first turn.
    pub first_turn_no_attack: bool,
    /// BS-2.1: cores moved from the void to the reserve in the core step.
    pub cores_per_core_step: u32,
    /// BS-3.1: cards drawn in the draw step.
    pub draws_per_draw_step: u32,
    /// BS-9.3: how many braves one spirit/ultimate may hold (standard: 1).
    #[serde(default = "one")]
    pub braves_per_host: u32,
    /// A game that has not ended after this many answered decisions ends as a draw, with
    /// that reason (a game whose effects loop cannot run forever; 0 = no cap).
    #[serde(default = "decision_cap")]
    pub max_decisions: u32,
}

fn one() -> u32 {
    1
}

fn decision_cap() -> u32 {
    100_000
}

impl RulesConfig {
    /// Saga (English) format: deck 50–60, at most 4 copies, keep-hand draws 1 extra.
    pub fn saga() -> RulesConfig {
        RulesConfig {
            name: "saga".into(),
            min_deck: 50,
            max_deck: Some(60),
            max_copies: 4,
            keep_bonus_draw: 1,
            ..RulesConfig::japanese()
        }
    }

    /// The preset named `saga`, `casual` or `japanese` (BS-0.1), the names deck formats
    /// use (`carddb::DeckFormat`); `None` for any other name.
    pub fn preset(name: &str) -> Option<RulesConfig> {
        match name {
            "saga" => Some(RulesConfig::saga()),
            "casual" => Some(RulesConfig::casual()),
            "japanese" => Some(RulesConfig::japanese()),
            _ => None,
        }
    }

    /// Casual: Saga's play with a deck of 20 to 60 cards (at most 4 of a card name): the
    /// project's own format for small packs, not an official one (`carddb::DeckFormat::casual`).
    pub fn casual() -> RulesConfig {
        RulesConfig {
            name: "casual".into(),
            min_deck: 20,
            ..RulesConfig::saga()
        }
    }

    /// Japanese format: deck at least 40, at most 3 copies.
    pub fn japanese() -> RulesConfig {
        RulesConfig {
            name: "japanese".into(),
            min_deck: 40,
            max_deck: None,
            max_copies: 3,
            starting_life: 5,
            starting_reserve: 4,
            soul_core: true,
            opening_hand: 4,
            mulligans: 1,
            keep_bonus_draw: 0,
            simultaneous_loss: SimultaneousLoss::Draw,
            first_player: None,
            first_turn_skips_core_step: true,
            first_turn_no_attack: true,
            cores_per_core_step: 1,
            draws_per_draw_step: 1,
            braves_per_host: 1,
            max_decisions: decision_cap(),
        }
    }
}

/// The largest count a rules option may set (cards, cores, draws): a game of more is not
/// Battle Spirits, and the bound keeps a hostile replay file from exhausting memory.
pub const MAX_OPTION: u32 = 1_000;

impl RulesConfig {
    /// Checks that every count is at most [`MAX_OPTION`] and that the deck limits make
    /// sense. Errors: the option's name and value.
    pub fn check(&self) -> Result<(), String> {
        let counts = [
            ("min_deck", self.min_deck),
            ("max_deck", self.max_deck.unwrap_or(0)),
            ("max_copies", self.max_copies),
            ("starting_life", self.starting_life),
            ("starting_reserve", self.starting_reserve),
            ("opening_hand", self.opening_hand),
            ("mulligans", self.mulligans),
            ("keep_bonus_draw", self.keep_bonus_draw),
            ("cores_per_core_step", self.cores_per_core_step),
            ("draws_per_draw_step", self.draws_per_draw_step),
            ("braves_per_host", self.braves_per_host),
        ];
        for (name, value) in counts {
            if value > MAX_OPTION {
                return Err(format!(
                    "rules option `{name}` is {value}; at most {MAX_OPTION}"
                ));
            }
        }
        if self.max_deck.is_some_and(|m| m < self.min_deck) {
            return Err(format!(
                "rules option `max_deck` is below `min_deck` ({})",
                self.min_deck
            ));
        }
        Ok(())
    }
}

impl Default for RulesConfig {
    fn default() -> Self {
        RulesConfig::japanese()
    }
}
