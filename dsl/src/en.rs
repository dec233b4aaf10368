//! English (Battle Spirits Saga) card text → [`EffectText`]. Implements the hooks of BS-8.1,
//! bursts (BS-10), magic Main/Flash (BS-5.5, BS-11), durations (BS-6.7, BS-7.1).

use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest_derive::Parser;

use crate::ast::*;
use crate::vocab::Vocabulary;

#[path = "en_pack.rs"]
mod pack;
use crate::{ParseOutcome, Unparsed, none_if_na, split};
pub(crate) use pack::keyword_problem;
use pack::{phrase_action, sentence_keyword_problem};

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
    let mut out = finish_body(effect, text, body_start, timing_mapped, unparsed, vocab);
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
) -> ParseOutcome {
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
    if start_of_step && let Some(Timing::DuringStep { whose, step }) = effect.timing {
        effect.timing = Some(Timing::StartOfStep { whose, step });
    }
    ParseOutcome::finish(effect, timing_mapped, unparsed)
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
    let mut out = finish_body(effect, details, 0, timing_mapped, unparsed, vocab);
    // Text that was only a timing label: nothing to run, so not executable.
    if !details.trim().is_empty() && out.effect.body.is_empty() && out.unparsed.is_empty() {
        out.unparsed.push(Unparsed {
            span: Span {
                start: 0,
                end: details.len(),
            },
            text: details.to_string(),
            expected: vec!["an effect after the timing label".into()],
        });
        out.complete = false;
    }
    default_timing(&mut out.effect);
    out
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

/// Parse a timing label such as `When This Spirit Attacks`; a label a pack declared maps
/// to its hook ([`Timing::Pack`]).
pub(crate) fn parse_timing(label: &str, vocab: &Vocabulary) -> Option<Timing> {
    if let Some(hook) = vocab.label_hook(label) {
        return Some(Timing::Pack(hook.to_string()));
    }
    let label = label.trim().trim_start_matches('(').trim_end_matches(')');
    let parse = |l: &str| -> Option<Timing> {
        let mut pairs = EnParser::parse(Rule::timing_only, l).ok()?;
        let t = pairs.next()?.into_inner().next()?;
        Some(timing_of(t))
    };
    // Labels are printed in Title Case; other data sources may not be.
    parse(label).or_else(|| parse(&title_case(label)))
}

/// "When this spirit attacks" → "When This Spirit Attacks" (small words stay lower case).
fn title_case(s: &str) -> String {
    s.split(' ')
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i > 0 && matches!(lower.as_str(), "a" | "of" | "or" | "is" | "by") {
                return lower;
            }
            let mut c = lower.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn whose_of(p: Pair<Rule>) -> Whose {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::w_opp) => Whose::Opponent,
        Some(Rule::w_either) => Whose::Either,
        _ => Whose::You,
    }
}

fn step_of(p: Pair<Rule>) -> Step {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::s_main) => Step::Main,
        Some(Rule::s_draw) => Step::Draw,
        Some(Rule::s_start) => Step::Start,
        Some(Rule::s_core) => Step::Core,
        Some(Rule::s_end) => Step::End,
        Some(Rule::s_refresh) => Step::Refresh,
        _ => Step::Attack,
    }
}

fn ev_rule(p: &Pair<Rule>) -> Option<Rule> {
    p.clone().into_inner().next().map(|x| x.as_rule())
}

fn combine(ts: Vec<Timing>) -> Timing {
    let mut ts = ts;
    if ts.len() == 1 {
        return ts.remove(0);
    }
    if ts == [Timing::WhenAttacks, Timing::WhenBlocks] {
        return Timing::WhenAttacksOrBlocks;
    }
    if ts == [Timing::WhileAttacking, Timing::WhileBlocking] {
        return Timing::WhileAttackingOrBlocking;
    }
    Timing::Any(ts)
}

/// `timing` pair → [`Timing`].
fn timing_of(p: Pair<Rule>) -> Timing {
    let p = if p.as_rule() == Rule::timing {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Timing::Constant,
        }
    } else {
        p
    };
    match p.as_rule() {
        Rule::t_opp_resolves => Timing::WhenOpponentResolvesWhenSummoned,
        Rule::t_opp_destroys_yours => Timing::WhenOpponentDestroysYourSpirit,
        Rule::t_opp_destroys_this => Timing::WhenDestroyedByOpponent,
        Rule::t_when_this | Rule::t_when_summoned => {
            let mut ts = Vec::new();
            if p.as_rule() == Rule::t_when_summoned {
                ts.push(Timing::WhenSummoned);
            }
            for e in p.into_inner().filter(|e| e.as_rule() == Rule::ev) {
                ts.push(match ev_rule(&e) {
                    Some(Rule::ev_summoned) => Timing::WhenSummoned,
                    Some(Rule::ev_blocks) => Timing::WhenBlocks,
                    Some(Rule::ev_destroyed) => Timing::WhenDestroyed,
                    _ => Timing::WhenAttacks,
                });
            }
            combine(ts)
        }
        Rule::t_while_this => {
            let ts = p
                .into_inner()
                .filter(|e| e.as_rule() == Rule::ev)
                .map(|e| match ev_rule(&e) {
                    Some(Rule::ev_blocks) => Timing::WhileBlocking,
                    Some(Rule::ev_summoned) => Timing::WhenSummoned,
                    Some(Rule::ev_destroyed) => Timing::WhenDestroyed,
                    _ => Timing::WhileAttacking,
                })
                .collect();
            combine(ts)
        }
        Rule::t_when_destroyed => Timing::WhenDestroyed,
        Rule::t_while_oc => Timing::WhileOC,
        Rule::t_after_life => Timing::Burst(BurstCondition::LifeReduced),
        Rule::t_opp_summons => Timing::Burst(BurstCondition::OpponentSummons),
        Rule::t_when_placed => Timing::WhenDeployed,
        Rule::t_when_depleted => Timing::WhenDepleted,
        Rule::t_lose_life => Timing::WhenYouLoseLife,
        Rule::t_battle_ends => Timing::WhenBattleEnds,
        Rule::t_during_step | Rule::t_start_of_step | Rule::t_end_of_step => {
            let rule = p.as_rule();
            let mut whose = Whose::You;
            let mut step = Step::Main;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::whose => whose = whose_of(x),
                    Rule::step_name => step = step_of(x),
                    _ => {}
                }
            }
            match rule {
                Rule::t_start_of_step => Timing::StartOfStep { whose, step },
                Rule::t_end_of_step => Timing::EndOfStep { whose, step },
                _ => Timing::DuringStep { whose, step },
            }
        }
        Rule::t_during_turn | Rule::t_end_of_turn => {
            let rule = p.as_rule();
            let whose = p
                .into_inner()
                .find(|x| x.as_rule() == Rule::whose)
                .map(whose_of)
                .unwrap_or(Whose::You);
            if rule == Rule::t_during_turn {
                Timing::DuringTurn(whose)
            } else {
                Timing::EndOfTurn(whose)
            }
        }
        _ => Timing::Constant,
    }
}

// ------------------------------------------------------------------------------- body

