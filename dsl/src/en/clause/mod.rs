//! One clause (a verb phrase: draw, destroy, refresh, move cores, …) → its actions; the
//! clauses of lasting effects are read in `lasting.rs`.

use super::*;

mod lasting;
mod replace;
mod select;

pub(super) fn clause_of(p: Pair<Rule>) -> Vec<Action> {
    let Some(c) = p.into_inner().next() else {
        return Vec::new();
    };
    let rule = c.as_rule();
    let t = || first_target(&c, Whose::You);
    // "Discard any number of them": choose among them, then discard what was chosen.
    if rule == Rule::c_discard_it
        && c.clone()
            .into_inner()
            .any(|x| x.as_rule() == Rule::t_of_them)
    {
        let among = c
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::t_of_them)
            .map(|x| target_of(x, Whose::You))
            .unwrap_or(Target::Selected);
        return vec![Action::Select(among), Action::DiscardSelected];
    }
    if matches!(
        rule,
        Rule::c_only_select
            | Rule::c_unblock_weaker
            | Rule::c_attack_own_cores
            | Rule::c_cannot_play
            | Rule::c_life_onto
    ) {
        return select::select_clause(c);
    }
    // "From your trash, select one spirit card of each of the following colors: …": one
    // card of each colour, chosen in turn, then together.
    if rule == Rule::c_select_each_colour {
        let mut query = None;
        let mut trash = false;
        let mut colours = Vec::new();
        for x in c.into_inner() {
            match x.as_rule() {
                Rule::f_trash => trash = true,
                Rule::np_body => query = Some(query_of(x, Owner::You)),
                Rule::colour => colours.push(colour_of(x.as_str())),
                _ => {}
            }
        }
        let Some(mut query) = query else {
            return Vec::new();
        };
        if trash {
            query.zone = Zone::Trash;
        }
        let parts = (colours.into_iter())
            .map(|c| {
                let mut q = query.clone();
                q.filters.push(Filter::Colour(c));
                Target::Choose {
                    count: Count::Exactly(1),
                    query: q,
                    chooser: Whose::You,
                }
            })
            .collect();
        return vec![Action::Select(Target::ChooseEach(parts))];
    }
    // "Place one core from the void each onto X and Y": the count onto each place, in order.
    if rule == Rule::c_place_each {
        let mut count = CoreCount::Exactly(1);
        let mut places = Vec::new();
        for x in c.into_inner() {
            match x.as_rule() {
                Rule::core_count => count = core_count_of(x),
                Rule::core_place => places.push(core_place_of(x)),
                _ => {}
            }
        }
        let from = places.remove(0);
        return (places.into_iter())
            .map(|to| Action::MoveCores {
                count: count.clone(),
                from: from.clone(),
                to,
                per: None,
            })
            .collect();
    }
    vec![match rule {
        Rule::c_select => Action::Select(t()),
        Rule::c_opp_select => Action::Select(first_target(&c, Whose::Opponent)),
        Rule::c_draw => Action::Draw(Amount::Fixed(number_in(c))),
        Rule::c_destroy => Action::Destroy(t()),
        Rule::c_exhaust => Action::Exhaust(t()),
        Rule::c_refresh => Action::Refresh(t()),
        // "Return all … to your hand that cost the same as that spirit": the filter after
        // the destination belongs to the cards returned.
        Rule::c_ret_hand => Action::ReturnToHand(match t() {
            Target::All(mut q) => {
                add_filters(&mut q, c.clone());
                Target::All(q)
            }
            Target::Choose {
                count,
                mut query,
                chooser,
            } => {
                add_filters(&mut query, c.clone());
                Target::Choose {
                    count,
                    query,
                    chooser,
                }
            }
            _ if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::f_same_cost_it) =>
            {
                return vec![Action::Unparsed {
                    text: c.as_str().to_string(),
                    span: Span {
                        start: c.as_span().start(),
                        end: c.as_span().end(),
                    },
                }];
            }
            other => other,
        }),
        Rule::c_ret_deck | Rule::c_place_deck => Action::ReturnToDeck(t(), deck_pos_in(&c)),
        Rule::c_ret_deck_either => Action::OneOf(vec![
            vec![Action::ReturnToDeck(t(), DeckPos::Top)],
            vec![Action::ReturnToDeck(t(), DeckPos::Bottom)],
        ]),
        Rule::c_keep_field => replace::keep_on_field(&c, t()),
        Rule::c_remaining => Action::RemainingToDeck(deck_pos_in(&c)),
        Rule::c_rem_trash => Action::RemainingToTrash,
        Rule::c_gain_bp
        | Rule::c_bp_plus
        | Rule::c_reduce_bp
        | Rule::c_lose_bp
        | Rule::c_gain_bp_kw
        | Rule::c_gain_symbol
        | Rule::c_all_types
        | Rule::c_gain_family
        | Rule::c_gain_kw
        | Rule::c_cannot_atk_blk
        | Rule::c_cannot_atk
        | Rule::c_cannot_destroyed
        | Rule::c_colours_also
        | Rule::c_symbols_as
        | Rule::c_reduce_first_magic
        | Rule::c_ascend_cost
        | Rule::c_cost_as
        | Rule::c_fulfilled
        | Rule::c_gain_reduction
        | Rule::c_must_attack
        | Rule::c_no_deck_disc
        | Rule::c_no_draw_by
        | Rule::c_deck_disc_max
        | Rule::c_atk_no_life
        | Rule::c_block_exh
        | Rule::c_cannot_be
        | Rule::c_treat_high
        | Rule::c_cannot_blk
        | Rule::c_cannot_be_blocked
        | Rule::c_treat_lv => return lasting::lasting_clause(c),
        Rule::c_reveal_viewed => {
            let mut target = t();
            if let Target::Choose { query, .. } | Target::All(query) = &mut target {
                query.zone = Zone::Revealed;
            }
            Action::Select(target)
        }
        Rule::c_send_cores => {
            let mut count = CoreCount::Exactly(1);
            let mut from = CorePlace::On(Target::Selected);
            let mut to = CorePlace::Void;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::core_count => count = core_count_of(x),
                    Rule::target => from = CorePlace::On(target_of(x, Whose::You)),
                    Rule::core_place => to = core_place_of(x),
                    _ => {}
                }
            }
            Action::MoveCores {
                count,
                from,
                to,
                per: None,
            }
        }
        // "Place all of the destroyed spirit's cores onto it" (BS-6.6: still on the field).
        Rule::c_ev_cores => Action::MoveCores {
            count: CoreCount::All,
            from: CorePlace::On(Target::EventCard),
            to: c
                .into_inner()
                .find(|x| x.as_rule() == Rule::core_place)
                .map(core_place_of)
                .unwrap_or(CorePlace::Reserve),
            per: None,
        },
        // "Place N cores onto PLACE from PLACE".
        Rule::c_place_onto_from => {
            let mut count = CoreCount::Exactly(1);
            let mut places = Vec::new();
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::core_count => count = core_count_of(x),
                    Rule::core_place => places.push(core_place_of(x)),
                    _ => {}
                }
            }
            let from = places.pop().unwrap_or(CorePlace::Void);
            let to = places.pop().unwrap_or(CorePlace::Reserve);
            Action::MoveCores {
                count,
                from,
                to,
                per: None,
            }
        }
        Rule::c_place_cores | Rule::c_remove_cores => {
            let mut count = CoreCount::Exactly(1);
            let mut places = Vec::new();
            let mut from_target = None;
            let mut from_life = None;
            let mut ordinary = false;
            for x in c.clone().into_inner() {
                match x.as_rule() {
                    Rule::rm_life => {
                        from_life = x.into_inner().next().map(|l| {
                            if l.as_rule() == Rule::cp_opp_life {
                                CorePlace::OpponentLife
                            } else {
                                CorePlace::Life
                            }
                        })
                    }
                    Rule::core_count => count = core_count_of(x),
                    Rule::core_place => places.push(core_place_of(x)),
                    Rule::target => from_target = Some(target_of(x, Whose::You)),
                    Rule::not_soul => ordinary = true,
                    _ => {}
                }
            }
            // Only a number of ordinary cores can be "not a Soul Core"; "all … that are
            // not" has no call: not understood.
            if ordinary {
                count = match count {
                    CoreCount::Exactly(n) => CoreCount::Ordinary(n),
                    _ => {
                        return vec![Action::Unparsed {
                            text: c.as_str().to_string(),
                            span: Span {
                                start: c.as_span().start(),
                                end: c.as_span().end(),
                            },
                        }];
                    }
                };
            }
            if rule == Rule::c_place_cores {
                let to = places.pop().unwrap_or(CorePlace::Reserve);
                let from = places.pop().unwrap_or(CorePlace::Void);
                Action::MoveCores {
                    count,
                    from,
                    to,
                    per: None,
                }
            } else {
                Action::MoveCores {
                    count,
                    from: from_life
                        .unwrap_or_else(|| CorePlace::On(from_target.unwrap_or(Target::Selected))),
                    to: places.pop().unwrap_or(CorePlace::OwnersReserve),
                    per: None,
                }
            }
        }
        Rule::c_mill => {
            let whose = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::o_opp || x.as_rule() == Rule::o_their)
            {
                Whose::Opponent
            } else {
                Whose::You
            };
            let count = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1);
            Action::Mill {
                whose,
                count: Amount::Fixed(count),
            }
        }
        Rule::c_discard => {
            let count = number_in(c.clone());
            let filter = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::np_body)
                .map(|np| query_of(np, Owner::You))
                .filter(|q| q.kind != CardKind::Card || !q.filters.is_empty());
            Action::Discard {
                whose: Whose::You,
                count,
                filter,
            }
        }
        Rule::c_discard_it => Action::DiscardSelected,
        Rule::c_draw_until => Action::DrawUntil(Amount::Fixed(direct_number(&c))),
        // "… until you have the same number of cards in your hand as your opponent has in
        // theirs": their hand's size, read when drawing.
        Rule::c_draw_until_opp => Action::DrawUntil(Amount::PerEach(
            1,
            Query {
                owner: Owner::Opponent,
                kind: CardKind::Card,
                zone: Zone::Hand,
                filters: Vec::new(),
            },
        )),
        Rule::c_both_draw => Action::PlayerDraws(Whose::Either, direct_number(&c)),
        Rule::c_opp_draw => Action::PlayerDraws(Whose::Opponent, direct_number(&c)),
        Rule::c_both_discard => Action::Discard {
            whose: Whose::Either,
            count: direct_number(&c),
            filter: None,
        },
        Rule::c_shuffle => Action::Shuffle,
        Rule::c_opp_discard => {
            let count = number_in(c.clone());
            let filter = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::np_body)
                .map(|np| query_of(np, Owner::Opponent))
                .filter(|q| q.kind != CardKind::Card || !q.filters.is_empty());
            Action::Discard {
                whose: Whose::Opponent,
                count,
                filter,
            }
        }
        Rule::c_disc_hand => Action::DiscardHand,
        Rule::c_attack => Action::AttackTarget(t()),
        Rule::c_mill_cost => Action::Mill {
            whose: if c.into_inner().any(|x| x.as_rule() == Rule::o_opp) {
                Whose::Opponent
            } else {
                Whose::You
            },
            count: Amount::CostOfSelected,
        },
        Rule::c_mill_put | Rule::c_mill_n => Action::Mill {
            whose: if c
                .clone()
                .into_inner()
                .any(|x| matches!(x.as_rule(), Rule::o_opp | Rule::o_their))
            {
                Whose::Opponent
            } else {
                Whose::You
            },
            count: Amount::Fixed(number_in(c)),
        },
        Rule::c_pay_cores
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cc_of_this) =>
        {
            Action::PayCores {
                count: CoreCount::Exactly(number_in(c)),
                from: Some(Target::This),
            }
        }
        Rule::c_pay_cores => {
            let cc = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::core_count);
            // "Pay this spirit's "Soul Core"": the soul core must be on this spirit.
            let this_soul = cc
                .as_ref()
                .is_some_and(|x| x.as_str().to_ascii_lowercase().starts_with("this spirit"));
            let count = cc.map(core_count_of).unwrap_or(CoreCount::Exactly(1));
            let from = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::target)
                .map(|x| target_of(x, Whose::You))
                .or_else(|| this_soul.then_some(Target::This));
            Action::PayCores { count, from }
        }
        Rule::c_deploy => {
            let mut target = t();
            if c.as_str().to_ascii_lowercase().contains("revealed")
                && let Target::Choose { query, .. } | Target::All(query) = &mut target
            {
                query.zone = Zone::Revealed;
            }
            Action::Deploy {
                target,
                free: c.clone().into_inner().any(|x| x.as_rule() == Rule::free),
            }
        }
        Rule::c_reveal => Action::Reveal(Amount::Fixed(
            c.into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1),
        )),
        Rule::c_add_hand => {
            let mut target = t();
            if c.as_str().to_ascii_lowercase().contains("revealed")
                && let Target::Choose { query, .. } | Target::All(query) = &mut target
            {
                query.zone = Zone::Revealed;
            }
            Action::AddToHand(target)
        }
        Rule::c_summon => {
            let target = t();
            let free = c.clone().into_inner().any(|x| x.as_rule() == Rule::free);
            let exhausted = c.into_inner().any(|x| x.as_rule() == Rule::exh);
            Action::Summon {
                target,
                free,
                exhausted,
            }
        }
        Rule::c_summon_tok => {
            let fam = c.clone().into_inner().find(|x| x.as_rule() == Rule::family);
            Action::SummonToken {
                name: format!("{} Token", fam.map_or("", |f| f.as_str())),
                count: Amount::Fixed(direct_number(&c)),
                exhausted: c.into_inner().any(|x| x.as_rule() == Rule::exh),
            }
        }
        Rule::c_pay_act => Action::PayCostToActivate(
            if c.into_inner().any(|x| x.as_rule() == Rule::s_kind_flash) {
                StepKind::Flash
            } else {
                StepKind::Main
            },
        ),
        Rule::c_end_attack => Action::EndAttackStep,
        Rule::c_count => {
            let n = i64::from(direct_number(&c));
            if c.into_inner().any(|x| x.as_rule() == Rule::count_down) {
                Action::Count(-n)
            } else {
                Action::Count(n)
            }
        }
        Rule::c_heavy => Action::HeavilyExhaust(t()),
        Rule::c_skip_refresh => Action::SkipNextRefresh(t()),
        Rule::c_discard_any => Action::DiscardAnyNumber(
            c.clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::np_body)
                .map(|np| query_of(np, Owner::You))
                .filter(|q| q.kind != CardKind::Card || !q.filters.is_empty()),
        ),
        // The options are the bullet sentences that follow (`body::parse_body`).
        Rule::c_one_of_following => Action::OneOf(Vec::new()),
        Rule::c_also_when_attacking => Action::BlockEffectsOnAttack(
            Target::All(Query {
                owner: c
                    .clone()
                    .into_inner()
                    .find(|x| x.as_rule() == Rule::owner)
                    .map_or(Owner::You, owner_of),
                kind: CardKind::Spirit,
                zone: Zone::Field,
                filters: Vec::new(),
            }),
            Duration::WhileActive,
        ),
        Rule::c_tecoto => match c
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::tec_top)
        {
            Some(top) => Action::PutIntoTecoto(Target::DeckTop(
                top.into_inner()
                    .find(|x| x.as_rule() == Rule::number)
                    .map(number_of)
                    .unwrap_or(1),
            )),
            None => Action::PutIntoTecoto(t()),
        },
        Rule::c_activate_free => Action::ActivateFree(
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::s_kind_flash)
            {
                StepKind::Flash
            } else {
                StepKind::Main
            },
        ),
        Rule::c_attack_tax => Action::AttackTax {
            target: t(),
            cores: direct_number(&c),
            own_cores: false,
            duration: Duration::WhileActive,
        },
        _ => Action::Unparsed {
            text: c.as_str().to_string(),
            span: Span {
                start: c.as_span().start(),
                end: c.as_span().end(),
            },
        },
    }]
}
