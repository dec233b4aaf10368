//! Filters of a card query: the adjectives, kinds and "with …" clauses of a noun phrase
//! added to its `Query`.

use super::*;

/// Add the adjectives, kind and filters under `p` to `q`.
pub(in crate::en) fn add_filters(q: &mut Query, p: Pair<Rule>) {
    for x in p.into_inner() {
        let f = match x.as_rule() {
            Rule::a_other => Some(Filter::Other),
            Rule::a_opposing => {
                q.owner = Owner::Opponent;
                None
            }
            Rule::a_exh => Some(Filter::Exhausted),
            Rule::a_non_tok => Some(Filter::NotToken),
            // Whoever's they are: "non-Voidlord spirits" leaves out every Voidlord spirit.
            Rule::a_non_fam => x
                .into_inner()
                .find(|f| f.as_rule() == Rule::family)
                .map(|f| {
                    Filter::Except(Box::new(Query {
                        owner: Owner::Any,
                        kind: q.kind,
                        zone: q.zone,
                        filters: vec![Filter::Family(vec![f.as_str().to_string()])],
                    }))
                }),
            Rule::a_ref => Some(Filter::Refreshed),
            Rule::colour => Some(Filter::Colour(colour_of(x.as_str()))),
            Rule::a_level => Some(Filter::Level(number_in_level(x))),
            Rule::families => Some(Filter::Family(
                x.into_inner()
                    .filter(|f| f.as_rule() == Rule::family)
                    .map(|f| f.as_str().to_string())
                    .collect(),
            )),
            Rule::kind => {
                q.kind = match x.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::k_spirit_card) => CardKind::SpiritCard,
                    Some(Rule::k_magic_card) => CardKind::MagicCard,
                    Some(Rule::k_nexus) | Some(Rule::k_nexus_card) => CardKind::Nexus,
                    Some(Rule::k_card) => CardKind::Card,
                    Some(Rule::k_token) => {
                        q.filters.push(Filter::Token);
                        CardKind::Spirit
                    }
                    Some(Rule::k_spirit_or_nexus) => CardKind::SpiritOrNexus,
                    _ => CardKind::Spirit,
                };
                None
            }
            Rule::f_bp_most => Some(Filter::BpAtMost(number_in(x))),
            Rule::f_bp_least => Some(Filter::BpAtLeast(number_in(x))),
            Rule::f_combined => Some(Filter::CombinedBpAtMost(number_in(x))),
            Rule::f_cost_most => Some(Filter::CostAtMost(number_in(x))),
            Rule::f_cost_least => Some(Filter::CostAtLeast(number_in(x))),
            Rule::f_cost_is => Some(Filter::CostIs(number_in(x))),
            Rule::f_soul => Some(Filter::HasSoulCore),
            Rule::f_name => Some(Filter::NameContains(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_kw => Some(Filter::HasKeyword(
                x.into_inner().map(|k| k.as_str().to_string()).collect(),
            )),
            Rule::a_token => Some(Filter::Token),
            Rule::f_not_token => Some(Filter::NotToken),
            Rule::f_comb_cost => Some(Filter::CombinedCostAtMost(number_in(x))),
            Rule::np_named => {
                q.kind = CardKind::Card;
                let names: Vec<String> = x
                    .into_inner()
                    .filter(|f| f.as_rule() == Rule::family)
                    .map(|f| f.as_str().to_string())
                    .collect();
                // One name: a card name ("an Amethyst Sanctuary"); several: families
                // ("each Carapite or Insectoid you control").
                match names.as_slice() {
                    [one] => Some(Filter::Named(one.clone())),
                    _ => Some(Filter::Family(names)),
                }
            }
            Rule::a_atk => Some(Filter::Attacking),
            Rule::a_blk => Some(Filter::Blocking),
            Rule::a_atk_or_blk => Some(Filter::AttackingOrBlocking),
            Rule::f_cost_or => Some(Filter::CostOneOf(
                x.into_inner()
                    .filter(|n| n.as_rule() == Rule::number)
                    .map(number_of)
                    .collect(),
            )),
            Rule::f_lv_least => Some(Filter::LevelAtLeast(
                x.into_inner().next().map(number_in_level).unwrap_or(1),
            )),
            Rule::f_no_soul => Some(Filter::NoSoulCore),
            Rule::f_summoned_turn => Some(Filter::SummonedThisTurn),
            Rule::f_colours_is => Some(Filter::ColoursIs(direct_number(&x))),
            Rule::f_colours_least => Some(Filter::ColoursAtLeast(direct_number(&x))),
            Rule::f_effect => Some(Filter::HasEffect(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_vanilla => Some(Filter::NoEffects),
            Rule::f_sym_colour => Some(Filter::SharesFieldSymbolColour(
                !x.clone().into_inner().any(|n| n.as_rule() == Rule::sc_not),
            )),
            Rule::f_no_effect => Some(Filter::LacksEffect(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_effects_listed => Some(Filter::HasEffects),
            Rule::f_lv_is => Some(Filter::Level(
                x.into_inner().next().map(number_in_level).unwrap_or(1),
            )),
            Rule::f_families => x
                .into_inner()
                .find(|f| f.as_rule() == Rule::families)
                .map(|fs| {
                    Filter::Family(
                        fs.into_inner()
                            .filter(|f| f.as_rule() == Rule::family)
                            .map(|f| f.as_str().to_string())
                            .collect(),
                    )
                }),
            Rule::f_other_this => Some(Filter::Other),
            Rule::f_other_name => x
                .into_inner()
                .next()
                .map(|n| Filter::NotNamed(n.as_str().to_string())),
            Rule::f_same_cost => Some(same_cost_filter(x)),
            Rule::f_same_cost_it => Some(Filter::CostSameAsSelected),
            Rule::f_same_family => Some(Filter::FamilySameAsSelected),
            Rule::f_cost_life => Some(Filter::CostIsLife),
            Rule::f_cost_extreme => Some(Filter::CostExtreme(
                x.into_inner().any(|m| m.as_rule() == Rule::cost_most),
            )),
            Rule::f_except => by_query(&x).map(|q| Filter::Except(Box::new(q))),
            Rule::f_blocking_one => by_query(&x).map(|q| Filter::BlockingOneOf(Box::new(q))),
            Rule::f_blocked_by => by_query(&x).map(|q| Filter::BlockedByOneOf(Box::new(q))),
            Rule::f_bp_this => Some(Filter::BpAtMostThis),
            Rule::f_bp_below_this => Some(Filter::BpBelowThis),
            Rule::f_bp_above_top => Some(Filter::BpAboveHighest(
                x.into_inner()
                    .find(|o| o.as_rule() == Rule::owner)
                    .map(owner_of)
                    .unwrap_or(Owner::Opponent),
            )),
            Rule::f_bp_eq_this => Some(Filter::BpEqualsThis),
            Rule::f_cost_below_ev => Some(Filter::CostBelowEventCard),
            Rule::f_bp_eq_ev => Some(Filter::BpEqualsEventCard),
            Rule::f_not_atk => Some(Filter::NotAttacking),
            Rule::f_not_kw | Rule::f_without_kw => Some(Filter::LacksKeyword(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            Rule::f_symbols => Some(Filter::Symbols(number_in(x))),
            Rule::f_cores => Some(Filter::Cores(number_in(x))),
            Rule::f_cores_most => Some(Filter::CoresAtMost(number_in(x))),
            Rule::f_cores_least => Some(Filter::CoresAtLeast(number_in(x))),
            Rule::f_revealed => {
                q.zone = Zone::Revealed;
                None
            }
            Rule::f_discarded => {
                q.zone = Zone::Discarded;
                None
            }
            Rule::f_noop => {
                if q.owner == Owner::Any && x.as_str().to_ascii_lowercase().contains("you control")
                {
                    q.owner = Owner::You;
                }
                None
            }
            Rule::f_trash => {
                q.zone = Zone::Trash;
                if q.owner == Owner::Any {
                    q.owner = Owner::You;
                }
                None
            }
            Rule::f_hand_or_trash => {
                q.zone = Zone::Hand;
                if q.owner == Owner::Any {
                    q.owner = Owner::You;
                }
                None
            }
            Rule::f_hand => {
                q.zone = Zone::Hand;
                if q.owner == Owner::Any {
                    q.owner = if x.as_str().to_ascii_lowercase().contains("their") {
                        Owner::Opponent
                    } else {
                        Owner::You
                    };
                }
                None
            }
            _ => None,
        };
        if let Some(f) = f {
            q.filters.push(f);
        }
    }
}

/// "with the same cost as any of your spirits" (`f_same_cost`, `same_cost_any`): the owner
/// and the noun of the cards whose costs it may have.
pub(in crate::en) fn same_cost_filter(p: Pair<Rule>) -> Filter {
    let mut owner = Owner::Any;
    let mut q = None;
    for x in p.into_inner().flatten() {
        match x.as_rule() {
            Rule::owner if q.is_none() => owner = owner_of(x),
            Rule::np_body if q.is_none() => q = Some(x),
            _ => {}
        }
    }
    let q = q.map(|np| query_of(np, owner)).unwrap_or_else(your_spirits);
    Filter::CostSameAsAny(Box::new(q))
}
