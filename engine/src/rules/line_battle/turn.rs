//! LB-0.3: the turn — start (DP reset, start-phase effects) → draw → main 1 → battle
//! (LB-1..LB-5) → main 2 → end — and the turn cap; LB-0.4 losses are checked by
//! `Game::check_over` between every step.

use carddb::Line;

use super::events::Event;
use super::game::Game;
use super::script::Timing;
use super::state::{Battle, Fire, Phase, Zone};
use crate::core::InstanceId;

impl Game {
    /// Queues `card`'s effects of `timing` (its owner controls them).
    pub(crate) fn queue_timing(&mut self, card: InstanceId, timing: Timing, from_destroyed: bool) {
        let id = self.st.card_id(card).to_string();
        let controller = self.st.cards[card.index()].owner;
        for e in self.compiled.effects_of(&id) {
            if e.timing == timing {
                self.st.queue.push_back(Fire {
                    card,
                    effect: e.index,
                    timing,
                    controller,
                    from_destroyed,
                    func: None,
                });
            }
        }
    }

    fn phase_began(&mut self, name: &str) {
        self.st.emit(Event::PhaseBegan { phase: name.into() });
    }

    /// Whether this is the first player's first turn (LB-0.3 skips).
    fn first_turn_of_first(&self) -> bool {
        self.st.turn == 1
    }

    /// Runs the procedure of an automatic phase and moves to the next phase.
    pub(crate) fn step_phase(&mut self) {
        let p = self.st.active;
        match self.st.phase.clone() {
            Phase::TurnStart => {
                self.st.turn += 1;
                if self.st.turn > self.st.config.max_turns {
                    let reason = format!(
                        "the turn cap of {} turns was reached",
                        self.st.config.max_turns
                    );
                    self.finish(None, reason);
                    return;
                }
                self.st.turns_taken[p.index()] += 1;
                self.st.emit(Event::TurnBegan {
                    turn: self.st.turn,
                    player: p,
                });
                self.phase_began("start");
                // LB-0.2: DP resets at each start phase (a player's first keeps its start DP).
                if self.st.turns_taken[p.index()] > 1 || self.st.config.dp_reset_first_turn {
                    let dp = self.st.config.dp_reset;
                    self.st.dp[p.index()] = dp;
                    self.st.emit(Event::DpSet { player: p, dp });
                }
                let master = self.st.zones.pile(Zone::Master(p)).to_vec();
                for c in master.into_iter().chain(self.st.field(p)) {
                    self.queue_timing(c, Timing::StartPhase, false);
                }
                self.st.phase = Phase::Draw;
            }
            Phase::Draw => {
                if self.first_turn_of_first() && self.st.config.first_turn_skips_draw {
                    self.st.emit(Event::PhaseSkipped {
                        phase: "draw".into(),
                        reason: "the first player's first turn, LB-0.3".into(),
                    });
                } else {
                    self.phase_began("draw");
                    self.st.draw(p, 1);
                }
                self.phase_began("main 1");
                self.st.phase = Phase::Main(1);
            }
            Phase::BattleStart => {
                if self.first_turn_of_first() && self.st.config.first_turn_skips_battle {
                    self.st.emit(Event::PhaseSkipped {
                        phase: "battle".into(),
                        reason: "the first player's first turn, LB-0.3".into(),
                    });
                    self.phase_began("main 2");
                    self.st.phase = Phase::Main(2);
                    return;
                }
                self.phase_began("battle");
                self.st.battle = Some(Battle::default());
                self.st.phase = Phase::Orders;
            }
            Phase::Perform => self.perform(),
            Phase::Battles => self.begin_battles(),
            Phase::Damage => self.damage(),
            Phase::EndBattle => self.end_battle(),
            Phase::AfterBattle => self.after_battle(),
            Phase::End => {
                self.phase_began("end");
                // Stat changes last until end of turn.
                self.st.mods.clear();
                self.st.active = p.other();
                self.st.phase = Phase::TurnStart;
            }
            Phase::Main(_) | Phase::Orders | Phase::Over(_) => {}
        }
    }

    /// Lines `player` may put one more creature into (LB-0.3, `max_per_line`).
    pub(crate) fn room(&self, player: crate::core::PlayerId, line: Line) -> bool {
        self.st
            .config
            .max_per_line
            .is_none_or(|m| (self.st.line(player, line).len() as u32) < m)
    }
}
