//! The card library a game reads its card definitions from: a shared, immutable map
//! card id → [`CardDef`], with a content hash that replays and saves are checked against,
//! and the compiled effect scripts (compiled once per library, issue 4).
//!
//! The library is shared with `Rc` (rhai's compiled scripts are not thread-safe without
//! its `sync` feature, which costs ≈ 30 %): one library per thread.

use std::collections::BTreeMap;
use std::rc::Rc as Arc;

use carddb::{CardDef, CardId};
use sha2::{Digest, Sha256};

use crate::core::event::hex;
use crate::script::{ScriptError, ScriptHost, ScriptSources};

#[derive(Debug)]
struct Inner {
    cards: BTreeMap<CardId, CardDef>,
    hash: String,
    scripts: ScriptHost,
}

/// Card definitions by id, cheap to clone (shared). Not part of a save: pass it in again.
#[derive(Debug, Clone)]
pub struct CardLibrary(Arc<Inner>);

impl CardLibrary {
    /// A library from definitions (a later definition with the same id replaces an earlier).
    /// Inline scripts are compiled leniently: a broken one fails its effect (an
    /// `EffectFailed` event) when it fires. Use [`CardLibrary::with_scripts`] to get
    /// compile errors at build time.
    pub fn new(defs: impl IntoIterator<Item = CardDef>) -> CardLibrary {
        Self::build(defs, &ScriptSources::default(), true).expect("lenient builds do not fail")
    }

    /// A library whose scripts (inline, or `script_file` from `sources`) are all compiled
    /// now, once. Errors: [`ScriptError`] — a syntax error with file, line and column, a
    /// missing script file, a failing pack `lib/` module, an unknown timing label.
    pub fn with_scripts(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> Result<CardLibrary, ScriptError> {
        Self::build(defs, sources, false)
    }

    /// [`CardLibrary::with_scripts`], but a broken script only fails its own effect.
    pub fn with_scripts_lenient(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> CardLibrary {
        Self::build(defs, sources, true).expect("lenient builds do not fail")
    }

    fn build(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
        lenient: bool,
    ) -> Result<CardLibrary, ScriptError> {
        let cards: BTreeMap<CardId, CardDef> =
            defs.into_iter().map(|d| (d.id.clone(), d)).collect();
        let mut h = Sha256::new();
        for d in cards.values() {
            h.update(serde_json::to_vec(d).expect("card definitions serialise"));
            h.update(b"\n");
        }
        for (pack, files) in &sources.files {
            for (path, src) in files {
                h.update(format!("{pack}/{path}\n").as_bytes());
                h.update(src.as_bytes());
                h.update(b"\n");
            }
        }
        let hash = hex(&h.finalize());
        let scripts = ScriptHost::build(cards.values(), sources, lenient)?;
        Ok(CardLibrary(Arc::new(Inner {
            cards,
            hash,
            scripts,
        })))
    }

    /// The compiled scripts.
    pub fn scripts(&self) -> &ScriptHost {
        &self.0.scripts
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
