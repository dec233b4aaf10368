//! What packs add to the text a parser understands: keyword names (from the
//! packs' keyword declarations), timing labels (printed text → a hook name) and phrases (a
//! template with typed slots → the rhai it stands for). The dsl has no engine dependency:
//! the host passes the declarations in as plain data ([`Vocabulary::new`]).
//!
//! Phrases are compiled into the parser at load with pest: each template becomes one pest
//! rule (`pest_meta` validates and optimises it together with the built-in English grammar,
//! whose rules the slots reuse, and `pest_vm` runs it), so an author extends the text the
//! engine understands with no Rust. A sentence the built-in grammar leaves unparsed is tried
//! against the phrases, in declaration order; the first that matches the whole sentence wins.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::template::phrase_rule;
pub use crate::template::{
    MAX_TEMPLATE_SLOTS, PhraseEntry, Piece, SlotKind, did_you_mean, parse_template, placeholders,
};

/// What follows a keyword's name on a card (`{Crush 2}` → a number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ValueKind {
    /// Nothing (`{Swift}`).
    None,
    /// A whole number (`{Crush 2}`).
    Number,
    /// One or more colours (`Armor: Purple/White`).
    Colours,
    /// A condition in words (`Link: …`).
    Condition,
    /// One word (a family, a name).
    Word,
}

impl ValueKind {
    /// The word used in declarations (`none`, `number`, `colours`, `condition`, `word`).
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::None => "none",
            ValueKind::Number => "number",
            ValueKind::Colours => "colours",
            ValueKind::Condition => "condition",
            ValueKind::Word => "word",
        }
    }

    /// The kind named `s` (case-insensitive; `colors` too); `None` for an unknown word.
    pub fn parse(s: &str) -> Option<ValueKind> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "none" | "" => ValueKind::None,
            "number" => ValueKind::Number,
            "colours" | "colors" | "colour" | "color" => ValueKind::Colours,
            "condition" => ValueKind::Condition,
            "word" => ValueKind::Word,
            _ => return None,
        })
    }

    /// Whether `value` (the text after the name, `None` when nothing follows) fits this
    /// kind; `Err(reason)` otherwise.
    pub fn check(self, value: Option<&str>) -> Result<(), String> {
        let v = value.map(str::trim).filter(|v| !v.is_empty());
        match (self, v) {
            (ValueKind::None, None) => Ok(()),
            (ValueKind::None, Some(v)) => Err(format!("takes no value, found `{v}`")),
            // A number keyword written without one counts 0 (`{Crush}`).
            (ValueKind::Number, None) => Ok(()),
            (_, None) => Err(format!("needs a value ({})", self.name())),
            (ValueKind::Number, Some(v)) if v.parse::<u32>().is_ok() => Ok(()),
            (ValueKind::Number, Some(v)) => Err(format!("needs a number, found `{v}`")),
            (ValueKind::Colours, Some(v)) => {
                let bad: Vec<&str> = v
                    .split(['/', ',', '&', ' '])
                    .map(str::trim)
                    .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("and"))
                    .filter(|c| !COLOURS.contains(&c.to_ascii_lowercase().as_str()))
                    .collect();
                if bad.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "needs colours ({}), found `{}`",
                        COLOURS.join(", "),
                        bad.join("`, `")
                    ))
                }
            }
            (ValueKind::Condition | ValueKind::Word, Some(_)) => Ok(()),
        }
    }
}

/// The six colours (BS-2).
pub const COLOURS: [&str; 6] = ["red", "purple", "green", "white", "yellow", "blue"];

/// A declared keyword, as far as text is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeywordEntry {
    /// The name as printed (`Crush`, `A.T. Field`); matched case-insensitively.
    pub name: String,
    /// Names in other languages (`粉砕`).
    pub other_names: Vec<String>,
    /// What follows the name on a card.
    pub value: ValueKind,
}

/// A declared timing label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabelEntry {
    /// Its printed texts in every language (`When This Spirit Links`,
    /// `このスピリットのリンク時`), matched case-insensitively, surrounding brackets ignored.
    pub texts: Vec<String>,
    /// The hook name an effect with this label registers at (`on_links_this`, or an engine
    /// hook such as `when_attacks`; `constant` for a `while` label).
    pub hook: String,
    /// A `while` label's condition (a rhai expression): its effects apply while it is
    /// true (BS-8.1).
    pub condition: Option<String>,
    /// The statements the condition needs before it (the imports of its pack's `lib/`
    /// modules it names, `import "pack:grove" as grove;`), on one line.
    pub prelude: String,
}

