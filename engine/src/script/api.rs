//! The script API: every function a card script may call, registered flat and named in
//! the game's words (`draw`, `destroy`, `bp_plus`), the contract of
//! `dsl/SCRIPT_API_USED.md`. Actions go through the rule-checked game actions
//! (`actions.rs`) and emit the same events as the built-in rules; spirit queries never
//! match ultimates (BS-12.3). Functions the engine cannot support yet are registered too:
//! they log one `EffectInert` event naming the function and end the effect.
//! `docs/script-api.md` is generated from these registrations.

use rhai::{Array, Dynamic, Engine, EvalAltResult, FnPtr, FuncRegistration, ImmutableString};

use super::ctx::{err, read_only, run_ctx, with_mut, with_ref};
use super::hooks::Trigger;
use super::query::{Base, Filter, Query};
use super::run::{ASKED, STOP};
use super::state::{ModKind, Question, SubEvent, SubTrigger, Until, Value};
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::{Choice, CoreLoc, Event, Game, Zone};

type R<T> = Result<T, Box<EvalAltResult>>;

/// A sub-trigger event value (`ev_destroyed(…)`), passed to `when`.
#[derive(Debug, Clone)]
pub struct EventSpec(pub SubEvent);

fn asked() -> Box<EvalAltResult> {
    err(ASKED)
}

fn me() -> R<PlayerId> {
    Ok(run_ctx()?.controller)
}

fn this() -> R<InstanceId> {
    Ok(run_ctx()?.this)
}

fn nat(n: i64, what: &str) -> R<u32> {
    u32::try_from(n).map_err(|_| err(format!("{what} must be 0 or more, got {n}")))
}

/// A `Query`, a `Card` or an array of cards → the cards.
fn cards_of(g: &Game, d: &Dynamic) -> R<Vec<InstanceId>> {
    if let Some(q) = d.clone().try_cast::<Query>() {
        return Ok(q.eval(g));
    }
    if let Some(c) = d.clone().try_cast::<InstanceId>() {
        return Ok(vec![c]);
    }
    if d.is_unit() {
        return Ok(Vec::new());
    }
    if let Some(a) = d.clone().try_cast::<Array>() {
        let mut v = Vec::new();
        for x in a {
            v.extend(cards_of(g, &x)?);
        }
        return Ok(v);
    }
    Err(err(format!(
        "expected cards (a query, a card or an array of cards), got {}",
        d.type_name()
    )))
}

fn targets(d: &Dynamic) -> R<Vec<InstanceId>> {
    with_ref(|g, _| cards_of(g, d))?
}

