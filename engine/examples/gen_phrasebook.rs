//! Prints `docs/phrasebook.md`, every phrase card text can use with an example (issue 17):
//! `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`.

use engine::rules::battle_spirits::script::phrasebook;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts");
    let packs: Vec<carddb::Pack> = phrasebook::PACKS
        .iter()
        .map(|p| carddb::Pack::load(&root.join(p)).expect("the repository's packs load"))
        .collect();
    print!("{}", phrasebook::markdown(&packs));
}
