//! Lasting effects of one action → rhai: what a card gains, cannot do or counts as for a
//! duration (keywords, symbols, families, costs, prohibitions).

use super::*;

impl Emitter {
    /// Statements of an action that grants, forbids or redefines something for a duration.
    pub(super) fn lasting(&mut self, d: usize, a: &Action) {
        match a {
            Action::CannotAttack(t, du) => self.line(
                d,
                &format!("cannot_attack({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CannotBlock(t, du) => self.line(
                d,
                &format!("cannot_block({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CannotBeBlocked(t, by, du) => match by {
                Some(q) => self.line(
                    d,
                    &format!(
                        "cannot_be_blocked_by({}, {}, {});",
                        self.texpr(t),
                        query_expr(q),
                        lit(du.name())
                    ),
                ),
                None => self.line(
                    d,
                    &format!("cannot_be_blocked({}, {});", self.texpr(t), lit(du.name())),
                ),
            },
            Action::CannotBeDestroyed {
                target,
                by_kinds,
                by_colours,
                duration,
                ..
            } if !by_colours.is_empty() || !by_kinds.is_empty() => {
                let list = |v: Vec<&str>| {
                    let v: Vec<String> = v.into_iter().map(lit).collect();
                    format!("[{}]", v.join(", "))
                };
                self.line(
                    d,
                    &format!(
                        "cannot_be_destroyed_by_colours({}, {}, {}, {});",
                        self.texpr(target),
                        list(by_kinds.clone()),
                        list(by_colours.iter().map(|c| c.name()).collect()),
                        lit(duration.name())
                    ),
                )
            }
            Action::CannotBeDestroyed {
                target,
                by_opponent,
                duration,
                ..
            } => self.line(
                d,
                &format!(
                    "cannot_be_destroyed({}, {by_opponent}, {});",
                    self.texpr(target),
                    lit(duration.name())
                ),
            ),
            Action::CannotBeDestroyedInBattle(t, du) => self.line(
                d,
                &format!(
                    "cannot_be_destroyed_in_battle({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::GainKeyword(t, k, du) => self.line(
                d,
                &format!(
                    "gain_keyword({}, {}, {}, {});",
                    self.texpr(t),
                    lit(&k.name),
                    lit(k.modifier.as_deref().unwrap_or("")),
                    lit(du.name())
                ),
            ),
            Action::GainSymbols(t, n, c, du) => self.line(
                d,
                &format!(
                    "gain_symbols({}, {n}, {}, {});",
                    self.texpr(t),
                    lit(c.name()),
                    lit(du.name())
                ),
            ),
            Action::AllFamilies(t, du) => self.line(
                d,
                &format!("gain_all_families({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::GainFamily(t, f, du) => self.line(
                d,
                &format!(
                    "gain_family({}, {}, {});",
                    self.texpr(t),
                    lit(f),
                    lit(du.name())
                ),
            ),
            Action::TreatAsLevel(t, lv, du) => self.line(
                d,
                &format!(
                    "treat_as_level({}, {lv}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::CannotBe {
                target,
                what,
                by_kinds,
                by_colours,
                by_filters,
                duration,
            } if !by_kinds.is_empty() || !by_colours.is_empty() || !by_filters.is_empty() => {
                let list = |v: Vec<&str>| {
                    let v: Vec<String> = v.into_iter().map(lit).collect();
                    format!("[{}]", v.join(", "))
                };
                // The acting card must also match the filters when it acts (BS-8.1).
                let sources = if by_filters.is_empty() {
                    String::new()
                } else {
                    let q = Query {
                        owner: Owner::Opponent,
                        kind: CardKind::Card,
                        zone: Zone::Field,
                        filters: by_filters.clone(),
                    };
                    format!(", {}", query_expr(&q))
                };
                self.line(
                    d,
                    &format!(
                        "cannot_be_by_opponent_{}({}, {}, {}, {}{sources}, {});",
                        if by_filters.is_empty() {
                            "cards"
                        } else {
                            "sources"
                        },
                        self.texpr(target),
                        lit(what.name()),
                        list(by_kinds.clone()),
                        list(by_colours.iter().map(|c| c.name()).collect()),
                        lit(duration.name())
                    ),
                )
            }
            Action::CannotBe {
                target,
                what,
                duration,
                ..
            } => self.line(
                d,
                &format!(
                    "cannot_be_by_opponent({}, {}, {});",
                    self.texpr(target),
                    lit(what.name()),
                    lit(duration.name())
                ),
            ),
            // BS-8.1.
            Action::NoDrawsBy {
                whose,
                kind,
                duration,
            } => self.line(
                d,
                &format!(
                    "no_draws_by({}, {}, {});",
                    lit(match kind {
                        CardKind::Nexus => "nexus",
                        CardKind::MagicCard => "magic",
                        _ => "spirit",
                    }),
                    lit(match whose {
                        Whose::You => "your",
                        Whose::Opponent => "opponent",
                        Whose::Either => "each",
                    }),
                    lit(duration.name())
                ),
            ),
            Action::DeckDiscardLimit {
                max,
                opponent_only,
                duration,
            } => self.line(
                d,
                &format!(
                    "deck_discard_limit({max}, {opponent_only}, {});",
                    lit(duration.name())
                ),
            ),
            Action::AttacksCannotReduceLife {
                attackers,
                to,
                duration,
            } => self.line(
                d,
                &match to {
                    Some(n) => format!(
                        "attacks_cannot_reduce_life_to({}, \"your\", {n}, {});",
                        query_expr(attackers),
                        lit(duration.name())
                    ),
                    None => format!(
                        "attacks_cannot_reduce_life({}, \"your\", {});",
                        query_expr(attackers),
                        lit(duration.name())
                    ),
                },
            ),
            // BS-8.1 "instead".
            Action::LifeCoresOnto(whose, duration) => self.line(
                d,
                &format!(
                    "life_cores_onto_this({}, {});",
                    lit(match whose {
                        Whose::You => "your",
                        Whose::Opponent => "opponent",
                        Whose::Either => "each",
                    }),
                    lit(duration.name())
                ),
            ),
            // BS-5.1, BS-5.4, BS-5.5: "more than once per turn" counts this turn's summons of
            // such cards wherever they are now (the same query, read on the field).
            Action::CannotPlay {
                target,
                once_per_turn,
                duration,
            } => {
                let line = format!(
                    "cannot_play({}, {});",
                    self.texpr(target),
                    lit(duration.name())
                );
                match target {
                    Target::All(q) if *once_per_turn => {
                        let on_field = Query {
                            zone: Zone::Field,
                            kind: CardKind::Spirit,
                            ..q.clone()
                        };
                        self.line(
                            d,
                            &format!("if summons_this_turn({}) >= 1 {{", query_expr(&on_field)),
                        );
                        self.line(d + 1, &line);
                        self.line(d, "}");
                    }
                    _ => self.line(d, &line),
                }
            }
            Action::MustAttack(t, du) => self.line(
                d,
                &format!("must_attack({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CanBlockWhileExhausted(t, None, du) => self.line(
                d,
                &format!(
                    "can_block_while_exhausted({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::CanBlockWhileExhausted(t, Some(q), du) => self.line(
                d,
                &format!(
                    "can_block_while_exhausted_vs({}, {}, {});",
                    self.texpr(t),
                    query_expr(q),
                    lit(du.name())
                ),
            ),
            Action::ReducePaidCost(n) => self.line(
                d,
                &format!("reduce_cost(card_being_paid(), {n}, \"while\");"),
            ),
            Action::AscendCostAs(t, n, du) => self.line(
                d,
                &format!(
                    "ascend_cost_as({}, {n}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::CostAs(t, n, du) => self.line(
                d,
                &format!("cost_as({}, {n}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::ReductionFulfilled(t, du) => self.line(
                d,
                &format!(
                    "reduction_fulfilled({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::GainReduction(t, n, col, du) => self.line(
                d,
                &format!(
                    "gain_reduction({}, {n}, {}, {});",
                    self.texpr(t),
                    lit(col.name()),
                    lit(du.name())
                ),
            ),
            Action::SymbolsAs {
                target,
                count,
                colour,
                duration,
            } => self.line(
                d,
                &format!(
                    "symbols_as({}, {count}, {}, {});",
                    self.texpr(target),
                    lit(colour.map(Colour::name).unwrap_or("")),
                    lit(duration.name())
                ),
            ),
            Action::ColoursAlso(t, cs, du) => {
                let e = self.texpr(t);
                for c in cs {
                    self.line(
                        d,
                        &format!(
                            "treat_as_colour({e}, {}, {});",
                            lit(c.name()),
                            lit(du.name())
                        ),
                    );
                }
                let names: Vec<String> = cs.iter().map(|c| lit(c.name())).collect();
                self.line(
                    d,
                    &format!(
                        "symbol_colours_also({e}, [{}], {});",
                        names.join(", "),
                        lit(du.name())
                    ),
                );
            }
            Action::TreatAsHighestLevel(t, du) => self.line(
                d,
                &format!(
                    "treat_as_highest_level({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            _ => unreachable!("not a lasting action: {a:?}"),
        }
    }
}
