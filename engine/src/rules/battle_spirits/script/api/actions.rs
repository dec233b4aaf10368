//! Actions of effects: draw, destroy, cores, modifiers … (rule-checked, the same events as the rules).

use super::*;
use crate::rules::battle_spirits::script::WatchKind;

// ---- places for cores ----------------------------------------------------------------

pub(super) enum Place {
    Void,
    Loc(CoreLoc),
    Cards(Vec<InstanceId>),
    /// The reserve (`true`) or trash of whoever owns the cores' source.
    Owners(bool),
}

pub(super) fn place(d: &Dynamic) -> R<Place> {
    if let Some(s) = d.clone().try_cast::<ImmutableString>() {
        let p = me()?;
        return Ok(match s.as_str() {
            "void" => Place::Void,
            "reserve" => Place::Loc(CoreLoc::Reserve(p)),
            "owners_reserve" => Place::Owners(true),
            "owners_trash" => Place::Owners(false),
            "opponent_reserve" => Place::Loc(CoreLoc::Reserve(p.other())),
            "life" => Place::Loc(CoreLoc::Life(p)),
            "opponent_life" => Place::Loc(CoreLoc::Life(p.other())),
            "trash" => Place::Loc(CoreLoc::Trash(p)),
            "count" => {
                return Err(err(
                    "the count area changes only with count_plus/count_minus (BS-13.2)",
                ));
            }
            other => return Err(err(format!("unknown place {other:?}"))),
        });
    }
    let cs = targets(d)?;
    Ok(Place::Cards(with_ref(|g, _| {
        cs.into_iter().filter(|c| g.on_field(*c)).collect()
    })?))
}

/// Moves cores from `from` to `to`: `n` from each source card when `each` ("one core from
/// each of them"), else `n` in all; `None`: all but `keep`. The spirits this leaves without
/// enough cores go at once (BS-5.3) and count as destroyed by this effect
/// (`destroyed_by_this_effect`, rulings-cards.json #27).
fn move_cores_impl(from: &Dynamic, to: &Dynamic, n: Option<u32>, keep: u32, each: bool) -> R<i64> {
    let from = place(from)?;
    let to = place(to)?;
    let srcs: Vec<CoreLoc> = match from {
        Place::Void => return Err(err("cores come from the void only with cores_from_void_to")),
        // As a source, "their reserve / trash" is the opponent's (your own are "your …").
        Place::Owners(reserve) => {
            let o = me()?.other();
            vec![if reserve {
                CoreLoc::Reserve(o)
            } else {
                CoreLoc::Trash(o)
            }]
        }
        Place::Loc(l) => vec![l],
        Place::Cards(cs) => cs.into_iter().map(CoreLoc::Card).collect(),
    };
    let souls = soul_choices(&srcs, &to, n, keep, each)?;
    with_mut(|g, rc| {
        let owner_of = |g: &Game, l: CoreLoc| match l {
            CoreLoc::Card(c) => g.owner(c),
            CoreLoc::Reserve(p) | CoreLoc::Life(p) | CoreLoc::Trash(p) | CoreLoc::Count(p) => p,
        };
        let mut moved = 0u32;
        for s in srcs {
            let dest = match &to {
                Place::Void => None,
                Place::Loc(l) => Some(*l),
                Place::Owners(true) => Some(CoreLoc::Reserve(owner_of(g, s))),
                Place::Owners(false) => Some(CoreLoc::Trash(owner_of(g, s))),
                Place::Cards(cs) => match cs.first() {
                    Some(c) => Some(CoreLoc::Card(*c)),
                    None => return Ok(0),
                },
            };
            let here = g.cores_at(s).saturating_sub(keep);
            let want = match n {
                Some(n) if each => n.min(here),
                Some(n) => (n - moved).min(here),
                None => here,
            };
            // A soul core stays with its owner (BS-0.2): across players only ordinary
            // cores move.
            let across = dest.is_some_and(|d| owner_of(g, d) != owner_of(g, s));
            moved += if across {
                g.move_ordinary_cores_n(s, dest, want)
            } else if want > 0 && souls.contains(&s) {
                // Its owner chose to let the soul core go first (ruling C#28, C#171).
                let soul = g.core_at(s, true).expect("asked because it is there");
                g.move_core(soul, dest);
                1 + g.move_cores_n(s, dest, want - 1)
            } else {
                g.move_cores_n(s, dest, want)
            };
        }
        let before = g.st.log.len();
        g.check_depletion(); // BS-5.3
        let gone = g.st.log[before..]
            .iter()
            .filter(|e| matches!(e, crate::rules::battle_spirits::Event::Depleted { .. }))
            .count() as u32;
        rc.destroyed.set(rc.destroyed.get() + gone);
        Ok(i64::from(moved))
    })
}

