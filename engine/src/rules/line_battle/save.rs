//! Saves and replays: a save is the whole state (rng included) as serde data, restored
//! against the same library; a replay is the set-up plus the answers, played again.

use carddb::CardId;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::config::LineBattleConfig;
use super::decision::{AnswerError, Choice};
use super::game::Game;
use super::library::LineLibrary;
use super::setup::SetupError;
use super::state::State;

/// A saved game at any decision (also in the middle of an effect's question).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The saved state.
    pub state: State,
}

/// Why a save or a replay could not be restored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreError {
    /// The library is not the one the game was played with (hashes differ).
    #[error("the save was made with library {saved}, this library is {now}")]
    Library { saved: String, now: String },
    /// The replay's set-up is refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Answer `index` of the replay is refused.
    #[error("answer {index}: {error}")]
    Answer { index: usize, error: AnswerError },
}

impl Game {
    /// The game as a save.
    pub fn save(&self) -> SavedGame {
        SavedGame {
            state: self.st.clone(),
        }
    }

    /// A saved game, restored against `lib`. Errors: [`RestoreError::Library`] when `lib`
    /// is not the library of the save.
    pub fn restore(lib: LineLibrary, saved: SavedGame) -> Result<Game, RestoreError> {
        if saved.state.catalogue_hash != lib.hash() {
            return Err(RestoreError::Library {
                saved: saved.state.catalogue_hash,
                now: lib.hash().to_string(),
            });
        }
        let compiled = lib.compiled();
        Ok(Game {
            lib,
            compiled,
            st: saved.state,
            cached: None,
            strict_scripts: false,
        })
    }

    /// Plays a game again from its set-up and answers. Errors: the set-up refused, or an
    /// answer that is not legal where it comes (with its index).
    pub fn replay(
        config: LineBattleConfig,
        lib: LineLibrary,
        decks: [(CardId, Vec<CardId>); 2],
        seed: u64,
        answers: &[Choice],
    ) -> Result<Game, RestoreError> {
        let mut g = Game::new(config, lib, decks, seed)?;
        for (index, a) in answers.iter().enumerate() {
            g.answer(a.clone())
                .map_err(|error| RestoreError::Answer { index, error })?;
        }
        Ok(g)
    }
}
