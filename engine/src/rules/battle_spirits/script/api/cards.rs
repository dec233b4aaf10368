//! Cards and cores an effect handles itself: revealing the deck top (and what becomes of
//! the rest), the soul core as a cost and as a core to move (BS-0.2, BS-5.2), deploying a
//! nexus by an effect (BS-5.4), discarding a set burst, and conditions on how this card
//! came to the field or on what its controller has there.

use super::cores::{Place, place};
use super::*;
use crate::rules::battle_spirits::Hook;
use crate::rules::battle_spirits::types::SOUL_CORE;

/// Who a core location belongs to.
fn loc_owner(g: &Game, l: CoreLoc) -> PlayerId {
    match l {
        CoreLoc::Card(c) => g.owner(c),
        CoreLoc::Reserve(p) | CoreLoc::Life(p) | CoreLoc::Trash(p) | CoreLoc::Count(p) => p,
    }
}

/// Where `p`'s soul core is now (`None`: in the void, or `p` has none).
fn soul_loc(g: &Game, p: PlayerId) -> Option<CoreLoc> {
    g.st.cores
        .iter()
        .filter(|(_, t)| t.tag == SOUL_CORE)
        .filter_map(|(_, t)| t.at)
        .find(|l| loc_owner(g, *l) == p)
}

/// The revealed cards of the running effect still in its controller's deck, in reveal
/// order (the card that was on top first).
fn still_revealed() -> R<Vec<InstanceId>> {
    let rc = run_ctx()?;
    let v = rc.revealed.borrow().clone();
    with_ref(|g, rc| {
        v.into_iter()
            .filter(|c| g.zone_of(*c) == Zone::Deck(rc.controller))
            .collect()
    })
}

/// Whether the last payment for `card` (its summoning, deploying or use, BS-5.2) spent a
/// soul core: the `paid` cores of its last `Played` event are the last core moves into
/// its player's trash before that event. A card put on the field by an effect after that
/// payment was not paid for.
fn cost_spent_soul(g: &Game, card: InstanceId) -> bool {
    let log = &g.st.log;
    let Some(at) = log.iter().rposition(
        |e| matches!(e, Event::Played { card: c, .. } | Event::SummonedByEffect { card: c } if *c == card),
    ) else {
        return false;
    };
    let Event::Played { player, paid, .. } = &log[at] else {
        return false; // summoned by an effect: no cost was paid
    };
    let mut left = *paid;
    for e in log[..at].iter().rev() {
        if left == 0 {
            break;
        }
        if let Event::CoreMoved { soul, to, .. } = e
            && *to == Some(CoreLoc::Trash(*player))
        {
            if *soul {
                return true;
            }
            left -= 1;
        }
    }
    false
}

/// BS-5.4 by an effect: puts `c` (a nexus of `p`'s, not on the field) onto `p`'s field,
/// paying its cost first unless `free` (BS-5.2 with reductions, from spare cores: reserve
/// first, never depleting; a nexus needs no core on it), then its "when deployed" effects.
/// `Err(reason)` when it cannot.
fn deploy_one(g: &mut Game, c: InstanceId, p: PlayerId, free: bool) -> Result<(), String> {
    if g.def_of(c).kind != carddb::CardKind::Nexus || g.on_field(c) || g.owner(c) != p {
        return Err(format!(
            "{} is not a nexus card of yours off the field",
            g.name(c)
        ));
    }
    if !free {
        let q = g.quote_card(p, c);
        if g.spare_cores(p) < q.to_pay {
            return Err(format!(
                "cannot pay {} core(s) to deploy {}",
                q.to_pay,
                g.name(c)
            ));
        }
        g.pay_spare(p, q.to_pay);
    }
    g.move_card(c, Zone::Field(p));
    g.emit(Event::SummonedByEffect { card: c });
    g.fire(Hook::WhenSummoned { card: c });
    g.check_depletion();
    Ok(())
}

/// Pays the running effect's controller's soul core to their trash (BS-5.2 step 5: from
/// the reserve or a field card; only from one of `on` when given). Logs EffectInert and
/// returns false when it cannot.
fn pay_soul(on: Option<Vec<InstanceId>>) -> R<bool> {
    with_mut(|g, rc| {
        let p = rc.controller;
        let at = soul_loc(g, p).filter(|l| match (l, &on) {
            (CoreLoc::Reserve(_), None) => true,
            (CoreLoc::Card(c), None) => g.on_field(*c),
            (CoreLoc::Card(c), Some(cs)) => g.on_field(*c) && cs.contains(c),
            _ => false,
        });
        let Some(l) = at else {
            g.emit(Event::EffectInert {
                card: rc.card,
                effect: rc.effect,
                reason: if on.is_some() {
                    "the soul core cannot be paid: it is not on this card".into()
                } else {
                    "the soul core cannot be paid: it is not in your reserve or on your field"
                        .into()
                },
            });
            return Ok(false);
        };
        let core = g.core_at(l, true).expect("the soul core is there");
        g.move_core(core, Some(CoreLoc::Trash(p)));
        rc.soul_paid.set(true);
        g.check_depletion();
        Ok(true)
    })
}

