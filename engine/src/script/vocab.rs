//! The text vocabulary of a library's packs (issue 12 item 3): the timing labels
//! (`labels/*.yaml`) and phrases (`phrases/*.yaml`) the packs declared, read from the
//! script sources (the catalogue keeps those files), turned into a [`dsl::Vocabulary`]
//! the text grammar parses with; and the triggers of an effect's printed label with the
//! pack labels known.

use carddb::lang::{LabelDef, PhraseDef};
use dsl::vocab::{LabelEntry, PhraseEntry};

use super::hooks::{self, Trigger};
use super::host::{ScriptError, ScriptOrigin, ScriptSources};

/// The labels and phrases of every pack in `sources` (packs in name order, files in path
/// order), as a vocabulary. Errors ([`ScriptError::Module`] naming the file): a file that
/// does not read, a label whose `hook` is not an engine hook, a phrase that does not
/// compile. Keyword declarations come with `keywords` (name, other names, value kind).
pub fn of_sources(
    sources: &ScriptSources,
    keywords: Vec<dsl::vocab::KeywordEntry>,
) -> Result<dsl::Vocabulary, ScriptError> {
    let mut labels = Vec::new();
    let mut phrases = Vec::new();
    let mut phrase_files = Vec::new();
    let fail = |pack: &str, path: &str, message: String| ScriptError::Module {
        origin: ScriptOrigin::File {
            pack: pack.to_string(),
            path: path.to_string(),
        },
        message,
    };
    for (pack, files) in &sources.files {
        for (path, text) in files {
            if path.starts_with("labels/") {
                for l in
                    carddb::lang::parse_items::<LabelDef>(text).map_err(|m| fail(pack, path, m))?
                {
                    let hook = l.hook_name();
                    if hooks::from_hook_name(&hook).is_none() {
                        return Err(fail(
                            pack,
                            path,
                            format!(
                                "`{hook}` is not an engine hook (e.g. when_attacks, when_summoned, end_of_your_turn) nor a valid event"
                            ),
                        ));
                    }
                    labels.push(LabelEntry {
                        texts: l.texts().cloned().collect(),
                        hook,
                    });
                }
            } else if path.starts_with("phrases/") {
                for p in
                    carddb::lang::parse_items::<PhraseDef>(text).map_err(|m| fail(pack, path, m))?
                {
                    phrases.push(PhraseEntry {
                        template: p.template,
                        rhai: p.rhai,
                    });
                    phrase_files.push((pack.clone(), path.clone()));
                }
            }
        }
    }
    dsl::Vocabulary::new(keywords, labels, phrases).map_err(|es| {
        let e = &es[0];
        let (pack, path) = match e.what {
            "phrase" => phrase_files.get(e.index).cloned().unwrap_or_default(),
            _ => Default::default(),
        };
        fail(&pack, &path, e.message.clone())
    })
}

/// The triggers of one effect ([`hooks::of_effect`]), a printed label that a pack declared
/// included (its hook: an engine hook or a pack event, [`Trigger::OnEvent`]).
/// `Err(label)` for a label nobody declared.
pub fn of_effect_in(e: &carddb::Effect, vocab: &dsl::Vocabulary) -> Result<Vec<Trigger>, String> {
    match hooks::of_effect(e) {
        Ok(t) => Ok(t),
        Err(label) => {
            let hook = vocab.label_hook(&label).ok_or_else(|| label.clone())?;
            let t = hooks::from_hook_name(hook).ok_or(label)?;
            if e.steps.contains(&carddb::Step::Burst) {
                return Ok(t.into_iter().map(Trigger::as_burst).collect());
            }
            Ok(t)
        }
    }
}

/// Every timing label the engine knows by its text, for did-you-mean help: the Saga
/// labels and the packs' declared ones.
pub fn known_labels(vocab: &dsl::Vocabulary) -> Vec<String> {
    let mut v: Vec<String> = carddb::import::bss_json::SAGA_TIMINGS
        .iter()
        .map(|s| s.to_string())
        .collect();
    for l in vocab.labels() {
        v.extend(l.texts.iter().cloned());
    }
    v
}
