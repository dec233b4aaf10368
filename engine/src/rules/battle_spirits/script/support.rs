//! One source of truth for what the engine cannot do yet:
//! the script functions registered only as stubs, the events `when` cannot watch, the
//! keywords without rules, and [`gaps`]: every reason a compiled effect cannot act.
//!
//! The stub and event lists are derived from the registrations themselves (their docs in
//! [`super::api_metadata_json`] carry [`UNSUPPORTED_MARKER`] or [`UNWATCHABLE_MARKER`]), so
//! they shrink by themselves as functions and events are implemented. `coverage`, `lint`,
//! `explain` and `exercise` all read them from here.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

use rhai::{AST, ASTNode, Expr, FnCallExpr, Stmt};
use serde::Serialize;

/// The doc words of a registered function that only logs `EffectInert` (a stub).
pub const UNSUPPORTED_MARKER: &str = "Not supported yet";
/// The doc words of an `ev_*` event function `when` cannot watch.
pub const UNWATCHABLE_MARKER: &str = "Event the engine cannot watch yet";

/// Why an effect's script cannot act (or cannot act fully), in plain words via `Display`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Gap {
    /// It calls a function the engine registers only as a stub.
    Unsupported { function: String },
    /// It waits (`when`) for an event the engine cannot watch.
    Unwatchable { event: String },
    /// It names a keyword that has no rules in the engine.
    KeywordWithoutRules { keyword: String },
    /// It calls `inert(reason)`: the grammar did not understand the text.
    NotUnderstood { reason: String },
    /// Its source does not compile.
    DoesNotCompile { message: String },
    /// It calls a function the engine does not have at all (it would throw when run).
    UnknownFunction { function: String },
}

impl fmt::Display for Gap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gap::Unsupported { function } => {
                write!(
                    f,
                    "calls `{function}`, which the engine does not support yet"
                )
            }
            Gap::Unwatchable { event } => {
                write!(
                    f,
                    "waits for `{event}`, an event the engine cannot watch yet"
                )
            }
            Gap::KeywordWithoutRules { keyword } => {
                write!(f, "names the keyword {keyword}, which has no rules yet")
            }
            Gap::NotUnderstood { reason } => write!(f, "not understood: {reason}"),
            Gap::DoesNotCompile { message } => write!(f, "does not compile: {message}"),
            Gap::UnknownFunction { function } => {
                write!(f, "calls `{function}`, which the engine does not have")
            }
        }
    }
}

/// The keywords that have rules, compared case-insensitively: Burst (BS-10, the engine's)
/// and those packs declare with effects ([`KeywordRules::declared`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeywordRules(BTreeSet<String>);

impl KeywordRules {
    /// The Battle Spirits keywords built into the rules: `burst` (BS-10).
    pub fn battle_spirits() -> KeywordRules {
        KeywordRules(["burst".to_string()].into())
    }

    /// Burst (BS-10) and every keyword a pack declares with rules (an effect, or
    /// `engine: true`).
    pub fn declared(keywords: &[carddb::LoadedKeyword]) -> KeywordRules {
        let mut k = KeywordRules::battle_spirits();
        for d in keywords.iter().filter(|d| d.def.has_rules()) {
            k.add(&d.def.name);
        }
        k
    }

    /// No keyword has rules.
    pub fn none() -> KeywordRules {
        KeywordRules(BTreeSet::new())
    }

    /// Records that `name` has rules (stored in lower case).
    pub fn add(&mut self, name: &str) -> &mut Self {
        self.0.insert(name.trim().to_lowercase());
        self
    }

    /// Whether `name` has rules (case-insensitive, surrounding spaces ignored).
    pub fn has_rules(&self, name: &str) -> bool {
        self.0.contains(&name.trim().to_lowercase())
    }

    /// The names, lower case, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }
}

impl Default for KeywordRules {
    fn default() -> Self {
        KeywordRules::battle_spirits()
    }
}

