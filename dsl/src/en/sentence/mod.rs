//! One parsed sentence → actions: its wrappers ("You may", "If …", "When …"), trailing durations
//! (BS-6.7) and "for each" multipliers, which `mods.rs` reads and applies.

use super::*;

mod mods;
mod replace;
use mods::for_each_of;
pub(super) use mods::{apply_mods, duration_of, duration_of_action};

#[derive(Default, Clone)]
pub(crate) struct SentenceState {
    pub(super) start_of_step: bool,
    pub(super) once_whole: bool,
    /// A condition or event the grammar matched but the AST cannot express: the sentence
    /// must be reported, never run without it.
    pub(super) lost: bool,
    /// The sentence starts with "Then," ("When …, draw a card. Then, discard a card."):
    /// it continues the effect, so it is never a pack phrase's sentence on its own.
    pub(super) then: bool,
    /// "This effect does not duplicate": the effect's copies on several cards of one name do
    /// not add up (`body`: its earlier sentences only work for the first copy).
    pub(super) no_dup: bool,
    /// "If …, X instead.": X replaces an earlier action of the effect when the condition
    /// holds (see `body::replace_instead`).
    pub(super) instead: bool,
    /// The sentence writes its duration ("during this turn"): an "instead" sentence that
    /// does not keeps the duration of the action it replaces.
    pub(super) dur_written: bool,
    /// "You can discard a maximum of N cards with this effect": the effect's earlier discard
    /// from a deck is capped at N (`body::limit_earlier`).
    pub(super) mill_cap: Option<u32>,
    /// "You cannot place a "Soul Core" on TARGET with this effect": the effect's earlier
    /// placement of cores onto TARGET moves ordinary cores only (`body::limit_earlier`).
    pub(super) no_soul_on: Option<Target>,
    /// The sentence opens with a condition on this card's own summoning cost ("If you do
    /// not spend a "Soul Core" as part of this spirit's summoning cost, exhaust it."): when
    /// nothing before it was chosen, its "it" is this card (`body`, [`pronouns_are_this`]).
    pub(super) it_may_be_this: bool,
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

pub(super) fn build_sentence(pairs: Pairs<Rule>, st: &mut SentenceState) -> Vec<Action> {
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
    let first_attack =
        (sentence.clone().into_inner().flatten()).any(|x| x.as_rule() == Rule::e_attacks_first);
    // The previous clause of the sentence states something of this card ("this spirit
    // cannot …, and it cannot …"): its pronoun is this card, not a selection.
    let mut this_subject = false;
    // The next clause's "it" is this card (an antecedent read from the words before it).
    let mut it_is_this = false;
    // After "… gain the following effect: TIMING": "this spirit" is the event's card.
    let mut granted = false;
    // After "or": the next clause is the other option of the one before.
    let mut or_next = false;
    // BS-5.2: a cost sentence names the payment it changes, or changes this card's own.
    let (mut cost_sentence, mut paying) = (false, false);
    // "The first spirit that attacks each turn …": a watcher on your spirits' attacks that
    // works once per turn, about the attacker (BS-8.3).
    if sentence
        .clone()
        .into_inner()
        .flatten()
        .any(|x| x.as_rule() == Rule::t_first_atk)
    {
        pending.push(Wrap::When(
            Event::Attacks(Subject::AnyOf(your_spirits())),
            Duration::WhileActive,
        ));
        pending.push(Wrap::Once);
    }

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
            Rule::s_no_dup => st.no_dup = true,
            Rule::s_once_only => st.once_whole = true,
            Rule::s_mill_cap => st.mill_cap = p.into_inner().next().map(number_of),
            Rule::s_no_soul_place => {
                st.no_soul_on = p.into_inner().next().map(|t| target_of(t, Whose::You))
            }
            Rule::l_start_step => st.start_of_step = true,
            Rule::l_once => {
                if items.is_empty() && current.is_empty() {
                    st.once_whole = true;
                }
                pending.push(Wrap::Once)
            }
            // "X to Y" / "If you do,": Y is gated on the cost X.
            Rule::l_if_you_do | Rule::conj_to => {
                // "pay two of this spirit's cores for it to gain …": "it" is the card paid from.
                if p.clone()
                    .into_inner()
                    .any(|x| x.as_rule() == Rule::conj_for)
                {
                    it_is_this = current.iter().any(|a| {
                        matches!(
                            a,
                            Action::PayCores {
                                from: Some(Target::This),
                                ..
                            }
                        )
                    });
                }
                pending.push(Wrap::IfYouDo)
            }
            Rule::l_ut => pending.push(Wrap::If(Condition::UltimateTriggerHits)),
            Rule::l_otherwise => pending.push(Wrap::Otherwise),
            Rule::l_when => match p.into_inner().next().and_then(event_of) {
                Some(e) => {
                    pending.push(Wrap::When(e, default_dur.unwrap_or(Duration::WhileActive)))
                }
                None => st.lost = true,
            },
            Rule::l_next_time => match p.into_inner().next().and_then(event_of) {
                Some(e) => {
                    pending.push(Wrap::When(e, Duration::Turn));
                    pending.push(Wrap::Once);
                }
                None => st.lost = true,
            },
            Rule::l_when_if => {
                let mut it = p.into_inner();
                let c = it.next().and_then(condition_of);
                let e = it.next().and_then(event_of);
                match (c, e) {
                    (Some(c), Some(e)) => {
                        pending.push(Wrap::When(e, default_dur.unwrap_or(Duration::WhileActive)));
                        pending.push(Wrap::If(c));
                    }
                    _ => st.lost = true,
                }
            }
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
            // A delayed trigger on a chosen card ("If it attacks or blocks during this turn,").
            Rule::l_if_event => {
                let mut it = p.into_inner();
                let e = it.next().and_then(event_of);
                let d = it.next().map(duration_of);
                match (e, d) {
                    (Some(e), Some(d)) => pending.push(Wrap::When(e, d)),
                    _ => st.lost = true,
                }
            }
            // "The first time … each turn," (BS-8.3): a watcher that works once per turn.
            Rule::l_first_time => match p.into_inner().next().and_then(event_of) {
                Some(e) => {
                    pending.push(Wrap::When(e, default_dur.unwrap_or(Duration::WhileActive)));
                    pending.push(Wrap::Once);
                }
                None => st.lost = true,
            },
            Rule::l_while_sum => match p.into_inner().next().and_then(condition_of) {
                Some(c) => pending.push(Wrap::If(c)),
                None => st.lost = true,
            },
            Rule::l_if => {
                st.it_may_be_this |= items.is_empty()
                    && current.is_empty()
                    && p.clone().into_inner().flatten().any(|x| {
                        matches!(x.as_rule(), Rule::cond_soul_spent | Rule::cond_not_spent)
                    });
                match p.into_inner().next().and_then(condition_of) {
                    Some(c) => pending.push(Wrap::If(c)),
                    None => st.lost = true,
                }
            }
            // "TARGETS gain the following effect: When This Spirit Attacks …": a watcher on
            // those spirits' attacks (blocks) for the grant's duration, the turn when none is
            // written (ruling C#157); "this spirit" in it is the spirit it happens to.
            Rule::l_grant => match grant_event(p) {
                Some(e) => {
                    granted = true;
                    pending.push(Wrap::When(e, default_dur.unwrap_or(Duration::Turn)));
                }
                None => st.lost = true,
            },
            Rule::l_may => pending.push(Wrap::May),
            // A cost change only lowers what is paid (or is the card's own): applied.
            Rule::l_may_pay | Rule::tr_calc => {}
            Rule::l_paying => match p.into_inner().next().and_then(paying_of) {
                Some(c) => {
                    paying = true;
                    pending.push(Wrap::If(c));
                }
                None => st.lost = true,
            },
            Rule::tr_paying => {
                let mut inner = p.into_inner();
                let Some(mut c) = inner.next().and_then(paying_of) else {
                    st.lost = true;
                    continue;
                };
                if inner.next().is_some() {
                    c = Condition::All(vec![c, Condition::InStep(Whose::You, Step::Main)]);
                }
                paying = true;
                cur_if = Some(match cur_if.take() {
                    Some(prev) => Condition::All(vec![prev, c]),
                    None => c,
                });
            }
            Rule::l_during => {
                st.dur_written = true;
                default_dur = p.into_inner().next().map(duration_of);
            }
            Rule::l_for_each => {
                if let Some(n) = p.into_inner().next().map(|f| for_each_of(f, 1)) {
                    pending.push(Wrap::Repeat(n));
                }
            }
            Rule::conj_or => or_next = true,
            // "X or Y": the clause before and this one become the options of one choice.
            Rule::clause if or_next && !current.is_empty() => {
                or_next = false;
                let first = std::mem::take(&mut current);
                current.push(Action::OneOf(vec![first, clause_of(p)]));
            }
            Rule::clause | Rule::clause_cost => {
                cost_sentence |= p.as_rule() == Rule::clause_cost;
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
                let mut acts = clause_of(p);
                if granted {
                    acts.iter_mut().for_each(this_is_event_card);
                    // A "this spirit" left where the grant cannot reach: not understood.
                    st.lost |= format!("{acts:?}").contains("This,")
                        || format!("{acts:?}").contains("(This)")
                        || format!("{acts:?}").contains(": This ");
                }
                if std::mem::take(&mut it_is_this) {
                    acts.iter_mut().for_each(pronoun_is_this);
                }
                if this_subject {
                    for t in acts.iter_mut().filter_map(subject_mut) {
                        if *t == Target::Selected {
                            *t = Target::This;
                        }
                    }
                }
                this_subject = !acts.is_empty()
                    && (acts.iter_mut())
                        .all(|a| subject_mut(a).is_some_and(|t| *t == Target::This));
                current.extend(acts);
            }
            Rule::tr_duration => {
                st.dur_written = true;
                cur_dur = p.into_inner().next().map(duration_of);
            }
            Rule::tr_for_each => cur_per = p.into_inner().next().map(|f| for_each_of(f, 1)),
            // BS-8.1: "This spirit gains Confront when you have 3 or fewer life": a lasting
            // state that holds while the condition does. A one-off action with "when" and a
            // condition stays unread rather than misread as a trigger or a check.
            Rule::tr_when_cond => {
                let lasting = !current.is_empty()
                    && cur_dur.or(default_dur).is_none()
                    && current
                        .iter()
                        .all(|a| format!("{a:?}").contains("WhileActive"));
                let c = p.into_inner().next().and_then(condition_of);
                st.lost |= c.is_none() || !lasting;
                cur_if = match (cur_if.take(), c) {
                    (Some(prev), Some(c)) => Some(Condition::All(vec![prev, c])),
                    (prev, c) => c.or(prev),
                };
            }
            Rule::tr_if => {
                let c = p.into_inner().next().and_then(condition_of);
                st.lost |= c.is_none();
                cur_if = match (cur_if.take(), c) {
                    (Some(prev), Some(c)) => Some(Condition::All(vec![prev, c])),
                    (prev, c) => c.or(prev),
                };
            }
            Rule::tr_unless => {
                let c = p.into_inner().next().and_then(condition_of);
                st.lost |= c.is_none();
                let c = c.map(|c| Condition::Not(Box::new(c)));
                cur_if = match (cur_if.take(), c) {
                    (Some(prev), Some(c)) => Some(Condition::All(vec![prev, c])),
                    (prev, c) => c.or(prev),
                };
            }
            Rule::tr_start_step => st.start_of_step = true,
            Rule::tr_once => cur_once = true,
            Rule::tr_instead => st.instead = true,
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
    // "Pay … to …" as the sentence's start is a cost the player may decline: the effect
    // then does nothing (ruling C#33), as "You may pay … to …".
    if let [
        Item::Act(Action::PayCores { .. }),
        Item::Wrap(Wrap::IfYouDo),
        ..,
    ] = items.as_slice()
    {
        items.insert(0, Item::Wrap(Wrap::May));
    }
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
                    Wrap::If(c) => Action::If(c.clone(), them_of_none(&c, inner)),
                    Wrap::Once => Action::OncePerTurn(inner),
                }];
            }
        }
    }
    // "When … attacks first during your turn": the watcher works on the turn's first
    // attack only (ruling C#62).
    if first_attack {
        for a in acc.iter_mut() {
            if let Action::When(Event::Attacks(_), _, body) = a {
                *body = vec![Action::If(
                    Condition::FirstAttackThisTurn,
                    std::mem::take(body),
                )];
            }
        }
    }
    replace::read_replacement(&mut acc, st);
    // "This card costs 4 in your hand if …": a change of this card's own cost.
    fn own(a: &Action) -> bool {
        match a {
            Action::CostAs(..) | Action::ReductionFulfilled(..) => true,
            Action::If(_, v) => v.iter().any(own),
            _ => false,
        }
    }
    if cost_sentence && !paying && acc.iter().any(own) {
        acc = vec![Action::If(Condition::PayingThis, acc)];
    }
    acc
}

