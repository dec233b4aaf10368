//! Summoning primitives for keywords declared as pack data: tokens made from a pack's token
//! definitions (keyword rulings K27–K31) and the cores on a card.

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
            with_mut(|g, rc| {
                let p = rc.controller;
                let problem = match g.library().get(id) {
                    Some(d) if d.token && g.reserve(p) >= d.minimum_cores() => None,
                    Some(d) if d.token => Some(format!(
                        "the token {id} needs {} core(s) from the reserve",
                        d.minimum_cores()
                    )),
                    _ => Some(format!("{id} is no token definition of the library")),
                };
                let made = match problem {
                    None => g.make_token(id, p).filter(|c| g.effect_summon(*c, p, false)),
                    Some(_) => None,
                };
                match made {
                    Some(c) => {
                        rc.summoned.set(true);
                        Ok(Dynamic::from(c))
                    }
                    None => {
                        g.emit(Event::EffectInert {
                            card: rc.card,
                            effect: rc.effect,
                            reason: problem
                                .unwrap_or_else(|| format!("the token {id} cannot be summoned")),
                        });
                        Ok(Dynamic::UNIT)
                    }
                }
            })
        }
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
