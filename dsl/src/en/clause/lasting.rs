//! Clauses of lasting effects → their action: what a card gains (BP, symbols, families,
//! keywords, colours, cost reductions), cannot do or counts as while the effect lasts.

use super::super::*;

/// The actions of a clause that grants, forbids or redefines something for a duration.
pub(super) fn lasting_clause(c: Pair<Rule>) -> Vec<Action> {
    let rule = c.as_rule();
    let t = || first_target(&c, Whose::You);
    vec![match rule {
        Rule::c_gain_bp | Rule::c_bp_plus => Action::Bp {
            target: t(),
            amount: i64::from(direct_number(&c)),
            per: None,
            duration: Duration::WhileActive,
        },
        Rule::c_reduce_bp | Rule::c_lose_bp => Action::Bp {
            target: t(),
            amount: -i64::from(direct_number(&c)),
            per: None,
            duration: Duration::WhileActive,
        },
        Rule::c_gain_bp_kw => {
            let target = t();
            let name = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::kw_name)
                .map(|k| k.as_str().to_string())
                .unwrap_or_default();
            return vec![
                Action::Bp {
                    target: target.clone(),
                    amount: i64::from(direct_number(&c)),
                    per: None,
                    duration: Duration::WhileActive,
                },
                Action::GainKeyword(
                    target,
                    Keyword {
                        name,
                        modifier: None,
                    },
                    Duration::WhileActive,
                ),
            ];
        }
        Rule::c_gain_symbol => Action::GainSymbols(
            t(),
            direct_number(&c),
            c.clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()))
                .unwrap_or(Colour::Red),
            Duration::WhileActive,
        ),
        Rule::c_all_types => Action::AllFamilies(t(), Duration::WhileActive),
        Rule::c_gain_family => Action::GainFamily(
            t(),
            c.clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::family)
                .map(|f| f.as_str().to_string())
                .unwrap_or_default(),
            Duration::WhileActive,
        ),
        Rule::c_gain_kw => {
            let target = t();
            let mut name = String::new();
            let mut colours = Vec::new();
            for x in c.clone().into_inner() {
                match x.as_rule() {
                    Rule::kw_name => name = x.as_str().to_string(),
                    Rule::colour => colours.push(x.as_str().to_string()),
                    _ => {}
                }
            }
            let modifier = if colours.is_empty() {
                c.clone()
                    .into_inner()
                    .find(|x| x.as_rule() == Rule::kw_num)
                    .map(|n| number_in(n).to_string())
            } else {
                Some(colours.join(", "))
            };
            Action::GainKeyword(target, Keyword { name, modifier }, Duration::WhileActive)
        }
        Rule::c_cannot_atk_blk => {
            return vec![
                Action::CannotAttack(t(), Duration::WhileActive),
                Action::CannotBlock(t(), Duration::WhileActive),
            ];
        }
        Rule::c_cannot_atk => Action::CannotAttack(t(), Duration::WhileActive),
        Rule::c_cannot_destroyed => {
            // "by your opponent's effects", "in battle", or both ("… or as the result of
            // battle"): a protection from effects and one in battle (BS-6.6). Unqualified,
            // "cannot be destroyed" is both: by any effect and in battle.
            let has = |r: Rule| c.clone().into_inner().any(|x| x.as_rule() == r);
            let (by_opp, in_battle) = (has(Rule::by_opp), has(Rule::in_battle));
            // "by the effects of your opponent's red spirits or magic" (ruling C#70).
            let (by_kinds, by_colours) = by_cards_of(&c);
            let by_colour = !by_colours.is_empty() || !by_kinds.is_empty();
            let bare = !by_opp && !in_battle && !by_colour;
            let mut v = Vec::new();
            if by_opp || by_colour || bare {
                v.push(Action::CannotBeDestroyed {
                    target: t(),
                    by_opponent: by_opp || by_colour,
                    by_kinds,
                    by_colours,
                    duration: Duration::WhileActive,
                });
            }
            if in_battle || bare {
                v.push(Action::CannotBeDestroyedInBattle(
                    t(),
                    Duration::WhileActive,
                ));
            }
            return v;
        }
        Rule::c_colours_also => {
            let mut cols: Vec<Colour> = Vec::new();
            for x in c
                .clone()
                .into_inner()
                .filter(|x| x.as_rule() == Rule::colour)
            {
                let col = colour_of(x.as_str());
                if !cols.contains(&col) {
                    cols.push(col);
                }
            }
            Action::ColoursAlso(t(), cols, Duration::WhileActive)
        }
        Rule::c_symbols_as => Action::SymbolsAs {
            target: t(),
            count: direct_number(&c),
            colour: c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str())),
            duration: Duration::WhileActive,
        },
        // "Reduce the cost of the first magic card you use each turn by N" (BS-5.2 step 4).
        Rule::c_reduce_first_magic => {
            let magic = Query {
                owner: Owner::You,
                kind: CardKind::MagicCard,
                zone: Zone::Field,
                filters: Vec::new(),
            };
            let first = Condition::All(vec![
                Condition::Paying(magic),
                Condition::NoMagicUsedThisTurn,
            ]);
            Action::If(first, vec![Action::ReducePaidCost(direct_number(&c))])
        }
        Rule::c_ascend_cost => Action::AscendCostAs(t(), direct_number(&c), Duration::WhileActive),
        Rule::c_cost_as => Action::CostAs(t(), direct_number(&c), Duration::WhileActive),
        Rule::c_fulfilled => Action::ReductionFulfilled(t(), Duration::WhileActive),
        Rule::c_gain_reduction => {
            let col = (c.clone().into_inner().flatten())
                .find(|x| x.as_rule() == Rule::colour)
                .map(|x| colour_of(x.as_str()));
            // Cards are paid from the hand: "all of your magic cards" are those there.
            let mut target = t();
            if let Target::All(q) = &mut target
                && q.zone == Zone::Field
                && matches!(
                    q.kind,
                    CardKind::MagicCard | CardKind::SpiritCard | CardKind::Card
                )
            {
                q.zone = Zone::Hand;
            }
            match col {
                Some(col) => {
                    Action::GainReduction(target, direct_number(&c), col, Duration::WhileActive)
                }
                None => return Vec::new(),
            }
        }
        Rule::c_must_attack => Action::MustAttack(t(), Duration::WhileActive),
        Rule::c_no_draw_by => no_draw_by(&c),
        Rule::c_no_deck_disc => Action::DeckDiscardLimit {
            max: 0,
            opponent_only: false,
            duration: Duration::WhileActive,
        },
        Rule::c_deck_disc_max => Action::DeckDiscardLimit {
            max: direct_number(&c),
            opponent_only: true,
            duration: Duration::WhileActive,
        },
        Rule::c_atk_no_life => {
            let Some(attackers) = by_query(&c) else {
                return Vec::new();
            };
            Action::AttacksCannotReduceLife {
                attackers,
                to: (c.clone().into_inner())
                    .find(|x| x.as_rule() == Rule::number)
                    .map(number_of),
                duration: Duration::WhileActive,
            }
        }
        Rule::c_block_exh => {
            Action::CanBlockWhileExhausted(t(), by_query(&c), Duration::WhileActive)
        }
        Rule::c_cannot_be => {
            let has = |r: Rule| c.clone().into_inner().any(|x| x.as_rule() == r);
            let what = if has(Rule::prot_cores) || has(Rule::prot_rm_from) || has(Rule::cores_subj)
            {
                Protection::CoresRemoved
            } else if has(Rule::prot_disc) || has(Rule::prot_disc_from) {
                Protection::Discarded
            } else if has(Rule::prot_ret_to) {
                Protection::Returned
            } else if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::prot_exh)
            {
                Protection::Exhausted
            } else if c
                .clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::prot_ret)
            {
                Protection::Returned
            } else {
                Protection::Selected
            };
            let (by_kinds, by_colours) = by_cards_of(&c);
            // "… spirits with a "Soul Core" on them": the filters the acting card must match.
            let mut src = Query {
                owner: Owner::Opponent,
                kind: CardKind::Card,
                zone: Zone::Field,
                filters: Vec::new(),
            };
            for x in (c.clone().into_inner()).filter(|x| x.as_rule() == Rule::by_src) {
                add_filters(&mut src, x);
            }
            Action::CannotBe {
                target: t(),
                what,
                by_kinds,
                by_colours,
                by_filters: src.filters,
                duration: Duration::WhileActive,
            }
        }
        Rule::c_treat_high => Action::TreatAsHighestLevel(t(), Duration::WhileActive),
        Rule::c_cannot_blk => Action::CannotBlock(t(), Duration::WhileActive),
        Rule::c_cannot_be_blocked => {
            let by = by_query(&c);
            Action::CannotBeBlocked(t(), by, Duration::WhileActive)
        }
        Rule::c_treat_lv => {
            let lv = c
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::a_level)
                .map(number_in_level)
                .unwrap_or(1);
            Action::TreatAsLevel(t(), lv, Duration::WhileActive)
        }
        _ => unreachable!("not a lasting clause: {rule:?}"),
    }]
}

