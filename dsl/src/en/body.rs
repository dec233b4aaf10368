//! An effect body sentence by sentence: each sentence read (built-in grammar, then pack phrases)
//! and placed in the body ("If you do,", Ultimate Trigger hits, pronouns continuing a selection).

use super::*;

pub(super) fn parse_body(
    text: &str,
    body_start: usize,
    unparsed: &mut Vec<Unparsed>,
    start_of_step: &mut bool,
    effect: &mut EffectText,
    vocab: &Vocabulary,
) -> Vec<Action> {
    let body = &text[body_start..];
    let mut out = Vec::new();
    // Whether "one of the following effects" was read: later sentences are its options.
    let mut following = false;
    for (a, b) in split::sentences(body, &['.', '!'], &['・', '\n']) {
        let s = &body[a..b];
        // A sentence opening a line or after "・" (an option of "one of the following").
        let bullet = matches!(
            body[..a].trim_end_matches([' ', '\t']).chars().last(),
            Some('・' | '\n')
        );
        let span = Span {
            start: body_start + a,
            end: body_start + b,
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
                    // "Once per turn, X." first: the effect's own guard is the one check
                    // (BS-8.3); a second `once_per_turn()` around X would read false. (A
                    // watcher, "Once per turn, when …", keeps its wrap: its once is the
                    // watcher's.)
                    if let [Action::OncePerTurn(inner)] = acts.as_mut_slice()
                        && !inner.iter().any(|a| matches!(a, Action::When(..)))
                    {
                        acts = std::mem::take(inner);
                    }
                }
                // "This effect does not duplicate": what the effect did so far works for one
                // copy only (`Condition::NotDuplicated`); with nothing before it, not understood.
                if st.no_dup {
                    if out.is_empty() {
                        unparsed.push(Unparsed {
                            span,
                            text: s.to_string(),
                            expected: vec!["an earlier sentence that does not duplicate".into()],
                        });
                        out.push(Action::Unparsed {
                            text: s.to_string(),
                            span,
                        });
                    } else {
                        wrap_not_duplicated(&mut out);
                    }
                    continue;
                }
                // A limit on an earlier action ("With this effect you can discard a maximum of seven cards"):
                // with no such action before it, not understood.
                if st.mill_cap.is_some() || st.no_soul_on.is_some() {
                    if !limit_earlier(&mut out, &st) {
                        unparsed.push(Unparsed {
                            span,
                            text: s.to_string(),
                            expected: vec![
                                "an earlier action of this effect that the sentence limits".into(),
                            ],
                        });
                        out.push(Action::Unparsed {
                            text: s.to_string(),
                            span,
                        });
                    }
                    continue;
                }
                // "If …, X instead.": X takes the place of an earlier action when the
                // condition holds; with nothing to replace the sentence is not understood.
                if st.instead {
                    let mut probe = out.clone();
                    if replace_instead(&mut probe, &acts, st.dur_written)
                        && !crate::compile::dangling_pronoun(&probe)
                    {
                        out = probe;
                    } else {
                        unparsed.push(Unparsed {
                            span,
                            text: s.to_string(),
                            expected: vec!["an earlier action that \"instead\" replaces".into()],
                        });
                        out.push(Action::Unparsed {
                            text: s.to_string(),
                            span,
                        });
                    }
                    continue;
                }
                // A pronoun must refer to something an earlier sentence selected, summoned,
                // revealed or discarded; never to this card by default.
                let mut probe = out.clone();
                // "… one of the following effects" opens a choice whose options follow; a
                // choice read whole ("X or Y") stays closed.
                let opens = format!("{acts:?}").contains("OneOf([])");
                following |= opens;
                place_any(&mut probe, acts.clone(), bullet, following && !opens);
                // "If you do not spend a "Soul Core" as part of this spirit's summoning cost,
                // exhaust it.": with nothing chosen before, "it" is the card the condition
                // is about.
                if st.it_may_be_this && crate::compile::dangling_pronoun(&probe) {
                    let mut this = acts.clone();
                    super::sentence::pronouns_are_this(&mut this);
                    let mut again = out.clone();
                    place_any(&mut again, this.clone(), bullet, following && !opens);
                    if !crate::compile::dangling_pronoun(&again) {
                        acts = this;
                        probe = again;
                    }
                }
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
                place_any(&mut out, acts, bullet, following && !opens);
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
    // "One of the following effects" needs its options (each after "・" or on its own line).
    if following
        && let Some(options) = open_choice(&mut out)
        && options.len() < 2
    {
        let span = Span {
            start: body_start,
            end: text.len(),
        };
        unparsed.push(Unparsed {
            span,
            text: body.to_string(),
            expected: vec!["two or more options after \"one of the following effects\", each after \"・\" or on a line of its own".into()],
        });
        out.push(Action::Unparsed {
            text: body.to_string(),
            span,
        });
    }
    // A phrase stating a rule for the whole effect ("… by this effect") applies from its
    // start (ruling C#13), whichever sentence states it.
    let (whole, rest): (Vec<Action>, Vec<Action>) = out.into_iter().partition(|a| {
        matches!(
            a,
            Action::Phrase {
                whole_effect: true,
                ..
            }
        )
    });
    let mut out = whole;
    out.extend(rest);
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
/// sentences ("Select one of your opponent's spirits.") are read once. The
/// reading depends only on the sentence and the vocabulary.
pub(super) fn read_sentence(s: &str, vocab: &Vocabulary) -> Read {
    if let Some(hit) = vocab.memo().lock().ok().and_then(|m| m.get(s).cloned()) {
        // Read at another depth: past the nesting limit here, it is cut here.
        if super::pack::too_deep_here(&hit) {
            return Read::Failed(vec![super::pack::nesting_reason()]);
        }
        return hit;
    }
    // Not locked while reading: a phrase's sentence slot reads a sentence too.
    let outer = super::pack::take_nesting_hit(false);
    let read = read_sentence_anew(s, vocab);
    // A reading cut at the nesting limit depends on how deep it started: not remembered.
    let cut = super::pack::take_nesting_hit(outer);
    if cut {
        super::pack::take_nesting_hit(true);
    } else if let Ok(mut m) = vocab.memo().lock() {
        m.insert(s.to_string(), read.clone());
    }
    read
}

/// One sentence by the built-in grammar; when that does not understand it, by the first
/// pack phrase that matches it whole.
fn read_sentence_anew(s: &str, vocab: &Vocabulary) -> Read {
    let builtin = match EnParser::parse(Rule::sentence, s) {
        Ok(pairs) => {
            let kw = sentence_keyword_problem(pairs.clone(), vocab);
            let mut st = SentenceState::default();
            let acts = build_sentence(pairs, &mut st);
            if let Some(why) = kw {
                Read::Built(acts, st, Some(why))
            } else if crate::has_unparsed(&acts) || st.lost {
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
        // Cut at the nesting limit: say so, not the tokens the grammar expected.
        None if super::pack::nesting_hit() => Read::Failed(vec![super::pack::nesting_reason()]),
        None => builtin,
    }
}

/// "If C, X instead." (`acts` = `[If(C, X)]`): the latest earlier action of X's kind (looking
/// into wrappers), else the effect's last action, becomes `If(C, X)` and `Otherwise(it)`.
/// False when there is nothing to replace or the sentence is not an "if" sentence.
/// Applies a limit sentence to the effect's last action it names: a discard from a deck
/// capped at N cards, or a placement of a number of cores onto a card kept to ordinary
/// cores (BS-0.2). False when no earlier action fits.
fn limit_earlier(out: &mut [Action], st: &SentenceState) -> bool {
    for a in out.iter_mut().rev() {
        if let Some(body) = a.wrapped_mut() {
            if limit_earlier(body, st) {
                return true;
            }
            continue;
        }
        match a {
            Action::Mill { count, .. } if let Some(cap) = st.mill_cap => {
                *count = Amount::AtMost(Box::new(count.clone()), cap);
                return true;
            }
            Action::MoveCores {
                count: count @ CoreCount::Exactly(_),
                to: CorePlace::On(t),
                ..
            } if st.no_soul_on.as_ref() == Some(t) => {
                if let CoreCount::Exactly(n) = *count {
                    *count = CoreCount::Ordinary(n);
                }
                return true;
            }
            _ => {}
        }
    }
    false
}

fn replace_instead(out: &mut Vec<Action>, acts: &[Action], dur_written: bool) -> bool {
    let [Action::If(c, new)] = acts else {
        return false;
    };
    let Some(first) = new.first() else {
        return false;
    };
    let kind = std::mem::discriminant(first);
    let swap = |body: &mut Vec<Action>, i: usize| {
        let old = body.remove(i);
        // "It gains 5000 BP instead" lasts as long as the change it replaces.
        let mut new = new.clone();
        if !dur_written
            && let (Some(d), Some(first)) =
                (super::sentence::duration_of_action(&old), new.first_mut())
            && std::mem::discriminant(first) == std::mem::discriminant(&old)
        {
            *first = super::sentence::apply_mods(first.clone(), Some(d), None);
        }
        body.insert(i, Action::Otherwise(vec![old]));
        body.insert(i, Action::If(c.clone(), new));
    };
    fn find_kind(
        body: &mut Vec<Action>,
        kind: std::mem::Discriminant<Action>,
        swap: &dyn Fn(&mut Vec<Action>, usize),
    ) -> bool {
        for i in (0..body.len()).rev() {
            if std::mem::discriminant(&body[i]) == kind {
                swap(body, i);
                return true;
            }
            if let Some(inner) = body[i].wrapped_mut()
                && find_kind(inner, kind, swap)
            {
                return true;
            }
        }
        false
    }
    fn last_leaf(body: &mut Vec<Action>, swap: &dyn Fn(&mut Vec<Action>, usize)) -> bool {
        let Some(i) = body.len().checked_sub(1) else {
            return false;
        };
        if matches!(body[i], Action::Unparsed { .. }) {
            return false;
        }
        match body[i].wrapped_mut() {
            Some(inner) => last_leaf(inner, swap),
            None => {
                swap(body, i);
                true
            }
        }
    }
    find_kind(out, kind, &swap) || last_leaf(out, &swap)
}

/// Put a parsed sentence into the body: into the open choice of "one of the following
/// effects" (a bullet opens its next option, a sentence after it continues that option);
/// else [`place_in_body`].
fn place_any(out: &mut Vec<Action>, acts: Vec<Action>, bullet: bool, following: bool) {
    if following && let Some(options) = open_choice(out) {
        match options.last_mut() {
            Some(option) if !bullet => place_sentence(option, acts),
            _ => {
                let mut option = Vec::new();
                place_sentence(&mut option, acts);
                options.push(option);
            }
        }
        return;
    }
    place_in_body(out, acts);
}

/// Put a parsed sentence into the body. After a "When …" sub-trigger (BS-8.1: an effect
/// that waits for an event) every later sentence of the effect belongs to it ("When a spirit
/// is destroyed, reveal …. Add …": the reveal and the add both wait); a sentence that opens
/// another "When …" starts its own. Inside, or without one, see [`place_sentence`].
fn place_in_body(out: &mut Vec<Action>, acts: Vec<Action>) {
    // "You may then pay this card's cost to activate its flash effect" is the magic's own
    // (BS-10.4), never part of a watcher before it.
    let opens_watcher = matches!(acts.as_slice(), [Action::When(..)])
        || format!("{acts:?}").contains("PayCostToActivate");
    match open_watcher(out) {
        Some(body) if !opens_watcher && !acts.is_empty() => place_sentence(body, acts),
        _ => place_sentence(out, acts),
    }
}

/// The options of a "one of the following effects" choice the body ends with (inside its
/// wrappers: "You may exhaust it to activate one of the following effects").
fn open_choice(body: &mut [Action]) -> Option<&mut Vec<Vec<Action>>> {
    match body.last_mut()? {
        Action::OneOf(options) => Some(options),
        other => open_choice(other.wrapped_mut()?),
    }
}

/// The body of the outermost "When …" sub-trigger the effect ends with, looking through the
/// wrappers it may be in ("If …, when …, …"; "During this turn, when …").
fn open_watcher(out: &mut [Action]) -> Option<&mut Vec<Action>> {
    match out.last_mut()? {
        Action::When(_, _, body) => Some(body),
        Action::May(b)
        | Action::IfYouDo(b)
        | Action::If(_, b)
        | Action::Otherwise(b)
        | Action::Repeat(_, b)
        | Action::OncePerTurn(b) => open_watcher(b),
        _ => None,
    }
}

/// Put a parsed sentence into the body: "If you do," goes inside the preceding optional
/// sentence, after its cost (the last action there); the rest of an Ultimate Trigger goes
/// into its hit branch; anything else is attached (see [`attach`]).
fn place_sentence(out: &mut Vec<Action>, acts: Vec<Action>) {
    match acts.as_slice() {
        // BS-8.1: "If …, you may X. If you do, Y": Y is part of the optional X, inside the
        // condition too; declining X (or the condition failing) skips Y.
        [Action::IfYouDo(_)] if open_may(out).is_some() => {
            if let Some(prev) = open_may(out) {
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

/// The body of the "you may" the body ends with, looking through the condition wrappers
/// around it ("If …, you may …"; "Once per turn, you may …").
fn open_may(out: &mut [Action]) -> Option<&mut Vec<Action>> {
    match out.last_mut()? {
        Action::May(b) => Some(b),
        Action::If(_, b) | Action::OncePerTurn(b) => open_may(b),
        _ => None,
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
    // "Return / discard the remaining cards": the rest of what was revealed, wherever the
    // reveal is, not inside a later optional choice among them.
    let remaining = acts
        .first()
        .is_some_and(|a| matches!(a, Action::RemainingToDeck(_) | Action::RemainingToTrash));
    if remaining {
        match innermost_body_with(out, "Reveal(") {
            Some(body) => body.extend(acts),
            None => out.extend(acts),
        }
        return;
    }
    if depends && let Some(body) = innermost_selecting_body(out) {
        body.extend(acts);
        return;
    }
    out.extend(acts);
}

/// The innermost wrapper body (looking into the last action's wrappers) whose actions'
/// debug text contains `mark` ("Reveal(").
fn innermost_body_with<'a>(body: &'a mut [Action], mark: &str) -> Option<&'a mut Vec<Action>> {
    let inner = body.last_mut()?.wrapped_mut()?;
    if !format!("{inner:?}").contains(mark) {
        return None;
    }
    let deeper = {
        let mut probe = inner.clone();
        innermost_body_with(&mut probe, mark).is_some()
    };
    if deeper {
        innermost_body_with(inner, mark)
    } else {
        Some(inner)
    }
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
    let inner = body.last_mut()?.wrapped_mut()?;
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

/// "This effect does not duplicate": a watcher's response is guarded when it happens (the
/// copy that works is chosen then); any other effect is guarded whole.
fn wrap_not_duplicated(out: &mut Vec<Action>) {
    if out.iter().all(|a| matches!(a, Action::When(..))) {
        for a in out.iter_mut() {
            if let Action::When(_, _, body) = a {
                *body = vec![Action::If(Condition::NotDuplicated, std::mem::take(body))];
            }
        }
    } else {
        *out = vec![Action::If(Condition::NotDuplicated, std::mem::take(out))];
    }
}
