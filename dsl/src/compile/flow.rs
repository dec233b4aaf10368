//! Control flow of one action → rhai: "you may", "if", "if you do", "otherwise", "when",
//! repeats, once per turn and "one of the following", each around the body it guards.

use super::watch::{event_about_one_of, event_has_card, refers_to_t_before_binding};
use super::*;

impl Emitter {
    /// Statements of an action that guards, repeats or chooses among nested bodies.
    pub(super) fn flow(&mut self, d: usize, a: &Action) {
        match a {
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
            _ => unreachable!("not a flow action: {a:?}"),
        }
    }
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
