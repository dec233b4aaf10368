//! Setting a game up (LB-0.1): deck legality with errors naming the card, masters and
//! their LP, shuffles, the first player and the opening hands.

use std::collections::BTreeMap;

use carddb::{CardId, CardKind};
use thiserror::Error;

use super::config::LineBattleConfig;
use super::events::Event;
use super::game::Game;
use super::library::LineLibrary;
use super::state::{Phase, State, Zone};
use crate::core::{CardInstance, GameRng, InstanceId, Orientation, PlayerId};

/// Why a game could not be set up (LB-0.1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A rules option out of range ([`LineBattleConfig::check`]).
    #[error("rules option: {0}")]
    Config(String),
    /// A card id the library does not have.
    #[error("{player}: card {card} is not in the library")]
    UnknownCard { player: PlayerId, card: CardId },
    /// A main-deck card that is not a creature with AT/DF.
    #[error("{player}: card {card} is a {kind}, not a creature with a `creature:` section")]
    NotACreature {
        player: PlayerId,
        card: CardId,
        kind: String,
    },
    /// The master is not a master card.
    #[error("{player}: master {card} is a {kind}, not a master")]
    NotAMaster {
        player: PlayerId,
        card: CardId,
        kind: String,
    },
    /// LB-0.1: the main deck holds too few or too many cards.
    #[error("{player}: the deck holds {size} cards; it must hold {min} to {max} (LB-0.1)")]
    DeckSize {
        player: PlayerId,
        size: usize,
        min: u32,
        max: u32,
    },
    /// LB-0.1: too many copies of one card.
    #[error("{player}: {count} copies of {card}; at most {max} are allowed (LB-0.1)")]
    TooManyCopies {
        player: PlayerId,
        card: CardId,
        count: u32,
        max: u32,
    },
}

/// Checks one player's master and deck against LB-0.1.
fn check_deck(
    config: &LineBattleConfig,
    lib: &LineLibrary,
    player: PlayerId,
    master: &str,
    deck: &[CardId],
    sized: bool,
) -> Result<(), SetupError> {
    let kind = |id: &str| -> Result<CardKind, SetupError> {
        lib.get(id)
            .map(|d| d.kind)
            .ok_or_else(|| SetupError::UnknownCard {
                player,
                card: id.to_string(),
            })
    };
    if kind(master)? != CardKind::Master {
        return Err(SetupError::NotAMaster {
            player,
            card: master.into(),
            kind: kind(master)?.name().into(),
        });
    }
    let size = deck.len();
    if sized && (size < config.deck_min as usize || size > config.deck_max as usize) {
        return Err(SetupError::DeckSize {
            player,
            size,
            min: config.deck_min,
            max: config.deck_max,
        });
    }
    let mut copies: BTreeMap<&str, u32> = BTreeMap::new();
    for id in deck {
        let k = kind(id)?;
        if lib.creature(id).is_none() {
            return Err(SetupError::NotACreature {
                player,
                card: id.clone(),
                kind: k.name().into(),
            });
        }
        *copies.entry(id).or_default() += 1;
    }
    if let Some((card, &count)) = copies.iter().find(|(_, n)| **n > config.max_copies) {
        return Err(SetupError::TooManyCopies {
            player,
            card: card.to_string(),
            count,
            max: config.max_copies,
        });
    }
    Ok(())
}

impl Game {
    /// A new game: `decks[p]` is player `p`'s master card id and main deck. Checks LB-0.1,
    /// puts the masters in place with their LP (the card's `lp`, else `default_lp`),
    /// shuffles with the one seeded rng, picks the first player (the option, else the
    /// rng), and draws the opening hands (`hand_size`). Errors: [`SetupError`].
    pub fn new(
        config: LineBattleConfig,
        lib: LineLibrary,
        decks: [(CardId, Vec<CardId>); 2],
        seed: u64,
    ) -> Result<Game, SetupError> {
        Game::build(config, lib, decks, seed, true)
    }

    /// A game whose decks are set by hand (a scenario's board): as [`Game::new`] without
    /// LB-0.1's deck size, which the board's own bounds replace.
    pub(crate) fn new_unsized(
        config: LineBattleConfig,
        lib: LineLibrary,
        decks: [(CardId, Vec<CardId>); 2],
        seed: u64,
    ) -> Result<Game, SetupError> {
        Game::build(config, lib, decks, seed, false)
    }

    fn build(
        config: LineBattleConfig,
        lib: LineLibrary,
        decks: [(CardId, Vec<CardId>); 2],
        seed: u64,
        sized: bool,
    ) -> Result<Game, SetupError> {
        config.check().map_err(SetupError::Config)?;
        for p in PlayerId::BOTH {
            let (m, d) = &decks[p.index()];
            check_deck(&config, &lib, p, m, d, sized)?;
        }
        let mut st = State {
            rng: GameRng::new(seed),
            seed,
            catalogue_hash: lib.hash().to_string(),
            decks: decks.clone(),
            config,
            ..State::default()
        };
        let mut next_id = 0u32;
        let mut place = |st: &mut State, card: &str, owner: PlayerId, z: Zone| {
            let id = InstanceId(next_id);
            next_id += 1;
            st.cards.push(CardInstance {
                id,
                card: card.to_string(),
                owner,
                orientation: Orientation::Upright,
            });
            st.zones.insert(id, z);
            id
        };
        let mut masters = Vec::new();
        for p in PlayerId::BOTH {
            let (m, d) = &decks[p.index()];
            masters.push(place(&mut st, m, p, Zone::Master(p)));
            for c in d {
                place(&mut st, c, p, Zone::Deck(p));
            }
        }
        for p in PlayerId::BOTH {
            let lp = lib
                .get(&decks[p.index()].0)
                .and_then(|d| d.master.as_ref())
                .and_then(|m| m.lp)
                .unwrap_or(st.config.default_lp);
            st.lp[p.index()] = i64::from(lp);
            st.emit(Event::MasterSet {
                player: p,
                card: masters[p.index()],
                lp: i64::from(lp),
            });
            let mut order = st.zones.pile(Zone::Deck(p)).to_vec();
            st.rng.shuffle(&mut order);
            st.zones.reorder(Zone::Deck(p), order);
            st.emit(Event::Shuffled { player: p });
        }
        let first = match st.config.first_player {
            Some(p) => p,
            None => PlayerId(st.rng.below(2) as u8),
        };
        st.first = first;
        st.active = first;
        st.dp[first.index()] = st.config.dp_first;
        st.dp[first.other().index()] = st.config.dp_second;
        st.emit(Event::GameStarted { first });
        for p in [first, first.other()] {
            let n = st.config.hand_size;
            st.draw(p, n);
        }
        st.phase = Phase::TurnStart;
        let compiled = lib.compiled();
        Ok(Game {
            lib,
            compiled,
            st,
            cached: None,
            strict_scripts: false,
        })
    }
}