/// A matched slot: its name, kind and text.
pub(crate) type SlotText = (String, SlotKind, String);

/// A phrase ready to match.
#[derive(Debug, Clone)]
pub(crate) struct CompiledPhrase {
    pub(crate) entry: PhraseEntry,
    pub(crate) pieces: Vec<Piece>,
}

/// An error in one declaration: which (index in its list) and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VocabError {
    /// `phrase` or `label`.
    pub what: &'static str,
    /// Index in the list given to [`Vocabulary::new`].
    pub index: usize,
    /// What is wrong, with the valid values.
    pub message: String,
}

impl fmt::Display for VocabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.what, self.index, self.message)
    }
}

/// Keyword names, timing labels and phrases the parser accepts beyond its built-in grammar.
/// [`Vocabulary::default`] declares nothing and leaves keyword names unchecked (any
/// `{Name value}` is read as a keyword); once keywords are declared, a keyword the
/// vocabulary does not know (or whose value does not fit its kind) makes the effect not
/// understood, with a did-you-mean.
#[derive(Clone, Default)]
pub struct Vocabulary {
    keywords: Vec<KeywordEntry>,
    closed: bool,
    labels: Vec<LabelEntry>,
    phrases: Vec<CompiledPhrase>,
    vm: Option<Arc<pest_vm::Vm>>,
    /// No did-you-mean for sentences not understood (see [`Vocabulary::quiet`]).
    quiet: bool,
    /// Sentences already read with this vocabulary (shared by its copies and by the
    /// vocabularies of the same declarations, [`shared_memo`]).
    memo: Arc<SentenceMemo>,
}

/// English sentences read with one vocabulary, by their text: the reading
/// depends only on the sentence and the vocabulary, so each is read once.
pub(crate) type SentenceMemo = std::sync::Mutex<std::collections::HashMap<String, crate::en::Read>>;

impl fmt::Debug for Vocabulary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Vocabulary")
            .field("keywords", &self.keywords.len())
            .field("labels", &self.labels.len())
            .field("phrases", &self.phrases.len())
            .finish()
    }
}

/// What the vocabulary says of a keyword name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeywordCheck<'a> {
    /// Declared.
    Known(&'a KeywordEntry),
    /// Not declared: a did-you-mean (may be empty) and the valid names.
    Unknown {
        /// ` (did you mean `Crush`?)` or empty.
        suggestion: String,
        /// Every declared name.
        valid: Vec<String>,
    },
    /// No keyword is declared: names are not checked.
    Unchecked,
}

/// The English grammar the slots of phrases reuse.
const EN_GRAMMAR: &str = include_str!("grammar/en.pest");

