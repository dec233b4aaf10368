//! A pack's additions to the card-text language: timing labels
//! (`labels/*.yaml`) and phrases (`phrases/*.yaml`). Read and checked here with located
//! errors; the engine turns them into the parser's vocabulary (`dsl::Vocabulary`).
//!
//! ```yaml
//! # labels/links.yaml — a new timing label
//! en: [When This Spirit Links]
//! ja: [このスピリットのリンク時]
//! event: links      # scripts raise it: raise_event("links", card)
//! which: this       # whose card the event must be about: this | yours | opponents | any
//!
//! # phrases/gain-cores.yaml — one phrase (or a list of them)
//! template: Gain {n:number} cores from the void
//! rhai: gain_cores({n});
//! ```

use serde::{Deserialize, Serialize};

use crate::error::{Diagnostic, did_you_mean};
use crate::source::PackFiles;
use crate::yamlfile::YamlFile;

/// Whose card a pack event must be about for a label's effect to work.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Which {
    /// The card that has the effect ("When This Spirit Links").
    #[default]
    This,
    /// Any card of the effect's controller.
    Yours,
    /// Any card of the opponent.
    Opponents,
    /// Any card.
    Any,
}

impl Which {
    /// Every value.
    pub const ALL: [Which; 4] = [Which::This, Which::Yours, Which::Opponents, Which::Any];

    /// The value named `s` (as in declarations).
    pub fn parse(s: &str) -> Option<Which> {
        Which::ALL.into_iter().find(|w| w.name() == s)
    }

    /// The word used in declarations and hook names.
    pub fn name(self) -> &'static str {
        match self {
            Which::This => "this",
            Which::Yours => "yours",
            Which::Opponents => "opponents",
            Which::Any => "any",
        }
    }
}

/// `labels/<name>.yaml`: a timing label a pack adds. Either an `event` (a new event, raised
/// by the engine or by a script with `raise_event(event, card)`) with `which`, or the `hook`
/// of an engine timing this label is another text for (`when_attacks`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelDef {
    /// The printed English texts (Title Case, as on cards).
    #[serde(default)]
    pub en: Vec<String>,
    /// The printed Japanese texts.
    #[serde(default)]
    pub ja: Vec<String>,
    /// The event's name: lower-case letters, digits and `-`, at most 23 bytes.
    #[serde(default)]
    pub event: Option<String>,
    /// Whose card the event must be about (default `this`).
    #[serde(default)]
    pub which: Which,
    /// Or: the engine hook this label stands for (`when_attacks`, `end_of_your_turn`).
    #[serde(default)]
    pub hook: Option<String>,
    /// Or: a state the label's effects apply while it holds (BS-8.1, like the engine's
    /// "While This Spirit Attacks"): a rhai boolean expression, read in the effect's card's
    /// context (`count(my_spirits().family(["Lanternkin"])) >= 2`, or a call to a
    /// function of the pack's `lib/`). Its effects are constant effects.
    #[serde(default, rename = "while")]
    pub while_: Option<String>,
    /// What the label means, in the author's words.
    #[serde(default)]
    pub description: Option<String>,
}

/// The longest event name (bytes): the engine keeps event names inline.
pub const MAX_EVENT_NAME: usize = 23;

impl LabelDef {
    /// The hook name effects with this label register at: `on_<event>_<which>` for an
    /// event, `constant` for a `while` label, else the declared engine hook.
    pub fn hook_name(&self) -> String {
        match (&self.event, &self.while_) {
            (Some(e), _) => format!("on_{e}_{}", self.which.name()),
            (None, Some(_)) => "constant".into(),
            (None, None) => self.hook.clone().unwrap_or_default(),
        }
    }

    /// Every printed text (English, then Japanese).
    pub fn texts(&self) -> impl Iterator<Item = &String> {
        self.en.iter().chain(&self.ja)
    }
}

/// `phrases/<name>.yaml`: a sentence template with typed slots and the rhai it stands for
/// (`dsl::vocab::PhraseEntry`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhraseDef {
    /// Literal words (case-insensitive) and `{name:kind}` slots; kinds: number, colour,
    /// family, target, filter, duration, sentence, keyword, pronoun, event, condition.
    pub template: String,
    /// The rhai; `{name}` is replaced by the slot's value.
    pub rhai: String,
    /// What the phrase means, in the author's words.
    #[serde(default)]
    pub description: Option<String>,
    /// The sentence states a rule for the whole effect it is in ("… not triggered by this
    /// effect"): its rhai runs before the effect's other sentences.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub whole_effect: bool,
}

/// A declaration with the file it came from and its place in the file (`[i]` in a list).
#[derive(Debug, Clone)]
pub struct Located<T> {
    /// The declaration.
    pub def: T,
    /// Path relative to the pack (`labels/links.yaml`).
    pub file: String,
    /// Empty for a one-declaration file, `[i]` in a sequence.
    pub prefix: String,
}

