//! The one check, for every ruleset, that a script calls only functions that exist (issue
//! 17): the functions the game's script engine registers, the script's own `fn`s, and the
//! few rhai provides itself. `db build`, `lint` and the rulesets' libraries use it, so a
//! misspelt call (`exhuast(…)`) is an error before play, not when the effect fires.

use std::collections::BTreeSet;

use carddb::yamlfile::{YamlFile, join};
use carddb::{Diagnostic, Pack};
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

/// A call to a function nobody defines: its name and place in the script (line 0 when
/// rhai gives none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCall {
    pub name: String,
    pub line: usize,
    /// 1-based column (1 when rhai gives none).
    pub column: usize,
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
                column: pos.position().unwrap_or(1),
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

/// Every script of `pack` — `effects/`, `lib/`, `keywords/` files and inline `script:`s —
/// compiled with `engine` (its game's, with the API
/// registered; `api` names that API in messages): a syntax error at its file, line and column; a call to
/// a function that neither the API, nor the script, nor rhai defines, with the nearest
/// name. A script file's unknown calls are named at each card that uses it (field
/// `script_file`) with the file's line, and at the file itself when no card uses it.
pub fn check_pack(pack: &Pack, engine: &Engine, api: &str) -> Vec<Diagnostic> {
    let known = registered_names(engine);
    let mut out = Vec::new();
    let unknown = |ast: &AST| unknown_calls(ast, &known);
    let message = |name: &str| format!("it calls `{name}`, which {api} does not have");
    let help = |name: &str| nearest(name, &known).map(|s| format!("did you mean `{s}`?"));
    let used: BTreeSet<&str> = pack
        .cards
        .iter()
        .flat_map(|c| {
            c.def
                .effects
                .iter()
                .filter_map(|e| e.script_file.as_deref())
        })
        .collect();
    for (rel, source) in pack.script_files() {
        match engine.compile(source) {
            Err(e) => out.push(syntax(pack, rel, String::new(), 0, &e)),
            Ok(ast) if !used.contains(rel) => {
                for u in unknown(&ast) {
                    out.push(Diagnostic {
                        file: pack.files.display_path(rel),
                        line: u.line.max(1),
                        column: u.column,
                        field: String::new(),
                        message: message(&u.name),
                        help: help(&u.name),
                    });
                }
            }
            Ok(_) => {}
        }
    }
    // Inline rhai of keyword declarations and pack phrases (a phrase's slots read as a
    // variable: only its calls matter here; its syntax is checked when the library builds).
    let mut declared: Vec<(&str, String, String, &str)> = Vec::new();
    for (def, rel) in &pack.keywords {
        for (j, e) in def.effects.iter().enumerate() {
            if let Some(src) = &e.script {
                let what = format!("keyword {}", def.name);
                declared.push((rel.as_str(), format!("effects[{j}].script"), what, src));
            }
        }
    }
    let filled: Vec<String> = pack
        .phrases
        .iter()
        .map(|p| slots_as_names(&p.def.rhai))
        .collect();
    for (p, src) in pack.phrases.iter().zip(&filled) {
        let what = format!("phrase `{}`", p.def.template);
        declared.push((p.file.as_str(), join(&p.prefix, "rhai"), what, src));
    }
    // One index per file, made only when a call is unknown: indexing the file for every
    // phrase of it made a pack of thousands of phrases quadratic (docs/pack-format.md).
    let mut files: std::collections::BTreeMap<&str, YamlFile> = Default::default();
    for (rel, field, what, src) in declared {
        let Ok(ast) = engine.compile(src) else {
            continue;
        };
        let unknown_calls = unknown(&ast);
        if unknown_calls.is_empty() {
            continue;
        }
        let text = pack.files.files.get(rel).map(String::as_str).unwrap_or("");
        let at = files
            .entry(rel)
            .or_insert_with(|| YamlFile::new(&pack.files, rel, text))
            .error(&field, "", None);
        for u in unknown_calls {
            let mut d = at.clone();
            (d.line, d.column) = inline_place(text, at.line, u.line.max(1), u.column);
            d.message = format!("{what}: {}", message(&u.name));
            d.help = help(&u.name);
            out.push(d);
        }
    }
    for card in &pack.cards {
        let text = pack
            .files
            .files
            .get(&card.file)
            .map(String::as_str)
            .unwrap_or("");
        let file = YamlFile::new(&pack.files, &card.file, text);
        for (i, e) in card.def.effects.iter().enumerate() {
            let (field, source, from) = match (&e.script, &e.script_file) {
                (Some(s), _) => (format!("effects[{i}].script"), s.as_str(), None),
                (None, Some(f)) => match pack.files.files.get(f) {
                    Some(s) => (format!("effects[{i}].script_file"), s.as_str(), Some(f)),
                    None => continue,
                },
                _ => continue,
            };
            let field = join(&card.prefix, &field);
            let at = file.error(&field, "", None);
            let ast = match engine.compile(source) {
                Ok(a) => a,
                // A file's syntax error is reported at the file, above.
                Err(_) if from.is_some() => continue,
                Err(err) => {
                    let pos = err.position();
                    let (line, column) = inline_place(
                        text,
                        at.line,
                        pos.line().unwrap_or(1),
                        pos.position().unwrap_or(1),
                    );
                    let mut d = syntax(pack, &card.file, field.clone(), line, &err);
                    d.column = column;
                    out.push(d);
                    continue;
                }
            };
            for u in unknown(&ast) {
                let mut d = at.clone();
                match from {
                    Some(f) => d.message = format!("{} ({f} line {})", message(&u.name), u.line),
                    None => {
                        (d.line, d.column) = inline_place(text, at.line, u.line.max(1), u.column);
                        d.message = message(&u.name);
                    }
                }
                d.message = format!("card {} effect {i}: {}", card.def.id, d.message);
                d.help = help(&u.name);
                out.push(d);
            }
        }
    }
    out
}

