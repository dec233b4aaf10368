//! The line battle's script API (the contract of): flat functions a card's rhai
//! calls; `this_card()` is the effect's card and "you" its controller. A count `n` is
//! 0..=1000 (a stat change −1000..=1000); outside that the effect fails (`EffectFailed`).
//! An action with nothing to act on logs `EffectInert` with the reason and ends the effect.
//! Mid-script questions: `choose_target(cards)`, `may(prompt)` (decisions of kind
//! `EffectChoice`, see `run.rs`).

use carddb::Line;
use rhai::{Array, Dynamic, Engine, EvalAltResult, FuncRegistration, ImmutableString};

use super::battle::value;
use super::decision::{Choice, DecisionKind, Target};
use super::events::Event;
use super::run::{Running, err, with};
use super::state::{Modifier, Stat, Zone};
use crate::core::{InstanceId, Labelled, PlayerId, Request};

type R<T> = Result<T, Box<EvalAltResult>>;

macro_rules! reg {
    ($e:expr, $name:expr, [$($p:expr),*], $doc:expr, $f:expr) => {
        FuncRegistration::new($name)
            .with_params_info({
                let ps: &[&str] = &[$($p),*];
                ps.iter()
            })
            .with_comments([concat!("/// ", $doc)])
            .register_into_engine($e, $f);
    };
}

fn count(n: i64, lo: i64) -> R<u32> {
    if (lo..=1000).contains(&n) {
        Ok(n.unsigned_abs() as u32)
    } else {
        Err(err(format!("count {n} is outside {lo}..=1000")))
    }
}

