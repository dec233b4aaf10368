//! Noun phrases: numbers, owners, colours, card queries and their filters, subjects, targets, deck
//! positions and core places; filters are read in `filter.rs`, targets in `target.rs`.

use super::*;

mod filter;
mod target;
pub(super) use filter::{add_filters, same_cost_filter};
pub(super) use target::{first_target, target_of};

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
        _ => subject_of_one(x),
    }
}

pub(super) fn number_in_level(p: Pair<Rule>) -> u8 {
    p.into_inner()
        .next()
        .and_then(|n| n.as_str().parse().ok())
        .unwrap_or(u8::MAX)
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