impl Vocabulary {
    /// A vocabulary of these declarations. Phrases are compiled now (one pest rule each).
    /// Errors: every phrase whose template does not parse or compile, and every label with
    /// no text or hook, each with its index.
    pub fn new(
        keywords: Vec<KeywordEntry>,
        labels: Vec<LabelEntry>,
        phrases: Vec<PhraseEntry>,
    ) -> Result<Vocabulary, Vec<VocabError>> {
        let mut errors = Vec::new();
        for (i, l) in labels.iter().enumerate() {
            if l.texts.iter().all(|t| t.trim().is_empty()) || l.hook.trim().is_empty() {
                errors.push(VocabError {
                    what: "label",
                    index: i,
                    message: "a label needs a text and a hook".into(),
                });
            }
        }
        let mut compiled = Vec::new();
        let mut rules = String::new();
        for (i, p) in phrases.into_iter().enumerate() {
            match parse_template(&p.template, &p.rhai) {
                Ok(pieces) => {
                    rules.push_str(&phrase_rule(i, &pieces));
                    compiled.push(CompiledPhrase { entry: p, pieces });
                }
                Err(message) => errors.push(VocabError {
                    what: "phrase",
                    index: i,
                    message,
                }),
            }
        }
        let mut vm = None;
        if errors.is_empty() && !compiled.is_empty() {
            match compile_cached(&rules) {
                Ok(v) => vm = Some(v),
                Err(es) => errors.push(VocabError {
                    what: "phrase",
                    index: 0,
                    message: format!(
                        "the phrases do not compile: {}",
                        es.iter()
                            .map(|e| e.to_string())
                            .collect::<Vec<_>>()
                            .join("; ")
                    ),
                }),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Vocabulary {
            memo: shared_memo(&keywords, &labels, &compiled, false),
            closed: !keywords.is_empty(),
            keywords,
            labels,
            phrases: compiled,
            vm,
            quiet: false,
        })
    }

    /// This vocabulary without the did-you-mean of a sentence not understood: its
    /// [`crate::Unparsed::expected`] keeps only where the sentence stopped. For a reader
    /// that shows no message (an engine building its card library), since weighing every
    /// phrase against every sentence not understood costs most of a build.
    pub fn quiet(mut self) -> Vocabulary {
        self.quiet = true;
        // What was read with the did-you-mean is not what a quiet reading gives.
        self.memo = shared_memo(&self.keywords, &self.labels, &self.phrases, true);
        self
    }

    /// This vocabulary with the did-you-mean of a sentence not understood (the opposite
    /// of [`Vocabulary::quiet`]): for a reader that shows the message (`lint`, `db build`,
    /// `explain`) but was handed a library's quiet vocabulary.
    pub fn with_suggestions(mut self) -> Vocabulary {
        if self.quiet {
            self.quiet = false;
            self.memo = shared_memo(&self.keywords, &self.labels, &self.phrases, false);
        }
        self
    }

    /// Whether this vocabulary and `other` share what they read (the same declarations,
    /// both quiet or both not: a reading ahead is found by the library).
    pub fn shares_readings_with(&self, other: &Vocabulary) -> bool {
        Arc::ptr_eq(&self.memo, &other.memo)
    }

    /// How many distinct sentences have been read with this vocabulary's memo.
    pub fn sentences_read(&self) -> usize {
        self.memo.lock().map_or(0, |m| m.len())
    }

    /// The sentences read with this vocabulary ([`SentenceMemo`]).
    pub(crate) fn memo(&self) -> &SentenceMemo {
        &self.memo
    }

    /// Whether this vocabulary leaves the did-you-mean out ([`Vocabulary::quiet`]).
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// The declared keywords.
    pub fn keywords(&self) -> &[KeywordEntry] {
        &self.keywords
    }

    /// The declared labels.
    pub fn labels(&self) -> &[LabelEntry] {
        &self.labels
    }

    /// The declared phrases (template, rhai).
    pub fn phrases(&self) -> impl Iterator<Item = &PhraseEntry> {
        self.phrases.iter().map(|p| &p.entry)
    }

    /// Whether keyword names are checked (some keyword is declared).
    pub fn checks_keywords(&self) -> bool {
        self.closed
    }

    /// Looks a keyword name up (case-insensitive, any language).
    pub fn keyword(&self, name: &str) -> KeywordCheck<'_> {
        if !self.closed {
            return KeywordCheck::Unchecked;
        }
        let n = name.trim();
        if let Some(k) = self.keywords.iter().find(|k| {
            k.name.eq_ignore_ascii_case(n)
                || k.other_names.iter().any(|o| o.eq_ignore_ascii_case(n))
        }) {
            return KeywordCheck::Known(k);
        }
        KeywordCheck::Unknown {
            suggestion: did_you_mean(n, self.keywords.iter().map(|k| k.name.as_str())),
            valid: self.keywords.iter().map(|k| k.name.clone()).collect(),
        }
    }

