//! The rhai the text grammar writes from printed card text, cached per library: written
//! once (in parallel, rayon) by a library's first build and read by its builds on other
//! threads, so card text is parsed once per library.

use std::collections::BTreeMap;

use carddb::{CardDef, CardId};

/// The rhai the text grammar wrote for each effect without a script, by (card, effect),
/// with its hook (`None`: no text): filled by a library's first build and read by the
/// builds on other threads, so card text is parsed once per library.
pub type GeneratedCache = std::sync::Mutex<BTreeMap<(CardId, usize), Option<(String, String)>>>;

/// The generated rhai of effect `i` of `card`: from `cache` when a build already wrote it,
/// else `write()` (stored in `cache`).
pub(crate) fn cached_text(
    cache: Option<&GeneratedCache>,
    card: &CardId,
    i: usize,
    write: impl FnOnce() -> Option<(String, String)>,
) -> Option<(String, String)> {
    let Some(cache) = cache else {
        return write();
    };
    let key = (card.clone(), i);
    if let Some(hit) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return hit;
    }
    let out = write();
    if let Ok(mut m) = cache.lock() {
        m.insert(key, out.clone());
    }
    out
}

/// Writes into `cache`, in parallel (rayon), the rhai of every effect of `defs` the build
/// would write from printed text (no script of its own) and the cache does not hold yet:
/// reading card text is most of a library build. Each result depends only on
/// its effect and `vocab`, and is stored under its own key, so the build that reads the
/// cache afterwards sees what it would have written itself, in any order.
pub(crate) fn prefill_text(cache: &GeneratedCache, defs: &[&CardDef], vocab: &dsl::Vocabulary) {
    use rayon::prelude::*;
    let have = |k: &(CardId, usize)| cache.lock().is_ok_and(|m| m.contains_key(k));
    let jobs: Vec<((CardId, usize), &carddb::Effect)> = defs
        .iter()
        .flat_map(|d| d.effects.iter().enumerate().map(move |(i, e)| (d, i, e)))
        .filter(|(_, _, e)| e.script.is_none() && e.script_file.is_none())
        .map(|(d, i, e)| ((d.id.clone(), i), e))
        .filter(|(k, _)| !have(k))
        .collect();
    // A few effects are not worth waking the thread pool for.
    if jobs.len() < 32 {
        return;
    }
    // Reprints print the same effect: each distinct effect (all its fields, as JSON) is
    // read once.
    let mut distinct: BTreeMap<String, usize> = BTreeMap::new();
    let mut unique: Vec<&carddb::Effect> = Vec::new();
    let slots: Vec<usize> = jobs
        .iter()
        .map(|(_, e)| {
            let key = serde_json::to_string(e).expect("an effect serialises");
            *distinct.entry(key).or_insert_with(|| {
                unique.push(e);
                unique.len() - 1
            })
        })
        .collect();
    let mut keys: Vec<Option<&String>> = vec![None; unique.len()];
    for (key, &slot) in &distinct {
        keys[slot] = Some(key);
    }
    // What `read_ahead` wrote with the same declarations is what this build would write;
    // while it is still writing, the build takes each effect from it or writes it itself
    // (`readahead::written_or_write`), the two meeting halfway.
    let ahead = match super::readahead::written_with(vocab) {
        Some(super::readahead::Written::Running) => return,
        Some(super::readahead::Written::Done(m)) => m,
        None => BTreeMap::new(),
    };
    let written: Vec<_> = unique
        .into_par_iter()
        .zip(keys)
        .map(|(e, key)| match key.and_then(|k| ahead.get(k)) {
            Some(hit) => hit.clone(),
            None => super::host::generated_with_hook_in(e, vocab),
        })
        .collect();
    if let Ok(mut m) = cache.lock() {
        m.extend(
            jobs.into_iter()
                .zip(slots)
                .map(|((k, _), slot)| (k, written[slot].clone())),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Synthetic cards, one effect of the project's original text corpus each.
    fn corpus_cards() -> Vec<CardDef> {
        let corpus = include_str!("../../../../../dsl/tests/texts/en_original.txt");
        corpus
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .enumerate()
            .map(|(n, l)| {
                let mut e = crate::rules::battle_spirits::testkit::effect("When Summoned", "");
                e.script = None;
                e.timing = None;
                e.text = [("en".to_string(), l.to_string())].into_iter().collect();
                crate::rules::battle_spirits::testkit::scripted_spirit(
                    &format!("T-{n:03}"),
                    1,
                    1000,
                    vec![e],
                )
            })
            .collect()
    }

    #[test]
    fn the_parallel_prefill_writes_what_each_effect_writes_alone() {
        let cards = corpus_cards();
        assert!(cards.len() >= 100, "{}", cards.len());
        let defs: Vec<&CardDef> = cards.iter().collect();
        let vocab = dsl::Vocabulary::default().quiet();
        let cache = GeneratedCache::default();
        prefill_text(&cache, &defs, &vocab);
        let m = cache.lock().unwrap();
        assert_eq!(m.len(), cards.len());
        let mut written = 0;
        for d in &cards {
            let alone = super::super::host::generated_with_hook_in(&d.effects[0], &vocab);
            written += usize::from(alone.is_some());
            assert_eq!(m[&(d.id.clone(), 0)], alone, "{}", d.id);
        }
        assert_eq!(written, cards.len(), "every effect has text");
        let m = {
            let copy = m.clone();
            drop(m);
            copy
        };
        // Reprints (the same effect on other cards) get what their first printing got.
        let reprints: Vec<CardDef> = cards
            .iter()
            .take(20)
            .map(|c| {
                let mut r = c.clone();
                r.id = format!("R-{}", c.id);
                r
            })
            .collect();
        let both: Vec<&CardDef> = cards.iter().chain(&reprints).collect();
        let again = GeneratedCache::default();
        prefill_text(&again, &both, &vocab);
        let again = again.lock().unwrap();
        for r in &reprints {
            let first = &r.id.as_str()[2..];
            assert_eq!(
                again[&(r.id.clone(), 0)],
                m[&(first.to_string(), 0)],
                "{}",
                r.id
            );
        }
        assert_eq!(again.len(), cards.len() + reprints.len());
        drop(again);
        // A second build finds everything cached: nothing is written again.
        let before = cache.lock().unwrap().clone();
        prefill_text(&cache, &defs, &vocab);
        assert_eq!(*cache.lock().unwrap(), before);
    }
}
