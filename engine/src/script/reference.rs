//! What a ruleset's script API reference is made of, for any ruleset: its registered
//! functions read back from rhai's metadata (signature and doc comment), and the content
//! hash of a library's cards and script files that replays and saves are checked against.

use carddb::CardDef;
use rhai::Engine;
use sha2::{Digest, Sha256};

use super::ScriptSources;

/// Every function `register` puts on an engine, as (signature without the return type,
/// doc comment joined into one line), sorted, without duplicates, operators or property
/// accessors. Rhai's standard packages are not included.
pub fn api_rows(register: impl FnOnce(&mut Engine)) -> Vec<(String, String)> {
    let mut e = Engine::new_raw();
    register(&mut e);
    let json: serde_json::Value = serde_json::from_str(
        &e.gen_fn_metadata_to_json(false)
            .expect("metadata serialises"),
    )
    .expect("rhai metadata is JSON");
    let mut rows: Vec<(String, String)> = Vec::new();
    for f in json["functions"].as_array().into_iter().flatten() {
        let name = f["name"].as_str().unwrap_or_default();
        if name.starts_with("get$")
            || name.starts_with("set$")
            || matches!(name, "to_string" | "==" | "!=")
        {
            continue;
        }
        let sig = f["signature"].as_str().unwrap_or(name);
        let sig = sig.split(" -> ").next().unwrap_or(sig).to_string();
        let doc: Vec<String> = f["docComments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| d.as_str())
            .map(|d| d.trim_start_matches("///").trim().to_string())
            .collect();
        rows.push((sig, doc.join(" ")));
    }
    rows.sort();
    rows.dedup();
    rows
}

/// `rows` as the body of a Markdown table `| signature | meaning |` (pipes escaped).
pub fn api_table(rows: &[(String, String)]) -> String {
    let mut out = String::from("| signature | meaning |\n|---|---|\n");
    for (sig, doc) in rows {
        out.push_str(&format!(
            "| `{}` | {} |\n",
            sig.replace('|', "\\|"),
            doc.replace('|', "\\|")
        ));
    }
    out
}

/// Feeds `h` every definition's JSON (in the order given) and every script file of
/// `sources` (pack, path, text): the part of a library's content hash every ruleset shares.
pub fn hash_content<'a>(
    h: &mut Sha256,
    defs: impl IntoIterator<Item = &'a CardDef>,
    sources: &ScriptSources,
) {
    for d in defs {
        h.update(serde_json::to_vec(d).expect("card definitions serialise"));
        h.update(b"\n");
    }
    for (pack, files) in &sources.files {
        for (path, src) in files {
            h.update(format!("{pack}/{path}\n").as_bytes());
            h.update(src.as_bytes());
            h.update(b"\n");
        }
    }
}
