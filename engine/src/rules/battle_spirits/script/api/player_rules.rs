//! Rules that an effect changes for a while (BS-8.1). For a player, kept on the card whose
//! effect gives them, also off the field: what that player's cards cost while paid
//! (`cost_rule`, BS-5.2) and how many cores their core step gives (`core_step_cores`,
//! BS-2.1); the engine reads them where the cost is read and where the core step gives.
//! For cards: the BP their level table reads (`level_bp_as`, BS-5.1).

use super::*;
use crate::rules::battle_spirits::script::state::PaidCostChange;

/// Stores `kind` on the running effect's card for the duration ("while": the turn). A
/// constant effect cannot give it: the engine reads these rules as stored (a constant's
/// would be read only where constants are, so it is refused, never dropped silently).
fn player_rule(kind: ModKind, d: &str) -> R<()> {
    if read_only() {
        return Err(err(
            "a player rule (`cost_rule`, `core_step_cores`) lasts a while from a triggered effect: it cannot be given by a constant effect",
        ));
    }
    keep_on_card(kind, d)
}

pub(super) fn register_player_rules(e: &mut Engine) {
    reg!(
        e,
        "cost_rule",
        [
            "q: Query",
            "change: &str",
            "n: i64",
            "once: bool",
            "dur: &str"
        ],
        "For the duration, while a card of yours that the query matches (its zone aside) is paid, its cost changes (BS-5.2): \"reduce\" — n fewer cores are paid after its reduction symbols (step 4, never below 0, ruling C#58); \"as\" — its cost reads n (step 1); \"life\" — its cost reads your life total when it is paid (step 1; ruling C#84: its reduction symbols still reduce it; n unused). once: only the next such card you pay for (\"the next yellow magic card you use this turn\"), used up when paid. Kept on this card, also off the field.",
        |q: Query, c: &str, n: i64, once: bool, d: &str| -> R<()> {
            let Some(change) = PaidCostChange::parse(c, nat(n, "n")?) else {
                return Err(err(format!(
                    "change must be \"reduce\", \"as\" or \"life\", got {c:?}"
                )));
            };
            let giver = me()?;
            player_rule(
                ModKind::PaidCost {
                    cards: q,
                    change,
                    giver,
                    once,
                },
                d,
            )
        }
    );
    reg!(
        e,
        "refresh_step_after_attack_step",
        [],
        "While the effect applies (a constant effect), you perform a refresh step after your attack step (BS-4: cores from your trash to your reserve, your exhausted cards refreshed, their \"when refreshed\" effects); one extra step however many effects say it.",
        || -> R<()> {
            let rc = run_ctx()?;
            let kind = ModKind::RefreshStepAfterAttack {
                giver: rc.controller,
            };
            if read_only() {
                rc.collected.borrow_mut().push((rc.card, kind));
                return Ok(());
            }
            with_mut(|g, rc| {
                g.add_modifier_by(rc.card, kind, Until::Turn, Some(rc.controller));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "level_bp_as",
        ["targets", "level: i64", "bp: i64", "dur: &str"],
        "At that level the cards' level table reads bp as their BP (BS-5.1: \"treat the LV1 BP as 4000 for all of your spirits that cost 3 or fewer\"); BP gained or lost applies to it; at other levels their table is unchanged.",
        |t: Dynamic, level: i64, bp: i64, d: &str| {
            let level =
                u8::try_from(nat(level, "level")?).map_err(|_| err("level must be at most 255"))?;
            // A BP, not a count: any BP a card prints (never negative).
            let bp =
                u32::try_from(bp).map_err(|_| err(format!("bp must be 0 or more, got {bp}")))?;
            modify(&t, ModKind::LevelBpAs { level, bp }, d)
        }
    );
    reg!(
        e,
        "core_step_cores",
        ["n: i64"],
        "This turn, your core step gives n cores instead of the rule's number (BS-2.1: \"gain two cores during your core step instead of one\"); used at the start of your core step, before its cores come. Two such effects give the highest n, not the sum (ruling C#67). Kept on this card, also off the field.",
        |n: i64| -> R<()> {
            let giver = me()?;
            player_rule(
                ModKind::CoreStepCores {
                    n: nat(n, "n")?,
                    giver,
                },
                "turn",
            )
        }
    );
}
