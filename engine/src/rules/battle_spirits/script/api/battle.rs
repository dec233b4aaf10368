//! Battle primitives: a card joined to the attacker for the battle (BP and symbols
//! shared), a block the defender must declare, where the life cores an attack takes go,
//! magic used during the battle, uses counted per turn (BS-6, BS-8.3), and two conditions
//! keywords are written with: a card condition as printed, and a symbol you control.

use super::*;
use crate::rules::battle_spirits::script::hooks::Whose;
use crate::rules::battle_spirits::script::state::LifeCoreSink;

/// A card condition as printed → its parts: the brave-condition grammar (BS-9.1) reads
/// "a spirit with cost 3 or more", "a red spirit", "a Dragon family spirit"; "cost 3 or
/// more" and "red" are read as "a spirit with …" / "a … spirit".
/// A condition that reached the script in lower case (`keyword_value()` lower-cases
/// words) is read again with its other words capitalised, as family names are printed.
/// Read once per text and thread (keywords ask it on every check).
fn card_condition(text: &str) -> R<dsl::phrases::BraveCondition> {
    thread_local! {
        static READ: std::cell::RefCell<std::collections::BTreeMap<String, Option<dsl::phrases::BraveCondition>>> =
            const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
    }
    let read = READ.with(|m| m.borrow().get(text).cloned());
    let read = match read {
        Some(r) => r,
        None => {
            let r = read_card_condition(text);
            READ.with(|m| {
                let mut m = m.borrow_mut();
                // Texts come from packs and scripts: bound the cache.
                if m.len() > 4096 {
                    m.clear();
                }
                m.insert(text.to_string(), r.clone());
            });
            r
        }
    };
    read.ok_or_else(|| err(format!("the card condition {text:?} is not understood")))
}

fn read_card_condition(text: &str) -> Option<dsl::phrases::BraveCondition> {
    let t = text.trim();
    // A bare number ("4", as imported data writes `Link 4`) is a cost threshold: "cost 4
    // or more", as the base pack reads a single number for Ascend (lib/conditions.rhai).
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return dsl::phrases::parse_brave_condition(&format!("a spirit with cost {t} or more"));
    }
    let mut forms = vec![t.to_string(), capitalised(t)];
    forms.dedup();
    forms
        .iter()
        .flat_map(|t| {
            [
                t.clone(),
                format!("a spirit with {t}"),
                format!("a {t} spirit"),
            ]
        })
        .find_map(|x| dsl::phrases::parse_brave_condition(&x))
}

