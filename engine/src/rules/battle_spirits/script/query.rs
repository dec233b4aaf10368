//! Queries: a lazy, filterable set of cards (`my_spirits().bp_at_most(3000)`), kept as data
//! so sub-triggers can hold them in a save. BS-12.3: spirit queries never match ultimates
//! (ultimates are unaffected by effects that affect spirits); name them with `*_ultimates()`.

use carddb::{CardKind, Colour};
use serde::{Deserialize, Serialize};

use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Game, Zone};

/// Which cards a query starts from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Base {
    /// Spirits (and braves) on these players' fields — never ultimates (BS-12.3).
    Spirits(Vec<PlayerId>),
    /// Ultimates on these players' fields.
    Ultimates(Vec<PlayerId>),
    /// Nexuses on these players' fields.
    Nexuses(Vec<PlayerId>),
    /// Every card on these players' fields.
    Field(Vec<PlayerId>),
    /// Cards in these zones.
    Zones(Vec<Zone>),
    /// These cards.
    Cards(Vec<InstanceId>),
    /// The attacking / blocking spirit of the current battle (not an ultimate, BS-12.3).
    Attacker,
    Blocker,
    /// Cards matching any of these queries (`a.or(b)`), in order, without repeats.
    Union(Vec<Query>),
}

/// One filter of a query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    Kind(Vec<CardKind>),
    BpAtMost(i64),
    BpAtLeast(i64),
    BpIs(i64),
    CostAtMost(i64),
    CostAtLeast(i64),
    /// Cost ≥ x as an Ascend reads it (`ModKind::AscendCostAs` first).
    AscendCostAtLeast(i64),
    CostIn(Vec<i64>),
    Colour(Colour),
    Family(Vec<String>),
    Exhausted(bool),
    NameContains(String),
    Named(String),
    Other(InstanceId),
    Symbols(i64),
    Cores(i64),
    CoresAtMost(i64),
    CoresAtLeast(i64),
    Level(i64),
    LevelAtLeast(i64),
    Attacking,
    Blocking,
    AttackingOrBlocking,
    NotAttacking,
    /// Has (`true`) or lacks (`false`) any of the keywords, printed or gained.
    HasKeyword(Vec<String>, bool),
    HasEffect(String),
    NoEffects,
    SoulCore(bool),
    /// Is (`true`) or is not (`false`) a token (keyword rulings K27–K31).
    Token(bool),
    /// A limit on the total BP (`true`) or cost of a choice from the query; not a filter of
    /// single cards (`combined_bp_at_most`, `combined_cost_at_most`).
    CombinedAtMost(bool, i64),
    /// Has exactly this many colours (printed, its braves', gained; BS-9.2).
    ColoursIs(i64),
    /// Has at least this many colours.
    ColoursAtLeast(i64),
    /// Came onto the field during this turn (summoned, or put there by an effect).
    SummonedThisTurn,
    /// Not being destroyed now (BS-6.6: a card whose destruction is in progress is no
    /// legal target of another destruction).
    NotBeingDestroyed,
    /// BP lower than the attacking spirit's, in the current battle ("cannot be blocked by
    /// spirits with fewer BP than them", read when the block would be declared, BS-6.3);
    /// no battle: nothing matches.
    BpBelowAttacker,
    /// Shares (`true`) or does not share (`false`) a colour with a symbol on its owner's
    /// field ("magic cards in their hand that do not share a color with any of the symbols
    /// on their field").
    SharesFieldSymbolColour(bool),
    /// Not matched by the other query, read wherever the card is (its player, kind and
    /// filters: "other than NAME", "except blue spirits", "with effects listed").
    Except(Box<Query>),
    /// The blocking spirit, when the spirit it blocks matches the other query ("that is
    /// blocking one of your Dragon spirits", BS-6.3).
    BlockingOneOf(Box<Query>),
    /// The attacking spirit, when its blocker matches the other query ("that is being
    /// blocked by one of your spirits with Curse", BS-6.3).
    BlockedByOneOf(Box<Query>),
    /// Only the cards of the highest (`true`) or lowest cost among the matches so far
    /// ("their spirit that costs the most"); ties all stay. Read over the set, not one card.
    CostExtreme(bool),
}

