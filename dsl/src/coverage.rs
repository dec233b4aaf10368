//! Coverage of community card data (the `cards.jsonl` format): how much of a set runs from its
//! printed text alone. Backs `cardscript coverage FILE.jsonl`.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::{Lang, ParseOutcome, none_if_na};

/// Errors reading a community data file.
#[derive(Debug, thiserror::Error)]
pub enum CoverageError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not a card object.
    #[error("{path}:{line}: not a card: {source}")]
    Json {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
}

/// One card of the community format (only the fields coverage needs).
#[derive(Debug, Deserialize)]
pub struct CommunityCard {
    /// Card id (`BSS01-001`).
    #[serde(rename = "ID", default)]
    pub id: String,
    /// Its effect entries.
    #[serde(default)]
    pub effects: Vec<CommunityEffect>,
}

/// One effect entry of the community format.
#[derive(Debug, Deserialize)]
pub struct CommunityEffect {
    /// Levels (empty = not level-bound).
    #[serde(default)]
    pub levels: Vec<Value>,
    /// Timing label, "N/A" = none.
    #[serde(default)]
    pub condition: Option<String>,
    /// Keywords, in either of the two shapes.
    #[serde(default)]
    pub keywords: Vec<Value>,
    /// Effect text, "N/A" = bare keyword.
    #[serde(default)]
    pub details: Option<String>,
    /// "Main" / "Flash".
    #[serde(default)]
    pub steps: Vec<Value>,
}

fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => none_if_na(Some(s)).map(str::to_string),
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().filter_map(value_text).collect();
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        other => Some(other.to_string()),
    }
}

impl CommunityEffect {
    /// Keywords as (name, modifier), from either shape
    /// (`{keyword_name, keyword_modifier}` or `{keyword, target, value}`).
    pub fn keyword_pairs(&self) -> Vec<(String, Option<String>)> {
        self.keywords
            .iter()
            .filter_map(|k| {
                let name = k
                    .get("keyword_name")
                    .or_else(|| k.get("keyword"))
                    .and_then(value_text)?;
                let modifier = k
                    .get("keyword_modifier")
                    .or_else(|| k.get("value"))
                    .and_then(value_text);
                Some((name, modifier))
            })
            .collect()
    }

    /// Levels as numbers.
    pub fn level_numbers(&self) -> Vec<u8> {
        self.levels
            .iter()
            .filter_map(|v| v.as_u64().and_then(|n| u8::try_from(n).ok()))
            .collect()
    }

    /// Parse this entry.
    pub fn parse(&self, lang: Lang) -> ParseOutcome {
        self.parse_with(lang, &crate::Vocabulary::default())
    }

    /// Parse this entry with a pack vocabulary (declared keywords, labels, phrases).
    pub fn parse_with(&self, lang: Lang, vocab: &crate::Vocabulary) -> ParseOutcome {
        let steps: Vec<String> = self.steps.iter().filter_map(value_text).collect();
        crate::parse_effect_with(
            &self.level_numbers(),
            self.condition.as_deref(),
            &self.keyword_pairs(),
            &steps,
            self.details.as_deref().unwrap_or("N/A"),
            lang,
            vocab,
        )
    }

    /// True when the entry is a bare keyword (no effect text).
    pub fn is_bare_keyword(&self) -> bool {
        none_if_na(self.details.as_deref()).is_none()
    }
}

/// Decides what the engine can really run (honest figures): the dsl writes
/// scripts but does not know which functions, events and keywords the engine implements,
/// so the caller passes the engine's answer (`cardscript coverage` passes
/// `engine::rules::battle_spirits::script::support`'s).
pub trait Checker {
    /// Every reason the rhai `source` (as [`crate::compile::to_rhai`] writes it) cannot
    /// act, in plain words; empty when it can.
    fn script_gaps(&self, source: &str) -> Vec<String>;
    /// Whether the keyword `name` has rules (case-insensitive).
    fn keyword_has_rules(&self, name: &str) -> bool;
    /// The keywords, labels and phrases to read the text with (default: none declared).
    fn vocabulary(&self) -> Option<&crate::Vocabulary> {
        None
    }
}

/// The grammar's own view: every script it writes runs and every keyword has rules.
/// Not the honest figure; for measuring the grammar alone (`text_effects_parsed`).
#[derive(Debug, Clone, Copy, Default)]
pub struct GrammarOnly;

impl Checker for GrammarOnly {
    fn script_gaps(&self, _source: &str) -> Vec<String> {
        Vec::new()
    }
    fn keyword_has_rules(&self, _name: &str) -> bool {
        true
    }
}