fn to_array(v: Vec<InstanceId>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

/// A captured value → a saved value.
fn to_value(d: &Dynamic) -> R<Value> {
    let d = d.flatten_clone();
    Ok(if d.is_unit() {
        Value::Unit
    } else if let Ok(b) = d.as_bool() {
        Value::Bool(b)
    } else if let Ok(i) = d.as_int() {
        Value::Int(i)
    } else if let Some(s) = d.clone().try_cast::<ImmutableString>() {
        Value::Str(s.to_string())
    } else if let Some(c) = d.clone().try_cast::<InstanceId>() {
        Value::Card(c)
    } else if let Some(q) = d.clone().try_cast::<Query>() {
        Value::Query(q)
    } else if let Some(a) = d.clone().try_cast::<Array>() {
        Value::Array(a.iter().map(to_value).collect::<R<_>>()?)
    } else {
        return Err(err(format!(
            "a `when` closure cannot keep a value of type {}",
            d.type_name()
        )));
    })
}

/// A saved value → a script value.
pub(crate) fn to_dynamic(v: &Value) -> Dynamic {
    match v {
        Value::Unit => Dynamic::UNIT,
        Value::Bool(b) => (*b).into(),
        Value::Int(i) => (*i).into(),
        Value::Str(s) => s.clone().into(),
        Value::Card(c) => Dynamic::from(*c),
        Value::Query(q) => Dynamic::from(q.clone()),
        Value::Array(a) => Dynamic::from_array(a.iter().map(to_dynamic).collect()),
    }
}

fn subject(d: &Dynamic) -> R<Query> {
    if let Some(q) = d.clone().try_cast::<Query>() {
        return Ok(q);
    }
    Ok(Query::of(Base::Cards(targets(d)?)))
}

/// Logs that a function is not supported yet and ends the effect (one event).
fn unsupported(name: &str) -> R<Dynamic> {
    let rc = run_ctx()?;
    let reason = format!("`{name}` is not supported yet");
    if !read_only() {
        with_mut(|g, _| {
            g.emit(Event::EffectInert {
                card: rc.card,
                effect: rc.effect,
                reason,
            });
            Ok(())
        })?;
    }
    Err(err(STOP))
}

// ---- choosing ------------------------------------------------------------------------

/// Asks `chooser` to pick between `min` and `max` of `cands`, one card per decision.
fn pick(
    chooser: PlayerId,
    cands: Vec<InstanceId>,
    min: usize,
    max: usize,
    what: &str,
) -> R<Vec<InstanceId>> {
    pick_within(chooser, cands, min, max, what, None)
}

/// A limit on the total of the chosen cards: (`true` BP / `false` cost, at most).
type Budget = Option<(bool, i64)>;

fn pick_within(
    chooser: PlayerId,
    cands: Vec<InstanceId>,
    min: usize,
    max: usize,
    what: &str,
    budget: Budget,
) -> R<Vec<InstanceId>> {
    let max = max.min(cands.len());
    let min = min.min(max);
    if cands.len() <= min && budget.is_none() {
        return Ok(cands);
    }
    let value = |g: &Game, c: InstanceId, bp: bool| -> i64 {
        if bp {
            i64::from(g.bp(c))
        } else {
            i64::from(g.cost_of(c)) // BS-9.2
        }
    };
    let mut picked: Vec<InstanceId> = Vec::new();
    while picked.len() < max {
        let rest: Vec<InstanceId> = with_ref(|g, _| {
            let spent: i64 =
                budget.map_or(0, |(bp, _)| picked.iter().map(|c| value(g, *c, bp)).sum());
            cands
                .iter()
                .copied()
                .filter(|c| !picked.contains(c))
                .filter(|c| budget.is_none_or(|(bp, limit)| spent + value(g, *c, bp) <= limit))
                .collect()
        })?;
        if rest.is_empty() {
            break;
        }
        if picked.len() + rest.len() <= min {
            picked.extend(rest);
            break;
        }
        let answer = with_mut(|g, _| {
            let mut options: Vec<Labelled<Choice>> = rest
                .iter()
                .map(|c| Labelled {
                    choice: Choice::Target { card: *c },
                    label: format!("{} {c}", g.name(*c)),
                })
                .collect();
            if picked.len() >= min {
                options.push(Labelled {
                    choice: Choice::DoneChoosing,
                    label: "Done choosing".into(),
                });
            }
            Ok(g.ask(Question {
                player: chooser,
                prompt: format!(
                    "{what}: choose a card ({} of up to {max} chosen)",
                    picked.len()
                ),
                options,
            }))
        })?;
        match answer {
            Some(Choice::Target { card }) => picked.push(card),
            Some(_) => break,
            None => return Err(asked()),
        }
    }
    Ok(picked)
}

fn choose_impl(q: &Dynamic, min: usize, max: usize, opponent: bool) -> R<Array> {
    let cands = targets(q)?;
    let p = if opponent { me()?.other() } else { me()? };
    // `.combined_bp_at_most(x)` / `.combined_cost_at_most(x)` limit the chosen total.
    let budget = q.clone().try_cast::<Query>().and_then(|q| {
        q.filters.iter().find_map(|f| match f {
            Filter::CombinedAtMost(bp, x) => Some((*bp, *x)),
            _ => None,
        })
    });
    Ok(to_array(pick_within(
        p,
        cands,
        min,
        max,
        "Choose targets",
        budget,
    )?))
}

fn may_impl(question: &str) -> R<bool> {
    let p = me()?;
    let a = with_mut(|g, _| {
        Ok(g.ask(Question {
            player: p,
            prompt: question.to_string(),
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
        }))
    })?;
    match a {
        Some(c) => Ok(c == Choice::Yes),
        None => Err(asked()),
    }
}

fn activate_impl(which: &str, pay: bool) -> R<bool> {
    let t = match which {
        "main" => Trigger::Main,
        "flash" => Trigger::Flash,
        other => {
            return Err(err(format!(
                "expected \"main\" or \"flash\", got {other:?}"
            )));
        }
    };
    with_mut(|g, rc| {
        if pay {
            g.pay_to_activate(rc.card, rc.controller, t)
                .map_err(|()| asked())
        } else {
            Ok(g.activate_free(rc.card, rc.controller, t))
        }
    })
}

fn one_of_impl(options: Array) -> R<i64> {
    let p = me()?;
    let labels: Vec<String> = options.iter().map(|d| d.to_string()).collect();
    if labels.is_empty() {
        return Err(err("choose_one needs at least one option"));
    }
    let a = with_mut(|g, _| {
        Ok(g.ask(Question {
            player: p,
            prompt: "Choose one".into(),
            options: labels
                .iter()
                .enumerate()
                .map(|(i, l)| Labelled {
                    choice: Choice::OneOf { index: i as u32 },
                    label: l.clone(),
                })
                .collect(),
        }))
    })?;
    match a {
        Some(Choice::OneOf { index }) => Ok(i64::from(index)),
        _ => Err(asked()),
    }
}

// ---- places for cores ----------------------------------------------------------------

enum Place {
    Void,
    Loc(CoreLoc),
    Cards(Vec<InstanceId>),
    /// The reserve (`true`) or trash of whoever owns the cores' source.
    Owners(bool),
}

fn place(d: &Dynamic) -> R<Place> {
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
        Place::Owners(_) => return Err(err("cores cannot come from \"owners_…\"")),
        Place::Loc(l) => vec![l],
        Place::Cards(cs) => cs.into_iter().map(CoreLoc::Card).collect(),
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

// ---- registration ---------------------------------------------------------------------

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

fn q(base: Base) -> Query {
    Query::of(base)
}

fn players(which: &str) -> R<Vec<PlayerId>> {
    let p = me()?;
    Ok(match which {
        "my" => vec![p],
        "opponent" => vec![p.other()],
        _ => vec![p, p.other()],
    })
}

fn zones(which: &str, z: fn(PlayerId) -> Zone) -> R<Query> {
    Ok(q(Base::Zones(players(which)?.into_iter().map(z).collect())))
}

fn first_card(q: &Query) -> R<InstanceId> {
    with_ref(|g, _| q.eval(g).first().copied())?.ok_or_else(|| err("the query matches no card"))
}

fn dur(s: &str) -> R<Until> {
    Until::parse(s).ok_or_else(|| {
        err(format!(
            "duration must be \"turn\", \"battle\" or \"while\", got {s:?}"
        ))
    })
}

/// Applies a modifier: stored with its duration, or collected by a constant effect.
fn modify(t: &Dynamic, kind: ModKind, d: &str) -> R<()> {
    let until = dur(d)?;
    let cs = targets(t)?;
    if read_only() {
        let rc = run_ctx()?;
        rc.collected
            .borrow_mut()
            .extend(cs.into_iter().map(|c| (c, kind.clone())));
        return Ok(());
    }
    with_mut(|g, _| {
        for c in cs {
            if g.on_field(c) {
                // A "while" modifier given by a triggered effect lasts the turn.
                let u = if until == Until::While {
                    Until::Turn
                } else {
                    until
                };
                g.add_modifier(c, kind.clone(), u);
            }
        }
        Ok(())
    })
}

fn each(t: &Dynamic, f: impl Fn(&mut Game, InstanceId, PlayerId) -> bool) -> R<i64> {
    let cs = targets(t)?;
    with_mut(|g, rc| {
        let mut n = 0;
        for c in cs {
            // BS-10.5 / "unaffected by": the effect passes over a card it cannot affect.
            if g.unaffected(c, rc.card, rc.controller) {
                continue;
            }
            if f(g, c, rc.controller) {
                n += 1;
            }
        }
        Ok(n)
    })
}

fn ev(e: SubEvent) -> EventSpec {
    EventSpec(e)
}

/// Registers the script API on `e`.
pub fn register(e: &mut Engine) {
    e.register_type_with_name::<InstanceId>("Card")
        .register_fn("to_string", |c: &mut InstanceId| c.to_string())
        .register_fn("==", |a: InstanceId, b: InstanceId| a == b);
    e.register_type_with_name::<Query>("Query");
    e.register_type_with_name::<EventSpec>("Event");
    register_queries(e);
    register_filters(e);
    register_choices(e);
    register_actions(e);
    register_conditions(e);
    register_subtriggers(e);
    register_unsupported(e);
    register_more(e);
}

fn register_more(e: &mut Engine) {
    reg!(
        e,
        "combined_bp_at_most",
        ["q: Query", "x: i64"],
        "A choice from this query must total at most x BP (with `choose_targets_any_number`).",
        |q: Query, x: i64| q.with(Filter::CombinedAtMost(true, x))
    );
    reg!(
        e,
        "combined_cost_at_most",
        ["q: Query", "x: i64"],
        "A choice from this query must total at most x cost.",
        |q: Query, x: i64| q.with(Filter::CombinedAtMost(false, x))
    );
    reg!(
        e,
        "ev_blocks",
        ["subject"],
        "Event: the subject blocks (BS-6.3).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Blocks {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_summoned",
        ["subject"],
        "Event: the subject is summoned (BS-5.1).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Summoned {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_lose_life",
        [],
        "Event: your life is reduced (BS-6.5.1, or by an effect).",
        || -> R<EventSpec> { Ok(ev(SubEvent::LifeReduced { opponent: false })) }
    );
    reg!(
        e,
        "ev_opponent_loses_life",
        [],
        "Event: the opponent's life is reduced.",
        || -> R<EventSpec> { Ok(ev(SubEvent::LifeReduced { opponent: true })) }
    );
    reg!(
        e,
        "treat_as_colour",
        ["targets", "colour: &str", "dur: &str"],
        "The cards are also treated as that colour for the duration (\"while\" in constant effects).",
        |t: Dynamic, c: &str, d: &str| -> R<()> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            modify(&t, ModKind::Colour(col), d)
        }
    );
    reg!(
        e,
        "mill",
        ["n: i64"],
        "Puts the top n cards of your deck into your trash (they become `discarded()`).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let v = g.mill(rc.controller, n);
                let k = v.len() as i64;
                rc.milled.borrow_mut().extend(v);
                Ok(k)
            })
        }
    );
    reg!(
        e,
        "opponent_mill",
        ["n: i64"],
        "Puts the top n cards of the opponent's deck into their trash (they become `discarded()`).",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let v = g.mill(rc.controller.other(), n);
                let k = v.len() as i64;
                rc.milled.borrow_mut().extend(v);
                Ok(k)
            })
        }
    );
    reg!(
        e,
        "discarded",
        [],
        "The cards this effect put from a deck into the trash (see `mill`), as a query.",
        || -> R<Query> { Ok(Query::of(Base::Cards(run_ctx()?.milled.borrow().clone()))) }
    );
    reg!(
        e,
        "len",
        ["q: Query"],
        "Number of matching cards (as `count`).",
        |q: Query| -> R<i64> { with_ref(|g, _| q.eval(g).len() as i64) }
    );
    reg!(
        e,
        "opponent_draw",
        ["n: i64"],
        "The opponent draws n cards.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let mut k = 0;
                for _ in 0..n {
                    if g.draw(rc.controller.other()) {
                        k += 1;
                    }
                }
                Ok(k)
            })
        }
    );
    reg!(
        e,
        "shuffle_deck",
        [],
        "Shuffles your deck (the game's seeded rng).",
        || -> R<()> {
            with_mut(|g, rc| {
                g.shuffle_deck(rc.controller);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "opponent_discard",
        ["n: i64"],
        "The opponent discards n cards of their choice from their hand.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?.other();
            let hand = with_ref(|g, _| g.pile(Zone::Hand(p)).to_vec())?;
            let cs = pick(p, hand, n, n, "Discard")?;
            with_mut(|g, _| Ok(cs.iter().filter(|c| g.discard(**c)).count() as i64))
        }
    );
    reg!(
        e,
        "opponent_discard_matching",
        ["q: Query", "n: i64"],
        "The opponent discards n hand cards matching the query, of their choice.",
        |q: Query, n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?.other();
            let hand: Vec<InstanceId> = with_ref(|g, _| {
                q.eval(g)
                    .into_iter()
                    .filter(|c| g.zone_of(*c) == Zone::Hand(p))
                    .collect()
            })?;
            let cs = pick(p, hand, n, n, "Discard")?;
            with_mut(|g, _| Ok(cs.iter().filter(|c| g.discard(**c)).count() as i64))
        }
    );
    reg!(
        e,
        "or",
        ["q: Query", "other: Query"],
        "Union of two queries (\"… or one of their nexuses\").",
        |a: Query, b: Query| Query::of(Base::Union(vec![a, b]))
    );
    reg!(
        e,
        "bp_is",
        ["q: Query", "x: i64"],
        "BP = x (field cards).",
        |q: Query, x: i64| q.with(Filter::BpIs(x))
    );
    reg!(
        e,
        "is_step",
        ["whose: &str", "step: &str"],
        "Whether the current step is that step (\"main\", \"attack\", …) of \"your\" / \"opponent\" / \"either\" turn.",
        |w: &str, s: &str| -> R<bool> {
            with_ref(|g, rc| {
                let whose = match w {
                    "your" => g.active() == rc.controller,
                    "opponent" => g.active() != rc.controller,
                    _ => true,
                };
                whose && g.st.scripts.step.is_some_and(|st| st.name().starts_with(s))
            })
        }
    );
    reg!(
        e,
        "ev_uses_magic",
        ["whose: &str", "q"],
        "Event the engine cannot watch yet: `when` with it is inert.",
        |_w: &str, _q: Dynamic| ev(SubEvent::Unsupported("ev_uses_magic".into()))
    );
}

