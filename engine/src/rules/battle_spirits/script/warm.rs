//! Running a compiled effect with the function lookups of its earlier runs.
//!
//! rhai resolves each call in a script (which registered or script function a name and
//! its argument types mean) into a cache that `Engine::run_ast` throws away after every
//! run. A constant effect runs after nearly every event, so each effect keeps its own
//! cache (`CompiledEffect::calls`). Everything else is new per run as before: the scope,
//! the operation count the sandbox limits (`sandboxed_engine`), the source name.

use std::cell::RefCell;

use rhai::Caches;
use rhai::{AST, Dynamic, Engine, EvalAltResult, Scope};

/// Runs `ast` on `engine` like `Engine::run_ast_with_scope` with a fresh scope, resolving
/// calls through `calls` (kept between runs of this one AST). A run nested in a run of the
/// same AST (its cache busy) resolves with a cache of its own. Errors: the script's.
pub(crate) fn run_warm(
    engine: &Engine,
    ast: &AST,
    calls: &RefCell<Caches>,
) -> Result<(), Box<EvalAltResult>> {
    call_warm(engine, ast, ast, calls).map(|_| ())
}

/// Evaluates `call` (statements compiled once, such as `can_use()`) with the script
/// functions of `ast`, like [`run_warm`], and returns its value: a call of one of the
/// effect's functions without running its body. Errors: the script's.
pub(crate) fn call_warm(
    engine: &Engine,
    ast: &AST,
    call: &AST,
    calls: &RefCell<Caches>,
) -> Result<Dynamic, Box<EvalAltResult>> {
    let mut global = engine.new_global_runtime_state();
    global.source = ast.source().map(Into::into);
    global.lib.push(ast.shared_lib().clone());
    global.embedded_module_resolver = ast.resolver().cloned();
    let mut fresh = Caches::new();
    let mut kept = calls.try_borrow_mut();
    let caches = match kept.as_deref_mut() {
        Ok(c) => c,
        Err(_) => &mut fresh,
    };
    #[allow(deprecated)] // the one entry point that takes caches (`internals`)
    engine.eval_statements_raw(&mut global, caches, &mut Scope::new(), call.statements())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::sandbox::{limits, sandboxed_engine};

    #[test]
    fn a_warm_run_gives_what_a_fresh_run_gives_and_the_operation_limit_holds_per_run() {
        let mut engine = sandboxed_engine();
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let s = seen.clone();
        engine.register_fn("note", move |n: i64| s.borrow_mut().push(n));
        // A script function and a registered one, resolved once and kept.
        let ast = engine
            .compile("fn twice(x) { x * 2 } let n = 0; for i in 0..10 { n += twice(i); } note(n);")
            .unwrap();
        let calls = RefCell::new(Caches::new());
        for _ in 0..3 {
            run_warm(&engine, &ast, &calls).unwrap();
        }
        engine.run_ast(&ast).unwrap();
        assert_eq!(*seen.borrow(), vec![90, 90, 90, 90]);
        // Each run counts its operations from zero: three runs of about 60 % of the limit
        // pass, as they would one by one; a run over the limit stops every time.
        let n = limits::MAX_OPERATIONS * 3 / 10;
        let most = engine
            .compile(format!("let x = 0; for i in 0..{n} {{ x += 1; }}"))
            .unwrap();
        for _ in 0..3 {
            run_warm(&engine, &most, &calls).unwrap();
        }
        let over = engine.compile("loop { }").unwrap();
        for _ in 0..2 {
            let e = run_warm(&engine, &over, &calls).unwrap_err();
            assert!(
                matches!(*e, EvalAltResult::ErrorTooManyOperations(..)),
                "{e}"
            );
        }
    }
}
