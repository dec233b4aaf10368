//! The real card data (`../shared/data/bss/`) builds a library with scripts checked: every
//! printed timing label of a scripted effect maps, unscripted effects never block a build.
//! Skips when the data folder is absent.

mod support;

use engine::CardLibrary;
use engine::script::{ScriptSources, hooks};
use support::bss;

#[test]
fn real_cards_build_and_their_timing_labels_map() {
    let Some(dir) = bss::data_dir() else {
        eprintln!("skipped: ../shared/data/bss not found");
        return;
    };
    let cards = bss::cards(&dir);
    let mut unmapped = std::collections::BTreeMap::<String, usize>::new();
    let mut total = 0;
    for c in &cards {
        for e in &c.effects {
            if let Some(t) = &e.timing {
                total += 1;
                if hooks::from_label(t).is_none() && hooks::from_hook_name(t).is_none() {
                    *unmapped.entry(t.clone()).or_default() += 1;
                }
            }
        }
    }
    let missed: usize = unmapped.values().sum();
    eprintln!("timing labels: {total}, unmapped: {missed} {unmapped:?}");
    assert_eq!(missed, 0, "{unmapped:?}");
    CardLibrary::with_scripts(cards, &ScriptSources::default()).unwrap();
}