fn register_queries(e: &mut Engine) {
    reg!(
        e,
        "my_spirits",
        [],
        "Your spirits (and braves) on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("my")?))) }
    );
    reg!(
        e,
        "opponent_spirits",
        [],
        "The opponent's spirits on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("opponent")?))) }
    );
    reg!(
        e,
        "all_spirits",
        [],
        "Every spirit on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("all")?))) }
    );
    reg!(
        e,
        "my_ultimates",
        [],
        "Your ultimates on the field (BS-12.3: only effects naming ultimates affect them).",
        || -> R<Query> { Ok(q(Base::Ultimates(players("my")?))) }
    );
    reg!(
        e,
        "opponent_ultimates",
        [],
        "The opponent's ultimates on the field.",
        || -> R<Query> { Ok(q(Base::Ultimates(players("opponent")?))) }
    );
    reg!(e, "my_nexuses", [], "Your nexuses.", || -> R<Query> {
        Ok(q(Base::Nexuses(players("my")?)))
    });
    reg!(
        e,
        "opponent_nexuses",
        [],
        "The opponent's nexuses.",
        || -> R<Query> { Ok(q(Base::Nexuses(players("opponent")?))) }
    );
    reg!(e, "all_nexuses", [], "Every nexus.", || -> R<Query> {
        Ok(q(Base::Nexuses(players("all")?)))
    });
    reg!(
        e,
        "my_field",
        [],
        "Every card on your field.",
        || -> R<Query> { Ok(q(Base::Field(players("my")?))) }
    );
    reg!(
        e,
        "opponent_field",
        [],
        "Every card on the opponent's field.",
        || -> R<Query> { Ok(q(Base::Field(players("opponent")?))) }
    );
    reg!(
        e,
        "all_field",
        [],
        "Every card on the field.",
        || -> R<Query> { Ok(q(Base::Field(players("all")?))) }
    );
    reg!(e, "my_trash", [], "Cards in your trash.", || zones(
        "my",
        Zone::Trash
    ));
    reg!(
        e,
        "opponent_trash",
        [],
        "Cards in the opponent's trash.",
        || zones("opponent", Zone::Trash)
    );
    reg!(e, "all_trash", [], "Cards in both trashes.", || zones(
        "all",
        Zone::Trash
    ));
    reg!(e, "my_hand", [], "Cards in your hand.", || zones(
        "my",
        Zone::Hand
    ));
    reg!(
        e,
        "opponent_hand",
        [],
        "Cards in the opponent's hand.",
        || zones("opponent", Zone::Hand)
    );
    reg!(e, "all_hand", [], "Cards in both hands.", || zones(
        "all",
        Zone::Hand
    ));
    reg!(
        e,
        "my_tecoto",
        [],
        "Cards in your tecoto (BS-13.1).",
        || zones("my", Zone::Tecoto)
    );
    reg!(
        e,
        "deck_top",
        ["n: i64"],
        "The top n cards of your deck, top first (e.g. `put_into_tecoto(deck_top(1))`, BS-13.1).",
        |n: i64| -> R<Query> {
            let p = me()?;
            let n = usize::try_from(n).unwrap_or(0);
            let top = with_ref(|g, _| {
                g.pile(Zone::Deck(p))
                    .iter()
                    .rev()
                    .take(n)
                    .copied()
                    .collect()
            })?;
            Ok(q(Base::Cards(top)))
        }
    );
    reg!(
        e,
        "this_card",
        [],
        "This card (a query of one card; usable as targets).",
        || -> R<Query> { Ok(q(Base::Cards(vec![this()?]))) }
    );
    reg!(
        e,
        "attacking_spirit",
        [],
        "The attacking spirit of the current battle (BS-6.1).",
        || q(Base::Attacker)
    );
    reg!(
        e,
        "blocking_spirit",
        [],
        "The blocking spirit of the current battle (BS-6.3).",
        || q(Base::Blocker)
    );
    reg!(
        e,
        "event_cards",
        [],
        "Inside a `when` closure or a triggered effect: the card(s) the event is about, as a query.",
        || -> R<Query> { Ok(Query::of(Base::Cards(run_ctx()?.event_cards.clone()))) }
    );
    reg!(
        e,
        "cards",
        ["q: Query"],
        "The cards a query matches now, as an array.",
        |q: Query| -> R<Array> { Ok(to_array(with_ref(|g, _| q.eval(g))?)) }
    );
}

