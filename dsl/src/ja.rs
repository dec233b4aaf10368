//! Japanese card text → [`EffectText`]. Old templates (`Lv1･Lv2『このスピリットの召喚時』`,
//! `メイン：`/`フラッシュ：`, `【バースト：…】` BS-10) and modern shorthand (`【召喚時】`).

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::ast::*;
use crate::{ParseOutcome, Unparsed, none_if_na, split};

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
    // A 『…』 label a pack declared (issue 12).
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

fn parse_body(
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
        // A number beyond any card's is refused, never capped (issue 16 kind 7).
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

fn colour_of(p: &Pair<Rule>) -> Colour {
    match p.clone().into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::m_colour_red) => Colour::Red,
        Some(Rule::m_colour_purple) => Colour::Purple,
        Some(Rule::m_colour_green) => Colour::Green,
        Some(Rule::m_colour_white) => Colour::White,
        Some(Rule::m_colour_yellow) => Colour::Yellow,
        _ => Colour::Blue,
    }
}

/// Query of an `np`/`np_each` pair (count ignored).
fn query_of(np: Pair<Rule>) -> Query {
    let mut q = Query {
        owner: Owner::Any,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    };
    for x in np.into_inner() {
        match x.as_rule() {
            Rule::owner => {
                q.owner = match x.into_inner().next().map(|o| o.as_rule()) {
                    Some(Rule::o_self) => Owner::You,
                    Some(Rule::o_opp) => Owner::Opponent,
                    _ => Owner::Any,
                }
            }
            Rule::m_bp_most => q.filters.push(Filter::BpAtMost(first_num(&x))),
            Rule::m_bp_least => q.filters.push(Filter::BpAtLeast(first_num(&x))),
            Rule::m_cost_most => q.filters.push(Filter::CostAtMost(first_num(&x))),
            Rule::m_cost_least => q.filters.push(Filter::CostAtLeast(first_num(&x))),
            Rule::m_exh => q.filters.push(Filter::Exhausted),
            Rule::m_ref => q.filters.push(Filter::Refreshed),
            Rule::m_family => q.filters.push(Filter::Family(
                x.into_inner()
                    .filter(|f| f.as_rule() == Rule::quoted)
                    .map(|f| f.as_str().to_string())
                    .collect(),
            )),
            Rule::m_named => q.filters.push(Filter::Family(vec![x.as_str().to_string()])),
            Rule::m_kw => {
                let k = x
                    .into_inner()
                    .next()
                    .map(
                        |k| match k.clone().into_inner().next().map(|r| r.as_rule()) {
                            Some(Rule::kw_awaken) => "Awaken".to_string(),
                            Some(Rule::kw_clash) => "Confront".to_string(),
                            Some(Rule::kw_swift) => "Swift".to_string(),
                            _ => k.as_str().to_string(),
                        },
                    )
                    .unwrap_or_default();
                q.filters.push(Filter::HasKeyword(vec![k]));
            }
            Rule::m_name => q.filters.push(Filter::NameContains(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            // 合体 (braved) is not in the Saga model: kept as a family-like tag.
            Rule::m_braved => q.filters.push(Filter::Family(vec!["合体".into()])),
            Rule::m_unbraved => q.filters.push(Filter::Family(vec!["!合体".into()])),
            Rule::m_other => q.filters.push(Filter::Other),
            Rule::m_field if x.as_str().starts_with("自分") => q.owner = Owner::You,
            Rule::m_trash => {
                q.zone = Zone::Trash;
                q.owner = Owner::You;
            }
            Rule::m_hand => q.zone = Zone::Hand,
            Rule::m_colour => q.filters.push(Filter::Colour(colour_of(&x))),
            Rule::kind => {
                q.kind = match x.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::k_spirit_card) => CardKind::SpiritCard,
                    Some(Rule::k_nexus_card) => CardKind::Nexus,
                    Some(Rule::k_magic_card) => CardKind::MagicCard,
                    Some(Rule::k_nexus) => CardKind::Nexus,
                    Some(Rule::k_spirit_or_nexus) => CardKind::SpiritOrNexus,
                    Some(Rule::k_hand) => {
                        q.zone = Zone::Hand;
                        CardKind::Card
                    }
                    Some(Rule::k_card) => CardKind::Card,
                    _ => CardKind::Spirit,
                }
            }
            _ => {}
        }
    }
    if matches!(q.kind, CardKind::SpiritCard | CardKind::Card) && q.zone == Zone::Field {
        q.zone = Zone::Hand;
    }
    q
}

