//! A Japanese effect body sentence by sentence: each sentence read (a number beyond any card's
//! refused) and its wrappers applied (conditions, "when …" and burst-cost clauses).

use super::*;

pub(super) fn parse_body(
    text: &str,
    start: usize,
    unparsed: &mut Vec<Unparsed>,
    once: &mut bool,
) -> Vec<Action> {
    let body = &text[start..];
    let mut out = Vec::new();
    // Literal "\n" (as in the sample tables) also separates lines.
    for (a, b) in split::sentences(body, &['。'], &['\n']) {
        let s = &body[a..b];
        let span = Span {
            start: start + a,
            end: start + b,
        };
        // A number beyond any card's is refused, never capped.
        if let Some(n) = split::number_out_of_range(s) {
            unparsed.push(Unparsed {
                span,
                text: s.to_string(),
                expected: vec![format!(
                    "a number of at most {} (found {n})",
                    split::MAX_TEXT_NUMBER
                )],
            });
            out.push(Action::Unparsed {
                text: s.to_string(),
                span,
            });
            continue;
        }
        match JaParser::parse(Rule::sentence, s) {
            Ok(mut pairs) => {
                let Some(sentence) = pairs.next() else {
                    continue;
                };
                if sentence
                    .clone()
                    .into_inner()
                    .any(|x| x.as_rule() == Rule::once)
                {
                    *once = true;
                    continue;
                }
                let acts = build_sentence(sentence);
                if crate::has_unparsed(&acts) {
                    unparsed.push(Unparsed {
                        span,
                        text: s.to_string(),
                        expected: vec!["a condition the effect AST can express".into()],
                    });
                    out.push(Action::Unparsed {
                        text: s.to_string(),
                        span,
                    });
                } else {
                    out.extend(acts);
                }
            }
            Err(e) => {
                if std::env::var_os("DSL_DEBUG").is_some() {
                    eprintln!("{e}");
                }
                unparsed.push(Unparsed {
                    span,
                    text: s.to_string(),
                    expected: vec![
                        crate::phrasebook::stopped_at(s, crate::phrasebook::error_offset(&e)),
                        "a sentence the Japanese grammar knows (dsl/src/grammar/ja.pest)".into(),
                    ],
                });
                out.push(Action::Unparsed {
                    text: s.to_string(),
                    span,
                });
            }
        }
    }
    out
}

enum Wrap {
    /// Optional cost: discard N set bursts to do the rest (BS-10).
    CostBurst(u32),
    If(Condition),
    When(Event),
}

fn build_sentence(sentence: Pair<Rule>) -> Vec<Action> {
    let mut wraps: Vec<(usize, Wrap)> = Vec::new();
    let mut acts: Vec<Action> = Vec::new();
    let mut dur: Option<Duration> = None;
    let mut per: Option<Amount> = None;
    for p in sentence.into_inner() {
        match p.as_rule() {
            Rule::l_during => {
                dur = p
                    .into_inner()
                    .flatten()
                    .find(|x| x.as_rule() == Rule::d_battle || x.as_rule() == Rule::d_turn)
                    .map(|x| {
                        if x.as_rule() == Rule::d_battle {
                            Duration::Battle
                        } else {
                            Duration::Turn
                        }
                    })
            }
            Rule::l_for_each => {
                if let Some(np) = p
                    .into_inner()
                    .flatten()
                    .find(|x| x.as_rule() == Rule::np_each)
                {
                    per = Some(Amount::PerEach(1, query_of(np)));
                }
            }
            Rule::l_if => {
                if let Some(c) = p.into_inner().next().and_then(|c| c.into_inner().next()) {
                    let cond = match c.as_rule() {
                        Rule::cond_burst_set => Some(Condition::BurstSet),
                        Rule::cond_count => Some(Condition::CountAtLeast(first_num(&c))),
                        _ => None,
                    };
                    match cond {
                        Some(cond) => wraps.push((acts.len(), Wrap::If(cond))),
                        // Never drop a condition silently: the sentence is not understood.
                        None => acts.push(Action::Unparsed {
                            text: c.as_str().to_string(),
                            span: Span {
                                start: c.as_span().start(),
                                end: c.as_span().end(),
                            },
                        }),
                    }
                }
            }
            Rule::l_battle_end => wraps.push((acts.len(), Wrap::When(Event::BattleEnds))),
            Rule::l_cost_burst => wraps.push((acts.len(), Wrap::CostBurst(first_num(&p)))),
            Rule::l_when_burst => wraps.push((acts.len(), Wrap::When(Event::YouSetBurst))),
            Rule::l_destroys_in_battle => wraps.push((
                acts.len(),
                Wrap::When(Event::DestroysOpponentSpirit {
                    who: Subject::This,
                    victim: Vec::new(),
                    in_battle: true,
                }),
            )),
            Rule::clause => acts.extend(clause_of(p, dur, per.clone())),
            _ => {}
        }
    }
    // Wrappers take everything after them.
    for (at, w) in wraps.into_iter().rev() {
        let inner: Vec<Action> = acts.drain(at.min(acts.len())..).collect();
        acts.push(match w {
            Wrap::CostBurst(n) => {
                let mut body = vec![Action::DiscardBurst(n)];
                body.extend(inner);
                Action::May(body)
            }
            Wrap::If(c) => Action::If(c, inner),
            Wrap::When(e) => Action::When(e, Duration::WhileActive, inner),
        });
    }
    acts
}
