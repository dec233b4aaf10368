//! Running effects inside a game: running one effect with its failures as events, the
//! step transactions that make mid-script choices resumable, and the engine-side state of
//! effects (`Runtime`). Which effects a hook reaches is `reach`, constant effects
//! `constants`, magic `magic`.
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use rhai::{CallFnOptions, Dynamic, EvalAltResult, Scope};

use super::constants::ConstMods;
use super::ctx::{self, RunCtx};
use super::hooks::Whose;
use super::state::{ModKind, Pending, Question};

use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Choice, Event, Game, Hook, Zone};

/// The marker error a script call returns when it asked a new question.
pub(crate) const ASKED: &str = "__cardscript_asked__";
/// The marker error that ends an effect quietly (its event is already logged).
pub(crate) const STOP: &str = "__cardscript_stop__";
/// The prefix of the error a constant effect's `inert(…)` or unsupported call returns
/// (the rest is the reason); the engine reports it once as `EffectInert`.
pub(crate) const INERT: &str = "__cardscript_inert__:";
/// How deeply effects may trigger effects in one resolution.
const MAX_DEPTH: u32 = 16;
/// How many questions scripts may ask in one step: each answer re-runs the step, so a
/// script asking without end would cost quadratic time.
pub(crate) const MAX_QUESTIONS: u32 = 200;
/// The engine-side, unsaved part of effects: answers being replayed in a step, the new
/// question if one was asked, the constant-effect cache.
#[derive(Debug, Clone, Default)]
pub(crate) struct Runtime {
    pub answers: VecDeque<Choice>,
    pub asked: Option<Question>,
    /// Log length when the new question was asked.
    pub asked_at: usize,
    /// This step runs without a snapshot (no asking card can act in it).
    pub no_snapshot: bool,
    /// Per card instance: whether its card has an asking effect (or a burst), and how many
    /// triggered effects it has (computed once).
    pub asking: Option<Vec<(bool, u32)>>,
    pub strict_scripts: bool,
    pub depth: u32,
    pub const_cache: RefCell<Option<ConstMods>>,
    /// The empty constants, shared (what a game without constants, or a read while they
    /// are being computed, sees).
    pub no_constants: ConstMods,
    /// In strict games, the parts of the state the derived values were computed with
    /// (`Game::check_derived`).
    pub derived_key: Cell<Option<super::derived::DerivedKey>>,
    /// The constants while a card's cost is read (`summoning`): that card and its constants.
    pub const_cache_summoning: RefCell<Vec<(InstanceId, ConstMods)>>,
    /// Each player's field symbols (BS-5.2 step 3) while no cost is being read, cleared with
    /// the constants and when stored modifiers end (`Game::field_symbols`).
    pub symbols_cache: RefCell<[Option<Rc<super::super::levels::FieldSymbols>>; 2]>,
    /// Hand-card costs read since the last event (`Game::quote_card`): a decision's options
    /// and its view read the same ones.
    pub quote_cache: RefCell<Vec<(PlayerId, InstanceId, super::super::cost::CostQuote)>>,
    /// A card whose cores are all being moved off (it is leaving the field or being
    /// depleted): its passing levels are not logged.
    pub emptying: Option<InstanceId>,
    pub computing_const: Cell<bool>,
    /// While the keywords' constant effects are computed: the modifiers the other
    /// constants give, so `keyword_value()` sees a keyword gained from a constant effect.
    pub const_gained: RefCell<Vec<(InstanceId, ModKind)>>,
    /// Constant-effect runs remembered between evaluations (`memo`).
    pub const_memo: super::memo::ConstMemo,
    /// The checkpoint a step that asks returns to, and the steps run since.
    pub checkpoint: super::checkpoint::Checkpoint,
    /// Watched happenings resolved in this step (a loop guard, `Game::flush_watch`).
    pub watch_resolved: u32,
    /// Questions scripts asked in this step, replayed ones included (each answer re-runs
    /// the step, so this bounds a step's work: `MAX_QUESTIONS`).
    pub questions: u32,
    /// The card whose cost is being read (`while_summoning`, BS-5.2).
    pub summoning: Cell<Option<InstanceId>>,
    /// Constant-effect evaluations, when observed (`Game::observe_constants`).
    pub const_seen: Option<RefCell<ConstantRuns>>,
    /// A BS-5.3.1 check is in progress (`Game::check_zero_bp`, a re-entrance guard).
    pub checking_bp: bool,
    /// The cards whose destruction the effects waiting for "would be destroyed" are
    /// resolving for (`Game::would_be_destroyed`): only these may still be replaced
    /// (`replace_destruction`, BS-6.6); once "when destroyed" works it is too late.
    pub replacing: Vec<InstanceId>,
    /// Options carry no text (`Game::set_labels`).
    pub no_labels: bool,
    /// The seats offered `Choice::Cancel` (`Game::set_cancel`).
    pub cancel_seats: [bool; 2],
    /// The state to return to if the action being paid for is cancelled.
    pub cancel: Option<crate::rules::battle_spirits::cancel::CancelPoint>,
}