fn register_filters(e: &mut Engine) {
    use carddb::CardKind as K;
    macro_rules! filt {
        ($name:expr, $doc:expr, $f:expr) => {
            reg!(e, $name, ["q: Query"], $doc, move |q: Query| -> Query {
                q.with($f)
            });
        };
        ($name:expr, $arg:ty, $doc:expr, $f:expr) => {
            reg!(e, $name, ["q: Query", "x"], $doc, move |q: Query,
                                                          x: $arg|
                  -> Query {
                q.with($f(x))
            });
        };
    }
    filt!(
        "spirit_cards",
        "Only spirit cards (and braves).",
        Filter::Kind(vec![K::Spirit, K::Brave])
    );
    filt!(
        "magic_cards",
        "Only magic cards.",
        Filter::Kind(vec![K::Magic])
    );
    filt!(
        "nexus_cards",
        "Only nexus cards.",
        Filter::Kind(vec![K::Nexus])
    );
    filt!(
        "ultimate_cards",
        "Only ultimate cards.",
        Filter::Kind(vec![K::Ultimate])
    );
    filt!("bp_at_most", i64, "BP ≤ x (field cards).", Filter::BpAtMost);
    filt!(
        "bp_at_least",
        i64,
        "BP ≥ x (field cards).",
        Filter::BpAtLeast
    );
    filt!("cost_at_most", i64, "Cost ≤ x.", Filter::CostAtMost);
    filt!("cost_at_least", i64, "Cost ≥ x.", Filter::CostAtLeast);
    filt!("cost_is", i64, "Cost = x.", |x| Filter::CostIn(vec![x]));
    filt!(
        "cost_in",
        Array,
        "Cost is one of the listed numbers.",
        |a: Array| Filter::CostIn(a.iter().filter_map(|d| d.as_int().ok()).collect())
    );
    filt!(
        "family",
        Array,
        "Belongs to any of the families (spirit types).",
        |a: Array| Filter::Family(a.iter().map(|d| d.to_string()).collect())
    );
    filt!(
        "name_contains",
        ImmutableString,
        "Card name contains the text.",
        |s: ImmutableString| Filter::NameContains(s.to_string())
    );
    filt!(
        "named",
        ImmutableString,
        "A card with exactly that name.",
        |s: ImmutableString| Filter::Named(s.to_string())
    );
    filt!("symbols", i64, "Exactly n symbols.", Filter::Symbols);
    filt!("cores", i64, "Exactly n cores on it.", Filter::Cores);
    filt!(
        "cores_at_most",
        i64,
        "n or fewer cores on it.",
        Filter::CoresAtMost
    );
    filt!(
        "cores_at_least",
        i64,
        "n or more cores on it.",
        Filter::CoresAtLeast
    );
    filt!("level", i64, "At level n.", Filter::Level);
    filt!(
        "level_at_least",
        i64,
        "At level n or higher.",
        Filter::LevelAtLeast
    );
    filt!(
        "has_keyword",
        ImmutableString,
        "Has the keyword (printed or gained).",
        |s: ImmutableString| Filter::HasKeyword(s.to_string(), true)
    );
    filt!(
        "lacks_keyword",
        ImmutableString,
        "Lacks the keyword.",
        |s: ImmutableString| Filter::HasKeyword(s.to_string(), false)
    );
    filt!(
        "has_effect",
        ImmutableString,
        "Has an effect with that timing label.",
        |s: ImmutableString| Filter::HasEffect(s.to_string())
    );
    filt!(
        "exhausted",
        "Exhausted (heavily exhausted included, BS-13.4).",
        Filter::Exhausted(true)
    );
    filt!("refreshed", "Refreshed.", Filter::Exhausted(false));
    filt!("attacking", "The attacking card.", Filter::Attacking);
    filt!("blocking", "The blocking card.", Filter::Blocking);
    filt!(
        "attacking_or_blocking",
        "The attacking or blocking card.",
        Filter::AttackingOrBlocking
    );
    filt!(
        "not_attacking",
        "Not the attacking card.",
        Filter::NotAttacking
    );
    filt!(
        "no_effects",
        "Cards with no effect text.",
        Filter::NoEffects
    );
    filt!(
        "has_soul_core",
        "The soul core is on it.",
        Filter::SoulCore(true)
    );
    filt!(
        "no_soul_core",
        "The soul core is not on it.",
        Filter::SoulCore(false)
    );
    reg!(
        e,
        "colour",
        ["q: Query", "colour: &str"],
        "Has the colour (red purple green white yellow blue).",
        |q: Query, c: &str| -> R<Query> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            Ok(q.with(Filter::Colour(col)))
        }
    );
    reg!(
        e,
        "other",
        ["q: Query"],
        "Excludes this card.",
        |q: Query| -> R<Query> { Ok(q.with(Filter::Other(this()?))) }
    );
    reg!(
        e,
        "tokens",
        ["q: Query"],
        "Token spirits (none exist yet: matches nothing).",
        |q: Query| q.with(Filter::CostIn(vec![]))
    );
    reg!(
        e,
        "not_tokens",
        ["q: Query"],
        "Non-token cards (every card, for now).",
        |q: Query| q
    );
    reg!(
        e,
        "count",
        ["q: Query"],
        "Number of matching cards.",
        |q: Query| -> R<i64> { with_ref(|g, _| q.eval(g).len() as i64) }
    );
    reg!(
        e,
        "bp",
        ["q: Query"],
        "BP of the first matching card (0 if none).",
        |q: Query| -> R<i64> {
            let c = first_card(&q);
            Ok(match c {
                Ok(c) => with_ref(|g, _| i64::from(g.bp(c)))?,
                Err(_) => 0,
            })
        }
    );
    reg!(
        e,
        "level",
        ["q: Query"],
        "Level of the first matching card (0 if none).",
        |q: Query| -> R<i64> {
            let c = first_card(&q);
            Ok(match c {
                Ok(c) => with_ref(|g, _| g.level(c).map_or(0, i64::from))?,
                Err(_) => 0,
            })
        }
    );
    reg!(
        e,
        "is_exhausted",
        ["q: Query"],
        "Whether the first matching card is exhausted.",
        |q: Query| -> R<bool> {
            let c = first_card(&q)?;
            with_ref(|g, _| g.is_exhausted(c))
        }
    );
    reg!(
        e,
        "has_soul_core_now",
        ["q: Query"],
        "Whether the soul core is on the first matching card.",
        |q: Query| -> R<bool> {
            let c = first_card(&q)?;
            with_ref(|g, _| g.soul_on(c))
        }
    );
    reg!(
        e,
        "bp",
        ["c: Card"],
        "BP of a card.",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| i64::from(g.bp(c))) }
    );
    reg!(
        e,
        "level",
        ["c: Card"],
        "Level of a card (0 off the field).",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| g.level(c).map_or(0, i64::from)) }
    );
    reg!(
        e,
        "cost",
        ["c: Card"],
        "Printed cost of a card.",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| i64::from(g.def_of(c).cost)) }
    );
    reg!(
        e,
        "name",
        ["c: Card"],
        "English name of a card.",
        |c: InstanceId| -> R<String> { with_ref(|g, _| g.name(c).to_string()) }
    );
}

