//! The rules reference generator shared by `examples/gen_rules_ref.rs` (writes
//! `docs/rules/*.md`) and `tests/rules_ref_doc.rs` (checks they are current).
//!
//! The hand-written rule text lives in `docs/rules/src/<ruleset>.md`; this module scans the
//! repository for rule-ID citations and adds, under every rule, the files that cite it.
//! Only paths are listed, never line numbers, so that editing a file does not make the
//! reference stale unless a citation is added or removed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rulesets with a reference: (ID prefix, file stem under `docs/rules/`).
pub const RULESETS: [(&str, &str); 2] = [("BS", "battle-spirits"), ("LB", "line-battle")];

/// Extensions of the files whose citations are listed: code, scripts, grammars, pack and
/// scenario YAML, deck lists and expected test outputs.
const CITING: [&str; 8] = ["rs", "yaml", "yml", "rhai", "txt", "pest", "expect", "json"];

/// Files checked for unknown IDs only (prose; their citations are not listed).
const PROSE: [&str; 1] = ["md"];

/// The files citing one rule ID: source files and tests (test files, scenario files and
/// `#[cfg(test)]` modules).
#[derive(Debug, Default, Clone)]
pub struct Cited {
    /// Paths (relative to the repository root) of code and pack files.
    pub code: BTreeSet<String>,
    /// Paths of tests and scenarios.
    pub tests: BTreeSet<String>,
}

/// Every citation found in the repository: ID → the files that cite it, and every
/// (ID, path) pair including prose, for the unknown-ID check.
#[derive(Debug, Default)]
pub struct Citations {
    /// Citations listed in the reference.
    pub by_id: BTreeMap<String, Cited>,
    /// Every (ID, path) seen, prose included.
    pub all: BTreeSet<(String, String)>,
}

/// The repository root (the parent of the engine crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the engine crate sits in the workspace")
        .to_path_buf()
}

/// The rule IDs with one of `prefixes` cited in `text`, with their 1-based line numbers.
/// An ID is `PREFIX-n(.n)*` not preceded by a letter or digit; a first number with a
/// leading zero (`…-001`, a card id) is not a rule ID, and a trailing full stop is not part
/// of the ID.
pub fn ids_in(text: &str, prefixes: &[&str]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let Some(p) = prefixes
                .iter()
                .find(|p| b[i..].starts_with(p.as_bytes()) && b.get(i + p.len()) == Some(&b'-'))
            else {
                i += 1;
                continue;
            };
            let before_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
            let start = i;
            let mut j = i + p.len() + 1;
            let mut segments = Vec::new();
            loop {
                let k = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                if j == k {
                    break;
                }
                segments.push(&line[k..j]);
                if j + 1 < b.len() && b[j] == b'.' && b[j + 1].is_ascii_digit() {
                    j += 1;
                } else {
                    break;
                }
            }
            let after_ok = j >= b.len() || !(b[j].is_ascii_alphanumeric() || b[j] == b'_');
            let leading_zero = segments
                .first()
                .is_some_and(|s| s.len() > 1 && s.starts_with('0'));
            if before_ok && after_ok && !segments.is_empty() && !leading_zero {
                out.push((line[start..j].to_string(), n + 1));
            }
            i = j.max(i + 1);
        }
    }
    out
}

/// Whether `rel` (a repository path) is a test or scenario file as a whole.
fn is_test_path(rel: &str) -> bool {
    rel.split('/')
        .any(|c| c == "tests" || c == "benches" || c == "rulings")
        || rel.ends_with("_tests.rs")
        || rel.ends_with("/tests.rs")
}

/// The first line (1-based) of the inline `#[cfg(test)] mod … {` of a Rust file, if any:
/// citations from there on are tests (a `mod tests;` file is a test path already).
fn test_module_line(text: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    lines.iter().enumerate().find_map(|(n, l)| {
        let next = lines.get(n + 1).map(|s| s.trim_start()).unwrap_or("");
        let inline = next.starts_with("mod ") && next.ends_with('{');
        (l.trim() == "#[cfg(test)]" && inline).then_some(n + 1)
    })
}

