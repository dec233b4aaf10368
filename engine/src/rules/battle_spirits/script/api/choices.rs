//! Choices inside effects: targets, may, one-of, activating a burst's Main/Flash.

use super::*;

pub(super) fn pick(
    chooser: PlayerId,
    cands: Vec<InstanceId>,
    min: usize,
    max: usize,
    what: &str,
) -> R<Vec<InstanceId>> {
    pick_within(chooser, cands, min, max, what, None)
}

/// A limit on the total of the chosen cards: (`true` BP / `false` cost, at most).
type Budget = Option<(bool, i64)>;

pub(super) fn pick_within(
    chooser: PlayerId,
    cands: Vec<InstanceId>,
    min: usize,
    max: usize,
    what: &str,
    budget: Budget,
) -> R<Vec<InstanceId>> {
    let max = max.min(cands.len());
    let min = min.min(max);
    if cands.len() <= min && budget.is_none() {
        return Ok(cands);
    }
    let value = |g: &Game, c: InstanceId, bp: bool| -> i64 {
        if bp {
            i64::from(g.bp(c))
        } else {
            i64::from(g.cost_of(c)) // BS-9.2
        }
    };
    let mut picked: Vec<InstanceId> = Vec::new();
    while picked.len() < max {
        let rest: Vec<InstanceId> = with_ref(|g, _| {
            let spent: i64 =
                budget.map_or(0, |(bp, _)| picked.iter().map(|c| value(g, *c, bp)).sum());
            cands
                .iter()
                .copied()
                .filter(|c| !picked.contains(c))
                .filter(|c| budget.is_none_or(|(bp, limit)| spent + value(g, *c, bp) <= limit))
                .collect()
        })?;
        if rest.is_empty() {
            break;
        }
        if picked.len() + rest.len() <= min {
            picked.extend(rest);
            break;
        }
        let answer = with_mut(|g, _| {
            let mut options: Vec<Labelled<Choice>> = rest
                .iter()
                .map(|c| Labelled {
                    choice: Choice::Target { card: *c },
                    label: g.lbl(|| format!("{} {c}", g.name(*c))),
                })
                .collect();
            if picked.len() >= min {
                options.push(Labelled {
                    choice: Choice::DoneChoosing,
                    label: "Done choosing".into(),
                });
            }
            ask_bounded(
                g,
                Question {
                    player: chooser,
                    prompt: format!(
                        "{what}: choose a card ({} of up to {max} chosen)",
                        picked.len()
                    ),
                    options,
                },
            )
        })?;
        match answer {
            Some(Choice::Target { card }) => picked.push(card),
            Some(_) => break,
            None => return Err(asked()),
        }
    }
    Ok(picked)
}

pub(super) fn choose_impl(q: &Dynamic, min: usize, max: usize, opponent: bool) -> R<Array> {
    choose_by(q, min, max, opponent, true)
}

/// A choice of cards; `selects`: whether it selects them (a card protected from being
/// selected by the effect's controller's opponent cannot be chosen then; ruling C#159: a
/// choice printed without "select" does not select).
pub(super) fn choose_by(
    q: &Dynamic,
    min: usize,
    max: usize,
    opponent: bool,
    selects: bool,
) -> R<Array> {
    let mut cands = targets(q)?;
    // A card protected from being selected by this effect's controller's effects.
    with_ref(|g, rc| {
        if !selects {
            return;
        }
        cands.retain(|c| {
            !g.protected_from(
                *c,
                rc.controller,
                crate::rules::battle_spirits::script::Protect::Selected,
                rc.card,
            )
        })
    })?;
    let p = if opponent { me()?.other() } else { me()? };
    // `.combined_bp_at_most(x)` / `.combined_cost_at_most(x)` limit the chosen total.
    let budget = q.clone().try_cast::<Query>().and_then(|q| {
        q.filters.iter().find_map(|f| match f {
            Filter::CombinedAtMost(bp, x) => Some((*bp, *x)),
            _ => None,
        })
    });
    Ok(to_array(pick_within(
        p,
        cands,
        min,
        max,
        "Choose targets",
        budget,
    )?))
}

