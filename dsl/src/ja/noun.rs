//! Japanese noun phrases: colours, card queries, targets and core places.

use super::*;

fn colour_of(p: &Pair<Rule>) -> Colour {
    match p.clone().into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::m_colour_red) => Colour::Red,
        Some(Rule::m_colour_purple) => Colour::Purple,
        Some(Rule::m_colour_green) => Colour::Green,
        Some(Rule::m_colour_white) => Colour::White,
        Some(Rule::m_colour_yellow) => Colour::Yellow,
        _ => Colour::Blue,
    }
}

/// Query of an `np`/`np_each` pair (count ignored).
pub(super) fn query_of(np: Pair<Rule>) -> Query {
    let mut q = Query {
        owner: Owner::Any,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: Vec::new(),
    };
    for x in np.into_inner() {
        match x.as_rule() {
            Rule::owner => {
                q.owner = match x.into_inner().next().map(|o| o.as_rule()) {
                    Some(Rule::o_self) => Owner::You,
                    Some(Rule::o_opp) => Owner::Opponent,
                    _ => Owner::Any,
                }
            }
            Rule::m_bp_most => q.filters.push(Filter::BpAtMost(first_num(&x))),
            Rule::m_bp_least => q.filters.push(Filter::BpAtLeast(first_num(&x))),
            Rule::m_cost_most => q.filters.push(Filter::CostAtMost(first_num(&x))),
            Rule::m_cost_least => q.filters.push(Filter::CostAtLeast(first_num(&x))),
            Rule::m_exh => q.filters.push(Filter::Exhausted),
            Rule::m_ref => q.filters.push(Filter::Refreshed),
            Rule::m_family => q.filters.push(Filter::Family(
                x.into_inner()
                    .filter(|f| f.as_rule() == Rule::quoted)
                    .map(|f| f.as_str().to_string())
                    .collect(),
            )),
            Rule::m_named => q.filters.push(Filter::Family(vec![x.as_str().to_string()])),
            Rule::m_kw => {
                let k = x
                    .into_inner()
                    .next()
                    .map(
                        |k| match k.clone().into_inner().next().map(|r| r.as_rule()) {
                            Some(Rule::kw_awaken) => "Awaken".to_string(),
                            Some(Rule::kw_clash) => "Confront".to_string(),
                            Some(Rule::kw_swift) => "Swift".to_string(),
                            _ => k.as_str().to_string(),
                        },
                    )
                    .unwrap_or_default();
                q.filters.push(Filter::HasKeyword(vec![k]));
            }
            Rule::m_name => q.filters.push(Filter::NameContains(
                x.into_inner()
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default(),
            )),
            // 合体 (braved) is not in the Saga model: kept as a family-like tag.
            Rule::m_braved => q.filters.push(Filter::Family(vec!["合体".into()])),
            Rule::m_unbraved => q.filters.push(Filter::Family(vec!["!合体".into()])),
            Rule::m_other => q.filters.push(Filter::Other),
            Rule::m_field if x.as_str().starts_with("自分") => q.owner = Owner::You,
            Rule::m_trash => {
                q.zone = Zone::Trash;
                q.owner = Owner::You;
            }
            Rule::m_hand => q.zone = Zone::Hand,
            Rule::m_colour => q.filters.push(Filter::Colour(colour_of(&x))),
            Rule::kind => {
                q.kind = match x.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::k_spirit_card) => CardKind::SpiritCard,
                    Some(Rule::k_nexus_card) => CardKind::Nexus,
                    Some(Rule::k_magic_card) => CardKind::MagicCard,
                    Some(Rule::k_nexus) => CardKind::Nexus,
                    Some(Rule::k_spirit_or_nexus) => CardKind::SpiritOrNexus,
                    Some(Rule::k_hand) => {
                        q.zone = Zone::Hand;
                        CardKind::Card
                    }
                    Some(Rule::k_card) => CardKind::Card,
                    _ => CardKind::Spirit,
                }
            }
            _ => {}
        }
    }
    if matches!(q.kind, CardKind::SpiritCard | CardKind::Card) && q.zone == Zone::Field {
        q.zone = Zone::Hand;
    }
    q
}

pub(super) fn target_of(p: Pair<Rule>) -> Target {
    let p = if p.as_rule() == Rule::target {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Target::Selected,
        }
    } else {
        p
    };
    match p.as_rule() {
        Rule::t_this => Target::This,
        Rule::t_selected => Target::Selected,
        Rule::np => {
            let all = p.clone().into_inner().any(|x| x.as_rule() == Rule::c_all);
            let n = p
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::c_n)
                .map(|c| first_num(&c));
            let query = query_of(p);
            match (all, n) {
                (true, _) => Target::All(query),
                (false, Some(n)) => Target::Choose {
                    count: Count::Exactly(n),
                    query,
                    chooser: Whose::You,
                },
                (false, None) => Target::All(query),
            }
        }
        _ => Target::Selected,
    }
}

pub(super) fn targets(c: &Pair<Rule>) -> Vec<Target> {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::target)
        .map(target_of)
        .collect()
}

pub(super) fn place_of(p: Pair<Rule>) -> CorePlace {
    match p.into_inner().next() {
        Some(x) => match x.as_rule() {
            Rule::dst_life => CorePlace::Life,
            Rule::dst_opp_life => CorePlace::OpponentLife,
            Rule::dst_reserve => CorePlace::Reserve,
            Rule::dst_opp_reserve => CorePlace::OwnersReserve,
            Rule::dst_void => CorePlace::Void,
            Rule::dst_trash => CorePlace::Trash,
            _ => CorePlace::On(
                x.into_inner()
                    .find(|t| t.as_rule() == Rule::target)
                    .map(target_of)
                    .unwrap_or(Target::This),
            ),
        },
        None => CorePlace::Void,
    }
}
