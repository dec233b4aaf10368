//! The rhai host: one sandboxed `Engine` per library (DESIGN principle 5), every effect
//! script compiled once to an `AST` (cached, shared), pack `lib/` modules for `import`,
//! and typed compile errors with file, line and column.

use std::collections::BTreeMap;
use std::rc::Rc;

use carddb::{CardDef, CardId};
use rhai::{AST, Engine};

pub use crate::script::{ScriptError, ScriptOrigin, ScriptSources, limits, sandboxed_engine};
use crate::script::{install_pack_modules, syntax};

use super::hooks::{self, Trigger};
use super::state::WatchKind;

/// One effect of a card, ready to run.
#[derive(Debug, Clone)]
pub struct CompiledEffect {
    /// When it works.
    pub triggers: Vec<Trigger>,
    /// Levels it works at (empty = all; BS level-bound effects).
    pub levels: Vec<u8>,
    /// Where its card must be for it to work (`carddb::EffectZone`; `script::zones`).
    pub zone: carddb::EffectZone,
    /// The compiled script, or why it cannot run (reported when the effect fires).
    pub script: Result<Rc<AST>, String>,
    /// Whether the script may ask a question (chooses, `may`, discards …): then the
    /// engine snapshots before each step so it can resume by re-running (README).
    pub may_ask: bool,
    /// Where the source came from.
    pub origin: Option<ScriptOrigin>,
    /// A constant, step or turn effect whose script calls `when(…)`: it gives standing
    /// watchers while it applies (BS-8.1).
    pub standing: bool,
    /// Why the script does nothing, when it only calls `inert(…)` (card text not
    /// understood, [`dsl::compile::static_inert`]): a constant effect is then not run at
    /// every read, with the same report.
    pub inert: Option<String>,
    /// Whether the script calls `while_summoning` or `while_paying`: its outcome depends on the card whose
    /// cost is being read (`Game::quote_card`, `script::summoning`).
    pub reads_summoning: bool,
    /// What beyond the field the script may read (`constants::reads_named_in`).
    pub reads: u8,
    /// The script's resolved calls, kept between its runs (`script::warm`).
    pub(crate) calls: std::cell::RefCell<rhai::Caches>,
}

/// Functions whose presence in a script means it may stop for a decision.
/// Whether a script reads the card whose cost is being paid (`while_summoning`,
/// `while_paying`, BS-5.2): its outcome depends on it (`Game::quote_card`).
pub(crate) fn reads_paying(src: &str) -> bool {
    src.contains("while_summoning")
        || src.contains("while_paying")
        || src.contains("card_being_paid")
}

pub(crate) const ASKING: &[&str] = &[
    "choose",
    "may",
    "opponent_chooses",
    "discard",
    "move_cores", // the soul core's owner may be asked (rulings C#28, C#171)
    "move_all_cores_but",
    "one_of",
    "import",
    "pay_cost",
];

pub use super::text::{
    generated, generated_with_hook, generated_with_hook_in, parse_text, parse_text_in,
};
pub(crate) use super::text::{is_standing, refine_step_timing, scan_watched};
pub use super::textcache::GeneratedCache;
use super::textcache::{cached_text, prefill_text};

