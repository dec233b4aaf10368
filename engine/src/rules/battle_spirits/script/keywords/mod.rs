//! Keywords declared by packs: their effects compiled once, and which keywords
//! a card has now — printed (at the levels and timing printed with it) or gained from a
//! modifier. A keyword's effects run as effects of the card that has it; the engine names
//! no keyword (Burst's rules are its own, BS-10).
//!
//! Which keywords a card has now is read in `held.rs`.
//!
//! Effect numbers: a card's printed effects are `0..n`; keyword `k`'s effect `j` is
//! `KEYWORD_EFFECT_BASE + k * KEYWORD_EFFECT_STRIDE + j` on every card that has it.

use std::collections::BTreeMap;
use std::rc::Rc;

use carddb::keyword::{EffectZone, ValueKind};
use carddb::{KeywordValue, LoadedKeyword};
use rhai::{Dynamic, Engine};

use super::hooks::{self, Trigger};
use super::host::{ASKING, CompiledEffect, ScriptError, ScriptOrigin, ScriptSources};
use super::keyword_values::{parse_value, value_dynamic};
use super::run::whose_ok;
use super::state::ModKind;
use crate::core::ids::InstanceId;
use crate::rules::battle_spirits::Game;

mod held;
pub use held::HeldKeyword;

/// The first effect number of keyword effects.
pub const KEYWORD_EFFECT_BASE: u32 = 1 << 20;
/// Effect numbers per keyword.
pub const KEYWORD_EFFECT_STRIDE: u32 = 256;

/// A declared keyword, ready to run.
#[derive(Debug, Clone)]
pub struct CompiledKeyword {
    /// The name as declared (as printed on cards).
    pub name: String,
    /// What a card writes after the name.
    pub value: ValueKind,
    /// Its effects; `zones[j]` says where the card must be for effect `j`.
    pub effects: Vec<CompiledEffect>,
    pub zones: Vec<EffectZone>,
    /// Whether its rules are the engine's (`engine: true`).
    pub engine: bool,
    /// Whether one of its effects works on the field with a constant timing (BS-8.1): only
    /// such a keyword adds to the constants.
    pub field_constant: bool,
}

/// The keywords of a library, by lower-case name.
#[derive(Debug, Clone, Default)]
pub struct Keywords {
    pub list: Vec<CompiledKeyword>,
    pub by_key: BTreeMap<String, usize>,
    /// Any keyword effect is constant / triggered / may ask.
    pub any_constant: bool,
    /// The kinds of modifier keyword effects with a constant timing may give (read from
    /// their sources, `constants::kinds_named_in`).
    pub constant_kinds: u16,
    pub any_triggered: bool,
    pub any_may_ask: bool,
    /// Every (zone, trigger) of any keyword effect, once each: a hook no keyword effect
    /// waits for skips reading which keywords each card has.
    pub triggers: Vec<(EffectZone, Trigger)>,
    /// The bit of each of `triggers` ([`Trigger::bit`]), read without working it out
    /// again on every hook.
    pub trigger_bits: Vec<u64>,
    /// Per zone (`EffectZone as usize`): the set of those triggers ([`Trigger::bit`]).
    pub zone_bits: [u64; 3],
}

impl Keywords {
    /// Whether an effect of some keyword, working in `zone`, may have a trigger of the set
    /// `bits` ([`Trigger::bit`]).
    pub fn may_trigger(&self, zone: EffectZone, bits: u64) -> bool {
        self.zone_bits[zone as usize] & bits != 0
    }

    /// The keyword effect with number `effect` (`None` below the base or unknown).
    pub fn effect(&self, effect: u32) -> Option<&CompiledEffect> {
        let (k, j) = split(effect)?;
        self.list.get(k)?.effects.get(j)
    }

    /// The keyword an effect number belongs to.
    pub fn of_effect(&self, effect: u32) -> Option<(usize, &CompiledKeyword)> {
        let (k, _) = split(effect)?;
        self.list.get(k).map(|kw| (k, kw))
    }

    /// How a log names effect `effect` of a card: `Keyword Feast effect 0` for the first
    /// effect of the Feast keyword (its number is `KEYWORD_EFFECT_BASE` + …), else
    /// `Effect N` for the card's own effect `N`.
    pub fn effect_name(&self, effect: u32) -> String {
        match (self.of_effect(effect), split(effect)) {
            (Some((_, kw)), Some((_, j))) => format!("Keyword {} effect {j}", kw.name),
            _ => format!("Effect {effect}"),
        }
    }

