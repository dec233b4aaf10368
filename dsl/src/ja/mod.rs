//! Japanese card text → [`EffectText`]. Old templates (`Lv1･Lv2『このスピリットの召喚時』`,
//! `メイン：`/`フラッシュ：`, `【バースト：…】` BS-10) and modern shorthand (`【召喚時】`).

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::ast::*;
use crate::{ParseOutcome, Unparsed, none_if_na, split};

mod body;
mod clause;
mod noun;
use body::parse_body;
use clause::clause_of;
use noun::{place_of, query_of, target_of, targets};

/// Expected at an unknown Japanese timing.
const JA_TIMING_HINT: &str =
    "a timing in 『…』 the Japanese grammar knows (e.g. 『このスピリットの召喚時』)";

#[derive(Parser)]
#[grammar = "grammar/ja.pest"]
struct JaParser;

/// Parse the header at the start of `text`; returns its end (0 if none) and fills `effect`.
fn parse_header(text: &str, effect: &mut EffectText) -> usize {
    let Ok(mut pairs) = JaParser::parse(Rule::header, text) else {
        return 0;
    };
    let Some(h) = pairs.next() else {
        return 0;
    };
    let end = h.as_span().end();
    for p in h.into_inner().flatten() {
        match p.as_rule() {
            Rule::lv => {
                if let Some(n) = p.into_inner().next() {
                    effect
                        .levels
                        .push(num(n.as_str()).try_into().unwrap_or(u8::MAX));
                }
            }
            Rule::step_main => effect.steps.push(StepKind::Main),
            Rule::step_flash => effect.steps.push(StepKind::Flash),
            Rule::kw_mod_ja => {
                if let Some(k) = effect.keywords.last_mut() {
                    k.modifier = Some(p.as_str().to_string());
                }
            }
            Rule::keyword => {
                let name = match p.clone().into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::kw_awaken) => "Awaken".to_string(),
                    Some(Rule::kw_clash) => "Confront".to_string(),
                    Some(Rule::kw_swift) => "Swift".to_string(),
                    Some(Rule::kw_armor) => "Armor".to_string(),
                    _ => p.as_str().to_string(),
                };
                effect.keywords.push(Keyword {
                    name,
                    modifier: None,
                });
            }
            Rule::j_timing => {
                let t = timing_of(p);
                effect.timing = Some(match effect.timing.take() {
                    // 【召喚時/アタック時】: several hooks.
                    Some(Timing::Any(mut ts)) => {
                        ts.push(t);
                        Timing::Any(ts)
                    }
                    Some(prev) if !matches!(prev, Timing::Burst(_)) => Timing::Any(vec![prev, t]),
                    _ => t,
                });
            }
            Rule::burst_cond => {
                effect.keywords.push(Keyword {
                    name: "Burst".into(),
                    modifier: None,
                });
                effect.timing = Some(Timing::Burst(burst_of(p)));
            }
            _ => {}
        }
    }
    if effect.timing.is_none() {
        effect.timing = match effect.steps.as_slice() {
            [StepKind::Main] if effect.levels.is_empty() => Some(Timing::Main),
            [StepKind::Flash] if effect.levels.is_empty() => Some(Timing::Flash),
            _ if effect.levels.is_empty() && effect.steps.is_empty() => None,
            _ => Some(Timing::Constant),
        };
    }
    end
}

/// Parse one printed effect (header + body).
pub(crate) fn parse_printed(text: &str, vocab: &crate::Vocabulary) -> ParseOutcome {
    let mut effect = EffectText::default();
    let mut start = parse_header(text, &mut effect);
    let mut unparsed = Vec::new();
    // A 『…』 label a pack declared.
    let rest = text[start..].trim_start();
    if effect.timing.is_none()
        && rest.starts_with('『')
        && let Some(i) = rest.find('』')
        && let Some(hook) = vocab.label_hook(&rest[..i + '』'.len_utf8()])
    {
        effect.timing = Some(Timing::Pack(hook.to_string()));
        start = text.len() - rest.len() + i + '』'.len_utf8();
    }
    // A 『…』 or 【…】 label the grammar did not map.
    let rest = text[start..].trim_start();
    let timing_mapped = !(effect.timing.is_none() && (rest.starts_with('『')));
    if !timing_mapped {
        let off = text.len() - rest.len();
        let close = rest
            .find('』')
            .map(|i| off + i + '』'.len_utf8())
            .unwrap_or(text.len());
        unparsed.push(Unparsed {
            span: Span {
                start: off,
                end: close,
            },
            text: text[off..close].to_string(),
            expected: vec![JA_TIMING_HINT.into()],
        });
    }
    effect.body = parse_body(text, start, &mut unparsed, &mut effect.once_per_turn);
    ParseOutcome::finish(effect, timing_mapped, unparsed)
}

/// Split a whole Japanese card text into its effects (a header line starts a new effect) and
/// parse each.
pub(crate) fn parse_card(text: &str) -> Vec<ParseOutcome> {
    let mut starts = Vec::new();
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let mut probe = EffectText::default();
        if parse_header(line, &mut probe) > 0 || starts.is_empty() {
            starts.push(off);
        }
        off += line.len();
    }
    let mut out = Vec::new();
    for (i, &s) in starts.iter().enumerate() {
        let e = starts.get(i + 1).copied().unwrap_or(text.len());
        let chunk = &text[s..e];
        if chunk.trim().is_empty() {
            continue;
        }
        let mut o = parse_printed(chunk, &crate::Vocabulary::default());
        shift(&mut o, s);
        out.push(o);
    }
    out
}

