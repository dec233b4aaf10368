//! Deck legality (BS-0.1): size limits and copies per card name, per the config preset;
//! no token (keyword ruling K28).

use std::cell::RefCell;

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
    check_deck_indexed(config, library, player, deck).map(|_| ())
}

/// A deck found legal: what the check read (the library by its content hash, the deck
/// rules, the ids) and the library index of each card.
struct Legal {
    hash: String,
    rules: (u32, Option<u32>, u32),
    deck: Vec<CardId>,
    indices: Vec<u32>,
}

/// How many legal decks a thread remembers (a game checks two).
const REMEMBERED: usize = 4;

thread_local! {
    /// The decks last found legal on this thread (a simulation sets up the same
    /// two decks for every game). The check is a function of what [`Legal`] keeps, so a
    /// deck equal to one of these is legal with the same indices; errors are never kept.
    static LEGAL: RefCell<Vec<Legal>> = const { RefCell::new(Vec::new()) };
}

/// [`check_deck`], giving the library index of each card of a legal deck, in deck order
/// (set-up makes its instances without looking the ids up again).
pub(crate) fn check_deck_indexed(
    config: &RulesConfig,
    library: &CardLibrary,
    player: PlayerId,
    deck: &[CardId],
) -> Result<Vec<u32>, DeckError> {
    let rules = (config.min_deck, config.max_deck, config.max_copies);
    let known = LEGAL.with(|l| {
        (l.borrow().iter())
            .find(|k| k.rules == rules && k.hash == library.hash() && k.deck == deck)
            .map(|k| k.indices.clone())
    });
    if let Some(indices) = known {
        return Ok(indices);
    }
    let indices = check_deck_now(config, library, player, deck)?;
    LEGAL.with(|l| {
        let mut l = l.borrow_mut();
        if l.len() == REMEMBERED {
            l.remove(0);
        }
        l.push(Legal {
            hash: library.hash().to_string(),
            rules,
            deck: deck.to_vec(),
            indices: indices.clone(),
        });
    });
    Ok(indices)
}

/// [`check_deck_indexed`], read from the library.
fn check_deck_now(
    config: &RulesConfig,
    library: &CardLibrary,
    player: PlayerId,
    deck: &[CardId],
) -> Result<Vec<u32>, DeckError> {
    let mut indices = Vec::with_capacity(deck.len());
    // Copies per card name (a deck names few: a list, not a map).
    let mut per_name: Vec<(&str, u32)> = Vec::new();
    // Copies of a card are usually listed together: one lookup per run of equal ids.
    let mut rest = deck;
    while let Some(id) = rest.first() {
        let run = rest.iter().take_while(|x| *x == id).count();
        rest = &rest[run..];
        let i = library.index_of(id).ok_or_else(|| DeckError::UnknownCard {
            player,
            card: id.clone(),
        })?;
        let def = library.at(i);
        if def.token {
            return Err(DeckError::TokenInDeck {
                player,
                card: id.clone(),
            });
        }
        indices.resize(indices.len() + run, i);
        match per_name.iter_mut().find(|(n, _)| *n == def.name) {
            Some((_, n)) => *n += run as u32,
            None => per_name.push((def.name.as_str(), run as u32)),
        }
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
    // The first name in name order with too many copies.
    let over = per_name.iter().filter(|(_, n)| *n > config.max_copies);
    if let Some((name, n)) = over.min_by_key(|(name, _)| *name) {
        return Err(DeckError::TooManyCopies {
            player,
            name: name.to_string(),
            count: *n,
            max: config.max_copies,
        });
    }
    Ok(indices)
}
