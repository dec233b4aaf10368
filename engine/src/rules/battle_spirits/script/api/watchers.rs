//! `when(event, closure)`: watchers and the events they can wait for.

use super::*;
use crate::rules::battle_spirits::script::hooks::{EventName, Whose};
use crate::rules::battle_spirits::script::state::WatchKind;

/// The event functions of `SubEvent::Watch` and what each watches (the host scans
/// scripts for them, so only watched happenings are queued).
pub(crate) const WATCH_FNS: &[(&str, WatchKind)] = &[
    ("ev_blocked(", WatchKind::Blocked),
    ("ev_exhausted(", WatchKind::Exhausted),
    ("ev_refreshed(", WatchKind::Refreshed),
    ("ev_returned_to_hand(", WatchKind::ReturnedToHand),
    (
        "ev_returned_to_hand_or_deck(",
        WatchKind::ReturnedToHandOrDeck,
    ),
    ("ev_reduces_life(", WatchKind::ReducesLife),
    ("ev_life_reduced_by(", WatchKind::ReducesLife),
    ("ev_discarded(", WatchKind::Discarded),
    ("ev_opponent_mills_you(", WatchKind::MilledByOpponent),
    ("ev_summons(", WatchKind::Summons),
    ("ev_uses_magic(", WatchKind::UsesMagic),
    ("ev_life_increases(", WatchKind::LifeIncreases),
    ("ev_opponent_life_increases(", WatchKind::LifeIncreases),
    ("ev_opponent_draws(", WatchKind::Draws),
    ("ev_either_loses_life(", WatchKind::LifeReduced),
    (
        "ev_opponent_draws_outside_draw_step(",
        WatchKind::DrawsOutsideDrawStep,
    ),
    ("ev_you_draw_by_effect(", WatchKind::DrawsByOwnEffect),
    ("ev_opponent_draws_by_effect(", WatchKind::DrawsByOwnEffect),
    ("ev_core_to_reserve(", WatchKind::CoreToReserve),
    ("ev_core_onto_this(", WatchKind::CoreOntoCard),
    ("ev_you_set_burst(", WatchKind::SetsBurst),
    ("ev_deploys(", WatchKind::Deploys),
    ("ev_milled_by_keyword(", WatchKind::MilledByKeyword),
];

