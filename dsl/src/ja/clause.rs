//! One Japanese clause (a verb phrase: ドローする, 破壊する, コアを置く, …) → its actions.

use super::*;

fn is_may(c: &Pair<Rule>) -> bool {
    c.clone().into_inner().any(|x| x.as_rule() == Rule::may)
        || c.as_str().ends_with("できる")
        || c.as_str().ends_with("置ける")
}

pub(super) fn clause_of(p: Pair<Rule>, dur: Option<Duration>, per: Option<Amount>) -> Vec<Action> {
    let Some(c) = p.into_inner().next() else {
        return Vec::new();
    };
    let d = dur.unwrap_or(Duration::WhileActive);
    let ts = targets(&c);
    let t0 = ts.first().cloned().unwrap_or(Target::This);
    let may = is_may(&c);
    let a = match c.as_rule() {
        Rule::c_draw => Action::Draw(match per {
            Some(Amount::PerEach(_, q)) => Amount::PerEach(first_num(&c), q),
            _ => Amount::Fixed(first_num(&c)),
        }),
        Rule::c_destroy => Action::Destroy(t0),
        Rule::c_exhaust => Action::Exhaust(t0),
        // BS-13.2 / BS-13.4 / BS-13.1.
        Rule::c_count => {
            let n = i64::from(first_num(&c));
            if c.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::count_down)
            {
                Action::Count(-n)
            } else {
                Action::Count(n)
            }
        }
        Rule::c_heavy => Action::HeavilyExhaust(t0),
        Rule::c_tecoto => match c
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::tec_top)
        {
            Some(top) => Action::PutIntoTecoto(Target::DeckTop(first_num(&top))),
            None => Action::PutIntoTecoto(t0),
        },
        Rule::c_refresh => Action::Refresh(t0),
        Rule::c_select => Action::Select(t0),
        Rule::c_bp | Rule::c_bp_minus => {
            let n = i64::from(first_num_after_bp(&c));
            Action::Bp {
                target: t0,
                amount: if c.as_rule() == Rule::c_bp { n } else { -n },
                per,
                duration: d,
            }
        }
        Rule::c_to_hand => Action::ReturnToHand(t0),
        Rule::c_void_cores => {
            let to = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::place)
                .map(place_of)
                .unwrap_or(CorePlace::Reserve);
            Action::MoveCores {
                count: CoreCount::Exactly(first_num(&c)),
                from: CorePlace::Void,
                to,
                per,
            }
        }
        Rule::c_move_cores => {
            let n = c
                .clone()
                .into_inner()
                .filter(|x| x.as_rule() == Rule::num)
                .map(|x| num(x.as_str()))
                .next()
                .unwrap_or(1);
            let mut places: Vec<CorePlace> = Vec::new();
            for x in c.clone().into_inner() {
                match x.as_rule() {
                    Rule::place => places.push(place_of(x)),
                    Rule::target => places.push(CorePlace::On(target_of(x))),
                    _ => {}
                }
            }
            let to = places.pop().unwrap_or(CorePlace::Reserve);
            let from = places.pop().unwrap_or(CorePlace::On(Target::This));
            Action::MoveCores {
                count: CoreCount::Exactly(n),
                from,
                to,
                per,
            }
        }
        Rule::c_cores_any => Action::MoveCores {
            count: CoreCount::UpTo(u32::MAX),
            from: CorePlace::On(t0),
            to: CorePlace::On(ts.get(1).cloned().unwrap_or(Target::This)),
            per: None,
        },
        Rule::c_cannot_block => Action::CannotBlock(t0, d),
        Rule::c_cannot_attack => Action::CannotAttack(t0, d),
        Rule::c_no_battle => {
            return vec![
                Action::CannotAttack(t0.clone(), d),
                Action::CannotBlock(t0, d),
            ];
        }
        Rule::c_unblockable => {
            let by = match ts.get(1) {
                Some(Target::All(q)) | Some(Target::Choose { query: q, .. }) => Some(q.clone()),
                _ => None,
            };
            Action::CannotBeBlocked(t0, by, d)
        }
        // 「破壊されない」 unqualified: by no effect and not in battle (BS-6.6).
        Rule::c_indestructible => {
            return vec![
                Action::CannotBeDestroyed {
                    target: t0.clone(),
                    by_opponent: false,
                    by_kinds: Vec::new(),
                    by_colours: Vec::new(),
                    duration: d,
                },
                Action::CannotBeDestroyedInBattle(t0, d),
            ];
        }
        Rule::c_treat_lv => {
            let lv = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::lv)
                .map(|x| first_num(&x))
                .unwrap_or(1);
            Action::TreatAsLevel(t0, lv.try_into().unwrap_or(u8::MAX), d)
        }
        Rule::c_summon => Action::Summon {
            target: t0,
            free: true,
            exhausted: false,
        },
        Rule::c_pay_act => {
            let k = if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::step_flash)
            {
                StepKind::Flash
            } else {
                StepKind::Main
            };
            // BS-10.4: paying is optional.
            return vec![Action::May(vec![Action::PayCostToActivate(k)])];
        }
        Rule::c_end_attack => Action::EndAttackStep,
        Rule::c_discard_all => Action::DiscardHand,
        Rule::c_mill => Action::Mill {
            whose: if c.as_str().starts_with("相手") {
                Whose::Opponent
            } else {
                Whose::You
            },
            count: Amount::Fixed(first_num(&c)),
        },
        Rule::c_end_battle => Action::EndBattle,
        Rule::c_discard => Action::Discard {
            whose: Whose::You,
            count: first_num(&c),
            filter: None,
        },
        Rule::c_reveal => Action::Reveal(Amount::Fixed(first_num(&c))),
        Rule::c_add_hand => {
            let np = c.clone().into_inner().find(|x| x.as_rule() == Rule::np);
            let n = np
                .as_ref()
                .and_then(|np| np.clone().into_inner().find(|x| x.as_rule() == Rule::c_n))
                .map(|x| first_num(&x))
                .unwrap_or(1);
            let mut query = np.map(query_of).unwrap_or(Query {
                owner: Owner::You,
                kind: CardKind::Card,
                zone: Zone::Revealed,
                filters: Vec::new(),
            });
            query.zone = Zone::Revealed;
            Action::AddToHand(Target::Choose {
                count: Count::Exactly(n),
                query,
                chooser: Whose::You,
            })
        }
        Rule::c_remaining => Action::RemainingToDeck(
            if c.clone().into_inner().any(|x| x.as_rule() == Rule::d_top) {
                DeckPos::Top
            } else {
                DeckPos::Bottom
            },
        ),
        Rule::c_rem_trash => Action::RemainingToTrash,
        _ => Action::Unparsed {
            text: c.as_str().to_string(),
            span: Span {
                start: c.as_span().start(),
                end: c.as_span().end(),
            },
        },
    };
    if may {
        vec![Action::May(vec![a])]
    } else {
        vec![a]
    }
}

/// The BP number of `…をBP+3000する` (the last number of the clause).
fn first_num_after_bp(c: &Pair<Rule>) -> u32 {
    c.clone()
        .into_inner()
        .filter(|x| x.as_rule() == Rule::num)
        .last()
        .map(|n| num(n.as_str()))
        .unwrap_or(0)
}
