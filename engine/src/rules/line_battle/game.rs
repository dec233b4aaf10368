//! The line-battle game: the decision loop (`next` / `answer`) over the phases of a turn.

use std::rc::Rc;

use super::decision::{AnswerError, Choice, DecisionRequest, GameResult, Step};
use super::events::Event;
use super::library::LineLibrary;
use super::script::Compiled;
use super::state::{Phase, State};
use crate::core::{InstanceId, PlayerId};

/// A game of the line battle (`docs/rules/line-battle.md`): a deterministic state
/// machine driven by decisions.
///
/// Loop: `next()` → `Step::Decision(request)` → `answer(choice)` … → `Step::Over(result)`.
/// Every state change is an [`Event`] in [`Game::log`].
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) lib: LineLibrary,
    /// The library's compiled effects on this thread.
    pub(crate) compiled: Rc<Compiled>,
    pub(crate) st: State,
    /// The request last built for the current decision (not saved).
    pub(crate) cached: Option<DecisionRequest>,
    /// A failing effect panics with its origin and reason (tests, `--strict`; not saved).
    pub(crate) strict_scripts: bool,
}

impl Game {
    /// The next step: runs automatic procedures until a decision is needed or the game is
    /// over. Calling it again without answering returns the same request.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Step {
        self.advance();
        if let Phase::Over(r) = &self.st.phase {
            return Step::Over(r.clone());
        }
        Step::Decision(self.request())
    }

    /// Answers the current decision. An illegal answer returns an error and changes
    /// nothing. Errors: [`AnswerError::GameOver`], [`AnswerError::NotAnOption`].
    pub fn answer(&mut self, choice: Choice) -> Result<(), AnswerError> {
        self.advance();
        if matches!(self.st.phase, Phase::Over(_)) {
            return Err(AnswerError::GameOver);
        }
        let req = self.request();
        if !req.is_legal(&choice) {
            return Err(AnswerError::NotAnOption {
                kind: req.kind,
                choice,
            });
        }
        self.cached = None;
        self.st.answers.push(choice.clone());
        self.st.answered[req.player.index()] += 1;
        if let Some(p) = self.st.pending.take() {
            let mut answers = p.answers;
            answers.push(choice);
            self.run_fire(p.fire, answers);
        } else {
            match self.st.phase {
                Phase::Main(_) => self.answer_main(choice),
                Phase::Orders => self.answer_order(choice),
                _ => unreachable!("decisions are asked only in main, orders or effects"),
            }
        }
        self.advance();
        Ok(())
    }

    /// The current decision's request (built once per decision).
    fn request(&mut self) -> DecisionRequest {
        if let Some(r) = &self.cached {
            return r.clone();
        }
        let r = match (&self.st.pending, &self.st.phase) {
            (Some(p), _) => p.request.clone(),
            (None, Phase::Main(_)) => self.main_request(),
            (None, Phase::Orders) => self.order_request(),
            (None, other) => unreachable!("no decision in phase {other:?}"),
        };
        self.cached = Some(r.clone());
        r
    }

    /// Every event so far.
    pub fn log(&self) -> &[Event] {
        &self.st.log
    }

    /// Decisions answered by each player.
    pub fn answered(&self) -> [u64; 2] {
        self.st.answered
    }

    /// Every answer given, in order (with the seed and decks: a replay).
    pub fn answers(&self) -> &[Choice] {
        &self.st.answers
    }

    /// The saved state, read-only (for tests, views and players).
    pub fn state(&self) -> &State {
        &self.st
    }

    /// The library the game plays with.
    pub fn library(&self) -> &LineLibrary {
        &self.lib
    }

    /// The English name of a card instance.
    pub fn name(&self, c: InstanceId) -> String {
        let id = self.st.card_id(c);
        format!("{} ({c})", self.lib.name(id))
    }

    /// A master's LP now.
    pub fn lp(&self, p: PlayerId) -> i64 {
        self.st.lp[p.index()]
    }

    /// Makes an effect failure (`EffectFailed`) panic with its origin and reason (tests and
    /// `--strict` runs; the simulator reports the panic as the game's failure).
    pub fn set_strict_scripts(&mut self, on: bool) {
        self.strict_scripts = on;
    }

    /// Checks conservation after every event from now on (tests; slower). A violation is
    /// kept and reported by [`Game::check_invariants`].
    pub fn set_paranoid(&mut self, on: bool) {
        self.st.paranoid = on;
    }

    /// The automatic part: effects due, then the procedures of the phases, until a
    /// decision is needed or the game is over.
    pub(crate) fn advance(&mut self) {
        loop {
            if matches!(self.st.phase, Phase::Over(_)) || self.check_over() {
                return;
            }
            if self.st.pending.is_some() {
                return;
            }
            if let Some(f) = self.st.queue.pop_front() {
                self.cached = None;
                self.run_fire(f, Vec::new());
                continue;
            }
            match self.st.phase {
                Phase::Main(_) => return,
                Phase::Orders => {
                    if self.order_candidates().is_empty() {
                        self.finish_orders();
                        continue;
                    }
                    return;
                }
                _ => {
                    self.cached = None;
                    self.step_phase();
                }
            }
        }
    }

    /// LB-0.4: a master at 0 LP or below, or a recorded loss (an empty deck), ends the
    /// game; both at once is a draw. Returns whether the game is over.
    pub(crate) fn check_over(&mut self) -> bool {
        for p in PlayerId::BOTH {
            if self.st.lp[p.index()] <= 0 {
                self.st.lose(p, "master LP reached 0 (LB-0.4)");
            }
        }
        if self.st.losses.is_empty() {
            return false;
        }
        let losers: Vec<PlayerId> = self.st.losses.iter().map(|(p, _)| *p).collect();
        let reason = self
            .st
            .losses
            .iter()
            .map(|(p, r)| format!("{p} {r}"))
            .collect::<Vec<_>>()
            .join("; ");
        let winner = if losers.len() == 1 {
            Some(losers[0].other())
        } else {
            None
        };
        self.finish(winner, reason);
        true
    }

    /// Ends the game.
    pub(crate) fn finish(&mut self, winner: Option<PlayerId>, reason: String) {
        self.st.emit(Event::GameOver {
            winner,
            reason: reason.clone(),
        });
        self.st.pending = None;
        self.st.queue.clear();
        self.cached = None;
        self.st.phase = Phase::Over(GameResult { winner, reason });
    }
}