/// Rulings C#28, C#171: when an effect takes some but not all of a card's cores and the
/// soul core is among them, the cores' owner chooses whether the soul core goes. Asks the
/// owner of each such card (the first option, the default, keeps it) and returns the
/// cards whose soul core goes. Only for `each` moves to the same player's places or the
/// void (a soul core never changes owner, BS-0.2).
fn soul_choices(
    srcs: &[CoreLoc],
    to: &Place,
    n: Option<u32>,
    keep: u32,
    each: bool,
) -> R<Vec<CoreLoc>> {
    if !each {
        return Ok(vec![]);
    }
    let mut out = Vec::new();
    for &s in srcs {
        let CoreLoc::Card(c) = s else { continue };
        let ask = with_ref(|g, _| {
            let owner = g.owner(c);
            let dest_owner = match to {
                Place::Void | Place::Owners(_) => Some(owner),
                Place::Loc(l) => Some(match *l {
                    CoreLoc::Card(x) => g.owner(x),
                    CoreLoc::Reserve(p)
                    | CoreLoc::Life(p)
                    | CoreLoc::Trash(p)
                    | CoreLoc::Count(p) => p,
                }),
                Place::Cards(cs) => cs.first().map(|x| g.owner(*x)),
            };
            let here = g.cores_at(s).saturating_sub(keep);
            let want = n.map_or(here, |n| n.min(here));
            let partial = want > 0 && want < g.cores_at(s);
            (dest_owner == Some(owner) && partial && g.soul_at(s))
                .then(|| (owner, g.name(c).to_string()))
        })?;
        let Some((owner, name)) = ask else { continue };
        let q = Question {
            player: owner,
            prompt: format!("Cores leave {name} {c}: does its soul core go too?"),
            options: vec![
                Labelled {
                    choice: Choice::No,
                    label: format!("Keep the soul core on {name} {c}"),
                },
                Labelled {
                    choice: Choice::Yes,
                    label: "The soul core goes".into(),
                },
            ],
        };
        match with_mut(|g, _| Ok(g.ask(q)))? {
            Some(Choice::Yes) => out.push(s),
            Some(_) => {}
            None => return Err(asked()),
        }
    }
    Ok(out)
}