pub(super) fn register_subtriggers(e: &mut Engine) {
    reg!(
        e,
        "when",
        ["event: Event", "f: FnPtr"],
        "Runs the closure each time the event happens, until the end of this turn (BS-7.1); in a constant, step or turn effect, for as long as that effect applies (BS-8.1).",
        |ev: EventSpec, f: FnPtr| -> R<()> { register_sub_for(ev, "turn", f) }
    );
    reg!(
        e,
        "when",
        ["event: Event", "dur: &str", "f: FnPtr"],
        "`when(event, dur, closure)` as the text grammar writes it: the closure runs each time the event happens until the end of the battle (\"battle\", BS-6.7) or the turn (\"turn\", BS-7.1); in a constant, step or turn effect (\"while\") for as long as that effect applies (BS-8.1).",
        |ev: EventSpec, d: &str, f: FnPtr| -> R<()> { register_sub_for(ev, d, f) }
    );
    reg!(
        e,
        "ev_destroyed",
        ["subject", "by_opponent: bool", "in_battle: bool"],
        "Event: the subject is destroyed (BS-6.6).",
        |s: Dynamic, o: bool, b: bool| -> R<EventSpec> {
            Ok(ev(SubEvent::Destroyed {
                subject: subject(&s)?,
                by_opponent: o,
                in_battle: b,
            }))
        }
    );
    reg!(
        e,
        "ev_destroyed_at_zero_bp",
        ["subject"],
        "Event: the subject is destroyed because an effect took its BP to 0 (BS-5.3.1: \"destroyed via reducing its BP to 0\"), not in battle nor by a destroy effect.",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::DestroyedAtZeroBp {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_destroyed_by_effect_of",
        ["victims", "whose: &str"],
        "Event: an effect of a card of \"your\", \"opponent\" or \"either\" player (relative to the watcher's controller; magic, spirit or nexus) destroys one of the victims (BS-6.6), not in battle: \"when one of your effects destroys one of your opponent's spirits\".",
        |v: Dynamic, w: &str| -> R<EventSpec> {
            Ok(ev(SubEvent::DestroyedByEffectOf {
                victims: subject(&v)?,
                whose: whose_of(w)?,
            }))
        }
    );
    reg!(
        e,
        "ev_attacks",
        ["subject"],
        "Event: the subject attacks (BS-6.1).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Attacks {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_battle_ends",
        [],
        "Event: the battle ends (BS-6.7).",
        || ev(SubEvent::BattleEnds)
    );
    reg!(
        e,
        "ev_draw_step_drawn",
        [],
        "Event: the draw of your draw step is done (BS-3.1: \"after your draw\"; every card that step draws, an effect's additional one included, is drawn first).",
        || ev(SubEvent::DrawStepDrawn)
    );
    reg!(
        e,
        "ev_end_of_turn",
        [],
        "Event: the end of this turn (BS-7.1).",
        || ev(SubEvent::EndOfTurn)
    );
    reg!(
        e,
        "attack_of",
        ["subject"],
        "The attack of a card (as a subject).",
        |s: Dynamic| s
    );
    // Card events: `kind` happens to a card the subject matches (`Game::watch`).
    for (name, kind, doc) in [
        (
            "ev_blocked",
            WatchKind::Blocked,
            "Event: an attacking card the subject matches is blocked (BS-6.3).",
        ),
        (
            "ev_exhausted",
            WatchKind::Exhausted,
            "Event: a card the subject matches is exhausted (by the rules or an effect).",
        ),
        (
            "ev_refreshed",
            WatchKind::Refreshed,
            "Event: a card the subject matches is refreshed (refresh step BS-4, or an effect).",
        ),
        (
            "ev_returned_to_hand",
            WatchKind::ReturnedToHand,
            "Event: a field card the subject matches is returned to its owner's hand.",
        ),
        (
            "ev_returned_to_hand_or_deck",
            WatchKind::ReturnedToHandOrDeck,
            "Event: a field card the subject matches is returned to its owner's hand or deck.",
        ),
        (
            "ev_reduces_life",
            WatchKind::ReducesLife,
            "Event: an attacking card the subject matches reduces the opponent's life (BS-6.5.1).",
        ),
        (
            "ev_discarded",
            WatchKind::Discarded,
            "Event: a card the subject matches is discarded from its owner's hand.",
        ),
    ] {
        FuncRegistration::new(name)
            .with_params_info(["subject"])
            .with_comments([format!("/// {doc}")])
            .register_into_engine(e, move |s: Dynamic| -> R<EventSpec> {
                watch(kind, Some(subject(&s)?), Whose::Either, 1)
            });
    }
    reg!(
        e,
        "ev_destroys",
        ["subject", "victims", "in_battle: bool"],
        "Event: the subject destroys one of the victims: by BP comparison when `in_battle` (BS-6.6, even when it is destroyed at the same time), else by its effect.",
        |s: Dynamic, v: Dynamic, b: bool| -> R<EventSpec> {
            let (subject, victims) = (subject(&s)?, subject(&v)?);
            Ok(ev(if b {
                SubEvent::DestroysInBattle { subject, victims }
            } else {
                SubEvent::DestroysByEffect { subject, victims }
            }))
        }
    );
    reg!(
        e,
        "ev_destroys",
        ["subject", "victims"],
        "Event: the subject destroys one of the victims either way: by BP comparison (BS-6.6) or by its effect (ruling C#102: a bare \"destroys\" counts both).",
        |s: Dynamic, v: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Destroys {
                subject: subject(&s)?,
                victims: subject(&v)?,
            }))
        }
    );
    reg!(
        e,
        "ev_life_reduced_by",
        ["subject"],
        "Event: your life is reduced by the attack of a card the subject matches (BS-6.5.1).",
        |s: Dynamic| -> R<EventSpec> {
            watch(WatchKind::ReducesLife, Some(subject(&s)?), Whose::Your, 1)
        }
    );
    reg!(
        e,
        "ev_opponent_mills_you",
        ["n: i64"],
        "Event: an effect of the opponent puts n or more cards from your deck into the trash at once.",
        |n: i64| -> R<EventSpec> {
            watch(WatchKind::MilledByOpponent, None, Whose::Your, nat(n, "n")?)
        }
    );
    for (name, kind) in [
        ("ev_summons", WatchKind::Summons),
        ("ev_uses_magic", WatchKind::UsesMagic),
    ] {
        reg!(
            e,
            name,
            ["whose: &str", "q"],
            "Event: \"your\", \"opponent\" or \"either\" player summons a spirit (any way) / uses a magic card (BS-5.5) that the query matches.",
            move |w: &str, q: Dynamic| -> R<EventSpec> {
                watch(kind, Some(subject(&q)?), whose_of(w)?, 1)
            }
        );
    }
    reg!(
        e,
        "ev_deploys",
        ["whose: &str", "q"],
        "Event: \"your\", \"opponent\" or \"either\" player deploys a nexus the query matches (BS-5.4; any way), a happening apart from summons.",
        |w: &str, q: Dynamic| -> R<EventSpec> {
            watch(WatchKind::Deploys, Some(subject(&q)?), whose_of(w)?, 1)
        }
    );
    reg!(
        e,
        "ev_milled_by_keyword",
        ["subject", "keyword: &str"],
        "Event: an effect of your keyword `keyword` (a milling keyword such as Crush; any case) puts a card the subject matches from a deck into the trash. Cards milled together are one happening: the watcher works once (rulings C#68, C#76).",
        |s: Dynamic, k: &str| -> R<EventSpec> {
            Ok(ev(SubEvent::MilledByKeyword {
                keyword: k.to_lowercase(),
                subject: subject(&s)?,
            }))
        }
    );
    // Player events, relative to the watcher's controller.
    for (name, kind, whose, doc) in [
        (
            "ev_life_increases",
            WatchKind::LifeIncreases,
            Whose::Your,
            "Event: your life increases.",
        ),
        (
            "ev_opponent_life_increases",
            WatchKind::LifeIncreases,
            Whose::Opponent,
            "Event: the opponent's life increases (a core is added to it).",
        ),
        (
            "ev_opponent_draws",
            WatchKind::Draws,
            Whose::Opponent,
            "Event: the opponent draws a card (any draw).",
        ),
        (
            "ev_either_loses_life",
            WatchKind::LifeReduced,
            Whose::Either,
            "Event: either player's life is reduced.",
        ),
        (
            "ev_opponent_draws_outside_draw_step",
            WatchKind::DrawsOutsideDrawStep,
            Whose::Opponent,
            "Event: the opponent draws outside their draw step (BS-3).",
        ),
        (
            "ev_you_draw_by_effect",
            WatchKind::DrawsByOwnEffect,
            Whose::Your,
            "Event: you draw a card by an effect of your own.",
        ),
        (
            "ev_opponent_draws_by_effect",
            WatchKind::DrawsByOwnEffect,
            Whose::Opponent,
            "Event: the opponent draws a card by an effect of their own (not their draw step's draw, BS-3).",
        ),
        (
            "ev_core_to_reserve",
            WatchKind::CoreToReserve,
            Whose::Your,
            "Event: a core is placed into your reserve.",
        ),
        (
            "ev_you_set_burst",
            WatchKind::SetsBurst,
            Whose::Your,
            "Event: you set a burst (BS-10.1).",
        ),
    ] {
        FuncRegistration::new(name)
            .with_comments([format!("/// {doc}")])
            .register_into_engine(e, move || -> R<EventSpec> { watch(kind, None, whose, 1) });
    }
    reg!(
        e,
        "ev_pack_event",
        ["name: &str", "subject"],
        "Event: the pack-declared event `name` (`labels/*.yaml`, `event: name`) is raised about a card the subject matches (`raise_event(name, card)`); the subject says whose (`this_card()`, `my_spirits()`, `opponent_spirits()`, …) as for the engine's card events. `name` is written as a string literal (the host finds the watched events in the script's text).",
        |name: &str, s: Dynamic| -> R<EventSpec> {
            let ev = EventName::new(name).ok_or_else(|| {
                err(format!(
                    "event name {name:?}: use lower-case letters, digits and `-`"
                ))
            })?;
            watch(
                WatchKind::PackEvent(ev),
                Some(subject(&s)?),
                Whose::Either,
                1,
            )
        }
    );
    reg!(
        e,
        "ev_core_onto_this",
        [],
        "Event: a core is placed onto this card.",
        || -> R<EventSpec> {
            let me = Query::of(Base::Cards(vec![this()?]));
            watch(WatchKind::CoreOntoCard, Some(me), Whose::Either, 1)
        }
    );
}

