//! Test support: the real card data in `../shared/data/bss/` (test input only; never
//! copied into the repository), imported with carddb's own importer, and its deck lists.

use std::path::PathBuf;

use carddb::CardDef;

/// `shared/data/bss`, if present.
pub fn data_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bss");
    d.join("cards.jsonl").exists().then_some(d)
}

/// Every card of `cards.jsonl`, through `carddb::import::bss_json` and pack validation.
pub fn cards(dir: &std::path::Path) -> Vec<CardDef> {
    let file = dir.join("cards.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let imported = carddb::import::bss_json::import(&file, &text, "bss").unwrap();
    let pack = carddb::Pack::from_files(imported.files).unwrap();
    pack.cards.into_iter().map(|c| c.def).collect()
}

/// Every deck under `decks/` as (name, card ids), in name order.
pub fn decks(dir: &std::path::Path) -> Vec<(String, Vec<String>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let deck = carddb::deck::load_file(&f).unwrap().deck;
            (deck.name.clone(), deck.card_ids())
        })
        .collect()
}
