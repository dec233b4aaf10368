//! Noun phrases: numbers, owners, colours, card queries and their filters, subjects, targets, deck
//! positions and core places.

use super::*;

/// The first number inside a pair.
pub(super) fn number_in(p: Pair<Rule>) -> u32 {
    if p.as_rule() == Rule::number {
        return number_of(p);
    }
    p.into_inner()
        .flatten()
        .find(|x| x.as_rule() == Rule::number)
        .map(number_of)
        .unwrap_or(1)
}

/// The last number that is a direct child of a clause (not one inside its target's filters).
pub(super) fn direct_number(c: &Pair<Rule>) -> u32 {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::number)
        .last()
        .map(number_of)
        .unwrap_or(0)
}

pub(super) fn number_of(p: Pair<Rule>) -> u32 {
    let s = p.as_str().trim();
    if let Some(d) = s.chars().next()
        && d.is_ascii_digit()
    {
        return s.replace(',', "").parse().unwrap_or(u32::MAX);
    }
    match s.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "zero" => 0,
        _ => 1,
    }
}

pub(super) fn owner_of(p: Pair<Rule>) -> Owner {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::o_opp) | Some(Rule::o_their) => Owner::Opponent,
        Some(Rule::o_your) => Owner::You,
        _ => Owner::Any,
    }
}

pub(super) fn colour_of(s: &str) -> Colour {
    match s.to_ascii_lowercase().as_str() {
        "red" => Colour::Red,
        "purple" => Colour::Purple,
        "green" => Colour::Green,
        "white" => Colour::White,
        "yellow" => Colour::Yellow,
        _ => Colour::Blue,
    }
}

pub(super) fn query_of(np: Pair<Rule>, owner: Owner) -> Query {
    let mut q = Query {
        owner,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    };
    add_filters(&mut q, np);
    q
}