fn parse_body(
    text: &str,
    body_start: usize,
    unparsed: &mut Vec<Unparsed>,
    start_of_step: &mut bool,
    effect: &mut EffectText,
    vocab: &Vocabulary,
) -> Vec<Action> {
    let body = &text[body_start..];
    let mut out = Vec::new();
    // Whether a "you may" sentence is open, for "If you do," in the next sentence.
    for (a, b) in split::sentences(body, &['.', '!'], &['・', '\n']) {
        let s = &body[a..b];
        let span = Span {
            start: body_start + a,
            end: body_start + b,
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
        // "X: While This Spirit Attacks Confront" — reminder after a colon repeats the keyword.
        match read_sentence(s, vocab) {
            Read::Built(mut acts, st, rejected) => {
                if let Some(why) = rejected {
                    unparsed.push(Unparsed {
                        span,
                        text: s.to_string(),
                        expected: vec![why],
                    });
                    acts = vec![Action::Unparsed {
                        text: s.to_string(),
                        span,
                    }];
                }
                if st.start_of_step {
                    *start_of_step = true;
                }
                if st.once_whole && (out.is_empty() || acts.is_empty()) {
                    effect.once_per_turn = true;
                }
                // A pronoun must refer to something an earlier sentence selected, summoned,
                // revealed or discarded; never to this card by default (issue 11 kind 5).
                let mut probe = out.clone();
                place_sentence(&mut probe, acts.clone());
                if crate::compile::dangling_pronoun(&probe) {
                    unparsed.push(Unparsed {
                        span,
                        text: s.to_string(),
                        expected: vec![crate::compile::DANGLING.into()],
                    });
                    out.push(Action::Unparsed {
                        text: s.to_string(),
                        span,
                    });
                    continue;
                }
                match out.last_mut() {
                    Some(Action::When(_, _, body)) if st.then => body.extend(acts),
                    _ => place_sentence(&mut out, acts),
                }
            }
            Read::Failed(expected) => {
                unparsed.push(Unparsed {
                    span,
                    text: s.to_string(),
                    expected,
                });
                out.push(Action::Unparsed {
                    text: s.to_string(),
                    span,
                });
            }
        }
    }
    if matches!(out.as_slice(), [Action::May(_)]) && effect.body.is_empty() {
        effect.optional = true;
    }
    out
}

/// One sentence as read by [`read_sentence`].
#[derive(Clone)]
pub(crate) enum Read {
    /// Matched: the actions, and why they are not usable (`Some`: matched by the built-in
    /// grammar but not understood, and no phrase matched either).
    Built(Vec<Action>, SentenceState, Option<String>),
    /// Not matched: pest's expected tokens.
    Failed(Vec<String>),
}

/// [`read_sentence_anew`], once per sentence and vocabulary: reprints and common
/// sentences ("Select one of your opponent's spirits.") are read once (issue 15). The
/// reading depends only on the sentence and the vocabulary.
fn read_sentence(s: &str, vocab: &Vocabulary) -> Read {
    if let Some(hit) = vocab.memo().lock().ok().and_then(|m| m.get(s).cloned()) {
        return hit;
    }
    // Not locked while reading: a phrase's sentence slot reads a sentence too.
    let read = read_sentence_anew(s, vocab);
    if let Ok(mut m) = vocab.memo().lock() {
        m.insert(s.to_string(), read.clone());
    }
    read
}

/// One sentence by the built-in grammar; when that does not understand it, by the first
/// pack phrase that matches it whole (issue 12).
fn read_sentence_anew(s: &str, vocab: &Vocabulary) -> Read {
    let builtin = match EnParser::parse(Rule::sentence, s) {
        Ok(pairs) => {
            let kw = sentence_keyword_problem(pairs.clone(), vocab);
            let mut st = SentenceState::default();
            let acts = build_sentence(pairs, &mut st);
            if let Some(why) = kw {
                Read::Built(acts, st, Some(why))
            } else if crate::has_unparsed(&acts) || st.lost || st.unruled {
                let multiplier = format!("{acts:?}").contains("takes no multiplier");
                let why = if st.lost {
                    "a condition or event the effect AST can express".into()
                } else if multiplier {
                    "an action that takes a multiplier".into()
                } else {
                    "a sentence the engine has rules for".into()
                };
                Read::Built(acts, st, Some(why))
            } else {
                return Read::Built(acts, st, None);
            }
        }
        Err(e) if vocab.is_quiet() => Read::Failed(vec![crate::phrasebook::stopped_at(
            s,
            crate::phrasebook::error_offset(&e),
        )]),
        Err(e) => {
            let templates: Vec<&str> = vocab.phrases().map(|p| p.template.as_str()).collect();
            Read::Failed(crate::phrasebook::stopped_in(
                s,
                crate::phrasebook::error_offset(&e),
                &templates,
            ))
        }
    };
    match phrase_action(s, vocab) {
        Some(a) => Read::Built(vec![a], SentenceState::default(), None),
        None => builtin,
    }
}

/// Put a parsed sentence into the body: "If you do," goes inside the preceding optional
/// sentence, after its cost (the last action there); the rest of an Ultimate Trigger goes
/// into its hit branch; anything else is attached (see [`attach`]).
fn place_sentence(out: &mut Vec<Action>, acts: Vec<Action>) {
    match acts.as_slice() {
        [Action::IfYouDo(_)] if matches!(out.last(), Some(Action::May(_))) => {
            if let Some(Action::May(prev)) = out.last_mut() {
                prev.extend(acts);
            }
        }
        // BS-12.5: after "Ultimate Trigger: if it hits, …" the rest of the effect
        // works only on a hit ("Otherwise," is the guard branch).
        [first, ..] if !matches!(first, Action::Otherwise(_)) && ut_open(out) => {
            if let Some(Action::If(_, body)) = out.last_mut() {
                attach(body, acts);
            }
        }
        _ => attach(out, acts),
    }
}

/// Whether the body ends with an Ultimate Trigger's hit branch (BS-12.5).
fn ut_open(out: &[Action]) -> bool {
    matches!(
        out.last(),
        Some(Action::If(Condition::UltimateTriggerHits, _))
    )
}

/// Append a sentence's actions. A sentence about "it" / "them" that follows a sentence whose
/// selection happened inside a wrapper ("When …, select …", "You may select …", "If …,
/// select …") continues inside that wrapper, where the selection is.
fn attach(out: &mut Vec<Action>, acts: Vec<Action>) {
    // "it"/"them", or "the revealed/discarded cards", refer to what the previous sentence chose.
    let depends = acts.first().is_some_and(|a| {
        let d = format!("{a:?}");
        !matches!(
            a,
            Action::Select(_) | Action::Reveal(_) | Action::Mill { .. }
        ) && (d.contains("Selected")
            || d.contains("Discarded")
            || d.contains("Revealed")
            // "Return the remaining cards …": the rest of what the sentence before revealed.
            || matches!(a, Action::RemainingToDeck(_) | Action::RemainingToTrash))
    });
    if depends && let Some(body) = innermost_selecting_body(out) {
        body.extend(acts);
        return;
    }
    out.extend(acts);
}

fn innermost_selecting_body(body: &mut [Action]) -> Option<&mut Vec<Action>> {
    let binds = |b: &Vec<Action>| {
        let d = format!("{b:?}");
        d.contains("Select(")
            || d.contains("Choose {")
            || d.contains("ChooseUnion {")
            || d.contains("Reveal(")
            || d.contains("Mill {")
    };
    let last = body.last_mut()?;
    let inner = match last {
        Action::May(b)
        | Action::IfYouDo(b)
        | Action::If(_, b)
        | Action::Otherwise(b)
        | Action::When(_, _, b)
        | Action::Repeat(_, b)
        | Action::OncePerTurn(b) => b,
        _ => return None,
    };
    if !binds(inner) {
        return None;
    }
    // Prefer a deeper wrapper that itself selects.
    let deeper = matches!(
        inner.last(),
        Some(
            Action::May(_)
                | Action::IfYouDo(_)
                | Action::If(..)
                | Action::Otherwise(_)
                | Action::When(..)
                | Action::Repeat(..)
                | Action::OncePerTurn(_)
        )
    ) && {
        let mut probe = inner.clone();
        innermost_selecting_body(&mut probe).is_some()
    };
    if deeper {
        innermost_selecting_body(inner)
    } else {
        Some(inner)
    }
}

#[derive(Default, Clone)]
pub(crate) struct SentenceState {
    start_of_step: bool,
    once_whole: bool,
    /// A condition or event the grammar matched but the AST cannot express: the sentence
    /// must be reported, never run without it.
    lost: bool,
    /// The sentence starts with "Then,": after a watcher sentence ("When …, draw a card.
    /// Then, discard a card.") it continues inside that watcher.
    then: bool,
    /// A sentence the grammar matched that the engine has no rules for ("This effect does
    /// not duplicate"): reported as not understood.
    unruled: bool,
}

enum Wrap {
    Repeat(Amount),
    Otherwise,
    When(Event, Duration),
    May,
    IfYouDo,
    If(Condition),
    Once,
}

enum Item {
    Wrap(Wrap),
    Act(Action),
}

fn build_sentence(pairs: Pairs<Rule>, st: &mut SentenceState) -> Vec<Action> {
    let Some(sentence) = pairs.into_iter().next() else {
        return Vec::new();
    };
    let mut items: Vec<Item> = Vec::new();
    let mut default_dur: Option<Duration> = None;
    // Clause actions waiting for their trailers.
    let mut current: Vec<Action> = Vec::new();
    let mut cur_dur: Option<Duration> = None;
    let mut cur_per: Option<Amount> = None;
    let mut cur_if: Option<Condition> = None;
    let mut cur_once = false;
    let mut cur_when: Option<(Event, Duration)> = None;
    let mut pending: Vec<Wrap> = Vec::new();

    let flush = |items: &mut Vec<Item>,
                 current: &mut Vec<Action>,
                 dur: Option<Duration>,
                 per: Option<Amount>,
                 cond: Option<Condition>,
                 once: bool,
                 when: Option<(Event, Duration)>| {
        let mut acts: Vec<Action> = current
            .drain(..)
            .map(|a| apply_mods(a, dur, per.clone()))
            .collect();
        if let Some(c) = cond {
            acts = vec![Action::If(c, acts)];
        }
        if let Some((e, when_dur)) = when {
            acts = vec![Action::When(e, when_dur, acts)];
        }
        if once {
            acts = vec![Action::OncePerTurn(acts)];
        }
        items.extend(acts.into_iter().map(Item::Act));
    };

    for p in sentence.into_inner() {
        match p.as_rule() {
            Rule::l_then if items.is_empty() && current.is_empty() => st.then = true,
            Rule::l_then | Rule::conj | Rule::EOI => {}
            // "This effect does not duplicate" has no rule in the digest: not understood.
            Rule::s_no_dup => st.unruled = true,
            Rule::s_once_only => st.once_whole = true,
            Rule::l_start_step => st.start_of_step = true,
            Rule::l_once => {
                if items.is_empty() && current.is_empty() {
                    st.once_whole = true;
                }
                pending.push(Wrap::Once)
            }
            // "X to Y" / "If you do,": Y is gated on the cost X (issue 11 kind 4).
            Rule::l_if_you_do | Rule::conj_to => pending.push(Wrap::IfYouDo),
            Rule::l_ut => pending.push(Wrap::If(Condition::UltimateTriggerHits)),
            Rule::l_otherwise => pending.push(Wrap::Otherwise),
            Rule::l_when => match p.into_inner().next().and_then(event_of) {
                Some(e) => {
                    pending.push(Wrap::When(e, default_dur.unwrap_or(Duration::WhileActive)))
                }
                None => st.lost = true,
            },
            Rule::tr_when => {
                cur_when = p
                    .into_inner()
                    .next()
                    .and_then(event_of)
                    .map(|e| (e, default_dur.unwrap_or(Duration::WhileActive)));
                st.lost |= cur_when.is_none();
            }
            Rule::tr_end_turn => cur_when = Some((Event::EndOfTurn, Duration::Turn)),
            Rule::l_end_turn => pending.push(Wrap::When(Event::EndOfTurn, Duration::Turn)),
            Rule::l_while_sum => match p.into_inner().next().and_then(condition_of) {
                Some(c) => pending.push(Wrap::If(c)),
                None => st.lost = true,
            },
            Rule::l_if => match p.into_inner().next().and_then(condition_of) {
                Some(c) => pending.push(Wrap::If(c)),
                None => st.lost = true,
            },
            Rule::l_may => pending.push(Wrap::May),
            Rule::l_during => {
                default_dur = p.into_inner().next().map(duration_of);
            }
            Rule::l_for_each => {
                if let Some(n) = p.into_inner().next().map(|f| for_each_of(f, 1)) {
                    pending.push(Wrap::Repeat(n));
                }
            }
            Rule::clause => {
                flush(
                    &mut items,
                    &mut current,
                    cur_dur.or(default_dur),
                    cur_per.take(),
                    cur_if.take(),
                    cur_once,
                    cur_when.take(),
                );
                cur_dur = None;
                cur_once = false;
                items.extend(pending.drain(..).map(Item::Wrap));
                current.extend(clause_of(p));
            }
            Rule::tr_duration => cur_dur = p.into_inner().next().map(duration_of),
            Rule::tr_for_each => cur_per = p.into_inner().next().map(|f| for_each_of(f, 1)),
            Rule::tr_if => {
                cur_if = p.into_inner().next().and_then(condition_of);
                st.lost |= cur_if.is_none();
            }
            Rule::tr_start_step => st.start_of_step = true,
            Rule::tr_once => cur_once = true,
            _ => {}
        }
    }
    flush(
        &mut items,
        &mut current,
        cur_dur.or(default_dur),
        cur_per,
        cur_if,
        cur_once,
        cur_when,
    );
    // Fold from the end: a wrapper takes everything after it in the sentence.
    let mut acc: Vec<Action> = Vec::new();
    for item in items.into_iter().rev() {
        match item {
            Item::Act(a) => acc.insert(0, a),
            Item::Wrap(w) => {
                let inner = std::mem::take(&mut acc);
                acc = vec![match w {
                    Wrap::Repeat(n) => Action::Repeat(n, inner),
                    Wrap::Otherwise => Action::Otherwise(inner),
                    Wrap::When(e, d) => Action::When(e, d, inner),
                    Wrap::May => Action::May(inner),
                    Wrap::IfYouDo => Action::IfYouDo(inner),
                    Wrap::If(c) => Action::If(c, inner),
                    Wrap::Once => Action::OncePerTurn(inner),
                }];
            }
        }
    }
    acc
}

/// Apply a trailing duration / "for each" multiplier to an action.
fn apply_mods(a: Action, dur: Option<Duration>, per: Option<Amount>) -> Action {
    match a {
        Action::Bp {
            target,
            amount,
            per: p0,
            duration,
        } => Action::Bp {
            target,
            amount,
            per: per.map(|p| scale(p, 1)).or(p0),
            duration: dur.unwrap_or(duration),
        },
        Action::CannotAttack(t, d) => Action::CannotAttack(t, dur.unwrap_or(d)),
        Action::CannotBlock(t, d) => Action::CannotBlock(t, dur.unwrap_or(d)),
        Action::CannotBeBlocked(t, q, d) => Action::CannotBeBlocked(t, q, dur.unwrap_or(d)),
        Action::GainKeyword(t, k, d) => Action::GainKeyword(t, k, dur.unwrap_or(d)),
        Action::GainFamily(t, f, d) => Action::GainFamily(t, f, dur.unwrap_or(d)),
        Action::GainSymbols(t, n, c, d) => Action::GainSymbols(t, n, c, dur.unwrap_or(d)),
        Action::TreatAsLevel(t, l, d) => Action::TreatAsLevel(t, l, dur.unwrap_or(d)),
        Action::TreatAsHighestLevel(t, d) => Action::TreatAsHighestLevel(t, dur.unwrap_or(d)),
        Action::MustAttack(t, d) => Action::MustAttack(t, dur.unwrap_or(d)),
        Action::AttackTax {
            target,
            cores,
            duration,
        } => Action::AttackTax {
            target,
            cores,
            duration: dur.unwrap_or(duration),
        },
        Action::SymbolsAs {
            target,
            count,
            colour,
            duration,
        } => Action::SymbolsAs {
            target,
            count,
            colour,
            duration: dur.unwrap_or(duration),
        },
        Action::CanBlockWhileExhausted(t, d) => Action::CanBlockWhileExhausted(t, dur.unwrap_or(d)),
        Action::CannotBe {
            target,
            what,
            duration,
        } => Action::CannotBe {
            target,
            what,
            duration: dur.unwrap_or(duration),
        },
        Action::CannotBeDestroyed {
            target,
            by_opponent,
            duration,
        } => Action::CannotBeDestroyed {
            target,
            by_opponent,
            duration: dur.unwrap_or(duration),
        },
        Action::Draw(Amount::Fixed(n)) if per.is_some() => {
            Action::Draw(per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)))
        }
        Action::Reveal(Amount::Fixed(n)) if per.is_some() => {
            Action::Reveal(per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)))
        }
        Action::Select(Target::Choose {
            count: Count::Exactly(n),
            query,
            chooser,
        }) if per.is_some() => {
            let count = match per {
                Some(Amount::PerEach(_, q)) => Count::PerEach(n, q),
                _ => Count::Exactly(n),
            };
            Action::Select(Target::Choose {
                count,
                query,
                chooser,
            })
        }
        Action::Mill {
            whose,
            count: Amount::Fixed(n),
        } if per.is_some() => Action::Mill {
            whose,
            count: per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)),
        },
        Action::MoveCores {
            count, from, to, ..
        } if per.is_some() => Action::MoveCores {
            count,
            from,
            to,
            per,
        },
        // A multiplier the action cannot take: not understood, rather than silently dropped.
        _ if per.is_some() => Action::Unparsed {
            text: "for each … (this action takes no multiplier)".into(),
            span: Span { start: 0, end: 0 },
        },
        other => other,
    }
}

