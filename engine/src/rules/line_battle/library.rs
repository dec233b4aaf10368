//! The cards of a line-battle game: creatures and masters from `carddb::CardDef`s, the
//! packs' script files, a content hash, and the compiled effects (compiled once per
//! thread that plays: rhai's compiled scripts are not `Send`).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use carddb::{CardDef, CardId, CardKind, CreatureStats};
use sha2::{Digest, Sha256};

use super::script::{self, Compiled};
use crate::core::event::hex;
use crate::script::{ScriptError, ScriptSources};

#[derive(Debug)]
struct Inner {
    cards: BTreeMap<CardId, CardDef>,
    sources: ScriptSources,
    hash: String,
}

thread_local! {
    static COMPILED: RefCell<BTreeMap<String, Rc<Compiled>>> = const { RefCell::new(BTreeMap::new()) };
}

/// The creature and master definitions of a game, shared and cheap to clone (`Send + Sync`).
#[derive(Debug, Clone)]
pub struct LineLibrary(Arc<Inner>);

impl LineLibrary {
    /// A library from definitions (a later definition with the same id replaces an
    /// earlier) and the packs' files (`script_file`s, `phrases/*.yaml`).
    /// Every script is compiled now. Errors ([`ScriptError`]): a rhai syntax error with its
    /// place, a missing script file, an unknown timing label (`UnknownTiming`, naming the
    /// card and effect), or a phrase file that does not read. A card text the phrases do
    /// not cover is no error: that effect logs `EffectInert` when it fires.
    pub fn new(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> Result<LineLibrary, ScriptError> {
        Self::build(defs, sources, false)
    }

    /// [`LineLibrary::new`], but a script with a syntax error only makes its own effect
    /// inert (logged with the error when it fires). Errors: a missing script file, an
    /// unknown timing label, a phrase file that does not read.
    pub fn lenient(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
    ) -> Result<LineLibrary, ScriptError> {
        Self::build(defs, sources, true)
    }

    fn build(
        defs: impl IntoIterator<Item = CardDef>,
        sources: &ScriptSources,
        lenient: bool,
    ) -> Result<LineLibrary, ScriptError> {
        let cards: BTreeMap<CardId, CardDef> =
            defs.into_iter().map(|d| (d.id.clone(), d)).collect();
        let mut h = Sha256::new();
        crate::script::hash_content(&mut h, cards.values(), sources);
        let hash = hex(&h.finalize());
        let compiled = Rc::new(script::compile(cards.values(), sources, lenient)?);
        COMPILED.with(|m| m.borrow_mut().insert(hash.clone(), compiled));
        Ok(LineLibrary(Arc::new(Inner {
            cards,
            sources: sources.clone(),
            hash,
        })))
    }

    /// The compiled effects on this thread (compiled at most once per thread).
    pub fn compiled(&self) -> Rc<Compiled> {
        if let Some(c) = COMPILED.with(|m| m.borrow().get(&self.0.hash).cloned()) {
            return c;
        }
        let c = Rc::new(
            script::compile(self.0.cards.values(), &self.0.sources, true)
                .expect("lenient compiles fail only on what the build checked"),
        );
        COMPILED.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() > 64 {
                m.clear();
            }
            m.insert(self.0.hash.clone(), c.clone());
        });
        c
    }

    /// The definition of `id`.
    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.0.cards.get(id)
    }

    /// A creature's AT, DF, SH and lines; `None` for an unknown id or another kind.
    pub fn creature(&self, id: &str) -> Option<&CreatureStats> {
        self.get(id)
            .filter(|d| d.kind == CardKind::Creature)
            .and_then(|d| d.creature.as_ref())
    }

    /// The card's English name (its id when unknown).
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.get(id).map_or(id, |d| d.name.as_str())
    }

    /// Hex SHA-256 over every definition's JSON in id order and every pack file.
    pub fn hash(&self) -> &str {
        &self.0.hash
    }

    /// Every definition, in id order.
    pub fn cards(&self) -> impl Iterator<Item = &CardDef> {
        self.0.cards.values()
    }

    /// Every effect that cannot act, with the reason (text the phrases do not cover, a call
    /// the script API does not have), in card-id order: what `lint` and `coverage` report.
    pub fn gaps(&self) -> Vec<(CardId, u32, String)> {
        let c = self.compiled();
        self.cards()
            .flat_map(|d| {
                c.effects_of(&d.id).iter().filter_map(|e| {
                    e.script
                        .as_ref()
                        .err()
                        .map(|why| (d.id.clone(), e.index, why.clone()))
                })
            })
            .collect()
    }

    /// The packs' files the library was built with.
    pub fn sources(&self) -> &ScriptSources {
        &self.0.sources
    }
}
