//! Conditions ("If you have …", "While …") and the events of "When …" clauses → [`Condition`],
//! [`Event`].

use super::*;

pub(super) fn condition_of(p: Pair<Rule>) -> Option<Condition> {
    if p.as_rule() == Rule::condition {
        let mut cs: Vec<Condition> = p
            .into_inner()
            .map(condition_of)
            .collect::<Option<Vec<_>>>()?;
        return if cs.len() == 1 {
            cs.pop()
        } else {
            Some(Condition::All(cs))
        };
    }
    let c = if p.as_rule() == Rule::cond_one {
        p.into_inner().next()?
    } else {
        p
    };
    Some(match c.as_rule() {
        Rule::cond_destroyed_by_this => Condition::DestroyedByThisEffect,
        Rule::cond_used_main => Condition::InStep(Whose::You, Step::Main),
        Rule::cond_count => {
            let n = number_in(c.clone());
            if c.into_inner().any(|x| x.as_rule() == Rule::cmp_less) {
                Condition::CountAtMost(n)
            } else {
                Condition::CountAtLeast(n)
            }
        }
        Rule::cond_destroyed_n => Condition::DestroyedByThisEffectAtLeast(number_in(c)),
        Rule::cond_in_trash => {
            let mut q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::You,
            );
            q.zone = Zone::Trash;
            q.owner = Owner::You;
            Condition::AnyMatch(q)
        }
        Rule::cond_summoned_by_this => Condition::SummonedByThisEffect,
        Rule::cond_opp_trash => Condition::OpponentTrashAtLeast(number_in(c)),
        Rule::cond_my_trash => Condition::TrashAtLeast(number_in(c)),
        Rule::cond_not_spent => Condition::Not(Box::new(Condition::SoulCoreSpent)),
        Rule::cond_soul => Condition::ThisHasSoulCore,
        Rule::cond_one_soul | Rule::cond_none_are => {
            let rule = c.as_rule();
            let mut q = by_query(&c)?;
            if rule == Rule::cond_one_soul {
                q.filters.push(Filter::HasSoulCore);
                Condition::AnyMatch(q)
            } else {
                let exh = c.into_inner().any(|x| x.as_rule() == Rule::st_exh);
                q.filters.push(if exh {
                    Filter::Exhausted
                } else {
                    Filter::Refreshed
                });
                Condition::Not(Box::new(Condition::AnyMatch(q)))
            }
        }
        Rule::cond_less_life => Condition::LessLifeThanOpponent,
        Rule::cond_no_life_lost => Condition::NoLifeLostThisTurn,
        Rule::cond_same_cost => Condition::SpiritsSameCost,
        Rule::cond_fewer_hand => Condition::FewerHandThanOpponent,
        Rule::cond_spirits_le => Condition::SpiritsAtMostOpponent,
        Rule::cond_life_most => Condition::LifeAtMost(number_in(c)),
        Rule::cond_soul_spent => Condition::SoulCoreSpent,
        Rule::cond_soul_moved => Condition::SoulCoreMoved,
        Rule::cond_among | Rule::cond_none_among => {
            let rule = c.as_rule();
            let mut q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::Any,
            );
            q.zone = Zone::Discarded;
            if rule == Rule::cond_among {
                Condition::AnyMatch(q)
            } else {
                Condition::Not(Box::new(Condition::AnyMatch(q)))
            }
        }
        Rule::cond_while_summoning => Condition::WhileSummoning(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        Rule::cond_ctrl_most => {
            let n = number_in(c.clone());
            let q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::You,
            );
            Condition::YouControlAtMost(n, q)
        }
        Rule::cond_destroyed => {
            let n = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map_or(1, number_of);
            let owner = (c.clone().into_inner())
                .find(|x| x.as_rule() == Rule::owner)
                .map_or(Owner::You, owner_of);
            let q = query_of(
                c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                owner,
            );
            match n {
                0 | 1 => Condition::DestroyedThisTurn(q),
                n => Condition::DestroyedThisTurnAtLeast(n, q),
            }
        }
        Rule::cond_from => {
            Condition::SummonedFrom(if c.as_str().to_ascii_lowercase().contains("hand") {
                Zone::Hand
            } else {
                Zone::Trash
            })
        }
        Rule::cond_burst_set => Condition::BurstSet,
        Rule::cond_this_exh => Condition::ThisExhausted,
        Rule::cond_this_ref => Condition::ThisRefreshed,
        Rule::cond_this_bp => Condition::ThisBpAtLeast(number_in(c)),
        // Keyword rulings K1-K3: the spirit whose cores paid this card's Ascend.
        Rule::cond_ascend => {
            let mut q = your_spirits();
            add_filters(&mut q, c);
            Condition::AscendedUsing(q)
        }
        Rule::cond_only_have => Condition::OnlyHave(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::You,
        )),
        Rule::cond_it_costs => {
            let n = number_in(c.clone());
            let f = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cmp_less)
            {
                Filter::CostAtMost(n)
            } else if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::cmp_more)
            {
                Filter::CostAtLeast(n)
            } else {
                Filter::CostIs(n)
            };
            Condition::SelectedIs(Query {
                owner: Owner::Any,
                kind: CardKind::Card,
                zone: Zone::Field,
                filters: vec![f],
            })
        }
        Rule::cond_it_has => Condition::SelectedIs(Query {
            owner: Owner::Any,
            kind: CardKind::Card,
            zone: Zone::Field,
            filters: c
                .into_inner()
                .find(|x| x.as_rule() == Rule::same_cost_any)
                .map(super::noun::same_cost_filter)
                .into_iter()
                .collect(),
        }),
        Rule::cond_it_is => {
            let neg = c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::not_word);
            // Only kind and filters matter for `matches(t, query)`.
            let mut q = Query {
                owner: Owner::Any,
                kind: CardKind::Card,
                zone: Zone::Field,
                filters: Vec::new(),
            };
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::np_body => q = query_of(x, Owner::Any),
                    Rule::colour => q.filters.push(Filter::Colour(colour_of(x.as_str()))),
                    // "if it is refreshed / exhausted" (BS-4: its state now).
                    Rule::a_ref => q.filters.push(Filter::Refreshed),
                    Rule::a_exh => q.filters.push(Filter::Exhausted),
                    _ => {}
                }
            }
            let cond = Condition::SelectedIs(q);
            if neg {
                Condition::Not(Box::new(cond))
            } else {
                cond
            }
        }
        Rule::cond_symbols => {
            let n = number_in(c.clone());
            let col = c
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()))?;
            Condition::SymbolsAtLeast(n, col)
        }
        // "if it costs the same as the destroyed spirit": the chosen or revealed card.
        Rule::cond_cost_eq_ev => Condition::SelectedIs(Query {
            owner: Owner::Any,
            kind: CardKind::Card,
            zone: Zone::Field,
            filters: vec![Filter::CostSameAsEventCard],
        }),
        // "if the destroyed spirit was an Angel spirit": the event's card, wherever it is.
        Rule::cond_ev_was => Condition::EventCardIs(query_of(
            c.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
            Owner::Any,
        )),
        Rule::cond_opp_turn => Condition::OpponentsTurn,
        Rule::cond_your_turn => Condition::YourTurn,
        // "if you do not control a nexus": none of them (BS-8.1, a condition of the effect).
        Rule::cond_not_control | Rule::cond_opp_not_control => {
            let (owner, mk): (Owner, fn(u32, Query) -> Condition) =
                if c.as_rule() == Rule::cond_not_control {
                    (Owner::You, Condition::YouControl)
                } else {
                    (Owner::Opponent, Condition::OpponentControls)
                };
            let np = c.into_inner().find(|x| x.as_rule() == Rule::np_body)?;
            Condition::Not(Box::new(mk(1, query_of(np, owner))))
        }
        Rule::cond_opp_ctrl => {
            let mut n = 1;
            let mut q = None;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::c_num => n = number_in(x),
                    Rule::np_body => q = Some(query_of(x, Owner::Opponent)),
                    _ => {}
                }
            }
            Condition::OpponentControls(n, q?)
        }
        Rule::cond_control => {
            let mut n = 1;
            let mut q = None;
            let mut other = false;
            for x in c.into_inner() {
                match x.as_rule() {
                    Rule::c_num => n = number_in(x),
                    Rule::cond_another => other = true,
                    Rule::np_body => q = Some(query_of(x, Owner::You)),
                    _ => {}
                }
            }
            let mut q = q?;
            if other {
                q.filters.push(Filter::Other);
            }
            Condition::YouControl(n, q)
        }
        _ => return None,
    })
}