fn scale(a: Amount, n: u32) -> Amount {
    match a {
        Amount::Fixed(m) => Amount::Fixed(m.saturating_mul(n)),
        Amount::PerEach(_, q) => Amount::PerEach(n, q),
        Amount::PerLevel(_) => Amount::PerLevel(n),
        Amount::PerDestroyedByThisEffect(_) => Amount::PerDestroyedByThisEffect(n),
    }
}

fn duration_of(p: Pair<Rule>) -> Duration {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::d_battle) => Duration::Battle,
        _ => Duration::Turn,
    }
}

fn for_each_of(p: Pair<Rule>, n: u32) -> Amount {
    let Some(inner) = p.into_inner().next() else {
        return Amount::Fixed(n);
    };
    if inner.as_rule() == Rule::fe_level {
        return Amount::PerLevel(n);
    }
    if inner.as_rule() == Rule::fe_destroyed {
        return Amount::PerDestroyedByThisEffect(n);
    }
    let discarded = inner.as_rule() == Rule::fe_discarded;
    let mut owner = None;
    let mut q = None;
    let mut ctrl = None;
    for x in inner.into_inner() {
        match x.as_rule() {
            Rule::owner => owner = Some(owner_of(x)),
            Rule::np_body => q = Some(x),
            Rule::controller => {
                ctrl = Some(match x.into_inner().next().map(|c| c.as_rule()) {
                    Some(Rule::ctrl_opp) => Owner::Opponent,
                    Some(Rule::ctrl_any) => Owner::Any,
                    _ => Owner::You,
                })
            }
            _ => {}
        }
    }
    let owner = owner.or(ctrl).unwrap_or(Owner::Any);
    match q {
        // "for each spirit card discarded this way": counted among `discarded()`.
        Some(np) if discarded => {
            let mut q = query_of(np, owner);
            q.zone = Zone::Discarded;
            Amount::PerEach(n, q)
        }
        Some(np) => Amount::PerEach(n, query_of(np, owner)),
        None => Amount::Fixed(n),
    }
}