fn register_choices(e: &mut Engine) {
    reg!(
        e,
        "choose_targets",
        ["q", "n: i64"],
        "You choose n cards (as many as possible); one decision per card, none when forced.",
        |q: Dynamic, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            choose_impl(&q, n, n, false)
        }
    );
    reg!(
        e,
        "choose_targets_up_to",
        ["q", "n: i64"],
        "You choose 0..n cards.",
        |q: Dynamic, n: i64| -> R<Array> { choose_impl(&q, 0, nat(n, "n")? as usize, false) }
    );
    reg!(
        e,
        "choose_targets_any_number",
        ["q"],
        "You choose any number of cards.",
        |q: Dynamic| -> R<Array> { choose_impl(&q, 0, usize::MAX, false) }
    );
    reg!(
        e,
        "opponent_chooses",
        ["q", "n: i64"],
        "The opponent chooses n cards.",
        |q: Dynamic, n: i64| -> R<Array> {
            let n = nat(n, "n")? as usize;
            choose_impl(&q, n, n, true)
        }
    );
    reg!(
        e,
        "opponent_chooses_up_to",
        ["q", "n: i64"],
        "The opponent chooses 0..n cards.",
        |q: Dynamic, n: i64| -> R<Array> { choose_impl(&q, 0, nat(n, "n")? as usize, true) }
    );
    reg!(
        e,
        "opponent_chooses_any_number",
        ["q"],
        "The opponent chooses any number of cards.",
        |q: Dynamic| -> R<Array> { choose_impl(&q, 0, usize::MAX, true) }
    );
    reg!(
        e,
        "may",
        ["question: &str"],
        "BS-8.1: asks you a yes/no question (\"you may\"); true for yes.",
        |s: &str| may_impl(s)
    );
    reg!(
        e,
        "choose_one",
        ["options: Array"],
        "You choose one of the options (their text); returns its index.",
        |a: Array| one_of_impl(a)
    );
}