/// A lazy set of cards: a base and filters, evaluated against the game when used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Query {
    pub base: Base,
    pub filters: Vec<Filter>,
}

/// Whether `c` has an effect with the timing `label` that works at its current level (a LV1
/// spirit whose block effect is a LV2 effect has no block effect now; an "attacks or
/// blocks" effect is also a "blocks" effect, a "while … blocks" one is not). Rulings:
/// rulings-cards.json #184–#186 (ST03-011).
fn has_effect(g: &Game, c: InstanceId, label: &str) -> bool {
    let want = super::hooks::from_label(label).or_else(|| super::hooks::from_hook_name(label));
    let on_field = g.on_field(c);
    g.def_of(c).effects.iter().any(|e| {
        let at_level =
            e.levels.is_empty() || !on_field || g.level(c).is_some_and(|l| e.levels.contains(&l));
        let timing = match (&want, super::hooks::of_effect(e)) {
            (Some(w), Ok(ts)) => w.iter().all(|t| ts.contains(t)),
            _ => e
                .timing
                .as_deref()
                .is_some_and(|t| t.eq_ignore_ascii_case(label)),
        };
        at_level && timing
    })
}

impl Query {
    /// Whether `c` matches this query wherever it is now: the base's player and card kind
    /// instead of its zone (a card that has left the field still is "one of your spirits"
    /// for "one of your spirits was destroyed this turn"), then the filters as they read now.
    pub fn matches_ignoring_zone(&self, g: &Game, c: InstanceId) -> bool {
        let kind = g.def_of(c).kind;
        let owner = g.owner(c);
        let base = match &self.base {
            Base::Spirits(ps) => {
                ps.contains(&owner) && matches!(kind, CardKind::Spirit | CardKind::Brave)
            }
            Base::Ultimates(ps) => ps.contains(&owner) && kind == CardKind::Ultimate,
            Base::Nexuses(ps) => ps.contains(&owner) && kind == CardKind::Nexus,
            Base::Field(ps) => ps.contains(&owner),
            Base::Union(qs) => return qs.iter().any(|q| q.matches_ignoring_zone(g, c)),
            _ => return self.eval(g).contains(&c),
        };
        // A filter read over the set (the highest cost) needs the set.
        if self
            .filters
            .iter()
            .any(|f| matches!(f, Filter::CostExtreme(_)))
        {
            return base && self.eval(g).contains(&c);
        }
        base && self.filters.iter().all(|f| matches_filter(g, c, f))
    }

    /// Whether `c`, which has just left a hand, matches a query of hands ("a magic card
    /// from their hand": once used, BS-5.5, it is no longer there): its owner's hand is one
    /// of the query's, and the filters hold. Any other query: `false`.
    pub fn matches_from_hand(&self, g: &Game, c: InstanceId) -> bool {
        let Base::Zones(zs) = &self.base else {
            return false;
        };
        !zs.is_empty()
            && zs.iter().all(|z| matches!(z, Zone::Hand(_)))
            && zs.contains(&Zone::Hand(g.owner(c)))
            && self.filters.iter().all(|f| matches_filter(g, c, f))
    }

    /// A query over a base.
    pub fn of(base: Base) -> Query {
        Query {
            base,
            filters: Vec::new(),
        }
    }

    /// The cards this query names outright (`this_card()`: given cards, no filter), which
    /// [`Query::eval`] gives whatever the state; `None` for a query that reads the game.
    pub fn named(&self) -> Option<&[InstanceId]> {
        match &self.base {
            Base::Cards(cs) if self.filters.is_empty() => Some(cs),
            _ => None,
        }
    }