fn condition_of(p: Pair<Rule>) -> Option<Condition> {
    if p.as_rule() == Rule::condition {
        let mut cs: Vec<Condition> = p
            .into_inner()
            .map(condition_of)
            .collect::<Option<Vec<_>>>()?;
        return if cs.len() == 1 {
            cs.pop()
        } else {
            Some(Condition::All(cs))
        };
    }
    let c = if p.as_rule() == Rule::cond_one {
        p.into_inner().next()?
    } else {
        p
    };
    Some(match c.as_rule() {
        Rule::cond_destroyed_by_this => Condition::DestroyedByThisEffect,
        Rule::cond_used_main => Condition::InStep(Whose::You, Step::Main),
        Rule::cond_count => {
            let n = number_in(c.clone());
            if c.into_inner().any(|x| x.as_rule() == Rule::cmp_less) {
                Condition::CountAtMost(n)
            } else {
                Condition::CountAtLeast(n)
            }
        }
        Rule::cond_destroyed_n => Condition::DestroyedByThisEffectAtLeast(number_in(c)),
        Rule::cond_in_trash => {
            let mut q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::You,
            );
            q.zone = Zone::Trash;
            q.owner = Owner::You;
            Condition::AnyMatch(q)
        }
        Rule::cond_summoned_by_this => Condition::SummonedByThisEffect,
        Rule::cond_opp_trash => Condition::OpponentTrashAtLeast(number_in(c)),
        Rule::cond_my_trash => Condition::TrashAtLeast(number_in(c)),
        Rule::cond_not_spent => Condition::Not(Box::new(Condition::SoulCoreSpent)),
        Rule::cond_soul => Condition::ThisHasSoulCore,
        Rule::cond_less_life => Condition::LessLifeThanOpponent,
        Rule::cond_fewer_hand => Condition::FewerHandThanOpponent,
        Rule::cond_life_most => Condition::LifeAtMost(number_in(c)),
        Rule::cond_soul_spent => Condition::SoulCoreSpent,
        Rule::cond_among | Rule::cond_none_among => {
            let rule = c.as_rule();
            let mut q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::Any,
            );
            q.zone = Zone::Discarded;
            if rule == Rule::cond_among {
                Condition::AnyMatch(q)
            } else {
                Condition::Not(Box::new(Condition::AnyMatch(q)))
            }
        }
        Rule::cond_while_summoning => Condition::WhileSummoning(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        Rule::cond_ctrl_most => {
            let n = number_in(c.clone());
            let q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::You,
            );
            Condition::YouControlAtMost(n, q)
        }
        Rule::cond_destroyed => Condition::DestroyedThisTurn(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        Rule::cond_from => {
            Condition::SummonedFrom(if c.as_str().to_ascii_lowercase().contains("hand") {
                Zone::Hand
            } else {
                Zone::Trash
            })
        }
        Rule::cond_burst_set => Condition::BurstSet,
        Rule::cond_this_exh => Condition::ThisExhausted,
        Rule::cond_this_ref => Condition::ThisRefreshed,
        Rule::cond_this_bp => Condition::ThisBpAtLeast(number_in(c)),
        // Ascend has no rule in the digest: the condition is not understood.
        Rule::cond_ascend => return None,
        Rule::cond_only_have => Condition::OnlyHave(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        Rule::cond_it_costs => {
            let n = number_in(c.clone());
            let f = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cmp_less)
            {
                Filter::CostAtMost(n)
            } else if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cmp_more)
            {
                Filter::CostAtLeast(n)
            } else {
                Filter::CostIs(n)
            };
            Condition::SelectedIs(Query {
                owner: Owner::Any,
                kind: CardKind::Card,
                zone: Zone::Field,
                filters: vec![f],
            })
        }
        Rule::cond_it_is => {
            let neg = c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::not_word);
            // Only kind and filters matter for `matches(t, query)`.
            let mut q = Query {
                owner: Owner::Any,
                kind: CardKind::Card,
                zone: Zone::Field,
                filters: Vec::new(),
            };
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::np_body => q = query_of(x, Owner::Any),
                    Rule::colour => q.filters.push(Filter::Colour(colour_of(x.as_str()))),
                    _ => {}
                }
            }
            let cond = Condition::SelectedIs(q);
            if neg {
                Condition::Not(Box::new(cond))
            } else {
                cond
            }
        }
        Rule::cond_symbols => {
            let n = number_in(c.clone());
            let col = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()))?;
            Condition::SymbolsAtLeast(n, col)
        }
        Rule::cond_opp_turn => Condition::OpponentsTurn,
        Rule::cond_your_turn => Condition::YourTurn,
        Rule::cond_opp_ctrl => {
            let mut n = 1;
            let mut q = None;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::c_num => n = number_in(x),
                    Rule::np_body => q = Some(query_of(x, Owner::Opponent)),
                    _ => {}
                }
            }
            Condition::OpponentControls(n, q?)
        }
        Rule::cond_control => {
            let mut n = 1;
            let mut q = None;
            let mut other = false;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::c_num => n = number_in(x),
                    Rule::cond_another => other = true,
                    Rule::np_body => q = Some(query_of(x, Owner::You)),
                    _ => {}
                }
            }
            let mut q = q?;
            if other {
                q.filters.push(Filter::Other);
            }
            Condition::YouControl(n, q)
        }
        _ => return None,
    })
}

