//! Deck legality (BS-0.1): size limits and copies per card name, per the config preset;
//! no token (keyword ruling K28).

use std::collections::BTreeMap;

use carddb::CardId;
use thiserror::Error;

use super::config::RulesConfig;
use crate::core::PlayerId;
use crate::rules::battle_spirits::library::CardLibrary;

/// Why a deck is not legal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeckError {
    #[error("{player}'s deck names card {card}, which is not in the library")]
    UnknownCard { player: PlayerId, card: CardId },
    #[error("{player}'s deck has {count} cards; at least {min} are needed (BS-0.1)")]
    TooFewCards {
        player: PlayerId,
        count: u32,
        min: u32,
    },
    #[error("{player}'s deck has {count} cards; at most {max} are allowed (BS-0.1)")]
    TooManyCards {
        player: PlayerId,
        count: u32,
        max: u32,
    },
    #[error("{player}'s deck has {count} copies of \"{name}\"; at most {max} are allowed (BS-0.1)")]
    TooManyCopies {
        player: PlayerId,
        name: String,
        count: u32,
        max: u32,
    },
    /// A token is made by effects and never in a deck (keyword ruling K28).
    #[error("{player}'s deck holds the token {card}; tokens are never in a deck")]
    TokenInDeck { player: PlayerId, card: CardId },
}

/// Checks one deck (a list of card ids) against BS-0.1 as configured.
/// Errors: the first problem found, naming the card or the count.
pub fn check_deck(
    config: &RulesConfig,
    library: &CardLibrary,
    player: PlayerId,
    deck: &[CardId],
) -> Result<(), DeckError> {
    let mut per_name: BTreeMap<&str, u32> = BTreeMap::new();
    // Copies of a card are usually listed together: one lookup per run of equal ids.
    let mut rest = deck;
    while let Some(id) = rest.first() {
        let run = rest.iter().take_while(|x| *x == id).count();
        rest = &rest[run..];
        let def = library.get(id).ok_or_else(|| DeckError::UnknownCard {
            player,
            card: id.clone(),
        })?;
        if def.token {
            return Err(DeckError::TokenInDeck {
                player,
                card: id.clone(),
            });
        }
        *per_name.entry(def.name.as_str()).or_default() += run as u32;
    }
    let count = deck.len() as u32;
    if count < config.min_deck {
        return Err(DeckError::TooFewCards {
            player,
            count,
            min: config.min_deck,
        });
    }
    if let Some(max) = config.max_deck
        && count > max
    {
        return Err(DeckError::TooManyCards { player, count, max });
    }
    if let Some((name, n)) = per_name.iter().find(|(_, n)| **n > config.max_copies) {
        return Err(DeckError::TooManyCopies {
            player,
            name: name.to_string(),
            count: *n,
            max: config.max_copies,
        });
    }
    Ok(())
}
