//! The check that `docs/phrasebook.md` is the phrasebook generated from the grammar, the
//! repository's packs and the phrase proofs, and that every phrase has a proof
//! by play (`tests/phrases/*.yaml`, `docs/scenarios.md` "Phrase proofs"). Regenerate with
//! `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`.

use std::collections::BTreeMap;

use engine::rules::battle_spirits::script::phrasebook::{self, Proof};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn packs() -> Vec<carddb::Pack> {
    phrasebook::PACKS
        .iter()
        .map(|p| carddb::Pack::load(&root().join("scripts").join(p)).unwrap())
        .collect()
}

/// The proofs of `tests/phrases/*.yaml`, as the generator reads them.
fn proofs() -> BTreeMap<String, Vec<Proof>> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(root().join("tests/phrases"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let name = format!("tests/phrases/{}", p.file_name().unwrap().to_string_lossy());
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    phrasebook::proofs(&files).unwrap()
}

/// Every phrase of the phrasebook: the built-in patterns and the packs' templates.
fn phrases() -> Vec<String> {
    let mut all: Vec<String> = dsl::phrasebook::PHRASES
        .iter()
        .map(|p| p.pattern.to_string())
        .collect();
    for p in packs() {
        all.extend(p.phrases.iter().map(|ph| ph.def.template.clone()));
    }
    all
}

#[test]
fn phrasebook_is_current() {
    let path = root().join("docs/phrasebook.md");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == phrasebook::markdown(&packs(), &proofs()),
        "docs/phrasebook.md is out of date: run `cargo run -p engine --example gen_phrasebook > docs/phrasebook.md`"
    );
}

/// Phrases whose proof is still to be written. This list may only shrink: a new phrase
/// lands with its proof.
const NOT_YET_PROVEN: &[&str] = &[];

#[test]
fn every_phrase_is_proven_by_play() {
    let proofs = proofs();
    let all = phrases();
    let missing: Vec<&String> = all
        .iter()
        .filter(|p| !proofs.contains_key(*p) && !NOT_YET_PROVEN.contains(&p.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "phrases with no proof (write a scenario in tests/phrases/ with `phrase:`): {missing:#?}"
    );
    // A proof names a phrase that exists (no misspelt `phrase:`), and the list of phrases
    // still without proof names only phrases without one.
    let unknown: Vec<&String> = proofs.keys().filter(|k| !all.contains(k)).collect();
    assert!(unknown.is_empty(), "`phrase:` names no phrase: {unknown:?}");
    let stale: Vec<&&str> = NOT_YET_PROVEN
        .iter()
        .filter(|p| proofs.contains_key(**p) || !all.iter().any(|a| a == *p))
        .collect();
    assert!(
        stale.is_empty(),
        "proven now or gone: drop from NOT_YET_PROVEN: {stale:?}"
    );
}

#[test]
fn the_phrasebook_lists_the_grammar_labels_and_pack_phrases() {
    let md = phrasebook::markdown(&packs(), &proofs());
    // A built-in phrase with its example and its proof, a Saga label, a pack label and a
    // pack phrase.
    assert!(
        md.contains("| Draw N cards | Draw 2 cards. | `cards.yaml`: "),
        "{md}"
    );
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
