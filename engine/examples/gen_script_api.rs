//! Prints `docs/script-api.md`, the script API reference generated from the registered
//! functions: `cargo run -p engine --example gen_script_api > docs/script-api.md`.

fn main() {
    print!("{}", engine::rules::battle_spirits::script::api_markdown());
}
