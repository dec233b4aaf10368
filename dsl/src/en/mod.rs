//! English (Battle Spirits Saga) card text → [`EffectText`]. Implements the hooks of BS-8.1,
//! bursts (BS-10), magic Main/Flash (BS-5.5, BS-11), durations (BS-6.7, BS-7.1).

use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest_derive::Parser;

use crate::ast::*;
use crate::vocab::Vocabulary;
use crate::{ParseOutcome, Unparsed, none_if_na, split};

mod body;
mod caused;
mod clause;
mod condition;
mod noun;
mod pack;
pub use pack::MAX_PHRASE_NESTING;
mod sentence;
mod timing;
pub(crate) use body::Read;
use body::{parse_body, read_sentence};
use clause::clause_of;
use condition::{condition_of, event_of};
use noun::{
    add_filters, by_query, colour_of, core_count_of, core_place_of, deck_pos_in, direct_number,
    first_target, number_in, number_in_level, number_of, owner_of, query_of, subject_of,
    subject_of_one, target_of, your_spirits,
};
pub(crate) use pack::keyword_problem;
use pack::{phrase_action, sentence_keyword_problem};
pub(crate) use sentence::SentenceState;
use sentence::{build_sentence, duration_of};
pub(crate) use timing::parse_timing;
use timing::timing_of;

#[derive(Parser)]
#[grammar = "grammar/en.pest"]
struct EnParser;

/// The grammar rules in the parse tree of one sentence read alone (`None`: not
/// understood), for the phrasebook's checks.
#[cfg(test)]
pub(crate) fn sentence_rules(s: &str) -> Option<Vec<String>> {
    let pairs = EnParser::parse(Rule::sentence, s).ok()?;
    Some(
        pairs
            .flatten()
            .map(|p| format!("{:?}", p.as_rule()))
            .collect(),
    )
}

/// Parse a printed effect: header then body.
pub(crate) fn parse_printed(text: &str, vocab: &Vocabulary) -> ParseOutcome {
    let mut effect = EffectText::default();
    let mut timing_mapped = true;
    let mut body_start = 0;
    let mut unparsed = Vec::new();
    if let Ok(mut pairs) = EnParser::parse(Rule::header, text)
        && let Some(header) = pairs.next()
    {
        body_start = header.as_span().end();
        for p in header.into_inner() {
            match p.as_rule() {
                Rule::levels => {
                    for t in p.into_inner() {
                        for n in t.into_inner() {
                            effect.levels.push(n.as_str().parse().unwrap_or(u8::MAX));
                        }
                    }
                }
                Rule::kw_tag => {
                    let span = p.as_span();
                    let body = p.into_inner().next().map(|b| b.as_str()).unwrap_or("");
                    let (name, modifier) = vocab.split_keyword(body);
                    if let Some(why) = keyword_problem(vocab, name, modifier) {
                        unparsed.push(Unparsed {
                            span: Span {
                                start: span.start(),
                                end: span.end(),
                            },
                            text: span.as_str().to_string(),
                            expected: vec![why],
                        });
                    }
                    effect.keywords.push(Keyword {
                        name: name.to_string(),
                        modifier: modifier.map(str::to_string),
                    });
                }
                Rule::step_tag => {
                    for s in p.into_inner() {
                        effect.steps.push(if s.as_rule() == Rule::step_main {
                            StepKind::Main
                        } else {
                            StepKind::Flash
                        });
                    }
                }
                Rule::timing_tag => {
                    if let Some(t) = p.into_inner().next() {
                        effect.timing = Some(timing_of(t));
                    }
                }
                _ => {}
            }
        }
    } else if text.trim_start().starts_with('(') {
        timing_mapped = false;
    }
    // "(Something unknown)" left at the start of the body: a pack-declared label, else an
    // unmapped timing label.
    let rest = &text[body_start..];
    if effect.timing.is_none()
        && rest.trim_start().starts_with('(')
        && let Some(close) = rest.find(')')
        && let Some(hook) = vocab.label_hook(&rest[..=close])
    {
        effect.timing = Some(Timing::Pack(hook.to_string()));
        body_start += close + 1;
    }
    let rest = &text[body_start..];
    if effect.timing.is_none() && rest.trim_start().starts_with('(') {
        timing_mapped = false;
        let off = body_start + (rest.len() - rest.trim_start().len());
        let close = text[off..]
            .find(')')
            .map(|i| off + i + 1)
            .unwrap_or(text.len());
        unparsed.push(Unparsed {
            span: Span {
                start: off,
                end: close,
            },
            text: text[off..close].to_string(),
            expected: vec![crate::phrasebook::TIMING_HINT.into()],
        });
        body_start = close;
    }
    let (mut out, no_sentence) =
        finish_body(effect, text, body_start, timing_mapped, unparsed, vocab);
    if no_sentence && out.effect.keywords.is_empty() {
        label_only_gap(&mut out, text);
    }
    burst_timing(&mut out.effect, &[]);
    if out.timing_mapped {
        default_timing(&mut out.effect);
    }
    out
}

