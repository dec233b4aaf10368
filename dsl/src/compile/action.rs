//! One action of the AST → rhai statements, and what it asks of the body before it (a pronoun's
//! antecedent, a condition naming `t` or this card).

use super::watch::{event_about_one_of, event_has_card, refers_to_t_before_binding};
use super::*;

impl Emitter {
    pub(super) fn action(&mut self, d: usize, a: &Action) {
        match a {
            Action::Select(t) => {
                let e = self.texpr(t);
                self.line(d, &format!("t = {e};"));
            }
            Action::Draw(n) => self.line(d, &format!("draw({});", amount_expr(n))),
            Action::PlayerDraws(Whose::Opponent, n) => {
                self.line(d, &format!("opponent_draw({n});"))
            }
            Action::PlayerDraws(_, n) => {
                self.line(d, &format!("draw({n});"));
                self.line(d, &format!("opponent_draw({n});"));
            }
            Action::Shuffle => self.line(d, "shuffle_deck();"),
            Action::DrawUntil(n) => self.line(d, &format!("draw_until_hand({});", amount_expr(n))),
            Action::Destroy(t) => {
                let e = self.bind_field(d, t, true); // BS-6.6
                self.line(d, &format!("destroy({e});"))
            }
            Action::Exhaust(t) => {
                let e = self.bind_field(d, t, false);
                self.line(d, &format!("exhaust({e});"))
            }
            Action::Refresh(t) => {
                let e = self.bind_field(d, t, false);
                self.line(d, &format!("refresh({e});"))
            }
            // BS-13.2: count +n / count -n.
            Action::Count(n) if *n < 0 => {
                self.line(d, &format!("count_minus({});", n.unsigned_abs()))
            }
            Action::Count(n) => self.line(d, &format!("count_plus({n});")),
            // BS-13.4.
            Action::HeavilyExhaust(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("heavily_exhaust({e});"))
            }
            // BS-13.1.
            Action::PutIntoTecoto(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("put_into_tecoto({e});"))
            }
            Action::ReturnToHand(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("return_to_hand({e});"))
            }
            Action::ReturnToDeck(t, p) => {
                let e = self.bind(d, t);
                self.line(d, &format!("return_to_deck({e}, {});", lit(deck_word(*p))))
            }
            Action::Bp {
                target,
                amount,
                per,
                duration,
            } => {
                // "for each spirit with the same spirit type as the selected spirit".
                if format!("{per:?}").contains("FamilySameAsSelected") {
                    self.uses_t();
                }
                let (f, n) = if *amount < 0 {
                    ("bp_minus", amount.unsigned_abs())
                } else {
                    ("bp_plus", amount.unsigned_abs())
                };
                // "gains N BP for each …": counted while it lasts (rulings C#197, C#198).
                if let (Some(Amount::PerOwn(_, w)), "bp_plus") = (per, f) {
                    self.line(
                        d,
                        &format!(
                            "bp_plus_per_own({}, {}, {}, {});",
                            self.texpr(target),
                            n,
                            lit(w.name()),
                            lit(duration.name())
                        ),
                    );
                } else if let (Some(Amount::PerEach(_, q)), "bp_plus") = (per, f) {
                    self.line(
                        d,
                        &format!(
                            "bp_plus_per({}, {}, {}, {});",
                            self.texpr(target),
                            n,
                            query_expr(q),
                            lit(duration.name())
                        ),
                    );
                } else {
                    let n = match per {
                        Some(p) => times(n, &amount_expr(&scale1(p))),
                        None => n.to_string(),
                    };
                    self.line(
                        d,
                        &format!(
                            "{f}({}, {n}, {});",
                            self.texpr(target),
                            lit(duration.name())
                        ),
                    );
                }
            }
            Action::MoveCores { .. } => {
                if let Some(c) = self.move_cores_call(a) {
                    self.line(d, &format!("{c};"));
                }
            }
            Action::Mill { whose, count } => {
                if *count == Amount::CostOfSelected {
                    self.uses_t();
                }
                let n = amount_expr(count);
                if *whose == Whose::Opponent {
                    self.line(d, &format!("opponent_mill({n});"))
                } else {
                    self.line(d, &format!("mill({n});"))
                }
                // "it" / "the discarded cards" now refer to the milled cards.
                self.bind_discarded(d);
            }
            Action::Discard {
                whose: Whose::Either,
                count,
                ..
            } => {
                self.line(d, &format!("discard({count});"));
                self.line(d, &format!("opponent_discard({count});"));
            }
            Action::Discard {
                whose: Whose::Opponent,
                count,
                filter,
            } => match filter {
                Some(q) => self.line(
                    d,
                    &format!(
                        "opponent_discard_matching({}, {count});",
                        query_expr(&Query {
                            zone: Zone::Hand,
                            ..q.clone()
                        })
                    ),
                ),
                None => self.line(d, &format!("opponent_discard({count});")),
            },
            Action::Discard { count, filter, .. } => {
                self.line(d, &format!("{};", discard_call(*count, filter.as_ref())))
            }
            Action::DiscardSelected => {
                self.uses_t();
                self.line(d, "discard_selected(t);")
            }
            Action::DiscardHand => self.line(d, "discard_hand();"),
            Action::DiscardBurst(n) => self.line(d, &format!("discard_burst({n});")),
            Action::AttackTarget(t) => self.line(d, &format!("attack_target({});", self.texpr(t))),
            Action::PayCores { count, .. } => {
                if let Some((c, _)) = self.cores_call(a) {
                    if matches!(count, CoreCount::SoulCore) {
                        // A cost: nothing after it happens when it cannot be paid.
                        self.line(d, &format!("if {c} < 1 {{ return; }}"));
                    } else {
                        self.line(d, &format!("{c};"));
                    }
                }
            }
            Action::Deploy { target, free } => {
                self.line(d, &format!("deploy({}, {free});", self.texpr(target)))
            }
            Action::Reveal(n) => {
                self.line(d, &format!("reveal({});", amount_expr(n)));
                // "it" / "them" now refer to the revealed cards.
                self.line(d, "t = revealed();");
            }
            Action::AddToHand(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("add_to_hand({e});"))
            }
            Action::RemainingToDeck(p) => self.line(
                d,
                &format!(
                    "remaining_to_deck({});",
                    lit(if *p == DeckPos::Top { "top" } else { "bottom" })
                ),
            ),
            Action::RemainingToTrash => self.line(d, "remaining_to_trash();"),
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
                duration,
            } if !by_kinds.is_empty() || !by_colours.is_empty() => {
                let list = |v: Vec<&str>| {
                    let v: Vec<String> = v.into_iter().map(lit).collect();
                    format!("[{}]", v.join(", "))
                };
                self.line(
                    d,
                    &format!(
                        "cannot_be_by_opponent_cards({}, {}, {}, {}, {});",
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
            Action::Summon {
                target,
                free,
                exhausted,
            } => {
                // "Summon one … . It gains …": bound so that "it" is the summoned card.
                let e = self.bind(d, target);
                self.line(d, &format!("summon({e}, {free}, {exhausted});"))
            }
            // K27: one token at a time; each that cannot be summoned is inert on its own
            // (card rulings: two tokens with one core summon one).
            Action::SummonToken {
                name,
                count,
                exhausted,
            } => {
                self.line(d, &format!("for i in 0..{} {{", paren(&amount_expr(count))));
                self.line(
                    d + 1,
                    &format!("summon_token_named({}, {exhausted});", lit(name)),
                );
                self.line(d, "}");
            }
            Action::PayCostToActivate(k) => self.line(
                d,
                &format!(
                    "pay_cost_to_activate({});",
                    lit(if *k == StepKind::Main {
                        "main"
                    } else {
                        "flash"
                    })
                ),
            ),
            Action::EndAttackStep => self.line(d, "end_attack_step();"),
            Action::ActivateFree(k) => self.line(
                d,
                &format!(
                    "activate_without_cost({});",
                    lit(if *k == StepKind::Main {
                        "main"
                    } else {
                        "flash"
                    })
                ),
            ),
            Action::AttackTax {
                target,
                cores,
                duration,
            } => self.line(
                d,
                &format!(
                    "attack_tax({}, {cores}, {});",
                    self.texpr(target),
                    lit(duration.name())
                ),
            ),
            Action::EndBattle => self.line(d, "end_battle();"),
            // BS-10.4: `pay_cost_to_activate` asks itself, and only when the cost can be
            // paid, so "you may" adds no question of its own.
            Action::May(body) if matches!(body.as_slice(), [Action::PayCostToActivate(_)]) => {
                let k = match body[0] {
                    Action::PayCostToActivate(StepKind::Flash) => "flash",
                    _ => "main",
                };
                self.line(d, &format!("did = pay_cost_to_activate({});", lit(k)));
            }
            Action::May(body) => {
                self.line(d, &format!("did = may({});", lit(&question(body))));
                self.line(d, "if did {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::IfYouDo(body) => {
                self.line(d, "if did {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::If(c, body) => {
                if condition_uses_t(c) {
                    self.uses_t();
                }
                // "If this spirit has …, it gains …": "it" is the spirit the condition names.
                if !self.t_bound && condition_names_this(c) {
                    self.last_obj = Some("this_card()".into());
                }
                self.line(d, &format!("ok = {};", condition_expr(c)));
                self.line(d, "if ok {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::Otherwise(body) => {
                self.line(d, "if !ok {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::When(e, du, body) => {
                let ev = event_expr(e);
                // "When it …" watches the card chosen before: with none chosen, "it" has no
                // antecedent (never this card by default).
                if !self.t_bound && refers_to_t_before_binding(&ev) {
                    self.dangling.set(true);
                }
                self.line(d, &format!("when({ev}, {}, || {{", lit(du.name())));
                let mut inner = Emitter::new();
                inner.plain_choices = self.plain_choices;
                // Inside a sub-trigger about a card, "it" is that card (bound below if used);
                // otherwise "it" keeps the antecedent it had before.
                let about_card = event_has_card(e);
                inner.t_bound = about_card || self.t_bound;
                inner.keep_prev = self.keep_prev;
                inner.prev_bound = self.prev_bound;
                inner.last_obj = if about_card {
                    None
                } else {
                    self.last_obj.clone()
                };
                inner.block(d + 1, body);
                if inner.dangling.get() {
                    self.dangling.set(true);
                }
                // "it" / "that spirit" inside a sub-trigger mean the card the event is about.
                if about_card && refers_to_t_before_binding(&inner.out) {
                    self.line(d + 1, "t = event_cards();");
                    if event_about_one_of(e) {
                        // "When one of your spirits …, … it": several cards at once set it
                        // off once (C#126), and "it" is the one its controller chooses
                        // (ruling C#109).
                        self.line(d + 1, "if count(t) > 1 { t = choose_targets(t, 1); }");
                    }
                }
                self.out.push_str(&inner.out);
                self.line(d, "});");
            }
            Action::Repeat(n, body) => {
                self.line(d, &format!("for i in 0..{} {{", paren(&amount_expr(n))));
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::OncePerTurn(body) => {
                self.line(d, "if once_per_turn() {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            // BS-4.2: kept exhausted through its controller's next refresh step (C#183).
            Action::SkipNextRefresh(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("skip_next_refresh({e});"))
            }
            Action::DiscardAnyNumber(q) => {
                let hand = Query {
                    owner: Owner::You,
                    zone: Zone::Hand,
                    ..q.clone().unwrap_or(Query {
                        owner: Owner::You,
                        kind: CardKind::Card,
                        zone: Zone::Hand,
                        filters: Vec::new(),
                    })
                };
                self.line(d, &format!("discard_any_number({});", query_expr(&hand)))
            }
            // "… one of the following effects": the option's words are its label.
            Action::OneOf(options) => {
                let labels: Vec<String> = options
                    .iter()
                    .map(|b| lit(&crate::explain::actions_words(b)))
                    .collect();
                self.line(
                    d,
                    &format!("let choice = choose_one([{}]);", labels.join(", ")),
                );
                for (i, b) in options.iter().enumerate() {
                    self.line(d, &format!("if choice == {i} {{"));
                    self.block(d + 1, b);
                    self.line(d, "}");
                }
            }
            Action::BlockEffectsOnAttack(t, du) => self.line(
                d,
                &format!(
                    "block_effects_on_attack({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::Phrase { rhai, slots, .. } => {
                let mut values = Vec::new();
                for (name, v) in slots {
                    let val = match v {
                        SlotValue::Number(n) => n.to_string(),
                        SlotValue::Colour(c) => lit(c.name()),
                        SlotValue::Family(f) => lit(f),
                        SlotValue::Target(t) => self.texpr(t),
                        SlotValue::Filter(q) => query_expr(q),
                        SlotValue::Duration(x) => lit(x.name()),
                        SlotValue::Keyword(k) => lit(k),
                        SlotValue::Pronoun => self.texpr(&Target::Selected),
                        SlotValue::Event(e) => event_expr(e),
                        SlotValue::Condition(c) => format!("({})", condition_expr(c)),
                        SlotValue::Sentence(body) => {
                            let mut inner = Emitter::new();
                            inner.plain_choices = self.plain_choices;
                            inner.t_bound = self.t_bound;
                            inner.last_obj = self.last_obj.clone();
                            inner.block(0, body);
                            if inner.dangling.get() {
                                self.dangling.set(true);
                            }
                            inner.out.trim_end().to_string()
                        }
                    };
                    values.push((name.as_str(), val));
                }
                for l in fill_slots(rhai, &values).lines() {
                    self.line(d, l);
                }
            }
            Action::Unparsed { text, .. } => {
                // An unread sentence may have selected: a pronoun after it is no second
                // failure, so the report names only the sentence really not understood.
                self.t_bound = true;
                self.line(
                    d,
                    &format!("// NOT UNDERSTOOD: {}", text.replace('\n', " ")),
                );
            }
        }
    }
}

/// A phrase's rhai with each `{name}` replaced by its slot's value, in one pass (a value
/// that itself holds `{x}` is not replaced again).
fn fill_slots(rhai: &str, values: &[(&str, String)]) -> String {
    let mut out = String::new();
    let mut rest = rhai;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        match values.iter().find(|(n, _)| *n == &after[..end]) {
            Some((_, v)) if end > 0 && after[end..].starts_with('}') => {
                out.push_str(v);
                rest = &after[end + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a condition reads the selected cards (`t`).
fn condition_uses_t(c: &Condition) -> bool {
    match c {
        Condition::SelectedIs(_) => true,
        Condition::All(cs) => cs.iter().any(condition_uses_t),
        Condition::Not(c) => condition_uses_t(c),
        _ => false,
    }
}

/// Whether a condition is about this card ("if this spirit has a "Soul Core" on it").
fn condition_names_this(c: &Condition) -> bool {
    match c {
        Condition::ThisHasSoulCore
        | Condition::ThisExhausted
        | Condition::ThisRefreshed
        | Condition::ThisBpAtLeast(_) => true,
        Condition::All(cs) => cs.iter().any(condition_names_this),
        _ => false,
    }
}
