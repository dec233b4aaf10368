//! What a card's text names that another card has — a family ("your Clockwork spirits", "a
//! Gearling spirit", "a Sunforge nexus") or a keyword ("with Ascend", "Curse or Bloodcurse") —
//! and the cards that have it. A player builds a deck around such a card with its
//! partners; `exercise` adds a few partners to a deck whose cards name some
//! ([`super::decks`]), so that those effects meet what they wait for.

use std::collections::{BTreeMap, BTreeSet};

use carddb::{CardDef, CardId};

use crate::rules::battle_spirits::library::CardLibrary;

/// Something a card's text names that other cards have (lower case).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Want {
    /// A family (系統) named anywhere in the text as a word.
    Family(String),
    /// A keyword named as "with K", "K or …" or "… or K".
    Keyword(String),
}

/// The wants of every card of a library and the cards that meet each (tokens aside, K28).
#[derive(Debug, Clone, Default)]
pub struct Partners {
    wants: BTreeMap<CardId, Vec<Want>>,
    holders: BTreeMap<Want, Vec<CardId>>,
}

impl Partners {
    /// Reads the English texts of `library` once.
    pub fn new(library: &CardLibrary) -> Partners {
        let decked: Vec<&CardDef> = library.iter().filter(|d| !d.token).collect();
        let families: BTreeSet<String> = (decked.iter())
            .flat_map(|d| d.families.iter())
            .map(|f| f.trim().to_lowercase())
            .filter(|f| !f.is_empty())
            .collect();
        let keywords: BTreeSet<String> = (decked.iter())
            .flat_map(|d| d.keywords.iter())
            .map(|k| k.name.to_lowercase())
            .collect();
        let mut holders: BTreeMap<Want, Vec<CardId>> = BTreeMap::new();
        for d in &decked {
            for w in has(d) {
                holders.entry(w).or_default().push(d.id.clone());
            }
        }
        let mut wants = BTreeMap::new();
        for d in &decked {
            let text: String = (d.effects.iter())
                .filter_map(|e| e.text.get("en"))
                .map(|t| t.to_lowercase())
                .collect::<Vec<_>>()
                .join(" ");
            let w: Vec<Want> = (families.iter())
                .filter(|f| has_word(&text, f))
                .map(|f| Want::Family(f.clone()))
                .chain(
                    (keywords.iter())
                        .filter(|k| names_keyword(&text, k))
                        .map(|k| Want::Keyword(k.clone())),
                )
                // Met only by the card itself: nothing to add.
                .filter(|w| {
                    holders
                        .get(w)
                        .is_some_and(|h| h.iter().any(|id| *id != d.id))
                })
                .collect();
            if !w.is_empty() {
                wants.insert(d.id.clone(), w);
            }
        }
        Partners { wants, holders }
    }

    /// What `card`'s text names that other cards have (empty: nothing).
    pub fn wants(&self, card: &str) -> &[Want] {
        self.wants.get(card).map_or(&[], Vec::as_slice)
    }

    /// The cards that have `want`, in id order.
    pub fn holders(&self, want: &Want) -> &[CardId] {
        self.holders.get(want).map_or(&[], Vec::as_slice)
    }
}

/// What a card has that another's text may name: its families and keywords.
fn has(d: &CardDef) -> Vec<Want> {
    let mut v: Vec<Want> = (d.families.iter())
        .map(|f| f.trim().to_lowercase())
        .filter(|f| !f.is_empty())
        .map(Want::Family)
        .chain((d.keywords.iter()).map(|k| Want::Keyword(k.name.to_lowercase())))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Whether `word` occurs in `text` with no letter or digit on either side.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Whether `text` names keyword `k` as a thing a card has ("with Gale", "Curse or
/// Bloodcurse"), not a keyword a card gains or an effect's own name.
fn names_keyword(text: &str, k: &str) -> bool {
    has_word(text, &format!("with {k}"))
        || has_word(text, &format!("{k} or"))
        || has_word(text, &format!("or {k}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_keywords_are_found_whole() {
        assert!(has_word("your eva-01 spirits", "eva-01"));
        assert!(!has_word("your eva-013 spirits", "eva-01"));
        assert!(!has_word("golems", "golem"));
        assert!(names_keyword(
            "one of your spirits with gale attacks",
            "gale"
        ));
        assert!(names_keyword(
            "spirits with curse or bloodcurse",
            "bloodcurse"
        ));
        assert!(!names_keyword("this spirit gains confront", "confront"));
    }
}
