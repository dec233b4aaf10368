//! LB-0.3 main phases: play a creature from the hand into a line it allows, paying its
//! DP cost; LB-0.2 pay DP for an extra draw; end the phase.

use carddb::Line;

use super::decision::{Choice, DecisionKind, DecisionRequest};
use super::events::{Event, line_name};
use super::game::Game;
use super::script::Timing;
use super::state::{Phase, Zone};
use crate::core::{Labelled, Request};

impl Game {
    /// The main-phase decision: every affordable play into every allowed line with room,
    /// the extra draw when affordable, and ending the phase.
    pub(crate) fn main_request(&self) -> DecisionRequest {
        let p = self.st.active;
        let dp = self.st.dp[p.index()];
        let mut options = Vec::new();
        for &c in self.st.zones.pile(Zone::Hand(p)) {
            let id = self.st.card_id(c);
            let Some(stats) = self.lib.creature(id) else {
                continue;
            };
            let cost = self.lib.get(id).map_or(0, |d| d.cost);
            if cost > dp {
                continue;
            }
            for &line in &[Line::Attack, Line::Defense] {
                if stats.lines.contains(&line) && self.room(p, line) {
                    options.push(Labelled {
                        choice: Choice::Play { card: c, line },
                        label: format!(
                            "Play {} into the {} line ({cost} DP)",
                            self.name(c),
                            line_name(line)
                        ),
                    });
                }
            }
        }
        let cost = self.st.config.extra_draw_cost;
        if cost > 0 && dp >= cost {
            options.push(Labelled {
                choice: Choice::BuyDraw,
                label: format!("Pay {cost} DP to draw a card"),
            });
        }
        options.push(Labelled {
            choice: Choice::EndMain,
            label: "End the main phase".into(),
        });
        let n = if self.st.phase == Phase::Main(1) {
            1
        } else {
            2
        };
        Request {
            player: p,
            kind: DecisionKind::MainAction,
            prompt: format!("{p}, main phase {n}: {dp} DP"),
            options,
        }
    }

    /// Applies a legal main-phase answer.
    pub(crate) fn answer_main(&mut self, choice: Choice) {
        let p = self.st.active;
        match choice {
            Choice::Play { card, line } => {
                let cost = self.lib.get(self.st.card_id(card)).map_or(0, |d| d.cost);
                self.st.change_dp(p, -i64::from(cost));
                self.st.move_card(card, Zone::Line(p, line));
                self.st.emit(Event::Played {
                    player: p,
                    card,
                    line,
                    cost,
                });
                self.queue_timing(card, Timing::WhenPlayed, false);
            }
            Choice::BuyDraw => {
                let cost = self.st.config.extra_draw_cost;
                self.st.change_dp(p, -i64::from(cost));
                self.st.emit(Event::BoughtDraw { player: p, cost });
                self.st.draw(p, 1);
            }
            Choice::EndMain => {
                self.st.phase = if self.st.phase == Phase::Main(1) {
                    Phase::BattleStart
                } else {
                    Phase::End
                };
            }
            _ => unreachable!("checked against the main request"),
        }
    }
}