/// The compiled scripts of a library and the sandboxed engine that runs them.
pub struct ScriptHost {
    pub(crate) engine: Engine,
    /// card id → one entry per effect (only cards with at least one script).
    pub(crate) effects: BTreeMap<CardId, u32>,
    /// The effect lists `effects` and `by_def` point into.
    pub(crate) lists: Vec<Vec<CompiledEffect>>,
    /// Per definition, in the order `build` was given them (the library's id order, so
    /// the library's definition index): its list in `lists`, if it has one — found
    /// without comparing strings.
    pub(crate) by_def: Vec<Option<u32>>,
    /// Per list in `lists`: whether it holds a constant effect (`Trigger::is_constant`),
    /// so evaluating the constants skips the cards without one.
    pub(crate) constant_lists: Vec<bool>,
    /// Per list in `lists`: the set of its effects' triggers ([`Trigger::bit`]), so a hook
    /// skips the cards none of whose effects it may reach.
    pub(crate) trigger_bits: Vec<u64>,
    /// Per definition index: the kinds of modifier its constant effects may give and
    /// whether they read the step (`constants::kinds_of`).
    pub(crate) kinds_by_def: Vec<u16>,
    /// Per definition (as `by_def`): whether an effect of it or of a keyword printed on it
    /// may ask, and how many of them trigger at a timing (`Game::step_may_ask`, BS-8.4).
    pub(crate) asking_by_def: Vec<(bool, u32)>,
    /// Per definition (as `by_def`): whether it is one of `summoning_cards`.
    pub(crate) summoning_by_def: Vec<bool>,
    /// Per definition (as `by_def`): for each printed keyword, its index among the
    /// declared keywords (`Keywords::index`), looked up once.
    pub(crate) printed_keywords_by_def: Vec<Vec<Option<u32>>>,
    /// The first lenient fallback, as the strict build's error ([`ScriptHost::strict_error`]).
    pub(crate) strict_error: Option<ScriptError>,
    pub(crate) any_may_ask: bool,
    /// Whether any effect is constant (then BP and restrictions consult effects).
    pub(crate) has_constant: bool,
    /// Whether any effect works from the hand or the trash (`script::zones`).
    pub(crate) zone_effects: bool,
    /// Cards with a script calling `while_summoning`/`while_paying`: only with one of them on the field (or being paid) is
    /// a cost read with the card being summoned in view (`Game::quote_card`).
    pub(crate) summoning_cards: std::collections::BTreeSet<CardId>,
    /// Whether a script other than a card effect's (a `lib/` module, a keyword's) names
    /// `while_summoning`/`while_paying`: then a cost read re-evaluates every constant effect
    /// (`script::summoning`).
    pub(crate) summoning_elsewhere: bool,
    /// Cards with an effect that may ask a question.
    pub(crate) asking_cards: std::collections::BTreeSet<CardId>,
    /// Cards with effects that trigger at a timing (not constant, not Main/Flash), with how
    /// many: two such effects due at once make a BS-8.4 ordering decision.
    pub(crate) triggered: BTreeMap<CardId, u32>,
    /// Cards with a [Burst] effect (BS-10.3: activating one is a decision).
    pub(crate) burst_cards: std::collections::BTreeSet<CardId>,
    /// The happenings some script of the library watches (`ev_exhausted(…)` …): only
    /// these are queued when they happen (`Game::watch`).
    pub(crate) watched: std::collections::BTreeSet<WatchKind>,
    /// The packs' keywords, labels and phrases the text grammar read the cards with.
    pub(crate) vocab: dsl::Vocabulary,
    /// The keywords packs declared, compiled.
    pub(crate) keywords: super::keywords::Keywords,
    /// `can_use()`, compiled once: evaluated with an activated effect's functions
    /// (`Game::usable_now`).
    pub(crate) can_use_call: AST,
}

impl std::fmt::Debug for ScriptHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptHost")
            .field("cards", &self.effects.len())
            .finish()
    }
}

/// The sandboxed engine ([`sandboxed_engine`]) with the Battle Spirits script API
/// registered (`docs/script-api.md`).
pub fn engine_with_api() -> Engine {
    let mut e = sandboxed_engine();
    super::api::register(&mut e);
    e
}