    /// Splits the inside of a keyword tag (`Crush 2`, `Armor: Purple/White`) into the
    /// longest declared name it starts with and the rest; with no declaration that fits,
    /// the first word (up to a colon or digit) and the rest.
    pub fn split_keyword<'t>(&self, tag: &'t str) -> (&'t str, Option<&'t str>) {
        let tag = tag.trim();
        let mut best: Option<usize> = None;
        for k in &self.keywords {
            for n in std::iter::once(&k.name).chain(&k.other_names) {
                let l = n.len();
                if tag.len() >= l
                    && tag.is_char_boundary(l)
                    && tag[..l].eq_ignore_ascii_case(n)
                    && !tag[l..].starts_with(|c: char| c.is_alphanumeric())
                    && best.is_none_or(|b| l > b)
                {
                    best = Some(l);
                }
            }
        }
        let end = best.unwrap_or_else(|| {
            tag.find(|c: char| c == ':' || c.is_ascii_digit() || c == '/')
                .unwrap_or(tag.len())
        });
        let name = tag[..end].trim();
        let rest = tag[end..].trim_start_matches([':', ' ']).trim();
        (name, (!rest.is_empty()).then_some(rest))
    }

    /// The hook of a declared label (`When This Spirit Links` → `on_links_this`);
    /// case-insensitive, brackets (`()`, `『』`, `【】`) ignored.
    pub fn label_hook(&self, text: &str) -> Option<&str> {
        let t = strip_brackets(text);
        self.labels
            .iter()
            .find(|l| {
                l.texts
                    .iter()
                    .any(|x| strip_brackets(x).eq_ignore_ascii_case(t))
            })
            .map(|l| l.hook.as_str())
    }

    /// The condition of a declared `while` label (`None` for another label or text).
    pub fn label_condition(&self, text: &str) -> Option<&str> {
        let t = strip_brackets(text);
        self.labels
            .iter()
            .find(|l| {
                l.texts
                    .iter()
                    .any(|x| strip_brackets(x).eq_ignore_ascii_case(t))
            })
            .and_then(|l| l.condition.as_deref())
    }

    /// The statements a `while` label's condition needs first ([`LabelEntry::prelude`]).
    pub fn label_prelude(&self, text: &str) -> &str {
        let t = strip_brackets(text);
        self.labels
            .iter()
            .find(|l| {
                l.texts
                    .iter()
                    .any(|x| strip_brackets(x).eq_ignore_ascii_case(t))
            })
            .map_or("", |l| l.prelude.as_str())
    }

    /// The first phrase matching the whole `sentence`: its index and each slot's name,
    /// kind and text.
    pub(crate) fn match_phrase(&self, sentence: &str) -> Option<(&CompiledPhrase, Vec<SlotText>)> {
        let vm = self.vm.as_ref()?;
        for (i, p) in self.phrases.iter().enumerate() {
            let rule = format!("phrase_{i}");
            let Ok(mut pairs) = vm.parse(&rule, sentence.trim()) else {
                continue;
            };
            let Some(top) = pairs.next() else { continue };
            let mut slots = Vec::new();
            for x in top.into_inner() {
                if let Some(name) = x.as_rule().strip_prefix(&format!("slot_{i}_"))
                    && let Some(kind) = p.pieces.iter().find_map(|pc| match pc {
                        Piece::Slot(n, k) if n == name => Some(*k),
                        _ => None,
                    })
                {
                    slots.push((name.to_string(), kind, x.as_str().trim().to_string()));
                }
            }
            return Some((p, slots));
        }
        None
    }
}

/// Prepares, once per process, the part of the phrase grammar every vocabulary with
/// phrases shares (the English grammar, parsed for `pest_vm`). A command that will read
/// card text may call it on a thread of its own while it does other work;
/// [`Vocabulary::new`] waits for it or does it itself. Nothing else changes.
pub fn prepare() {
    crate::pest_compile::en_base(EN_GRAMMAR);
}

/// The English grammar with the phrase rules `grammar`, compiled once per process (a
/// library's scripts are compiled once per thread that plays, and the same phrases need
/// not be compiled again).
fn compile_cached(
    grammar: &str,
) -> Result<Arc<pest_vm::Vm>, Vec<pest::error::Error<pest_meta::parser::Rule>>> {
    use std::collections::BTreeMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<BTreeMap<String, Arc<pest_vm::Vm>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(BTreeMap::new()));
    if let Some(vm) = cache.lock().ok().and_then(|m| m.get(grammar).cloned()) {
        return Ok(vm);
    }
    // Without pest_meta's optimiser when the grammar allows (`pest_compile`).
    let vm = Arc::new(pest_vm::Vm::new(crate::pest_compile::compile_with_en(
        EN_GRAMMAR, grammar,
    )?));
    if let Ok(mut m) = cache.lock() {
        if m.len() > 64 {
            m.clear();
        }
        m.insert(grammar.to_string(), vm.clone());
    }
    Ok(vm)
}

