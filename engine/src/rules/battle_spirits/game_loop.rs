//! The decision loop: automatic procedures run until a decision is needed (`advance`), the
//! request for that decision, and applying its answer.

use super::game::{AfterPlay, Game, Phase};

use super::decision::{Choice, DecisionKind, DecisionRequest};
use super::types::{FlashWindow, PlayKind};
use crate::core::{Labelled, PlayerId, Request};

impl Game {
    /// Runs automatic procedures until a decision is needed or the game is over (as one
    /// step, see `transaction`); nothing to do while an effect question waits.
    pub(crate) fn advance(&mut self) {
        if self.st.scripts.pending.is_some() || !self.has_automatic_work() {
            return;
        }
        self.transaction(None, Vec::new());
    }

    /// Whether `advance_loop` would do anything.
    fn has_automatic_work(&self) -> bool {
        if matches!(self.st.phase, Phase::Over(_)) {
            return false;
        }
        if !self.st.losses.is_empty()
            || (self.st.turn > 0 && PlayerId::BOTH.iter().any(|p| self.life(*p) == 0))
        {
            return true;
        }
        match self.st.phase {
            Phase::TurnStart | Phase::AttackStart | Phase::BattleResolve | Phase::EndStep => true,
            Phase::AttackDeclare => self.st.scripts.end_attack_step || !self.any_attack_option(),
            Phase::Block | Phase::Flash { .. } if self.battle_cut_short() => true,
            Phase::Block => !self.any_block_option(),
            _ => false,
        }
    }

    /// Runs automatic procedures until a decision is needed or the game is over.
    pub(crate) fn advance_loop(&mut self) {
        loop {
            self.report_constants();
            self.flush_watch();
            if self.halted() {
                return;
            }
            if matches!(self.st.phase, Phase::Over(_)) || self.check_losses() {
                return;
            }
            match self.st.phase {
                Phase::TurnStart => self.run_turn_start(),
                Phase::AttackStart => self.start_attack_step(),
                // BS-6.7: an effect ended the battle, or the attacker left the field; BS-6.1:
                // or the attack step.
                Phase::Block | Phase::Flash { .. } if self.battle_cut_short() => {
                    self.st.phase = Phase::BattleResolve
                }
                Phase::AttackDeclare if self.st.scripts.end_attack_step => {
                    self.st.scripts.end_attack_step = false;
                    self.invalidate_constants(); // no event of its own (`derived`)
                    self.end_attack_step()
                }
                // BS-6.1: nothing can attack → the attack step ends.
                Phase::AttackDeclare if !self.any_attack_option() => self.end_attack_step(),
                // BS-6.3: nothing can block → no block.
                Phase::Block if !self.any_block_option() => self.no_block(),
                Phase::BattleResolve => self.resolve_battle(),
                Phase::EndStep => self.run_end_step(),
                _ => return,
            }
        }
    }

    /// The request of the current decision phase.
    pub(crate) fn request(&self) -> Option<DecisionRequest> {
        if let Some(p) = &self.st.scripts.pending {
            let mut options = p.question.options.clone();
            if self.can_cancel() {
                options.push(self.cancel_option());
            }
            return Some(Request {
                player: p.question.player,
                kind: DecisionKind::EffectChoice,
                prompt: p.question.prompt.clone(),
                options,
            });
        }
        let active = self.st.active;
        let (player, kind, prompt, options) = match &self.st.phase {
            Phase::Mulligan(p) => (
                *p,
                DecisionKind::Mulligan,
                self.lbl(|| "Keep this hand or mulligan?".to_string()),
                self.mulligan_options(*p),
            ),
            Phase::Main => (
                active,
                DecisionKind::MainAction,
                self.lbl(|| "Main step: choose an action".to_string()),
                self.main_options(),
            ),
            Phase::Pay(pm) => (
                pm.player,
                DecisionKind::PayFrom,
                self.lbl(|| {
                    format!(
                        "Pay for {}: {} core(s) left to pay",
                        self.name(pm.card),
                        pm.remaining
                    )
                }),
                // BS-5.2: whole payments first (the default at the top), then core by core.
                joined(self.pay_all_options(pm), self.pay_options(pm)),
            ),
            Phase::Place(pl) => (
                pl.pay.player,
                DecisionKind::PlaceCore,
                self.lbl(|| {
                    format!(
                        "Place cores on {} ({} placed, at least {})",
                        self.name(pl.pay.card),
                        pl.placed,
                        pl.min
                    )
                }),
                joined(self.place_all_options(pl), self.place_options(pl)),
            ),
            Phase::CoreMove => (
                active,
                DecisionKind::CoreMovement,
                self.lbl(|| "Move a core, or stop".to_string()),
                self.move_options(),
            ),
            Phase::AttackTax {
                attacker,
                remaining,
            } => (
                self.owner(*attacker),
                DecisionKind::PayFrom,
                self.lbl(|| {
                    format!(
                        "Pay for {}'s attack: {remaining} core(s) left to pay",
                        self.name(*attacker)
                    )
                }),
                self.tax_options(self.owner(*attacker)),
            ),
            Phase::AttackDeclare => (
                active,
                DecisionKind::AttackOrEnd,
                self.lbl(|| "Attack step: attack or end the step".to_string()),
                self.attack_options_with_end(),
            ),
            Phase::Flash { to_act, window, .. } => (
                *to_act,
                DecisionKind::FlashOrPass,
                self.lbl(|| {
                    format!(
                        "Flash timing ({}): use a flash effect or pass",
                        match window {
                            FlashWindow::AfterAttack => "after the attack",
                            FlashWindow::AfterBlock => "after the block",
                        }
                    )
                }),
                self.flash_options(*to_act),
            ),
            Phase::Block => (
                active.other(),
                DecisionKind::BlockOrNot,
                self.lbl(|| "Block the attack?".to_string()),
                self.block_options_with_none(),
            ),
            _ => return None,
        };
        let mut options = options;
        if self.can_cancel() {
            options.push(self.cancel_option());
        }
        Some(Request {
            player,
            kind,
            prompt,
            options,
        })
    }

