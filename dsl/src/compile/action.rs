//! One action of the AST → rhai statements: the dispatch over every action and the one-shot
//! actions (draw, destroy, move, discard, summon, phrases); lasting effects are in `lasting.rs`,
//! control flow in `flow.rs`.

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
            // BS-6.6 replaced (rulings C#37, C#77).
            Action::ReplaceDestruction(t, k) => {
                let e = self.bind(d, t);
                self.line(
                    d,
                    &format!("replace_destruction({e}, {});", lit(kept_word(*k))),
                )
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
            Action::CannotAttack { .. }
            | Action::CannotBlock { .. }
            | Action::CannotBeBlocked { .. }
            | Action::CannotBeDestroyed { .. }
            | Action::CannotBeDestroyedInBattle { .. }
            | Action::GainKeyword { .. }
            | Action::GainSymbols { .. }
            | Action::AllFamilies { .. }
            | Action::GainFamily { .. }
            | Action::TreatAsLevel { .. }
            | Action::CannotBe { .. }
            | Action::DeckDiscardLimit { .. }
            | Action::NoDrawsBy { .. }
            | Action::AttacksCannotReduceLife { .. }
            | Action::MustAttack { .. }
            | Action::CannotPlay { .. }
            | Action::LifeCoresOnto(..)
            | Action::CanBlockWhileExhausted { .. }
            | Action::ReducePaidCost { .. }
            | Action::AscendCostAs { .. }
            | Action::CostAs { .. }
            | Action::ReductionFulfilled { .. }
            | Action::GainReduction { .. }
            | Action::SymbolsAs { .. }
            | Action::ColoursAlso { .. }
            | Action::TreatAsHighestLevel { .. } => self.lasting(d, a),
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
                own_cores,
                duration,
            } => self.line(
                d,
                &format!(
                    "{}({}, {cores}, {});",
                    if *own_cores {
                        "attack_tax_own_cores"
                    } else {
                        "attack_tax"
                    },
                    self.texpr(target),
                    lit(duration.name())
                ),
            ),
            Action::EndBattle => self.line(d, "end_battle();"),
            Action::May { .. }
            | Action::IfYouDo { .. }
            | Action::If { .. }
            | Action::Otherwise { .. }
            | Action::When { .. }
            | Action::Repeat { .. }
            | Action::OncePerTurn { .. }
            | Action::OneOf { .. } => self.flow(d, a),
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