/// The sentence memo of every vocabulary of these declarations: a command may
/// read card text ahead with a vocabulary built from the packs while the catalogue the
/// library reads is still being filled, and the library's own vocabulary of the same
/// declarations finds those readings. Holds the memos of the last 16 declaration sets; a
/// vocabulary that declares nothing keeps a memo of its own.
fn shared_memo(
    keywords: &[KeywordEntry],
    labels: &[LabelEntry],
    phrases: &[CompiledPhrase],
    quiet: bool,
) -> Arc<SentenceMemo> {
    use std::collections::BTreeMap;
    use std::sync::{Mutex, OnceLock};
    if keywords.is_empty() && labels.is_empty() && phrases.is_empty() {
        return Arc::default();
    }
    static MEMOS: OnceLock<Mutex<BTreeMap<String, Arc<SentenceMemo>>>> = OnceLock::new();
    let entries: Vec<&PhraseEntry> = phrases.iter().map(|p| &p.entry).collect();
    let Ok(key) = serde_json::to_string(&(keywords, labels, entries, quiet)) else {
        return Arc::default();
    };
    let Ok(mut memos) = MEMOS.get_or_init(Default::default).lock() else {
        return Arc::default();
    };
    if memos.len() >= 16 && !memos.contains_key(&key) {
        memos.clear();
    }
    memos.entry(key).or_default().clone()
}

fn strip_brackets(s: &str) -> &str {
    s.trim()
        .trim_start_matches(['(', '『', '【', '['])
        .trim_end_matches([')', '』', '】', ']'])
        .trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_tags_split_at_declared_names() {
        let v = Vocabulary::new(
            vec![KeywordEntry {
                name: "A.T. Field".into(),
                other_names: vec![],
                value: ValueKind::Number,
            }],
            vec![],
            vec![],
        )
        .unwrap();
        assert_eq!(v.split_keyword("A.T. Field 3"), ("A.T. Field", Some("3")));
        assert_eq!(v.split_keyword("Crush 2"), ("Crush", Some("2")));
        assert_eq!(
            v.split_keyword("Armor: Purple/White"),
            ("Armor", Some("Purple/White"))
        );
        assert!(matches!(v.keyword("a.t. field"), KeywordCheck::Known(_)));
        match v.keyword("A.T. Feld") {
            KeywordCheck::Unknown { suggestion, valid } => {
                assert!(suggestion.contains("A.T. Field"));
                assert_eq!(valid, vec!["A.T. Field".to_string()]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            Vocabulary::default().keyword("Anything"),
            KeywordCheck::Unchecked
        );
    }

    /// A sentence is read once per vocabulary; a reading from the memo, at
    /// another place in another effect, is what a fresh vocabulary reads there, and a quiet
    /// vocabulary never reuses a reading with the did-you-mean.
    #[test]
    fn a_sentence_is_read_once_per_vocabulary() {
        let read = |text: &str, v: &Vocabulary| {
            crate::parse_effect_with(&[], None, &[], &[], text, crate::Lang::En, v)
        };
        let v = Vocabulary::default();
        let first = read("Draw 1 card. Zorp the flibber.", &v);
        assert_eq!(v.memo().lock().unwrap().len(), 2);
        assert_eq!(read("Draw 1 card. Zorp the flibber.", &v), first);
        let moved = "Zorp the flibber. Draw 1 card. Draw 1 card.";
        let again = read(moved, &v);
        assert_eq!(
            v.memo().lock().unwrap().len(),
            2,
            "both sentences were read before"
        );
        assert_eq!(again, read(moved, &Vocabulary::default()));
        assert_eq!(again.unparsed.len(), 1);
        assert_eq!(again.unparsed[0].span.start, 0);
        assert_eq!(first.unparsed[0].span.start, 13);
        let quiet = v.clone().quiet();
        assert!(quiet.memo().lock().unwrap().is_empty());
        let q = read("Draw 1 card. Zorp the flibber.", &quiet);
        assert_eq!(
            q,
            read(
                "Draw 1 card. Zorp the flibber.",
                &Vocabulary::default().quiet()
            )
        );
        assert_eq!(v.memo().lock().unwrap().len(), 2);
    }

    #[test]
    fn values_fit_kinds() {
        assert!(ValueKind::Number.check(Some("2")).is_ok());
        assert!(ValueKind::Number.check(Some("two")).is_err());
        assert!(ValueKind::Colours.check(Some("Purple/White")).is_ok());
        assert!(ValueKind::Colours.check(Some("Purple/Pink")).is_err());
        assert!(ValueKind::None.check(None).is_ok());
        assert!(ValueKind::None.check(Some("3")).is_err());
        assert!(ValueKind::Word.check(None).is_err());
        assert!(ValueKind::Number.check(None).is_ok());
    }
}
