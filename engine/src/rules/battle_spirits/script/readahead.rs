//! Card text read ahead: while `db build` and `lint` fill the catalogue, a thread
//! writes the rhai of the packs' card text ([`read_ahead`]); the library then built from
//! that catalogue takes each effect from it instead of writing it again. The thread goes
//! through the effects in the reverse of the library's order and the library's build in
//! its own order, writing what is not written yet, so the two meet halfway.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The rhai and hook written for one effect (`None`: no text), by the effect's JSON.
type ByEffect = BTreeMap<String, Option<(String, String)>>;

/// What [`read_ahead`] writes: the vocabulary it reads with, what is written, and whether
/// it is still writing.
struct Ahead {
    vocab: dsl::Vocabulary,
    written: ByEffect,
    running: bool,
}

static AHEAD: Mutex<Option<Ahead>> = Mutex::new(None);

/// Writes ahead the rhai of the effects without a script of `packs`' cards (with the Saga
/// base pack a Battle Spirits catalogue adds), with the vocabulary a library of the
/// catalogue of `packs` has: one distinct effect at a time, cards in descending id order,
/// until `stop` is set or every effect is written (by it or by a library's build). A library
/// build whose vocabulary has the same declarations takes from it what this wrote instead
/// of writing it again; the sentences read are also in the memo that vocabulary shares
/// (`dsl::Vocabulary`). Changes nothing else. Returns the vocabulary used; `None` when the
/// packs' labels or phrases do not read (nothing is written ahead).
pub fn read_ahead(packs: &[carddb::Pack], stop: &AtomicBool) -> Option<dsl::Vocabulary> {
    let saga = carddb::base::SAGA_NAME;
    let needs_saga = packs
        .iter()
        .any(|p| p.manifest.game == carddb::GameKind::BattleSpirits)
        && !packs.iter().any(|p| p.manifest.name == saga);
    let base = if needs_saga {
        Some(carddb::base::saga().ok()?)
    } else {
        None
    };
    let all: Vec<&carddb::Pack> = base.iter().chain(packs).collect();
    // As the catalogue stores them (`carddb::catalogue::fill`, `Catalogue::keywords`).
    let (sources, keywords) = super::ScriptSources::of_packs(all.iter().copied());
    let entries = super::vocab::keyword_entries(&keywords);
    let vocab = super::vocab::of_sources(&sources, entries, None)
        .ok()?
        .quiet();
    if let Ok(mut a) = AHEAD.lock() {
        *a = Some(Ahead {
            vocab: vocab.clone(),
            written: BTreeMap::new(),
            running: true,
        });
    }
    // The library's order is by card id, then effect: this is its reverse.
    let mut cards: Vec<&carddb::CardDef> = all
        .iter()
        .flat_map(|p| p.cards.iter().map(|c| &c.def))
        .collect();
    cards.sort_by(|a, b| b.id.cmp(&a.id));
    let effects = cards.iter().flat_map(|c| c.effects.iter().rev());
    for e in effects.filter(|e| e.script.is_none() && e.script_file.is_none()) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let key = serde_json::to_string(e).expect("an effect serialises");
        if written(&key, &vocab).is_some() {
            continue;
        }
        let out = super::host::generated_with_hook_in(e, &vocab);
        publish(key, out, &vocab);
    }
    if let Ok(mut a) = AHEAD.lock()
        && let Some(a) = a.as_mut()
    {
        a.running = false;
    }
    Some(vocab)
}

/// What was written ahead for the effect `key` with `vocab`'s declarations.
fn written(key: &str, vocab: &dsl::Vocabulary) -> Option<Option<(String, String)>> {
    let a = AHEAD.lock().ok()?;
    let a = a.as_ref().filter(|a| a.vocab.shares_readings_with(vocab))?;
    a.written.get(key).cloned()
}

/// Records what was written for the effect `key` (the first writing stays).
fn publish(key: String, out: Option<(String, String)>, vocab: &dsl::Vocabulary) {
    if let Ok(mut a) = AHEAD.lock()
        && let Some(a) = a.as_mut().filter(|a| a.vocab.shares_readings_with(vocab))
    {
        a.written.entry(key).or_insert(out);
    }
}

/// The state of the writing ahead with `vocab`'s declarations, for a library's first
/// build (`textcache::prefill_text`).
pub(crate) enum Written {
    /// Still writing: the build takes effect by effect ([`written_or_write`]).
    Running,
    /// Done: what was written.
    Done(ByEffect),
}

/// [`Written`] for `vocab`'s declarations; `None` when nothing was written ahead with them.
pub(crate) fn written_with(vocab: &dsl::Vocabulary) -> Option<Written> {
    let a = AHEAD.lock().ok()?;
    let a = a.as_ref().filter(|a| a.vocab.shares_readings_with(vocab))?;
    Some(if a.running {
        Written::Running
    } else {
        Written::Done(a.written.clone())
    })
}

/// The rhai and hook of effect `e` with `vocab`: what was written ahead with the same
/// declarations, else written now (and recorded, so the writing ahead skips it).
pub(crate) fn written_or_write(
    e: &carddb::Effect,
    vocab: &dsl::Vocabulary,
) -> Option<(String, String)> {
    let ahead = AHEAD.lock().is_ok_and(|a| {
        a.as_ref()
            .is_some_and(|a| a.vocab.shares_readings_with(vocab))
    });
    if !ahead {
        return super::host::generated_with_hook_in(e, vocab);
    }
    let key = serde_json::to_string(e).expect("an effect serialises");
    if let Some(hit) = written(&key, vocab) {
        return hit;
    }
    let out = super::host::generated_with_hook_in(e, vocab);
    publish(key, out.clone(), vocab);
    out
}

/// How many distinct effects are written ahead (by [`read_ahead`] or by a library's build
/// taking from it).
pub fn effects_read_ahead() -> usize {
    AHEAD
        .lock()
        .ok()
        .and_then(|a| a.as_ref().map(|a| a.written.len()))
        .unwrap_or(0)
}

/// Forgets what was written ahead (its memory; the library built from it is unchanged).
pub fn forget_read_ahead() {
    if let Ok(mut a) = AHEAD.lock() {
        *a = None;
    }
}
