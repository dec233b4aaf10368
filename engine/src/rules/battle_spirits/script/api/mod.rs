//! The script API: every function a card script may call, registered flat and named in
//! the game's words (`draw`, `destroy`, `bp_plus`), the contract of
//! `dsl/SCRIPT_API_USED.md`. Actions go through the rule-checked game actions
//! (`actions.rs`) and emit the same events as the built-in rules; spirit queries never
//! match ultimates (BS-12.3). Functions the engine cannot support yet are registered too:
//! they log one `EffectInert` event naming the function and end the effect.
//! `docs/script-api.md` is generated from these registrations.

use rhai::{Array, Dynamic, Engine, EvalAltResult, FnPtr, FuncRegistration, ImmutableString};

use super::constants::COST_MODS;
use super::ctx::{RunCtx, err, read_only, run_ctx, with_mut, with_ref, with_ref_noting};
use super::hooks::Trigger;
use super::memo::{READ_ANY, READ_EXHAUSTED_THIS, READ_SOUL_THIS};
use super::prevent::Actor;
use super::query::{Base, Filter, Query};
use super::run::{ASKED, INERT, STOP};
use super::state::{ModKind, Question, SubEvent, SubTrigger, Until, Value};
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::{Choice, CoreLoc, Event, Game, Zone};

type R<T> = Result<T, Box<EvalAltResult>>;

/// A sub-trigger event value (`ev_destroyed(…)`), passed to `when`.
#[derive(Debug, Clone)]
pub struct EventSpec(pub SubEvent);

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

mod actions;
mod battle;
mod cards;
mod caused;
mod choices;
mod conditions;
mod conds;
mod cores;
mod costs;
mod filters;
mod more;
mod player_rules;
mod prevent;
mod queries;
mod restrictions;
mod summoning;
mod watchers;

use actions::register_actions;
use battle::register_battle;
use cards::register_cards;
pub(crate) use caused::CAUSED_FNS;
use choices::register_choices;
use choices::{activate_impl, one_of_impl, pick};
use conditions::register_conditions;
use cores::register_cores;
use costs::register_costs;
use filters::register_filters;
use more::register_more;
use player_rules::register_player_rules;
use prevent::register_prevent;
use queries::register_queries;
use restrictions::register_restrictions;
use summoning::register_summoning;
pub(crate) use watchers::WATCH_FNS;
use watchers::register_subtriggers;
pub(crate) use watchers::too_many_watchers_reason;
pub use watchers::{MAX_WATCHERS, MAX_WATCHERS_PER_EFFECT};

fn asked() -> Box<EvalAltResult> {
    err(ASKED)
}

fn me() -> R<PlayerId> {
    Ok(run_ctx()?.controller)
}

fn this() -> R<InstanceId> {
    Ok(run_ctx()?.this)
}

/// The largest count one call takes (cards, cores, life): the work one call does stays
/// bounded however large a number a script passes.
pub const MAX_COUNT: u32 = 1000;

/// A script's count (`n`) as a count the rules act on: 0 to [`MAX_COUNT`]; any other
/// number fails the effect with the bounds, whichever side it is past.
fn nat(n: i64, what: &str) -> R<u32> {
    match u32::try_from(n) {
        Ok(v) if v <= MAX_COUNT => Ok(v),
        _ => Err(err(format!(
            "{what} must be between 0 and {MAX_COUNT}, got {n}"
        ))),
    }
}

/// A `Query`, a `Card` or an array of cards → the cards. A query that does not name its
/// cards outright ([`Query::named`]) gives what `eval` gives for it; `Ok(None)` when that
/// is `None` (no game at hand). Errors: `d` holds something else.
fn cards_in(
    d: &Dynamic,
    eval: &dyn Fn(&Query) -> Option<Vec<InstanceId>>,
) -> R<Option<Vec<InstanceId>>> {
    if let Some(q) = d.read_lock::<Query>() {
        return Ok(q.named().map(<[_]>::to_vec).or_else(|| eval(&q)));
    }
    if let Some(c) = d.read_lock::<InstanceId>() {
        return Ok(Some(vec![*c]));
    }
    if d.is_unit() {
        return Ok(Some(Vec::new()));
    }
    if let Some(a) = d.read_lock::<Array>() {
        let mut v = Vec::new();
        for x in a.iter() {
            match cards_in(x, eval)? {
                Some(cs) => v.extend(cs),
                None => return Ok(None),
            }
        }
        return Ok(Some(v));
    }
    Err(err(format!(
        "expected cards (a query, a card or an array of cards), got {}",
        d.type_name()
    )))
}