/// "If none of your opponent's spirits are exhausted, select one of them": "them" are the
/// cards the condition is about (its state aside), chosen from now.
fn them_of_none(c: &Condition, mut body: Vec<Action>) -> Vec<Action> {
    let Condition::Not(inner) = c else {
        return body;
    };
    let Condition::AnyMatch(q) = inner.as_ref() else {
        return body;
    };
    if q.zone != Zone::Field
        || !matches!(
            q.filters.last(),
            Some(Filter::Exhausted | Filter::Refreshed)
        )
    {
        return body;
    }
    if let Some(Action::Select(t @ Target::ChooseAmongSelected(_))) = body.first_mut() {
        let Target::ChooseAmongSelected(count) = t.clone() else {
            return body;
        };
        let mut query = q.clone();
        query.filters.pop();
        *t = Target::Choose {
            count,
            query,
            chooser: Whose::You,
        };
    }
    body
}

/// The subject of a clause stating what a card cannot or must do ("TARGET cannot be
/// destroyed …", "TARGET cannot have its cores removed …"), which a pronoun in the next
/// clause of the sentence may refer to.
/// The event of a granted timing ("All of your white spirits gain the following effect: When
/// This Spirit Blocks"): those spirits' attacks, blocks, or either.
fn grant_event(p: Pair<Rule>) -> Option<Event> {
    let mut query = None;
    let (mut attacks, mut blocks) = (false, false);
    for x in p.into_inner() {
        match x.as_rule() {
            Rule::target => match target_of(x, Whose::You) {
                Target::All(q) => query = Some(q),
                _ => return None,
            },
            Rule::t_when_this => {
                for e in x.into_inner().filter(|e| e.as_rule() == Rule::ev) {
                    match e.into_inner().next().map(|r| r.as_rule()) {
                        Some(Rule::ev_attacks) => attacks = true,
                        Some(Rule::ev_blocks) => blocks = true,
                        _ => return None,
                    }
                }
            }
            _ => {}
        }
    }
    let who = Subject::AnyOf(query?);
    match (attacks, blocks) {
        (true, true) => Some(Event::AttacksOrBlocks(who)),
        (true, false) => Some(Event::Attacks(who)),
        (false, true) => Some(Event::Blocks(who)),
        _ => None,
    }
}

