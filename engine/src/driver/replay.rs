//! A replay of any ruleset: the game, the catalogue hash, both decks, the seed and every
//! answer in its JSON form. Playing it again gives the same log, byte for byte (one seeded
//! rng, no clock).

use carddb::Deck;
use serde::{Deserialize, Serialize};

use super::{DynGame, GameOptions, Prepared};

/// What a replay file holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnyReplay {
    /// The game (`pack.yaml` `game:`, e.g. `line-battle`).
    pub game: String,
    /// The catalogue's content hash the game was played with ([`Prepared::hash`]).
    pub hash: String,
    /// P1's and P2's decks.
    pub decks: [Deck; 2],
    pub seed: u64,
    /// Every answer, in order.
    pub answers: Vec<serde_json::Value>,
}

impl AnyReplay {
    /// Starts the game again and gives every recorded answer. Errors: another catalogue
    /// (hash), a deck the ruleset refuses, or an answer refused at its index.
    pub fn play(&self, prepared: &dyn Prepared) -> Result<Box<dyn DynGame>, String> {
        if prepared.hash() != self.hash {
            return Err(format!(
                "the replay was played with catalogue {} but this one is {}",
                self.hash,
                prepared.hash()
            ));
        }
        let options = GameOptions {
            seed: self.seed,
            ..GameOptions::default()
        };
        let mut g = prepared.new_game([&self.decks[0], &self.decks[1]], options)?;
        for (i, a) in self.answers.iter().enumerate() {
            g.answer_json(a).map_err(|e| format!("answer {i}: {e}"))?;
        }
        Ok(g)
    }
}
