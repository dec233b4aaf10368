//! dsl: card-text grammars (pest) producing one typed effect AST, and its compiler to rhai.
//!
//! Input → output: printed card text (English Saga templates, Japanese templates) →
//! [`ast::EffectText`] (one AST for every language) → rhai source calling the flat script API
//! ([`compile::to_rhai`]). Text is parsed sentence by sentence; an unknown sentence becomes
//! [`ast::Action::Unparsed`] and makes the effect incomplete, so it is reported, never half-run.
//!
//! Architecture invariant: this crate does no I/O except in [`coverage`] (which reads the
//! community JSON-lines file it is given) and never panics on any input text.

#![warn(missing_docs)]

pub mod ast;
pub mod compile;
pub mod coverage;
mod en;
pub mod explain;
pub mod explain_words;
mod ja;
mod pest_compile;
pub mod phrasebook;
pub mod phrases;
mod split;
mod template;
pub mod vocab;

pub use en::MAX_PHRASE_NESTING;
pub use vocab::Vocabulary;

use ast::{Action, EffectText, Span};
use serde::Serialize;

/// Language of a card text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Lang {
    /// English (Battle Spirits Saga templates).
    En,
    /// Japanese (バトルスピリッツ templates).
    Ja,
}

/// A piece of text the grammar did not understand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unparsed {
    /// Where it is in the parsed text (byte range).
    pub span: Span,
    /// The text itself.
    pub text: String,
    /// What would have been understood there, in the author's words, one line each: where
    /// the sentence stopped being understood and the nearest phrases the grammar knows
    /// ([`phrasebook::stopped`]), or why a matched sentence is refused. Never grammar rule
    /// names.
    pub expected: Vec<String>,
}

/// Result of parsing one effect text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParseOutcome {
    /// What was understood (unknown sentences are [`Action::Unparsed`]).
    pub effect: EffectText,
    /// True when the timing header (if any) mapped to a hook and every sentence parsed:
    /// the effect is fully executable from its text.
    pub complete: bool,
    /// True when the effect's timing label (if it had one) mapped to a hook.
    pub timing_mapped: bool,
    /// The parts that were not understood.
    pub unparsed: Vec<Unparsed>,
}

impl ParseOutcome {
    pub(crate) fn finish(
        effect: EffectText,
        timing_mapped: bool,
        mut unparsed: Vec<Unparsed>,
    ) -> Self {
        // A pronoun with no antecedent (a grammar that does not check it per sentence, as
        // the English one does): the effect is not understood.
        if unparsed.is_empty() && compile::dangling_pronoun(&effect.body) {
            unparsed.push(Unparsed {
                span: Span { start: 0, end: 0 },
                text: String::new(),
                expected: vec![compile::DANGLING.into()],
            });
        }
        let complete = timing_mapped && unparsed.is_empty() && !has_unparsed(&effect.body);
        ParseOutcome {
            effect,
            complete,
            timing_mapped,
            unparsed,
        }
    }
}

pub(crate) fn has_unparsed(body: &[Action]) -> bool {
    body.iter().any(|a| match a {
        Action::Unparsed { .. } => true,
        Action::May(b)
        | Action::IfYouDo(b)
        | Action::If(_, b)
        | Action::Otherwise(b)
        | Action::When(_, _, b)
        | Action::OncePerTurn(b) => has_unparsed(b),
        Action::OneOf(options) => options.iter().any(|b| has_unparsed(b)),
        Action::Phrase { slots, .. } => slots
            .iter()
            .any(|(_, v)| matches!(v, ast::SlotValue::Sentence(b) if has_unparsed(b))),
        _ => false,
    })
}

/// Parse one printed English effect, e.g. `[LV1][LV2] (When Summoned) Draw 1 card.`
/// (no pack vocabulary: keyword names unchecked, built-in labels and sentences only).
pub fn parse_en(text: &str) -> ParseOutcome {
    en::parse_printed(text, &Vocabulary::default())
}