/// A burst effect (the `Burst` keyword, or a `Burst` step as the engine's card model has it)
/// runs at the burst hook of its printed condition (BS-10.3).
fn burst_timing(effect: &mut EffectText, steps: &[String]) {
    let is_burst = effect
        .keywords
        .iter()
        .any(|k| k.name.eq_ignore_ascii_case("burst"))
        || steps.iter().any(|s| is_burst_step(s));
    if is_burst {
        let cond = burst_condition(effect.timing.take());
        effect.timing = Some(Timing::Burst(cond));
    }
}

/// `Burst` / `バースト` as a step name.
pub(crate) fn is_burst_step(s: &str) -> bool {
    let s = s.trim();
    s.eq_ignore_ascii_case("burst") || s == "バースト"
}

fn finish_body(
    mut effect: EffectText,
    text: &str,
    body_start: usize,
    timing_mapped: bool,
    mut unparsed: Vec<Unparsed>,
    vocab: &Vocabulary,
) -> (ParseOutcome, bool) {
    let mut body_start = body_start;
    // Data quirk: details that start with their timing label again.
    let rest = &text[body_start..];
    let lead_ws = rest.len() - rest.trim_start().len();
    if let Ok(mut pairs) = EnParser::parse(Rule::lead_label, &rest[lead_ws..])
        && let Some(p) = pairs.next()
        && let Some(t) = p.into_inner().next()
    {
        let tm = timing_of(t.clone());
        body_start += lead_ws + t.as_span().end();
        if effect.timing.is_none() || effect.timing == Some(Timing::Constant) {
            effect.timing = Some(tm);
        }
    }
    // Nothing after the header and label: no sentence at all.
    let no_sentence = text[body_start..].trim().is_empty();
    let mut start_of_step = false;
    let body = parse_body(
        text,
        body_start,
        &mut unparsed,
        &mut start_of_step,
        &mut effect,
        vocab,
    );
    effect.body = body;
    // Saga English prints "Select" where an effect selects (ruling C#159).
    effect.only_select_selects = true;
    if start_of_step && let Some(Timing::DuringStep { whose, step }) = effect.timing {
        effect.timing = Some(Timing::StartOfStep { whose, step });
    }
    (
        ParseOutcome::finish(effect, timing_mapped, unparsed),
        no_sentence,
    )
}

/// Parse one structured data entry (see [`crate::parse_effect`]).
pub(crate) fn parse_structured(
    levels: &[u8],
    condition: Option<&str>,
    keywords: &[(String, Option<String>)],
    steps: &[String],
    details: &str,
    vocab: &Vocabulary,
) -> ParseOutcome {
    let mut effect = crate::structured_head(levels, keywords, steps);
    let mut timing_mapped = true;
    let mut unparsed = Vec::new();
    for k in &effect.keywords {
        if let Some(why) = keyword_problem(vocab, &k.name, k.modifier.as_deref()) {
            unparsed.push(Unparsed {
                span: Span { start: 0, end: 0 },
                text: k.name.clone(),
                expected: vec![why],
            });
        }
    }
    if let Some(cond) = none_if_na(condition) {
        match parse_timing(cond, vocab) {
            Some(t) => effect.timing = Some(t),
            None => {
                timing_mapped = false;
                unparsed.push(Unparsed {
                    span: Span { start: 0, end: 0 },
                    text: cond.to_string(),
                    expected: vec![crate::phrasebook::TIMING_HINT.into()],
                });
            }
        }
    }
    burst_timing(&mut effect, steps);
    let details = none_if_na(Some(details)).unwrap_or("");
    let (mut out, _) = finish_body(effect, details, 0, timing_mapped, unparsed, vocab);
    label_only_gap(&mut out, details);
    default_timing(&mut out.effect);
    out
}

