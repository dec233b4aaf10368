//! Targets: a noun phrase in a clause → whose cards, how many and who chooses ("choose up
//! to two of your opponent's spirits", "this spirit", "them").

use super::*;

pub(in crate::en) fn target_of(p: Pair<Rule>, chooser: Whose) -> Target {
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

pub(in crate::en) fn first_target(p: &Pair<Rule>, chooser: Whose) -> Target {
    p.clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::target)
        .map(|t| target_of(t, chooser))
        .unwrap_or(Target::Selected)
}