/// [`parse_en`] with the keywords, labels and phrases packs declared: a `{Keyword}` must be
/// declared (when any is) with a value of its kind; a pack label maps to its hook
/// ([`ast::Timing::Pack`]); a sentence the built-in grammar leaves unparsed is tried against
/// the pack phrases ([`ast::Action::Phrase`]).
pub fn parse_en_with(text: &str, vocab: &Vocabulary) -> ParseOutcome {
    en::parse_printed(text, vocab)
}

/// Parse one printed Japanese effect, e.g. `Lv1･Lv2『このスピリットの召喚時』\n自分はデッキから1枚ドローする。`
pub fn parse_ja(text: &str) -> ParseOutcome {
    ja::parse_printed(text, &Vocabulary::default())
}

/// The timing a Japanese timing label names, as the Japanese grammar reads a 『…』 header
/// (`このスピリットの召喚時` → [`ast::Timing::WhenSummoned`]); `None` for one it does not know.
pub fn ja_label_timing(label: &str) -> Option<ast::Timing> {
    ja::label_timing(label)
}

/// [`parse_ja`] with a pack vocabulary (its labels' Japanese texts: 『このスピリットの共鳴時』).
pub fn parse_ja_with(text: &str, vocab: &Vocabulary) -> ParseOutcome {
    declared_keywords(ja::parse_printed(text, vocab), vocab)
}

/// The keywords of a Japanese effect under their declared names (`【粉砕】` → `Crush`, by
/// a declaration's other names); an undeclared one makes the effect not understood, as in
/// English.
fn declared_keywords(mut out: ParseOutcome, vocab: &Vocabulary) -> ParseOutcome {
    for k in &mut out.effect.keywords {
        match vocab.keyword(&k.name) {
            vocab::KeywordCheck::Known(d) => k.name = d.name.clone(),
            vocab::KeywordCheck::Unchecked => {}
            vocab::KeywordCheck::Unknown { suggestion, valid } => {
                out.unparsed.push(Unparsed {
                    span: Span { start: 0, end: 0 },
                    text: k.name.clone(),
                    expected: vec![format!(
                        "a declared keyword: `{}` is not one{suggestion}; declared: {}",
                        k.name,
                        valid.join(", ")
                    )],
                });
                out.complete = false;
            }
        }
    }
    out
}

/// Parse a whole Japanese card text: every line that starts with a header (levels, 『…』,
/// 【…】, メイン：/フラッシュ：) starts a new effect.
pub fn parse_ja_card(text: &str) -> Vec<ParseOutcome> {
    ja::parse_card(text)
}

/// Parse a printed text in the given language.
pub fn parse(text: &str, lang: Lang) -> ParseOutcome {
    match lang {
        Lang::En => parse_en(text),
        Lang::Ja => parse_ja(text),
    }
}

/// Parse one structured effect entry as found in community data (`cards.jsonl`):
/// `levels`, `condition` (the timing label; `"N/A"` or `None` = none), `keywords`
/// (name, modifier), `steps` (`"Main"`, `"Flash"`) and `details` (the text; `"N/A"` = none).
/// A `details` that begins with its timing label again (data quirk) has it stripped.
pub fn parse_effect(
    levels: &[u8],
    condition: Option<&str>,
    keywords: &[(String, Option<String>)],
    steps: &[String],
    details: &str,
    lang: Lang,
) -> ParseOutcome {
    parse_effect_with(
        levels,
        condition,
        keywords,
        steps,
        details,
        lang,
        &Vocabulary::default(),
    )
}

/// [`parse_effect`] with a pack vocabulary (see [`parse_en_with`]; Japanese text uses
/// only the declared labels' Japanese texts for a structured `condition`).
pub fn parse_effect_with(
    levels: &[u8],
    condition: Option<&str>,
    keywords: &[(String, Option<String>)],
    steps: &[String],
    details: &str,
    lang: Lang,
    vocab: &Vocabulary,
) -> ParseOutcome {
    match lang {
        Lang::En => en::parse_structured(levels, condition, keywords, steps, details, vocab),
        Lang::Ja => declared_keywords(
            ja::parse_structured(levels, condition, keywords, steps, details, vocab),
            vocab,
        ),
    }
}