/// The first number inside a pair.
fn number_in(p: Pair<Rule>) -> u32 {
    if p.as_rule() == Rule::number {
        return number_of(p);
    }
    p.into_inner()
        .flatten()
        .find(|x| x.as_rule() == Rule::number)
        .map(number_of)
        .unwrap_or(1)
}

/// The last number that is a direct child of a clause (not one inside its target's filters).
fn direct_number(c: &Pair<Rule>) -> u32 {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::number)
        .last()
        .map(number_of)
        .unwrap_or(0)
}

fn number_of(p: Pair<Rule>) -> u32 {
    let s = p.as_str().trim();
    if let Some(d) = s.chars().next()
        && d.is_ascii_digit()
    {
        return s.replace(',', "").parse().unwrap_or(u32::MAX);
    }
    match s.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "zero" => 0,
        _ => 1,
    }
}

fn owner_of(p: Pair<Rule>) -> Owner {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::o_opp) | Some(Rule::o_their) => Owner::Opponent,
        Some(Rule::o_your) => Owner::You,
        _ => Owner::Any,
    }
}

fn colour_of(s: &str) -> Colour {
    match s.to_ascii_lowercase().as_str() {
        "red" => Colour::Red,
        "purple" => Colour::Purple,
        "green" => Colour::Green,
        "white" => Colour::White,
        "yellow" => Colour::Yellow,
        _ => Colour::Blue,
    }
}

fn query_of(np: Pair<Rule>, owner: Owner) -> Query {
    let mut q = Query {
        owner,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    };
    add_filters(&mut q, np);
    q
}

