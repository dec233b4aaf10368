//! Running one effect: the script reaches the game through a per-thread slot that owns
//! the state for exactly the duration of the call (no pointer to the game escapes). A
//! question (`choose_target`, `may`) beyond the answers recorded stops the script; the
//! game goes back to the state before the effect and asks, then re-runs the effect with
//! the answers given so far (DESIGN principle 3, as Battle Spirits' `script/run.rs`).

use std::cell::RefCell;

use rhai::{CallFnOptions, Dynamic, EvalAltResult, Position, Scope};

use super::decision::{Choice, DecisionRequest};
use super::events::Event;
use super::game::Game;
use super::library::LineLibrary;
use super::state::{Fire, Pending, State, Zone};
use crate::core::{InstanceId, PlayerId};

/// What a running effect owns: the game state and what it knows about itself.
pub(crate) struct Running {
    pub st: State,
    pub lib: LineLibrary,
    pub card: InstanceId,
    pub effect: u32,
    pub controller: PlayerId,
    /// The timing the effect runs at.
    pub timing: super::script::Timing,
    /// Answers to this effect's questions so far, in asking order.
    pub answers: Vec<Choice>,
    /// How many of `answers` the script has used.
    pub used: usize,
    /// The question that stopped the script.
    pub ask: Option<DecisionRequest>,
    /// The script stopped itself after logging `EffectInert`.
    pub inert: bool,
}

thread_local! {
    static RUN: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Marker message of a stop that is not a failure (asked, or inert already logged).
pub(crate) const STOP: &str = "\u{0}stop";

/// A script error with a message.
pub(crate) fn err(msg: impl Into<String>) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(
        msg.into().into(),
        Position::NONE,
    ))
}

/// Calls `f` with the running effect. Errors: no effect is running.
pub(crate) fn with<R>(
    f: impl FnOnce(&mut Running) -> Result<R, Box<EvalAltResult>>,
) -> Result<R, Box<EvalAltResult>> {
    RUN.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut().ok_or_else(|| err("no effect is running"))?;
        f(run)
    })
}

impl Running {
    /// Logs `EffectInert` for this effect and stops the script.
    pub fn inert(&mut self, reason: impl Into<String>) -> Box<EvalAltResult> {
        self.st.emit(Event::EffectInert {
            card: self.card,
            effect: self.effect,
            reason: reason.into(),
        });
        self.inert = true;
        err(STOP)
    }

    /// The next recorded answer, or a stop that asks `request`.
    pub fn answer(&mut self, request: DecisionRequest) -> Result<Choice, Box<EvalAltResult>> {
        if let Some(a) = self.answers.get(self.used).cloned() {
            self.used += 1;
            if !request.is_legal(&a) {
                return Err(err(format!(
                    "the recorded answer {a:?} is not an option of `{}`",
                    request.prompt
                )));
            }
            return Ok(a);
        }
        if self.answers.len() as u32 >= self.st.config.max_questions_per_effect {
            return Err(err(format!(
                "the effect asked more than {} questions",
                self.st.config.max_questions_per_effect
            )));
        }
        self.ask = Some(request);
        Err(err(STOP))
    }
}

impl Game {
    /// Runs one due effect (with the answers recorded for it). It logs `EffectInert` when
    /// its card has left the field (LB-4.6: a creature waiting destroyed still acts for a
    /// battle-success effect) or its script cannot act, `EffectFailed` on a script error.
    pub(crate) fn run_fire(&mut self, fire: Fire, answers: Vec<Choice>) {
        let zone = self.st.zone(fire.card);
        let present = matches!(zone, Zone::Line(..) | Zone::Master(_))
            || (fire.from_destroyed && matches!(zone, Zone::Destroyed(_)))
            || fire.func.is_some();
        if !present {
            self.st.emit(Event::EffectInert {
                card: fire.card,
                effect: fire.effect,
                reason: format!("its card is no longer on the field ({zone})"),
            });
            return;
        }
        let compiled = self.compiled.clone();
        let Some(eff) = compiled.effect(self.st.card_id(fire.card), fire.effect) else {
            return;
        };
        let ast = match &eff.script {
            Ok(a) => a.clone(),
            Err(reason) => {
                self.st.emit(Event::EffectInert {
                    card: fire.card,
                    effect: fire.effect,
                    reason: reason.clone(),
                });
                return;
            }
        };
        let before = eff.may_ask.then(|| self.st.clone());
        self.st.emit(Event::EffectStarted {
            card: fire.card,
            effect: fire.effect,
            timing: fire.timing,
        });
        let run = Running {
            st: std::mem::take(&mut self.st),
            lib: self.lib.clone(),
            card: fire.card,
            effect: fire.effect,
            controller: fire.controller,
            timing: fire.timing,
            answers: answers.clone(),
            used: 0,
            ask: None,
            inert: false,
        };
        RUN.with(|r| *r.borrow_mut() = Some(run));
        let result = match &fire.func {
            None => compiled
                .engine
                .eval_ast_with_scope::<Dynamic>(&mut Scope::new(), &ast),
            Some(f) => compiled.engine.call_fn_with_options::<Dynamic>(
                CallFnOptions::new().eval_ast(false),
                &mut Scope::new(),
                &ast,
                f,
                (),
            ),
        };
        let run = RUN
            .with(|r| r.borrow_mut().take())
            .expect("the running slot is filled for the call");
        self.st = run.st;
        if let Some(request) = run.ask {
            match before {
                Some(b) => {
                    self.st = b;
                    self.st.pending = Some(Pending {
                        fire,
                        answers,
                        request,
                    });
                }
                None => self.effect_failed(
                    &fire,
                    None,
                    "the effect asked a question the engine did not expect".into(),
                ),
            }
            return;
        }
        if let Err(e) = result
            && !run.inert
        {
            let line = e.position().line().map(|l| l as u32);
            let reason = match innermost(&e) {
                EvalAltResult::ErrorRuntime(v, _) => v.to_string(),
                other => other.to_string(),
            };
            self.effect_failed(&fire, line, reason);
        }
    }

    /// Logs `EffectFailed`; panics with the script's origin in strict-scripts mode.
    fn effect_failed(&mut self, fire: &Fire, line: Option<u32>, reason: String) {
        if self.strict_scripts {
            let origin = self
                .compiled
                .effect(self.st.card_id(fire.card), fire.effect)
                .map(|e| e.origin.to_string())
                .unwrap_or_default();
            panic!(
                "effect {} of {} failed ({origin}{}): {reason}",
                fire.effect,
                self.name(fire.card),
                line.map(|l| format!(":{l}")).unwrap_or_default()
            );
        }
        self.st.emit(Event::EffectFailed {
            card: fire.card,
            effect: fire.effect,
            line,
            reason,
        });
    }
}

fn innermost(e: &EvalAltResult) -> &EvalAltResult {
    match e {
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _)
        | EvalAltResult::ErrorInModule(_, inner, _) => innermost(inner),
        other => other,
    }
}
