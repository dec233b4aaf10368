//! Rules effects change for an event (BS-8.1): "does not work" (effects of a timing not
//! triggered) and "instead" (a destroyed card goes to the hand; a destruction replaced). "Cannot … by your
//! opponent's effects" is `cannot_be_by_opponent` (`restrictions`). The engine checks each
//! where the event happens (`script::prevent`).

use super::*;
use crate::rules::battle_spirits::script::state::{DestroyCause, Kept, Silence, Timing};

fn timing(s: &str) -> R<Timing> {
    Timing::parse(s).ok_or_else(|| {
        err(format!(
            "timing must be \"destroyed\", \"summoned\", \"attacks\" or \"blocks\", got {s:?}"
        ))
    })
}

pub(super) fn register_prevent(e: &mut Engine) {
    reg!(
        e,
        "deck_discard_limit",
        ["max: i64", "opponent_only: bool", "dur: &str"],
        "For the duration, an effect discards at most max cards from your deck at a time (BS-8.1): \"no more than one card is discarded\" by your opponent's effects (opponent_only), \"cards cannot be discarded from your deck\" (max 0, any effect). Kept on this card, also off the field (a magic's \"this turn\").",
        |max: i64, opponent_only: bool, d: &str| -> R<()> {
            let max = nat(max, "max")?;
            let rc = run_ctx()?;
            let kind = ModKind::DeckDiscardLimit {
                max,
                opponent_only,
                protector: rc.controller,
            };
            keep_on_card(kind, d)
        }
    );
    reg!(
        e,
        "no_draws_by",
        ["kind: &str", "whose: &str", "dur: &str"],
        "For the duration, the players named — \"each\", \"your\" or \"opponent\" — cannot draw by the effects of cards of the kind (\"magic\", \"spirit\": spirits, ultimates and braves, \"nexus\") (BS-8.1: \"neither player can draw using magic effects\"); checked where an effect draws, a draw prevented logs EffectInert. Kept on this card, also off the field (a magic's \"this turn\").",
        |k: &str, who: &str, d: &str| -> R<()> {
            let kind = match k {
                "magic" => carddb::CardKind::Magic,
                "spirit" => carddb::CardKind::Spirit,
                "nexus" => carddb::CardKind::Nexus,
                _ => {
                    return Err(err(format!(
                        "kind must be \"magic\", \"spirit\" or \"nexus\", got {k:?}"
                    )));
                }
            };
            if !matches!(who, "each" | "your" | "opponent") {
                return Err(err(format!(
                    "whose must be \"each\", \"your\" or \"opponent\", got {who:?}"
                )));
            }
            let rc = run_ctx()?;
            let kind = ModKind::NoDrawsBy {
                kind,
                whose: who.to_string(),
                giver: rc.controller,
            };
            keep_on_card(kind, d)
        }
    );
    reg!(
        e,
        "silence_effects",
        ["targets", "timing: &str", "dur: &str"],
        "\"Does not work\" (BS-8.1): the cards' own effects of the timing — \"destroyed\" (every effect that works when a spirit is destroyed: when destroyed, when destroyed by the opponent, when one of your spirits is destroyed), \"summoned\", \"attacks\" or \"blocks\" — are not triggered for the duration while the cards are on the field; each stopped effect logs EffectInert. Other cards' effects, set bursts and effects of cards in the trash still work (rulings C#151–C#153).",
        |t: Dynamic, w: &str, d: &str| modify(&t, ModKind::Silenced(timing(w)?), d)
    );
    reg!(
        e,
        "not_triggered_by_this_effect",
        ["whose: &str", "timing: &str"],
        "\"… effects are not triggered by this effect\" (ruling C#13): while this effect resolves, the effects of \"opponent\", \"you\" or \"any\" player at the timing (\"destroyed\": also bursts and field effects that work when a spirit is destroyed; \"summoned\", \"attacks\", \"blocks\") do not work; each stopped effect logs EffectInert. Call it before the action it is about (a phrase marked `whole_effect` is placed first).",
        |who: &str, w: &str| silence_by_this_effect(who, w, false)
    );
    reg!(
        e,
        "own_not_triggered_by_this_effect",
        ["whose: &str", "timing: &str"],
        "As `not_triggered_by_this_effect`, for the cards' own effects of the timing only (BS-8.1): the \"When Summoned\" effects on the spirit this effect summons are not triggered, while other cards' effects that wait for a summon and bursts still work. Each stopped effect logs EffectInert. Call it before the summon (a phrase marked `whole_effect` is placed first).",
        |who: &str, w: &str| silence_by_this_effect(who, w, true)
    );
    reg!(
        e,
        "ev_would_be_destroyed",
        ["subject"],
        "Event: a subject card's destruction starts (BS-6.6), before its \"when destroyed\" effects; a closure waiting for it may replace where the card goes (`destroyed_to_hand`).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::WouldBeDestroyed {
                subject: subject(&s)?,
                cause: DestroyCause::Any,
            }))
        }
    );
    reg!(
        e,
        "ev_would_be_destroyed_by",
        ["subject", "cause: &str"],
        "Event: as `ev_would_be_destroyed`, for destructions of one cause only (BS-6.6): \"opponent_effect\" (by an effect of the card owner's opponent — a destroy effect or 0 BP it caused — not by battle: \"by your opponent's effect\"), \"opponent_destroy_effect\" (by a destroy effect of the opponent only: \"by your opponent's destruction effects\") or \"any\".",
        |s: Dynamic, c: &str| -> R<EventSpec> {
            let cause = DestroyCause::parse(c).ok_or_else(|| {
                err(format!(
                    "cause must be \"any\", \"opponent_effect\" or \"opponent_destroy_effect\", got {c:?}"
                ))
            })?;
            Ok(ev(SubEvent::WouldBeDestroyed {
                subject: subject(&s)?,
                cause,
            }))
        }
    );
    reg!(
        e,
        "replace_destruction",
        ["targets", "instead: &str"],
        "\"… instead\" of a destruction (BS-6.6 replaced; rulings C#37, C#77): each of the cards whose destruction is in progress (called from a closure waiting for `ev_would_be_destroyed`) is not destroyed — none of its or other cards' \"when destroyed\" effects work, it is not counted as destroyed — and instead \"exhausted\" or \"refreshed\" stays on the field so, \"as_is\" stays as it is, or \"hand\" returns to its owner's hand with its cores to the reserve. Logs DestructionReplaced; a card not being destroyed, or whose destruction has gone past that point (its \"when destroyed\" effects work), logs EffectInert. Returns how many are kept.",
        |t: Dynamic, how: &str| -> R<i64> {
            let instead = Kept::parse(how).ok_or_else(|| {
                err(format!(
                    "instead must be \"exhausted\", \"refreshed\", \"as_is\" or \"hand\", got {how:?}"
                ))
            })?;
            let cs = targets(&t)?;
            with_mut(|g, rc| {
                let by = rc.card;
                Ok(each_being_destroyed(g, rc, cs, true, |g, c| {
                    let list = &mut g.st.scripts.destruction_replaced;
                    if !list.iter().any(|x| x.0 == c) {
                        list.push((c, instead, by));
                    }
                }))
            })
        }
    );
    reg!(
        e,
        "destroyed_to_hand",
        ["targets"],
        "\"… return it to your hand instead of placing it into your trash\" (BS-6.6 replaced): each of the cards whose destruction is in progress goes to its owner's hand instead of the trash, its cores to the reserve; it is still destroyed, so its \"when destroyed\" effects and those of other cards still work (ruling C#194). A card not being destroyed: logs EffectInert. Returns how many will go to the hand.",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            with_mut(|g, rc| {
                Ok(each_being_destroyed(g, rc, cs, false, |g, c| {
                    if !g.st.scripts.destroyed_to_hand.contains(&c) {
                        g.st.scripts.destroyed_to_hand.push(c);
                    }
                }))
            })
        }
    );
}