    /// Applies a legal choice.
    pub(crate) fn apply(&mut self, choice: Choice) {
        match (self.st.phase.clone(), choice) {
            (Phase::Mulligan(p), c) => self.answer_mulligan(p, c == Choice::Mulligan),
            (Phase::Main, Choice::Summon { card }) => {
                self.start_play(card, PlayKind::Summon, AfterPlay::Main)
            }
            (Phase::Main, Choice::Deploy { card }) => {
                self.start_play(card, PlayKind::Deploy, AfterPlay::Main)
            }
            (Phase::Main, Choice::UseMagic { card }) => {
                self.start_play(card, PlayKind::UseMagic, AfterPlay::Main)
            }
            (Phase::Flash { window, to_act, .. }, Choice::UseMagic { card }) => self.start_play(
                card,
                PlayKind::UseMagic,
                AfterPlay::Flash {
                    window,
                    user: to_act,
                },
            ),
            (Phase::Main, Choice::SummonOnto { card, host }) => self.start_play_onto(card, host),
            (Phase::Main, Choice::Brave { brave, host }) => self.brave_onto(brave, host),
            (Phase::Main, Choice::Unbrave { brave }) => self.unbrave(brave),
            (Phase::Main, Choice::SwapBraves { first, second }) => self.swap_braves(first, second),
            (Phase::Main, Choice::SetBurst { card }) => self.set_burst(card),
            (Phase::Main, Choice::MoveCores) => self.st.phase = Phase::CoreMove,
            (Phase::Main, Choice::EndMain) => self.end_main_step(),
            (Phase::Pay(_), Choice::PayFrom { from, soul }) => self.pay_one(from, soul),
            (Phase::Place(_), Choice::PlaceFrom { from, soul }) => self.place_one(from, soul),
            (Phase::Place(_), Choice::DonePlacing) => self.finish_placement(),
            (Phase::Pay(_), Choice::PayAll { from }) => self.pay_all(from),
            (Phase::Place(_), Choice::PlaceAll { from }) => self.place_all(from),
            (Phase::CoreMove, Choice::MoveCore { from, to, soul }) => {
                self.move_one_core(from, to, soul)
            }
            (Phase::CoreMove, Choice::DoneMoving) => self.st.phase = Phase::Main,
            (Phase::AttackDeclare, Choice::Attack { attacker }) => self.declare_attack(attacker),
            (Phase::AttackDeclare, Choice::EndAttack) => self.end_attack_step(),
            (Phase::AttackTax { .. }, Choice::PayFrom { from, soul }) => {
                self.pay_tax_one(from, soul)
            }
            (Phase::Flash { .. }, Choice::Pass) => self.flash_pass(),
            (Phase::Flash { .. } | Phase::Main, Choice::UseEffect { card, effect }) => {
                self.use_field_effect(card, effect)
            }
            (Phase::Block, Choice::Block { blocker }) => self.declare_block(blocker),
            (Phase::Block, Choice::NoBlock) => self.no_block(),
            (phase, choice) => unreachable!("{choice:?} was listed in {phase:?}"),
        }
    }

    pub(crate) fn mulligan_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = vec![Labelled {
            choice: Choice::Keep,
            label: self.lbl(|| "Keep this hand".into()),
        }];
        if self.st.mulligans_used[p.index()] < self.st.config.mulligans {
            v.push(Labelled {
                choice: Choice::Mulligan,
                label: self.lbl(|| "Mulligan (shuffle the hand back, draw a new one)".into()),
            });
        }
        v
    }
}

/// `first` then `rest`, moved rather than cloned (`concat` copies every label).
fn joined(mut first: Vec<Labelled<Choice>>, rest: Vec<Labelled<Choice>>) -> Vec<Labelled<Choice>> {
    first.extend(rest);
    first
}