    /// Adds a filter.
    pub fn with(mut self, f: Filter) -> Query {
        self.filters.push(f);
        self
    }

    /// The matching cards, in field/zone order.
    pub fn eval(&self, g: &Game) -> Vec<InstanceId> {
        // BS-9.1: a braved brave is part of its host, never a field card of its own.
        let field_of = |ps: &[PlayerId]| -> Vec<InstanceId> {
            ps.iter()
                .flat_map(|p| g.field(*p))
                .filter(|c| !g.is_braved_brave(*c))
                .collect()
        };
        let kind = |c: InstanceId| g.def_of(c).kind;
        let mut v: Vec<InstanceId> = match &self.base {
            Base::Spirits(ps) => field_of(ps)
                .into_iter()
                .filter(|c| matches!(kind(*c), CardKind::Spirit | CardKind::Brave))
                .collect(),
            Base::Ultimates(ps) => field_of(ps)
                .into_iter()
                .filter(|c| kind(*c) == CardKind::Ultimate)
                .collect(),
            Base::Nexuses(ps) => field_of(ps)
                .into_iter()
                .filter(|c| kind(*c) == CardKind::Nexus)
                .collect(),
            Base::Field(ps) => field_of(ps),
            Base::Zones(zs) => zs.iter().flat_map(|z| g.pile(*z).to_vec()).collect(),
            Base::Cards(cs) => cs.clone(),
            Base::Attacker => g
                .battle_cards()
                .map(|(a, _)| a)
                .into_iter()
                .filter(|c| kind(*c) != CardKind::Ultimate && g.on_field(*c))
                .collect(),
            Base::Union(qs) => {
                let mut v: Vec<InstanceId> = Vec::new();
                for q in qs {
                    for c in q.eval(g) {
                        if !v.contains(&c) {
                            v.push(c);
                        }
                    }
                }
                v
            }
            Base::Blocker => g
                .battle_cards()
                .and_then(|(_, b)| b)
                .into_iter()
                .filter(|c| kind(*c) != CardKind::Ultimate && g.on_field(*c))
                .collect(),
        };
        for f in &self.filters {
            if let Filter::CostExtreme(most) = f {
                let costs = v.iter().map(|c| g.cost_of(*c));
                let best = if *most { costs.max() } else { costs.min() };
                v.retain(|c| Some(g.cost_of(*c)) == best);
                continue;
            }
            v.retain(|c| matches_filter(g, *c, f));
        }
        v
    }
}

