//! The rhai host: one sandboxed `Engine` per library (DESIGN principle 5), every effect
//! script compiled once to an `AST` (cached, shared), pack `lib/` modules for `import`,
//! and typed compile errors with file, line and column.

use std::collections::BTreeMap;
use std::rc::Rc;

use carddb::{CardDef, CardId};
use rhai::module_resolvers::ModuleResolver;
use rhai::{AST, Engine, EvalAltResult, Module, Position, Scope, Shared};

type SharedModule = Shared<Module>;
use thiserror::Error;

use super::hooks::{self, Trigger};

/// Sandbox limits (BS-independent; DESIGN principle 5).
pub mod limits {
    /// Operations per effect run (an infinite loop stops here).
    pub const MAX_OPERATIONS: u64 = 200_000;
    /// Function call depth (deep recursion stops here).
    pub const MAX_CALL_LEVELS: usize = 24;
    /// Expression depth (global, in functions).
    pub const MAX_EXPR_DEPTHS: (usize, usize) = (64, 32);
    /// Characters in one string.
    pub const MAX_STRING_SIZE: usize = 4_096;
    /// Elements in one array.
    pub const MAX_ARRAY_SIZE: usize = 1_024;
    /// Entries in one object map.
    pub const MAX_MAP_SIZE: usize = 256;
    /// Variables in scope.
    pub const MAX_VARIABLES: usize = 256;
    /// Functions defined by one script.
    pub const MAX_FUNCTIONS: usize = 64;
    /// Modules imported by one script.
    pub const MAX_MODULES: usize = 8;
}

/// Where a script's source comes from: a pack file (`effects/X.rhai`, `lib/y.rhai`) or a
/// card's inline `script`, or generated from the card text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScriptOrigin {
    /// A file of a pack.
    File { pack: String, path: String },
    /// `script:` inline in a card (effect index).
    Inline { card: CardId, effect: usize },
}

impl std::fmt::Display for ScriptOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScriptOrigin::File { pack, path } => write!(f, "{pack}/{path}"),
            ScriptOrigin::Inline { card, effect } => {
                write!(f, "card {card} effect {effect} (inline script)")
            }
        }
    }
}

/// Why a library's scripts could not be prepared. Reported at library build time.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScriptError {
    /// A syntax error, with its place (1-based line and column; 0 when unknown).
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        origin: ScriptOrigin,
        line: usize,
        column: usize,
        message: String,
    },
    /// `script_file` names a file the pack does not have.
    #[error("card {card} effect {effect}: script file {path} not found in pack {pack}")]
    MissingFile {
        card: CardId,
        effect: usize,
        pack: String,
        path: String,
    },
    /// A pack `lib/` module failed while being evaluated.
    #[error("{origin}: {message}")]
    Module {
        origin: ScriptOrigin,
        message: String,
    },
    /// A timing label the engine does not know.
    #[error("card {card} effect {effect}: unknown timing {label:?}")]
    UnknownTiming {
        card: CardId,
        effect: usize,
        label: String,
    },
}

/// Script files of packs, and which pack each card comes from (filled by the caller from
/// `carddb::Catalogue::file` / `pack_of`; the engine does no I/O).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScriptSources {
    /// pack → path (`effects/X.rhai`, `lib/util.rhai`) → source.
    pub files: BTreeMap<String, BTreeMap<String, String>>,
    /// card id → pack name.
    pub pack_of: BTreeMap<CardId, String>,
}

impl ScriptSources {
    /// Adds a file.
    pub fn add_file(&mut self, pack: &str, path: &str, source: &str) -> &mut Self {
        self.files
            .entry(pack.to_string())
            .or_default()
            .insert(path.to_string(), source.to_string());
        self
    }
}

/// One effect of a card, ready to run.
#[derive(Debug, Clone)]
pub struct CompiledEffect {
    /// When it works.
    pub triggers: Vec<Trigger>,
    /// Levels it works at (empty = all; BS level-bound effects).
    pub levels: Vec<u8>,
    /// The compiled script, or why it cannot run (reported when the effect fires).
    pub script: Result<Rc<AST>, String>,
    /// Whether the script may ask a question (chooses, `may`, discards …): then the
    /// engine snapshots before each step so it can resume by re-running (README).
    pub may_ask: bool,
    /// Where the source came from.
    pub origin: Option<ScriptOrigin>,
}

