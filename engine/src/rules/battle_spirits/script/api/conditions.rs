//! Conditions effects test: counts, life, what happened this turn.

use super::*;

pub(super) fn register_conditions(e: &mut Engine) {
    reg!(e, "life", [], "Your life.", || -> R<i64> {
        with_ref(|g, rc| i64::from(g.life(rc.controller)))
    });
    reg!(
        e,
        "highest_bp",
        ["q: Query"],
        "The highest BP among the cards the query matches now (0 when it matches none): \"higher BP than your opponent's highest BP spirit\".",
        |q: Query| -> R<i64> {
            with_ref(|g, _| {
                (q.eval(g).into_iter())
                    .map(|c| i64::from(g.bp(c)))
                    .max()
                    .unwrap_or(0)
            })
        }
    );
    reg!(
        e,
        "life_lost_this_turn",
        [],
        "How many cores your life lost this turn, less those it gained (ruling C#178: a life lost and then gained back is not lost), read from the log since the turn began (BS-6.5.1).",
        || -> R<i64> {
            with_ref(|g, rc| {
                let mine = |l: &Option<CoreLoc>| *l == Some(CoreLoc::Life(rc.controller));
                let n: i64 = (g.log().iter().rev())
                    .take_while(|e| !matches!(e, Event::TurnBegan { .. }))
                    .map(|e| match e {
                        Event::CoreMoved { from, to, .. } if mine(from) && !mine(to) => 1,
                        Event::CoreMoved { from, to, .. } if mine(to) && !mine(from) => -1,
                        _ => 0,
                    })
                    .sum();
                n.max(0)
            })
        }
    );
    reg!(
        e,
        "attacks_this_turn",
        [],
        "How many attacks were declared this turn, the one being declared included (ruling C#62: a spirit \"attacks first\" when it is the first to attack after the attack step began), read from the log since the turn began (BS-6.1).",
        || -> R<i64> {
            with_ref(|g, _| {
                (g.log().iter().rev())
                    .take_while(|e| !matches!(e, Event::TurnBegan { .. }))
                    .filter(|e| matches!(e, Event::AttackDeclared { .. }))
                    .count() as i64
            })
        }
    );
    reg!(
        e,
        "opponent_life",
        [],
        "The opponent's life.",
        || -> R<i64> { with_ref(|g, rc| i64::from(g.life(rc.controller.other()))) }
    );
    reg!(e, "reserve", [], "Cores in your reserve.", || -> R<i64> {
        with_ref(|g, rc| i64::from(g.reserve(rc.controller)))
    });
    reg!(e, "hand_size", [], "Cards in your hand.", || -> R<i64> {
        with_ref(|g, rc| g.pile(Zone::Hand(rc.controller)).len() as i64)
    });
    reg!(
        e,
        "opponent_hand_size",
        [],
        "Cards in the opponent's hand.",
        || -> R<i64> { with_ref(|g, rc| g.pile(Zone::Hand(rc.controller.other())).len() as i64) }
    );
    reg!(
        e,
        "is_my_turn",
        [],
        "Whether it is your turn.",
        || -> R<bool> { with_ref(|g, rc| g.active() == rc.controller) }
    );
    reg!(
        e,
        "is_opponent_turn",
        [],
        "Whether it is the opponent's turn.",
        || -> R<bool> { with_ref(|g, rc| g.active() != rc.controller) }
    );
    reg!(
        e,
        "once_per_turn",
        [],
        "BS-8.3: true the first time this effect (of this card instance) asks in a turn, then false.",
        || -> R<bool> {
            if read_only() {
                return Ok(true);
            }
            with_mut(|g, rc| Ok(g.st.scripts.once.insert((rc.card, rc.effect))))
        }
    );
    reg!(
        e,
        "not_duplicated",
        [],
        "\"This effect does not duplicate\": true unless an earlier (lower instance id) card of yours on the field with this card's name has this effect in force (at its level); so copies of the effect on several cards of one name work once, not once each. Off the field (a magic card), true.",
        || -> R<bool> {
            with_ref(|g, rc| {
                let me = rc.card;
                if !g.on_field(me) {
                    return true;
                }
                let name = g.name(me);
                let levels = g
                    .effect_of_instance(me, rc.effect)
                    .map(|e| e.levels.clone())
                    .unwrap_or_default();
                !g.field(rc.controller)
                    .into_iter()
                    .any(|c| c < me && g.name(c) == name && g.level_ok(c, &levels))
            })
        }
    );
    reg!(
        e,
        "symbols",
        ["colour: &str"],
        "Symbols of that colour on your field.",
        |c: &str| -> R<i64> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            with_ref(|g, rc| {
                i64::from(
                    g.field_symbols(rc.controller)
                        .colours
                        .get(&col)
                        .copied()
                        .unwrap_or(0),
                )
            })
        }
    );
    reg!(
        e,
        "matches",
        ["targets", "q: Query"],
        "Whether there is a chosen card and every one satisfies the query's player, kind and filters wherever it is (\"if it is a Terrasaur spirit card\" about a revealed deck card or a chosen trash card).",
        |t: Dynamic, q: Query| -> R<bool> {
            let cs = targets(&t)?;
            with_ref(|g, _| !cs.is_empty() && cs.iter().all(|c| q.matches_ignoring_zone(g, *c)))
        }
    );
    reg!(
        e,
        "note_ascend",
        ["from"],
        "Keyword rulings K1-K3: records that this card performs Ascend using `from` (the spirit whose cores pay it), for `ascended_using` this turn. Called by the Ascend keyword's cost.",
        |t: Dynamic| -> R<()> {
            let cs = targets(&t)?;
            with_mut(|g, rc| {
                if let Some(&from) = cs.first() {
                    let s = &mut g.st.scripts.ascended;
                    s.retain(|(c, _)| *c != rc.this);
                    s.push((rc.this, from));
                }
                Ok(())
            })
        }
    );
    reg!(
        e,
        "ascended_using",
        ["q: Query"],
        "\"If this spirit performs Ascend using a spirit that …\" (keyword rulings K1-K3): whether the spirit whose cores paid this card's Ascend this turn matches the query's player, kind and filters wherever it is now (it has usually left the field).",
        |q: Query| -> R<bool> {
            with_ref(|g, rc| {
                g.st.scripts
                    .ascended
                    .iter()
                    .any(|(c, from)| *c == rc.this && q.matches_ignoring_zone(g, *from))
            })
        }
    );
    reg!(
        e,
        "destroyed_by_this_effect",
        [],
        "Whether this effect destroyed something.",
        || -> R<bool> { Ok(run_ctx()?.destroyed.get() > 0) }
    );
    reg!(
        e,
        "destroyed_by_this_effect_count",
        [],
        "How many cards this effect destroyed.",
        || -> R<i64> { Ok(i64::from(run_ctx()?.destroyed.get())) }
    );
    reg!(
        e,
        "summoned_by_this_effect",
        [],
        "Whether this effect summoned a spirit.",
        || -> R<bool> { Ok(run_ctx()?.summoned.get()) }
    );
    reg!(
        e,
        "destroyed_this_turn_count",
        ["q: Query"],
        "How many cards the query matches (wherever they are now) were destroyed this turn.",
        |q: Query| -> R<i64> {
            with_ref(|g, _| {
                g.st.scripts
                    .destroyed_this_turn
                    .iter()
                    .filter(|c| q.matches_ignoring_zone(g, **c))
                    .count() as i64
            })
        }
    );
    reg!(
        e,
        "destroyed_this_turn",
        ["q: Query"],
        "Whether a card the query matches was destroyed this turn.",
        |q: Query| -> R<bool> {
            // The destroyed cards have left the field: match them wherever they are now.
            with_ref(|g, _| {
                g.st.scripts
                    .destroyed_this_turn
                    .iter()
                    .any(|c| q.matches_ignoring_zone(g, *c))
            })
        }
    );
    reg!(
        e,
        "burst_set",
        [],
        "Whether you have a burst set (BS-10.1).",
        || -> R<bool> { with_ref(|g, rc| !g.pile(Zone::Burst(rc.controller)).is_empty()) }
    );
}
