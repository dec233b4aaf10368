//! The scenarios the workshop lists and runs: each pack folder's `tests/` and the
//! `--scenarios` folders (the embedded demo pack's own when no folder is given), run by
//! `cardscript test FILE --json` in a child process, so the page shows exactly what the
//! command gives.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;

use super::super::games::Reply;
use super::shop::{Scenario, Shop};
use crate::cmd::source::SourceArgs;

/// The name shown for the embedded demo pack's scenario files.
const EMBEDDED: &str = "embedded:battle-spirits-demo/";

/// Every scenario of the scenario files under `dirs` (the embedded demo pack's when
/// `source` names no pack folder). A file that does not read is left out (`cardscript
/// test` reports it when run).
pub fn index(source: &SourceArgs, dirs: &[PathBuf]) -> Vec<Scenario> {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    if source.packs.is_empty() {
        for (path, text) in crate::cmd::source::demo_tests() {
            files.push((PathBuf::from(format!("{EMBEDDED}{path}")), text));
        }
    }
    for d in dirs {
        let mut found = Vec::new();
        walk(d, &mut found);
        found.sort();
        for f in found {
            if let Ok(text) = std::fs::read_to_string(&f) {
                files.push((f, text));
            }
        }
    }
    let mut out = Vec::new();
    for (file, text) in files {
        let Ok(doc) = serde_yaml::from_str::<serde_yaml::Value>(&text) else {
            continue;
        };
        let Some(list) = doc.get("scenarios").and_then(|s| s.as_sequence()) else {
            continue;
        };
        for s in list {
            let field = |k: &str| s.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let ruling = field("ruling").or_else(|| {
                s.get("rulings").and_then(|r| r.as_sequence()).map(|r| {
                    r.iter()
                        .filter_map(|v| v.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
            });
            out.push(Scenario {
                file: file.clone(),
                name: field("name").unwrap_or_default(),
                ruling,
                card: field("card"),
                text: serde_yaml::to_string(s).unwrap_or_default().to_lowercase(),
            });
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(p);
        }
    }
}

#[derive(serde::Deserialize)]
struct TestReq {
    /// One of the listed scenario files; absent: all of them.
    #[serde(default)]
    file: Option<String>,
}

impl Shop {
    /// `{file}`: runs one listed scenario file (absent: every listed one) with
    /// `cardscript test --json` and answers its JSON document. A file that is not listed
    /// is refused: the page runs only the packs' scenarios.
    pub fn test(&self, body: &str) -> Reply {
        let req: TestReq =
            match serde_json::from_str(if body.trim().is_empty() { "{}" } else { body }) {
                Ok(r) => r,
                Err(e) => return Reply::error(400, format!("bad request: {e}")),
            };
        let mut listed: Vec<String> = self
            .scenarios
            .iter()
            .map(|s| s.file.display().to_string())
            .collect();
        listed.dedup();
        let files: Vec<String> = match req.file {
            Some(f) if listed.contains(&f) => vec![f],
            Some(f) => {
                return Reply::error(
                    400,
                    format!("`{f}` is not one of the packs' scenario files"),
                );
            }
            None => listed,
        };
        let exe = match std::env::current_exe() {
            Ok(e) => e,
            Err(e) => return Reply::error(500, format!("cannot find the cardscript binary: {e}")),
        };
        let mut cmd = Command::new(exe);
        cmd.arg("test");
        if files.iter().any(|f| f.starts_with(EMBEDDED)) {
            // The embedded demo pack's scenarios are what `test` runs given no path, in a
            // folder without a pack.yaml.
            cmd.current_dir(std::env::temp_dir());
        } else {
            cmd.args(&files);
        }
        cmd.arg("--json");
        let out = match cmd.output() {
            Ok(o) => o,
            Err(e) => return Reply::error(500, format!("cannot run `cardscript test`: {e}")),
        };
        match serde_json::from_slice::<serde_json::Value>(&out.stdout) {
            Ok(mut doc) => {
                if req_embedded_one(&files) {
                    doc["note"] = json!("the embedded demo pack's scenarios run together");
                }
                Reply::json(&doc)
            }
            Err(_) => Reply::error(
                500,
                format!(
                    "`cardscript test` said: {}",
                    String::from_utf8_lossy(&out.stderr)
                ),
            ),
        }
    }
}

fn req_embedded_one(files: &[String]) -> bool {
    files.len() == 1 && files[0].starts_with(EMBEDDED)
}
