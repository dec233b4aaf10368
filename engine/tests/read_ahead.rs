//! Issue 15: card text read ahead from the packs (`script::read_ahead`, while `db build`
//! fills the catalogue) goes into the sentence memo the library built from that catalogue
//! reads: the two vocabularies (the packs' labels, phrases and keywords, with the Saga
//! base pack's) are the same, and a reading told to stop reads nothing more.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use carddb::{Catalogue, Pack};
use engine::CardLibrary;
use engine::rules::battle_spirits::script::{ScriptSources, read_ahead};

fn pack(name: &str) -> Pack {
    Pack::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts").join(name)).unwrap()
}

/// The library of `packs`' catalogue, read as `cardscript db build` reads it.
fn library_of(packs: &[Pack]) -> CardLibrary {
    let (cat, _) = Catalogue::build_in_memory(packs).unwrap();
    let mut sources = ScriptSources::default();
    for (pack, path, text) in cat.files().unwrap() {
        sources.add_file(&pack, &path, &text);
    }
    sources.pack_of = cat.card_packs().unwrap().into_iter().collect();
    let keywords = cat.keywords().unwrap();
    CardLibrary::with_keywords(cat.cards().unwrap(), &sources, &keywords, true).unwrap()
}

#[test]
fn text_read_ahead_is_found_by_the_library_of_the_catalogue() {
    // The expansion declares a timing label and phrases of its own; the Saga pack its
    // keywords and a phrase.
    let packs = [
        pack("battle-spirits-demo"),
        pack("battle-spirits-demo-expansion"),
    ];
    let stopped = AtomicBool::new(true);
    let ahead = read_ahead(&packs, &stopped).expect("the packs' labels and phrases read");
    assert_eq!(ahead.sentences_read(), 0, "told to stop: nothing read");
    assert!(ahead.is_quiet(), "the library reads without a did-you-mean");
    let ahead = read_ahead(&packs, &AtomicBool::new(false)).unwrap();
    let read = ahead.sentences_read();
    assert!(read >= 20, "{read}");
    assert!(!ahead.phrases().collect::<Vec<_>>().is_empty());
    assert!(!ahead.labels().is_empty());
    assert!(ahead.checks_keywords());
    let lib = library_of(&packs);
    let host = lib.scripts();
    assert!(host.vocabulary().shares_readings_with(&ahead));
    // Everything the library read was read ahead (the packs hold every card it has).
    assert_eq!(host.vocabulary().sentences_read(), read);
    // Other declarations (the demo pack alone: no expansion label or phrase) share
    // nothing with them.
    let alone = read_ahead(&packs[..1], &stopped).unwrap();
    assert!(!alone.shares_readings_with(&ahead));
    assert_eq!(alone.sentences_read(), 0);
}
