//! Counters, conditions and extra procedures of card text: choices that do not select
//! (ruling C#159), discarding any number of cards, skipping the next refresh (BS-4.2),
//! "when blocks" effects that also work on attack (rulings C#181, C#182), and the event
//! "attacks or blocks" for delayed triggers.

use super::actions::discard_cards;
use super::choices::choose_by;
use super::*;

pub(super) fn register_conds(e: &mut Engine) {
    reg!(
        e,
        "choose_cards",
        ["q", "n: i64"],
        "You choose n cards (as many as possible) without selecting them: a protection from being selected (Armor) does not refuse them (ruling C#159: an effect that does not print \"select\").",
        |q: Dynamic, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            choose_by(&q, n, n, false, false)
        }
    );
    reg!(
        e,
        "choose_cards_up_to",
        ["q", "n: i64"],
        "You choose 0..n cards without selecting them (as `choose_cards`).",
        |q: Dynamic, n: i64| -> R<Array> { choose_by(&q, 0, nat(n, "n")? as usize, false, false) }
    );
    reg!(
        e,
        "choose_cards_any_number",
        ["q"],
        "You choose any number of cards without selecting them (as `choose_cards`).",
        |q: Dynamic| -> R<Array> { choose_by(&q, 0, usize::MAX, false, false) }
    );
    reg!(
        e,
        "discard_any_number",
        ["q: Query"],
        "You discard any number of your hand cards the query matches, one decision per card and \"Done choosing\"; returns how many were discarded (they join `discarded()`, for \"for each card you discarded\").",
        |q: Query| -> R<i64> {
            let p = me()?;
            // The magic being used is no hand card any more (BS-5.5).
            let hand: Vec<InstanceId> = with_ref(|g, rc| {
                q.eval(g)
                    .into_iter()
                    .filter(|c| g.zone_of(*c) == Zone::Hand(p) && *c != rc.card)
                    .collect()
            })?;
            let cs = pick(p, hand, 0, usize::MAX, "Discard")?;
            discard_cards(cs)
        }
    );
    reg!(
        e,
        "skip_next_refresh",
        ["targets"],
        "The field cards do not refresh during their controller's next refresh step (BS-4.2); later refresh steps refresh them (ruling C#183). Returns how many were marked.",
        |t: Dynamic| each(&t, |g, c, p| {
            if !g.on_field(c) {
                return false;
            }
            g.add_modifier_by(c, ModKind::SkipNextRefresh, Until::Turn, Some(p));
            true
        })
    );
    reg!(
        e,
        "block_effects_on_attack",
        ["targets", "dur: &str"],
        "The cards' \"when blocks\" effects also work when they attack, for the duration (rulings C#181, C#182: not \"while blocks\" effects; an \"attacks or blocks\" effect works once).",
        |t: Dynamic, d: &str| modify(&t, ModKind::BlockEffectsOnAttack, d)
    );
    reg!(
        e,
        "ev_attacks_or_blocks",
        ["subject"],
        "Event: the subject attacks (BS-6.1) or blocks (BS-6.3).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::AttacksOrBlocks {
                subject: subject(&s)?,
            }))
        }
    );
}
