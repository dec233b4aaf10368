//! Further conditions and events: combined-value choices, blocks, summons, life.

use super::*;
use crate::rules::battle_spirits::script::WatchKind;

pub(super) fn register_more(e: &mut Engine) {
    reg!(
        e,
        "raise_event",
        ["name: &str", "card"],
        "Raises the pack-declared event `name` about `card`: the effects whose timing label declares that event (`labels/*.yaml`, `event: name`) and matches the card (`which`: this card, yours, the opponent's, any) resolve now. Errors: a name that is not lower-case letters, digits and `-` (at most 23 bytes), or no card.",
        |name: &str, card: Dynamic| -> R<()> {
            let ev = crate::rules::battle_spirits::script::hooks::EventName::new(name).ok_or_else(
                || {
                    err(format!(
                        "event name {name:?}: use lower-case letters, digits and `-`"
                    ))
                },
            )?;
            let cards = targets(&card)?;
            let [c] = cards.as_slice() else {
                return Err(err(format!(
                    "raise_event needs one card, got {}",
                    cards.len()
                )));
            };
            let c = *c;
            with_mut(|g, _| {
                g.fire(crate::rules::battle_spirits::Hook::PackEvent { name: ev, card: c });
                // Watchers of the event (`when(ev_pack_event(name, subject), …)`).
                let owner = g.owner(c);
                g.watch(WatchKind::PackEvent(ev), Some(c), owner, 1);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "combined_bp_at_most",
        ["q: Query", "x: i64"],
        "A choice from this query must total at most x BP (with `choose_targets_any_number`).",
        |q: Query, x: i64| q.with(Filter::CombinedAtMost(true, x))
    );
    reg!(
        e,
        "combined_cost_at_most",
        ["q: Query", "x: i64"],
        "A choice from this query must total at most x cost.",
        |q: Query, x: i64| q.with(Filter::CombinedAtMost(false, x))
    );
    reg!(
        e,
        "ev_blocks",
        ["subject"],
        "Event: the subject blocks (BS-6.3).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Blocks {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_summoned",
        ["subject"],
        "Event: the subject is summoned (BS-5.1).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Summoned {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_lose_life",
        [],
        "Event: your life is reduced (BS-6.5.1, or by an effect).",
        || -> R<EventSpec> { Ok(ev(SubEvent::LifeReduced { opponent: false })) }
    );
    reg!(
        e,
        "ev_opponent_loses_life",
        [],
        "Event: the opponent's life is reduced.",
        || -> R<EventSpec> { Ok(ev(SubEvent::LifeReduced { opponent: true })) }
    );
    reg!(
        e,
        "treat_as_colour",
        ["targets", "colour: &str", "dur: &str"],
        "The cards are also treated as that colour for the duration (\"while\" in constant effects).",
        |t: Dynamic, c: &str, d: &str| -> R<()> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            modify(&t, ModKind::Colour(col), d)
        }
    );
    reg!(
        e,
        "mill",
        ["n: i64"],
        "Puts the top n cards of your deck into your trash (they become `discarded()`).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let v = g.mill(rc.controller, n, rc.controller);
                g.milled_by_keyword(rc.effect, rc.controller, &v);
                let k = v.len() as i64;
                rc.milled.borrow_mut().extend(v);
                Ok(k)
            })
        }
    );
    reg!(
        e,
        "opponent_mill",
        ["n: i64"],
        "Puts the top n cards of the opponent's deck into their trash (they become `discarded()`).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let v = g.mill(rc.controller.other(), n, rc.controller);
                g.milled_by_keyword(rc.effect, rc.controller, &v);
                let k = v.len() as i64;
                if k > 0 {
                    g.watch(
                        WatchKind::MilledByOpponent,
                        None,
                        rc.controller.other(),
                        k as u32,
                    );
                }
                rc.milled.borrow_mut().extend(v);
                Ok(k)
            })
        }
    );
    reg!(
        e,
        "discarded",
        [],
        "The cards this effect discarded — from a deck (`mill`) or from the hand (`discard`, `discard_matching`, `discard_selected`, `discard_hand`) — as a query.",
        || -> R<Query> { Ok(Query::of(Base::Cards(run_ctx()?.milled.borrow().clone()))) }
    );
    reg!(
        e,
        "len",
        ["q: Query"],
        "Number of matching cards (as `count`).",
        |q: Query| -> R<i64> { with_ref(|g, _| q.eval(g).len() as i64) }
    );
    reg!(
        e,
        "opponent_draw",
        ["n: i64"],
        "The opponent draws n cards.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let p = rc.controller.other();
                if !super::prevent::may_draw(g, rc, p) {
                    return Ok(0);
                }
                Ok(i64::from(g.draw_n(p, n)))
            })
        }
    );
    reg!(
        e,
        "shuffle_deck",
        [],
        "Shuffles your deck (the game's seeded rng).",
        || -> R<()> {
            with_mut(|g, rc| {
                g.shuffle_deck(rc.controller);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "opponent_discard",
        ["n: i64"],
        "The opponent discards n cards of their choice from their hand.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?.other();
            let hand = with_ref(|g, _| g.pile(Zone::Hand(p)).to_vec())?;
            let cs = pick(p, hand, n, n, "Discard")?;
            with_mut(|g, rc| {
                Ok(cs
                    .iter()
                    .filter(|c| g.discard(**c, Some(rc.actor())))
                    .count() as i64)
            })
        }
    );
    reg!(
        e,
        "opponent_discard_matching",
        ["q: Query", "n: i64"],
        "The opponent discards n hand cards matching the query, of their choice.",
        |q: Query, n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?.other();
            let hand: Vec<InstanceId> = with_ref(|g, _| {
                q.eval(g)
                    .into_iter()
                    .filter(|c| g.zone_of(*c) == Zone::Hand(p))
                    .collect()
            })?;
            let cs = pick(p, hand, n, n, "Discard")?;
            with_mut(|g, rc| {
                Ok(cs
                    .iter()
                    .filter(|c| g.discard(**c, Some(rc.actor())))
                    .count() as i64)
            })
        }
    );
    reg!(
        e,
        "or",
        ["q: Query", "other: Query"],
        "Union of two queries (\"… or one of their nexuses\").",
        |a: Query, b: Query| Query::of(Base::Union(vec![a, b]))
    );
    reg!(
        e,
        "bp_is",
        ["q: Query", "x: i64"],
        "BP = x (field cards).",
        |q: Query, x: i64| q.with(Filter::BpIs(x))
    );
    reg!(
        e,
        "is_step",
        ["whose: &str", "step: &str"],
        "Whether the current step is that step (\"main\", \"attack\", …) of \"your\" / \"opponent\" / \"either\" turn.",
        |w: &str, s: &str| -> R<bool> {
            with_ref(|g, rc| {
                let whose = match w {
                    "your" => g.active() == rc.controller,
                    "opponent" => g.active() != rc.controller,
                    _ => true,
                };
                whose && g.st.scripts.step.is_some_and(|st| st.name().starts_with(s))
            })
        }
    );
}
