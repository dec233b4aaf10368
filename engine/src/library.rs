//! The card library a game reads its card definitions from: a shared, immutable map
//! card id → [`CardDef`], with a content hash that replays and saves are checked against.

use std::collections::BTreeMap;
use std::sync::Arc;

use carddb::{CardDef, CardId};
use sha2::{Digest, Sha256};

use crate::core::event::hex;

#[derive(Debug)]
struct Inner {
    cards: BTreeMap<CardId, CardDef>,
    hash: String,
}

/// Card definitions by id, cheap to clone (shared). Not part of a save: pass it in again.
#[derive(Debug, Clone)]
pub struct CardLibrary(Arc<Inner>);

impl CardLibrary {
    /// A library from definitions (a later definition with the same id replaces an earlier).
    pub fn new(defs: impl IntoIterator<Item = CardDef>) -> CardLibrary {
        let cards: BTreeMap<CardId, CardDef> =
            defs.into_iter().map(|d| (d.id.clone(), d)).collect();
        let mut h = Sha256::new();
        for d in cards.values() {
            h.update(serde_json::to_vec(d).expect("card definitions serialise"));
            h.update(b"\n");
        }
        let hash = hex(&h.finalize());
        CardLibrary(Arc::new(Inner { cards, hash }))
    }

    /// The definition of `id`.
    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.0.cards.get(id)
    }

    /// The definition of `id`; panics if absent (the game checks every deck card at set-up).
    pub fn def(&self, id: &str) -> &CardDef {
        self.get(id)
            .unwrap_or_else(|| panic!("card {id} not in library"))
    }

    /// Hex SHA-256 over every definition's JSON in id order: the catalogue hash.
    pub fn hash(&self) -> &str {
        &self.0.hash
    }

    /// Number of definitions.
    pub fn len(&self) -> usize {
        self.0.cards.len()
    }

    /// Whether the library is empty.
    pub fn is_empty(&self) -> bool {
        self.0.cards.is_empty()
    }

    /// Every definition, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        self.0.cards.values()
    }
}
