//! Tokens (keyword rulings K27–K31): spirits made by effects from token definitions a pack
//! declares (`token: true` on a card definition). A token is never in a deck (K28,
//! `check_deck`); it is made outside the game when an effect needs it (K27) and summoned
//! from there; when it leaves the field it is removed from the game (K29), after its
//! "when destroyed" effects and those waiting for a destruction worked as usual.

use super::events::Event;
use super::game::Game;
use super::types::Zone;
use crate::core::{CardInstance, InstanceId, Orientation, PlayerId};

impl Game {
    /// Makes a new token card of definition `id` owned by `p`, outside the game
    /// (`Zone::Removed`) until it is summoned; logs `TokenMade`. `None` when the library has
    /// no token definition `id`.
    pub(crate) fn make_token(&mut self, id: &str, p: PlayerId) -> Option<InstanceId> {
        if !self.lib.get(id).is_some_and(|d| d.token) {
            return None;
        }
        let card = InstanceId(self.st.cards.len() as u32);
        self.st.cards.push(CardInstance {
            id: card,
            card: id.to_string(),
            owner: p,
            orientation: Orientation::Upright,
        });
        self.st.zones.insert(card, Zone::Removed(p));
        self.index_def(card, id);
        self.rt.asking = None; // a per-instance cache: one more instance now
        self.emit(Event::TokenMade {
            card,
            token: id.to_string(),
        });
        Some(card)
    }

    /// K29: where `card`, leaving `from` for `to`, really goes: a token leaving the field
    /// is removed from the game; everything else goes to `to`.
    pub(crate) fn token_destination(&self, card: InstanceId, from: Zone, to: Zone) -> Zone {
        match (from, to) {
            (Zone::Field(_), Zone::Field(_)) => to,
            (Zone::Field(_), _) if self.def_of(card).token => Zone::Removed(self.owner(card)),
            _ => to,
        }
    }

    /// Whether `card` is a token (keyword rulings K27–K31).
    pub fn is_token(&self, card: InstanceId) -> bool {
        self.def_of(card).token
    }
}
