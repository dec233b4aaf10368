//! The card library a game reads its card definitions from: a shared, immutable map
//! card id → [`CardDef`], with a content hash that replays and saves are checked against,
//! and the compiled effect scripts (compiled once per library).
//!
//! The library is `Send + Sync` (games on many threads share it). rhai's compiled scripts
//! are not thread-safe without its `sync` feature (≈ 30 % slower loops), so the library
//! holds the sources, validates them when it is built, and compiles them once per thread
//! that plays (a per-thread cache keyed by the library hash; [`CardLibrary::scripts`]).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use carddb::{CardDef, CardId, LevelRow};
use sha2::{Digest, Sha256};

use crate::core::event::hex;
use crate::rules::battle_spirits::script::host::GeneratedCache;
use crate::rules::battle_spirits::script::support::KeywordRules;
use crate::rules::battle_spirits::script::{ScriptError, ScriptHost, ScriptSources};

#[derive(Debug, Clone)]
struct Inner {
    /// The definitions in id order; a card's place here is its index (hot
    /// queries index, never compare id strings).
    defs: Vec<CardDef>,
    /// What a view shows of each definition, shared, in the order of `defs`.
    faces: Vec<CardFace>,
    /// card id → index in `defs`.
    index: BTreeMap<CardId, u32>,
    hash: String,
    sources: ScriptSources,
    lenient: bool,
    /// Keywords that have rules: Burst (BS-10) and those the packs declare.
    keywords: KeywordRules,
    /// The packs' keyword declarations.
    declared: Vec<carddb::LoadedKeyword>,
    /// The rhai written from card text, shared by the builds on every thread.
    generated: Arc<GeneratedCache>,
    /// What a strict build would have failed with ([`CardLibrary::strict_error`]).
    strict_error: Option<ScriptError>,
}

/// What a player's view shows of a card definition: its id, name and level table, shared
/// so that a view clones pointers, not strings (the greedy player reads a view
/// for most of its decisions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFace {
    /// The card definition id.
    pub id: Arc<str>,
    /// The card name (English).
    pub name: Arc<str>,
    /// The level table (BS-5.1).
    pub levels: Arc<[LevelRow]>,
}

impl CardFace {
    fn of(d: &CardDef) -> CardFace {
        CardFace {
            id: d.id.as_str().into(),
            name: d.name.as_str().into(),
            levels: d.levels.as_slice().into(),
        }
    }
}