impl ScriptHost {
    /// Compiles every script of `defs` (inline, or `script_file` from `sources`) once.
    /// `lenient`: a broken script makes only its effect fail when it fires (with an
    /// `EffectFailed` event) instead of failing the build.
    /// Errors: [`ScriptError`] (syntax with file/line/column, missing file, bad module).
    pub fn build<'a>(
        defs: impl IntoIterator<Item = &'a CardDef>,
        sources: &ScriptSources,
        keywords: &[carddb::LoadedKeyword],
        lenient: bool,
        generated: Option<&GeneratedCache>,
    ) -> Result<ScriptHost, ScriptError> {
        let keyword_defs = keywords;
        let mut engine = engine_with_api();
        install_pack_modules(&mut engine, sources)?;
        // Pack labels and phrases; a lenient build reads the cards without them
        // when they do not compile (a strict build, `db build` and `lint`, reports it).
        let declared = super::vocab::keyword_entries(keywords);
        // The error a strict build would have stopped at: the first lenient fallback.
        let mut strict_error = None;
        let vocab = match super::vocab::of_sources_skipping(sources, declared, Some(&engine)) {
            (v, None) => v,
            // Lenient: only the file with the mistake is left out (reported at its file);
            // every other pack's labels and phrases are read.
            (v, Some(e)) if lenient => {
                strict_error.get_or_insert(e);
                v
            }
            (_, Some(e)) => return Err(e),
        }
        // The library shows no parse message (`lint` and `explain` do): no did-you-mean.
        .quiet();
        let mut effects = BTreeMap::new();
        let mut any_may_ask = false;
        let mut watched = std::collections::BTreeSet::new();
        let keywords = super::keywords::compile(
            &engine,
            sources,
            keywords,
            lenient,
            &mut watched,
            &vocab,
            &mut strict_error,
        )?;
        let mut summoning_cards = std::collections::BTreeSet::new();
        // Keyword effects ask and trigger as the card's own: per card, whether
        // one of its printed keywords may ask, and how many triggered effects they give;
        // and the cards whose effects give keywords.
        let mut kw_asking = std::collections::BTreeSet::new();
        let mut kw_triggered: BTreeMap<CardId, u32> = BTreeMap::new();
        let mut gives_keywords = std::collections::BTreeSet::new();
        let mut by_def = Vec::new();
        let mut lists = Vec::new();
        let defs: Vec<&CardDef> = defs.into_iter().collect();
        if let Some(cache) = generated {
            prefill_text(cache, &defs, &vocab);
        }
        // Per definition: its id and printed keywords, for `asking_by_def` below.
        let def_keys: Vec<(CardId, Vec<String>, u16)> = (defs.iter())
            .map(|d| {
                (
                    d.id.clone(),
                    d.keywords.iter().map(|k| k.name.clone()).collect(),
                    // A printed keyword's constant timing of a step reads the step
                    // (`printed_timing_holds`).
                    (d.keywords.iter())
                        .filter_map(|k| k.timing.as_deref().and_then(hooks::from_label))
                        .fold(0, |k, t| k | super::constants::kinds_of(&t, "")),
                )
            })
            .collect();
        // The kinds of modifier each list's constant effects may give (`Game::const_kinds`).
        let mut list_kinds: Vec<u16> = Vec::new();
        for d in defs {
            by_def.push(None);
            let (asks, n) = keywords.of_card(d);
            if asks {
                kw_asking.insert(d.id.clone());
            }
            if n > 0 {
                kw_triggered.insert(d.id.clone(), n);
            }
            let mut v = Vec::new();
            let mut any_script = false;
            let mut kinds = 0u16;
            for (i, e) in d.effects.iter().enumerate() {
                let has_script = e.script.is_some() || e.script_file.is_some();
                let triggers = match super::vocab::of_effect_in(e, &vocab) {
                    Ok(t) => t,
                    // Only a scripted effect needs its timing understood now.
                    Err(label) if lenient || !has_script => {
                        if has_script {
                            strict_error.get_or_insert_with(|| ScriptError::UnknownTiming {
                                card: d.id.clone(),
                                effect: i,
                                label: label.clone(),
                            });
                        }
                        v.push(CompiledEffect {
                            triggers: vec![],
                            levels: e.levels.clone(),
                            zone: e.zone,
                            script: Err(format!(
                                "unknown timing {label:?}: no pack declares it ({})",
                                super::declare_help::label(&label)
                            )),
                            may_ask: false,
                            origin: None,
                            standing: false,
                            inert: None,
                            reads_summoning: false,
                            reads: 0,
                            calls: Default::default(),
                        });
                        continue;
                    }
                    Err(label) => {
                        return Err(ScriptError::UnknownTiming {
                            card: d.id.clone(),
                            effect: i,
                            label,
                        });
                    }
                };
                let pack = sources.pack_of.get(&d.id).cloned().unwrap_or_default();
                let (src, origin) = if let Some(s) = &e.script {
                    (
                        s.clone(),
                        ScriptOrigin::Inline {
                            card: d.id.clone(),
                            effect: i,
                        },
                    )
                } else if let Some(path) = &e.script_file {
                    let origin = ScriptOrigin::File {
                        pack: pack.clone(),
                        path: path.clone(),
                    };
                    match sources.files.get(&pack).and_then(|f| f.get(path)) {
                        Some(s) => (s.clone(), origin),
                        None if lenient => {
                            strict_error.get_or_insert_with(|| ScriptError::MissingFile {
                                card: d.id.clone(),
                                effect: i,
                                pack: pack.clone(),
                                path: path.clone(),
                            });
                            v.push(CompiledEffect {
                                triggers,
                                levels: e.levels.clone(),
                                zone: e.zone,
                                script: Err(format!("script file {path} not found")),
                                may_ask: false,
                                origin: Some(origin),
                                standing: false,
                                inert: None,
                                reads_summoning: false,
                                reads: 0,
                                calls: Default::default(),
                            });
                            any_script = true;
                            continue;
                        }
                        None => {
                            return Err(ScriptError::MissingFile {
                                card: d.id.clone(),
                                effect: i,
                                pack,
                                path: path.clone(),
                            });
                        }
                    }
                } else if let Some((src, hook)) = cached_text(generated, &d.id, i, || {
                    super::readahead::written_or_write(e, &vocab)
                }) {
                    // No script: the text grammar writes one from the printed text (a card's
                    // script wins over its text; text not fully understood compiles to a
                    // script that calls `inert(…)`).
                    let triggers = refine_step_timing(triggers, &hook, &src);
                    let inert = dsl::compile::static_inert(&src);
                    let src = super::vocab::under_label(e.timing.as_deref(), &vocab, src);
                    scan_watched(&src, &mut watched);
                    if triggers.iter().any(|t| t.is_constant()) {
                        kinds |= super::constants::kinds_of(&triggers, &src);
                    }
                    let standing = is_standing(&triggers, &src);
                    let origin = ScriptOrigin::Generated {
                        card: d.id.clone(),
                        effect: i,
                    };
                    let may_ask = ASKING.iter().any(|w| src.contains(w));
                    if src.contains("gain_keyword") {
                        gives_keywords.insert(d.id.clone());
                    }
                    if reads_paying(&src) {
                        summoning_cards.insert(d.id.clone());
                    }
                    let src = crate::script::sandbox::imports_into_closures(&src);
                    let src = crate::script::sandbox::imports_into_closures(&src);
                    let script = match engine.compile(&src) {
                        Ok(mut ast) => {
                            ast.set_source(format!("{pack}:{origin}"));
                            any_may_ask |= may_ask;
                            Ok(Rc::new(ast))
                        }
                        // Generated code is not the author's: never a build error.
                        Err(err) => Err(syntax(&origin, &err).to_string()),
                    };
                    any_script = true;
                    v.push(CompiledEffect {
                        triggers,
                        levels: e.levels.clone(),
                        zone: e.zone,
                        script,
                        may_ask,
                        origin: Some(origin),
                        standing,
                        inert,
                        reads_summoning: reads_paying(&src),
                        reads: super::constants::reads_named_in(&src),
                        calls: Default::default(),
                    });
                    continue;
                } else {
                    // No script and no text.
                    v.push(CompiledEffect {
                        triggers,
                        levels: e.levels.clone(),
                        zone: e.zone,
                        script: Err("no script for this effect".into()),
                        may_ask: false,
                        origin: None,
                        standing: false,
                        inert: None,
                        reads_summoning: false,
                        reads: 0,
                        calls: Default::default(),
                    });
                    continue;
                };
                any_script = true;
                let src = super::vocab::under_label(e.timing.as_deref(), &vocab, src);
                scan_watched(&src, &mut watched);
                if triggers.iter().any(|t| t.is_constant()) {
                    kinds |= super::constants::kinds_of(&triggers, &src);
                }
                let standing = is_standing(&triggers, &src);
                let may_ask = ASKING.iter().any(|w| src.contains(w));
                if src.contains("gain_keyword") {
                    gives_keywords.insert(d.id.clone());
                }
                if reads_paying(&src) {
                    summoning_cards.insert(d.id.clone());
                }
                let src = crate::script::sandbox::imports_into_closures(&src);
                let script = match engine.compile(&src) {
                    Ok(mut ast) => {
                        ast.set_source(format!("{pack}:{origin}"));
                        any_may_ask |= may_ask;
                        Ok(Rc::new(ast))
                    }
                    Err(err) if lenient => {
                        let e = syntax(&origin, &err);
                        let message = e.to_string();
                        strict_error.get_or_insert(e);
                        Err(message)
                    }
                    Err(err) => return Err(syntax(&origin, &err)),
                };
                v.push(CompiledEffect {
                    triggers,
                    levels: e.levels.clone(),
                    zone: e.zone,
                    script,
                    may_ask,
                    origin: Some(origin),
                    standing,
                    inert: None,
                    reads_summoning: reads_paying(&src),
                    reads: super::constants::reads_named_in(&src),
                    calls: Default::default(),
                });
            }
            if any_script {
                let n = lists.len() as u32;
                lists.push(v);
                list_kinds.push(kinds);
                effects.insert(d.id.clone(), n);
                *by_def.last_mut().expect("pushed above") = Some(n);
            }
        }
        let has_constant = keywords.any_constant
            || lists.iter().flatten().any(|e: &CompiledEffect| {
                e.script.is_ok() && e.triggers.iter().any(|t| t.is_constant())
            });
        // Keyword effects may become due with a card's own (BS-8.4) or ask.
        any_may_ask |= keywords.any_triggered || keywords.any_may_ask;
        // BS-5.5: a magic with both a Main and a Flash script asks which to use.
        let mut asking_cards = std::collections::BTreeSet::new();
        for (id, &n) in &effects {
            let v = &lists[n as usize];
            let main = v
                .iter()
                .any(|e| e.script.is_ok() && e.triggers.contains(&Trigger::Main));
            let flash = v
                .iter()
                .any(|e| e.script.is_ok() && e.triggers.contains(&Trigger::Flash));
            any_may_ask |= main && flash;
            if (main && flash) || v.iter().any(|e| e.script.is_ok() && e.may_ask) {
                asking_cards.insert(id.clone());
            }
        }
        asking_cards.extend(kw_asking);
        if keywords.any_may_ask {
            // A keyword gained from them may ask (`gain_keyword`).
            asking_cards.extend(gives_keywords);
        }
        let mut triggered = BTreeMap::new();
        let mut burst_cards = std::collections::BTreeSet::new();
        for (id, &i) in &effects {
            let v = &lists[i as usize];
            let n = v
                .iter()
                .filter(|e| {
                    e.script.is_ok()
                        && (e.standing
                            || e.triggers.iter().any(|t| {
                                !t.is_constant() && !matches!(t, Trigger::Main | Trigger::Flash)
                            }))
                })
                .count() as u32;
            if n > 0 {
                triggered.insert(id.clone(), n);
                any_may_ask = true;
            }
            if v.iter()
                .any(|e| e.script.is_ok() && e.triggers.iter().any(|t| t.is_burst()))
            {
                burst_cards.insert(id.clone());
            }
        }
        for (id, n) in kw_triggered {
            *triggered.entry(id).or_default() += n;
            any_may_ask = true;
        }
        let summoning_elsewhere = sources
            .files
            .values()
            .flat_map(|f| f.iter())
            .any(|(path, src)| !path.starts_with("effects/") && reads_paying(src))
            || keyword_defs
                .iter()
                .flat_map(|k| &k.def.effects)
                .any(|e| e.script.as_ref().is_some_and(|s| reads_paying(s)));
        let zone_effects = lists
            .iter()
            .flatten()
            .chain(keywords.list.iter().flat_map(|k| &k.effects))
            .any(|e| !e.zone.is_field());
        let summoning_by_def = (def_keys.iter())
            .map(|(id, ..)| summoning_cards.contains(id))
            .collect();
        let constant_lists = lists
            .iter()
            .map(|v| v.iter().any(|e| e.triggers.iter().any(|t| t.is_constant())))
            .collect();
        let trigger_bits = (lists.iter())
            .map(|v| Trigger::bits(v.iter().flat_map(|e| &e.triggers)))
            .collect();
        let can_use_call = engine.compile("can_use()").expect("a call compiles");
        let mut host = ScriptHost {
            can_use_call,
            engine,
            effects,
            lists,
            by_def,
            constant_lists,
            trigger_bits,
            kinds_by_def: Vec::new(),
            asking_by_def: Vec::new(),
            summoning_by_def,
            printed_keywords_by_def: Vec::new(),
            any_may_ask,
            has_constant,
            zone_effects,
            summoning_cards,
            summoning_elsewhere,
            asking_cards,
            triggered,
            burst_cards,
            watched,
            vocab,
            keywords,
            strict_error,
        };
        host.asking_by_def = (def_keys.iter())
            .map(|(id, kws, _)| host.asking_of(id, kws.iter().map(String::as_str)))
            .collect();
        host.kinds_by_def = (def_keys.iter().zip(&host.by_def))
            .map(|((.., steps), list)| list.map_or(0, |n| list_kinds[n as usize]) | steps)
            .collect();
        host.printed_keywords_by_def = (def_keys.iter())
            .map(|(_, kws, _)| {
                let index = |k: &String| host.keywords.index(k).map(|i| i as u32);
                kws.iter().map(index).collect()
            })
            .collect();
        Ok(host)
    }

    /// Whether card `id`'s effects, or those of its printed keywords `printed`, may ask,
    /// and how many of them trigger at a timing (`Game::step_may_ask`, BS-8.4).
    pub(crate) fn asking_of<'k>(
        &self,
        id: &str,
        printed: impl IntoIterator<Item = &'k str>,
    ) -> (bool, u32) {
        let mut triggered = self.triggered.get(id).copied().unwrap_or(0);
        let mut asks = self.asking_cards.contains(id) || self.burst_cards.contains(id);
        // Its printed keywords' effects ask or trigger as its own.
        for k in printed {
            let (a, t) = self.keywords.asking(k);
            asks |= a;
            triggered += t;
        }
        (asks, triggered)
    }
}