fn target_of(p: Pair<Rule>) -> Target {
    let p = if p.as_rule() == Rule::target {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Target::Selected,
        }
    } else {
        p
    };
    match p.as_rule() {
        Rule::t_this => Target::This,
        Rule::t_selected => Target::Selected,
        Rule::np => {
            let all = p.clone().into_inner().any(|x| x.as_rule() == Rule::c_all);
            let n = p
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::c_n)
                .map(|c| first_num(&c));
            let query = query_of(p);
            match (all, n) {
                (true, _) => Target::All(query),
                (false, Some(n)) => Target::Choose {
                    count: Count::Exactly(n),
                    query,
                    chooser: Whose::You,
                },
                (false, None) => Target::All(query),
            }
        }
        _ => Target::Selected,
    }
}

fn targets(c: &Pair<Rule>) -> Vec<Target> {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::target)
        .map(target_of)
        .collect()
}

fn place_of(p: Pair<Rule>) -> CorePlace {
    match p.into_inner().next() {
        Some(x) => match x.as_rule() {
            Rule::dst_life => CorePlace::Life,
            Rule::dst_opp_life => CorePlace::OpponentLife,
            Rule::dst_reserve => CorePlace::Reserve,
            Rule::dst_opp_reserve => CorePlace::OwnersReserve,
            Rule::dst_void => CorePlace::Void,
            Rule::dst_trash => CorePlace::Trash,
            _ => CorePlace::On(
                x.into_inner()
                    .find(|t| t.as_rule() == Rule::target)
                    .map(target_of)
                    .unwrap_or(Target::This),
            ),
        },
        None => CorePlace::Void,
    }
}

fn is_may(c: &Pair<Rule>) -> bool {
    c.clone().into_inner().any(|x| x.as_rule() == Rule::may)
        || c.as_str().ends_with("できる")
        || c.as_str().ends_with("置ける")
}