/// Constant-effect evaluations seen (`exercise`): (card, effect) → runs that collected a
/// modifier, runs that collected nothing, and failures by ":L: message" (a stub's stop
/// as the `STOP` marker).
pub type ConstantRuns = std::collections::BTreeMap<
    (InstanceId, u32),
    (u64, u64, std::collections::BTreeMap<String, u64>),
>;

/// The error inside a script error's function and module calls.
fn innermost(e: &EvalAltResult) -> &EvalAltResult {
    let mut inner = e;
    while let EvalAltResult::ErrorInFunctionCall(_, _, x, _)
    | EvalAltResult::ErrorInModule(_, x, _) = inner
    {
        inner = x;
    }
    inner
}

/// The text of a script error when it is one of the engine's markers ([`ASKED`], [`STOP`],
/// an [`INERT`] reason), not a real failure.
fn marker(e: &EvalAltResult) -> Option<String> {
    let EvalAltResult::ErrorRuntime(v, _) = innermost(e) else {
        return None;
    };
    let s = v.read_lock::<rhai::ImmutableString>()?;
    (s.as_str() == ASKED || s.as_str() == STOP || s.starts_with(INERT)).then(|| s.to_string())
}

/// The reason of a constant effect's `inert(…)` / unsupported call (`None`: a real error).
pub(super) fn constant_error(e: &EvalAltResult) -> Option<String> {
    let m = marker(e)?;
    Some(match m.strip_prefix(INERT) {
        Some(reason) => reason.to_string(),
        None => "stopped".into(),
    })
}

pub(crate) fn whose_ok(w: Whose, controller: PlayerId, turn_player: PlayerId) -> bool {
    match w {
        Whose::Your => controller == turn_player,
        Whose::Opponent => controller != turn_player,
        Whose::Either => true,
    }
}

impl Game {
    // ---- transactions (mid-script choices) ------------------------------------------

    /// Runs one step: the answer `base` (if any) then automatic procedures up to the next
    /// decision, replaying `answers` to the questions effects ask. If an effect asks a new
    /// question, the step is undone and the game waits at that question (README).
    pub(crate) fn transaction(&mut self, base: Option<Choice>, answers: Vec<Choice>) {
        let may_ask = self.step_may_ask();
        self.begin_step(may_ask);
        self.rt.no_snapshot = !may_ask;
        self.rt.answers = answers.iter().cloned().collect();
        self.rt.asked = None;
        self.rt.watch_resolved = 0;
        self.rt.questions = 0;
        if let Some(c) = &base {
            self.apply(c.clone());
        }
        self.advance_loop();
        match self.rt.asked.take() {
            Some(q) => {
                assert!(
                    may_ask,
                    "without a snapshot every question gets its first option"
                );
                let preview = self.st.log[self.step_log_start()..self.rt.asked_at].to_vec();
                // The board as the question finds it, before the step is undone.
                let views = Box::new(PlayerId::BOTH.map(|p| self.view(p)));
                self.undo_step();
                self.st.scripts.pending = Some(Pending {
                    base,
                    answers,
                    question: q,
                    preview,
                    views: Some(views),
                });
            }
            None => {
                self.rt.answers.clear();
                self.end_step(base, answers);
            }
        }
        self.cached = None;
    }