fn watch(kind: WatchKind, subject: Option<Query>, whose: Whose, n: u32) -> R<EventSpec> {
    Ok(ev(SubEvent::Watch {
        kind,
        subject,
        whose,
        n,
    }))
}

pub(super) fn whose_of(w: &str) -> R<Whose> {
    Ok(match w {
        "your" | "my" | "you" => Whose::Your,
        "opponent" | "opponents" => Whose::Opponent,
        "either" | "any" | "all" => Whose::Either,
        other => {
            return Err(err(format!(
                "whose must be \"your\", \"opponent\" or \"either\", got {other:?}"
            )));
        }
    })
}

/// `when(event, dur, f)`: registers the closure as a watcher of the running effect until
/// the end of the battle or turn (BS-6.7, BS-7.1). A constant, step or turn effect (run
/// read-only whenever the game is read, BS-8.1) gives a standing watcher instead: it is
/// collected with the effect's modifiers and exists exactly while the effect applies.
fn register_sub_for(ev: EventSpec, d: &str, f: FnPtr) -> R<()> {
    if let SubEvent::Unsupported(name) = &ev.0 {
        return unsupported(name).map(|_| ());
    }
    let constant = read_only();
    let until = match d {
        "battle" => Until::Battle,
        "turn" => Until::Turn,
        "while" if constant => Until::While,
        // "while" from an effect that is not constant: as long as this turn (BS-7.1).
        "while" => Until::Turn,
        other => {
            return Err(err(format!(
                "unknown duration {other:?} (\"turn\", \"battle\" or \"while\")"
            )));
        }
    };
    // "When the battle ends" from an effect in a battle is that battle's end (BS-6.7).
    let until = match ev.0 {
        _ if constant => Until::While,
        SubEvent::BattleEnds => Until::Battle,
        _ => until,
    };
    let curry = f.iter_curry().map(to_value).collect::<R<Vec<_>>>()?;
    let rc = run_ctx()?;
    let sub = SubTrigger {
        card: rc.card,
        effect: rc.effect,
        controller: rc.controller,
        event: ev.0.clone(),
        func: f.fn_name().to_string(),
        curry,
        until,
    };
    if constant {
        if rc.watchers.borrow().len() >= MAX_WATCHERS_PER_EFFECT {
            return Err(too_many_from_one_effect());
        }
        rc.watchers.borrow_mut().push(sub);
        return Ok(());
    }
    with_mut(|g, _| {
        let subs = &g.st.scripts.subs;
        let mine = subs
            .iter()
            .filter(|s| s.card == rc.card && s.effect == rc.effect)
            .count();
        if mine >= MAX_WATCHERS_PER_EFFECT {
            return Err(too_many_from_one_effect());
        }
        if subs.len() >= MAX_WATCHERS {
            return Err(too_many_watchers());
        }
        g.st.scripts.subs.push(sub);
        Ok(())
    })
}

/// How many `when(…)` watchers may wait at once in a game: those of one-shot effects, and
/// (counted apart) the standing ones all constant effects give. Each happening checks them
/// all, and the ones it reaches resolve one by one (BS-8.4), so the work of one happening
/// grows with their square.
pub const MAX_WATCHERS: usize = 100;

/// How many `when(…)` watchers one effect of one card may have waiting at once (real
/// effects watch one or two happenings).
pub const MAX_WATCHERS_PER_EFFECT: usize = 20;

fn too_many_watchers() -> Box<EvalAltResult> {
    err(too_many_watchers_reason())
}

/// Why a watcher past [`MAX_WATCHERS`] is refused.
pub(crate) fn too_many_watchers_reason() -> String {
    format!("more than {MAX_WATCHERS} `when` watchers at once (each happening checks them all)")
}

fn too_many_from_one_effect() -> Box<EvalAltResult> {
    err(format!(
        "more than {MAX_WATCHERS_PER_EFFECT} `when` watchers from one effect of this card"
    ))
}