pub(super) fn register_cards(e: &mut Engine) {
    reg!(
        e,
        "reveal_random_from_hand",
        ["whose: &str", "n: i64"],
        "Picks n cards at random (the game's seeded rng) from the hand of \"my\" or the \"opponent\" player and shows them to both players (one HandCardRevealed each); they stay in the hand. Returns them (fewer when the hand holds fewer).",
        |w: &str, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            let p = match w {
                "my" => me()?,
                "opponent" => me()?.other(),
                _ => {
                    return Err(err(format!(
                        "whose must be \"my\" or \"opponent\", got {w:?}"
                    )));
                }
            };
            with_mut(|g, rc| {
                let mut hand = g.pile(Zone::Hand(p)).to_vec();
                let mut shown = Array::new();
                while shown.len() < n && !hand.is_empty() {
                    let i = g.st.rng.below(hand.len() as u64) as usize;
                    let card = hand.remove(i);
                    g.emit(Event::HandCardRevealed { card, by: rc.card });
                    shown.push(Dynamic::from(card));
                }
                Ok(shown)
            })
        }
    );
    reg!(
        e,
        "reveal",
        ["n: i64"],
        "Reveals the top n cards of your deck (all of them if fewer): they stay on top and become `revealed()`. Returns how many.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let rc = run_ctx()?;
            let top: Vec<InstanceId> = with_ref(|g, rc| {
                let deck = g.pile(Zone::Deck(rc.controller));
                deck.iter().rev().take(n).copied().collect()
            })?;
            let mut v = rc.revealed.borrow_mut();
            for c in &top {
                if !v.contains(c) {
                    v.push(*c);
                }
            }
            Ok(top.len() as i64)
        }
    );
    reg!(
        e,
        "revealed",
        [],
        "The cards this effect revealed that are still in your deck (a Query: choose from it, add it to the hand, summon it …).",
        || -> R<Query> { Ok(Query::of(Base::Cards(still_revealed()?))) }
    );
    reg!(
        e,
        "remaining_to_deck",
        ["where: &str"],
        "The revealed cards still in your deck go to its \"bottom\" (the first revealed highest of them, the last at the very bottom) or stay on its \"top\". Returns how many.",
        |w: &str| -> R<i64> {
            let rest = still_revealed()?;
            match w {
                "top" => Ok(rest.len() as i64),
                "bottom" => with_mut(|g, rc| {
                    let z = Zone::Deck(rc.controller);
                    // Each card is put back into the deck (a `CardMoved` deck → deck, as a
                    // card returned to the deck logs), then the pile is reordered.
                    for c in &rest {
                        g.move_card(*c, z);
                    }
                    let mut order: Vec<InstanceId> = g
                        .pile(z)
                        .iter()
                        .copied()
                        .filter(|c| !rest.contains(c))
                        .collect();
                    // The pile is bottom first: the first revealed card goes just under the
                    // rest, so the cards keep the order they were revealed in.
                    for c in rest.iter() {
                        order.insert(0, *c);
                    }
                    g.st.zones.reorder(z, order);
                    Ok(rest.len() as i64)
                }),
                _ => Err(err(format!(
                    "where must be \"top\" or \"bottom\", got {w:?}"
                ))),
            }
        }
    );
    reg!(
        e,
        "remaining_to_trash",
        [],
        "The revealed cards still in your deck go to your trash (they become `discarded()`). Returns how many.",
        || -> R<i64> {
            let rest = still_revealed()?;
            with_mut(|g, rc| {
                for c in &rest {
                    g.move_card(*c, Zone::Trash(rc.controller));
                }
                rc.milled.borrow_mut().extend(rest.iter().copied());
                Ok(rest.len() as i64)
            })
        }
    );
    reg!(
        e,
        "pay_soul_core",
        [],
        "A cost (BS-5.2 step 5): your soul core goes from your reserve or one of your field cards to your trash; depletion follows (BS-5.3). Returns 1 when it was paid; when it cannot be (it is in your life, trash, count area or the void) logs EffectInert with the reason and returns 0 (the script should `return`).",
        || -> R<i64> { pay_soul(None).map(i64::from) }
    );
    reg!(
        e,
        "pay_soul_core_from",
        ["targets"],
        "\"Pay this spirit's soul core\": like `pay_soul_core` (1 when paid, else 0), but only when your soul core is on one of the cards (on the field).",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            pay_soul(Some(cs)).map(i64::from)
        }
    );
    reg!(
        e,
        "soul_core_spent",
        [],
        "Whether a soul core was spent: by this effect (`pay_soul_core`), or as part of the cost paid for this card's summoning, deploying or use (BS-5.2).",
        || -> R<bool> { with_ref(|g, rc| rc.soul_paid.get() || cost_spent_soul(g, rc.card)) }
    );
    reg!(
        e,
        "soul_core_moved",
        [],
        "Whether this effect has moved a soul core from where it was (\"If you place a \"Soul Core\" into your reserve with this effect\"): by `move_cores` and its kin, or `move_soul_core`. From a place (not a card) ordinary cores leave first, so the soul core goes when it is the last there.",
        || -> R<bool> { with_ref(|_, rc| rc.soul_moved.get()) }
    );
    reg!(
        e,
        "move_soul_core",
        ["from", "to"],
        "Moves a soul core from a place (\"reserve\", \"life\", \"trash\", …) or one of the cards to a place, a card or \"void\" (BS-0.3: from the void it never comes back). A soul core stays with its owner (BS-0.2): none goes to the other player's places. Returns how many moved (1 or 0); depletion follows.",
        |f: Dynamic, t: Dynamic| -> R<i64> {
            let from = place(&f)?;
            let to = place(&t)?;
            let srcs: Vec<CoreLoc> = match from {
                Place::Loc(l) => vec![l],
                Place::Cards(cs) => cs.into_iter().map(CoreLoc::Card).collect(),
                Place::Void | Place::Owners(_) => {
                    return Err(err("a soul core comes from a place or a card"));
                }
            };
            with_mut(|g, rc| {
                let Some((src, core)) = srcs
                    .iter()
                    .find_map(|l| g.core_at(*l, true).map(|c| (*l, c)))
                else {
                    return Ok(0);
                };
                let owner = loc_owner(g, src);
                let dest = match &to {
                    Place::Void => None,
                    Place::Loc(l) => Some(*l),
                    Place::Owners(true) => Some(CoreLoc::Reserve(owner)),
                    Place::Owners(false) => Some(CoreLoc::Trash(owner)),
                    Place::Cards(cs) => match cs.first() {
                        Some(c) => Some(CoreLoc::Card(*c)),
                        None => return Ok(0),
                    },
                };
                if dest.is_some_and(|d| loc_owner(g, d) != owner) {
                    return Ok(0); // BS-0.2
                }
                g.move_core(core, dest);
                rc.soul_moved.set(true);
                g.check_depletion(); // BS-5.3
                Ok(1)
            })
        }
    );
    reg!(
        e,
        "deploy",
        ["targets", "free: bool"],
        "BS-5.4: deploys your nexus cards (from the hand, trash, tecoto, burst area or a revealed deck top), without paying their cost when free, else paying it from spare cores (reductions apply, reserve first, never depleting); \"when deployed\" follows. A card that cannot be deployed logs EffectInert with the reason. Returns how many were deployed.",
        |t: Dynamic, free: bool| -> R<i64> {
            let cs = targets(&t)?;
            with_mut(|g, rc| {
                let mut n = 0;
                for c in cs {
                    match deploy_one(g, c, rc.controller, free) {
                        Ok(()) => n += 1,
                        Err(reason) => g.emit(Event::EffectInert {
                            card: rc.card,
                            effect: rc.effect,
                            reason,
                        }),
                    }
                }
                Ok(n)
            })
        }
    );
    reg!(
        e,
        "discard_burst",
        ["n: i64"],
        "A cost: your n set bursts go to your trash (BS-10.1: at most one is set). When you have fewer, nothing is discarded and the effect ends with EffectInert. Returns how many.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            let set = with_ref(|g, rc| g.burst_of(rc.controller))?;
            let have = u32::from(set.is_some());
            if have < n {
                with_mut(|g, rc| {
                    g.emit(Event::EffectInert {
                        card: rc.card,
                        effect: rc.effect,
                        reason: format!("cannot discard {n} bursts: {have} set"),
                    });
                    Ok(())
                })?;
                return Err(err(STOP));
            }
            with_mut(|g, rc| {
                if let Some(b) = set.filter(|_| n > 0) {
                    g.move_card(b, Zone::Trash(rc.controller));
                }
                Ok(i64::from(n))
            })
        }
    );
    reg!(
        e,
        "only_have",
        ["q"],
        "Whether you have at least one spirit on the field and every one of your spirits matches the query (\"if you only have yellow spirits on your field\").",
        |q: Dynamic| -> R<bool> {
            let want = targets(&q)?;
            with_ref(|g, rc| {
                let mine = Query::of(Base::Spirits(vec![rc.controller])).eval(g);
                !mine.is_empty() && mine.iter().all(|c| want.contains(c))
            })
        }
    );
    reg!(
        e,
        "summoned_from",
        ["where: &str"],
        "Whether this card last came onto the field from your \"hand\" or \"trash\" (BS-5.1).",
        |w: &str| -> R<bool> {
            let want: fn(Zone) -> bool = match w {
                "hand" => |z| matches!(z, Zone::Hand(_)),
                "trash" => |z| matches!(z, Zone::Trash(_)),
                _ => {
                    return Err(err(format!(
                        "where must be \"hand\" or \"trash\", got {w:?}"
                    )));
                }
            };
            with_ref(|g, rc| {
                g.st.log.iter().rev().find_map(|e| match e {
                    Event::CardMoved {
                        card,
                        from,
                        to: Zone::Field(_),
                    } if *card == rc.this => Some(want(*from)),
                    _ => None,
                })
            })
            .map(|r| r.unwrap_or(false))
        }
    );
}