/// Functions whose string argument at a position names a keyword (the grammar writes
/// `gain_keyword(t, "Name", …)`, `q.has_keyword("Name")`, `q.lacks_keyword(…)`);
/// positions count a method call's object as argument 0.
const KEYWORD_ARGS: &[(&str, usize)] = &[
    ("gain_keyword", 1),
    ("has_keyword", 1),
    ("lacks_keyword", 1),
];

/// What the registrations say the engine cannot do: stubs and unwatchable events as
/// (name, number of parameters), and event arguments that must be `true`
/// (a doc saying "`in_battle` must be true") as (name, parameters, argument index,
/// parameter name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stub functions.
    pub functions: BTreeSet<(String, usize)>,
    /// Events `when` cannot watch.
    pub events: BTreeSet<(String, usize)>,
    /// Calls whose argument at the index cannot be the literal `false` yet.
    pub must_be_true: BTreeSet<(String, usize, usize, String)>,
    /// Every function name a script may call (the API and the standard packages of the
    /// sandbox); empty: not checked.
    pub known: BTreeSet<String>,
}

impl Limits {
    /// Reads the limits from rhai function metadata JSON (`gen_fn_metadata_to_json`).
    /// Malformed JSON gives no limits (the metadata is generated, so it is well formed).
    pub fn from_metadata(json: &str) -> Limits {
        let mut l = Limits::default();
        let Ok(v) = serde_json::from_str::<serde_json::Value>(json) else {
            return l;
        };
        for f in v["functions"].as_array().into_iter().flatten() {
            let name = f["name"].as_str().unwrap_or_default().to_string();
            let params: Vec<String> = f["params"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| {
                    let n = p["name"].as_str().unwrap_or_default();
                    n.split(':').next().unwrap_or(n).trim().to_string()
                })
                .collect();
            let doc: String = f["docComments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| d.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let arity = params.len();
            if doc.contains(UNSUPPORTED_MARKER) {
                l.functions.insert((name.clone(), arity));
            }
            if doc.contains(UNWATCHABLE_MARKER) {
                l.events.insert((name.clone(), arity));
            }
            for (i, p) in params.iter().enumerate() {
                if doc.contains(&format!("`{p}` must be true")) {
                    l.must_be_true.insert((name.clone(), arity, i, p.clone()));
                }
            }
        }
        l
    }

    /// The engine's limits, from its own registrations, computed once.
    pub fn current() -> &'static Limits {
        static LIMITS: OnceLock<Limits> = OnceLock::new();
        LIMITS.get_or_init(|| {
            let mut l = Limits::from_metadata(&super::api_metadata_json());
            let all = super::host::engine_with_api()
                .gen_fn_metadata_to_json(true)
                .unwrap_or_default();
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&all) {
                l.known = v["functions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|f| f["name"].as_str().map(str::to_string))
                    .collect();
            }
            l
        })
    }

    /// The stub function names, sorted, without duplicates.
    pub fn unsupported_functions(&self) -> Vec<&str> {
        names(&self.functions)
    }

    /// The unwatchable event names, sorted, without duplicates.
    pub fn unwatchable_events(&self) -> Vec<&str> {
        names(&self.events)
    }

    /// Every reason `ast` cannot act, each once, in order of first appearance: stub calls,
    /// unwatchable events, keywords without rules in `keywords`, `inert(…)` calls.
    pub fn gaps(&self, ast: &AST, keywords: &KeywordRules) -> Vec<Gap> {
        let mut out: Vec<Gap> = Vec::new();
        if !self.known.is_empty() {
            for u in crate::script::calls::unknown_calls(ast, &self.known) {
                out.push(Gap::UnknownFunction { function: u.name });
            }
        }
        ast.walk(&mut |path: &[ASTNode]| {
            let (call, object) = match path.last() {
                Some(ASTNode::Expr(Expr::FnCall(x, _))) => (x, 0),
                // A call as a whole statement (`draw(1);`) once optimised.
                Some(ASTNode::Stmt(Stmt::FnCall(x, _))) => (x, 0),
                Some(ASTNode::Expr(Expr::MethodCall(x, _))) => (x, 1),
                _ => return true,
            };
            for g in self.call_gaps(call, object, keywords) {
                if !out.contains(&g) {
                    out.push(g);
                }
            }
            true
        });
        out
    }