/// "this spirit" read as the card the watcher's event is about, in the target an action
/// acts on.
fn this_is_event_card(a: &mut Action) {
    if let Some(t) = primary_target(a).filter(|t| **t == Target::This) {
        *t = Target::EventCard;
    }
}

/// The target an action acts on, for the actions a pronoun or "this spirit" is read in.
fn primary_target(a: &mut Action) -> Option<&mut Target> {
    match a {
        Action::Exhaust(t) | Action::Refresh(t) | Action::Destroy(t) => Some(t),
        Action::ReturnToHand(t) | Action::AttackTarget(t) => Some(t),
        Action::Bp { target, .. } => Some(target),
        Action::GainKeyword(t, ..) => Some(t),
        other => subject_mut(other),
    }
}

/// Every "it" of a sentence's actions (inside their wrappers) read as this card: for a
/// sentence whose pronoun has no antecedent but this card ([`SentenceState::it_may_be_this`]).
pub(super) fn pronouns_are_this(acts: &mut [Action]) {
    for a in acts {
        match a.wrapped_mut() {
            Some(inner) => pronouns_are_this(inner),
            None => pronoun_is_this(a),
        }
    }
}

/// "it" (what the effect chose) read as this card, in the target an action acts on.
fn pronoun_is_this(a: &mut Action) {
    if let Some(t) = primary_target(a).filter(|t| **t == Target::Selected) {
        *t = Target::This;
    }
}

fn subject_mut(a: &mut Action) -> Option<&mut Target> {
    match a {
        Action::CannotBe { target, .. } | Action::CannotBeDestroyed { target, .. } => Some(target),
        Action::CannotBeDestroyedInBattle(t, _)
        | Action::CannotAttack(t, _)
        | Action::CannotBlock(t, _)
        | Action::CannotBeBlocked(t, _, _)
        | Action::MustAttack(t, _) => Some(t),
        _ => None,
    }
}

/// The payment a `pay_when` names (BS-5.2): this card's own, or a card's of the query.
fn paying_of(p: Pair<Rule>) -> Option<Condition> {
    let inner = p.into_inner().next()?;
    Some(match inner.as_rule() {
        Rule::pay_magic => Condition::Paying(query_of(
            inner.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        _ => Condition::PayingThis,
    })
}