/// The labels and phrases of a pack, each checked: a label needs a text and exactly one of
/// `event` / `hook`, a well-formed event name, and no text another label has; a phrase's
/// template must parse (slot kinds with a did-you-mean) and its rhai name only its slots.
pub fn read(
    files: &PackFiles,
    errors: &mut Vec<Diagnostic>,
) -> (Vec<Located<LabelDef>>, Vec<Located<PhraseDef>>) {
    let labels: Vec<Located<LabelDef>> = read_all(files, "labels", errors);
    for (i, l) in labels.iter().enumerate() {
        let file = YamlFile::new(files, &l.file, &files.files[&l.file]);
        let at = |f: &str| crate::yamlfile::join(&l.prefix, f);
        if l.def.texts().all(|t| t.trim().is_empty()) {
            errors.push(file.error(
                &at("en"),
                "a label needs its printed text",
                Some("e.g. `en: [When This Spirit Links]`".into()),
            ));
        }
        let kinds = [
            l.def.event.is_some(),
            l.def.hook.is_some(),
            l.def.while_.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            errors.push(file.error(
                &at("event"),
                "a label needs exactly one of `event` (a new event), `hook` (an engine timing) or `while` (a state its effects apply in)",
                None,
            ));
        } else if l.def.while_.as_deref().is_some_and(|w| w.trim().is_empty()) {
            errors.push(file.error(
                &at("while"),
                "a `while` label needs its condition",
                Some("a rhai expression, e.g. `while: count(my_spirits()) >= 3`".into()),
            ));
        }
        match (&l.def.event, &l.def.hook) {
            (Some(_), Some(_)) | (None, None) => {}
            (Some(e), None) => {
                let ok = !e.is_empty()
                    && e.len() <= MAX_EVENT_NAME
                    && e.starts_with(|c: char| c.is_ascii_lowercase())
                    && e.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if !ok {
                    errors.push(file.error(
                        &at("event"),
                        format!("event name `{e}`: use lower-case letters, digits and `-`, starting with a letter, at most {MAX_EVENT_NAME} bytes"),
                        None,
                    ));
                }
            }
            (None, Some(_)) => {}
        }
        for other in &labels[..i] {
            if let Some(t) = l
                .def
                .texts()
                .find(|t| other.def.texts().any(|o| o.eq_ignore_ascii_case(t)))
            {
                errors.push(file.error(
                    &at("en"),
                    format!("the label text `{t}` is declared twice"),
                    Some(format!(
                        "{} has it already",
                        files.display_path(&other.file).display()
                    )),
                ));
            }
        }
    }
    let phrases: Vec<Located<PhraseDef>> = read_all(files, "phrases", errors);
    for p in &phrases {
        if let Err(why) = dsl::vocab::parse_template(&p.def.template, &p.def.rhai) {
            let file = YamlFile::new(files, &p.file, &files.files[&p.file]);
            // The did-you-mean goes to the help, once.
            let near = why
                .split("did you mean `")
                .nth(1)
                .and_then(|s| s.split('`').next())
                .map(str::to_string);
            let message = match &near {
                Some(n) => why.replace(&format!(" (did you mean `{n}`?)"), ""),
                None => why.clone(),
            };
            errors.push(file.error(
                &crate::yamlfile::join(&p.prefix, "template"),
                format!("phrase template: {message}"),
                near.map(|n| format!("did you mean `{n}`?")),
            ));
        }
    }
    (labels, phrases)
}

/// The ` (did you mean …)` help for `word` among `valid`, and the valid list.
pub fn suggest<'a>(word: &str, valid: impl IntoIterator<Item = &'a str> + Clone) -> String {
    let list: Vec<&str> = valid.clone().into_iter().collect();
    match did_you_mean(word, valid) {
        Some(s) => format!("did you mean `{s}`? valid: {}", list.join(", ")),
        None => format!("valid: {}", list.join(", ")),
    }
}

/// The declarations of one already-checked file's text (a mapping is one, a sequence
/// several), for a reader that has the text without its pack (the engine reads the
/// catalogue's copy). Errors: serde's message.
pub fn parse_items<T: serde::de::DeserializeOwned>(text: &str) -> Result<Vec<T>, String> {
    crate::yamldepth::check_depth(text).map_err(|d| format!("line {}: {}", d.line, d.message()))?;
    let v: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    match v {
        serde_yaml::Value::Null => Ok(Vec::new()),
        serde_yaml::Value::Sequence(s) => s
            .into_iter()
            .map(|x| serde_yaml::from_value(x).map_err(|e| e.to_string()))
            .collect(),
        other => Ok(vec![
            serde_yaml::from_value(other).map_err(|e| e.to_string())?,
        ]),
    }
}

/// Every declaration of type `T` in the `.yaml` files of `folder`: a file holds one (a
/// mapping) or several (a sequence).
pub(crate) fn read_all<T: serde::de::DeserializeOwned>(
    files: &PackFiles,
    folder: &str,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Located<T>> {
    let mut out = Vec::new();
    for (rel, text) in files.under(folder, &[".yaml", ".yml"]) {
        let file = YamlFile::new(files, rel, text);
        let value = match file.value(text) {
            Ok(v) => v,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let items = crate::yamlfile::entries(value);
        for (prefix, item) in items {
            match file.typed::<T>(item, &prefix) {
                Ok(def) => out.push(Located {
                    def,
                    file: rel.to_string(),
                    prefix,
                }),
                Err(e) => errors.push(e),
            }
        }
    }
    out
}