    /// Whether a question can arise in the next step: a card with an asking effect is
    /// somewhere other than a deck (cards in decks cannot act or be targeted), a sub-trigger
    /// of such a card waits, a burst is set (BS-10.3: activating is a choice), or two
    /// triggered effects could become due at once (BS-8.4: the turn player orders them).
    fn step_may_ask(&mut self) -> bool {
        if self.braves_may_ask() {
            return true;
        }
        if !self.host.any_may_ask {
            return false;
        }
        if self.rt.asking.is_none() {
            let v = (0..self.st.cards.len())
                .map(|i| match self.def_index.get(i) {
                    Some(&d) => self.host.asking_by_def[d as usize],
                    None => {
                        let id = &self.st.cards[i].card;
                        let printed = self.lib.def(id).keywords.iter();
                        self.host.asking_of(id, printed.map(|k| k.name.as_str()))
                    }
                })
                .collect();
            self.rt.asking = Some(v);
        }
        if self.gained_keyword_may_ask() {
            return true;
        }
        let asking = self.rt.asking.as_ref().expect("just computed");
        let mut due_at_once = self.st.scripts.subs.len() as u32;
        for (i, (asks, triggered)) in asking.iter().enumerate() {
            // A card that neither asks nor triggers adds nothing wherever it is: its zone
            // is not looked up (most cards of a deck; this runs before every step).
            if !*asks && *triggered == 0 {
                continue;
            }
            let zone = self.st.zones.zone_of(InstanceId(i as u32));
            if matches!(zone, Some(Zone::Deck(_)) | None) {
                continue;
            }
            if *asks {
                return true;
            }
            if !matches!(zone, Some(Zone::Trash(_))) {
                due_at_once += triggered;
            }
        }
        due_at_once >= 2
            || self
                .st
                .scripts
                .subs
                .iter()
                .any(|s| asking[s.card.index()].0)
    }

    /// Whether a card has gained (`gain_keyword`, stored or constant) a keyword whose
    /// effects ask or trigger.
    fn gained_keyword_may_ask(&self) -> bool {
        let kws = &self.host.keywords;
        if kws.list.is_empty() {
            return false;
        }
        let gained = |k: &ModKind| match k {
            ModKind::Keyword(name, _) => {
                let (a, t) = kws.asking(name);
                a || t > 0
            }
            _ => false,
        };
        self.st.scripts.modifiers.iter().any(|m| gained(&m.kind))
            || (self.host.has_constant
                && self.const_kinds & super::constants::KEYWORD_MODS != 0
                && self.constant_mods().mods.iter().any(|(_, k)| gained(k)))
    }

    /// Whether a brave may come off its host in the next step (then its owner is asked
    /// whether to keep it, BS-9.5/9.8/9.9): a brave link exists, or a brave is on a field or
    /// in the turn player's hand or tecoto (it may be braved within the step).
    fn braves_may_ask(&self) -> bool {
        let brave = |c: &InstanceId| self.def_of(*c).kind == carddb::CardKind::Brave;
        !self.st.braves.is_empty()
            || PlayerId::BOTH
                .iter()
                .any(|p| self.pile(Zone::Field(*p)).iter().any(brave))
            || self.usable_cards(self.st.active).any(|(c, _)| brave(&c))
    }

    /// Asks a question: the replayed answer if there is one, else records the question and
    /// returns `None` (the caller stops; the step will be undone and resumed).
    pub(crate) fn ask(&mut self, q: Question) -> Option<Choice> {
        if self.rt.asked.is_some() {
            return None;
        }
        if q.options.len() == 1 {
            return Some(q.options[0].choice.clone());
        }
        if self.rt.no_snapshot {
            // Cannot happen by `step_may_ask` except for a card an effect brought out of a
            // deck and used in the same step: it gets the first option (deterministic,
            // replayed identically).
            return Some(q.options[0].choice.clone());
        }
        match self.rt.answers.pop_front() {
            Some(a) if q.options.iter().any(|o| o.choice == a) => Some(a),
            _ => {
                self.rt.asked = Some(q);
                self.rt.asked_at = self.st.log.len();
                None
            }
        }
    }

    /// While an effect question waits: the events its step produced before the question.
    /// They are not in [`Game::log`] yet (the step is undone until the answer; README
    /// "Effects and decisions"); they happen again, identically, after the answer.
    pub fn pending_preview(&self) -> &[Event] {
        self.st
            .scripts
            .pending
            .as_ref()
            .map_or(&[], |p| p.preview.as_slice())
    }

    /// Whether an effect question is being asked (nothing else may run).
    pub(crate) fn halted(&self) -> bool {
        self.rt.asked.is_some()
    }

    /// Fires a hook now, as the rules do at its timing, and resolves the effects it reaches
    /// (for tests, benchmarks and tools; a question asked here is answered by nothing and
    /// ends the effect's run).
    pub fn trigger(&mut self, hook: Hook) {
        self.fire(hook);
        self.rt.asked = None;
    }

    /// Makes script failures panic (for tests); off by default, not saved.
    pub fn set_strict_scripts(&mut self, on: bool) {
        self.rt.strict_scripts = on;
    }

    // ---- running one effect ---------------------------------------------------------