/// Every file under `dir` (sorted), skipping hidden directories, build output and the
/// generated references themselves.
fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || name == "target" || name == "mutants.out" {
            continue;
        }
        if path.is_dir() {
            if path.strip_prefix(root).ok() != Some(Path::new("docs/rules")) {
                walk(root, &path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// Scans the repository under `root` for the citations of every ruleset.
pub fn scan(root: &Path) -> Citations {
    let prefixes: Vec<&str> = RULESETS.iter().map(|(p, _)| *p).collect();
    let mut files = Vec::new();
    walk(root, root, &mut files);
    let mut c = Citations::default();
    for path in files {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let listed = CITING.contains(&ext);
        if !listed && !PROSE.contains(&ext) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let rel = path
            .strip_prefix(root)
            .expect("walked under the root")
            .to_string_lossy()
            .replace('\\', "/");
        let test_file = is_test_path(&rel);
        let test_from = if ext == "rs" {
            test_module_line(&text)
        } else {
            None
        };
        for (id, line) in ids_in(&text, &prefixes) {
            c.all.insert((id.clone(), rel.clone()));
            if !listed {
                continue;
            }
            let entry = c.by_id.entry(id).or_default();
            if test_file || test_from.is_some_and(|t| line >= t) {
                entry.tests.insert(rel.clone());
            } else {
                entry.code.insert(rel.clone());
            }
        }
    }
    c
}

/// The ID a reference line defines: `- ID text` (a rule) or `## ID title` (a section).
fn defined_id<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("## "))?;
    let id = rest.split_whitespace().next()?;
    let ids = ids_in(id, &[prefix]);
    (ids.len() == 1 && ids[0].0 == id).then_some(id)
}

/// The IDs a reference source defines, in order.
pub fn defined_ids(source: &str, prefix: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| defined_id(l, prefix).map(str::to_string))
        .collect()
}

/// `[`path`](../../path)` links, comma-separated, or "none".
fn links(paths: &BTreeSet<String>) -> String {
    if paths.is_empty() {
        return "none".to_string();
    }
    paths
        .iter()
        .map(|p| format!("[`{p}`](../../{p})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cross-reference lines of one ID (`indent` before each line), or nothing for a
/// section no file cites.
fn cross_ref(id: &str, section: bool, cites: &Citations) -> Vec<String> {
    let cited = cites.by_id.get(id).cloned().unwrap_or_default();
    if section && cited.code.is_empty() && cited.tests.is_empty() {
        return Vec::new();
    }
    let (lead, indent) = if section { ("", "") } else { ("- ", "  ") };
    let mut out = vec![
        format!("{indent}{lead}*Implemented in:* {}", links(&cited.code)),
        format!("{indent}{lead}*Proven by:* {}", links(&cited.tests)),
    ];
    if section {
        // Two paragraphs of their own, before the section's rules.
        out.insert(1, String::new());
        out.insert(0, String::new());
        out.push(String::new());
    }
    out
}

/// The generated reference: `source` with the cross-reference of every rule after the
/// rule's text (its indented continuation lines) and of every cited section after the
/// section's heading and introduction.
pub fn render(source: &str, prefix: &str, cites: &Citations) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        out.push(line.to_string());
        i += 1;
        let Some(id) = defined_id(line, prefix) else {
            continue;
        };
        let section = line.starts_with("## ");
        // A rule's text continues on indented lines; a section's introduction on plain
        // lines up to its first rule.
        while i < lines.len()
            && if section {
                !lines[i].is_empty() && !lines[i].starts_with("- ") && !lines[i].starts_with('#')
            } else {
                lines[i].starts_with("  ")
            }
        {
            out.push(lines[i].to_string());
            i += 1;
        }
        out.extend(cross_ref(id, section, cites));
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// The reference of ruleset `stem` generated from its source under `root`.
pub fn generate(root: &Path, prefix: &str, stem: &str, cites: &Citations) -> String {
    let src = root.join(format!("docs/rules/src/{stem}.md"));
    let source =
        std::fs::read_to_string(&src).unwrap_or_else(|e| panic!("read {}: {e}", src.display()));
    render(&source, prefix, cites)
}

/// Every (ID, path) citing an ID no reference defines (a typo or a removed rule).
pub fn unknown_ids(root: &Path, cites: &Citations) -> Vec<(String, String)> {
    let mut defined = BTreeSet::new();
    for (prefix, stem) in RULESETS {
        let src = root.join(format!("docs/rules/src/{stem}.md"));
        let source = std::fs::read_to_string(&src).unwrap_or_default();
        defined.extend(defined_ids(&source, prefix));
    }
    cites
        .all
        .iter()
        .filter(|(id, _)| !defined.contains(id))
        .cloned()
        .collect()
}
