//! LB-0: every assumed part of the game around the battle phase, as a named option with
//! its default (`docs/rules/line-battle.md`, LB-0.1 … LB-0.4). A pack may change any.

use serde::{Deserialize, Serialize};

use crate::core::PlayerId;

/// The options of the line battle. `Default` gives the LB-0 defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LineBattleConfig {
    /// LB-0.1: the fewest cards a main deck may hold (40).
    pub deck_min: u32,
    /// LB-0.1: the most cards a main deck may hold (60).
    pub deck_max: u32,
    /// LB-0.1: copies of one card id a deck may hold (3).
    pub max_copies: u32,
    /// LB-0.1: a master's LP when its card gives none (20).
    pub default_lp: u32,
    /// LB-0.1: cards each player draws at the start of the game (5).
    pub hand_size: u32,
    /// LB-0.2: the first player's DP on their first turn (8).
    pub dp_first: u32,
    /// LB-0.2: the second player's DP on their first turn (10).
    pub dp_second: u32,
    /// LB-0.2: the DP a player's start phase resets to (8).
    pub dp_reset: u32,
    /// LB-0.2: whether a player's *first* start phase resets DP too (false: the starting
    /// 8 / 10 are the first turn's DP, else the 10 of the second player would never count).
    pub dp_reset_first_turn: bool,
    /// LB-0.2: DP paid for one extra draw in a main phase (4); 0 turns the purchase off.
    pub extra_draw_cost: u32,
    /// LB-0.3: the first player skips the draw of their first turn (true).
    pub first_turn_skips_draw: bool,
    /// LB-0.3: the first player skips the battle phase of their first turn (true).
    pub first_turn_skips_battle: bool,
    /// Who goes first; `None` (default): the seeded rng decides.
    pub first_player: Option<PlayerId>,
    /// Creatures one line may hold; `None` (default): no limit (the seed gives none).
    pub max_per_line: Option<u32>,
    /// LB-1.1 [assumed]: whether defense-line creatures may be ordered to attack (false:
    /// the seed describes attacks by attack-line creatures only).
    pub defense_line_attacks: bool,
    /// After this many turns the game is a draw, with the reason (200).
    pub max_turns: u32,
    /// Questions one effect may ask before it fails (`choose_target`, `may`) (16).
    pub max_questions_per_effect: u32,
}

impl Default for LineBattleConfig {
    fn default() -> Self {
        LineBattleConfig {
            deck_min: 40,
            deck_max: 60,
            max_copies: 3,
            default_lp: 20,
            hand_size: 5,
            dp_first: 8,
            dp_second: 10,
            dp_reset: 8,
            dp_reset_first_turn: false,
            extra_draw_cost: 4,
            first_turn_skips_draw: true,
            first_turn_skips_battle: true,
            first_player: None,
            max_per_line: None,
            defense_line_attacks: false,
            max_turns: 200,
            max_questions_per_effect: 16,
        }
    }
}

impl LineBattleConfig {
    /// Checks the options make a playable game. Errors: a text naming the option.
    pub fn check(&self) -> Result<(), String> {
        if self.deck_min > self.deck_max {
            return Err(format!(
                "deck_min {} is above deck_max {}",
                self.deck_min, self.deck_max
            ));
        }
        if self.deck_max > 1000 {
            return Err(format!("deck_max {} is above 1000", self.deck_max));
        }
        if self.max_copies == 0 {
            return Err("max_copies must be at least 1".into());
        }
        if self.max_turns == 0 {
            return Err("max_turns must be at least 1".into());
        }
        if self.first_player.is_some_and(|p| p.0 > 1) {
            return Err("first_player must be player 0 or 1".into());
        }
        if self.max_per_line == Some(0) {
            return Err("max_per_line 0 leaves no room for any creature".into());
        }
        Ok(())
    }
}