fn cards(v: Vec<InstanceId>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

fn me(r: &Running) -> PlayerId {
    r.controller
}

fn on_field(r: &Running, c: InstanceId) -> bool {
    matches!(r.st.zone(c), Zone::Line(..))
}

fn stat_plus(card: InstanceId, n: i64, stat: Stat) -> R<()> {
    count(n.saturating_abs(), 0)?;
    with(|r| {
        if !on_field(r, card) {
            return Err(r.inert(format!("{card} is not on the field")));
        }
        r.st.mods.push(Modifier {
            card,
            stat,
            delta: n,
        });
        let now = value(&r.lib, &r.st, card, stat);
        r.st.emit(Event::StatChanged {
            card,
            stat,
            delta: n,
            now,
        });
        Ok(())
    })
}

fn line_of(p: impl Fn(&Running) -> PlayerId, line: Option<Line>) -> impl Fn() -> R<Array> {
    move || {
        with(|r| {
            let pl = p(r);
            Ok(cards(match line {
                Some(l) => r.st.line(pl, l),
                None => r.st.field(pl),
            }))
        })
    }
}

/// Registers the line battle's script API on `e`.
pub fn register(e: &mut Engine) {
    e.register_type_with_name::<InstanceId>("Card")
        .register_fn("to_string", |c: &mut InstanceId| c.to_string())
        .register_fn("==", |a: InstanceId, b: InstanceId| a == b)
        .register_fn("!=", |a: InstanceId, b: InstanceId| a != b);
    reg!(
        e,
        "this_card",
        [],
        "The card whose effect runs.",
        || -> R<InstanceId> { with(|r| Ok(r.card)) }
    );
    reg!(
        e,
        "draw",
        ["n: i64"],
        "You draw n cards (LB-0.4: from an empty deck you lose).",
        |n: i64| -> R<()> {
            let n = count(n, 0)?;
            with(|r| {
                let p = me(r);
                r.st.draw(p, n);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "gain_lp",
        ["n: i64"],
        "Your master gains n LP.",
        |n: i64| -> R<()> {
            let n = count(n, 0)?;
            with(|r| {
                let p = me(r);
                r.st.change_lp(p, i64::from(n));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "damage_master",
        ["n: i64"],
        "The opponent's master loses n LP (LB-0.4 at 0 or below).",
        |n: i64| -> R<()> {
            let n = count(n, 0)?;
            with(|r| {
                let p = me(r).other();
                r.st.change_lp(p, -i64::from(n));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "gain_dp",
        ["n: i64"],
        "You gain n DP (LB-0.2).",
        |n: i64| -> R<()> {
            let n = count(n, 0)?;
            with(|r| {
                let p = me(r);
                r.st.change_dp(p, i64::from(n));
                Ok(())
            })
        }
    );
    reg!(
        e,
        "at_plus",
        ["card: Card", "n: i64"],
        "The creature gets AT +n until end of turn (n may be negative; the value stays at least 0).",
        |c: InstanceId, n: i64| stat_plus(c, n, Stat::At)
    );
    reg!(
        e,
        "df_plus",
        ["card: Card", "n: i64"],
        "The creature gets DF +n until end of turn.",
        |c: InstanceId, n: i64| stat_plus(c, n, Stat::Df)
    );
    reg!(
        e,
        "sh_plus",
        ["card: Card", "n: i64"],
        "The creature gets SH +n until end of turn.",
        |c: InstanceId, n: i64| stat_plus(c, n, Stat::Sh)
    );
    reg!(
        e,
        "destroy",
        ["card: Card"],
        "Destroys a creature on the field: in a battle phase it waits for the end of battle (LB-4.2), otherwise it goes to the graveyard at once.",
        |c: InstanceId| -> R<()> {
            with(|r| {
                if r.st.destroy(c) {
                    Ok(())
                } else {
                    Err(r.inert(format!("{c} is not on the field")))
                }
            })
        }
    );
    reg!(
        e,
        "cancel_order",
        ["card: Card"],
        "Cancels the creature's attack order (LB-1.3): its attack goes no further, its when-ordered effects not yet run are cancelled, and it is not successful.",
        |c: InstanceId| -> R<()> { with(|r| super::orders::cancel(r, c)) }
    );
    reg!(
        e,
        "at_end_of_battle",
        ["function: &str"],
        "Sets the named function of this effect's script to run at the end of this battle (LB-2.2: an effect that starts counting now and takes effect at LB-5.1), wherever its card is then.",
        |f: ImmutableString| -> R<()> {
            with(|r| {
                let fire = super::state::Fire {
                    card: r.card,
                    effect: r.effect,
                    timing: r.timing,
                    controller: r.controller,
                    from_destroyed: false,
                    func: Some(f.to_string()),
                };
                // A battle in progress always has its end to come (LB-5.1 ends it first).
                match r.st.battle.as_mut() {
                    Some(b) => {
                        b.waiting.push(fire);
                        Ok(())
                    }
                    None => Err(r.inert("there is no battle in progress")),
                }
            })
        }
    );
    reg!(
        e,
        "pass_through",
        ["card: Card"],
        "The attacking creature's attack passes the lines in front of its target (LB-4.3, LB-4.4): it is checked, and it reaches the master, even while creatures stand in front.",
        |c: InstanceId| -> R<()> {
            with(|r| {
                let Some(o) =
                    r.st.battle
                        .as_mut()
                        .and_then(|b| b.orders.iter_mut().find(|o| o.attacker == c && !o.ended))
                else {
                    return Err(r.inert(format!("{c} has no attack order")));
                };
                o.pass = true;
                r.st.emit(Event::PassThrough { card: c });
                Ok(())
            })
        }
    );
    let mine = |r: &Running| r.controller;
    let theirs = |r: &Running| r.controller.other();
    reg!(
        e,
        "my_creatures",
        [],
        "Your creatures on the field (attack line, then defense line).",
        line_of(mine, None)
    );
    reg!(
        e,
        "opponent_creatures",
        [],
        "The opponent's creatures on the field.",
        line_of(theirs, None)
    );
    reg!(
        e,
        "my_attack_line",
        [],
        "Your attack-line creatures.",
        line_of(mine, Some(Line::Attack))
    );
    reg!(
        e,
        "my_defense_line",
        [],
        "Your defense-line creatures.",
        line_of(mine, Some(Line::Defense))
    );
    reg!(
        e,
        "opponent_attack_line",
        [],
        "The opponent's attack-line creatures.",
        line_of(theirs, Some(Line::Attack))
    );
    reg!(
        e,
        "opponent_defense_line",
        [],
        "The opponent's defense-line creatures.",
        line_of(theirs, Some(Line::Defense))
    );
    reg!(
        e,
        "attack_target",
        ["card: Card"],
        "The creature the card's order targets, or () when it attacks the master or has no order.",
        |c: InstanceId| -> R<Dynamic> {
            with(|r| {
                Ok(
                    match r
                        .st
                        .battle
                        .as_ref()
                        .and_then(|b| b.order_of(c))
                        .map(|o| o.target)
                    {
                        Some(Target::Creature(t)) => Dynamic::from(t),
                        _ => Dynamic::UNIT,
                    },
                )
            })
        }
    );
    reg!(
        e,
        "at",
        ["card: Card"],
        "The creature's AT now.",
        |c: InstanceId| -> R<i64> { with(|r| Ok(i64::from(value(&r.lib, &r.st, c, Stat::At)))) }
    );
    reg!(
        e,
        "df",
        ["card: Card"],
        "The creature's DF now.",
        |c: InstanceId| -> R<i64> { with(|r| Ok(i64::from(value(&r.lib, &r.st, c, Stat::Df)))) }
    );
    reg!(
        e,
        "sh",
        ["card: Card"],
        "The creature's SH now.",
        |c: InstanceId| -> R<i64> { with(|r| Ok(i64::from(value(&r.lib, &r.st, c, Stat::Sh)))) }
    );
    reg!(e, "lp", [], "Your master's LP.", || -> R<i64> {
        with(|r| Ok(r.st.lp[r.controller.index()]))
    });
    reg!(
        e,
        "opponent_lp",
        [],
        "The opponent's master's LP.",
        || -> R<i64> { with(|r| Ok(r.st.lp[r.controller.other().index()])) }
    );
    reg!(
        e,
        "choose_target",
        ["cards: Array"],
        "You choose one of the cards (a decision); () when the array holds no card.",
        |a: Array| -> R<Dynamic> {
            let list: Vec<InstanceId> = a
                .iter()
                .filter_map(|d| d.clone().try_cast::<InstanceId>())
                .collect();
            if list.is_empty() {
                return Ok(Dynamic::UNIT);
            }
            with(|r| {
                let who = r.st.card_id(r.card).to_string();
                let request = Request {
                    player: r.controller,
                    kind: DecisionKind::EffectChoice,
                    prompt: format!("{}: choose a target", r.lib.name(&who)),
                    options: list
                        .iter()
                        .map(|&c| Labelled {
                            choice: Choice::Pick { card: c },
                            label: format!("{} ({c})", r.lib.name(r.st.card_id(c))),
                        })
                        .collect(),
                };
                match r.answer(request)? {
                    Choice::Pick { card } => Ok(Dynamic::from(card)),
                    other => Err(err(format!("{other:?} is not a card"))),
                }
            })
        }
    );
    reg!(
        e,
        "may",
        ["prompt: &str"],
        "You decide yes or no (a decision); true for yes.",
        |p: ImmutableString| -> R<bool> {
            with(|r| {
                let request = Request {
                    player: r.controller,
                    kind: DecisionKind::EffectChoice,
                    prompt: p.to_string(),
                    options: vec![
                        Labelled {
                            choice: Choice::Yes,
                            label: "Yes".into(),
                        },
                        Labelled {
                            choice: Choice::No,
                            label: "No".into(),
                        },
                    ],
                };
                Ok(r.answer(request)? == Choice::Yes)
            })
        }
    );
}

/// The line battle's script API as a Markdown table (signature, meaning), generated from
/// the registrations' doc comments, sorted by signature: the source of a reference page.
pub fn api_markdown() -> String {
    let rows = crate::script::api_rows(register);
    let mut out = String::from(
        "# Line battle script API\n\n\
         Generated from `engine::rules::line_battle::api` — do not edit.\n\
         A count `n` is 0..=1000 (a stat change −1000..=1000); outside that the effect fails.\n\n\
         ",
    );
    out.push_str(&crate::script::api_table(&rows));
    out
}