fn register_actions(e: &mut Engine) {
    reg!(
        e,
        "draw",
        ["n: i64"],
        "You draw n cards (BS-3); returns how many were drawn.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let mut k = 0;
                for _ in 0..n {
                    if g.draw(rc.controller) {
                        k += 1;
                    }
                }
                Ok(k)
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
                Ok(g.effect_destroy_all(&cs, rc.controller) as i64)
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
        "Exhausts the cards.",
        |t: Dynamic| each(&t, |g, c, _| g.effect_orient(c, true))
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
        "Returns the cards to their owners' hands (cores to the reserve).",
        |t: Dynamic| each(&t, |g, c, _| g.effect_return_to_hand(c))
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
            each(&t, |g, c, _| g.effect_return_to_deck(c, bottom))
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
                for c in cs {
                    g.destroy_if_no_bp(c, rc.controller);
                }
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
        "Moves n cores (from a place, or from each of the cards → a place, a card or \"void\"); depletion follows (BS-5.3).",
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
        "Moves all cores but n from each source.",
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
        "Pays n cores from your reserve to your trash (a cost, BS-5.2); fails the effect if it cannot.",
        |n: i64| -> R<()> {
            let n = nat(n, "n")?;
            with_mut(|g, rc| {
                let p = rc.controller;
                if g.reserve(p) < n {
                    return Err(err(format!(
                        "cannot pay {n} cores: {} in the reserve",
                        g.reserve(p)
                    )));
                }
                g.move_cores_n(CoreLoc::Reserve(p), Some(CoreLoc::Trash(p)), n);
                Ok(())
            })
        }
    );
    reg!(
        e,
        "pay_cores_from",
        ["targets", "n: i64"],
        "Pays n cores from the cards to your trash; depletion follows.",
        |t: Dynamic, n: i64| -> R<i64> {
            let n = nat(n, "n")?;
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
        "You discard n cards of your choice from your hand.",
        |n: i64| -> R<i64> {
            let n = nat(n, "n")? as usize;
            let p = me()?;
            let hand = with_ref(|g, _| g.pile(Zone::Hand(p)).to_vec())?;
            let cs = pick(p, hand, n, n, "Discard")?;
            with_mut(|g, _| Ok(cs.iter().filter(|c| g.discard(**c)).count() as i64))
        }
    );
    reg!(
        e,
        "discard_matching",
        ["q: Query", "n: i64"],
        "You discard n hand cards matching the query.",
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
            with_mut(|g, _| Ok(cs.iter().filter(|c| g.discard(**c)).count() as i64))
        }
    );
    reg!(
        e,
        "discard_selected",
        ["targets"],
        "Discards the chosen hand cards.",
        |t: Dynamic| each(&t, |g, c, _| g.discard(c))
    );
    reg!(
        e,
        "discard_hand",
        [],
        "You discard your whole hand (tecoto is untouched, BS-13.1).",
        || -> R<i64> {
            with_mut(|g, rc| {
                let h = g.pile(Zone::Hand(rc.controller)).to_vec();
                Ok(h.into_iter().filter(|c| g.discard(*c)).count() as i64)
            })
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
        "Summons the cards (free: without paying; BS-12.1 conditions apply); \"when summoned\" follows.",
        |t: Dynamic, free: bool, ex: bool| -> R<i64> {
            if !free {
                return unsupported("summon(…, free = false)").map(|_| 0);
            }
            let n = each(&t, |g, c, p| g.effect_summon(c, p, ex))?;
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
                return Ok(());
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

fn register_conditions(e: &mut Engine) {
    reg!(e, "life", [], "Your life.", || -> R<i64> {
        with_ref(|g, rc| i64::from(g.life(rc.controller)))
    });
    reg!(
        e,
        "opponent_life",
        [],
        "The opponent's life.",
        || -> R<i64> { with_ref(|g, rc| i64::from(g.life(rc.controller.other()))) }
    );
    reg!(e, "reserve", [], "Cores in your reserve.", || -> R<i64> {
        with_ref(|g, rc| i64::from(g.reserve(rc.controller)))
    });
    reg!(e, "hand_size", [], "Cards in your hand.", || -> R<i64> {
        with_ref(|g, rc| g.pile(Zone::Hand(rc.controller)).len() as i64)
    });
    reg!(
        e,
        "opponent_hand_size",
        [],
        "Cards in the opponent's hand.",
        || -> R<i64> { with_ref(|g, rc| g.pile(Zone::Hand(rc.controller.other())).len() as i64) }
    );
    reg!(
        e,
        "is_my_turn",
        [],
        "Whether it is your turn.",
        || -> R<bool> { with_ref(|g, rc| g.active() == rc.controller) }
    );
    reg!(
        e,
        "is_opponent_turn",
        [],
        "Whether it is the opponent's turn.",
        || -> R<bool> { with_ref(|g, rc| g.active() != rc.controller) }
    );
    reg!(
        e,
        "once_per_turn",
        [],
        "BS-8.3: true the first time this effect (of this card instance) asks in a turn, then false.",
        || -> R<bool> {
            if read_only() {
                return Ok(true);
            }
            with_mut(|g, rc| Ok(g.st.scripts.once.insert((rc.card, rc.effect))))
        }
    );
    reg!(
        e,
        "symbols",
        ["colour: &str"],
        "Symbols of that colour on your field.",
        |c: &str| -> R<i64> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            with_ref(|g, rc| {
                i64::from(
                    g.field_symbols(rc.controller)
                        .colours
                        .get(&col)
                        .copied()
                        .unwrap_or(0),
                )
            })
        }
    );
    reg!(
        e,
        "matches",
        ["targets", "q: Query"],
        "Whether every chosen card satisfies the query.",
        |t: Dynamic, q: Query| -> R<bool> {
            let cs = targets(&t)?;
            with_ref(|g, _| {
                let m = q.eval(g);
                !cs.is_empty() && cs.iter().all(|c| m.contains(c))
            })
        }
    );
    reg!(
        e,
        "destroyed_by_this_effect",
        [],
        "Whether this effect destroyed something.",
        || -> R<bool> { Ok(run_ctx()?.destroyed.get() > 0) }
    );
    reg!(
        e,
        "destroyed_by_this_effect_count",
        [],
        "How many cards this effect destroyed.",
        || -> R<i64> { Ok(i64::from(run_ctx()?.destroyed.get())) }
    );
    reg!(
        e,
        "summoned_by_this_effect",
        [],
        "Whether this effect summoned a spirit.",
        || -> R<bool> { Ok(run_ctx()?.summoned.get()) }
    );
    reg!(
        e,
        "destroyed_this_turn",
        ["q: Query"],
        "Whether a card the query matches was destroyed this turn.",
        |q: Query| -> R<bool> {
            // The destroyed cards have left the field: match them wherever they are now.
            with_ref(|g, _| {
                g.st.scripts
                    .destroyed_this_turn
                    .iter()
                    .any(|c| q.matches_ignoring_zone(g, *c))
            })
        }
    );
    reg!(
        e,
        "burst_set",
        [],
        "Whether you have a burst set (BS-10.1).",
        || -> R<bool> { with_ref(|g, rc| !g.pile(Zone::Burst(rc.controller)).is_empty()) }
    );
}

fn register_subtriggers(e: &mut Engine) {
    reg!(
        e,
        "when",
        ["event: Event", "f: FnPtr"],
        "Runs the closure each time the event happens, until the end of this turn (BS-7.1).",
        |ev: EventSpec, f: FnPtr| -> R<()> { register_sub(ev, f) }
    );
    reg!(
        e,
        "when",
        ["event: Event", "dur: &str", "f: FnPtr"],
        "`when(event, dur, closure)` as the text grammar writes it; every duration (\"turn\", \"battle\", \"while\") lasts until the end of this turn for now (BS-7.1).",
        |ev: EventSpec, _dur: &str, f: FnPtr| -> R<()> { register_sub(ev, f) }
    );
    reg!(
        e,
        "ev_destroyed",
        ["subject", "by_opponent: bool", "in_battle: bool"],
        "Event: the subject is destroyed (BS-6.6).",
        |s: Dynamic, o: bool, b: bool| -> R<EventSpec> {
            Ok(ev(SubEvent::Destroyed {
                subject: subject(&s)?,
                by_opponent: o,
                in_battle: b,
            }))
        }
    );
    reg!(
        e,
        "ev_attacks",
        ["subject"],
        "Event: the subject attacks (BS-6.1).",
        |s: Dynamic| -> R<EventSpec> {
            Ok(ev(SubEvent::Attacks {
                subject: subject(&s)?,
            }))
        }
    );
    reg!(
        e,
        "ev_battle_ends",
        [],
        "Event: the battle ends (BS-6.7).",
        || ev(SubEvent::BattleEnds)
    );
    reg!(
        e,
        "ev_end_of_turn",
        [],
        "Event: the end of this turn (BS-7.1).",
        || ev(SubEvent::EndOfTurn)
    );
    reg!(
        e,
        "attack_of",
        ["subject"],
        "The attack of a card (as a subject).",
        |s: Dynamic| s
    );
    for name in [
        "ev_blocked",
        "ev_exhausted",
        "ev_refreshed",
        "ev_returned_to_hand",
        "ev_returned_to_hand_or_deck",
        "ev_reduces_life",
        "ev_life_reduced_by",
        "ev_discarded",
        "ev_opponent_mills_you",
    ] {
        let n = name.to_string();
        reg!(
            e,
            name,
            ["subject"],
            "Event the engine cannot watch yet: `when` with it is inert.",
            move |_s: Dynamic| ev(SubEvent::Unsupported(n.clone()))
        );
    }
    reg!(
        e,
        "ev_destroys",
        ["subject", "victims", "in_battle: bool"],
        "Event: the subject destroys one of the victims by BP comparison (BS-6.6; `in_battle` must be true: destruction by effects cannot be watched yet).",
        |s: Dynamic, v: Dynamic, b: bool| -> R<EventSpec> {
            if !b {
                return Ok(ev(SubEvent::Unsupported(
                    "ev_destroys outside battle".into(),
                )));
            }
            Ok(ev(SubEvent::DestroysInBattle {
                subject: subject(&s)?,
                victims: subject(&v)?,
            }))
        }
    );
    reg!(
        e,
        "ev_summons",
        ["whose: &str", "q"],
        "Event the engine cannot watch yet: `when` with it is inert.",
        |_w: &str, _q: Dynamic| ev(SubEvent::Unsupported("ev_summons".into()))
    );
    for name in [
        "ev_life_increases",
        "ev_opponent_draws",
        "ev_either_loses_life",
        "ev_opponent_draws_outside_draw_step",
        "ev_you_draw_by_effect",
        "ev_core_to_reserve",
        "ev_core_onto_this",
        "ev_you_set_burst",
    ] {
        let n = name.to_string();
        reg!(
            e,
            name,
            [],
            "Event the engine cannot watch yet: `when` with it is inert.",
            move || ev(SubEvent::Unsupported(n.clone()))
        );
    }
}

fn register_unsupported(e: &mut Engine) {
    macro_rules! later {
        ($name:expr, [], ||) => {
            reg!(e, $name, [], "Not supported yet: logs EffectInert and ends the effect.", || -> R<Dynamic> { unsupported($name) });
        };
        ($name:expr, [$($p:expr),*], |$($a:ident : $t:ty),*|) => {
            reg!(e, $name, [$($p),*], "Not supported yet: logs EffectInert and ends the effect.", |$($a: $t),*| -> R<Dynamic> { $(let _ = $a;)* unsupported($name) });
        };
    }
    later!("revealed", [], ||);
    later!("activated_card", [], ||);
    later!("reveal", ["n: i64"], |n: i64|);
    later!("remaining_to_deck", ["where: &str"], |w: &str|);
    later!("remaining_to_trash", [], ||);
    later!("attack_target", ["targets"], |t: Dynamic|);
    later!("must_attack", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("can_block_while_exhausted", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("cannot_be_by_opponent", ["targets", "what: &str", "dur: &str"], |t: Dynamic, w: &str, d: &str|);
    later!("cannot_be_blocked", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("cannot_be_blocked_by", ["targets", "q", "dur: &str"], |t: Dynamic, q: Dynamic, d: &str|);
    later!("treat_as_level", ["targets", "n: i64", "dur: &str"], |t: Dynamic, n: i64, d: &str|);
    later!("treat_as_highest_level", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("summon_tokens", ["name: &str", "n: i64", "exhausted: bool"], |s: &str, n: i64, x: bool|);
    later!("deploy", ["targets", "free: bool"], |t: Dynamic, f: bool|);
    later!("discard_burst", ["n: i64"], |n: i64|);
    later!("move_soul_core", ["from", "to"], |f: Dynamic, t: Dynamic|);
    later!("pay_soul_core", [], ||);
    later!("soul_core_spent", [], ||);
    later!("ascended_using", ["q"], |q: Dynamic|);
    later!("only_have", ["q"], |q: Dynamic|);
    later!("summoned_from", ["where: &str"], |w: &str|);
    later!("is_duplicate", [], ||);

    later!("gain_family", ["targets", "family: &str", "dur: &str"], |t: Dynamic, f: &str, d: &str|);
    later!("gain_symbols", ["targets", "n: i64", "colour: &str", "dur: &str"], |t: Dynamic, n: i64, c: &str, d: &str|);
    later!("symbols_as", ["targets", "n: i64", "colour: &str", "dur: &str"], |t: Dynamic, n: i64, c: &str, d: &str|);
    later!("attack_tax", ["targets", "n: i64", "dur: &str"], |t: Dynamic, n: i64, d: &str|);
    later!("while_summoning", ["q"], |q: Dynamic|);
}

/// `when(event, …)`: registers the closure as a sub-trigger of the running effect, until the
/// end of this turn (BS-7.1). A constant effect cannot register one.
fn register_sub(ev: EventSpec, f: FnPtr) -> R<()> {
    if read_only() {
        return Err(err("a constant effect cannot register `when`"));
    }
    if let SubEvent::Unsupported(name) = &ev.0 {
        return unsupported(name).map(|_| ());
    }
    let curry = f.iter_curry().map(to_value).collect::<R<Vec<_>>>()?;
    with_mut(|g, rc| {
        g.st.scripts.subs.push(SubTrigger {
            card: rc.card,
            effect: rc.effect,
            controller: rc.controller,
            event: ev.0.clone(),
            func: f.fn_name().to_string(),
            curry,
        });
        Ok(())
    })
}