/// `t` with every word capitalised but the grammar's own words ("a dragon family
/// spirit" → "a Dragon family spirit").
fn capitalised(t: &str) -> String {
    const OWN: &[&str] = &[
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "with",
        "that",
        "cost",
        "costs",
        "more",
        "less",
        "at",
        "least",
        "most",
        "family",
        "spirit",
        "spirits",
        "ultimate",
        "ultimates",
        "red",
        "purple",
        "green",
        "white",
        "yellow",
        "blue",
        "brave",
        "condition:",
    ];
    t.split(' ')
        .map(|w| {
            if OWN.contains(&w) || w.starts_with(|c: char| c.is_ascii_digit()) {
                w.to_string()
            } else {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `c` meets `cond`: a spirit (or an ultimate when allowed), its cost (with its
/// braves, BS-9.2) in range, one of the colours (printed or treated as), one of the
/// families (printed or gained).
fn meets(g: &Game, c: InstanceId, cond: &dsl::phrases::BraveCondition) -> bool {
    let kind = g.def_of(c).kind;
    let colour_ok = |x: &dsl::ast::Colour| {
        let name = format!("{x:?}");
        let mut colours = g.colours_of(c);
        for m in g.mods_of(c).iter() {
            if let ModKind::Colour(k) = m {
                colours.push(*k);
            }
        }
        colours
            .iter()
            .any(|k| format!("{k:?}").eq_ignore_ascii_case(&name))
    };
    (g.is_spirit_like(c) || (cond.ultimates && kind == carddb::CardKind::Ultimate))
        && cond.min_cost.is_none_or(|m| g.cost_of(c) >= m)
        && cond.max_cost.is_none_or(|m| g.cost_of(c) <= m)
        && (cond.colours.is_empty() || cond.colours.iter().any(colour_ok))
        && (cond.families.is_empty() || cond.families.iter().any(|f| g.has_family(c, f)))
}

/// The first card of `t` (`None`: no card).
fn first(t: &Dynamic) -> R<Option<InstanceId>> {
    Ok(targets(t)?.first().copied())
}

/// "each" / "your" / "opponent" → whose life a modifier names. Errors: any other word.
fn whose_each(w: &str) -> R<Whose> {
    Ok(match w {
        "each" => Whose::Either,
        "your" => Whose::Your,
        "opponent" => Whose::Opponent,
        other => {
            return Err(err(format!(
                "expected \"each\", \"your\" or \"opponent\", got {other:?}"
            )));
        }
    })
}

/// `attacks_cannot_reduce_life(_to)`: the modifier on the effect's card (`to`: the life the
/// attacks cannot reduce it to; `None`: not at all).
fn life_kept(q: Query, w: &str, to: Option<u32>, d: &str) -> R<()> {
    let whose = whose_each(w)?;
    let rc = run_ctx()?;
    let kind = ModKind::AttacksCannotReduceLife {
        attackers: q,
        whose,
        protector: rc.controller,
        to,
    };
    keep_on_card(kind, d)
}

pub(super) fn register_battle(e: &mut Engine) {
    reg!(
        e,
        "life_cores_onto_this",
        ["whose: &str", "dur: &str"],
        "For the duration, cores an effect would place into the life of \"each\" player, \"your\" or the \"opponent\"'s are placed on this card instead (BS-8.1 \"instead\"), while it is on the field; then no life is gained. The first such card of the turn player, then of the other, takes them.",
        |w: &str, d: &str| -> R<()> {
            let whose = whose_each(w)?;
            let rc = run_ctx()?;
            let kind = ModKind::LifeCoresHere {
                whose,
                giver: rc.controller,
            };
            keep_on_card(kind, d)
        }
    );
    reg!(
        e,
        "attacks_cannot_reduce_life",
        ["attackers: Query", "whose: &str", "dur: &str"],
        "For the duration, attacks by the cards the query matches when life would be reduced (their BP then) cannot reduce the life of \"each\" player, \"your\" or the \"opponent\"'s (BS-6.5.1): nothing is reduced and LifeKept is logged, so nothing that waits for a life reduced works (ruling C#53). Kept on this card, also off the field (a magic's \"this turn\").",
        |q: Query, w: &str, d: &str| life_kept(q, w, None, d)
    );
    reg!(
        e,
        "attacks_cannot_reduce_life_to",
        ["attackers: Query", "whose: &str", "n: i64", "dur: &str"],
        "As `attacks_cannot_reduce_life`, but the attacks still reduce the life, down to n + 1 only (\"cannot reduce your life to 0\": the last core stays; BS-6.5.1, the digest is silent: what the attack cannot take is kept and LifeKept is logged).",
        |q: Query, w: &str, n: i64, d: &str| life_kept(q, w, Some(nat(n, "n")?), d)
    );
    reg!(
        e,
        "link_for_battle",
        ["attacker", "card"],
        "Joins the card to the attacking spirit for this battle: while both stay on the field the attacker's BP is raised by the card's BP and its symbols by the card's symbols (for life, BS-6.5.1; the field's symbols count each card once, BS-5.2 step 3). One join per battle; it ends at once when either card leaves the field, and with the battle (BS-6.7). Refused — EffectInert with the reason, returns false — unless the attacker is your attacking spirit and the card another of your spirits on the field.",
        |a: Dynamic, c: Dynamic| -> R<bool> {
            let (Some(a), Some(c)) = (first(&a)?, first(&c)?) else {
                return Ok(false); // nothing selected: nothing to join
            };
            if read_only() {
                return Err(err(
                    "`link_for_battle` acts: it cannot be used in a constant effect",
                ));
            }
            with_mut(|g, rc| match g.join_for_battle(a, c, rc.controller) {
                Ok(()) => Ok(true),
                Err(reason) => {
                    g.emit(Event::EffectInert {
                        card: rc.card,
                        effect: rc.effect,
                        reason: format!("cannot join for the battle: {reason}"),
                    });
                    Ok(false)
                }
            })
        }
    );
    reg!(
        e,
        "can_link_for_battle",
        ["attacker", "card"],
        "Whether `link_for_battle(attacker, card)` would join them now (asks nothing, changes nothing).",
        |a: Dynamic, c: Dynamic| -> R<bool> {
            let (Some(a), Some(c)) = (first(&a)?, first(&c)?) else {
                return Ok(false);
            };
            with_ref(|g, rc| {
                g.battle_cards().is_some_and(|(x, _)| x == a)
                    && g.owner(a) == rc.controller
                    && c != a
                    && g.owner(c) == rc.controller
                    && g.on_field(c)
                    && g.is_spirit_like(c)
                    && g.st.scripts.battle_join.is_none()
            })
        }
    );
    reg!(
        e,
        "linked",
        ["targets"],
        "Whether the first card is joined for the battle now (`link_for_battle`), as the attacker or as the joined card.",
        |t: Dynamic| -> R<bool> {
            let Some(c) = first(&t)? else {
                return Ok(false);
            };
            with_ref(|g, _| g.in_join(c))
        }
    );
    reg!(
        e,
        "linked_to",
        ["targets"],
        "The card joined for the battle to the first card (`link_for_battle`), as a query (empty when none).",
        |t: Dynamic| -> R<Query> {
            let c = first(&t)?;
            with_ref(|g, _| {
                q(Base::Cards(
                    c.and_then(|c| g.joined_to(c)).into_iter().collect(),
                ))
            })
        }
    );
    reg!(
        e,
        "must_be_blocked",
        ["targets", "dur: &str"],
        "When the cards attack, the defender must declare a block while one of their spirits can block (BS-6.3: \"do not block\" is not offered then). Declaring a block selects no card by an effect: a spirit protected from being selected may block.",
        |t: Dynamic, d: &str| modify(&t, ModKind::MustBeBlocked, d)
    );
    reg!(
        e,
        "life_cores_to",
        ["targets", "place: &str", "dur: &str"],
        "The life cores the cards' attacks take (BS-6.5.1) go to the defender's \"trash\", the \"void\" (BS-0.3) or their \"reserve\" (the rule) instead; the latest such effect wins. The life is reduced all the same.",
        |t: Dynamic, p: &str, d: &str| {
            let sink = LifeCoreSink::parse(p).ok_or_else(|| {
                err(format!(
                    "place must be \"reserve\", \"trash\" or \"void\", got {p:?}"
                ))
            })?;
            modify(&t, ModKind::LifeCoresTo(sink), d)
        }
    );
    reg!(
        e,
        "magic_used_this_battle",
        [],
        "The magic cards you used (BS-5.5) during the current battle that are in your trash now, as a query (a card that went elsewhere is not in it).",
        || -> R<Query> {
            with_ref(|g, rc| {
                let p = rc.controller;
                q(Base::Cards(
                    g.st.scripts
                        .battle_magic
                        .iter()
                        .filter(|(c, user)| *user == p && g.zone_of(*c) == Zone::Trash(p))
                        .map(|(c, _)| *c)
                        .collect(),
                ))
            })
        }
    );
    reg!(
        e,
        "use_per_turn",
        ["n: i64"],
        "BS-8.3: true, counting one use, while this effect of this card instance has been used fewer than n times this turn; false after (nothing counted). In a constant effect: true, nothing counted.",
        |n: i64| -> R<bool> {
            let n = nat(n, "n")?;
            if read_only() {
                return Ok(true);
            }
            with_mut(|g, rc| {
                let turn = g.st.turn;
                let uses = &mut g.st.scripts.uses;
                uses.retain(|u| u.2 == turn); // earlier turns' counts are over (BS-7.1)
                match uses.iter_mut().find(|u| u.0 == rc.card && u.1 == rc.effect) {
                    Some(u) if u.3 >= n => Ok(false),
                    Some(u) => {
                        u.3 += 1;
                        Ok(true)
                    }
                    None if n == 0 => Ok(false),
                    None => {
                        uses.push((rc.card, rc.effect, turn, 1));
                        Ok(true)
                    }
                }
            })
        }
    );
    reg!(
        e,
        "uses_this_turn",
        [],
        "BS-8.3: how many uses `use_per_turn` counted this turn for this effect of this card instance.",
        || -> R<i64> {
            with_ref(|g, rc| {
                g.st.scripts
                    .uses
                    .iter()
                    .find(|u| u.0 == rc.card && u.1 == rc.effect && u.2 == g.st.turn)
                    .map_or(0, |u| i64::from(u.3))
            })
        }
    );
    reg!(
        e,
        "meets_condition",
        ["targets", "condition: &str"],
        "Whether there is a card and every one meets the card condition written as printed (the brave-condition grammar, BS-9.1: \"a spirit with cost 3 or more\", \"a red spirit\", \"a Dragon family spirit\"; \"cost 3 or more\" and \"red\" alone too; a bare number \"4\" is \"cost 4 or more\"): a spirit (or ultimate when it says so), cost with its braves (BS-9.2), colours treated as, families gained. A condition not understood throws (EffectFailed names it).",
        |t: Dynamic, cond: &str| -> R<bool> {
            let parsed = card_condition(cond)?;
            let cs = targets(&t)?;
            with_ref(|g, _| !cs.is_empty() && cs.iter().all(|c| meets(g, *c, &parsed)))
        }
    );
    reg!(
        e,
        "controls_symbol",
        ["colours"],
        "Whether your field has at least one symbol of the colour (a colour name, or an array of names: any of them); a multi-colour symbol counts for each of its colours (BS-5.2 step 3).",
        |cols: Dynamic| -> R<bool> {
            let names: Vec<String> = match cols.clone().try_cast::<Array>() {
                Some(a) => a.iter().map(|x| x.to_string()).collect(),
                None => vec![cols.to_string()],
            };
            let mut want = Vec::new();
            for n in &names {
                want.push(
                    carddb::Colour::ALL
                        .iter()
                        .copied()
                        .find(|x| format!("{x:?}").eq_ignore_ascii_case(n))
                        .ok_or_else(|| err(format!("unknown colour {n:?}")))?,
                );
            }
            with_ref(|g, rc| {
                let s = g.field_symbols(rc.controller);
                want.iter().any(|c| {
                    s.colours.get(c).is_some_and(|n| *n > 0)
                        || s.multi.iter().any(|m| m.contains(c))
                })
            })
        }
    );
}