/// Add the adjectives, kind and filters under `p` to `q`.
pub(super) fn add_filters(q: &mut Query, p: Pair<Rule>) {
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
            Rule::f_not_atk => Some(Filter::NotAttacking),
            Rule::f_not_kw => Some(Filter::LacksKeyword(
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
pub(super) fn same_cost_filter(p: Pair<Rule>) -> Filter {
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

pub(super) fn by_query(c: &Pair<Rule>) -> Option<Query> {
    let mut owner = Owner::Any;
    let mut q = None;
    for x in c.clone().into_inner() {
        match x.as_rule() {
            Rule::owner => owner = owner_of(x),
            Rule::np_body => q = Some(x),
            _ => {}
        }
    }
    q.map(|np| query_of(np, owner))
}

pub(super) fn your_spirits() -> Query {
    Query {
        owner: Owner::You,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    }
}

pub(super) fn subject_of_one(x: Pair<Rule>) -> Subject {
    let mut owner = Owner::Any;
    let mut q = None;
    for y in x.into_inner() {
        match y.as_rule() {
            Rule::owner => owner = owner_of(y),
            Rule::np_body => q = Some(y),
            _ => {}
        }
    }
    match q {
        Some(np) => Subject::AnyOf(query_of(np, owner)),
        None => Subject::This,
    }
}

pub(super) fn subject_of(p: Pair<Rule>) -> Subject {
    let Some(x) = p.into_inner().next() else {
        return Subject::This;
    };
    match x.as_rule() {
        Rule::es_this_attack => Subject::ThisAttack,
        Rule::es_spirits_atk => {
            let inner = x
                .clone()
                .into_inner()
                .find(|y| y.as_rule() == Rule::es_one)
                .unwrap_or(x);
            let q = match subject_of_one(inner) {
                Subject::AnyOf(q) => q,
                _ => your_spirits(),
            };
            Subject::AttackOf(q)
        }
        Rule::es_this => Subject::This,
        Rule::es_chosen => Subject::Chosen,
        Rule::es_this_or => {
            let one = x.into_inner().find(|y| y.as_rule() == Rule::es_one);
            match one.map(subject_of_one) {
                Some(Subject::AnyOf(q)) => Subject::ThisOr(q),
                _ => Subject::This,
            }
        }
        _ => {
            let mut owner = Owner::Any;
            let mut q = None;
            for y in x.into_inner() {
                match y.as_rule() {
                    Rule::owner => owner = owner_of(y),
                    Rule::np_body => q = Some(y),
                    _ => {}
                }
            }
            match q {
                Some(np) => Subject::AnyOf(query_of(np, owner)),
                None => Subject::This,
            }
        }
    }
}

pub(super) fn number_in_level(p: Pair<Rule>) -> u8 {
    p.into_inner()
        .next()
        .and_then(|n| n.as_str().parse().ok())
        .unwrap_or(u8::MAX)
}

pub(super) fn target_of(p: Pair<Rule>, chooser: Whose) -> Target {
    let p = if p.as_rule() == Rule::target {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Target::Selected,
        }
    } else {
        p
    };
    match p.as_rule() {
        // The attacker the sentence's watcher gives (`sentence::build_sentence`).
        Rule::t_first_atk => Target::Selected,
        Rule::t_choose_and => Target::ChooseEach(
            p.into_inner()
                .filter(|x| x.as_rule() == Rule::t_choose)
                .map(|x| target_of(x, chooser))
                .collect(),
        ),
        Rule::t_choose_or => {
            // A zone written after both names applies to both.
            let zone = p.clone().into_inner().find_map(|x| match x.as_rule() {
                Rule::f_trash => Some(Zone::Trash),
                Rule::f_hand => Some(Zone::Hand),
                _ => None,
            });
            let parts: Vec<Target> = p
                .into_inner()
                .filter(|x| x.as_rule() == Rule::t_choose)
                .map(|x| target_of(x, chooser))
                .collect();
            let mut count = Count::Exactly(1);
            let mut queries = Vec::new();
            for (i, part) in parts.into_iter().enumerate() {
                if let Target::Choose {
                    count: c,
                    mut query,
                    ..
                } = part
                {
                    if i == 0 {
                        count = c;
                    }
                    if let Some(z) = zone {
                        query.zone = z;
                        if query.owner == Owner::Any {
                            query.owner = Owner::You;
                        }
                    }
                    queries.push(query);
                }
            }
            Target::ChooseUnion {
                count,
                queries,
                chooser,
            }
        }
        Rule::t_this => Target::This,
        Rule::t_plural => match p.into_inner().next() {
            Some(np) => Target::All(query_of(np, Owner::Any)),
            None => Target::Selected,
        },
        Rule::t_blocker => Target::Blocker,
        Rule::t_attacker => Target::Attacker,
        Rule::t_each => {
            let mut owner = Owner::Any;
            let mut out = Target::Selected;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => owner = owner_of(x),
                    Rule::np_body => out = Target::All(query_of(x, owner)),
                    _ => {}
                }
            }
            out
        }
        Rule::t_selected | Rule::t_by_this => Target::Selected,
        Rule::t_of_them => Target::ChooseAmongSelected(
            match p
                .into_inner()
                .find(|x| x.as_rule() == Rule::count_np)
                .and_then(|x| x.into_inner().next())
            {
                Some(c) if c.as_rule() == Rule::c_any => Count::AnyNumber,
                Some(c) if c.as_rule() == Rule::c_up_to => Count::UpTo(number_in(c)),
                Some(c) => Count::Exactly(number_in(c)),
                None => Count::Exactly(1),
            },
        ),
        Rule::t_the_one => {
            let owner = p
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::owner)
                .map(owner_of)
                .unwrap_or(Owner::Any);
            let mut query = Query {
                owner,
                kind: CardKind::Spirit,
                zone: Zone::Field,
                filters: Vec::new(),
            };
            add_filters(&mut query, p);
            Target::Choose {
                count: Count::Exactly(1),
                query,
                chooser,
            }
        }
        Rule::t_both => Target::BothSelected,
        Rule::t_choose_syms => {
            let colour = p
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()));
            match (by_query(&p), colour) {
                (Some(query), Some(c)) => Target::Choose {
                    count: Count::UpToSymbols(c),
                    query,
                    chooser,
                },
                _ => Target::Selected,
            }
        }
        Rule::t_sel_and_all => match by_query(&p) {
            Some(q) => Target::SelectedAndAll(q),
            None => Target::Selected,
        },
        Rule::t_all_both => Target::All(Query {
            owner: Owner::Any,
            ..your_spirits()
        }),
        Rule::t_all => {
            let mut owner = Owner::Any;
            let mut q = None;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => owner = owner_of(x),
                    Rule::np_body => q = Some(x),
                    _ => {}
                }
            }
            match q {
                Some(np) => Target::All(query_of(np, owner)),
                None => Target::Selected,
            }
        }
        Rule::t_choose => {
            let mut owner = if chooser == Whose::Opponent {
                Owner::Opponent
            } else {
                Owner::Any
            };
            let mut count = Count::Exactly(1);
            let mut q = None;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::owner => {
                        owner = match owner_of(x) {
                            // "one of their spirits" chosen by the opponent = the opponent's.
                            Owner::Opponent => Owner::Opponent,
                            o => o,
                        }
                    }
                    Rule::count_np => {
                        count = match x.into_inner().next() {
                            Some(c) if c.as_rule() == Rule::c_any => Count::AnyNumber,
                            Some(c) if c.as_rule() == Rule::c_up_to => Count::UpTo(number_in(c)),
                            Some(c) => Count::Exactly(number_in(c)),
                            None => Count::Exactly(1),
                        }
                    }
                    Rule::np_body => q = Some(x),
                    _ => {}
                }
            }
            match q {
                // "from your hand or trash": one choice among the cards of both zones.
                Some(np)
                    if np
                        .clone()
                        .into_inner()
                        .any(|x| x.as_rule() == Rule::f_hand_or_trash) =>
                {
                    let query = query_of(np, owner);
                    let from = |zone| Query {
                        zone,
                        ..query.clone()
                    };
                    Target::ChooseUnion {
                        count,
                        queries: vec![from(Zone::Hand), from(Zone::Trash)],
                        chooser,
                    }
                }
                Some(np) => Target::Choose {
                    count,
                    query: query_of(np, owner),
                    chooser,
                },
                None => Target::Selected,
            }
        }
        _ => Target::Selected,
    }
}