/// Discards the cards from hand; the ones really discarded join this effect's
/// `discarded()` ("for each card discarded this way", issue 11 kind 6). Returns how many.
fn discard_cards(cs: Vec<InstanceId>) -> R<i64> {
    with_mut(|g, rc| {
        let done: Vec<InstanceId> = cs.into_iter().filter(|c| g.discard(*c)).collect();
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
        "Destroys the cards at once (BS-6.6: \"when destroyed\" first, then trash, cores to the reserve; BS-8.4: effects due at once); returns how many.",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            let n = with_mut(|g, rc| {
                // BS-10.5 / "unaffected by": the effect passes over a card it cannot affect.
                let cs: Vec<InstanceId> = cs
                    .into_iter()
                    .filter(|c| !g.unaffected(*c, rc.card, rc.controller))
                    .collect();
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
        |t: Dynamic| each_by(&t, |g, c, p, by| {
            !g.protected_from(
                c,
                p,
                crate::rules::battle_spirits::script::state::Protect::Exhausted,
                by,
            ) && g.effect_orient(c, true)
        })
    );
    reg!(
        e,
        "refresh",
        ["targets"],
        "Refreshes the cards (a heavily exhausted card becomes exhausted, BS-13.4).",
        |t: Dynamic| each(&t, |g, c, _| g.effect_orient(c, false))
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
        "Returns the cards to their owners' hands (cores to the reserve; not one protected from the opponent's effects returning it).",
        |t: Dynamic| each_by(&t, |g, c, p, by| {
            !g.protected_from(
                c,
                p,
                crate::rules::battle_spirits::script::state::Protect::Returned,
                by,
            ) && g.effect_return_to_hand(c)
        })
    );
    reg!(
        e,
        "add_to_hand",
        ["targets"],
        "Puts the cards into their owners' hands.",
        |t: Dynamic| each(&t, |g, c, _| g.effect_return_to_hand(c))
    );
    reg!(
        e,
        "return_to_deck",
        ["targets", "where: &str"],
        "Returns the cards to the \"top\" or \"bottom\" of their owners' decks.",
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
            each_by(&t, |g, c, p, by| {
                !g.protected_from(
                    c,
                    p,
                    crate::rules::battle_spirits::script::state::Protect::Returned,
                    by,
                ) && g.effect_return_to_deck(c, bottom)
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
        "The cards cannot be destroyed by effects (only the opponent's, if asked) for the duration.",
        |t: Dynamic, o: bool, d: &str| -> R<()> {
            let p = me()?;
            modify(
                &t,
                ModKind::CannotBeDestroyed {
                    by_opponent_only: o,
                    protector: p,
                    by_kind: None,
                },
                d,
            )
        }
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
                },
                d,
            )
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
        "cores_from_void_to",
        ["place", "n: i64"],
        "Places n cores from the void (BS-0.3) on a place (\"reserve\", \"life\", \"opponent_life\", \"trash\") or on each target.",
        |p: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            let locs: Vec<CoreLoc> = match place(&p)? {
                Place::Void => return Err(err("cannot place cores into the void from the void")),
                Place::Owners(true) => vec![CoreLoc::Reserve(me()?)],
                Place::Owners(false) => vec![CoreLoc::Trash(me()?)],
                Place::Loc(l) => vec![l],
                Place::Cards(cs) => cs.into_iter().map(CoreLoc::Card).collect(),
            };
            with_mut(|g, _| {
                for l in &locs {
                    for _ in 0..n {
                        g.core_from_void(false, *l);
                    }
                }
                Ok(i64::from(n) * locs.len() as i64)
            })
        }
    );
    reg!(
        e,
        "move_cores",
        ["from", "to", "n: i64"],
        "Moves n cores (from a place, or from each of the cards → a place, a card or \"void\"); depletion follows (BS-5.3). When some but not all of a card's cores move and its soul core is there, the owner chooses whether the soul core goes.",
        |f: Dynamic, t: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            move_cores_impl(&f, &t, Some(n), 0, true)
        }
    );
    reg!(
        e,
        "move_all_cores",
        ["from", "to"],
        "Moves every core.",
        |f: Dynamic, t: Dynamic| move_cores_impl(&f, &t, None, 0, true)
    );
    reg!(
        e,
        "move_all_cores_but",
        ["from", "to", "n: i64"],
        "Moves all cores but n from each source; the owner of a card holding its soul core chooses whether the soul core goes.",
        |f: Dynamic, t: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            move_cores_impl(&f, &t, None, n, true)
        }
    );
    reg!(
        e,
        "move_cores_up_to",
        ["from", "to", "n: i64"],
        "You choose how many (0..n; −1 = any number) cores to move.",
        |f: Dynamic, t: Dynamic, n: i64| -> R<i64> {
            let opts: Array = (0..=(if n < 0 { 10 } else { n.min(10) }))
                .map(|i| Dynamic::from(format!("{i} cores")))
                .collect();
            let k = one_of_impl(opts)?;
            move_cores_impl(&f, &t, Some(k as u32), 0, true)
        }
    );
    reg!(
        e,
        "pay_cores",
        ["n: i64"],
        "Pays n cores from your reserve to your trash (a cost, BS-5.2). Returns n, or 0 and pays nothing when the reserve holds fewer than n: a cost is paid in full or not at all, and \"if you do\" is gated on it (issue 11 kind 4).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let p = rc.controller;
                if g.reserve(p) < n {
                    return Ok(0);
                }
                Ok(i64::from(g.move_cores_n(
                    CoreLoc::Reserve(p),
                    Some(CoreLoc::Trash(p)),
                    n,
                )))
            })
        }
    );
    reg!(
        e,
        "pay_cores_from",
        ["targets", "n: i64"],
        "Pays n cores from the cards to your trash (a cost); depletion follows (BS-5.3). Returns how many were paid: n, or 0 and pays nothing when the cards hold fewer than n in all (a cost is paid in full or not at all, issue 11 kind 4).",
        |t: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            let cs = targets(&t)?;
            let held: u32 = with_ref(|g, _| {
                cs.iter()
                    .filter(|c| g.on_field(**c))
                    .map(|c| g.cores_at(CoreLoc::Card(*c)))
                    .sum()
            })?;
            if held < n {
                return Ok(0);
            }
            move_cores_impl(
                &t,
                &Dynamic::from(ImmutableString::from("trash")),
                Some(n),
                0,
                false,
            )
        }
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
        "lose_life",
        ["n: i64"],
        "You lose n life (life → reserve); \"after your life is reduced\" follows.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| Ok(i64::from(g.lose_life(rc.controller, n))))
        }
    );
    reg!(
        e,
        "opponent_lose_life",
        ["n: i64"],
        "The opponent loses n life.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| Ok(i64::from(g.lose_life(rc.controller.other(), n))))
        }
    );
    reg!(
        e,
        "gain_life",
        ["n: i64"],
        "You gain n life (cores from the void).",
        |n: i64| -> R<()> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                g.gain_life(rc.controller, n);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "count_plus",
        ["n: i64"],
        "BS-13.2: count +n (cores from the void to your count area).",
        |n: i64| -> R<()> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                g.count_change(rc.controller, i64::from(n));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "count_minus",
        ["n: i64"],
        "BS-13.2: count −n (back to the void).",
        |n: i64| -> R<()> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                g.count_change(rc.controller, -i64::from(n));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "count_area",
        [],
        "BS-13.2: cores in your count area.",
        || -> R<i64> { with_ref(|g, rc| i64::from(g.cores_at(CoreLoc::Count(rc.controller)))) }
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
                // Nothing is skipped silently (issue 11 kind 11): say why a card is not
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