    /// Runs effect `effect` of `card` for `controller`; failures become events.
    pub(crate) fn run_effect(
        &mut self,
        card: InstanceId,
        effect: u32,
        controller: PlayerId,
        event_cards: Vec<InstanceId>,
    ) {
        if self.halted() || self.ended_now() {
            return;
        }
        let lib = self.host.clone();
        let Some(eff) = lib.effect(self.card_id(card), effect) else {
            return;
        };
        let ast = match &eff.script {
            Ok(a) => a.clone(),
            Err(reason) => {
                self.effect_failed(card, effect, None, reason.clone());
                return;
            }
        };
        if self.rt.depth >= MAX_DEPTH {
            self.effect_failed(card, effect, None, "effects nested too deeply".into());
            return;
        }
        let gap = (effect >= super::keywords::KEYWORD_EFFECT_BASE)
            .then(|| self.keyword_value_gap(card, effect))
            .flatten();
        self.emit(Event::EffectStarted { card, effect });
        if let Some(reason) = gap {
            self.emit(Event::EffectInert {
                card,
                effect,
                reason,
            });
            return;
        }
        let mut rc = RunCtx::new(card, effect, controller);
        rc.this = self.unit_of(card); // BS-9.2: a braved effect is the braved spirit's
        rc.event_cards = event_cards;
        self.rt.depth += 1;
        let r = {
            let _g = ctx::enter_mut(self, Rc::new(rc));
            super::warm::run_warm(&lib.engine, &ast, &eff.calls)
        };
        self.rt.depth -= 1;
        // Ruling C#13: "… not triggered by this effect" ends with the effect.
        let s = &mut self.st.scripts.silenced;
        if !s.is_empty() {
            s.retain(|x| (x.card, x.effect) != (card, effect));
        }
        if let Err(e) = r {
            self.script_error(card, effect, &e);
        }
        self.check_zero_bp(); // BS-5.3.1: the effect may have changed BP
    }

    /// Runs a `when(…)` closure.
    pub(crate) fn run_closure(&mut self, sub: &super::state::SubTrigger, event: Vec<InstanceId>) {
        if self.halted() || self.ended_now() {
            return;
        }
        let lib = self.host.clone();
        let Some(Ok(ast)) = lib
            .effect(self.card_id(sub.card), sub.effect)
            .map(|e| e.script.clone())
        else {
            return;
        };
        self.emit(Event::EffectStarted {
            card: sub.card,
            effect: sub.effect,
        });
        // Closures nest like effects: the same depth limit.
        if self.rt.depth >= MAX_DEPTH {
            self.effect_failed(
                sub.card,
                sub.effect,
                None,
                "effects nested too deeply".into(),
            );
            return;
        }
        let mut rc = RunCtx::new(sub.card, sub.effect, sub.controller);
        rc.event_cards = event;
        let args: Vec<Dynamic> = sub.curry.iter().map(super::api::to_dynamic).collect();
        self.rt.depth += 1;
        let r = {
            let _g = ctx::enter_mut(self, Rc::new(rc));
            lib.engine.call_fn_with_options::<Dynamic>(
                CallFnOptions::new().eval_ast(false).rewind_scope(true),
                &mut Scope::new(),
                &ast,
                &sub.func,
                args,
            )
        };
        self.rt.depth -= 1;
        if let Err(e) = r {
            self.script_error(sub.card, sub.effect, &e);
        }
        self.check_zero_bp(); // BS-5.3.1: the closure may have changed BP
    }

    fn script_error(&mut self, card: InstanceId, effect: u32, e: &EvalAltResult) {
        if marker(e).is_some() {
            return; // asked, stopped, or inert: its event is already logged
        }
        let line = e.position().line().map(|l| l as u32);
        let reason = match innermost(e) {
            EvalAltResult::ErrorRuntime(v, _) => v.to_string(),
            other => other.to_string(),
        };
        self.effect_failed(card, effect, line, reason);
    }

    /// Logs `EffectFailed`; panics in strict-scripts mode.
    pub(crate) fn effect_failed(
        &mut self,
        card: InstanceId,
        effect: u32,
        line: Option<u32>,
        reason: String,
    ) {
        if self.rt.strict_scripts {
            // Name the script's source: a pack file, an inline script, generated text or a
            // keyword's declaration.
            let origin = self
                .host
                .effect(self.card_id(card), effect)
                .and_then(|e| e.origin.as_ref())
                .map(|o| {
                    format!(
                        " ({o}{})",
                        line.map(|l| format!(":{l}")).unwrap_or_default()
                    )
                })
                .unwrap_or_default();
            panic!(
                "effect {effect} of {} failed{}{origin}: {reason}",
                self.card_id(card),
                line.map(|l| format!(" at script line {l}"))
                    .unwrap_or_default()
            );
        }
        self.emit(Event::EffectFailed {
            card,
            effect,
            line,
            reason,
        });
    }
}
