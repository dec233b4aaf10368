//! The check that `docs/phrasebook.md` is the phrasebook generated from the grammar and the
//! repository's packs (issue 17). Regenerate with
//! `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`.

use engine::rules::battle_spirits::script::phrasebook;

fn packs() -> Vec<carddb::Pack> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts");
    phrasebook::PACKS
        .iter()
        .map(|p| carddb::Pack::load(&root.join(p)).unwrap())
        .collect()
}

#[test]
fn phrasebook_is_current() {
    let path = format!("{}/../docs/phrasebook.md", env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == phrasebook::markdown(&packs()),
        "docs/phrasebook.md is out of date: run `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`"
    );
}

#[test]
fn the_phrasebook_lists_the_grammar_labels_and_pack_phrases() {
    let md = phrasebook::markdown(&packs());
    // A built-in phrase with its example, a Saga label, a pack label and a pack phrase.
    assert!(md.contains("| Draw N cards | Draw 2 cards. |"), "{md}");
    assert!(md.contains("- `When This Spirit Blocks`"), "{md}");
    assert!(
        md.contains("## Phrases of the pack `battle-spirits-demo-expansion`"),
        "{md}"
    );
    assert!(
        md.contains("| Gather {n:number} tide cores | Gather 2 tide cores. |"),
        "{md}"
    );
    // Never a grammar rule name.
    assert!(!md.contains("c_gain_bp"), "{md}");
}
