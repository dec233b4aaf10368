//! Card effects as rhai scripts (issue 4): the host (sandboxed engine, compile once, pack
//! `lib/` imports), timing labels → hooks, the script API, running effects at hooks with
//! mid-script choices, and the effects' saved state. Rule IDs are cited in each module.
//!
//! | Module | Job |
//! |---|---|
//! | `hooks` | printed timing labels and dsl hook names → [`Trigger`]s (one place) |
//! | `host` | [`ScriptHost`]: sandboxed engine, limits, compiled ASTs, [`ScriptError`] |
//! | `api` | the registered functions scripts call (`docs/script-api.md`) |
//! | `ctx` | how a running script reaches the game and its effect |
//! | `query` | lazy card queries and filters (BS-12.3 in the spirit queries) |
//! | `actions` | rule-checked actions of effects |
//! | `run` | which effects a hook reaches; running one; step transactions; constants |
//! | `state` | the saved part: modifiers, once-per-turn, sub-triggers, pending question |
//! | `watch` | watched happenings (`ev_exhausted(…)` …): queued where they happen, resolved after |
//! | `keywords` | keywords declared by packs: their compiled effects, which keywords a card has now, `keyword_value()` |
//! | `zones` | effects from the hand or the trash (`zone:`), summoning requirements and additional costs |
//! | `support` | what the engine cannot do yet (stubs, unwatchable events, keywords without rules) and the gaps of an effect |

pub mod actions;
pub mod api;
pub(crate) mod ctx;
pub mod hooks;
pub mod host;
pub mod keywords;
pub mod query;
pub(crate) mod run;
pub mod state;
pub mod support;
pub mod vocab;
mod watch;
mod zones;

pub use hooks::{Trigger, Whose};
pub use host::{CompiledEffect, ScriptError, ScriptHost, ScriptOrigin, ScriptSources, limits};
pub use query::{Base, Filter, Query};
pub use state::{
    BattleJoin, LifeCoreSink, ModKind, Modifier, Pending, Protect, Question, ScriptState, Until,
    WatchKind, Watched,
};

/// The engine's script API as JSON metadata (rhai `gen_fn_metadata_to_json`), without
/// rhai's standard packages: the source of `docs/script-api.md`.
pub fn api_metadata_json() -> String {
    let mut e = rhai::Engine::new_raw();
    api::register(&mut e);
    e.gen_fn_metadata_to_json(false)
        .expect("metadata serialises")
}

/// `docs/script-api.md`: the reference of every registered function, generated.
pub fn api_markdown() -> String {
    let json: serde_json::Value =
        serde_json::from_str(&api_metadata_json()).expect("rhai metadata is JSON");
    let mut rows: Vec<(String, String)> = Vec::new();
    for f in json["functions"].as_array().into_iter().flatten() {
        let name = f["name"].as_str().unwrap_or_default();
        if name.starts_with("get$")
            || name.starts_with("set$")
            || name == "to_string"
            || name == "=="
        {
            continue;
        }
        // The parameters as registered; results are described in the text.
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
    let mut out = String::from(
        "# Script API reference\n\n\
         Generated from the functions `engine::script::api` registers — do not edit; run\n\
         `cargo run -p engine --example gen_script_api > docs/script-api.md`\n\
         (`cargo test -p engine --test scripts_api_doc` fails when this file is out of date).\n\n\
         Scripts call these flat (`draw(1)`); the game and the running effect are the context.\n\
         `targets` accepts a `Query`, a `Card` or an array of cards. A count `n` (cards, cores,\n\
         life) is 0 to 1000: a larger one fails the effect with its reason. Functions documented as\n\
         \"not supported yet\" log one `EffectInert` event and end the effect.\n\n\
         | signature | meaning |\n|---|---|\n",
    );
    for (sig, doc) in rows {
        out.push_str(&format!(
            "| `{}` | {} |\n",
            sig.replace('|', "\\|"),
            doc.replace('|', "\\|")
        ));
    }
    out
}