/// Add the adjectives, kind and filters under `p` to `q`.
fn add_filters(q: &mut Query, p: Pair<Rule>) {
    for x in p.into_inner() {
        let f = match x.as_rule() {
            Rule::a_other => Some(Filter::Other),
            Rule::a_opposing => {
                q.owner = Owner::Opponent;
                None
            }
            Rule::a_exh => Some(Filter::Exhausted),
            Rule::a_ref => Some(Filter::Refreshed),
            Rule::colour => Some(Filter::Colour(colour_of(x.as_str()))),
            Rule::a_level => Some(Filter::Level(number_in_level(x))),
            Rule::families => Some(Filter::Family(
                x.into_inner()
                    .filter(|f| f.as_rule() == Rule::family)
                    .map(|f| f.as_str().to_string())
                    .collect(),
            )),
            Rule::kind => {
                q.kind = match x.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::k_spirit_card) => CardKind::SpiritCard,
                    Some(Rule::k_magic_card) => CardKind::MagicCard,
                    Some(Rule::k_nexus) | Some(Rule::k_nexus_card) => CardKind::Nexus,
                    Some(Rule::k_card) => CardKind::Card,
                    Some(Rule::k_token) => {
                        q.filters.push(Filter::Token);
                        CardKind::Spirit
                    }
                    Some(Rule::k_spirit_or_nexus) => CardKind::SpiritOrNexus,
                    _ => CardKind::Spirit,
                };
                None
            }
            Rule::f_bp_most => Some(Filter::BpAtMost(number_in(x))),
            Rule::f_bp_least => Some(Filter::BpAtLeast(number_in(x))),
            Rule::f_combined => Some(Filter::CombinedBpAtMost(number_in(x))),
            Rule::f_cost_most => Some(Filter::CostAtMost(number_in(x))),
            Rule::f_cost_least => Some(Filter::CostAtLeast(number_in(x))),
            Rule::f_cost_is => Some(Filter::CostIs(number_in(x))),
            Rule::f_soul => Some(Filter::HasSoulCore),
            Rule::f_name => Some(Filter::NameContains(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_kw => Some(Filter::HasKeyword(
                x.into_inner().map(|k| k.as_str().to_string()).collect(),
            )),
            Rule::a_token => Some(Filter::Token),
            Rule::f_not_token => Some(Filter::NotToken),
            Rule::f_comb_cost => Some(Filter::CombinedCostAtMost(number_in(x))),
            Rule::np_named => {
                q.kind = CardKind::Card;
                let names: Vec<String> = x
                    .into_inner()
                    .filter(|f| f.as_rule() == Rule::family)
                    .map(|f| f.as_str().to_string())
                    .collect();
                // One name: a card name ("an Amethyst Sanctuary"); several: families
                // ("each Carapite or Insectoid you control").
                match names.as_slice() {
                    [one] => Some(Filter::Named(one.clone())),
                    _ => Some(Filter::Family(names)),
                }
            }
            Rule::a_atk => Some(Filter::Attacking),
            Rule::a_blk => Some(Filter::Blocking),
            Rule::a_atk_or_blk => Some(Filter::AttackingOrBlocking),
            Rule::f_cost_or => Some(Filter::CostOneOf(
                x.into_inner()
                    .filter(|n| n.as_rule() == Rule::number)
                    .map(number_of)
                    .collect(),
            )),
            Rule::f_lv_least => Some(Filter::LevelAtLeast(
                x.into_inner().next().map(number_in_level).unwrap_or(1),
            )),
            Rule::f_no_soul => Some(Filter::NoSoulCore),
            Rule::f_effect => Some(Filter::HasEffect(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_vanilla => Some(Filter::NoEffects),
            Rule::f_bp_this => Some(Filter::BpAtMostThis),
            Rule::f_bp_eq_this => Some(Filter::BpEqualsThis),
            Rule::f_not_atk => Some(Filter::NotAttacking),
            Rule::f_not_kw => Some(Filter::LacksKeyword(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_symbols => Some(Filter::Symbols(number_in(x))),
            Rule::f_cores => Some(Filter::Cores(number_in(x))),
            Rule::f_cores_most => Some(Filter::CoresAtMost(number_in(x))),
            Rule::f_cores_least => Some(Filter::CoresAtLeast(number_in(x))),
            Rule::f_revealed => {
                q.zone = Zone::Revealed;
                None
            }
            Rule::f_discarded => {
                q.zone = Zone::Discarded;
                None
            }
            Rule::f_noop => {
                if q.owner == Owner::Any && x.as_str().to_ascii_lowercase().contains("you control")
                {
                    q.owner = Owner::You;
                }
                None
            }
            Rule::f_trash => {
                q.zone = Zone::Trash;
                if q.owner == Owner::Any {
                    q.owner = Owner::You;
                }
                None
            }
            Rule::f_hand => {
                q.zone = Zone::Hand;
                if q.owner == Owner::Any {
                    q.owner = if x.as_str().to_ascii_lowercase().contains("their") {
                        Owner::Opponent
                    } else {
                        Owner::You
                    };
                }
                None
            }
            _ => None,
        };
        if let Some(f) = f {
            q.filters.push(f);
        }
    }
}

fn by_query(c: &Pair<Rule>) -> Option<Query> {
    let mut owner = Owner::Any;
    let mut q = None;
    for x in c.clone().into_inner() {
        match x.as_rule() {
            Rule::owner => owner = owner_of(x),
            Rule::np_body => q = Some(x),
            _ => {}
        }
    }
    q.map(|np| query_of(np, owner))
}

fn your_spirits() -> Query {
    Query {
        owner: Owner::You,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    }
}

fn subject_of_one(x: Pair<Rule>) -> Subject {
    let mut owner = Owner::Any;
    let mut q = None;
    for y in x.into_inner() {
        match y.as_rule() {
            Rule::owner => owner = owner_of(y),
            Rule::np_body => q = Some(y),
            _ => {}
        }
    }
    match q {
        Some(np) => Subject::AnyOf(query_of(np, owner)),
        None => Subject::This,
    }
}

fn subject_of(p: Pair<Rule>) -> Subject {
    let Some(x) = p.into_inner().next() else {
        return Subject::This;
    };
    match x.as_rule() {
        Rule::es_this_attack => Subject::ThisAttack,
        Rule::es_spirits_atk => {
            let inner = x
                .clone()
                .into_inner()
                .find(|y| y.as_rule() == Rule::es_one)
                .unwrap_or(x);
            let q = match subject_of_one(inner) {
                Subject::AnyOf(q) => q,
                _ => your_spirits(),
            };
            Subject::AttackOf(q)
        }
        Rule::es_this => Subject::This,
        _ => {
            let mut owner = Owner::Any;
            let mut q = None;
            for y in x.into_inner() {
                match y.as_rule() {
                    Rule::owner => owner = owner_of(y),
                    Rule::np_body => q = Some(y),
                    _ => {}
                }
            }
            match q {
                Some(np) => Subject::AnyOf(query_of(np, owner)),
                None => Subject::This,
            }
        }
    }
}

fn event_of(p: Pair<Rule>) -> Option<Event> {
    let e = if p.as_rule() == Rule::event {
        p.into_inner().next()?
    } else {
        p
    };
    Some(match e.as_rule() {
        Rule::ev_you_destroy => Event::DestroysOpponentSpirit {
            who: Subject::AnyOf(your_spirits()),
            victim: Vec::new(),
            in_battle: e.into_inner().any(|x| x.as_rule() == Rule::in_battle),
        },
        Rule::ev_discarded => {
            let mut q = query_of(
                e.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::Any,
            );
            q.zone = Zone::Discarded;
            Event::Discarded(q)
        }
        Rule::ev_you_magic | Rule::ev_opp_magic => {
            let whose = if e.as_rule() == Rule::ev_you_magic {
                Whose::You
            } else {
                Whose::Opponent
            };
            let mut q = your_spirits();
            q.filters.clear();
            add_filters(&mut q, e);
            Event::UsesMagic(whose, q.filters)
        }
        Rule::ev_you_summon | Rule::ev_opp_summons => {
            let whose = if e.as_rule() == Rule::ev_you_summon {
                Whose::You
            } else {
                Whose::Opponent
            };
            let owner = if whose == Whose::You {
                Owner::You
            } else {
                Owner::Opponent
            };
            let q = query_of(
                e.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                owner,
            );
            Event::Summons(whose, q)
        }
        Rule::ev_lose_life => match e.into_inner().find(|x| x.as_rule() == Rule::es_one) {
            Some(one) => match subject_of_one(one) {
                Subject::AnyOf(q) => Event::LifeReducedByAttackOf(q),
                _ => Event::LoseLife,
            },
            None => Event::LoseLife,
        },
        Rule::ev_reduce_life => {
            let text = e.as_str().to_ascii_lowercase();
            match e.into_inner().find(|x| x.as_rule() == Rule::es_one) {
                Some(one) => match subject_of_one(one) {
                    Subject::AnyOf(q) => Event::ReducesOpponentLife(Subject::AttackOf(q)),
                    other => Event::ReducesOpponentLife(other),
                },
                None if text.contains("this spirit") => {
                    Event::ReducesOpponentLife(Subject::ThisAttack)
                }
                None => Event::ReduceOpponentLife,
            }
        }
        Rule::ev_opp_draws | Rule::ev_opp_draw_eff => Event::OpponentDraws,
        Rule::ev_opp_draws_out => Event::OpponentDrawsOutsideDrawStep,
        Rule::ev_opp_mills_you => Event::OpponentMillsYou(
            e.into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1),
        ),
        Rule::ev_opp_loses => Event::ReduceOpponentLife,
        Rule::ev_either_loses => Event::EitherLosesLife,
        Rule::ev_you_draw_eff => Event::YouDrawByEffect,
        Rule::ev_life_up => Event::LifeIncreases,
        Rule::ev_battle_ends => Event::BattleEnds,
        Rule::ev_core_reserve => Event::CorePlacedInReserve,
        Rule::ev_core_this => Event::CorePlacedOnThis,
        Rule::ev_subject_event => {
            let mut it = e.into_inner();
            let who = subject_of(it.next()?);
            let verb = it.next()?;
            let has = |r: Rule| verb.clone().into_inner().any(|x| x.as_rule() == r);
            match verb.as_rule() {
                Rule::e_destroyed => Event::Destroyed {
                    by_opponent: has(Rule::by_opp),
                    in_battle: has(Rule::in_battle),
                    who,
                },
                Rule::e_attacks => Event::Attacks(who),
                Rule::e_blocks => Event::Blocks(who),
                Rule::e_blocked => Event::Blocked(who),
                Rule::e_summoned => {
                    let kw: Vec<String> = verb
                        .clone()
                        .into_inner()
                        .filter(|x| x.as_rule() == Rule::kw_name)
                        .map(|k| k.as_str().to_string())
                        .collect();
                    match who {
                        Subject::AnyOf(mut q) if !kw.is_empty() => {
                            q.filters.push(Filter::HasKeyword(kw));
                            Event::Summoned(Subject::AnyOf(q))
                        }
                        // "this spirit is summoned with Swift": not expressible here.
                        _ if !kw.is_empty() => return None,
                        other => Event::Summoned(other),
                    }
                }
                Rule::e_exhausted => Event::Exhausted(who),
                Rule::e_refreshed => Event::Refreshed(who),
                Rule::e_returned if verb.as_str().to_ascii_lowercase().contains("deck") => {
                    Event::ReturnedToHandOrDeck(who)
                }
                Rule::e_returned => Event::ReturnedToHand(who),
                Rule::e_reduces_life => Event::ReducesOpponentLife(who),
                _ => {
                    let mut q = your_spirits();
                    q.filters.clear();
                    for f in verb
                        .clone()
                        .into_inner()
                        .filter(|x| x.as_rule() == Rule::victim_filter)
                    {
                        add_filters(&mut q, f);
                    }
                    Event::DestroysOpponentSpirit {
                        in_battle: has(Rule::in_battle),
                        victim: q.filters,
                        who,
                    }
                }
            }
        }
        _ => return None,
    })
}

fn number_in_level(p: Pair<Rule>) -> u8 {
    p.into_inner()
        .next()
        .and_then(|n| n.as_str().parse().ok())
        .unwrap_or(u8::MAX)
}

fn target_of(p: Pair<Rule>, chooser: Whose) -> Target {
    let p = if p.as_rule() == Rule::target {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Target::Selected,
        }
    } else {
        p
    };
    match p.as_rule() {
        Rule::t_choose_or => {
            let parts: Vec<Target> = p
                .into_inner()
                .filter(|x| x.as_rule() == Rule::t_choose)
                .map(|x| target_of(x, chooser))
                .collect();
            let mut count = Count::Exactly(1);
            let mut queries = Vec::new();
            for (i, part) in parts.into_iter().enumerate() {
                if let Target::Choose {
                    count: c, query, ..
                } = part
                {
                    if i == 0 {
                        count = c;
                    }
                    queries.push(query);
                }
            }
            Target::ChooseUnion {
                count,
                queries,
                chooser,
            }
        }
        Rule::t_this => Target::This,
        Rule::t_plural => match p.into_inner().next() {
            Some(np) => Target::All(query_of(np, Owner::Any)),
            None => Target::Selected,
        },
        Rule::t_blocker => Target::Blocker,
        Rule::t_attacker => Target::Attacker,
        Rule::t_each => {
            let mut owner = Owner::Any;
            let mut out = Target::Selected;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => owner = owner_of(x),
                    Rule::np_body => out = Target::All(query_of(x, owner)),
                    _ => {}
                }
            }
            out
        }
        Rule::t_selected => Target::Selected,
        Rule::t_all => {
            let mut owner = Owner::Any;
            let mut q = None;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => owner = owner_of(x),
                    Rule::np_body => q = Some(x),
                    _ => {}
                }
            }
            match q {
                Some(np) => Target::All(query_of(np, owner)),
                None => Target::Selected,
            }
        }
        Rule::t_choose => {
            let mut owner = if chooser == Whose::Opponent {
                Owner::Opponent
            } else {
                Owner::Any
            };
            let mut count = Count::Exactly(1);
            let mut q = None;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => {
                        owner = match owner_of(x) {
                            // "one of their spirits" chosen by the opponent = the opponent's.
                            Owner::Opponent => Owner::Opponent,
                            o => o,
                        }
                    }
                    Rule::count_np => {
                        count = match x.into_inner().next() {
                            Some(c) if c.as_rule() == Rule::c_any => Count::AnyNumber,
                            Some(c) if c.as_rule() == Rule::c_up_to => Count::UpTo(number_in(c)),
                            Some(c) => Count::Exactly(number_in(c)),
                            None => Count::Exactly(1),
                        }
                    }
                    Rule::np_body => q = Some(x),
                    _ => {}
                }
            }
            match q {
                Some(np) => Target::Choose {
                    count,
                    query: query_of(np, owner),
                    chooser,
                },
                None => Target::Selected,
            }
        }
        _ => Target::Selected,
    }
}

