//! `Catalogue::write_to`: a catalogue built in memory, written to a file, is the catalogue
//! `Catalogue::build` writes from the same packs (same rows, hash, cards, files, decks,
//! keywords and search), replacing only a catalogue and leaving no temporary file
//! (`db build` fills the tables once).

use std::path::Path;

use carddb::{Catalogue, Pack, SearchQuery};

fn demo() -> Pack {
    Pack::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/battle-spirits-demo"))
        .unwrap()
}

/// Everything a reader of the catalogue gets, as comparable text.
fn contents(c: &Catalogue) -> Vec<String> {
    let hits = c
        .search(&SearchQuery {
            text: Some("draw".into()),
            ..Default::default()
        })
        .unwrap();
    vec![
        c.hash().unwrap(),
        c.schema_version().unwrap().to_string(),
        format!("{:?}", c.row_counts().unwrap()),
        serde_json::to_string(&c.cards().unwrap()).unwrap(),
        format!("{:?}", c.files().unwrap()),
        format!("{:?}", c.card_packs().unwrap()),
        format!("{:?}", c.decks().unwrap()),
        format!("{:?}", c.keywords().unwrap()),
        format!("{hits:?}"),
    ]
}

#[test]
fn an_in_memory_catalogue_written_to_a_file_is_the_built_one() {
    let tmp = tempfile::tempdir().unwrap();
    let packs = [demo()];
    let (built, report) = Catalogue::build(&packs, &tmp.path().join("built.sqlite")).unwrap();
    let (mem, mem_report) = Catalogue::build_in_memory(&packs).unwrap();
    let out = tmp.path().join("written.sqlite");
    let written = mem.write_to(&out).unwrap();
    assert_eq!(written.path(), out.as_path());
    assert_eq!(mem_report.hash, report.hash);
    assert_eq!(mem_report.rows, report.rows);
    // The demo pack has cards, scripts, decks and the Saga keywords: none is empty.
    for table in ["cards", "files", "decks", "effects", "effect_texts"] {
        assert!(report.rows[table] > 0, "{table}");
    }
    assert_eq!(contents(&written), contents(&built));
    // Opened again from the file, read-only, as `play --db` opens it.
    assert_eq!(
        contents(&Catalogue::open_read_only(&out).unwrap()),
        contents(&built)
    );
    // Replacing a catalogue works; no temporary file is left beside it.
    mem.write_to(&out).unwrap();
    let mut left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["built.sqlite", "written.sqlite"]);
}

#[test]
fn write_to_replaces_only_a_catalogue() {
    let tmp = tempfile::tempdir().unwrap();
    let (mem, _) = Catalogue::build_in_memory(&[demo()]).unwrap();
    let doc = tmp.path().join("notes.sqlite");
    std::fs::write(&doc, "my notes").unwrap();
    let e = mem.write_to(&doc).err().unwrap().to_string();
    assert!(e.contains("refusing to replace"), "{e}");
    assert_eq!(std::fs::read_to_string(&doc).unwrap(), "my notes");
    let e = mem.write_to(tmp.path()).err().unwrap().to_string();
    assert!(e.contains("is a folder"), "{e}");
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}