thread_local! {
    /// Compiled scripts per (library hash, lenient), on this thread.
    static HOSTS: RefCell<HashMap<(String, bool), Rc<ScriptHost>>> = RefCell::new(HashMap::new());
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
        Self::build(defs, &ScriptSources::default(), &[], true).expect("lenient builds do not fail")
    }

    /// A library with the keywords packs declare (`carddb::Catalogue::keywords`): their
    /// effects run on every card that has them. Script files of cards and
    /// keywords come from `sources`. Errors as [`CardLibrary::with_scripts`]; `lenient`: a
    /// broken script only fails its own effect.
    pub fn with_keywords(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
        keywords: &[carddb::LoadedKeyword],
        lenient: bool,
    ) -> Result<CardLibrary, ScriptError> {
        Self::build(defs, sources, keywords, lenient)
    }

    /// A library whose scripts (inline, or `script_file` from `sources`) are all compiled
    /// now, once. Errors: [`ScriptError`] — a syntax error with file, line and column, a
    /// missing script file, a failing pack `lib/` module, an unknown timing label.
    pub fn with_scripts(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> Result<CardLibrary, ScriptError> {
        Self::build(defs, sources, &[], false)
    }

    /// [`CardLibrary::with_scripts`], but a broken script only fails its own effect.
    pub fn with_scripts_lenient(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> CardLibrary {
        Self::build(defs, sources, &[], true).expect("lenient builds do not fail")
    }

    fn build(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
        declared: &[carddb::LoadedKeyword],
        lenient: bool,
    ) -> Result<CardLibrary, ScriptError> {
        let cards: BTreeMap<CardId, CardDef> =
            defs.into_iter().map(|d| (d.id.clone(), d)).collect();
        let mut h = Sha256::new();
        crate::script::hash_content(&mut h, cards.values(), sources);
        for k in declared {
            h.update(format!("keyword\0{}\0{}\n", k.pack, k.file).as_bytes());
            h.update(serde_json::to_vec(&k.def).expect("keyword declarations serialise"));
        }
        let hash = hex(&h.finalize());
        // Compile (and validate) now, once; the result is cached for this thread.
        let generated = Arc::new(GeneratedCache::default());
        let host = Rc::new(ScriptHost::build(
            cards.values(),
            sources,
            declared,
            lenient,
            Some(&generated),
        )?);
        let keywords = KeywordRules::declared(declared);
        let strict_error = host.strict_error().cloned();
        HOSTS.with(|m| m.borrow_mut().insert((hash.clone(), lenient), host));
        let index = cards
            .keys()
            .zip(0u32..)
            .map(|(id, i)| (id.clone(), i))
            .collect();
        let faces = cards.values().map(CardFace::of).collect();
        Ok(CardLibrary(Arc::new(Inner {
            faces,
            defs: cards.into_values().collect(),
            index,
            hash,
            sources: sources.clone(),
            lenient,
            keywords,
            declared: declared.to_vec(),
            generated,
            strict_error,
        })))
    }

    /// The compiled scripts, compiled once per thread (already validated at build).
    pub fn scripts(&self) -> Rc<ScriptHost> {
        let key = (self.0.hash.clone(), self.0.lenient);
        if let Some(h) = HOSTS.with(|m| m.borrow().get(&key).cloned()) {
            return h;
        }
        let host = Rc::new(
            ScriptHost::build(
                self.0.defs.iter(),
                &self.0.sources,
                &self.0.declared,
                true,
                Some(&self.0.generated),
            )
            .expect("lenient builds do not fail"),
        );
        HOSTS.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() > 256 {
                m.clear();
            }
            m.insert(key, host.clone());
        });
        host
    }

    /// The error [`CardLibrary::with_keywords`] with `lenient: false` returns for the same
    /// cards, sources and keywords, when this library was built leniently and took a
    /// fallback (a broken script, a missing script file, an unknown timing label of a
    /// scripted effect, pack labels or phrases that do not compile); `None` otherwise.
    /// `db build` reads it instead of building the library a second time.
    pub fn strict_error(&self) -> Option<&ScriptError> {
        self.0.strict_error.as_ref()
    }

    /// The keywords whose rules this library's games have (case-insensitive; Burst, BS-10,
    /// unless [`CardLibrary::with_keyword_rules`] said otherwise). An effect naming another
    /// keyword has a gap (`script::support`).
    pub fn keyword_rules(&self) -> &KeywordRules {
        &self.0.keywords
    }

    /// This library with `keywords` as the keywords that have rules (for a pack that
    /// defines keywords). The cards and scripts are unchanged.
    pub fn with_keyword_rules(self, keywords: KeywordRules) -> CardLibrary {
        let mut inner = Arc::unwrap_or_clone(self.0);
        inner.keywords = keywords;
        CardLibrary(Arc::new(inner))
    }

    /// The keyword declarations the library was built with.
    pub fn declared_keywords(&self) -> &[carddb::LoadedKeyword] {
        &self.0.declared
    }

    /// The script sources the library was built with.
    pub fn sources(&self) -> &ScriptSources {
        &self.0.sources
    }

    /// The definition of `id`.
    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.0.index.get(id).map(|&i| &self.0.defs[i as usize])
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
        self.0.defs.len()
    }

    /// Whether the library is empty.
    pub fn is_empty(&self) -> bool {
        self.0.defs.is_empty()
    }

    /// Every definition, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        self.0.defs.iter()
    }

    /// The index of definition `id` (its place in id order), for [`CardLibrary::at`].
    pub fn index_of(&self, id: &str) -> Option<u32> {
        self.0.index.get(id).copied()
    }

    /// The definition at `index` ([`CardLibrary::index_of`]); panics when out of range.
    pub fn at(&self, index: u32) -> &CardDef {
        &self.0.defs[index as usize]
    }

    /// What a view shows of the definition at `index` ([`CardLibrary::index_of`]); panics
    /// when out of range.
    pub fn face_at(&self, index: u32) -> &CardFace {
        &self.0.faces[index as usize]
    }
}