    /// For a card definition: whether an effect of one of its printed keywords may ask, and
    /// how many triggered effects they give it (step snapshots and BS-8.4 ordering count
    /// them as the card's own).
    pub fn of_card(&self, d: &carddb::CardDef) -> (bool, u32) {
        let (mut asks, mut n) = (false, 0);
        for kw in d.keywords.iter().filter_map(|k| self.index(&k.name)) {
            for e in self.list[kw].effects.iter().filter(|e| e.script.is_ok()) {
                asks |= e.may_ask;
                if e.triggers
                    .iter()
                    .any(|t| !t.is_constant() && !matches!(t, Trigger::Main | Trigger::Flash))
                {
                    n += 1;
                }
            }
        }
        (asks, n)
    }

    /// The index of keyword `name` (case-insensitive).
    pub fn index(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        if name
            .bytes()
            .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
        {
            // Already a key: no lower-case copy to make.
            return self.by_key.get(name).copied();
        }
        self.by_key.get(&name.to_lowercase()).copied()
    }

    /// For the step snapshots (mid-script choices): whether an effect of keyword `name`
    /// may ask, and how many of its effects are triggered (they may become due with
    /// others, BS-8.4).
    pub fn asking(&self, name: &str) -> (bool, u32) {
        let Some(kw) = self.index(name).map(|i| &self.list[i]) else {
            return (false, 0);
        };
        let ok = || kw.effects.iter().filter(|e| e.script.is_ok());
        let triggered = ok()
            .filter(|e| {
                e.standing
                    || e.triggers
                        .iter()
                        .any(|t| !t.is_constant() && !matches!(t, Trigger::Main | Trigger::Flash))
            })
            .count() as u32;
        (ok().any(|e| e.may_ask), triggered)
    }
}

fn split(effect: u32) -> Option<(usize, usize)> {
    let i = effect.checked_sub(KEYWORD_EFFECT_BASE)?;
    Some((
        (i / KEYWORD_EFFECT_STRIDE) as usize,
        (i % KEYWORD_EFFECT_STRIDE) as usize,
    ))
}

/// The effect number of keyword `k`'s effect `j`.
pub fn effect_number(k: usize, j: usize) -> u32 {
    KEYWORD_EFFECT_BASE + k as u32 * KEYWORD_EFFECT_STRIDE + j as u32
}

