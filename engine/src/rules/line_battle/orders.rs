//! LB-1 order attacks: the turn player gives every order as a sequence of decisions
//! ("order X to attack T" / "X does not attack" / done), then all orders stand together
//! and the when-ordered effects work (LB-1.2). LB-1.4: one attacker per creature, any
//! number on the master. LB-1.3: `cancel_order`.

use carddb::Line;
use rhai::EvalAltResult;

use super::decision::{Choice, DecisionKind, DecisionRequest, Target};
use super::events::Event;
use super::game::Game;
use super::run::Running;
use super::script::Timing;
use super::state::{Order, Phase};
use crate::core::{InstanceId, Labelled, Request};

impl Game {
    /// Creatures of the turn player that may still get an order (LB-1.1): in the attack
    /// line (also the defense line with `defense_line_attacks`), not yet ordered or declined.
    pub(crate) fn order_candidates(&self) -> Vec<InstanceId> {
        let p = self.st.active;
        let Some(b) = &self.st.battle else {
            return Vec::new();
        };
        let mut v = self.st.line(p, Line::Attack);
        if self.st.config.defense_line_attacks {
            v.extend(self.st.line(p, Line::Defense));
        }
        v.retain(|c| b.order_of(*c).is_none() && !b.declined.contains(c));
        v
    }

    /// The order decision: for each candidate every free target (LB-1.4) and "no attack";
    /// and "done".
    pub(crate) fn order_request(&self) -> DecisionRequest {
        let p = self.st.active;
        let b = self
            .st
            .battle
            .as_ref()
            .expect("orders are given in a battle phase");
        let taken: Vec<InstanceId> = b
            .orders
            .iter()
            .filter_map(|o| match o.target {
                Target::Creature(t) => Some(t),
                Target::Master => None,
            })
            .collect();
        let foes: Vec<InstanceId> = self
            .st
            .field(p.other())
            .into_iter()
            .filter(|t| !taken.contains(t))
            .collect();
        let mut options = Vec::new();
        for a in self.order_candidates() {
            for &t in &foes {
                options.push(Labelled {
                    choice: Choice::Order {
                        attacker: a,
                        target: Target::Creature(t),
                    },
                    label: format!("{} attacks {}", self.name(a), self.name(t)),
                });
            }
            options.push(Labelled {
                choice: Choice::Order {
                    attacker: a,
                    target: Target::Master,
                },
                label: format!("{} attacks the master", self.name(a)),
            });
            options.push(Labelled {
                choice: Choice::NoAttack { attacker: a },
                label: format!("{} does not attack", self.name(a)),
            });
        }
        options.push(Labelled {
            choice: Choice::DoneOrdering,
            label: "Done: the orders stand".into(),
        });
        Request {
            player: p,
            kind: DecisionKind::Order,
            prompt: format!("{p}: order attacks (LB-1.1)"),
            options,
        }
    }

    /// Applies a legal order answer.
    pub(crate) fn answer_order(&mut self, choice: Choice) {
        let b = self.st.battle.as_mut().expect("in a battle phase");
        match choice {
            Choice::Order { attacker, target } => {
                b.orders.push(Order {
                    attacker,
                    target,
                    cancelled: false,
                    pass: false,
                    ended: false,
                });
                self.st.emit(Event::OrderGiven { attacker, target });
            }
            Choice::NoAttack { attacker } => {
                b.declined.push(attacker);
                self.st.emit(Event::NoOrder { attacker });
            }
            Choice::DoneOrdering => self.finish_orders(),
            _ => unreachable!("checked against the order request"),
        }
    }

    /// LB-1.1 / LB-1.2: every order stands; when-ordered effects are due, in order.
    pub(crate) fn finish_orders(&mut self) {
        let b = self.st.battle.as_ref().expect("in a battle phase");
        let attackers: Vec<InstanceId> = b.orders.iter().map(|o| o.attacker).collect();
        self.st.emit(Event::OrdersStand {
            count: attackers.len() as u32,
        });
        for a in attackers {
            self.queue_timing(a, Timing::WhenOrdered, false);
        }
        self.st.phase = Phase::Perform;
    }
}

/// `cancel_order(card)` (LB-1.3): only before the attack is performed; the card's
/// when-ordered effects still queued are cancelled. `EffectInert` when there is no order
/// to cancel.
pub(crate) fn cancel(r: &mut Running, c: InstanceId) -> Result<(), Box<EvalAltResult>> {
    let Some(b) = r.st.battle.as_mut() else {
        return Err(r.inert("there is no battle phase"));
    };
    if b.performed {
        return Err(r.inert("LB-1.3: the attacks are already performed"));
    }
    let Some(o) = b
        .orders
        .iter_mut()
        .find(|o| o.attacker == c && !o.cancelled)
    else {
        return Err(r.inert(format!("{c} has no attack order")));
    };
    o.cancelled = true;
    o.ended = true;
    r.st.emit(Event::OrderCancelled { attacker: c });
    let dropped: Vec<_> =
        r.st.queue
            .iter()
            .filter(|f| f.card == c && f.timing == Timing::WhenOrdered)
            .cloned()
            .collect();
    r.st.queue
        .retain(|f| !(f.card == c && f.timing == Timing::WhenOrdered));
    for f in dropped {
        r.st.emit(Event::EffectCancelled {
            card: f.card,
            effect: f.effect,
        });
    }
    Ok(())
}