    fn call_gaps(&self, call: &FnCallExpr, object: usize, keywords: &KeywordRules) -> Vec<Gap> {
        let name = call.name.as_str();
        let arity = call.args.len() + object;
        let key = (name.to_string(), arity);
        let mut v = Vec::new();
        if self.functions.contains(&key) {
            v.push(Gap::Unsupported {
                function: name.to_string(),
            });
        }
        if self.events.contains(&key) {
            v.push(Gap::Unwatchable {
                event: name.to_string(),
            });
        }
        for (n, a, i, p) in &self.must_be_true {
            if n == name
                && *a == arity
                && let Some(Expr::BoolConstant(false, _)) =
                    (*i).checked_sub(object).and_then(|j| call.args.get(j))
            {
                v.push(Gap::Unwatchable {
                    event: format!("{name}(…, {p}: false)"),
                });
            }
        }
        if name == "inert" {
            let reason = match call.args.first() {
                Some(Expr::StringConstant(s, _)) => s.to_string(),
                _ => "the effect calls inert".to_string(),
            };
            v.push(Gap::NotUnderstood { reason });
        }
        for (f, pos) in KEYWORD_ARGS {
            if *f != name {
                continue;
            }
            let Some(arg) = pos.checked_sub(object).and_then(|j| call.args.get(j)) else {
                continue;
            };
            for k in string_constants(arg) {
                if !keywords.has_rules(&k) {
                    v.push(Gap::KeywordWithoutRules { keyword: k });
                }
            }
        }
        v
    }

    /// [`Limits::gaps`] of a script source (compiled without optimisation, so no call is
    /// folded away); a source that does not compile has the one gap
    /// [`Gap::DoesNotCompile`].
    pub fn source_gaps(&self, source: &str, keywords: &KeywordRules) -> Vec<Gap> {
        let mut e = rhai::Engine::new_raw();
        e.set_optimization_level(rhai::OptimizationLevel::None);
        match e.compile(source) {
            Ok(ast) => self.gaps(&ast, keywords),
            Err(err) => vec![Gap::DoesNotCompile {
                message: err.to_string(),
            }],
        }
    }
}

fn names(set: &BTreeSet<(String, usize)>) -> Vec<&str> {
    let mut v: Vec<&str> = set.iter().map(|(n, _)| n.as_str()).collect();
    v.dedup();
    v
}

/// The string literals of an argument: a string, or an array of strings.
fn string_constants(e: &Expr) -> Vec<String> {
    match e {
        Expr::StringConstant(s, _) => vec![s.to_string()],
        Expr::Array(v, _) => v.iter().flat_map(string_constants).collect(),
        _ => Vec::new(),
    }
}

/// [`Limits::gaps`] with the engine's own limits ([`Limits::current`]).
pub fn gaps(ast: &AST, keywords: &KeywordRules) -> Vec<Gap> {
    Limits::current().gaps(ast, keywords)
}

/// [`Limits::source_gaps`] with the engine's own limits.
pub fn source_gaps(source: &str, keywords: &KeywordRules) -> Vec<Gap> {
    Limits::current().source_gaps(source, keywords)
}

/// The engine's answer to `dsl::coverage` (the dsl does not depend on the engine): a
/// script's gaps in plain words, and whether a keyword has rules in `keywords`.
#[derive(Debug, Clone, Default)]
pub struct EngineChecker {
    /// The keywords that have rules.
    pub keywords: KeywordRules,
    /// The packs' keywords, labels and phrases the text is read with.
    pub vocab: dsl::Vocabulary,
}

impl dsl::coverage::Checker for EngineChecker {
    fn script_gaps(&self, source: &str) -> Vec<String> {
        source_gaps(source, &self.keywords)
            .iter()
            .map(Gap::to_string)
            .collect()
    }
    fn keyword_has_rules(&self, name: &str) -> bool {
        self.keywords.has_rules(name)
    }
    fn vocabulary(&self) -> Option<&dsl::Vocabulary> {
        Some(&self.vocab)
    }
}

#[cfg(test)]
#[path = "support_tests.rs"]
mod tests;