fn clause_of(p: Pair<Rule>, dur: Option<Duration>, per: Option<Amount>) -> Vec<Action> {
    let Some(c) = p.into_inner().next() else {
        return Vec::new();
    };
    let d = dur.unwrap_or(Duration::WhileActive);
    let ts = targets(&c);
    let t0 = ts.first().cloned().unwrap_or(Target::This);
    let may = is_may(&c);
    let a = match c.as_rule() {
        Rule::c_draw => Action::Draw(match per {
            Some(Amount::PerEach(_, q)) => Amount::PerEach(first_num(&c), q),
            _ => Amount::Fixed(first_num(&c)),
        }),
        Rule::c_destroy => Action::Destroy(t0),
        Rule::c_exhaust => Action::Exhaust(t0),
        // BS-13.2 / BS-13.4 / BS-13.1.
        Rule::c_count => {
            let n = i64::from(first_num(&c));
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::count_down)
            {
                Action::Count(-n)
            } else {
                Action::Count(n)
            }
        }
        Rule::c_heavy => Action::HeavilyExhaust(t0),
        Rule::c_tecoto => match c
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::tec_top)
        {
            Some(top) => Action::PutIntoTecoto(Target::DeckTop(first_num(&top))),
            None => Action::PutIntoTecoto(t0),
        },
        Rule::c_refresh => Action::Refresh(t0),
        Rule::c_select => Action::Select(t0),
        Rule::c_bp | Rule::c_bp_minus => {
            let n = i64::from(first_num_after_bp(&c));
            Action::Bp {
                target: t0,
                amount: if c.as_rule() == Rule::c_bp { n } else { -n },
                per,
                duration: d,
            }
        }
        Rule::c_to_hand => Action::ReturnToHand(t0),
        Rule::c_void_cores => {
            let to = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::place)
                .map(place_of)
                .unwrap_or(CorePlace::Reserve);
            Action::MoveCores {
                count: CoreCount::Exactly(first_num(&c)),
                from: CorePlace::Void,
                to,
                per,
            }
        }
        Rule::c_move_cores => {
            let n = c
                .clone()
                .into_inner()
                .filter(|x| x.as_rule() == Rule::num)
                .map(|x| num(x.as_str()))
                .next()
                .unwrap_or(1);
            let mut places: Vec<CorePlace> = Vec::new();
            for x in c.clone().into_inner() {
                match x.as_rule() {
                    Rule::place => places.push(place_of(x)),
                    Rule::target => places.push(CorePlace::On(target_of(x))),
                    _ => {}
                }
            }
            let to = places.pop().unwrap_or(CorePlace::Reserve);
            let from = places.pop().unwrap_or(CorePlace::On(Target::This));
            Action::MoveCores {
                count: CoreCount::Exactly(n),
                from,
                to,
                per,
            }
        }
        Rule::c_cores_any => Action::MoveCores {
            count: CoreCount::UpTo(u32::MAX),
            from: CorePlace::On(t0),
            to: CorePlace::On(ts.get(1).cloned().unwrap_or(Target::This)),
            per: None,
        },
        Rule::c_cannot_block => Action::CannotBlock(t0, d),
        Rule::c_cannot_attack => Action::CannotAttack(t0, d),
        Rule::c_no_battle => {
            return vec![
                Action::CannotAttack(t0.clone(), d),
                Action::CannotBlock(t0, d),
            ];
        }
        Rule::c_unblockable => {
            let by = match ts.get(1) {
                Some(Target::All(q)) | Some(Target::Choose { query: q, .. }) => Some(q.clone()),
                _ => None,
            };
            Action::CannotBeBlocked(t0, by, d)
        }
        Rule::c_indestructible => Action::CannotBeDestroyed {
            target: t0,
            by_opponent: false,
            duration: d,
        },
        Rule::c_treat_lv => {
            let lv = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::lv)
                .map(|x| first_num(&x))
                .unwrap_or(1);
            Action::TreatAsLevel(t0, lv.try_into().unwrap_or(u8::MAX), d)
        }
        Rule::c_summon => Action::Summon {
            target: t0,
            free: true,
            exhausted: false,
        },
        Rule::c_pay_act => {
            let k = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::step_flash)
            {
                StepKind::Flash
            } else {
                StepKind::Main
            };
            // BS-10.4: paying is optional.
            return vec![Action::May(vec![Action::PayCostToActivate(k)])];
        }
        Rule::c_end_attack => Action::EndAttackStep,
        Rule::c_discard_all => Action::DiscardHand,
        Rule::c_mill => Action::Mill {
            whose: if c.as_str().starts_with("相手") {
                Whose::Opponent
            } else {
                Whose::You
            },
            count: Amount::Fixed(first_num(&c)),
        },
        Rule::c_end_battle => Action::EndBattle,
        Rule::c_discard => Action::Discard {
            whose: Whose::You,
            count: first_num(&c),
            filter: None,
        },
        Rule::c_reveal => Action::Reveal(Amount::Fixed(first_num(&c))),
        Rule::c_add_hand => {
            let np = c.clone().into_inner().find(|x| x.as_rule() == Rule::np);
            let n = np
                .as_ref()
                .and_then(|np| np.clone().into_inner().find(|x| x.as_rule() == Rule::c_n))
                .map(|x| first_num(&x))
                .unwrap_or(1);
            let mut query = np.map(query_of).unwrap_or(Query {
                owner: Owner::You,
                kind: CardKind::Card,
                zone: Zone::Revealed,
                filters: Vec::new(),
            });
            query.zone = Zone::Revealed;
            Action::AddToHand(Target::Choose {
                count: Count::Exactly(n),
                query,
                chooser: Whose::You,
            })
        }
        Rule::c_remaining => Action::RemainingToDeck(
            if c.clone().into_inner().any(|x| x.as_rule() == Rule::d_top) {
                DeckPos::Top
            } else {
                DeckPos::Bottom
            },
        ),
        Rule::c_rem_trash => Action::RemainingToTrash,
        _ => Action::Unparsed {
            text: c.as_str().to_string(),
            span: Span {
                start: c.as_span().start(),
                end: c.as_span().end(),
            },
        },
    };
    if may {
        vec![Action::May(vec![a])]
    } else {
        vec![a]
    }
}

/// The BP number of `…をBP+3000する` (the last number of the clause).
fn first_num_after_bp(c: &Pair<Rule>) -> u32 {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::num)
        .last()
        .map(|n| num(n.as_str()))
        .unwrap_or(0)
}