pub(super) fn may_impl(question: &str) -> R<bool> {
    let p = me()?;
    let a = with_mut(|g, _| {
        ask_bounded(
            g,
            Question {
                player: p,
                prompt: question.to_string(),
                options: vec![
                    Labelled {
                        choice: Choice::Yes,
                        label: "Yes".into(),
                    },
                    Labelled {
                        choice: Choice::No,
                        label: "No".into(),
                    },
                ],
            },
        )
    })?;
    match a {
        Some(c) => Ok(c == Choice::Yes),
        None => Err(asked()),
    }
}

pub(super) fn activate_impl(which: &str, pay: bool) -> R<bool> {
    let t = match which {
        "main" => Trigger::Main,
        "flash" => Trigger::Flash,
        other => {
            return Err(err(format!(
                "expected \"main\" or \"flash\", got {other:?}"
            )));
        }
    };
    with_mut(|g, rc| {
        if pay {
            g.pay_to_activate(rc.card, rc.controller, t)
                .map_err(|()| asked())
        } else {
            Ok(g.activate_free(rc.card, rc.controller, t))
        }
    })
}

pub(super) fn one_of_impl(options: Array) -> R<i64> {
    let p = me()?;
    let labels: Vec<String> = options.iter().map(|d| d.to_string()).collect();
    if labels.is_empty() {
        return Err(err("choose_one needs at least one option"));
    }
    let a = with_mut(|g, _| {
        ask_bounded(
            g,
            Question {
                player: p,
                prompt: "Choose one".into(),
                options: labels
                    .iter()
                    .enumerate()
                    .map(|(i, l)| Labelled {
                        choice: Choice::OneOf { index: i as u32 },
                        label: l.clone(),
                    })
                    .collect(),
            },
        )
    })?;
    match a {
        Some(Choice::OneOf { index }) => Ok(i64::from(index)),
        _ => Err(asked()),
    }
}

pub(super) fn register_choices(e: &mut Engine) {
    reg!(
        e,
        "choose_targets",
        ["q", "n: i64"],
        "You choose n cards (as many as possible); one decision per card, none when forced.",
        |q: Dynamic, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            choose_impl(&q, n, n, false)
        }
    );
    reg!(
        e,
        "choose_targets_up_to",
        ["q", "n: i64"],
        "You choose 0..n cards.",
        |q: Dynamic, n: i64| -> R<Array> { choose_impl(&q, 0, nat(n, "n")? as usize, false) }
    );
    reg!(
        e,
        "choose_targets_any_number",
        ["q"],
        "You choose any number of cards.",
        |q: Dynamic| -> R<Array> { choose_impl(&q, 0, usize::MAX, false) }
    );
    reg!(
        e,
        "opponent_chooses",
        ["q", "n: i64"],
        "The opponent chooses n cards.",
        |q: Dynamic, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            choose_impl(&q, n, n, true)
        }
    );
    reg!(
        e,
        "opponent_chooses_up_to",
        ["q", "n: i64"],
        "The opponent chooses 0..n cards.",
        |q: Dynamic, n: i64| -> R<Array> { choose_impl(&q, 0, nat(n, "n")? as usize, true) }
    );
    reg!(
        e,
        "opponent_chooses_any_number",
        ["q"],
        "The opponent chooses any number of cards.",
        |q: Dynamic| -> R<Array> { choose_impl(&q, 0, usize::MAX, true) }
    );
    reg!(
        e,
        "may",
        ["question: &str"],
        "BS-8.1: asks you a yes/no question (\"you may\"); true for yes.",
        |s: &str| may_impl(s)
    );
    reg!(
        e,
        "choose_one",
        ["options: Array"],
        "You choose one of the options (their text); returns its index.",
        |a: Array| one_of_impl(a)
    );
}

/// A script's question, within the step's budget of [`MAX_QUESTIONS`]: past it the effect
/// fails with its reason instead of re-running the step without end.
fn ask_bounded(g: &mut Game, q: Question) -> R<Option<Choice>> {
    use crate::rules::battle_spirits::script::run::MAX_QUESTIONS;
    if g.rt.questions >= MAX_QUESTIONS {
        return Err(err(format!(
            "more than {MAX_QUESTIONS} questions in one step (each answer re-runs the step)"
        )));
    }
    g.rt.questions += 1;
    Ok(g.ask(q))
}
