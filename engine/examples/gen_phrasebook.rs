//! Prints `docs/phrasebook.md`, every phrase card text can use with an example and the
//! scenario proving it: `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`.

use engine::rules::battle_spirits::script::phrasebook;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let packs: Vec<carddb::Pack> = phrasebook::PACKS
        .iter()
        .map(|p| {
            carddb::Pack::load(&root.join("scripts").join(p)).expect("the repository's packs load")
        })
        .collect();
    let mut files: Vec<(String, String)> = std::fs::read_dir(root.join("tests/phrases"))
        .expect("tests/phrases")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let name = format!("tests/phrases/{}", p.file_name().unwrap().to_string_lossy());
            (
                name,
                std::fs::read_to_string(&p).expect("a proof file reads"),
            )
        })
        .collect();
    files.sort();
    let proofs = phrasebook::proofs(&files).expect("the proof files parse");
    print!("{}", phrasebook::markdown(&packs, &proofs));
}