/// `part` when `c` is the card the running effect acts as, else a read of anything.
fn this_or_any(rc: &RunCtx, c: InstanceId, part: u8) -> u8 {
    if c == rc.this { part } else { READ_ANY }
}

fn targets(d: &Dynamic) -> R<Vec<InstanceId>> {
    // Cards named outright (`this_card()`, a card, an array of them) read nothing of the
    // game: a constant run that names only them can be remembered (`memo`).
    if let Some(v) = cards_in(d, &|_| None)? {
        return Ok(v);
    }
    with_ref(|g, _| cards_in(d, &|q| Some(q.eval(g))))?.map(Option::unwrap_or_default)
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
    if read_only() {
        // A constant effect: reported once by the engine (`report_constants`).
        return Err(err(format!("{INERT}{reason}")));
    }
    with_mut(|g, _| {
        g.emit(Event::EffectInert {
            card: rc.card,
            effect: rc.effect,
            reason,
        });
        Ok(())
    })?;
    Err(err(STOP))
}

// ---- choosing ------------------------------------------------------------------------

/// Asks `chooser` to pick between `min` and `max` of `cands`, one card per decision.
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
    let first = match q.named() {
        // Named outright (`this_card()`): nothing of the game is read (`memo`).
        Some(cs) => cs.first().copied(),
        None => with_ref(|g, _| q.eval(g).first().copied())?,
    };
    first.ok_or_else(|| err("the query matches no card"))
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
    // A hand card keeps a protection from being discarded (BS-8.1) and a ban on being
    // played (BS-5.5).
    let in_hand = matches!(
        kind,
        ModKind::Protected {
            what: super::state::Protect::Discarded,
            ..
        } | ModKind::CannotBePlayed
    );
    with_mut(|g, rc| {
        for c in cs {
            // A cost modifier is read off the field, where its card is paid from (BS-5.2).
            if g.on_field(c)
                || super::constants::kind_bits(&kind) == COST_MODS
                || (in_hand && g.zone_of(c) == Zone::Hand(g.owner(c)))
            {
                // A "while" modifier given by a triggered effect lasts the turn.
                let u = if until == Until::While {
                    Until::Turn
                } else {
                    until
                };
                g.add_modifier_by(c, kind.clone(), u, Some(rc.controller));
            }
        }
        Ok(())
    })
}

/// Keeps `kind` on the running effect's card for the duration `d`: a constant effect
/// collects it (it holds while the constant does); a triggered effect stores it, a "while"
/// from a triggered effect lasting the turn. Errors: an unknown duration, no running effect.
fn keep_on_card(kind: ModKind, d: &str) -> R<()> {
    let until = dur(d)?;
    let rc = run_ctx()?;
    if read_only() {
        rc.collected.borrow_mut().push((rc.card, kind));
        return Ok(());
    }
    let until = if until == Until::While {
        Until::Turn
    } else {
        until
    };
    with_mut(|g, rc| {
        g.add_modifier_by(rc.card, kind, until, Some(rc.controller));
        Ok(())
    })
}

fn each(t: &Dynamic, f: impl Fn(&mut Game, InstanceId, PlayerId) -> bool) -> R<i64> {
    each_by(t, |g, c, a| f(g, c, a.player))
}

/// [`each`], giving `f` the running effect as the actor (what protections read).
fn each_by(t: &Dynamic, f: impl Fn(&mut Game, InstanceId, Actor) -> bool) -> R<i64> {
    let cs = targets(t)?;
    with_mut(|g, rc| {
        let mut n = 0;
        for c in cs {
            // BS-10.5 / "unaffected by": the effect passes over a card it cannot affect.
            if g.unaffected(c, rc.card, rc.controller) {
                continue;
            }
            if f(g, c, rc.actor()) {
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
    register_cores(e);
    register_costs(e);
    register_player_rules(e);
    register_cards(e);
    register_conditions(e);
    register_subtriggers(e);
    caused::register_caused(e);
    register_restrictions(e);
    register_more(e);
    register_battle(e);
    register_summoning(e);
    conds::register_conds(e);
    register_prevent(e);
}