fn matches_filter(g: &Game, c: InstanceId, f: &Filter) -> bool {
    let d = g.def_of(c);
    let on_field = g.on_field(c);
    let battle = g.battle_cards();
    let attacking = battle.is_some_and(|(a, _)| a == c);
    let blocking = battle.is_some_and(|(_, b)| b == Some(c));
    match f {
        Filter::Kind(ks) => ks.contains(&d.kind),
        Filter::BpAtMost(x) => on_field && i64::from(g.bp(c)) <= *x,
        Filter::BpIs(x) => on_field && i64::from(g.bp(c)) == *x,
        Filter::BpAtLeast(x) => on_field && i64::from(g.bp(c)) >= *x,
        // BS-9.2: a braved card's cost and colours include its braves'.
        Filter::CostAtMost(x) => i64::from(g.cost_of(c)) <= *x,
        Filter::CostAtLeast(x) => i64::from(g.cost_of(c)) >= *x,
        Filter::AscendCostAtLeast(x) => {
            let read = g.mods_of(c).iter().rev().find_map(|m| match m {
                super::state::ModKind::AscendCostAs(n) => Some(*n),
                _ => None,
            });
            i64::from(read.unwrap_or_else(|| g.cost_of(c))) >= *x
        }
        Filter::CostIn(xs) => xs.contains(&i64::from(g.cost_of(c))),
        Filter::Colour(col) => {
            g.colours_of(c).contains(col)
                || (on_field && g.mods_of(c).contains(&super::state::ModKind::Colour(*col)))
        }
        // Family names compare without case: the Saga data writes "OTHERLANDER", card text
        // "Otherlander" (rulings-cards.json #126).
        // A family gained by an effect counts (`gain_family`).
        Filter::Family(fs) => fs.iter().any(|f| g.has_family(c, f)),
        Filter::Exhausted(e) => on_field && g.is_exhausted(c) == *e,
        Filter::NameContains(s) => d.name.contains(s.as_str()),
        Filter::Named(s) => d.name == *s,
        Filter::Other(me) => c != *me,
        Filter::Symbols(n) => i64::from(g.symbols_of(c)) == *n,
        Filter::Cores(n) => i64::from(g.cores_on(c)) == *n,
        Filter::CoresAtMost(n) => i64::from(g.cores_on(c)) <= *n,
        Filter::CoresAtLeast(n) => i64::from(g.cores_on(c)) >= *n,
        Filter::Level(n) => g.level(c).map(i64::from) == Some(*n),
        Filter::LevelAtLeast(n) => g.level(c).is_some_and(|l| i64::from(l) >= *n),
        Filter::Attacking => attacking,
        Filter::Blocking => blocking,
        Filter::AttackingOrBlocking => attacking || blocking,
        Filter::NotAttacking => !attacking,
        Filter::HasKeyword(ks, want) => ks.iter().any(|k| g.is_with_keyword(c, k)) == *want,
        Filter::HasEffect(label) => has_effect(g, c, label),
        // Keywords are effects too, printed or gained.
        Filter::NoEffects => {
            d.effects.is_empty()
                && d.keywords.is_empty()
                && !g.mods_of(c).iter().any(|m| {
                    matches!(
                        m,
                        crate::rules::battle_spirits::script::ModKind::Keyword(..)
                    )
                })
        }
        Filter::Except(other) => !other.matches_ignoring_zone(g, c),
        Filter::BlockingOneOf(q) => blocking && battle.is_some_and(|(a, _)| q.eval(g).contains(&a)),
        Filter::BlockedByOneOf(q) => {
            attacking && battle.is_some_and(|(_, b)| b.is_some_and(|b| q.eval(g).contains(&b)))
        }
        // Read over the set in `eval`.
        Filter::CostExtreme(_) => true,
        Filter::SoulCore(want) => g.soul_on(c) == *want,
        Filter::Token(want) => d.token == *want,
        Filter::CombinedAtMost(..) => true,
        Filter::ColoursIs(n) => colour_count(g, c, on_field) == *n,
        Filter::ColoursAtLeast(n) => colour_count(g, c, on_field) >= *n,
        Filter::SummonedThisTurn => on_field && entered_this_turn(g, c),
        Filter::NotBeingDestroyed => !g.is_being_destroyed(c),
        Filter::BpBelowAttacker => on_field && battle.is_some_and(|(a, _)| g.bp(c) < g.bp(a)),
        Filter::SharesFieldSymbolColour(want) => {
            g.shares_field_symbol_colour(g.owner(c), c) == *want
        }
    }
}

/// Whether `c` came onto the field since this turn began (the log back to `TurnBegan`).
fn entered_this_turn(g: &Game, c: InstanceId) -> bool {
    use crate::rules::battle_spirits::Event;
    for e in g.st.log.iter().rev() {
        match e {
            Event::TurnBegan { .. } => return false,
            Event::CardMoved {
                card,
                to: Zone::Field(_),
                ..
            } if *card == c => return true,
            _ => {}
        }
    }
    false
}

/// How many colours `c` has: printed, its braves' (BS-9.2), and gained on the field.
fn colour_count(g: &Game, c: InstanceId, on_field: bool) -> i64 {
    let mut cs = g.colours_of(c);
    if on_field {
        for m in g.mods_of(c).iter() {
            if let super::state::ModKind::Colour(x) = m
                && !cs.contains(x)
            {
                cs.push(*x);
            }
        }
    }
    cs.len() as i64
}
