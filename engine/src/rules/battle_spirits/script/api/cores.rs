//! Actions of effects on cores (from the void, moved, paid), life and counts (rule-checked,
//! the same events as the rules).

use super::*;
use crate::rules::battle_spirits::script::Protect;
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

/// Where cores are taken from: `from` as a source of cores.
fn sources(from: &Dynamic) -> R<Vec<CoreLoc>> {
    Ok(match place(from)? {
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
    })
}

/// Moves cores from `from` to `to`: `n` from each source card when `each` ("one core from
/// each of them"), else `n` in all; `None`: all but `keep`. The spirits this leaves without
/// enough cores go at once (BS-5.3) and count as destroyed by this effect
/// (`destroyed_by_this_effect`, rulings-cards.json #27).
fn move_cores_impl(from: &Dynamic, to: &Dynamic, n: Option<u32>, keep: u32, each: bool) -> R<i64> {
    move_cores_of(from, to, n, keep, each, false)
}

/// [`move_cores_impl`]; `ordinary`: the soul core never moves (BS-0.2, "cores that are not
/// a "Soul Core"").
fn move_cores_of(
    from: &Dynamic,
    to: &Dynamic,
    n: Option<u32>,
    keep: u32,
    each: bool,
    ordinary: bool,
) -> R<i64> {
    let srcs = sources(from)?;
    let to = place(to)?;
    // "Cannot have its cores removed by your opponent's effects": to any place (ruling
    // C#45); the other sources still give theirs.
    let srcs: Vec<CoreLoc> = with_mut(|g, rc| {
        let by = Some(rc.actor());
        Ok((srcs.into_iter())
            .filter(|s| match *s {
                CoreLoc::Card(c) => {
                    g.cores_at(*s) == 0 || !g.prevented(c, Protect::CoresRemoved, by)
                }
                _ => true,
            })
            .collect())
    })?;
    let souls = if ordinary {
        Vec::new()
    } else {
        soul_choices(&srcs, &to, n, keep, each)?
    };
    with_mut(|g, rc| {
        let owner_of = |g: &Game, l: CoreLoc| match l {
            CoreLoc::Card(c) => g.owner(c),
            CoreLoc::Reserve(p) | CoreLoc::Life(p) | CoreLoc::Trash(p) | CoreLoc::Count(p) => p,
        };
        let mut moved = 0u32;
        for s in srcs {
            let dest = match &to {
                Place::Void => None,
                Place::Loc(l) => Some(g.life_dest(*l)),
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
            let had_soul = g.soul_at(s);
            moved += if across || ordinary {
                g.move_ordinary_cores_n(s, dest, want)
            } else if want > 0 && souls.contains(&s) {
                // Its owner chose to let the soul core go first (ruling C#28, C#171).
                let soul = g.core_at(s, true).expect("asked because it is there");
                g.move_core(soul, dest);
                1 + g.move_cores_n(s, dest, want - 1)
            } else {
                g.move_cores_n(s, dest, want)
            };
            if had_soul && !g.soul_at(s) {
                rc.soul_moved.set(true);
            }
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

pub(super) fn register_cores(e: &mut Engine) {
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
                    // BS-8.1: cores for a life may go on a card instead (`life_dest`).
                    let l = &g.life_dest(*l);
                    for _ in 0..n {
                        g.core_from_void(false, *l);
                    }
                    // Cores placed into a life increase it, as `gain_life` (BS-0.3).
                    if let CoreLoc::Life(p) = l
                        && n > 0
                    {
                        g.watch(WatchKind::LifeIncreases, None, *p, n);
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
        "move_ordinary_cores",
        ["from", "to", "n: i64"],
        "Moves n cores that are not the soul core (from a place, or from each of the cards → a place, a card or \"void\"): \"two cores from your trash that are not a \"Soul Core\"\" (BS-0.2); depletion follows (BS-5.3).",
        |f: Dynamic, t: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            move_cores_of(&f, &t, Some(n), 0, true, true)
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
        "You choose how many (0..n; −1 = any number) cores to move from each source: never more than a source holds (\"any number of cores from your reserve\" offers up to all of it).",
        |f: Dynamic, t: Dynamic, n: i64| -> R<i64> {
            let srcs = sources(&f)?;
            let most = with_ref(|g, _| {
                (srcs.iter().map(|s| i64::from(g.cores_at(*s))).max()).unwrap_or(0)
            })?;
            let top = match n {
                -1 => most,
                n => i64::from(nat(n, "n (or -1 for any number)")?).min(most),
            };
            let opts: Array = (0..=top)
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
        "Pays n cores from your reserve to your trash (a cost, BS-5.2). Returns n, or 0 and pays nothing when the reserve holds fewer than n: a cost is paid in full or not at all, and \"if you do\" is gated on it.",
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
        "Pays n cores from the cards to your trash (a cost); depletion follows (BS-5.3). Returns how many were paid: n, or 0 and pays nothing when the cards hold fewer than n in all (a cost is paid in full or not at all).",
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
}
