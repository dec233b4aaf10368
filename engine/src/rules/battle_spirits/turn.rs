//! The turn: start (BS-1, BS-0.4 deck-out), core (BS-2, BS-0.6), draw (BS-3), refresh
//! (BS-4), the passage to main (BS-5) and attack (BS-6) steps, and the end step (BS-7).

use super::events::Event;
use super::game::{Game, Phase};
use super::script::state::ModKind;
use super::types::{CoreLoc, Hook, LossReason, StepName, Zone};
use crate::core::{Orientation, PlayerId};

impl Game {
    /// Start, core, draw and refresh steps, then into the main step.
    pub(crate) fn run_turn_start(&mut self) {
        if self.st.turn > 0 {
            self.st.active = self.st.active.other();
        }
        self.st.turn += 1;
        let p = self.st.active;
        self.emit(Event::TurnBegan {
            turn: self.st.turn,
            player: p,
        });
        // BS-1.1: start step; "at the start step" effects resolve at this hook.
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::Start,
        });
        // BS-0.4: a player whose deck is empty at the start of their start step loses.
        if self.pile(Zone::Deck(p)).is_empty() {
            self.st.losses.push((p, LossReason::DeckOut));
            return;
        }
        // BS-2.1 / BS-2.2 / BS-0.6: core step; the first player gets no core on turn 1.
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::Core,
        });
        if !(self.st.turn == 1 && self.st.config.first_turn_skips_core_step) {
            // BS-2.1 changed by an effect ("gain two cores during your core step instead of
            // one"; ruling C#67: the number is replaced, two such effects still give two).
            let ruled = (self.st.scripts.modifiers.iter())
                .filter_map(|m| match m.kind {
                    ModKind::CoreStepCores { n, giver } if giver == p => Some(n),
                    _ => None,
                })
                .max();
            for _ in 0..ruled.unwrap_or(self.st.config.cores_per_core_step) {
                self.core_from_void(false, CoreLoc::Reserve(p));
            }
        }
        // BS-3.1: draw step (the first player does draw, BS-0.6).
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::Draw,
        });
        for _ in 0..self.st.config.draws_per_draw_step {
            self.draw(p);
        }
        // BS-3.1: the step's draw is done ("after your draw"; end-of-draw-step effects).
        self.fire(Hook::StepEnd {
            player: p,
            step: StepName::Draw,
        });
        self.refresh_step(p);
        // BS-5: main step.
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::Main,
        });
        self.st.phase = Phase::Main;
    }

    /// BS-4: a refresh step of `p`: cores from the trash to the reserve, every exhausted
    /// field card refreshed, then their "when refreshed" effects.
    fn refresh_step(&mut self, p: PlayerId) {
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::Refresh,
        });
        self.move_all_cores(CoreLoc::Trash(p), Some(CoreLoc::Reserve(p))); // BS-4.1
        let mut refreshed = Vec::new();
        for c in self.field(p) {
            // BS-4.2 exception (ruling C#183): a card an effect keeps exhausted through this
            // one refresh step; the mark is used up.
            if self.take_skip_refresh(c) {
                continue;
            }
            // BS-4.2 (and BS-13.4: heavily exhausted becomes exhausted — still a refresh).
            match self.st.cards[c.index()].orientation {
                Orientation::Upright => continue,
                Orientation::Sideways => self.set_exhausted(c, false),
                Orientation::UpsideDown => self.set_exhausted(c, true),
            }
            refreshed.push(c);
        }
        // BS-4.2 / BS-13.4: "when refreshed" effects of every card the step refreshed.
        for c in refreshed {
            // A braved brave is refreshed with its host, whose hook reaches it (BS-9.2).
            if self.zone_of(c) == Zone::Field(p) && !self.is_braved_brave(c) {
                self.fire(Hook::WhenRefreshed { card: c });
            }
        }
    }

    /// End of the main step: on to the attack step.
    pub(crate) fn end_main_step(&mut self) {
        self.fire(Hook::StepEnd {
            player: self.st.active,
            step: StepName::Main,
        });
        self.st.phase = Phase::AttackStart;
    }

    /// BS-6 / BS-0.6: the attack step begins, except on the first player's first turn.
    pub(crate) fn start_attack_step(&mut self) {
        if self.st.turn == 1 && self.st.config.first_turn_no_attack {
            self.st.phase = Phase::EndStep;
            return;
        }
        self.fire(Hook::StepStart {
            player: self.st.active,
            step: StepName::Attack,
        });
        self.st.phase = Phase::AttackDeclare;
    }

    /// BS-6.1: no declaration ends the attack step.
    pub(crate) fn end_attack_step(&mut self) {
        self.fire(Hook::StepEnd {
            player: self.st.active,
            step: StepName::Attack,
        });
        // "Perform a refresh step after your attack step" (an effect's extra BS-4 step;
        // one however many effects say it).
        let p = self.st.active;
        let extra = (self.st.scripts.modifiers.iter().map(|m| &m.kind))
            .chain(self.constant_mods().mods.iter().map(|(_, k)| k))
            .any(|k| matches!(k, ModKind::RefreshStepAfterAttack { giver } if *giver == p));
        if extra {
            self.refresh_step(p);
        }
        self.st.phase = Phase::EndStep;
    }

    /// BS-7.1: end step; "this turn" effects end (none yet); the turn passes.
    pub(crate) fn run_end_step(&mut self) {
        let p = self.st.active;
        self.fire(Hook::StepStart {
            player: p,
            step: StepName::End,
        });
        self.fire(Hook::StepEnd {
            player: p,
            step: StepName::End,
        });
        self.end_turn_effects(); // BS-7.1, BS-8.3
        self.emit(Event::TurnEnded { player: p });
        self.st.phase = Phase::TurnStart;
    }
}
