//! Replays: the catalogue hash, the decks, the seed, the rules and every answer.
//! Replaying gives the identical event log (compare `Game::log_hash`).

use carddb::CardId;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{AnswerError, Choice, Game, RulesConfig, SetupError};

/// A replay file's content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Hex SHA-256 of the card library ([`CardLibrary::hash`]).
    pub catalogue_hash: String,
    /// Both decks as card ids, in list order.
    pub decks: [Vec<CardId>; 2],
    /// The game seed.
    pub seed: u64,
    /// The rules in force.
    pub config: RulesConfig,
    /// Every answer, in order.
    pub answers: Vec<Choice>,
}

/// Why a replay could not be played.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("the replay was recorded with catalogue {recorded}, this library is {given}")]
    CatalogueMismatch { recorded: String, given: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("answer {index} was refused: {error}")]
    Answer { index: usize, error: AnswerError },
}

impl Replay {
    /// The replay of a game so far.
    pub fn of(game: &Game) -> Replay {
        Replay {
            catalogue_hash: game.library().hash().to_string(),
            decks: game.decks().clone(),
            seed: game.seed(),
            config: game.config().clone(),
            answers: game.answers().to_vec(),
        }
    }

    /// Plays the replay and returns the game after the last answer.
    /// Errors: a different catalogue, a bad deck, or a refused answer (with its index).
    pub fn play(&self, library: CardLibrary) -> Result<Game, ReplayError> {
        if library.hash() != self.catalogue_hash {
            return Err(ReplayError::CatalogueMismatch {
                recorded: self.catalogue_hash.clone(),
                given: library.hash().to_string(),
            });
        }
        let mut g = Game::new(self.config.clone(), library, self.decks.clone(), self.seed)?;
        for (index, a) in self.answers.iter().enumerate() {
            g.answer(a.clone())
                .map_err(|error| ReplayError::Answer { index, error })?;
        }
        g.next();
        Ok(g)
    }
}