/// Figures of a coverage run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Coverage {
    /// Cards read.
    pub cards: usize,
    /// Effect entries.
    pub effects: usize,
    /// Entries that are bare keywords (no text).
    pub bare_keywords: usize,
    /// Bare keyword entries whose keywords all have rules (per the [`Checker`]).
    pub bare_keywords_known: usize,
    /// Entries with a timing label.
    pub timing_headers: usize,
    /// Timing labels mapped to a hook.
    pub timing_mapped: usize,
    /// Entries with text (not bare keywords).
    pub text_effects: usize,
    /// Text entries the grammar understood fully (every sentence parsed).
    pub text_effects_parsed: usize,
    /// Text entries executable from their text: understood fully, their keywords have
    /// rules, and their script has no gap (per the [`Checker`]).
    pub text_effects_complete: usize,
    /// Sentences in text entries.
    pub sentences: usize,
    /// Sentences understood.
    pub sentences_parsed: usize,
    /// Cards all of whose entries are executable (text parsed, keywords known).
    pub cards_complete: usize,
    /// Most frequent unparsed sentences with their counts, most frequent first.
    pub top_unparsed: Vec<(String, usize)>,
    /// Unmapped timing labels with their counts.
    pub unmapped_timings: Vec<(String, usize)>,
    /// Why understood text effects cannot act (the [`Checker`]'s gaps and keywords without
    /// rules), with how many effects each, most frequent first.
    pub top_gaps: Vec<(String, usize)>,
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        a as f64 * 100.0 / b as f64
    }
}

impl Coverage {
    /// % of timing headers mapped to a hook.
    pub fn timing_pct(&self) -> f64 {
        pct(self.timing_mapped, self.timing_headers)
    }
    /// % of text (non-keyword) effects fully executable from text.
    pub fn text_effects_pct(&self) -> f64 {
        pct(self.text_effects_complete, self.text_effects)
    }
    /// % of all entries executable (text entries parsed + bare known keywords).
    pub fn all_effects_pct(&self) -> f64 {
        pct(
            self.text_effects_complete + self.bare_keywords_known,
            self.effects,
        )
    }
    /// % of cards whose every effect is executable.
    pub fn cards_pct(&self) -> f64 {
        pct(self.cards_complete, self.cards)
    }
    /// % of sentences understood.
    pub fn sentences_pct(&self) -> f64 {
        pct(self.sentences_parsed, self.sentences)
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cards:                      {}", self.cards)?;
        writeln!(
            f,
            "effect entries:             {} ({} bare keywords, {} with text)",
            self.effects, self.bare_keywords, self.text_effects
        )?;
        writeln!(
            f,
            "timing headers mapped:      {}/{} ({:.1} %)",
            self.timing_mapped,
            self.timing_headers,
            self.timing_pct()
        )?;
        writeln!(
            f,
            "text effects understood:    {}/{} ({:.1} %)",
            self.text_effects_parsed,
            self.text_effects,
            pct(self.text_effects_parsed, self.text_effects)
        )?;
        writeln!(
            f,
            "text effects executable:    {}/{} ({:.1} %)",
            self.text_effects_complete,
            self.text_effects,
            self.text_effects_pct()
        )?;
        writeln!(
            f,
            "all entries executable:     {}/{} ({:.1} %, bare keywords known: {})",
            self.text_effects_complete + self.bare_keywords_known,
            self.effects,
            self.all_effects_pct(),
            self.bare_keywords_known
        )?;
        writeln!(
            f,
            "sentences understood:       {}/{} ({:.1} %)",
            self.sentences_parsed,
            self.sentences,
            self.sentences_pct()
        )?;
        writeln!(
            f,
            "cards fully executable:     {}/{} ({:.1} %)",
            self.cards_complete,
            self.cards,
            self.cards_pct()
        )?;
        if !self.unmapped_timings.is_empty() {
            writeln!(f, "unmapped timing labels:")?;
            for (t, n) in &self.unmapped_timings {
                writeln!(f, "  {n:4}  {t}")?;
            }
        }
        if !self.top_gaps.is_empty() {
            writeln!(f, "why understood effects cannot act (effects per reason):")?;
            for (t, n) in &self.top_gaps {
                writeln!(f, "  {n:4}  {t}")?;
            }
        }
        if !self.top_unparsed.is_empty() {
            writeln!(f, "most frequent unparsed sentences:")?;
            for (t, n) in &self.top_unparsed {
                writeln!(f, "  {n:4}  {t}")?;
            }
        }
        Ok(())
    }
}

/// Replace digits by `N` and quoted names by `"X"` so similar sentences group together.
fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_q = false;
    let mut last_n = false;
    for c in s.chars() {
        if c == '"' {
            if !in_q {
                out.push_str("\"X\"");
            }
            in_q = !in_q;
            continue;
        }
        if in_q {
            continue;
        }
        if c.is_ascii_digit() || (last_n && c == ',') {
            if !last_n {
                out.push('N');
            }
            last_n = true;
            continue;
        }
        last_n = false;
        out.push(c);
    }
    out
}

