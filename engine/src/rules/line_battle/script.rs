//! Card effects of the line battle: the timing labels of the contract (LB-0.3, LB-1.2,
//! LB-2.2, LB-3.1, LB-4.6, LB-5.1), and every effect compiled once with the sandbox —
//! a card's `script`/`script_file`, or its English text read by the pack's phrases
//! (`phrases/*.yaml`, through `dsl::Vocabulary`) into rhai.

use std::collections::BTreeMap;
use std::rc::Rc;

use carddb::{CardDef, CardId};
use rhai::{AST, Engine};
use serde::{Deserialize, Serialize};

use crate::script::{ScriptError, ScriptOrigin, ScriptSources};

/// When an effect works (the `timing:` field, case-insensitive; aliases in [`Timing::from_label`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// LB-0.3: the creature enters a line from the hand.
    WhenPlayed,
    /// LB-1.2: its attack order is given.
    WhenOrdered,
    /// LB-2.2: it is the target of a performed attack (a creature, or a master card attacked).
    WhenAttacked,
    /// LB-3.1: its battle starts (attacker and defender).
    WhenBattles,
    /// LB-4.6: after damage calculation, for every creature whose battle was checked (also
    /// one that lost, before it goes to the graveyard) and every attacker that reached the
    /// master.
    WhenBattleSucceeds,
    /// LB-5.1: the end of battle, for creatures that took part and are still on the field.
    EndOfBattle,
    /// LB-0.3: the owner's start phase.
    StartPhase,
}

const LABELS: &[(&str, Timing)] = &[
    ("when played", Timing::WhenPlayed),
    ("when ordered to attack", Timing::WhenOrdered),
    ("when attacks", Timing::WhenOrdered),
    ("when goes to attack", Timing::WhenOrdered),
    ("when attacked", Timing::WhenAttacked),
    ("when targeted by an attack", Timing::WhenAttacked),
    ("when battles", Timing::WhenBattles),
    ("when battle succeeds", Timing::WhenBattleSucceeds),
    ("when attack succeeds", Timing::WhenBattleSucceeds),
    ("at end of battle", Timing::EndOfBattle),
    ("after battle", Timing::EndOfBattle),
    ("start phase", Timing::StartPhase),
];

impl Timing {
    /// The timing of a printed label, case-insensitive, parentheses and extra spaces
    /// ignored (`(When Attacks)` → `WhenOrdered`); `None` for an unknown label.
    pub fn from_label(label: &str) -> Option<Timing> {
        let t = label.trim().trim_start_matches('(').trim_end_matches(')');
        let norm = t.split_whitespace().collect::<Vec<_>>().join(" ");
        LABELS
            .iter()
            .find(|(l, _)| l.eq_ignore_ascii_case(&norm))
            .map(|(_, t)| *t)
    }

    /// The main printed label.
    pub fn label(self) -> &'static str {
        match self {
            Timing::WhenPlayed => "When Played",
            Timing::WhenOrdered => "When Ordered to Attack",
            Timing::WhenAttacked => "When Attacked",
            Timing::WhenBattles => "When Battles",
            Timing::WhenBattleSucceeds => "When Battle Succeeds",
            Timing::EndOfBattle => "At End of Battle",
            Timing::StartPhase => "Start Phase",
        }
    }
}

/// One effect of a card, ready to run.
#[derive(Debug, Clone)]
pub struct LineEffect {
    /// The effect's index on its card.
    pub index: u32,
    /// When it works.
    pub timing: Timing,
    /// The compiled script, or why it cannot act (logged as `EffectInert` when it fires).
    pub script: Result<Rc<AST>, String>,
    /// Whether it may ask a question (`choose_target`, `may`): then the game keeps the
    /// state before it, to re-run it with the answers.
    pub may_ask: bool,
    /// Where the source came from.
    pub origin: ScriptOrigin,
    /// The rhai source that runs (written by the phrases for a text effect).
    pub source: String,
}

/// The compiled effects of a library and the sandboxed engine that runs them.
pub struct Compiled {
    pub(crate) engine: Engine,
    effects: BTreeMap<CardId, Vec<LineEffect>>,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled")
            .field("cards", &self.effects.len())
            .finish()
    }
}

impl Compiled {
    /// The effects of `card` (empty when it has none).
    pub fn effects_of(&self, card: &str) -> &[LineEffect] {
        self.effects.get(card).map_or(&[], |v| v.as_slice())
    }

    /// Effect `index` of `card`.
    pub fn effect(&self, card: &str, index: u32) -> Option<&LineEffect> {
        self.effects_of(card).iter().find(|e| e.index == index)
    }
}

/// The sandboxed engine with the line battle's script API.
pub fn engine() -> Engine {
    let mut e = crate::script::sandboxed_engine();
    super::api::register(&mut e);
    e
}

