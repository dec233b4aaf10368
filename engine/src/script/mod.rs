//! Scripts, for any ruleset: the rhai sandbox ([`sandbox`]). What a game's scripts can call
//! and when they run belongs to the game (`rules/<game>/script/`); nothing here imports a
//! ruleset, so the host and the games form no import circle.

pub mod calls;
pub mod reference;
pub mod sandbox;

pub use reference::{api_rows, api_table, hash_content};
pub use sandbox::{
    ScriptError, ScriptOrigin, ScriptSources, install_pack_modules, limits, sandboxed_engine,
    syntax,
};
