//! Winning and losing (BS-0.4): life 0, empty deck at the start step, simultaneous loss.

use super::config::SimultaneousLoss;
use super::decision::GameResult;
use super::events::Event;
use super::game::{Game, Phase};
use super::types::LossReason;
use crate::core::PlayerId;

impl Game {
    /// Ends a game that has not ended by the rules as a draw with `reason` (the
    /// `max_decisions` cap), unless it is over already.
    pub(crate) fn end_as_draw(&mut self, reason: String) {
        if matches!(self.st.phase, Phase::Over(_)) {
            return;
        }
        self.emit(Event::GameOver {
            winner: None,
            reason: reason.clone(),
        });
        self.st.phase = Phase::Over(GameResult {
            winner: None,
            reason,
        });
    }

    /// Records life-0 losses and, if anyone has lost, ends the game (BS-0.4). Returns
    /// whether the game is now over. If both players lost at once the result follows
    /// `config.simultaneous_loss` (standard: a draw).
    pub(crate) fn check_losses(&mut self) -> bool {
        if self.st.turn > 0 || !self.st.losses.is_empty() {
            for p in PlayerId::BOTH {
                if self.life(p) == 0 && !self.st.losses.iter().any(|(q, _)| *q == p) {
                    self.st.losses.push((p, LossReason::LifeZero));
                }
            }
        }
        if self.st.losses.is_empty() {
            return false;
        }
        let losses = self.st.losses.clone();
        let both = PlayerId::BOTH
            .iter()
            .all(|p| losses.iter().any(|(q, _)| q == p));
        let winner = if both {
            match self.st.config.simultaneous_loss {
                SimultaneousLoss::Draw => None,
                SimultaneousLoss::TurnPlayerLoses => Some(self.st.active.other()),
            }
        } else {
            Some(losses[0].0.other())
        };
        let mut reasons = Vec::new();
        for (p, r) in &losses {
            self.emit(Event::PlayerLost {
                player: *p,
                reason: *r,
            });
            reasons.push(format!("{p} lost: {}", r.text()));
        }
        let reason = if both && winner.is_none() {
            format!("draw ({})", reasons.join("; "))
        } else {
            reasons.join("; ")
        };
        self.emit(Event::GameOver {
            winner,
            reason: reason.clone(),
        });
        self.st.phase = Phase::Over(GameResult { winner, reason });
        true
    }
}
