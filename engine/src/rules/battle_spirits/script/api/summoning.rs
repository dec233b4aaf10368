//! Summoning primitives for keywords declared as pack data: tokens made from a pack's token
//! definitions (keyword rulings K27–K31), a summon by an effect paying its cost as usual
//! (K8), and the cores on a card.

use super::*;

pub(super) fn register_summoning(e: &mut Engine) {
    reg!(
        e,
        "summon_token",
        ["id: &str"],
        "Makes a token from the token definition `id` (a card definition with `token: true`, never in a deck: keyword rulings K27, K28) and summons it for you: its minimum cores come from your reserve (BS-5.2 step 6), then \"when summoned\". When it leaves the field it is removed from the game (K29). Returns the token (a Card), or `()` after logging EffectInert when `id` is no token definition or the reserve holds too few cores.",
        |id: &str| -> R<Dynamic> {
            if read_only() {
                return Err(err("summon_token cannot be used in a constant effect"));
            }
            with_mut(|g, rc| Ok(summon_token_def(g, rc, Ok(id.to_string()), false)))
        }
    );
    reg!(
        e,
        "summon_token_named",
        ["name: &str", "exhausted: bool"],
        "\"Summon one of your NAME Tokens\" (keyword rulings K27, K28): makes a token from the library's token definition (`token: true`) named `name` (compared without case; \"Gear Token\") and summons it for you as `summon_token` does, exhausted when `exhausted`. Returns the token, or `()` after logging EffectInert with the reason when the library declares no token of that name or the reserve holds too few cores.",
        |name: &str, exhausted: bool| -> R<Dynamic> {
            if read_only() {
                return Err(err(
                    "summon_token_named cannot be used in a constant effect",
                ));
            }
            with_mut(|g, rc| {
                let found = g
                    .library()
                    .iter()
                    .find(|d| d.token && d.name.eq_ignore_ascii_case(name))
                    .map(|d| d.id.clone())
                    .ok_or_else(|| format!("the library declares no token named {name:?}"));
                Ok(summon_token_def(g, rc, found, exhausted))
            })
        }
    );
    reg!(
        e,
        "summon_paying",
        ["targets", "exhausted: bool"],
        "Summons your cards (from the hand, the trash …) paying their cost as usual (BS-5.2, reductions from the field as it is now; keyword ruling K8): the cost, then the cores of their lowest level, come from your reserve first, then from cores above the lowest level of your field cards in field order (none is depleted; you do not choose the cores). BS-12.1 conditions and the cards' summoning requirements apply, their additional summoning costs are paid; \"when summoned\" follows. A card that cannot be summoned logs EffectInert with the reason. Returns how many were summoned.",
        |t: Dynamic, exhausted: bool| -> R<i64> {
            let source = run_ctx()?;
            let n = each(&t, |g, c, p| {
                let inert = |g: &mut Game, reason: String| {
                    g.emit(Event::EffectInert {
                        card: source.card,
                        effect: source.effect,
                        reason,
                    });
                    false
                };
                if g.on_field(c) || g.owner(c) != p {
                    let reason = format!("{} is not yours to summon from off the field", g.name(c));
                    return inert(g, reason);
                }
                if !g.summon_requirement_met(c, p) {
                    let reason = format!("{}'s summoning requirement is not met", g.name(c));
                    return inert(g, reason);
                }
                let available = g.spare_cores(p);
                if let Err(reason) = pay_summon_cost(g, c, p, available) {
                    return inert(g, reason);
                }
                if g.effect_summon(c, p, exhausted, true) {
                    return true;
                }
                let reason = format!("{} cannot be summoned now", g.name(c));
                inert(g, reason)
            })?;
            if n > 0 {
                run_ctx()?.summoned.set(true);
            }
            Ok(n)
        }
    );
    reg!(
        e,
        "summon_cost",
        ["targets"],
        "The cores summoning the first card would take now: its cost after reductions (BS-5.2, your field as it is) plus the cores of its lowest level (BS-5.1); 0 when there is no card. For `fn can_use()` of a summoning effect (\"can the reserve pay it?\").",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            with_ref(|g, rc| {
                cs.first().map_or(0, |c| {
                    let q = g.quote_card(rc.controller, *c);
                    i64::from(q.to_pay + q.min_cores)
                })
            })
        }
    );
    reg!(
        e,
        "spare_cores",
        [],
        "Cores you could pay now without depleting anything: your reserve plus the cores above the lowest level of each of your field cards (what `summon_paying` may use).",
        || -> R<i64> { with_ref(|g, rc| i64::from(g.spare_cores(rc.controller))) }
    );
    reg!(
        e,
        "cores_on",
        ["c: Card"],
        "Cores on a card (the soul core included; 0 off the field).",
        |c: InstanceId| -> R<i64> {
            with_ref(|g, _| {
                if g.on_field(c) {
                    i64::from(g.cores_on(c))
                } else {
                    0
                }
            })
        }
    );
}

/// Pays `c`'s cost for `p` (BS-5.2, reductions from the field as it is now) from spare
/// cores when `available` covers the cost and the cores of its lowest level; else why not.
pub(super) fn pay_summon_cost(
    g: &mut Game,
    c: InstanceId,
    p: PlayerId,
    available: u32,
) -> Result<(), String> {
    let to_pay = g.quote_card(p, c).to_pay;
    let need = to_pay + g.def_of(c).minimum_cores();
    if available < need {
        return Err(format!(
            "cannot pay {to_pay} core(s) and place {} to summon {}",
            need - to_pay,
            g.name(c)
        ));
    }
    g.use_up_paid_cost_rules(p, c);
    g.pay_spare(p, to_pay);
    Ok(())
}

/// Makes a token of definition `id` and summons it for `rc`'s controller (K27); logs
/// EffectInert with the reason (`id` is the lookup's failure, no token definition, too
/// few cores in the reserve) and returns `()` when none is summoned.
fn summon_token_def(
    g: &mut Game,
    rc: &RunCtx,
    id: Result<String, String>,
    exhausted: bool,
) -> Dynamic {
    let p = rc.controller;
    let problem = match &id {
        Err(why) => Some(why.clone()),
        Ok(id) => match g.library().get(id) {
            Some(d) if d.token && g.reserve(p) >= d.minimum_cores() => None,
            Some(d) if d.token => Some(format!(
                "the token {id} needs {} core(s) from the reserve",
                d.minimum_cores()
            )),
            _ => Some(format!("{id} is no token definition of the library")),
        },
    };
    let made = match (&problem, &id) {
        (None, Ok(id)) => g
            .make_token(id, p)
            .filter(|c| g.effect_summon(*c, p, exhausted, false)),
        _ => None,
    };
    match made {
        Some(c) => {
            rc.summoned.set(true);
            Dynamic::from(c)
        }
        None => {
            let reason = problem.unwrap_or_else(|| {
                format!("the token {} cannot be summoned", id.unwrap_or_default())
            });
            g.emit(Event::EffectInert {
                card: rc.card,
                effect: rc.effect,
                reason,
            });
            Dynamic::UNIT
        }
    }
}
