//! Card effects as rhai scripts: the host (sandboxed engine, compile once, pack
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
//! | `checkpoint` | where a step that asks returns to: a copy every few steps, and the steps run since replayed |
//! | `matching` | which effects of one card a hook reaches (its triggers' bits skip the rest) |
//! | `derived` | when constants, field symbols and costs read earlier must be read again |
//! | `source_reads` | what a constant script may give and read, from the words of its source |
//! | `memo` | constant-effect runs remembered while what they read of their card stays the same |
//! | `state` | the saved part: modifiers, once-per-turn, sub-triggers, pending question |
//! | `watch` | watched happenings (`ev_exhausted(…)` …): queued where they happen, resolved after |
//! | `keywords` | keywords declared by packs: their compiled effects, which keywords a card has now, `keyword_value()` |
//! | `zones` | effects from the hand or the trash (`zone:`), summoning requirements and additional costs |
//! | `textcache` | the rhai written from card text, cached per library, written in parallel |
//! | `support` | what the engine cannot do yet (stubs, unwatchable events, keywords without rules) and the gaps of an effect |

pub mod actions;
pub mod api;
mod checkpoint;
pub(crate) mod constants;
pub(crate) mod ctx;
pub mod declare_help;
mod derived;
pub mod hooks;
pub mod host;
mod keyword_values;
pub mod keywords;
mod lookup;
mod magic;
mod matching;
pub(crate) mod memo;
pub mod phrasebook;
pub mod prevent;
pub mod query;
mod reach;
mod readahead;
pub(crate) mod run;
pub(crate) mod source_reads;
pub mod state;
mod sub_events;
mod summoning;
pub mod support;
mod text;
mod textcache;
pub mod vocab;
mod warm;
mod watch;
mod zones;

pub use hooks::{Trigger, Whose};
pub use host::{CompiledEffect, ScriptError, ScriptHost, ScriptOrigin, ScriptSources, limits};
pub use query::{Base, Filter, Query};
pub use readahead::{effects_read_ahead, forget_read_ahead, read_ahead};
pub use state::{
    BattleJoin, LifeCoreSink, ModKind, Modifier, Pending, Protect, Question, ScriptState, Silence,
    Timing, Until, WatchKind, Watched,
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
    let rows = crate::script::api_rows(api::register);
    let mut out = String::from(
        "# Script API reference\n\n\
         Generated from the functions `engine::rules::battle_spirits::script::api` registers — do not edit; run\n\
         `cargo run -p engine --example gen_script_api > docs/script-api.md`\n\
         (`cargo test -p engine --test scripts_api_doc` fails when this file is out of date).\n\n\
         Scripts call these flat (`draw(1)`); the game and the running effect are the context.\n\
         `targets` accepts a `Query`, a `Card` or an array of cards. A count `n` (cards, cores,\n\
         life) is 0 to 1000: any other fails the effect with both bounds. Functions documented as\n\
         \"not supported yet\" log one `EffectInert` event and end the effect.\n\n\
         `when(…)` watchers are bounded: one effect of a card keeps at most {per} waiting, and a\n\
         game at most {all} (those of one-shot effects; the standing ones of constant effects\n\
         counted apart). A `when` past either fails the effect with the bound; a constant effect\n\
         past it gives none of its watchers. Copies of one closure reached by one happening\n\
         resolve without an order question (BS-8.4).\n\n\
         ",
    )
    .replace("{per}", &api::MAX_WATCHERS_PER_EFFECT.to_string())
    .replace("{all}", &api::MAX_WATCHERS.to_string());
    out.push_str(&crate::script::api_table(&rows));
    out
}
