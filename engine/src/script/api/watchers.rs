//! `when(event, closure)`: watchers and the events they can wait for.

use super::*;

pub(super) fn register_subtriggers(e: &mut Engine) {
    reg!(
        e,
        "when",
        ["event: Event", "f: FnPtr"],
        "Runs the closure each time the event happens, until the end of this turn (BS-7.1).",
        |ev: EventSpec, f: FnPtr| -> R<()> { register_sub(ev, f) }
    );
    reg!(
        e,
        "when",
        ["event: Event", "dur: &str", "f: FnPtr"],
        "`when(event, dur, closure)` as the text grammar writes it; every duration (\"turn\", \"battle\", \"while\") lasts until the end of this turn for now (BS-7.1).",
        |ev: EventSpec, _dur: &str, f: FnPtr| -> R<()> { register_sub(ev, f) }
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
    for name in [
        "ev_blocked",
        "ev_exhausted",
        "ev_refreshed",
        "ev_returned_to_hand",
        "ev_returned_to_hand_or_deck",
        "ev_reduces_life",
        "ev_life_reduced_by",
        "ev_discarded",
        "ev_opponent_mills_you",
    ] {
        let n = name.to_string();
        reg!(
            e,
            name,
            ["subject"],
            "Event the engine cannot watch yet: `when` with it is inert.",
            move |_s: Dynamic| ev(SubEvent::Unsupported(n.clone()))
        );
    }
    reg!(
        e,
        "ev_destroys",
        ["subject", "victims", "in_battle: bool"],
        "Event: the subject destroys one of the victims by BP comparison (BS-6.6; `in_battle` must be true: destruction by effects cannot be watched yet).",
        |s: Dynamic, v: Dynamic, b: bool| -> R<EventSpec> {
            if !b {
                return Ok(ev(SubEvent::Unsupported(
                    "ev_destroys outside battle".into(),
                )));
            }
            Ok(ev(SubEvent::DestroysInBattle {
                subject: subject(&s)?,
                victims: subject(&v)?,
            }))
        }
    );
    reg!(
        e,
        "ev_summons",
        ["whose: &str", "q"],
        "Event the engine cannot watch yet: `when` with it is inert.",
        |_w: &str, _q: Dynamic| ev(SubEvent::Unsupported("ev_summons".into()))
    );
    for name in [
        "ev_life_increases",
        "ev_opponent_draws",
        "ev_either_loses_life",
        "ev_opponent_draws_outside_draw_step",
        "ev_you_draw_by_effect",
        "ev_core_to_reserve",
        "ev_core_onto_this",
        "ev_you_set_burst",
    ] {
        let n = name.to_string();
        reg!(
            e,
            name,
            [],
            "Event the engine cannot watch yet: `when` with it is inert.",
            move || ev(SubEvent::Unsupported(n.clone()))
        );
    }
}

/// `when(event, …)`: registers the closure as a sub-trigger of the running effect, until the
/// end of this turn (BS-7.1). A constant effect cannot register one.
fn register_sub(ev: EventSpec, f: FnPtr) -> R<()> {
    if read_only() {
        return Err(err("a constant effect cannot register `when`"));
    }
    if let SubEvent::Unsupported(name) = &ev.0 {
        return unsupported(name).map(|_| ());
    }
    let curry = f.iter_curry().map(to_value).collect::<R<Vec<_>>>()?;
    with_mut(|g, rc| {
        g.st.scripts.subs.push(SubTrigger {
            card: rc.card,
            effect: rc.effect,
            controller: rc.controller,
            event: ev.0.clone(),
            func: f.fn_name().to_string(),
            curry,
        });
        Ok(())
    })
}