/// Text that compiled to nothing (only a timing label, a header with no sentence: BS-8.1
/// names a timing, not an effect): nothing to run, so a "not understood" gap rather than
/// an empty effect that would count as acting.
fn label_only_gap(out: &mut ParseOutcome, text: &str) {
    if !text.trim().is_empty() && out.effect.body.is_empty() && out.unparsed.is_empty() {
        let span = Span {
            start: 0,
            end: text.len(),
        };
        out.unparsed.push(Unparsed {
            span,
            text: text.to_string(),
            expected: vec!["an effect after the timing label".into()],
        });
        // In the body too, so its script is `inert(…)` (an explained gap), not empty.
        out.effect.body.push(Action::Unparsed {
            text: text.trim().to_string(),
            span,
        });
        out.complete = false;
    }
}

/// An effect printed without a timing label: a Main/Flash effect when it has steps
/// (BS-5.5, BS-5.6), else constant while its levels are met.
pub(crate) fn default_timing(effect: &mut EffectText) {
    if effect.timing.is_some() {
        return;
    }
    let main = effect.steps.contains(&StepKind::Main);
    let flash = effect.steps.contains(&StepKind::Flash);
    effect.timing = Some(match (main, flash) {
        (true, true) => Timing::Any(vec![Timing::Main, Timing::Flash]),
        (true, false) => Timing::Main,
        (false, true) => Timing::Flash,
        (false, false) => Timing::Constant,
    });
}

/// Map a hook used as burst condition (BS-10.3).
pub(crate) fn burst_condition(t: Option<Timing>) -> BurstCondition {
    match t {
        Some(Timing::WhenYouLoseLife) => BurstCondition::LifeReduced,
        Some(Timing::WhenOpponentResolvesWhenSummoned) => {
            BurstCondition::OpponentWhenSummonedResolved
        }
        Some(Timing::WhenOpponentDestroysYourSpirit) => BurstCondition::OpponentDestroysYourSpirit,
        Some(Timing::Burst(b)) => b,
        Some(other) => BurstCondition::Other(Box::new(other)),
        None => BurstCondition::Other(Box::new(Timing::Constant)),
    }
}

/// See [`crate::phrases::parse_brave_condition`] (BS-9.1).
pub(crate) fn brave_condition(text: &str) -> Option<crate::phrases::BraveCondition> {
    let p = EnParser::parse(Rule::brave_cond, text).ok()?.next()?;
    let np = p.into_inner().find(|x| x.as_rule() == Rule::brave_np)?;
    let ultimates = np.clone().into_inner().any(|x| x.as_rule() == Rule::bc_ult);
    let mut q = your_spirits();
    add_filters(&mut q, np);
    if !matches!(q.kind, CardKind::Spirit | CardKind::SpiritCard) {
        return None;
    }
    let mut out = crate::phrases::BraveCondition {
        ultimates,
        ..Default::default()
    };
    for f in q.filters {
        match f {
            Filter::CostAtLeast(n) => out.min_cost = Some(n),
            Filter::CostAtMost(n) => out.max_cost = Some(n),
            Filter::CostIs(n) => {
                out.min_cost = Some(n);
                out.max_cost = Some(n);
            }
            Filter::Colour(c) => out.colours.push(c),
            Filter::Family(fs) => out.families.extend(fs.into_iter().map(|f| {
                // "a Dragon Family spirit": the capitalised word is read as part of the name.
                f.strip_suffix(" Family").map(str::to_string).unwrap_or(f)
            })),
            // Anything else cannot be said by a brave condition.
            _ => return None,
        }
    }
    Some(out)
}

/// See [`crate::phrases::parse_over_count`] (BS-13.3).
pub(crate) fn over_count(text: &str) -> Option<crate::phrases::OverCount> {
    let p = EnParser::parse(Rule::oc_phrase, text).ok()?.next()?;
    let mut out = crate::phrases::OverCount::default();
    for x in p.into_inner() {
        match x.as_rule() {
            Rule::oc_count => out.count = number_in(x),
            Rule::oc_bp => out.bp_bonus = number_in(x),
            _ => {}
        }
    }
    Some(out)
}