pub(super) fn event_of(p: Pair<Rule>) -> Option<Event> {
    let e = if p.as_rule() == Rule::event {
        p.into_inner().next()?
    } else {
        p
    };
    Some(match e.as_rule() {
        r if caused::is_caused(r) => caused::caused_event(e)?,
        Rule::ev_you_destroy => Event::DestroysOpponentSpirit {
            who: Subject::AnyOf(your_spirits()),
            victim: Vec::new(),
            in_battle: e.into_inner().any(|x| x.as_rule() == Rule::in_battle),
        },
        Rule::ev_discarded => {
            let by_keyword = (e.clone().into_inner())
                .find(|x| x.as_rule() == Rule::kw_name)
                .map(|k| k.as_str().to_string());
            let mut q = query_of(
                e.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::Any,
            );
            if let Some(k) = by_keyword {
                // Milled from a deck by a keyword's effect: the card is in a trash now.
                q.zone = Zone::Trash;
                Event::MilledByKeyword(k, q)
            } else {
                q.zone = Zone::Discarded;
                Event::Discarded(q)
            }
        }
        Rule::ev_discarded_hand => {
            let mut q = query_of(
                e.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                Owner::You,
            );
            q.zone = Zone::Hand;
            Event::Discarded(q)
        }
        Rule::ev_you_magic | Rule::ev_opp_magic => {
            let whose = if e.as_rule() == Rule::ev_you_magic {
                Whose::You
            } else {
                Whose::Opponent
            };
            let mut q = your_spirits();
            q.filters.clear();
            add_filters(&mut q, e);
            Event::UsesMagic(whose, q.filters)
        }
        Rule::ev_you_summon | Rule::ev_opp_summons => {
            let whose = if e.as_rule() == Rule::ev_you_summon {
                Whose::You
            } else {
                Whose::Opponent
            };
            let owner = if whose == Whose::You {
                Owner::You
            } else {
                Owner::Opponent
            };
            let q = query_of(
                e.into_inner().find(|x| x.as_rule() == Rule::np_body)?,
                owner,
            );
            Event::Summons(whose, q)
        }
        Rule::ev_lose_life => match e.into_inner().find(|x| x.as_rule() == Rule::es_one) {
            Some(one) => match subject_of_one(one) {
                Subject::AnyOf(q) => Event::LifeReducedByAttackOf(q),
                _ => Event::LoseLife,
            },
            None => Event::LoseLife,
        },
        Rule::ev_reduce_life => {
            let text = e.as_str().to_ascii_lowercase();
            match e.into_inner().find(|x| x.as_rule() == Rule::es_one) {
                Some(one) => match subject_of_one(one) {
                    Subject::AnyOf(q) => Event::ReducesOpponentLife(Subject::AttackOf(q)),
                    other => Event::ReducesOpponentLife(other),
                },
                None if text.contains("this spirit") => {
                    Event::ReducesOpponentLife(Subject::ThisAttack)
                }
                None => Event::ReduceOpponentLife,
            }
        }
        Rule::ev_opp_draws => Event::OpponentDraws,
        // "uses one of their effects to draw": their own effect's draw, never the draw
        // step's (BS-3).
        Rule::ev_opp_draw_eff => Event::OpponentDrawsByEffect,
        Rule::ev_opp_draws_out => Event::OpponentDrawsOutsideDrawStep,
        Rule::ev_opp_mills_you => Event::OpponentMillsYou(
            e.into_inner()
                .find(|x| x.as_rule() == Rule::number)
                .map(number_of)
                .unwrap_or(1),
        ),
        Rule::ev_opp_loses => Event::ReduceOpponentLife,
        Rule::ev_either_loses => Event::EitherLosesLife,
        Rule::ev_you_draw_eff => Event::YouDrawByEffect,
        Rule::ev_life_up => Event::LifeIncreases,
        Rule::ev_opp_life_up => Event::OpponentLifeIncreases,
        Rule::ev_battle_ends => Event::BattleEnds,
        Rule::ev_core_reserve => Event::CorePlacedInReserve,
        Rule::ev_core_this => Event::CorePlacedOnThis,
        Rule::ev_effects_destroy | Rule::ev_effect_on_destroys => {
            let rule = e.as_rule();
            let mut victim = your_spirits();
            victim.filters.clear();
            let mut whose = Whose::You;
            let mut who = None;
            for x in e.into_inner() {
                match x.as_rule() {
                    Rule::victim_filter => add_filters(&mut victim, x),
                    Rule::o_opp => whose = Whose::Opponent,
                    Rule::es_one => who = Some(subject_of_one(x)),
                    _ => {}
                }
            }
            if rule == Rule::ev_effects_destroy {
                Event::EffectOfPlayerDestroys(whose, victim.filters)
            } else {
                Event::EffectOfCardDestroys {
                    who: who?,
                    victim: victim.filters,
                }
            }
        }
        Rule::ev_subject_event => {
            let mut it = e.into_inner();
            let who = subject_of(it.next()?);
            let verb = it.next()?;
            let has = |r: Rule| verb.clone().into_inner().any(|x| x.as_rule() == r);
            match verb.as_rule() {
                // BS-6.6: "by your opponent's destruction effects" is a destroy effect's only.
                Rule::e_would_destroyed => Event::WouldBeDestroyed {
                    cause: if !has(Rule::by_opp) {
                        DestroyCause::Any
                    } else if verb.as_str().to_ascii_lowercase().contains("destruction") {
                        DestroyCause::OpponentDestroyEffect
                    } else {
                        DestroyCause::OpponentEffect
                    },
                    who,
                },
                Rule::e_destroyed_bp0 => Event::DestroyedAtZeroBp(who),
                Rule::e_destroyed => Event::Destroyed {
                    by_opponent: has(Rule::by_opp),
                    in_battle: has(Rule::in_battle),
                    who,
                },
                // The first attack: the watcher's body checks it (`sentence::build_sentence`).
                Rule::e_attacks | Rule::e_attacks_first => Event::Attacks(who),
                Rule::e_atk_or_blk => Event::AttacksOrBlocks(who),
                Rule::e_blocks => Event::Blocks(who),
                Rule::e_blocked => Event::Blocked(who),
                Rule::e_summoned => {
                    let kw: Vec<String> = verb
                        .clone()
                        .into_inner()
                        .filter(|x| x.as_rule() == Rule::kw_name)
                        .map(|k| k.as_str().to_string())
                        .collect();
                    match who {
                        Subject::AnyOf(mut q) if !kw.is_empty() => {
                            q.filters.push(Filter::HasKeyword(kw));
                            Event::Summoned(Subject::AnyOf(q))
                        }
                        // "this spirit is summoned with Swift": not expressible here.
                        _ if !kw.is_empty() => return None,
                        other => Event::Summoned(other),
                    }
                }
                Rule::e_exhausted => Event::Exhausted(who),
                Rule::e_refreshed => Event::Refreshed(who),
                Rule::e_returned if verb.as_str().to_ascii_lowercase().contains("deck") => {
                    Event::ReturnedToHandOrDeck(who)
                }
                Rule::e_returned => Event::ReturnedToHand(who),
                Rule::e_reduces_life => Event::ReducesOpponentLife(who),
                _ => {
                    let mut q = your_spirits();
                    q.filters.clear();
                    for f in verb
                        .clone()
                        .into_inner()
                        .filter(|x| x.as_rule() == Rule::victim_filter)
                    {
                        add_filters(&mut q, f);
                    }
                    Event::DestroysOpponentSpirit {
                        in_battle: has(Rule::in_battle),
                        victim: q.filters,
                        who,
                    }
                }
            }
        }
        _ => return None,
    })
}