fn first_target(p: &Pair<Rule>, chooser: Whose) -> Target {
    p.clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::target)
        .map(|t| target_of(t, chooser))
        .unwrap_or(Target::Selected)
}

fn deck_pos_in(p: &Pair<Rule>) -> DeckPos {
    match p
        .clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::deck_pos)
        .and_then(|d| d.into_inner().next())
        .map(|d| d.as_rule())
    {
        Some(Rule::top) => DeckPos::Top,
        _ => DeckPos::Bottom,
    }
}

fn core_place_of(p: Pair<Rule>) -> CorePlace {
    let Some(x) = p.into_inner().next() else {
        return CorePlace::Void;
    };
    match x.as_rule() {
        Rule::cp_void => CorePlace::Void,
        Rule::cp_reserve => CorePlace::Reserve,
        Rule::cp_owners => CorePlace::OwnersReserve,
        Rule::cp_life => CorePlace::Life,
        Rule::cp_opp_life => CorePlace::OpponentLife,
        Rule::cp_trash => CorePlace::Trash,
        Rule::cp_opp_trash => CorePlace::OwnersTrash,
        _ => CorePlace::On(first_target(&x, Whose::You)),
    }
}

fn core_count_of(p: Pair<Rule>) -> CoreCount {
    let Some(x) = p.into_inner().next() else {
        return CoreCount::Exactly(1);
    };
    match x.as_rule() {
        Rule::cc_all_but => CoreCount::AllBut(number_in(x)),
        Rule::cc_all => CoreCount::All,
        Rule::cc_soul => CoreCount::SoulCore,
        Rule::cc_any => CoreCount::UpTo(u32::MAX),
        Rule::cc_upto => CoreCount::UpTo(number_in(x)),
        _ => CoreCount::Exactly(number_in(x)),
    }
}