/// Calls `f` for each of `cs` (as field units) whose destruction is in progress (BS-6.6)
/// and counts them; any other logs `EffectInert` for the running effect. With
/// `before_destroyed`, only a destruction the effects waiting for "would be destroyed" are
/// resolving for counts (`Runtime::replacing`): once its "when destroyed" effects work it
/// is too late to replace it.
fn each_being_destroyed(
    g: &mut Game,
    rc: &RunCtx,
    cs: Vec<InstanceId>,
    before_destroyed: bool,
    mut f: impl FnMut(&mut Game, InstanceId),
) -> i64 {
    let mut n = 0;
    for c in cs {
        let c = g.unit_of(c);
        let why = if !g.is_being_destroyed(c) {
            "is not being destroyed: nothing to replace"
        } else if before_destroyed && !g.rt.replacing.contains(&c) {
            "is already destroyed (its \"when destroyed\" effects work): too late to replace its destruction"
        } else {
            f(g, c);
            n += 1;
            continue;
        };
        g.emit(Event::EffectInert {
            card: rc.card,
            effect: rc.effect,
            reason: format!("{} {c} {why}", g.name(c)),
        });
    }
    n
}

/// "… not triggered by this effect" (ruling C#13): a `Silence` of the running effect for
/// the players `who` names; `own`: the cards' own effects of the timing only.
fn silence_by_this_effect(who: &str, w: &str, own: bool) -> R<()> {
    let timing = timing(w)?;
    if read_only() {
        return Ok(());
    }
    with_mut(|g, rc| {
        let whose: Vec<PlayerId> = match who {
            "opponent" => vec![rc.controller.other()],
            "you" => vec![rc.controller],
            "any" => vec![rc.controller, rc.controller.other()],
            _ => {
                return Err(err(format!(
                    "whose must be \"opponent\", \"you\" or \"any\", got {who:?}"
                )));
            }
        };
        for whose in whose {
            g.st.scripts.silenced.push(Silence {
                card: rc.card,
                effect: rc.effect,
                whose,
                timing,
                own,
            });
        }
        Ok(())
    })
}

/// Whether the running effect may make `p` draw (BS-8.1): not when a `no_draws_by` of its
/// card's kind bars that player; then logs EffectInert.
pub(super) fn may_draw(g: &mut Game, rc: &RunCtx, p: PlayerId) -> bool {
    if !g.draw_forbidden(p, rc.card) {
        return true;
    }
    g.emit(Event::EffectInert {
        card: rc.card,
        effect: rc.effect,
        reason: format!("{p} cannot draw by this kind of effect now"),
    });
    false
}