fn shift(o: &mut ParseOutcome, by: usize) {
    for u in &mut o.unparsed {
        u.span.start += by;
        u.span.end += by;
    }
}

/// The timing a Japanese timing label names (`このスピリットの召喚時` → when summoned), as
/// the Japanese grammar reads a 『…』 header; `None` for a label it does not know.
pub(crate) fn label_timing(label: &str) -> Option<Timing> {
    JaParser::parse(Rule::timing_only, label.trim())
        .ok()?
        .next()?
        .into_inner()
        .find(|x| x.as_rule() == Rule::j_timing)
        .map(timing_of)
}

/// Parse one structured entry whose texts are Japanese.
pub(crate) fn parse_structured(
    levels: &[u8],
    condition: Option<&str>,
    keywords: &[(String, Option<String>)],
    steps: &[String],
    details: &str,
    vocab: &crate::Vocabulary,
) -> ParseOutcome {
    let mut effect = crate::structured_head(levels, keywords, steps);
    let mut unparsed = Vec::new();
    let mut timing_mapped = true;
    if let Some(c) = none_if_na(condition)
        && let Some(hook) = vocab.label_hook(c)
    {
        effect.timing = Some(Timing::Pack(hook.to_string()));
    } else if let Some(c) = none_if_na(condition) {
        match JaParser::parse(Rule::timing_only, c)
            .ok()
            .and_then(|mut p| p.next())
            .and_then(|p| p.into_inner().find(|x| x.as_rule() == Rule::j_timing))
        {
            Some(t) => effect.timing = Some(timing_of(t)),
            None => {
                timing_mapped = false;
                unparsed.push(Unparsed {
                    span: Span { start: 0, end: 0 },
                    text: c.to_string(),
                    expected: vec![JA_TIMING_HINT.into()],
                });
            }
        }
    }
    let details = none_if_na(Some(details)).unwrap_or("");
    let mut probe = EffectText::default();
    let start = parse_header(details, &mut probe);
    if effect.timing.is_none() {
        effect.timing = probe.timing;
    }
    effect.body = parse_body(details, start, &mut unparsed, &mut effect.once_per_turn);
    ParseOutcome::finish(effect, timing_mapped, unparsed)
}

fn num(s: &str) -> u32 {
    let ascii: String = s
        .chars()
        .map(|c| {
            if ('０'..='９').contains(&c) {
                char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or('0')
            } else {
                c
            }
        })
        .collect();
    ascii.parse().unwrap_or(u32::MAX)
}

fn first_num(p: &Pair<Rule>) -> u32 {
    p.clone()
        .into_inner()
        .flatten()
        .find(|x| x.as_rule() == Rule::num)
        .map(|n| num(n.as_str()))
        .unwrap_or(1)
}

fn whose_of(p: Pair<Rule>) -> Whose {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::w_opp) => Whose::Opponent,
        Some(Rule::w_both) => Whose::Either,
        _ => Whose::You,
    }
}

fn timing_of(p: Pair<Rule>) -> Timing {
    let Some(t) = p.into_inner().next() else {
        return Timing::Constant;
    };
    match t.as_rule() {
        Rule::j_summoned => Timing::WhenSummoned,
        Rule::j_deployed => Timing::WhenDeployed,
        Rule::j_attacks => Timing::WhenAttacks,
        Rule::j_blocks => Timing::WhenBlocks,
        Rule::j_battles => Timing::WhenBattles,
        Rule::j_destroyed => Timing::WhenDestroyed,
        Rule::j_after_burst => Timing::AfterYourBurst,
        Rule::j_step => {
            let mut whose = Whose::You;
            let mut step = Step::Main;
            for x in t.into_inner() {
                match x.as_rule() {
                    Rule::who => whose = whose_of(x),
                    Rule::step_name => {
                        step = match x.into_inner().next().map(|s| s.as_rule()) {
                            Some(Rule::s_attack) => Step::Attack,
                            Some(Rule::s_start) => Step::Start,
                            Some(Rule::s_core) => Step::Core,
                            Some(Rule::s_draw) => Step::Draw,
                            Some(Rule::s_refresh) => Step::Refresh,
                            Some(Rule::s_end) => Step::End,
                            _ => Step::Main,
                        }
                    }
                    _ => {}
                }
            }
            Timing::DuringStep { whose, step }
        }
        Rule::j_turn => Timing::DuringTurn(
            t.into_inner()
                .find(|x| x.as_rule() == Rule::who)
                .map(whose_of)
                .unwrap_or(Whose::You),
        ),
        _ => Timing::Constant,
    }
}

fn burst_of(p: Pair<Rule>) -> BurstCondition {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::b_life) => BurstCondition::LifeReduced,
        Some(Rule::b_opp_summon) => BurstCondition::OpponentWhenSummonedResolved,
        Some(Rule::b_destroyed) => BurstCondition::YourSpiritDestroyed,
        _ => BurstCondition::OpponentAttacks,
    }
}
