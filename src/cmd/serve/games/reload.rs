//! The game thread's catalogue read again after the workshop saved a pack file
//! (`docs/workshop.md`): new games, and "try this card", play the saved cards; games in
//! play keep the cards they started with, and their replays the hash of those.

use serde_json::{Value, json};

use super::super::super::source::SourceArgs;
use super::{Games, Reply};

impl Games {
    /// Reopens the catalogue `source` names (as [`Games::open`]) in place of the old one;
    /// the games are kept. Errors (500): the catalogue does not open (the old one stays).
    pub(super) fn reload(&mut self, source: &SourceArgs) -> Reply {
        match Games::open(source, self.limits) {
            Ok(fresh) => {
                self.cat = fresh.cat;
                self.prepared = fresh.prepared;
                self.decks = fresh.decks;
                self.cards = fresh.cards;
                Reply::json(&json!({ "reloaded": true }))
            }
            Err(e) => Reply::error(500, format!("the games' catalogue was not reloaded: {e}")),
        }
    }
}

/// A card's name and text for the page: its keywords, then each effect's English text
/// (else its first language's).
pub(super) fn card_info(d: &carddb::CardDef) -> Value {
    let mut text: Vec<String> = d.keywords.iter().map(|k| k.name.clone()).collect();
    text.extend(
        d.effects
            .iter()
            .filter_map(|e| e.text.get("en").or_else(|| e.text.values().next()).cloned()),
    );
    json!({ "name": d.name, "text": text.join("\n") })
}