/// A Japanese effect text under a card model's timing label, which may be English (a card
/// whose only printed text is Japanese, or whose pack says its Japanese text is the one
/// that runs): a Japanese label (`このスピリットの召喚時`) reads as Japanese; an English one
/// (`When Summoned`, a pack's label) gives the timing as in English, and the Japanese
/// grammar reads the body.
pub fn parse_ja_effect_with(
    levels: &[u8],
    condition: Option<&str>,
    keywords: &[(String, Option<String>)],
    steps: &[String],
    details: &str,
    vocab: &Vocabulary,
) -> ParseOutcome {
    let ja = parse_effect_with(levels, condition, keywords, steps, details, Lang::Ja, vocab);
    if ja.timing_mapped || none_if_na(condition).is_none() {
        return ja;
    }
    let head = en::parse_structured(levels, condition, keywords, steps, "", vocab);
    if !head.timing_mapped {
        return ja;
    }
    let body = parse_effect_with(levels, None, keywords, steps, details, Lang::Ja, vocab);
    let mut effect = body.effect;
    if head.effect.timing.is_some() {
        effect.timing = head.effect.timing;
    }
    ParseOutcome::finish(effect, true, body.unparsed)
}

/// The hook name (as [`compile::hook_name`] writes it and the engine's `from_hook_name`
/// reads it) of a printed English timing label alone, for a card model that keeps the label
/// and the steps apart: `While OC` → `while_over_count` (BS-13.3); with a `Burst` step
/// (BS-10.3) the label is the burst condition: `After Your Life Is Reduced` →
/// `burst_life_reduced`, `When Opponent Summons` → `burst_opponent_summons`,
/// `When Opponent Destroys Your Spirit` → `burst_opponent_destroys_your_spirit`, `When
/// Opponent Resolves a Spirit's "When Summoned" Effect` →
/// `burst_opponent_when_summoned_resolved`. `None` for an unknown (or empty) label.
pub fn hook_of_label(label: &str, steps: &[String]) -> Option<String> {
    hook_of_label_with(label, steps, &Vocabulary::default())
}

/// [`hook_of_label`] that also knows the labels packs declared (their hook names).
pub fn hook_of_label_with(label: &str, steps: &[String], vocab: &Vocabulary) -> Option<String> {
    let label = none_if_na(Some(label))?;
    let t = en::parse_timing(label, vocab)?;
    let t = if steps.iter().any(|s| en::is_burst_step(s)) {
        ast::Timing::Burst(en::burst_condition(Some(t)))
    } else {
        t
    };
    Some(compile::hook_name(Some(&t)))
}

/// The part of a structured data entry every language reads alike: levels, keywords
/// (name, modifier; "N/A" = none) and Main/Flash steps (English or Japanese names).
pub(crate) fn structured_head(
    levels: &[u8],
    keywords: &[(String, Option<String>)],
    steps: &[String],
) -> ast::EffectText {
    let mut effect = ast::EffectText {
        levels: levels.to_vec(),
        ..ast::EffectText::default()
    };
    for (name, modifier) in keywords {
        effect.keywords.push(ast::Keyword {
            name: name.trim().to_string(),
            modifier: none_if_na(modifier.as_deref()).map(str::to_string),
        });
    }
    for s in steps {
        match s.trim().to_lowercase().as_str() {
            "main" | "メイン" => effect.steps.push(ast::StepKind::Main),
            "flash" | "フラッシュ" => effect.steps.push(ast::StepKind::Flash),
            _ => {}
        }
    }
    effect
}

/// "N/A", empty and whitespace mean "none" in community data.
pub(crate) fn none_if_na(s: Option<&str>) -> Option<&str> {
    s.map(str::trim)
        .filter(|s| !s.is_empty() && !s.eq_ignore_ascii_case("n/a"))
}
