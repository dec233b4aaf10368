//! `ScriptHost`'s lookups: a definition's compiled effects by index or card id, its
//! constants and the modifier kinds they may give, the keywords, the engine.

use rhai::Engine;

use super::host::{CompiledEffect, ScriptError, ScriptHost, ScriptSources};

impl ScriptHost {
    /// The error a strict build of the same scripts stops at (`None` from a strict build,
    /// and from a lenient one that took no fallback): the first broken script, missing
    /// file, unknown label of a scripted effect or pack vocabulary that does not compile,
    /// in build order. Lets `db build` skip a second, strict build.
    pub fn strict_error(&self) -> Option<&ScriptError> {
        self.strict_error.as_ref()
    }

    /// The packs' keywords, timing labels and phrases this host's card texts were read
    /// with.
    pub fn vocabulary(&self) -> &dsl::Vocabulary {
        &self.vocab
    }

    /// The compiled effects of the definition at `index` (the library's index,
    /// `CardLibrary::index_of`), as [`ScriptHost::effects_of`].
    pub fn effects_at(&self, index: u32) -> Option<&[CompiledEffect]> {
        let n = (*self.by_def.get(index as usize)?)?;
        Some(self.lists[n as usize].as_slice())
    }

    /// The set of the triggers ([`super::Trigger::bit`]) of the effects of the definition
    /// at `index` (0: none, or no script).
    pub(crate) fn trigger_bits_at(&self, index: u32) -> u64 {
        match self.by_def.get(index as usize) {
            Some(&Some(n)) => self.trigger_bits[n as usize],
            _ => 0,
        }
    }

    /// The kinds of modifier the constant effects of the definition at `index` may give,
    /// and whether they read the step (0: none, or no script).
    pub(crate) fn constant_kinds_at(&self, index: u32) -> u16 {
        self.kinds_by_def.get(index as usize).copied().unwrap_or(0)
    }

    /// [`ScriptHost::effects_at`], for a definition with at least one constant effect
    /// (`None` otherwise).
    pub(crate) fn constants_at(&self, index: u32) -> Option<&[CompiledEffect]> {
        let n = (*self.by_def.get(index as usize)?)? as usize;
        self.constant_lists[n].then(|| self.lists[n].as_slice())
    }

    /// The compiled effects of a card (`None`: the card has no script at all).
    pub fn effects_of(&self, card: &str) -> Option<&[CompiledEffect]> {
        self.effects
            .get(card)
            .map(|&n| self.lists[n as usize].as_slice())
    }

    /// Effect `effect` of `card`: a printed effect, or a keyword's effect
    /// (`keywords::KEYWORD_EFFECT_BASE` and up).
    pub fn effect(&self, card: &str, effect: u32) -> Option<&CompiledEffect> {
        if effect >= super::keywords::KEYWORD_EFFECT_BASE {
            return self.keywords.effect(effect);
        }
        self.effects_of(card).and_then(|v| v.get(effect as usize))
    }

    /// Whether any effect exists: a card's own, or a declared keyword's.
    pub fn has_effects(&self) -> bool {
        !self.effects.is_empty() || self.keywords.list.iter().any(|k| !k.effects.is_empty())
    }

    /// The keywords the packs declared, compiled.
    pub fn keywords(&self) -> &super::keywords::Keywords {
        &self.keywords
    }

    /// Whether any script of the library may stop for a decision.
    pub fn any_may_ask(&self) -> bool {
        self.any_may_ask
    }

    /// A host with no scripts.
    pub fn empty() -> ScriptHost {
        ScriptHost::build(
            std::iter::empty(),
            &ScriptSources::default(),
            &[],
            true,
            None,
        )
        .expect("no scripts, no errors")
    }

    /// The engine (for metadata export and benchmarks).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }
}