/// The file line and column of line `line`, column `col` (1-based) of an inline script
/// whose field starts on `field_line`: a block scalar (`script: |`) starts on the next line,
/// indented; a one-line value starts after the key (and its quote).
fn inline_place(text: &str, field_line: usize, line: usize, col: usize) -> (usize, usize) {
    let line_text = |n: usize| text.lines().nth(n.saturating_sub(1)).unwrap_or("");
    let at = line_text(field_line);
    let (key, rest) = at.split_once(':').unwrap_or((at, ""));
    let value = rest.trim_start();
    if value.starts_with('|') || value.starts_with('>') {
        let n = field_line + line;
        let indent = line_text(n).len() - line_text(n).trim_start().len();
        (n, indent + col)
    } else {
        let quote = usize::from(value.starts_with(['"', '\'']));
        let start = key.len() + 1 + (rest.len() - value.len()) + quote;
        (field_line + line.saturating_sub(1), start + col)
    }
}

/// A phrase's rhai with each `{slot}` written as a variable name, so that it compiles.
fn slots_as_names(rhai: &str) -> String {
    let mut out = String::new();
    let mut rest = rhai;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| open + c);
        match close {
            Some(c)
                if rest[open + 1..c]
                    .chars()
                    .all(|x| x.is_alphanumeric() || x == '_')
                    && c > open + 1 =>
            {
                out.push_str(&rest[..open]);
                out.push_str("slot_");
                out.push_str(&rest[open + 1..c]);
                rest = &rest[c + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A syntax error at `rel` (line `line` of the file when given, else rhai's line).
fn syntax(pack: &Pack, rel: &str, field: String, line: usize, e: &rhai::ParseError) -> Diagnostic {
    let pos = e.position();
    Diagnostic {
        file: pack.files.display_path(rel),
        line: if line > 0 {
            line
        } else {
            pos.line().unwrap_or(1)
        },
        column: pos.position().unwrap_or(1),
        field,
        message: format!("script does not compile: {}", e.err_type()),
        help: None,
    }
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
                line: 4,
                column: 1
            }]
        );
        assert_eq!(nearest("exhuast", &known()).as_deref(), Some("exhaust"));
    }

    #[test]
    fn an_inline_script_place_is_its_place_in_the_card_file() {
        let yaml = "effects:\n  - timing: When Summoned\n    script: |\n      draw(1);\n      exhuast(x);\n  - script: \"draw(1\"\n";
        // Block scalar: line 2 of the script is file line 5, after 6 spaces of indentation.
        assert_eq!(inline_place(yaml, 3, 2, 1), (5, 7));
        // One line, quoted: the script starts at column 14 of line 6.
        assert_eq!(inline_place(yaml, 6, 1, 1), (6, 14));
    }

    #[test]
    fn module_and_method_calls_are_left_to_rhai() {
        let ast = Engine::new_raw()
            .compile("import \"lib/x\" as m; m::helper(1); let a = [1]; a.push(2);")
            .unwrap();
        assert!(unknown_calls(&ast, &known()).is_empty());
    }
}