/// Functions whose presence in a script means it may stop for a decision.
pub(crate) const ASKING: &[&str] = &[
    "choose",
    "may",
    "opponent_chooses",
    "discard",
    "move_cores_up_to",
    "one_of",
    "import",
    "pay_cost",
];

/// The compiled scripts of a library and the sandboxed engine that runs them.
pub struct ScriptHost {
    pub(crate) engine: Engine,
    /// card id → one entry per effect (only cards with at least one script).
    pub(crate) effects: BTreeMap<CardId, Vec<CompiledEffect>>,
    pub(crate) any_may_ask: bool,
    /// Whether any effect is constant (then BP and restrictions consult effects).
    pub(crate) has_constant: bool,
    /// Cards with an effect that may ask a question.
    pub(crate) asking_cards: std::collections::BTreeSet<CardId>,
}

impl std::fmt::Debug for ScriptHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptHost")
            .field("cards", &self.effects.len())
            .finish()
    }
}

/// `import "lib/x"` (or `"x"`) resolves only to the importing script's own pack `lib/`.
struct PackResolver {
    modules: BTreeMap<(String, String), SharedModule>,
}

impl ModuleResolver for PackResolver {
    fn resolve(
        &self,
        _engine: &Engine,
        source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Result<SharedModule, Box<EvalAltResult>> {
        let pack = source
            .and_then(|s| s.split_once(':'))
            .map(|(p, _)| p.to_string())
            .unwrap_or_default();
        let mut p = path.trim_end_matches(".rhai").to_string();
        if !p.starts_with("lib/") {
            p = format!("lib/{p}");
        }
        self.modules
            .get(&(pack.clone(), p.clone()))
            .cloned()
            .ok_or_else(|| {
                Box::new(EvalAltResult::ErrorModuleNotFound(
                    format!("{path} (only modules of this pack's lib/ may be imported)"),
                    pos,
                ))
            })
    }
}

/// A sandboxed engine with the standard packages minus time, the script API, no `eval`,
/// and the sandbox limits. Built once per library (≈ µs; DESIGN measured facts).
pub fn sandboxed_engine() -> Engine {
    use rhai::packages::{
        BasicArrayPackage, BasicMapPackage, BasicMathPackage, CorePackage, LogicPackage,
        MoreStringPackage, Package,
    };
    let mut e = Engine::new_raw();
    e.register_global_module(CorePackage::new().as_shared_module());
    e.register_global_module(LogicPackage::new().as_shared_module());
    e.register_global_module(BasicMathPackage::new().as_shared_module());
    e.register_global_module(BasicArrayPackage::new().as_shared_module());
    e.register_global_module(BasicMapPackage::new().as_shared_module());
    e.register_global_module(MoreStringPackage::new().as_shared_module());
    e.disable_symbol("eval");
    e.set_max_operations(limits::MAX_OPERATIONS);
    e.set_max_call_levels(limits::MAX_CALL_LEVELS);
    e.set_max_expr_depths(limits::MAX_EXPR_DEPTHS.0, limits::MAX_EXPR_DEPTHS.1);
    e.set_max_string_size(limits::MAX_STRING_SIZE);
    e.set_max_array_size(limits::MAX_ARRAY_SIZE);
    e.set_max_map_size(limits::MAX_MAP_SIZE);
    e.set_max_variables(limits::MAX_VARIABLES);
    e.set_max_functions(limits::MAX_FUNCTIONS);
    e.set_max_modules(limits::MAX_MODULES);
    e.on_print(|_| {});
    e.on_debug(|_, _, _| {});
    super::api::register(&mut e);
    e
}

fn syntax(origin: &ScriptOrigin, err: &rhai::ParseError) -> ScriptError {
    ScriptError::Syntax {
        origin: origin.clone(),
        line: err.1.line().unwrap_or(0),
        column: err.1.position().unwrap_or(0),
        message: err.0.to_string(),
    }
}

impl ScriptHost {
    /// Compiles every script of `defs` (inline, or `script_file` from `sources`) once.
    /// `lenient`: a broken script makes only its effect fail when it fires (with an
    /// `EffectFailed` event) instead of failing the build.
    /// Errors: [`ScriptError`] (syntax with file/line/column, missing file, bad module).
    pub fn build<'a>(
        defs: impl IntoIterator<Item = &'a CardDef>,
        sources: &ScriptSources,
        lenient: bool,
    ) -> Result<ScriptHost, ScriptError> {
        let mut engine = sandboxed_engine();
        // Pack lib modules, compiled and evaluated once.
        let mut modules = BTreeMap::new();
        for (pack, files) in &sources.files {
            for (path, src) in files {
                if !path.starts_with("lib/") {
                    continue;
                }
                let origin = ScriptOrigin::File {
                    pack: pack.clone(),
                    path: path.clone(),
                };
                let mut ast = engine.compile(src).map_err(|e| syntax(&origin, &e))?;
                ast.set_source(format!("{pack}:{path}"));
                let m = Module::eval_ast_as_new(Scope::new(), &ast, &engine).map_err(|e| {
                    ScriptError::Module {
                        origin: origin.clone(),
                        message: e.to_string(),
                    }
                })?;
                modules.insert(
                    (pack.clone(), path.trim_end_matches(".rhai").to_string()),
                    SharedModule::new(m),
                );
            }
        }
        engine.set_module_resolver(PackResolver { modules });
        let mut effects = BTreeMap::new();
        let mut any_may_ask = false;
        for d in defs {
            let mut v = Vec::new();
            let mut any_script = false;
            for (i, e) in d.effects.iter().enumerate() {
                let has_script = e.script.is_some() || e.script_file.is_some();
                let triggers = match hooks::of_effect(e) {
                    Ok(t) => t,
                    // Only a scripted effect needs its timing understood now.
                    Err(label) if lenient || !has_script => {
                        v.push(CompiledEffect {
                            triggers: vec![],
                            levels: e.levels.clone(),
                            script: Err(format!("unknown timing {label:?}")),
                            may_ask: false,
                            origin: None,
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
                            v.push(CompiledEffect {
                                triggers,
                                levels: e.levels.clone(),
                                script: Err(format!("script file {path} not found")),
                                may_ask: false,
                                origin: Some(origin),
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
                } else {
                    // No script: the text grammar (dsl) plugs in here once merged.
                    v.push(CompiledEffect {
                        triggers,
                        levels: e.levels.clone(),
                        script: Err("no script for this effect".into()),
                        may_ask: false,
                        origin: None,
                    });
                    continue;
                };
                any_script = true;
                let may_ask = ASKING.iter().any(|w| src.contains(w));
                let script = match engine.compile(&src) {
                    Ok(mut ast) => {
                        ast.set_source(format!("{pack}:{origin}"));
                        any_may_ask |= may_ask;
                        Ok(Rc::new(ast))
                    }
                    Err(err) if lenient => Err(syntax(&origin, &err).to_string()),
                    Err(err) => return Err(syntax(&origin, &err)),
                };
                v.push(CompiledEffect {
                    triggers,
                    levels: e.levels.clone(),
                    script,
                    may_ask,
                    origin: Some(origin),
                });
            }
            if any_script {
                effects.insert(d.id.clone(), v);
            }
        }
        let has_constant = effects.values().flatten().any(|e: &CompiledEffect| {
            e.script.is_ok() && e.triggers.iter().any(|t| t.is_constant())
        });
        // BS-5.5: a magic with both a Main and a Flash script asks which to use.
        let mut asking_cards = std::collections::BTreeSet::new();
        for (id, v) in &effects {
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
        Ok(ScriptHost {
            engine,
            effects,
            any_may_ask,
            has_constant,
            asking_cards,
        })
    }

    /// The compiled effects of a card (`None`: the card has no script at all).
    pub fn effects_of(&self, card: &str) -> Option<&[CompiledEffect]> {
        self.effects.get(card).map(|v| v.as_slice())
    }

    /// Whether any script of the library may stop for a decision.
    pub fn any_may_ask(&self) -> bool {
        self.any_may_ask
    }

    /// A host with no scripts.
    pub fn empty() -> ScriptHost {
        ScriptHost::build(std::iter::empty(), &ScriptSources::default(), true)
            .expect("no scripts, no errors")
    }

    /// The engine (for metadata export and benchmarks).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }
}
