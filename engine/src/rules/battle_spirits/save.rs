//! Saving and resuming a game at any decision (serde). The card library is not saved;
//! pass the same one in again (checked by its hash).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::game::{Game, State};
use crate::rules::battle_spirits::library::CardLibrary;

/// A saved game: the whole state (rng state included) and the catalogue hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Hex SHA-256 of the card library.
    pub catalogue_hash: String,
    state: State,
}

/// Why a save could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("the save was made with catalogue {saved}, this library is {given}")]
    CatalogueMismatch { saved: String, given: String },
    #[error("the save is not valid JSON for a game: {0}")]
    Json(#[from] serde_json::Error),
}

impl Game {
    /// The game as a saveable value.
    pub fn save(&self) -> SavedGame {
        SavedGame {
            catalogue_hash: self.st.catalogue_hash.clone(),
            state: self.st.clone(),
        }
    }

    /// The game as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).expect("a game serialises")
    }

    /// Resumes a saved game. Errors: [`LoadError::CatalogueMismatch`].
    pub fn load(saved: SavedGame, library: CardLibrary) -> Result<Game, LoadError> {
        if saved.catalogue_hash != library.hash() {
            return Err(LoadError::CatalogueMismatch {
                saved: saved.catalogue_hash,
                given: library.hash().to_string(),
            });
        }
        // Every instance's definition must be in this library (same hash: it is).
        let def_index = saved
            .state
            .cards
            .iter()
            .map(|c| library.index_of(&c.card).unwrap_or(u32::MAX))
            .collect::<Vec<u32>>();
        if def_index.contains(&u32::MAX) {
            return Err(LoadError::CatalogueMismatch {
                saved: saved.catalogue_hash,
                given: library.hash().to_string(),
            });
        }
        let mut g = Game {
            host: library.scripts(),
            lib: library,
            st: saved.state,
            strict: false,
            cached: None,
            rt: Default::default(),
            def_index,
            const_kinds: 0,
            field_triggers: Vec::new(),
            field_bits: 0,
            off_field_bits: 0,
        };
        g.note_defs();
        Ok(g)
    }

    /// Resumes a game saved with [`Game::to_json`].
    /// Errors: [`LoadError::Json`], [`LoadError::CatalogueMismatch`].
    pub fn from_json(json: &str, library: CardLibrary) -> Result<Game, LoadError> {
        Game::load(serde_json::from_str(json)?, library)
    }
}