fn clause_of(p: Pair<Rule>) -> Vec<Action> {
    let Some(c) = p.into_inner().next() else {
        return Vec::new();
    };
    let rule = c.as_rule();
    let t = || first_target(&c, Whose::You);
    vec![match rule {
        Rule::c_select => Action::Select(t()),
        Rule::c_opp_select => Action::Select(first_target(&c, Whose::Opponent)),
        Rule::c_draw => Action::Draw(Amount::Fixed(number_in(c))),
        Rule::c_destroy => Action::Destroy(t()),
        Rule::c_exhaust => Action::Exhaust(t()),
        Rule::c_refresh => Action::Refresh(t()),
        Rule::c_ret_hand => Action::ReturnToHand(t()),
        Rule::c_ret_deck => Action::ReturnToDeck(t(), deck_pos_in(&c)),
        Rule::c_remaining => Action::RemainingToDeck(deck_pos_in(&c)),
        Rule::c_rem_trash => Action::RemainingToTrash,
        Rule::c_gain_bp | Rule::c_bp_plus => Action::Bp {
            target: t(),
            amount: i64::from(direct_number(&c)),
            per: None,
            duration: Duration::WhileActive,
        },
        Rule::c_reduce_bp => Action::Bp {
            target: t(),
            amount: -i64::from(direct_number(&c)),
            per: None,
            duration: Duration::WhileActive,
        },
        Rule::c_gain_bp_kw => {
            let target = t();
            let name = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::kw_name)
                .map(|k| k.as_str().to_string())
                .unwrap_or_default();
            return vec![
                Action::Bp {
                    target: target.clone(),
                    amount: i64::from(direct_number(&c)),
                    per: None,
                    duration: Duration::WhileActive,
                },
                Action::GainKeyword(
                    target,
                    Keyword {
                        name,
                        modifier: None,
                    },
                    Duration::WhileActive,
                ),
            ];
        }
        Rule::c_gain_symbol => Action::GainSymbols(
            t(),
            direct_number(&c),
            c.clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()))
                .unwrap_or(Colour::Red),
            Duration::WhileActive,
        ),
        Rule::c_gain_family => Action::GainFamily(
            t(),
            c.clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::family)
                .map(|f| f.as_str().to_string())
                .unwrap_or_default(),
            Duration::WhileActive,
        ),
        Rule::c_gain_kw => {
            let target = t();
            let mut name = String::new();
            let mut colours = Vec::new();
            for x in c.clone().into_inner() {
                match x.as_rule() {
                    Rule::kw_name => name = x.as_str().to_string(),
                    Rule::colour => colours.push(x.as_str().to_string()),
                    _ => {}
                }
            }
            let modifier = if colours.is_empty() {
                c.clone()
                    .into_inner()
                    .find(|x| x.as_rule() == Rule::kw_num)
                    .map(|n| number_in(n).to_string())
            } else {
                Some(colours.join(", "))
            };
            Action::GainKeyword(target, Keyword { name, modifier }, Duration::WhileActive)
        }
        Rule::c_cannot_atk_blk => {
            return vec![
                Action::CannotAttack(t(), Duration::WhileActive),
                Action::CannotBlock(t(), Duration::WhileActive),
            ];
        }
        Rule::c_cannot_atk => Action::CannotAttack(t(), Duration::WhileActive),
        Rule::c_cannot_destroyed => Action::CannotBeDestroyed {
            target: t(),
            by_opponent: c.clone().into_inner().any(|x| x.as_rule() == Rule::by_opp),
            duration: Duration::WhileActive,
        },
        Rule::c_symbols_as => Action::SymbolsAs {
            target: t(),
            count: direct_number(&c),
            colour: c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str())),
            duration: Duration::WhileActive,
        },
        Rule::c_must_attack => Action::MustAttack(t(), Duration::WhileActive),
        Rule::c_block_exh => Action::CanBlockWhileExhausted(t(), Duration::WhileActive),
        Rule::c_cannot_be => {
            let what = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::prot_exh)
            {
                Protection::Exhausted
            } else if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::prot_ret)
            {
                Protection::Returned
            } else {
                Protection::Selected
            };
            Action::CannotBe {
                target: t(),
                what,
                duration: Duration::WhileActive,
            }
        }
        Rule::c_reveal_viewed => {
            let mut target = t();
            if let Target::Choose { query, .. } | Target::All(query) = &mut target {
                query.zone = Zone::Revealed;
            }
            Action::Select(target)
        }
        Rule::c_treat_high => Action::TreatAsHighestLevel(t(), Duration::WhileActive),
        Rule::c_cannot_blk => Action::CannotBlock(t(), Duration::WhileActive),
        Rule::c_cannot_be_blocked => {
            let by = by_query(&c);
            Action::CannotBeBlocked(t(), by, Duration::WhileActive)
        }
        Rule::c_treat_lv => {
            let lv = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::a_level)
                .map(number_in_level)
                .unwrap_or(1);
            Action::TreatAsLevel(t(), lv, Duration::WhileActive)
        }
        Rule::c_send_cores => {
            let mut count = CoreCount::Exactly(1);
            let mut from = CorePlace::On(Target::Selected);
            let mut to = CorePlace::Void;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::core_count => count = core_count_of(x),
                    Rule::target => from = CorePlace::On(target_of(x, Whose::You)),
                    Rule::core_place => to = core_place_of(x),
                    _ => {}
                }
            }
            Action::MoveCores {
                count,
                from,
                to,
                per: None,
            }
        }
        Rule::c_place_cores | Rule::c_remove_cores => {
            let mut count = CoreCount::Exactly(1);
            let mut places = Vec::new();
            let mut from_target = None;
            let mut from_life = None;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::rm_life => {
                        from_life = x.into_inner().next().map(|l| {
                            if l.as_rule() == Rule::cp_opp_life {
                                CorePlace::OpponentLife
                            } else {
                                CorePlace::Life
                            }
                        })
                    }
                    Rule::core_count => count = core_count_of(x),
                    Rule::core_place => places.push(core_place_of(x)),
                    Rule::target => from_target = Some(target_of(x, Whose::You)),
                    _ => {}
                }
            }
            if rule == Rule::c_place_cores {
                let to = places.pop().unwrap_or(CorePlace::Reserve);
                let from = places.pop().unwrap_or(CorePlace::Void);
                Action::MoveCores {
                    count,
                    from,
                    to,
                    per: None,
                }
            } else {
                Action::MoveCores {
                    count,
                    from: from_life
                        .unwrap_or_else(|| CorePlace::On(from_target.unwrap_or(Target::Selected))),
                    to: places.pop().unwrap_or(CorePlace::OwnersReserve),
                    per: None,
                }
            }
        }
        Rule::c_mill => {
            let whose = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::o_opp || x.as_rule() == Rule::o_their)
            {
                Whose::Opponent
            } else {
                Whose::You
            };
            let count = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1);
            Action::Mill {
                whose,
                count: Amount::Fixed(count),
            }
        }
        Rule::c_discard => {
            let count = number_in(c.clone());
            let filter = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::np_body)
                .map(|np| query_of(np, Owner::You))
                .filter(|q| q.kind != CardKind::Card || !q.filters.is_empty());
            Action::Discard {
                whose: Whose::You,
                count,
                filter,
            }
        }
        Rule::c_discard_it => Action::DiscardSelected,
        Rule::c_draw_until => Action::DrawUntil(direct_number(&c)),
        Rule::c_both_draw => Action::PlayerDraws(Whose::Either, direct_number(&c)),
        Rule::c_opp_draw => Action::PlayerDraws(Whose::Opponent, direct_number(&c)),
        Rule::c_both_discard => Action::Discard {
            whose: Whose::Either,
            count: direct_number(&c),
            filter: None,
        },
        Rule::c_shuffle => Action::Shuffle,
        Rule::c_opp_discard => {
            let count = number_in(c.clone());
            let filter = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::np_body)
                .map(|np| query_of(np, Owner::Opponent))
                .filter(|q| q.kind != CardKind::Card || !q.filters.is_empty());
            Action::Discard {
                whose: Whose::Opponent,
                count,
                filter,
            }
        }
        Rule::c_disc_hand => Action::DiscardHand,
        Rule::c_attack => Action::AttackTarget(t()),
        Rule::c_mill_put | Rule::c_mill_n => Action::Mill {
            whose: if c
                .clone()
                .into_inner()
                .any(|x| matches!(x.as_rule(), Rule::o_opp | Rule::o_their))
            {
                Whose::Opponent
            } else {
                Whose::You
            },
            count: Amount::Fixed(number_in(c)),
        },
        Rule::c_pay_cores
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cc_of_this) =>
        {
            Action::PayCores {
                count: CoreCount::Exactly(number_in(c)),
                from: Some(Target::This),
            }
        }
        Rule::c_pay_cores => {
            let cc = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::core_count);
            // "Pay this spirit's "Soul Core"": the soul core must be on this spirit.
            let this_soul = cc
                .as_ref()
                .is_some_and(|x| x.as_str().to_ascii_lowercase().starts_with("this spirit"));
            let count = cc.map(core_count_of).unwrap_or(CoreCount::Exactly(1));
            let from = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::target)
                .map(|x| target_of(x, Whose::You))
                .or_else(|| this_soul.then_some(Target::This));
            Action::PayCores { count, from }
        }
        Rule::c_deploy => {
            let mut target = t();
            if c.as_str().to_ascii_lowercase().contains("revealed")
                && let Target::Choose { query, .. } | Target::All(query) = &mut target
            {
                query.zone = Zone::Revealed;
            }
            Action::Deploy {
                target,
                free: c.clone().into_inner().any(|x| x.as_rule() == Rule::free),
            }
        }
        Rule::c_reveal => Action::Reveal(Amount::Fixed(
            c.into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1),
        )),
        Rule::c_add_hand => {
            let mut target = t();
            if c.as_str().to_ascii_lowercase().contains("revealed")
                && let Target::Choose { query, .. } | Target::All(query) = &mut target
            {
                query.zone = Zone::Revealed;
            }
            Action::AddToHand(target)
        }
        Rule::c_summon => {
            let target = t();
            let free = c.clone().into_inner().any(|x| x.as_rule() == Rule::free);
            let exhausted = c.into_inner().any(|x| x.as_rule() == Rule::exh);
            Action::Summon {
                target,
                free,
                exhausted,
            }
        }
        Rule::c_pay_act => Action::PayCostToActivate(
            if c.into_inner().any(|x| x.as_rule() == Rule::s_kind_flash) {
                StepKind::Flash
            } else {
                StepKind::Main
            },
        ),
        Rule::c_end_attack => Action::EndAttackStep,
        Rule::c_count => {
            let n = i64::from(direct_number(&c));
            if c.into_inner().any(|x| x.as_rule() == Rule::count_down) {
                Action::Count(-n)
            } else {
                Action::Count(n)
            }
        }
        Rule::c_heavy => Action::HeavilyExhaust(t()),
        Rule::c_tecoto => match c
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::tec_top)
        {
            Some(top) => Action::PutIntoTecoto(Target::DeckTop(
                top.into_inner()
                    .find(|x| x.as_rule() == Rule::number)
                    .map(number_of)
                    .unwrap_or(1),
            )),
            None => Action::PutIntoTecoto(t()),
        },
        Rule::c_activate_free => Action::ActivateFree(
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::s_kind_flash)
            {
                StepKind::Flash
            } else {
                StepKind::Main
            },
        ),
        Rule::c_attack_tax => Action::AttackTax {
            target: t(),
            cores: direct_number(&c),
            duration: Duration::WhileActive,
        },
        _ => Action::Unparsed {
            text: c.as_str().to_string(),
            span: Span {
                start: c.as_span().start(),
                end: c.as_span().end(),
            },
        },
    }]
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