/// "by the effects of your opponent's red spirits or magic": the kinds and colours of the
/// opponent's cards whose effects a protection holds against (ruling C#70).
fn by_cards_of(c: &Pair<Rule>) -> (Vec<&'static str>, Vec<Colour>) {
    let inner = || {
        (c.clone().into_inner())
            .filter(|x| x.as_rule() == Rule::by_opp_colour)
            .flat_map(|x| x.into_inner().flatten())
    };
    let colours = (inner().filter(|x| x.as_rule() == Rule::colour))
        .map(|x| colour_of(x.as_str()))
        .collect();
    let kinds = inner()
        .filter_map(|x| match x.as_rule() {
            Rule::bk_spirit | Rule::bk_spirit_fx => Some("spirit"),
            Rule::bk_magic => Some("magic"),
            Rule::bk_nexus => Some("nexus"),
            _ => None,
        })
        .collect();
    (kinds, colours)
}

/// "Neither player may draw by nexus effects" (BS-8.1): who cannot draw, and by the
/// effects of which kind of card.
fn no_draw_by(c: &Pair<Rule>) -> Action {
    let text = c.as_str().to_ascii_lowercase();
    let whose = if text.starts_with("neither") {
        Whose::Either
    } else if text.starts_with("your opponent") {
        Whose::Opponent
    } else {
        Whose::You
    };
    let kind = if text.contains("magic") {
        CardKind::MagicCard
    } else if text.contains("nexus") {
        CardKind::Nexus
    } else {
        CardKind::Spirit
    };
    Action::NoDrawsBy {
        whose,
        kind,
        duration: Duration::WhileActive,
    }
}
