//! Actions of effects: draw, destroy, orientations, the hand and the deck, modifiers,
//! discards, summons … (rule-checked, the same events as the rules). Cores, life and counts
//! are `cores`.

use super::*;
use crate::rules::battle_spirits::script::WatchKind;
use crate::rules::battle_spirits::script::state::OwnCount;

/// Discards the cards from hand; the ones really discarded join this effect's
/// `discarded()` ("for each card discarded this way"). Returns how many.
pub(super) fn discard_cards(cs: Vec<InstanceId>) -> R<i64> {
    with_mut(|g, rc| {
        let by = Some(rc.actor());
        let done: Vec<InstanceId> = cs.into_iter().filter(|c| g.discard(*c, by)).collect();
        let n = done.len() as i64;
        rc.milled.borrow_mut().extend(done);
        Ok(n)
    })
}

pub(super) fn register_actions(e: &mut Engine) {
    reg!(
        e,
        "draw",
        ["n: i64"],
        "You draw n cards (BS-3); returns how many were drawn.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                if !super::prevent::may_draw(g, rc, rc.controller) {
                    return Ok(0);
                }
                let k = g.draw_n(rc.controller, n);
                if k > 0 {
                    g.watch(WatchKind::DrawsByOwnEffect, None, rc.controller, k);
                }
                Ok(i64::from(k))
            })
        }
    );
    reg!(
        e,
        "draw_until_hand",
        ["n: i64"],
        "You draw until you have n cards in hand (none if you already have n or more); returns how many were drawn.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            with_mut(|g, rc| {
                let p = rc.controller;
                if !super::prevent::may_draw(g, rc, p) {
                    return Ok(0);
                }
                let mut k = 0;
                while g.pile(Zone::Hand(p)).len() < n && g.draw(p) {
                    k += 1;
                }
                if k > 0 {
                    g.watch(WatchKind::DrawsByOwnEffect, None, p, k as u32);
                }
                Ok(i64::from(k))
            })
        }
    );
    reg!(
        e,
        "destroy",
        ["targets"],
        "Destroys the cards at once (BS-6.6: \"when destroyed\" first, then trash, cores to the reserve; BS-8.4: effects due at once); returns how many. A card already being destroyed is not destroyed again: EffectInert says so (choose with `.not_being_destroyed()`).",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            let n = with_mut(|g, rc| {
                // BS-10.5 / "unaffected by": the effect passes over a card it cannot affect.
                let cs: Vec<InstanceId> = cs
                    .into_iter()
                    .filter(|c| !g.unaffected(*c, rc.card, rc.controller))
                    .collect();
                // BS-6.6: one destruction at a time; nothing is skipped silently.
                for &c in &cs {
                    if g.is_being_destroyed(g.unit_of(c)) {
                        let reason = format!(
                            "{} {c} is already being destroyed: it is not destroyed again (BS-6.6)",
                            g.name(c)
                        );
                        g.emit(Event::EffectInert {
                            card: rc.card,
                            effect: rc.effect,
                            reason,
                        });
                    }
                }
                let before = g.st.scripts.destroying_source.replace(rc.this);
                let n = g.effect_destroy_all(&cs, rc.controller) as i64;
                g.st.scripts.destroying_source = before;
                Ok(n)
            })?;
            let rc = run_ctx()?;
            rc.destroyed.set(rc.destroyed.get() + n as u32);
            Ok(n)
        }
    );
    reg!(
        e,
        "exhaust",
        ["targets"],
        "Exhausts the cards (not one protected from the opponent's effects exhausting it).",
        |t: Dynamic| each_by(&t, |g, c, a| g.effect_orient(c, true, Some(a)))
    );
    reg!(
        e,
        "refresh",
        ["targets"],
        "Refreshes the cards (a heavily exhausted card becomes exhausted, BS-13.4).",
        |t: Dynamic| each(&t, |g, c, _| g.effect_orient(c, false, None))
    );
    reg!(
        e,
        "pay_cost_to_activate",
        ["which: &str"],
        "BS-10.4: \"you may then pay this card's cost to activate its main (flash) effect\": asks you if you can pay (reductions apply; reserve first, then spare field cores); on yes pays and resolves the card's [Main] (\"main\") or [Flash] (\"flash\") effect as part of this effect. Returns whether it was used.",
        |w: &str| activate_impl(w, true)
    );
    reg!(
        e,
        "activate_without_cost",
        ["which: &str"],
        "Uses this card's [Main] (\"main\") or [Flash] (\"flash\") effect now without paying its cost, as part of this effect. Returns whether there was one.",
        |w: &str| activate_impl(w, false)
    );
    reg!(
        e,
        "heavily_exhaust",
        ["targets"],
        "BS-13.4: heavily exhausts the cards.",
        |t: Dynamic| each(&t, |g, c, _| g.heavily_exhaust(c))
    );
    reg!(
        e,
        "return_to_hand",
        ["targets"],
        "Returns the cards to their owners' hands (cores to the reserve; not one protected from the opponent's effects returning it). The magic now resolving goes to the hand once its effect has resolved, instead of the trash (BS-5.5).",
        |t: Dynamic| each_by(&t, |g, c, a| g.effect_return_to_hand(c, Some(a)))
    );
    reg!(
        e,
        "add_to_hand",
        ["targets"],
        "Puts the cards into their owners' hands.",
        |t: Dynamic| each(&t, |g, c, _| g.effect_return_to_hand(c, None))
    );
    reg!(
        e,
        "return_to_deck",
        ["targets", "where: &str"],
        "Returns the cards to the \"top\" or \"bottom\" of their owners' decks. A card this effect revealed (`reveal`) that is still in the deck moves there within the deck (\"place any number of them at the bottom of your deck\") and is no longer one of the remaining revealed cards.",
        |t: Dynamic, w: &str| -> R<i64> {
            let bottom = match w {
                "top" => false,
                "bottom" => true,
                _ => {
                    return Err(err(format!(
                        "where must be \"top\" or \"bottom\", got {w:?}"
                    )));
                }
            };
            each_by(&t, |g, c, a| {
                let deck = Zone::Deck(g.owner(c));
                let revealed = run_ctx().is_ok_and(|rc| rc.revealed.borrow().contains(&c));
                if g.zone_of(c) == deck && revealed {
                    // The deck's top is the end of its pile.
                    let mut order: Vec<InstanceId> =
                        g.pile(deck).iter().copied().filter(|x| *x != c).collect();
                    if bottom {
                        order.insert(0, c);
                    } else {
                        order.push(c);
                    }
                    g.st.zones.reorder(deck, order);
                    if let Ok(rc) = run_ctx() {
                        rc.revealed.borrow_mut().retain(|x| *x != c);
                    }
                    return true;
                }
                g.effect_return_to_deck(c, bottom, Some(a))
            })
        }
    );
    reg!(
        e,
        "put_into_tecoto",
        ["targets"],
        "BS-13.1: puts the cards into their owners' tecoto, face up.",
        |t: Dynamic| each(&t, |g, c, _| g.put_into_tecoto(c))
    );
    reg!(
        e,
        "bp_plus",
        ["targets", "n: i64", "dur: &str"],
        "BP +n for \"turn\" (BS-7.1), \"battle\" (BS-6.7) or \"while\" (constant effects).",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::Bp(n), d)
    );
    reg!(
        e,
        "bp_plus_per",
        ["targets", "n: i64", "q: Query", "dur: &str"],
        "BP +n for each card the query matches, counted whenever the BP is read, for the duration (rulings C#197, C#198: \"gains 1000 BP for each green spirit you control\" follows the spirits while it lasts).",
        |t: Dynamic, n: i64, q: Query, d: &str| modify(&t, ModKind::BpPer(n, q), d)
    );
    reg!(
        e,
        "bp_plus_per_own",
        ["targets", "n: i64", "what: &str", "dur: &str"],
        "BP +n for each of the card's own \"symbols\" (BS-6.5.1) or \"cores\" on it, each card counting its own whenever its BP is read, for the duration (\"gain 1000 BP for each symbol they have\").",
        |t: Dynamic, n: i64, w: &str, d: &str| {
            let what = OwnCount::parse(w)
                .ok_or_else(|| err(format!("what must be \"symbols\" or \"cores\", got {w:?}")))?;
            modify(&t, ModKind::BpPerOwn(n, what), d)
        }
    );
    reg!(
        e,
        "bp_minus",
        ["targets", "n: i64", "dur: &str"],
        "BP −n (never below 0) for the duration; a spirit brought to 0 BP is destroyed.",
        |t: Dynamic, n: i64, d: &str| -> R<()> {
            modify(&t, ModKind::Bp(-n), d)?;
            if read_only() {
                return Ok(());
            }
            let cs = targets(&t)?;
            with_mut(|g, rc| {
                g.destroy_if_no_bp(&cs, rc.controller);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "cannot_attack",
        ["targets", "dur: &str"],
        "The cards cannot attack for the duration.",
        |t: Dynamic, d: &str| modify(&t, ModKind::CannotAttack, d)
    );
    reg!(
        e,
        "cannot_block",
        ["targets", "dur: &str"],
        "The cards cannot block for the duration.",
        |t: Dynamic, d: &str| modify(&t, ModKind::CannotBlock, d)
    );
    reg!(
        e,
        "unaffected_by",
        ["targets", "what: &str", "opponent_only: bool", "dur: &str"],
        "The cards are unaffected by effects of \"magic\", \"spirit\" (spirits, ultimates and braves), \"nexus\" cards or \"all\" (only the opponent's, if asked) for the duration; bursts included (BS-10.5).",
        |t: Dynamic, w: &str, o: bool, d: &str| -> R<()> {
            let by = match w {
                "all" => None,
                "magic" => Some(carddb::CardKind::Magic),
                "spirit" => Some(carddb::CardKind::Spirit),
                "nexus" => Some(carddb::CardKind::Nexus),
                other => {
                    return Err(err(format!(
                        "expected \"magic\", \"spirit\", \"nexus\" or \"all\", got {other:?}"
                    )));
                }
            };
            let p = me()?;
            modify(
                &t,
                ModKind::Unaffected {
                    by,
                    opponent_only: o,
                    protector: p,
                },
                d,
            )
        }
    );
    reg!(
        e,
        "cannot_be_destroyed",
        ["targets", "by_opponent_only: bool", "dur: &str"],
        "The cards cannot be destroyed by effects (only the opponent's, if asked) for the duration; not in battle (`cannot_be_destroyed_in_battle`, BS-6.6).",
        |t: Dynamic, o: bool, d: &str| -> R<()> {
            let p = me()?;
            modify(
                &t,
                ModKind::CannotBeDestroyed {
                    by_opponent_only: o,
                    protector: p,
                    by_kind: None,
                    by_colours: Vec::new(),
                },
                d,
            )
        }
    );
    reg!(
        e,
        "cannot_be_destroyed_in_battle",
        ["targets", "dur: &str"],
        "The cards cannot be destroyed in battle for the duration: a lower or equal BP in the BP comparison does not destroy them (BS-6.6; ruling C#177). Effects can still destroy them (`cannot_be_destroyed` protects from those).",
        |t: Dynamic, d: &str| modify(&t, ModKind::CannotBeDestroyedInBattle, d)
    );
    reg!(
        e,
        "cannot_be_destroyed_by",
        ["targets", "kind: &str", "dur: &str"],
        "The cards cannot be destroyed by the effects of your opponent's cards of a kind: \"spirit\" (spirits, ultimates and braves), \"nexus\" or \"magic\", for the duration.",
        |t: Dynamic, k: &str, d: &str| -> R<()> {
            let kind = match k {
                "magic" => carddb::CardKind::Magic,
                "spirit" => carddb::CardKind::Spirit,
                "nexus" => carddb::CardKind::Nexus,
                other => {
                    return Err(err(format!(
                        "expected \"magic\", \"spirit\" or \"nexus\", got {other:?}"
                    )));
                }
            };
            let p = me()?;
            modify(
                &t,
                ModKind::CannotBeDestroyed {
                    by_opponent_only: true,
                    protector: p,
                    by_kind: Some(kind),
                    by_colours: Vec::new(),
                },
                d,
            )
        }
    );
    reg!(
        e,
        "cannot_be_destroyed_by_colours",
        ["targets", "kinds: Array", "colours: Array", "dur: &str"],
        "The cards cannot be destroyed by the effects of your opponent's cards of these kinds (\"spirit\", \"nexus\", \"magic\"; empty: any kind) and of these colours (names, any case), for the duration (ruling C#70: \"your opponent's red spirits or magic\" are red spirits and red magic).",
        |t: Dynamic, ks: Array, cols: Array, d: &str| -> R<()> {
            let colours = super::restrictions::colours(cols)?;
            let mut kinds = Vec::new();
            for k in ks {
                kinds.push(Some(match k.into_string().as_deref() {
                    Ok("magic") => carddb::CardKind::Magic,
                    Ok("spirit") => carddb::CardKind::Spirit,
                    Ok("nexus") => carddb::CardKind::Nexus,
                    other => {
                        return Err(err(format!(
                            "expected \"magic\", \"spirit\" or \"nexus\", got {other:?}"
                        )));
                    }
                }));
            }
            if kinds.is_empty() {
                kinds.push(None);
            }
            let p = me()?;
            for by_kind in kinds {
                let kind = ModKind::CannotBeDestroyed {
                    by_opponent_only: true,
                    protector: p,
                    by_kind,
                    by_colours: colours.clone(),
                };
                modify(&t, kind, d)?;
            }
            Ok(())
        }
    );
    reg!(
        e,
        "gain_keyword",
        ["targets", "name: &str", "modifier: &str", "dur: &str"],
        "The cards gain a keyword for the duration.",
        |t: Dynamic, k: &str, m: &str, d: &str| modify(
            &t,
            ModKind::Keyword(k.to_string(), m.to_string()),
            d
        )
    );
    reg!(
        e,
        "discard",
        ["n: i64"],
        "You discard n cards of your choice from your hand; returns how many were discarded (they join `discarded()`).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?;
            let hand = with_ref(|g, _| g.pile(Zone::Hand(p)).to_vec())?;
            let cs = pick(p, hand, n, n, "Discard")?;
            discard_cards(cs)
        }
    );
    reg!(
        e,
        "discard_matching",
        ["q: Query", "n: i64"],
        "You discard n hand cards matching the query; returns how many were discarded (they join `discarded()`).",
        |q: Query, n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?;
            let hand: Vec<InstanceId> = with_ref(|g, _| {
                q.eval(g)
                    .into_iter()
                    .filter(|c| g.zone_of(*c) == Zone::Hand(p))
                    .collect()
            })?;
            let cs = pick(p, hand, n, n, "Discard")?;
            discard_cards(cs)
        }
    );
    reg!(
        e,
        "discard_selected",
        ["targets"],
        "Discards the chosen hand cards, and the chosen cards this effect revealed (`reveal`) from the deck to the trash (\"if it is not, discard it\"); returns how many (they join `discarded()`).",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            let (revealed, hand) = with_mut(|g, rc| {
                let cs: Vec<InstanceId> = cs
                    .into_iter()
                    .filter(|c| !g.unaffected(*c, rc.card, rc.controller))
                    .collect();
                let mut revealed = 0;
                let mut hand = Vec::new();
                for c in cs {
                    let owner = g.owner(c);
                    if g.zone_of(c) == Zone::Deck(owner) && rc.revealed.borrow().contains(&c) {
                        g.move_card(c, Zone::Trash(owner));
                        rc.milled.borrow_mut().push(c);
                        revealed += 1;
                    } else {
                        hand.push(c);
                    }
                }
                Ok((revealed, hand))
            })?;
            Ok(revealed + discard_cards(hand)?)
        }
    );
    reg!(
        e,
        "discard_hand",
        [],
        "You discard your whole hand (tecoto is untouched, BS-13.1); returns how many were discarded (they join `discarded()`).",
        || -> R<i64> {
            let h = with_ref(|g, rc| g.pile(Zone::Hand(rc.controller)).to_vec())?;
            discard_cards(h)
        }
    );
    reg!(
        e,
        "ultimate_trigger",
        [],
        "BS-12.5: the opponent's top deck card goes to the trash; true (a hit) when this card's cost is higher, false (a guard) otherwise.",
        || -> R<bool> { with_mut(|g, rc| Ok(g.ultimate_trigger(rc.card, rc.controller))) }
    );
    reg!(
        e,
        "summon",
        ["targets", "free: bool", "exhausted: bool"],
        "Summons the cards (free: without paying; else paying the cost with reductions, BS-5.2, from the reserve, which must also hold the minimum cores); BS-12.1 conditions and the cards' own summoning requirements apply, and their additional summoning costs are paid even when free (BS-5.1, keyword ruling K4); \"when summoned\" follows. A card whose cost cannot be paid logs EffectInert. Returns how many were summoned.",
        |t: Dynamic, free: bool, ex: bool| -> R<i64> {
            let source = run_ctx()?;
            let n = each(&t, |g, c, p| {
                // Nothing is skipped silently: say why a card is not
                // summoned.
                let inert = |g: &mut Game, reason: String| {
                    g.emit(Event::EffectInert {
                        card: source.card,
                        effect: source.effect,
                        reason,
                    });
                    false
                };
                if g.on_field(c) {
                    let reason = format!("{} is on the field: it cannot be summoned", g.name(c));
                    return inert(g, reason);
                }
                if !g.summon_requirement_met(c, p) {
                    let reason = format!("{}'s summoning requirement is not met", g.name(c));
                    return inert(g, reason);
                }
                if !free {
                    let available = g.reserve(p);
                    if let Err(reason) = super::summoning::pay_summon_cost(g, c, p, available) {
                        return inert(g, reason);
                    }
                }
                if g.effect_summon(c, p, ex, false) {
                    return true;
                }
                let reason = format!(
                    "{} cannot be summoned now (not yours, not a spirit, an ultimate's condition unmet, or too few cores in the reserve)",
                    g.name(c)
                );
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
        "end_battle",
        [],
        "Ends the current battle (BS-6.7): no life is taken and no BP comparison happens.",
        || -> R<()> {
            with_mut(|g, _| {
                if g.battle_cards().is_some() {
                    g.st.scripts.end_battle = true;
                    g.invalidate_constants(); // no event of its own (`derived`)
                }
                Ok(())
            })
        }
    );
    reg!(
        e,
        "end_attack_step",
        [],
        "Ends the attack step after the current battle (BS-6.1).",
        || -> R<()> {
            with_mut(|g, _| {
                g.st.scripts.end_battle = g.battle_cards().is_some();
                g.st.scripts.end_attack_step = true;
                g.invalidate_constants(); // no event of its own (`derived`)
                Ok(())
            })
        }
    );
    reg!(
        e,
        "inert",
        ["reason: &str"],
        "Reports the effect as not executable (one EffectInert event); the script should `return` next.",
        |r: &str| -> R<()> {
            if read_only() {
                // A constant effect: reported once by the engine (`report_constants`).
                return Err(err(format!("{INERT}{r}")));
            }
            with_mut(|g, rc| {
                g.emit(Event::EffectInert {
                    card: rc.card,
                    effect: rc.effect,
                    reason: r.to_string(),
                });
                Ok(())
            })
        }
    );
}