/// The pack phrases (`phrases/*.yaml` of every pack, packs in name order) as the text
/// grammar's vocabulary. Errors: a file that does not read or a phrase that does not compile.
pub fn vocabulary(sources: &ScriptSources) -> Result<dsl::Vocabulary, ScriptError> {
    let mut phrases = Vec::new();
    for (pack, files) in &sources.files {
        for (path, text) in files.iter().filter(|(p, _)| p.starts_with("phrases/")) {
            let items =
                carddb::lang::parse_items::<carddb::lang::PhraseDef>(text).map_err(|m| {
                    ScriptError::Module {
                        origin: ScriptOrigin::File {
                            pack: pack.clone(),
                            path: path.clone(),
                        },
                        message: m,
                    }
                })?;
            phrases.extend(items.into_iter().map(|p| dsl::vocab::PhraseEntry {
                template: p.template,
                rhai: p.rhai,
                whole_effect: p.whole_effect,
            }));
        }
    }
    // Quiet: a card's error quotes the words not understood, never a did-you-mean.
    dsl::Vocabulary::new(Vec::new(), Vec::new(), phrases)
        .map(dsl::Vocabulary::quiet)
        .map_err(|es| ScriptError::Module {
            origin: ScriptOrigin::File {
                pack: String::new(),
                path: "phrases/".into(),
            },
            message: es
                .iter()
                .map(|e| e.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
        })
}

/// Compiles every effect of `cards`. Errors: see [`super::library::LineLibrary::new`].
/// `lenient`: a script with a syntax error only makes its own effect inert (with the error)
/// instead of failing the whole library.
pub fn compile<'a>(
    cards: impl IntoIterator<Item = &'a CardDef>,
    sources: &ScriptSources,
    lenient: bool,
) -> Result<Compiled, ScriptError> {
    let engine = engine();
    let vocab = vocabulary(sources)?;
    let known = crate::script::calls::registered_names(&engine);
    let mut effects = BTreeMap::new();
    for def in cards {
        let mut list = Vec::new();
        for (i, e) in def.effects.iter().enumerate() {
            let index = i as u32;
            let label = e.timing.clone().unwrap_or_default();
            let timing = Timing::from_label(&label).ok_or_else(|| ScriptError::UnknownTiming {
                card: def.id.clone(),
                effect: i,
                label: label.clone(),
            })?;
            let (origin, source) = source_of(def, i, e, sources, &vocab)?;
            let script = match source {
                Err(reason) => Err(reason),
                Ok(src) => match engine.compile(&src) {
                    Err(err) => {
                        let e = crate::script::syntax(&origin, &err);
                        if !lenient {
                            return Err(e);
                        }
                        Err(e.to_string())
                    }
                    Ok(ast) => match crate::script::calls::unknown_calls(&ast, &known).first() {
                        Some(f) => Err(format!(
                            "it calls `{}`, which the line battle's script API does not have",
                            f.name
                        )),
                        None => Ok((Rc::new(ast), src)),
                    },
                },
            };
            let (script, source) = match script {
                Ok((ast, src)) => (Ok(ast), src),
                Err(r) => (Err(r), String::new()),
            };
            list.push(LineEffect {
                index,
                timing,
                may_ask: source.contains("choose_target") || source.contains("may("),
                script,
                origin,
                source,
            });
        }
        if !list.is_empty() {
            effects.insert(def.id.clone(), list);
        }
    }
    Ok(Compiled { engine, effects })
}

type Source = (ScriptOrigin, Result<String, String>);

/// The rhai source of effect `i`: its inline script, its script file, or its English text
/// through the phrases (`Err(reason)` when the text is not understood or absent).
fn source_of(
    def: &CardDef,
    i: usize,
    e: &carddb::Effect,
    sources: &ScriptSources,
    vocab: &dsl::Vocabulary,
) -> Result<Source, ScriptError> {
    if let Some(s) = &e.script {
        let origin = ScriptOrigin::Inline {
            card: def.id.clone(),
            effect: i,
        };
        return Ok((origin, Ok(s.clone())));
    }
    if let Some(path) = &e.script_file {
        let pack = sources.pack_of.get(&def.id).cloned().or_else(|| {
            sources
                .files
                .iter()
                .find(|(_, f)| f.contains_key(path))
                .map(|(p, _)| p.clone())
        });
        let text = pack
            .as_ref()
            .and_then(|p| sources.files.get(p))
            .and_then(|f| f.get(path));
        let Some(text) = text else {
            return Err(ScriptError::MissingFile {
                card: def.id.clone(),
                effect: i,
                pack: pack.unwrap_or_default(),
                path: path.clone(),
            });
        };
        let origin = ScriptOrigin::File {
            pack: pack.unwrap_or_default(),
            path: path.clone(),
        };
        return Ok((origin, Ok(text.clone())));
    }
    let origin = ScriptOrigin::Generated {
        card: def.id.clone(),
        effect: i,
    };
    let Some(text) = e.text.get("en").filter(|t| !t.trim().is_empty()) else {
        return Ok((
            origin,
            Err("the effect has no script and no English text".into()),
        ));
    };
    let out = dsl::parse_en_with(text, vocab);
    if !out.complete {
        let what: Vec<String> = out
            .unparsed
            .iter()
            .map(|u| format!("`{}`", u.text))
            .collect();
        return Ok((
            origin,
            Err(format!(
                "card text not understood by the pack's phrases: {}",
                if what.is_empty() {
                    text.clone()
                } else {
                    what.join(", ")
                }
            )),
        ));
    }
    Ok((origin, Ok(dsl::compile::to_rhai(&out.effect, Some(text)))))
}