pub(super) fn first_target(p: &Pair<Rule>, chooser: Whose) -> Target {
    p.clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::target)
        .map(|t| target_of(t, chooser))
        .unwrap_or(Target::Selected)
}

pub(super) fn deck_pos_in(p: &Pair<Rule>) -> DeckPos {
    match p
        .clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::deck_pos)
        .and_then(|d| d.into_inner().next())
        .map(|d| d.as_rule())
    {
        Some(Rule::top) => DeckPos::Top,
        _ => DeckPos::Bottom,
    }
}

pub(super) fn core_place_of(p: Pair<Rule>) -> CorePlace {
    let Some(x) = p.into_inner().next() else {
        return CorePlace::Void;
    };
    match x.as_rule() {
        Rule::cp_void => CorePlace::Void,
        Rule::cp_reserve => CorePlace::Reserve,
        Rule::cp_owners => CorePlace::OwnersReserve,
        Rule::cp_life => CorePlace::Life,
        Rule::cp_opp_life => CorePlace::OpponentLife,
        Rule::cp_trash => CorePlace::Trash,
        Rule::cp_opp_trash => CorePlace::OwnersTrash,
        _ => CorePlace::On(first_target(&x, Whose::You)),
    }
}

pub(super) fn core_count_of(p: Pair<Rule>) -> CoreCount {
    let Some(x) = p.into_inner().next() else {
        return CoreCount::Exactly(1);
    };
    match x.as_rule() {
        Rule::cc_all_but => CoreCount::AllBut(number_in(x)),
        Rule::cc_all => CoreCount::All,
        Rule::cc_soul => CoreCount::SoulCore,
        Rule::cc_any => CoreCount::UpTo(u32::MAX),
        Rule::cc_upto => CoreCount::UpTo(number_in(x)),
        _ => CoreCount::Exactly(number_in(x)),
    }
}
