//! Issue 15: card text read ahead from the packs (`script::read_ahead`, while `db build`
//! fills the catalogue) goes into the sentence memo the library built from that catalogue
//! reads: the two vocabularies (the packs' labels, phrases and keywords, with the Saga
//! base pack's) are the same, and a reading told to stop reads nothing more.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use carddb::{Catalogue, Pack};
use engine::CardLibrary;
use engine::rules::battle_spirits::script::{ScriptSources, effects_read_ahead, read_ahead};

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
    let effects = effects_read_ahead();
    assert!(effects >= 20, "{effects}");
    let lib = library_of(&packs);
    assert_eq!(effects_read_ahead(), 0, "the library took what was written ahead");
    let host = lib.scripts();
    assert!(host.vocabulary().shares_readings_with(&ahead));
    // Everything the library read was read ahead (the packs hold every card it has).
    assert_eq!(host.vocabulary().sentences_read(), read);
    // The library compiled from what was written ahead is the one written anew.
    let anew = library_of(&packs);
    let anew = anew.scripts();
    let mut compared = 0;
    for id in lib.iter().map(|d| d.id.as_str()) {
        let (a, b) = (
            host.effects_of(id).unwrap_or_default(),
            anew.effects_of(id).unwrap_or_default(),
        );
        assert_eq!(a.len(), b.len(), "{id}");
        for (x, y) in a.iter().zip(b) {
            assert_eq!(
                (&x.triggers, x.may_ask, x.standing, &x.inert, x.reads_summoning),
                (&y.triggers, y.may_ask, y.standing, &y.inert, y.reads_summoning),
                "{id}"
            );
            let ast = |e: &engine::rules::battle_spirits::script::CompiledEffect| {
                e.script.as_ref().map(|a| format!("{a:?}")).ok()
            };
            assert_eq!(ast(x), ast(y), "{id}");
            compared += 1;
        }
    }
    assert!(compared >= 40, "{compared}");
    // Other declarations (the demo pack alone: no expansion label or phrase) share
    // nothing with them.
    let alone = read_ahead(&packs[..1], &stopped).unwrap();
    assert!(!alone.shares_readings_with(&ahead));
    assert_eq!(alone.sentences_read(), 0);
}
