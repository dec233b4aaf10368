//! A script-side error (`engine::script::ScriptError`) at its pack file and line, as
//! `db build` prints every other mistake: the engine names a pack and a path inside it;
//! the pack folders given map that to a file on disk, and the name the message quotes
//! (`` `When Summoned` ``, a hook, a template) to its line.

use std::path::PathBuf;

use carddb::{Diagnostic, Pack};
use engine::script::{ScriptError, ScriptOrigin};

/// `e` as a diagnostic: at its file and line when it names a file of one of `packs`
/// (the line of the first name the message quotes in backticks, else line 1, or the
/// script's own line for a syntax error in a script file); else at the last of `dirs`,
/// line 1. The message is the engine's (it names the pack, path and rhai line).
pub fn script_error(packs: &[Pack], dirs: &[PathBuf], e: &ScriptError) -> Diagnostic {
    let fallback = Diagnostic {
        file: dirs.last().cloned().unwrap_or_default(),
        line: 1,
        column: 1,
        field: String::new(),
        message: e.to_string(),
        help: None,
    };
    let (origin, message, script_line) = match e {
        ScriptError::Module { origin, message } => (origin, message.clone(), None),
        ScriptError::Syntax {
            origin,
            line,
            column,
            message,
        } => (origin, message.clone(), Some((*line, *column))),
        _ => return fallback,
    };
    let ScriptOrigin::File { pack, path } = origin else {
        return fallback;
    };
    // A phrase's rhai names its template after the path: `phrases/x.yaml (phrase `…`)`.
    let (rel, what) = match path.split_once(" (") {
        Some((rel, what)) => (rel, Some(what)),
        None => (path.as_str(), None),
    };
    let Some(p) = packs.iter().rev().find(|p| p.manifest.name == *pack) else {
        return fallback;
    };
    let Some(text) = p.files.files.get(rel) else {
        return fallback;
    };
    let quoted = |s: &str| {
        s.split('`')
            .nth(1)
            .filter(|q| !q.is_empty())
            .map(str::to_string)
    };
    let (line, column) = match (script_line, what) {
        // A script file's own line; a phrase's rhai line is inside its template's entry.
        (Some((l, c)), None) if l > 0 => (l, c.max(1)),
        _ => what
            .and_then(quoted)
            .or_else(|| quoted(&message))
            .and_then(|q| {
                text.lines()
                    .enumerate()
                    .find_map(|(i, l)| l.find(q.as_str()).map(|c| (i + 1, c + 1)))
            })
            .unwrap_or((1, 1)),
    };
    Diagnostic {
        file: p.files.origin.join(rel),
        line,
        column,
        field: String::new(),
        message: fallback.message,
        help: None,
    }
}