/// Compute coverage over parsed cards; `top` = how many unparsed sentences and gap reasons
/// to list; `checker` says what the engine can run (a text effect is executable only when
/// its script has no gap and its keywords have rules; a bare keyword only when it has rules).
pub fn coverage_of(
    cards: &[CommunityCard],
    lang: Lang,
    top: usize,
    checker: &dyn Checker,
) -> Coverage {
    let mut c = Coverage {
        cards: cards.len(),
        ..Coverage::default()
    };
    let mut unparsed: HashMap<String, usize> = HashMap::new();
    let mut unmapped: HashMap<String, usize> = HashMap::new();
    let mut gaps: HashMap<String, usize> = HashMap::new();
    for card in cards {
        let mut card_ok = true;
        for e in &card.effects {
            c.effects += 1;
            if none_if_na(e.condition.as_deref()).is_some() {
                c.timing_headers += 1;
            }
            let out = match checker.vocabulary() {
                Some(v) => e.parse_with(lang, v),
                None => e.parse(lang),
            };
            if none_if_na(e.condition.as_deref()).is_some() {
                if out.timing_mapped {
                    c.timing_mapped += 1;
                } else if let Some(t) = &e.condition {
                    *unmapped.entry(t.clone()).or_default() += 1;
                }
            }
            let missing_kws: Vec<String> = e
                .keyword_pairs()
                .into_iter()
                .map(|(k, _)| k.trim().to_string())
                .filter(|k| !checker.keyword_has_rules(k))
                .collect();
            let kws_known = missing_kws.is_empty();
            if e.is_bare_keyword() {
                c.bare_keywords += 1;
                if kws_known && out.timing_mapped {
                    c.bare_keywords_known += 1;
                } else {
                    card_ok = false;
                }
                continue;
            }
            c.text_effects += 1;
            let bad: Vec<&crate::Unparsed> = out
                .unparsed
                .iter()
                .filter(|u| u.span.end > u.span.start)
                .collect();
            let details = e.details.as_deref().unwrap_or("");
            let total = crate::split::sentences(details, &['.', '!'], &['・', '\n'])
                .len()
                .max(bad.len());
            c.sentences += total;
            c.sentences_parsed += total.saturating_sub(bad.len());
            for u in bad {
                *unparsed.entry(normalise(&u.text)).or_default() += 1;
            }
            if !out.complete {
                card_ok = false;
                continue;
            }
            c.text_effects_parsed += 1;
            let mut why = checker.script_gaps(&crate::compile::to_rhai(&out.effect, None));
            why.extend(
                missing_kws
                    .iter()
                    .map(|k| format!("has the keyword {k}, which has no rules yet")),
            );
            if why.is_empty() {
                c.text_effects_complete += 1;
            } else {
                card_ok = false;
                why.sort();
                why.dedup();
                for w in why {
                    *gaps.entry(w).or_default() += 1;
                }
            }
        }
        if card_ok {
            c.cards_complete += 1;
        }
    }
    let mut v: Vec<(String, usize)> = unparsed.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.truncate(top);
    c.top_unparsed = v;
    let mut u: Vec<(String, usize)> = unmapped.into_iter().collect();
    u.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    c.unmapped_timings = u;
    let mut g: Vec<(String, usize)> = gaps.into_iter().collect();
    g.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    g.truncate(top);
    c.top_gaps = g;
    c
}

/// Read a community JSON-lines file (one card a line).
pub fn read_cards(path: &Path) -> Result<Vec<CommunityCard>, CoverageError> {
    let text = std::fs::read_to_string(path).map_err(|source| CoverageError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let mut cards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let card = serde_json::from_str(line).map_err(|source| CoverageError::Json {
            path: path.display().to_string(),
            line: i + 1,
            source,
        })?;
        cards.push(card);
    }
    Ok(cards)
}

/// Read a community JSON-lines file and compute its coverage (English text), listing the
/// 25 most frequent unparsed sentences and gap reasons. This backs `cardscript coverage
/// FILE.jsonl` (which passes the engine's [`Checker`]).
pub fn coverage_file(path: &Path, checker: &dyn Checker) -> Result<Coverage, CoverageError> {
    coverage_file_top(path, checker, 25)
}

/// [`coverage_file`] listing the `top` most frequent unparsed sentences and gap reasons
/// (`usize::MAX` lists them all).
pub fn coverage_file_top(
    path: &Path,
    checker: &dyn Checker,
    top: usize,
) -> Result<Coverage, CoverageError> {
    Ok(coverage_of(&read_cards(path)?, Lang::En, top, checker))
}
