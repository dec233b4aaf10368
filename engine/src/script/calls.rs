//! The one check, for every ruleset, that a script calls only functions that exist (issue
//! 17): the functions the game's script engine registers, the script's own `fn`s, and the
//! few rhai provides itself. `db build`, `lint` and the rulesets' libraries use it, so a
//! misspelt call (`exhuast(…)`) is an error before play, not when the effect fires.

use std::collections::BTreeSet;

use rhai::{AST, ASTNode, Engine, Expr, Stmt};

/// Functions rhai provides to every script without any package (not in the metadata).
pub const RHAI_BUILTIN_FNS: &[&str] = &[
    "Fn",
    "call",
    "curry",
    "type_of",
    "is_def_var",
    "is_def_fn",
    "is_shared",
    "print",
    "debug",
];

/// A call to a function nobody defines: its name and 1-based line in the script (0 when
/// rhai gives none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCall {
    pub name: String,
    pub line: usize,
}

/// Every function name `engine` can call: its registered functions and its packages'.
pub fn registered_names(engine: &Engine) -> BTreeSet<String> {
    engine
        .gen_fn_signatures(true)
        .iter()
        .filter_map(|s| s.split('(').next())
        .map(|n| n.rsplit(' ').next().unwrap_or(n).to_string())
        .collect()
}

/// The plain calls (`f(x)`, not methods `x.f()` nor module calls `m::f()`, which rhai
/// resolves against the value or module) in `ast` to functions that are neither in `known`,
/// nor defined by the script, nor rhai's own ([`RHAI_BUILTIN_FNS`]); each name once, in
/// order of first appearance. Operators are never reported.
pub fn unknown_calls(ast: &AST, known: &BTreeSet<String>) -> Vec<UnknownCall> {
    let defined: BTreeSet<String> = ast.iter_functions().map(|f| f.name.to_string()).collect();
    let mut out: Vec<UnknownCall> = Vec::new();
    ast.walk(&mut |path: &[ASTNode]| {
        let (call, pos) = match path.last() {
            Some(ASTNode::Expr(Expr::FnCall(x, pos))) => (x, *pos),
            // A call as a whole statement (`draw(1);`) once optimised.
            Some(ASTNode::Stmt(Stmt::FnCall(x, pos))) => (x, *pos),
            _ => return true,
        };
        let name = call.name.as_str();
        if !call.is_qualified()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !known.contains(name)
            && !defined.contains(name)
            && !RHAI_BUILTIN_FNS.contains(&name)
            && !out.iter().any(|u| u.name == name)
        {
            out.push(UnknownCall {
                name: name.to_string(),
                line: pos.line().unwrap_or(0),
            });
        }
        true
    });
    out
}

/// The nearest of `known` to a misspelt function name, for a did-you-mean.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a String>) -> Option<String> {
    carddb::error::did_you_mean(name, known.into_iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> BTreeSet<String> {
        ["draw", "exhaust"].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_misspelt_call_is_found_with_its_line_and_nearest_name() {
        let ast = Engine::new_raw()
            .compile("draw(1);\nfn mine() { 1 }\nmine();\nexhuast(2);\nprint(3);")
            .unwrap();
        let u = unknown_calls(&ast, &known());
        assert_eq!(
            u,
            vec![UnknownCall {
                name: "exhuast".into(),
                line: 4
            }]
        );
        assert_eq!(nearest("exhuast", &known()).as_deref(), Some("exhaust"));
    }

    #[test]
    fn module_and_method_calls_are_left_to_rhai() {
        let ast = Engine::new_raw()
            .compile("import \"lib/x\" as m; m::helper(1); let a = [1]; a.push(2);")
            .unwrap();
        assert!(unknown_calls(&ast, &known()).is_empty());
    }
}