/// Compiles the effects of `keywords` (a later declaration of a name replaces an earlier
/// one: packs overlay in load order). Script files come from the declaring pack.
///
/// Errors (not `lenient`): an unknown timing label, a missing script file, a syntax error —
/// each naming the pack file. `lenient`: the effect fails when it fires instead.
pub fn compile(
    engine: &Engine,
    sources: &ScriptSources,
    keywords: &[LoadedKeyword],
    lenient: bool,
    watched: &mut std::collections::BTreeSet<super::state::WatchKind>,
    vocab: &dsl::Vocabulary,
    strict_error: &mut Option<ScriptError>,
) -> Result<Keywords, ScriptError> {
    let mut out = Keywords::default();
    for lk in keywords {
        let d = &lk.def;
        let mut effects = Vec::new();
        let mut zones = Vec::new();
        for (j, e) in d.effects.iter().enumerate() {
            let origin = ScriptOrigin::File {
                pack: lk.pack.clone(),
                path: format!("{}#effects[{j}]", lk.file),
            };
            let mut unknown = None;
            let triggers = match e.timing.as_deref() {
                None => vec![Trigger::Constant],
                // An engine label, or one a pack declared.
                Some(label) => match super::vocab::label_triggers(label, vocab) {
                    Some(t) => t,
                    // Lenient: checked where constants are read, so it is logged
                    // (`EffectFailed`) rather than never firing unseen.
                    None if lenient => {
                        strict_error.get_or_insert_with(|| ScriptError::Module {
                            origin: origin.clone(),
                            message: format!("unknown timing {label:?}"),
                        });
                        unknown = Some(format!("{origin}: unknown timing {label:?}"));
                        vec![Trigger::Constant]
                    }
                    None => {
                        return Err(ScriptError::Module {
                            origin,
                            message: format!("unknown timing {label:?}"),
                        });
                    }
                },
            };
            let triggers = if e.steps.is_empty() {
                triggers
            } else {
                e.steps
                    .iter()
                    .map(|s| match s {
                        carddb::Step::Main => Trigger::Main,
                        _ => Trigger::Flash,
                    })
                    .collect()
            };
            let (src, origin) = match (&e.script, &e.script_file) {
                (Some(s), _) => (Some(s.clone()), origin),
                (None, Some(path)) => {
                    let origin = ScriptOrigin::File {
                        pack: lk.pack.clone(),
                        path: path.clone(),
                    };
                    let src = sources.files.get(&lk.pack).and_then(|f| f.get(path));
                    (src.cloned(), origin)
                }
                (None, None) => (None, origin),
            };
            let script = match src {
                None if lenient => {
                    strict_error.get_or_insert_with(|| ScriptError::Module {
                        origin: origin.clone(),
                        message: "the keyword effect's script is missing".into(),
                    });
                    Err(format!("{origin}: no script"))
                }
                None => {
                    return Err(ScriptError::Module {
                        origin,
                        message: "the keyword effect's script is missing".into(),
                    });
                }
                Some(src) => {
                    // A keyword effect under a `while` label applies while its state holds.
                    let src = super::vocab::under_label(e.timing.as_deref(), vocab, src);
                    match engine.compile(crate::script::sandbox::imports_into_closures(&src)) {
                        Ok(mut ast) => {
                            ast.set_source(format!("{}:{}", lk.pack, origin));
                            Ok((Rc::new(ast), src))
                        }
                        Err(err) if lenient => {
                            let e = crate::script::syntax(&origin, &err);
                            let message = e.to_string();
                            strict_error.get_or_insert(e);
                            Err(message)
                        }
                        Err(err) => return Err(crate::script::syntax(&origin, &err)),
                    }
                }
            };
            let script = match unknown {
                Some(why) => Err(why),
                None => script,
            };
            let mut reads = 0;
            let mut reads_summoning = false;
            let (script, may_ask, standing) = match script {
                Ok((ast, src)) => {
                    reads = super::constants::reads_named_in(&src);
                    reads_summoning = super::host::reads_paying(&src);
                    super::host::scan_watched(&src, watched);
                    if triggers.iter().any(|t| t.is_constant()) {
                        out.constant_kinds |= super::constants::kinds_of(&triggers, &src);
                    }
                    (
                        Ok(ast),
                        ASKING.iter().any(|w| src.contains(w)),
                        triggers.iter().any(|t| t.is_constant()) && src.contains("when("),
                    )
                }
                Err(e) => (Err(e), false, false),
            };
            out.any_constant |= triggers.iter().any(|t| t.is_constant());
            out.any_triggered |= standing
                || triggers
                    .iter()
                    .any(|t| !t.is_constant() && !matches!(t, Trigger::Main | Trigger::Flash));
            out.any_may_ask |= may_ask;
            effects.push(CompiledEffect {
                triggers,
                levels: vec![],
                zone: e.zone,
                script,
                may_ask,
                origin: Some(origin),
                standing,
                inert: None,
                reads_summoning,
                reads,
                calls: Default::default(),
            });
            zones.push(e.zone);
        }
        let kw = CompiledKeyword {
            name: d.name.clone(),
            value: d.value,
            effects,
            field_constant: false,
            zones,
            engine: d.engine,
        };
        match out.by_key.get(&d.key()) {
            Some(&i) => out.list[i] = kw,
            None => {
                out.by_key.insert(d.key(), out.list.len());
                out.list.push(kw);
            }
        }
    }
    for kw in &mut out.list {
        kw.field_constant = (kw.effects.iter().zip(&kw.zones))
            .any(|(e, z)| *z == EffectZone::Field && e.triggers.iter().any(|t| t.is_constant()));
    }
    for kw in &out.list {
        for (e, z) in kw.effects.iter().zip(&kw.zones) {
            for t in &e.triggers {
                if !out.triggers.contains(&(*z, *t)) {
                    out.triggers.push((*z, *t));
                    out.trigger_bits.push(t.bit());
                }
                out.zone_bits[*z as usize] |= t.bit();
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effect_numbers_round_trip() {
        assert_eq!(split(effect_number(3, 2)), Some((3, 2)));
        assert_eq!(split(7), None);
    }

    #[test]
    fn a_keyword_effect_is_named_by_its_keyword() {
        let kw = CompiledKeyword {
            name: "Feast".into(),
            value: ValueKind::None,
            effects: Vec::new(),
            zones: Vec::new(),
            engine: false,
            field_constant: false,
        };
        let ks = Keywords {
            list: vec![kw],
            ..Keywords::default()
        };
        assert_eq!(
            ks.effect_name(effect_number(0, 1)),
            "Keyword Feast effect 1"
        );
        assert_eq!(ks.effect_name(2), "Effect 2");
        assert_eq!(
            ks.effect_name(effect_number(5, 0)),
            "Effect 1049856",
            "no such keyword"
        );
    }
}
