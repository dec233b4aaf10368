//! Card text written ahead from the packs (`script::read_ahead`, while `db build`
//! fills the catalogue and builds its library) is what the library built from that
//! catalogue takes: the two vocabularies (the packs' labels, phrases and keywords, with
//! the Saga base pack's) are the same, a writing told to stop writes nothing more, and the
//! library compiled from what was written ahead — finished, or still being written while
//! the library is built — is the library compiled without it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use carddb::{Catalogue, Pack};
use engine::CardLibrary;
use engine::rules::battle_spirits::script::{
    CompiledEffect, ScriptSources, effects_read_ahead, forget_read_ahead, read_ahead,
};

fn pack(name: &str) -> Pack {
    Pack::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scripts")
            .join(name),
    )
    .unwrap()
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

/// Every compiled effect of `lib` as comparable text; how many.
fn compiled(lib: &CardLibrary) -> (Vec<String>, usize) {
    let host = lib.scripts();
    let mut out = Vec::new();
    let mut n = 0;
    for d in lib.iter() {
        for e in host.effects_of(&d.id).unwrap_or_default() {
            let CompiledEffect {
                triggers,
                may_ask,
                standing,
                inert,
                reads_summoning,
                script,
                ..
            } = e;
            let ast = script.as_ref().map(|a| format!("{a:?}"));
            out.push(format!(
                "{} {triggers:?} {may_ask} {standing} {inert:?} {reads_summoning} {ast:?}",
                d.id
            ));
            n += 1;
        }
    }
    (out, n)
}

#[test]
fn text_written_ahead_is_what_the_library_of_the_catalogue_takes() {
    // The expansion declares a timing label and phrases of its own; the Saga pack its
    // keywords and a phrase.
    let packs = [
        pack("battle-spirits-demo"),
        pack("battle-spirits-demo-expansion"),
    ];
    let stopped = AtomicBool::new(true);
    let ahead = read_ahead(&packs, &stopped).expect("the packs' labels and phrases read");
    assert_eq!(ahead.sentences_read(), 0, "told to stop: nothing read");
    assert_eq!(effects_read_ahead(), 0);
    assert!(ahead.is_quiet(), "the library reads without a did-you-mean");
    let ahead = read_ahead(&packs, &AtomicBool::new(false)).unwrap();
    let read = ahead.sentences_read();
    assert!(read >= 20, "{read}");
    let effects = effects_read_ahead();
    assert!(effects >= 20, "{effects}");
    assert!(ahead.phrases().next().is_some());
    assert!(!ahead.labels().is_empty());
    assert!(ahead.checks_keywords());
    let lib = library_of(&packs);
    let host = lib.scripts();
    assert!(host.vocabulary().shares_readings_with(&ahead));
    // The library wrote nothing of its own: every effect was written ahead (the packs
    // hold every card it has), every sentence read.
    assert_eq!(effects_read_ahead(), effects);
    assert_eq!(host.vocabulary().sentences_read(), read);
    let (from_ahead, n) = compiled(&lib);
    assert!(n >= 40, "{n}");
    forget_read_ahead();
    assert_eq!(effects_read_ahead(), 0);
    let (anew, _) = compiled(&library_of(&packs));
    assert_eq!(from_ahead, anew);
    // Written ahead while the library is built, as `db build` does: the same library.
    let stop = AtomicBool::new(false);
    let both = std::thread::scope(|s| {
        s.spawn(|| read_ahead(&packs, &stop));
        let lib = library_of(&packs);
        stop.store(true, Ordering::Relaxed);
        lib
    });
    assert_eq!(compiled(&both).0, anew);
    forget_read_ahead();
    // Other declarations (the demo pack alone: no expansion label or phrase) share
    // nothing with them.
    let alone = read_ahead(&packs[..1], &stopped).unwrap();
    assert!(!alone.shares_readings_with(&ahead));
    assert_eq!(alone.sentences_read(), 0);
    forget_read_ahead();
}
