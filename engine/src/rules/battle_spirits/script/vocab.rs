//! The text vocabulary of a library's packs: the timing labels
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
/// does not read, a label whose text is already an engine label or whose `hook` is not an
/// engine hook, a phrase that does not
/// compile (with `engine`: also a phrase whose rhai, its slots filled with sample values,
/// has a syntax error — [`ScriptError::Syntax`] with the line in the rhai). Keyword
/// declarations come with `keywords` (name, other names, value kind).
pub fn of_sources(
    sources: &ScriptSources,
    keywords: Vec<dsl::vocab::KeywordEntry>,
    engine: Option<&rhai::Engine>,
) -> Result<dsl::Vocabulary, ScriptError> {
    match of_sources_skipping(sources, keywords, engine) {
        (v, None) => Ok(v),
        (_, Some(e)) => Err(e),
    }
}

/// As [`of_sources`], but a file with a mistake (a label or phrase that does not read or
/// compile) is left out and the others are kept: the vocabulary of every other file, and
/// the first mistake (a lenient library plays with the rest and reports it at its file).
pub fn of_sources_skipping(
    sources: &ScriptSources,
    keywords: Vec<dsl::vocab::KeywordEntry>,
    engine: Option<&rhai::Engine>,
) -> (dsl::Vocabulary, Option<ScriptError>) {
    let mut labels = Vec::new();
    let mut phrases = Vec::new();
    let mut phrase_files = Vec::new();
    let mut first = None;
    for (pack, files) in &sources.files {
        for (path, text) in files {
            let (mut l, mut p) = (Vec::new(), Vec::new());
            match read_file(pack, path, text, engine, &mut l, &mut p) {
                Ok(()) => {
                    labels.append(&mut l);
                    phrase_files.extend(p.iter().map(|_| (pack.clone(), path.clone())));
                    phrases.append(&mut p);
                }
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
    }
    // A phrase whose template does not compile: reported, left out, the rest read again.
    loop {
        match dsl::Vocabulary::new(keywords.clone(), labels.clone(), phrases.clone()) {
            Ok(v) => return (v, first),
            Err(es) => {
                let e = &es[0];
                let (pack, path) = match e.what {
                    "phrase" => phrase_files.get(e.index).cloned().unwrap_or_default(),
                    _ => Default::default(),
                };
                first.get_or_insert_with(|| fail(&pack, &path, e.message.clone()));
                match e.what {
                    "phrase" if e.index < phrases.len() => {
                        phrases.remove(e.index);
                        phrase_files.remove(e.index);
                    }
                    "label" if e.index < labels.len() => {
                        labels.remove(e.index);
                    }
                    _ => {
                        let v = dsl::Vocabulary::new(keywords, Vec::new(), Vec::new())
                            .unwrap_or_default();
                        return (v, first);
                    }
                }
            }
        }
    }
}

fn fail(pack: &str, path: &str, message: String) -> ScriptError {
    ScriptError::Module {
        origin: ScriptOrigin::File {
            pack: pack.to_string(),
            path: path.to_string(),
        },
        message,
    }
}

/// The labels and phrases of one file, pushed to `labels` and `phrases`.
fn read_file(
    pack: &str,
    path: &str,
    text: &str,
    engine: Option<&rhai::Engine>,
    labels: &mut Vec<LabelEntry>,
    phrases: &mut Vec<PhraseEntry>,
) -> Result<(), ScriptError> {
    if path.starts_with("labels/") {
        for l in carddb::lang::parse_items::<LabelDef>(text).map_err(|m| fail(pack, path, m))? {
            if let Some(t) = l.texts().find(|t| hooks::from_label(t).is_some()) {
                return Err(fail(
                    pack,
                    path,
                    format!(
                        "`{t}` is already an engine timing label: a pack label needs a text of its own"
                    ),
                ));
            }
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
            // The modules of the pack's `lib/` the condition names (`grove::lit()`).
            let prelude: String = (l.while_.iter())
                .flat_map(|c| module_names(c))
                .map(|m| format!("import \"{pack}:lib/{m}\" as {m}; "))
                .collect();
            if let (Some(cond), Some(engine)) = (&l.while_, engine) {
                // BS-8.1: the state is read as a boolean expression.
                let probe = format!("{prelude}if ({cond}) {{}}");
                engine.compile(&probe).map_err(|e| {
                    fail(
                        pack,
                        path,
                        format!("`while: {cond}` is not a rhai expression: {e}"),
                    )
                })?;
            }
            labels.push(LabelEntry {
                texts: l.texts().cloned().collect(),
                hook,
                condition: l.while_.clone(),
                prelude,
            });
        }
    } else if path.starts_with("phrases/") {
        for p in carddb::lang::parse_items::<PhraseDef>(text).map_err(|m| fail(pack, path, m))? {
            if let Some(engine) = engine {
                check_rhai(engine, pack, path, &p)?;
            }
            phrases.push(PhraseEntry {
                template: p.template,
                // Its imports are its own pack's `lib/`, in any card's script.
                rhai: crate::script::sandbox::qualify_imports(&p.rhai, pack),
                whole_effect: p.whole_effect,
            });
        }
    }
    Ok(())
}

/// A phrase's rhai with each slot replaced by a sample value of its kind must compile.
fn check_rhai(
    engine: &rhai::Engine,
    pack: &str,
    path: &str,
    p: &PhraseDef,
) -> Result<(), ScriptError> {
    use dsl::vocab::{Piece, SlotKind as K};
    // A template that does not parse is reported by `Vocabulary::new`.
    let Ok(pieces) = dsl::vocab::parse_template(&p.template, &p.rhai) else {
        return Ok(());
    };
    let mut src = p.rhai.clone();
    for piece in &pieces {
        if let Piece::Slot(name, kind) = piece {
            let sample = match kind {
                K::Number => "1",
                K::Colour => "\"red\"",
                K::Family => "\"Family\"",
                K::Target => "this_card()",
                K::Filter => "my_spirits()",
                K::Duration => "\"turn\"",
                K::Sentence => "draw(1);",
                K::Keyword => "\"Keyword\"",
                K::Pronoun => "this_card()",
                K::Event => "ev_end_of_turn()",
                K::Condition => "(true)",
            };
            src = src.replace(&format!("{{{name}}}"), sample);
        }
    }
    engine.compile(&src).map(|_| ()).map_err(|e| {
        crate::script::syntax(
            &ScriptOrigin::File {
                pack: pack.to_string(),
                path: format!("{path} (phrase `{}`)", p.template),
            },
            &e,
        )
    })
}

/// The triggers of one effect ([`hooks::of_effect`]), a printed label that a pack declared
/// included (its hook: an engine hook or a pack event, [`Trigger::OnEvent`]).
/// `Err(label)` for a label nobody declared.
pub fn of_effect_in(e: &carddb::Effect, vocab: &dsl::Vocabulary) -> Result<Vec<Trigger>, String> {
    match hooks::of_effect(e) {
        Ok(t) => Ok(t),
        Err(label) => {
            let t = label_triggers(&label, vocab).ok_or(label)?;
            if e.steps.contains(&carddb::Step::Burst) {
                return Ok(t.into_iter().map(Trigger::as_burst).collect());
            }
            Ok(t)
        }
    }
}

/// An effect's script under a `while` label (BS-8.1): its statements run only while the
/// label's state holds (on the script's first line: its line numbers stay); any other
/// effect's script unchanged.
pub fn under_label(timing: Option<&str>, vocab: &dsl::Vocabulary, src: String) -> String {
    let Some(label) = timing else {
        return src;
    };
    match vocab.label_condition(label) {
        Some(cond) => format!("{}if ({cond}) {{ {src}\n}}", vocab.label_prelude(label)),
        None => src,
    }
}

/// The module names a rhai expression calls through (`grove` of `grove::lit()`), each once.
fn module_names(expr: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (at, _) in expr.match_indices("::") {
        let name: String = expr[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The triggers of a printed timing label: an engine label, else one a pack declared.
/// A Japanese label reads as the Japanese grammar reads its 『…』 header.
pub fn label_triggers(label: &str, vocab: &dsl::Vocabulary) -> Option<Vec<Trigger>> {
    hooks::from_label(label)
        .or_else(|| vocab.label_hook(label).and_then(hooks::from_hook_name))
        .or_else(|| {
            let t = dsl::ja_label_timing(label)?;
            hooks::from_hook_name(&dsl::compile::hook_name(Some(&t)))
        })
}

/// The declared keywords as the text grammar sees them: name, other-language names, the
/// kind of value a card writes after the name.
pub fn keyword_entries(keywords: &[carddb::LoadedKeyword]) -> Vec<dsl::vocab::KeywordEntry> {
    keywords
        .iter()
        .map(|k| dsl::vocab::KeywordEntry {
            name: k.def.name.clone(),
            other_names: k.def.names.values().cloned().collect(),
            value: value_kind(k.def.value),
        })
        .collect()
}

/// A declaration's value kind as the text grammar checks it.
pub(crate) fn value_kind(v: carddb::keyword::ValueKind) -> dsl::vocab::ValueKind {
    use carddb::keyword::ValueKind as V;
    use dsl::vocab::ValueKind as D;
    match v {
        V::None => D::None,
        V::Number => D::Number,
        V::Colours => D::Colours,
        V::Condition => D::Condition,
        V::Word => D::Word,
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

/// What [`check_pack`] found.
#[derive(Debug, Clone, Default)]
pub struct PackCheck {
    /// Mistakes in the pack's own declarations: a keyword declaration's unknown timing
    /// label. Always errors.
    pub errors: Vec<carddb::Diagnostic>,
    /// What a card names that no pack declares: an unknown timing label, a keyword value
    /// that does not fit its declared kind. Errors for `db build` and `lint`, gaps with
    /// `--allow-gaps` (the effect inert); each help says how to declare it.
    pub gaps: Vec<carddb::Diagnostic>,
    /// Card keywords no pack declares, with a did-you-mean and the declared names.
    pub undeclared: Vec<carddb::Diagnostic>,
}

/// A card keyword's value as the text after its name (`2`, `purple/white`).
pub(crate) fn value_text(v: &carddb::KeywordValue) -> String {
    match v {
        carddb::KeywordValue::Number(n) => n.to_string(),
        carddb::KeywordValue::Word(w) => w.clone(),
        carddb::KeywordValue::List(l) => l.iter().map(value_text).collect::<Vec<_>>().join("/"),
    }
}

/// Checks a loaded pack against the vocabulary its library was built with, each mistake at its file and line with a did-you-mean and the valid values:
/// every effect's and keyword's timing label (on cards and in the pack's keyword
/// declarations) is an engine label or a declared one; every card keyword is declared
/// (when the packs declare keywords) with a value of its kind.
///
/// Returns the declaration mistakes, the cards' unknown labels and values, and apart the
/// card keywords no pack declares (they do nothing); every help says how to declare what
/// is missing ([`super::declare_help`]).
pub fn check_pack(pack: &carddb::Pack, vocab: &dsl::Vocabulary) -> PackCheck {
    use carddb::yamlfile::{YamlFile, join};
    let mut undeclared = Vec::new();
    let labels = known_labels(vocab);
    let label_ok = |l: &str| {
        let e = carddb::Effect {
            timing: Some(l.to_string()),
            ..carddb::Effect::default()
        };
        of_effect_in(&e, vocab).is_ok()
    };
    let mut out = Vec::new();
    let mut gaps = Vec::new();
    let help = |suggestion: String, how: String| Some(format!("{suggestion}; {how}"));
    // The timing labels of the pack's keyword declarations.
    for (def, rel) in &pack.keywords {
        let Some(text) = pack.files.files.get(rel) else {
            continue;
        };
        let file = YamlFile::new(&pack.files, rel, text);
        for (j, e) in def.effects.iter().enumerate() {
            if let Some(l) = &e.timing
                && label_triggers(l, vocab).is_none()
            {
                out.push(file.error(
                    &format!("effects[{j}].timing"),
                    format!("unknown timing label `{l}`"),
                    Some(carddb::lang::suggest(l, labels.iter().map(String::as_str))),
                ));
            }
        }
    }
    for card in &pack.cards {
        let Some(text) = pack.files.files.get(&card.file) else {
            continue;
        };
        let file = YamlFile::new(&pack.files, &card.file, text);
        let c = &card.def;
        let mut bad_label = |path: String, l: &str| {
            if !label_ok(l) {
                gaps.push(file.error(
                    &join(&card.prefix, &path),
                    format!("unknown timing label `{l}`"),
                    help(
                        carddb::lang::suggest(l, labels.iter().map(String::as_str)),
                        super::declare_help::label(l),
                    ),
                ));
            }
        };
        for (i, e) in c.effects.iter().enumerate() {
            if let Some(l) = &e.timing {
                bad_label(format!("effects[{i}].timing"), l);
            }
        }
        for (i, k) in c.keywords.iter().enumerate() {
            if let Some(l) = &k.timing {
                bad_label(format!("keywords[{i}].timing"), l);
            }
        }
        for (i, k) in c.keywords.iter().enumerate() {
            let value = k.value.as_ref().map(value_text);
            match vocab.keyword(&k.name) {
                dsl::vocab::KeywordCheck::Unchecked => {}
                dsl::vocab::KeywordCheck::Unknown { valid, .. } => undeclared.push(file.error(
                    &join(&card.prefix, &format!("keywords[{i}].name")),
                    format!("unknown keyword `{}`", k.name),
                    help(
                        carddb::lang::suggest(&k.name, valid.iter().map(String::as_str)),
                        super::declare_help::keyword(&k.name, value.as_deref()),
                    ),
                )),
                dsl::vocab::KeywordCheck::Known(d) => {
                    if let Err(why) = d.value.check(value.as_deref()) {
                        gaps.push(file.error(
                            &join(&card.prefix, &format!("keywords[{i}].value")),
                            format!("keyword `{}` {why}", d.name),
                            Some(super::declare_help::value(
                                &d.name,
                                d.value.name(),
                                value.as_deref(),
                            )),
                        ));
                    }
                }
            }
        }
    }
    PackCheck {
        errors: out,
        gaps,
        undeclared,
    }
}
