//! Running effects inside a game: which effects a hook reaches (BS-8.1 automatic and
//! optional effects, level-bound effects, BS-6.6 "when destroyed" before the trash, BS-5.3
//! depletion is not destruction), running one effect with its failures as events, the
//! step transactions that make mid-script choices resumable, constant effects evaluated
//! when read (BS-8.1), and magic Main/Flash resolution (BS-5.5).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use rhai::{CallFnOptions, Dynamic, EvalAltResult, Scope};

use super::ctx::{self, RunCtx};
use super::hooks::{Trigger, Whose};
use super::state::{ModKind, Pending, Question, SubEvent, SubTrigger, Until, WatchKind};
use carddb::keyword::EffectZone;

use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::game::{Phase, State};
use crate::rules::battle_spirits::{Choice, Event, Game, Hook, StepName, Zone};

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
/// script asking without end would cost quadratic time (issue 16 kind 2).
pub(crate) const MAX_QUESTIONS: u32 = 200;

/// What the constant effects that apply now give (BS-8.1): modifiers (card, modifier)
/// and standing watchers (their `when(…)` calls).
#[derive(Debug, Default)]
pub(crate) struct Constants {
    pub mods: Vec<(InstanceId, ModKind)>,
    pub watchers: Vec<SubTrigger>,
    /// Effects that could not be evaluated: (card, effect, reason), reported once.
    pub failed: Vec<(InstanceId, u32, Option<u32>, String, bool)>,
    /// Where the effects that read `while_summoning` put their modifiers in `mods`
    /// (`script::summoning`): (controller, card, effect, start, end, clean), `clean` when
    /// the run gave no watcher and no failure.
    pub summoning_spans: Vec<(PlayerId, InstanceId, u32, usize, usize, bool)>,
    /// The [`kind_bits`] of `mods`, set when they are complete ([`Constants::sealed`]).
    pub kinds: u8,
}

/// A modifier that changes a level (`ModsOf::may_have`).
pub(crate) const LEVEL_MODS: u8 = 1;
/// A modifier that changes symbols (`ModsOf::may_have`).
pub(crate) const SYMBOL_MODS: u8 = 2;

/// Which of the kinds queries skip when none is in force `k` is (issue 15).
fn kind_bits(k: &ModKind) -> u8 {
    match k {
        ModKind::Level(_) | ModKind::HighestLevel => LEVEL_MODS,
        ModKind::SymbolsAs(..) | ModKind::GainSymbols(..) => SYMBOL_MODS,
        _ => 0,
    }
}

impl Constants {
    /// These constants with their modifiers' kinds noted, ready to share.
    pub(crate) fn sealed(mut self) -> ConstMods {
        self.kinds = self.mods.iter().fold(0, |b, (_, k)| b | kind_bits(k));
        Rc::new(self)
    }
}

/// The modifiers on one card now ([`Game::mods_of`]): stored ones, then constant ones, in
/// the order they were given.
pub(crate) struct ModsOf<'a> {
    card: InstanceId,
    stored: &'a [super::state::Modifier],
    constant: Option<ConstMods>,
}

impl ModsOf<'_> {
    /// Each modifier, stored ones first.
    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = &ModKind> {
        let c = self.card;
        let constant = self.constant.as_deref().map_or(&[][..], |k| &k.mods[..]);
        self.stored
            .iter()
            .filter(move |m| m.card == c)
            .map(|m| &m.kind)
            .chain(
                constant
                    .iter()
                    .filter(move |(x, _)| *x == c)
                    .map(|(_, k)| k),
            )
    }

    /// Whether `kind` is one of them.
    pub(crate) fn contains(&self, kind: &ModKind) -> bool {
        self.iter().any(|m| m == kind)
    }

    /// Whether one of them may be of the kinds `bits` ([`LEVEL_MODS`], [`SYMBOL_MODS`]):
    /// false lets a query skip reading them.
    pub(crate) fn may_have(&self, bits: u8) -> bool {
        let c = self.card;
        self.constant.as_ref().is_some_and(|k| k.kinds & bits != 0)
            || (self.stored.iter()).any(|m| m.card == c && kind_bits(&m.kind) & bits != 0)
    }
}

/// The constants in force, shared until the next event.
pub(crate) type ConstMods = Rc<Constants>;

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
    /// Watched happenings resolved in this step (a loop guard, `Game::flush_watch`).
    pub watch_resolved: u32,
    /// Questions scripts asked in this step, replayed ones included (each answer re-runs
    /// the step, so this bounds a step's work: `MAX_QUESTIONS`, issue 16 kind 2).
    pub questions: u32,
    /// The card whose cost is being read (`while_summoning`, BS-5.2).
    pub summoning: Cell<Option<InstanceId>>,
    /// Constant-effect evaluations, when observed (`Game::observe_constants`, issue 11).
    pub const_seen: Option<RefCell<ConstantRuns>>,
    /// A BS-5.3.1 check is in progress (`Game::check_zero_bp`, a re-entrance guard).
    pub checking_bp: bool,
    /// Options carry no text (`Game::set_labels`).
    pub no_labels: bool,
}

/// Constant-effect evaluations seen (`exercise`): (card, effect) → runs that collected a
/// modifier, runs that collected nothing, and failures by ":L: message" (a stub's stop
/// as the `STOP` marker).
pub type ConstantRuns = std::collections::BTreeMap<
    (InstanceId, u32),
    (u64, u64, std::collections::BTreeMap<String, u64>),
>;

/// One effect a hook reached, waiting to resolve (BS-8.4).
#[derive(Debug, Clone)]
pub(super) enum Reached {
    /// An effect of a card (`field`: it works only while the card stays on the field).
    Effect {
        card: InstanceId,
        effect: u32,
        controller: PlayerId,
        ev: Vec<InstanceId>,
        field: bool,
    },
    /// A set burst whose condition is met (BS-10.3): activation is asked when it resolves.
    Burst {
        card: InstanceId,
        effects: Vec<u32>,
        ev: Vec<InstanceId>,
    },
    /// A `when(…)` closure.
    Sub {
        sub: SubTrigger,
        ev: Vec<InstanceId>,
    },
}

impl Reached {
    /// Whether `other` is the same effect reached again: a field effect or a burst of the
    /// same card, or the same sub-trigger (a card's own effect is never reached twice).
    fn same_effect(&self, other: &Reached) -> bool {
        match (self, other) {
            (
                Reached::Effect {
                    card: a,
                    effect: x,
                    field: true,
                    ..
                },
                Reached::Effect {
                    card: b,
                    effect: y,
                    field: true,
                    ..
                },
            ) => a == b && x == y,
            (Reached::Burst { card: a, .. }, Reached::Burst { card: b, .. }) => a == b,
            (Reached::Sub { sub: a, .. }, Reached::Sub { sub: b, .. }) => a == b,
            _ => false,
        }
    }

    fn event_cards(&self) -> &[InstanceId] {
        match self {
            Reached::Effect { ev, .. } | Reached::Burst { ev, .. } | Reached::Sub { ev, .. } => ev,
        }
    }

    fn add_event_cards(&mut self, cards: &[InstanceId]) {
        let (Reached::Effect { ev, .. } | Reached::Burst { ev, .. } | Reached::Sub { ev, .. }) =
            self;
        for c in cards {
            if !ev.contains(c) {
                ev.push(*c);
            }
        }
    }

    pub(super) fn card_effect(&self) -> (InstanceId, u32) {
        match self {
            Reached::Effect { card, effect, .. } => (*card, *effect),
            Reached::Burst { card, effects, .. } => (*card, effects[0]),
            Reached::Sub { sub, .. } => (sub.card, sub.effect),
        }
    }
}

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
fn constant_error(e: &EvalAltResult) -> Option<String> {
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

/// A step's saved starting point. What only grows (log, answers) or never changes in play
/// (configuration, catalogue hash, card identities) is kept out of the copy (the decks are
/// shared, `SharedVec`): only orientations are saved for the cards.
pub(crate) struct Snapshot {
    state: State,
    log_len: usize,
    orientations: Vec<crate::core::Orientation>,
}

impl Game {
    // ---- transactions (mid-script choices) ------------------------------------------

    fn snapshot(&mut self) -> Snapshot {
        let log = std::mem::take(&mut self.st.log);
        let answers = std::mem::take(&mut self.st.answers);
        let hash = std::mem::take(&mut self.st.catalogue_hash);
        let cards = std::mem::take(&mut self.st.cards);
        let state = self.st.clone();
        let orientations = cards.iter().map(|c| c.orientation).collect();
        let log_len = log.len();
        self.st.log = log;
        self.st.answers = answers;
        self.st.catalogue_hash = hash;
        self.st.cards = cards;
        Snapshot {
            state,
            log_len,
            orientations,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        let mut log = std::mem::take(&mut self.st.log);
        log.truncate(s.log_len);
        let answers = std::mem::take(&mut self.st.answers);
        let hash = std::mem::take(&mut self.st.catalogue_hash);
        let mut cards = std::mem::take(&mut self.st.cards);
        if cards.len() != s.orientations.len() {
            // Tokens made in the undone step (K27) are unmade; they are made again.
            cards.truncate(s.orientations.len());
            self.rt.asking = None;
        }
        for (c, o) in cards.iter_mut().zip(s.orientations) {
            c.orientation = o;
        }
        self.st = s.state;
        self.st.log = log;
        self.st.answers = answers;
        self.st.catalogue_hash = hash;
        self.st.cards = cards;
        self.invalidate_constants();
    }

    /// Runs one step: the answer `base` (if any) then automatic procedures up to the next
    /// decision, replaying `answers` to the questions effects ask. If an effect asks a new
    /// question, the step is undone and the game waits at that question (README).
    pub(crate) fn transaction(&mut self, base: Option<Choice>, answers: Vec<Choice>) {
        let snap = self.step_may_ask().then(|| self.snapshot());
        self.rt.no_snapshot = snap.is_none();
        self.rt.answers = answers.iter().cloned().collect();
        self.rt.asked = None;
        self.rt.watch_resolved = 0;
        self.rt.questions = 0;
        if let Some(c) = &base {
            self.apply(c.clone());
        }
        self.advance_loop();
        if let Some(q) = self.rt.asked.take() {
            match snap {
                Some(s) => {
                    let preview = self.st.log[s.log_len..self.rt.asked_at].to_vec();
                    // The board as the question finds it, before the step is undone.
                    let views = Box::new(PlayerId::BOTH.map(|p| self.view(p)));
                    self.restore(s);
                    self.st.scripts.pending = Some(Pending {
                        base,
                        answers,
                        question: q,
                        preview,
                        views: Some(views),
                    });
                }
                None => unreachable!("without a snapshot every question gets its first option"),
            }
        }
        self.rt.answers.clear();
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
    /// effects ask or trigger (issue 12).
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
            || (self.host.has_constant && self.constant_mods().mods.iter().any(|(_, k)| gained(k)))
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
        self.emit(Event::EffectStarted { card, effect });
        let mut rc = RunCtx::new(card, effect, controller);
        rc.this = self.unit_of(card); // BS-9.2: a braved effect is the braved spirit's
        rc.event_cards = event_cards;
        self.rt.depth += 1;
        let r = {
            let _g = ctx::enter_mut(self, Rc::new(rc));
            super::warm::run_warm(&lib.engine, &ast, &eff.calls)
        };
        self.rt.depth -= 1;
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
        // Closures nest like effects: the same depth limit (issue 16 kind 1).
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
            // keyword's declaration (issue 16 kind 7).
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

    // ---- which effects a hook reaches -------------------------------------------------

    pub(crate) fn level_ok(&self, card: InstanceId, levels: &[u8]) -> bool {
        let card = self.unit_of(card); // a braved brave is at its host's level
        levels.is_empty()
            || !self.on_field(card)
            || self.level(card).is_some_and(|l| levels.contains(&l))
    }

    /// BS-9.2 / BS-5.1.1: whether effect `i` of `card` works in the brave's present form:
    /// a braved brave's `braved` effects only while braved, its other effects only while
    /// not; "when summoned" both ways. Always true for other kinds.
    fn brave_form_ok(
        &self,
        card: InstanceId,
        i: usize,
        braved: bool,
        triggers: &[Trigger],
    ) -> bool {
        let d = self.def_of(card);
        d.kind != carddb::CardKind::Brave
            || d.effects.get(i).is_none_or(|e| e.braved == braved)
            || triggers.contains(&Trigger::WhenSummoned)
    }

    /// The effects of `card` with a trigger matching `pred`, at a level they work at, in
    /// the form they work in (BS-9.2).
    /// Then the effects of the keywords it has on the field (issue 12).
    fn matching(&self, card: InstanceId, pred: &dyn Fn(Trigger) -> bool) -> Vec<u32> {
        let mut out: Vec<u32> = match self.effects_of_instance(card) {
            Some(effs) => {
                let braved = self.is_braved_brave(card);
                effs.iter()
                    .enumerate()
                    .filter(|(i, e)| {
                        e.triggers.iter().any(|t| pred(*t))
                            && self.zone_ok(card, e.zone) // hand/trash effects: `zones`
                            && self.level_ok(card, &e.levels)
                            && self.brave_form_ok(card, *i, braved, &e.triggers)
                    })
                    .map(|(i, _)| i as u32)
                    .collect()
            }
            None => Vec::new(),
        };
        if !self.host.keywords.list.is_empty() && self.on_field(card) {
            out.extend(self.keyword_effects(card, EffectZone::Field, pred));
        }
        out
    }

    /// The effects of `card` matching `pred` (its controller is its owner), then (BS-9.2)
    /// the braved effects of the braves on it, as effects of the braved card.
    fn reach_card(
        &self,
        out: &mut Vec<Reached>,
        card: InstanceId,
        pred: &dyn Fn(Trigger) -> bool,
        ev: &[InstanceId],
    ) {
        let controller = self.owner(card);
        for effect in self.matching(card, pred) {
            out.push(Reached::Effect {
                card,
                effect,
                controller,
                ev: ev.to_vec(),
                field: false,
            });
        }
        for card in self.braves_on(card) {
            for effect in self.matching(card, pred) {
                out.push(Reached::Effect {
                    card,
                    effect,
                    controller,
                    ev: ev.to_vec(),
                    field: false,
                });
            }
        }
    }

    /// Field cards of both players, turn player's first, in field order, with
    /// `pred(trigger, controller)`; each must still be on the field when its turn comes.
    pub(super) fn reach_field(
        &self,
        out: &mut Vec<Reached>,
        pred: &dyn Fn(Trigger, PlayerId) -> bool,
        ev: &[InstanceId],
    ) {
        let a = self.st.active;
        for p in [a, a.other()] {
            for c in self.field(p) {
                // A braved brave's effects are reached through its host (BS-9.2).
                if self.is_braved_brave(c) {
                    continue;
                }
                for card in std::iter::once(c).chain(self.braves_on(c)) {
                    for effect in self.matching(card, &|t| pred(t, p)) {
                        out.push(Reached::Effect {
                            card,
                            effect,
                            controller: p,
                            ev: ev.to_vec(),
                            field: true,
                        });
                    }
                }
            }
        }
    }

    /// The burst set by `p`, if its [Burst] effects match `pred` (BS-10.3).
    fn reach_burst(
        &self,
        out: &mut Vec<Reached>,
        p: PlayerId,
        pred: &dyn Fn(Trigger) -> bool,
        ev: &[InstanceId],
    ) {
        for c in self.pile(Zone::Burst(p)).to_vec() {
            let effects = self.matching(c, &|t| t.is_burst() && pred(t));
            if !effects.is_empty() {
                out.push(Reached::Burst {
                    card: c,
                    effects,
                    ev: ev.to_vec(),
                });
            }
        }
    }

    /// Sub-triggers (`when(…)` closures) matching `pred`.
    pub(super) fn reach_subs(
        &self,
        out: &mut Vec<Reached>,
        pred: impl Fn(&Game, &SubTrigger) -> bool,
        card: Option<InstanceId>,
    ) {
        let standing = self.constant_mods();
        for s in self.st.scripts.subs.iter().chain(&standing.watchers) {
            if pred(self, s) {
                out.push(Reached::Sub {
                    sub: s.clone(),
                    ev: card.into_iter().collect(),
                });
            }
        }
    }

    /// The effects a "when destroyed" hook of `card` reaches (BS-6.6): its own, the owner's
    /// field and burst when the opponent destroyed it, the sub-triggers watching for it
    /// and, in a destruction by BP comparison, those watching for the card that destroyed
    /// it (even when that card is destroyed at the same time).
    fn reach_destroyed(&self, due: &mut Vec<Reached>, card: InstanceId, by_opponent: bool) {
        use Trigger as T;
        // BS-6.6: resolves while the card is still on the field.
        self.reach_card(
            due,
            card,
            &|t| t == T::WhenDestroyed || (by_opponent && t == T::WhenDestroyedByOpponent),
            &[card],
        );
        let owner = self.owner(card);
        if by_opponent && self.is_spirit_like(card) {
            self.reach_field(
                due,
                &|t, p| p == owner && t == T::WhenOpponentDestroysYourSpirit,
                &[card],
            );
            self.reach_burst(
                due,
                owner,
                &|t| t == T::BurstOpponentDestroysYourSpirit,
                &[card],
            );
        }
        // "Destroyed in battle": by BP comparison (BS-6.6), not by an effect used
        // while a battle is on (rulings-cards.json #193) — nor by an effect that the
        // comparison's destruction triggered (ruling C#96): only the battle's own cards.
        let in_battle = self.st.scripts.battle_destruction
            && self
                .battle_cards()
                .is_some_and(|(a, b)| card == a || b == Some(card));
        self.reach_subs(
            due,
            |g, s| match &s.event {
                SubEvent::Destroyed {
                    subject,
                    by_opponent: bo,
                    in_battle: ib,
                } => (!bo || by_opponent) && (!ib || in_battle) && g.in_query(subject, card),
                _ => false,
            },
            Some(card),
        );
        if !in_battle && let Some(source) = self.st.scripts.destroying_source {
            self.reach_subs(
                due,
                |g, s| {
                    matches!(&s.event, SubEvent::DestroysByEffect { subject, victims }
                        if g.in_query(subject, source) && g.in_query(victims, card))
                },
                Some(card),
            );
        }
        if in_battle
            && let Some((a, b)) = self.battle_cards()
            && let Some(destroyer) = if card == a { b } else { Some(a) }
        {
            self.reach_subs(
                due,
                |g, s| {
                    matches!(&s.event, SubEvent::DestroysInBattle { subject, victims }
                        if g.in_query(subject, destroyer) && g.in_query(victims, card))
                },
                Some(card),
            );
        }
    }

    /// Hooks that happen at the same time (BS-8.4): each is logged, the effects they reach
    /// resolve as one set; an effect reached through several of them is due once, with
    /// all their cards (a condition met several times at once works once:
    /// rulings-cards.json #68, #76, #126).
    pub(crate) fn dispatch_together(&mut self, hooks: &[Hook]) {
        for h in hooks {
            self.emit(Event::Hook(*h));
        }
        if !self.host.has_effects() && self.st.scripts.subs.is_empty() {
            return;
        }
        let mut due: Vec<Reached> = Vec::new();
        for h in hooks {
            let mut one = Vec::new();
            match *h {
                Hook::WhenDestroyed { card, by_opponent } => {
                    self.reach_destroyed(&mut one, card, by_opponent)
                }
                other => unreachable!("{other:?} is not dispatched together"),
            }
            for r in one {
                match due.iter_mut().find(|d| d.same_effect(&r)) {
                    Some(d) => d.add_event_cards(r.event_cards()),
                    None => due.push(r),
                }
            }
        }
        self.resolve_simultaneous(due);
    }

    /// BS-8.4: resolves effects that became due at the same time. With more than one, the
    /// turn player chooses which resolves next (a decision; the rest wait); effects that
    /// one of them triggers resolve inside it (`Game::fire` is re-entrant), before the
    /// rest of the chosen order. Constant effects (group A) need no resolving: they apply
    /// whenever a value is read.
    pub(super) fn resolve_simultaneous(&mut self, mut due: Vec<Reached>) {
        while !due.is_empty() {
            if self.halted() || self.ended_now() {
                return;
            }
            let i = if due.len() == 1 {
                0
            } else {
                let options = due
                    .iter()
                    .enumerate()
                    .map(|(k, r)| Labelled {
                        choice: Choice::OneOf { index: k as u32 },
                        label: self.reached_label(r),
                    })
                    .collect();
                let q = Question {
                    player: self.st.active,
                    prompt: "Several effects happen at once: choose the one that resolves next"
                        .into(),
                    options,
                };
                match self.ask(q) {
                    Some(Choice::OneOf { index }) => {
                        let (card, effect) = due[index as usize].card_effect();
                        self.emit(Event::OrderChosen { card, effect });
                        index as usize
                    }
                    _ => return,
                }
            };
            match due.remove(i) {
                Reached::Effect {
                    card,
                    effect,
                    controller,
                    ev,
                    field,
                } => {
                    if (!field || self.on_field(card)) && self.still_works_there(card, effect) {
                        self.run_effect(card, effect, controller, ev);
                    }
                }
                Reached::Burst { card, effects, ev } => {
                    self.activate_burst(card, &effects, &ev);
                }
                Reached::Sub { sub, ev } => self.run_closure(&sub, ev),
            }
        }
    }

    fn reached_label(&self, r: &Reached) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        let (card, effect) = r.card_effect();
        let text = self
            .def_of(card)
            .effects
            .get(effect as usize)
            .and_then(|e| e.text.get("en"))
            .map(|t| format!(": {t}"))
            .unwrap_or_default();
        match r {
            Reached::Burst { .. } => format!("Burst of {} {card}", self.name(card)),
            Reached::Sub { .. } => format!("Delayed effect of {} {card}", self.name(card)),
            Reached::Effect { .. } => format!("{} {card}{text}", self.name(card)),
        }
    }

    /// Resolves the effects a hook reaches (called by `Game::fire` after logging it).
    pub(crate) fn dispatch(&mut self, h: Hook) {
        if !self.host.has_effects() && self.st.scripts.subs.is_empty() {
            return;
        }
        use Trigger as T;
        let mut due = Vec::new();
        match h {
            Hook::WhenSummoned { card } => {
                let nexus = self.def_of(card).kind == carddb::CardKind::Nexus;
                if !nexus {
                    self.watch(WatchKind::Summons, Some(card), self.owner(card), 1);
                }
                // BS-5.1 / BS-5.1.1 (a brave summoned onto a host too: a brave effect), BS-5.4.
                let pred = |t| t == T::WhenSummoned || (nexus && t == T::WhenDeployed);
                let resolved = !self.matching(card, &pred).is_empty();
                self.reach_card(&mut due, card, &pred, &[card]);
                let opp = self.owner(card).other();
                self.reach_burst(&mut due, opp, &|t| t == T::BurstOpponentSummons, &[card]);
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Summoned { subject } if g.in_query(subject, card)),
                    Some(card),
                );
                self.resolve_simultaneous(due);
                if resolved && !nexus {
                    // After the opponent's "when summoned" effect resolved.
                    let mut after = Vec::new();
                    self.reach_field(
                        &mut after,
                        &|t, p| p == opp && t == T::WhenOpponentResolvesWhenSummoned,
                        &[card],
                    );
                    self.reach_burst(
                        &mut after,
                        opp,
                        &|t| t == T::BurstOpponentWhenSummonedResolved,
                        &[card],
                    );
                    self.resolve_simultaneous(after);
                }
                return;
            }
            Hook::WhenAttacks { card } => {
                self.reach_card(&mut due, card, &|t| t == T::WhenAttacks, &[card]);
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Attacks { subject } if g.in_query(subject, card)),
                    Some(card),
                );
            }
            Hook::WhenBlocks { card } => {
                self.reach_card(&mut due, card, &|t| t == T::WhenBlocks, &[card]);
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Blocks { subject } if g.in_query(subject, card)),
                    Some(card),
                );
            }
            Hook::WhenDestroyed { card, by_opponent } => {
                self.reach_destroyed(&mut due, card, by_opponent);
            }
            // BS-5.3: depletion fires only "when depleted", never "when destroyed".
            Hook::WhenDepleted { card } => {
                self.reach_card(&mut due, card, &|t| t == T::WhenDepleted, &[card])
            }
            // BS-4.2 / BS-13.4.
            Hook::WhenRefreshed { card } => {
                self.reach_card(&mut due, card, &|t| t == T::WhenRefreshed, &[card])
            }
            Hook::AfterLifeReduced { player } => {
                self.reach_field(
                    &mut due,
                    &|t, p| p == player && t == T::WhenYouLoseLife,
                    &[],
                );
                self.reach_burst(&mut due, player, &|t| t == T::BurstLifeReduced, &[]);
                self.reach_subs(
                    &mut due,
                    |_, s| {
                        matches!(s.event, SubEvent::LifeReduced { opponent } if (s.controller != player) == opponent)
                    },
                    None,
                );
            }
            Hook::StepStart { player, step } => {
                self.st.scripts.step = Some(step);
                self.invalidate_constants(); // no event of its own (`derived`)
                self.reach_field(
                    &mut due,
                    &|t, p| matches!(t, T::StartOfStep(w, s) if s == step && whose_ok(w, p, player)),
                    &[],
                );
            }
            Hook::StepEnd { player, step } => {
                self.reach_field(
                    &mut due,
                    &|t, p| matches!(t, T::EndOfStep(w, s) if s == step && whose_ok(w, p, player)),
                    &[],
                );
                self.resolve_simultaneous(std::mem::take(&mut due));
                if step == StepName::End {
                    // BS-7.1: "at the end of this turn".
                    self.reach_field(
                        &mut due,
                        &|t, p| matches!(t, T::EndOfTurn(w) if whose_ok(w, p, player)),
                        &[],
                    );
                    self.reach_subs(
                        &mut due,
                        |_, s| matches!(s.event, SubEvent::EndOfTurn),
                        None,
                    );
                    self.resolve_simultaneous(std::mem::take(&mut due));
                }
                self.st.scripts.step = None;
                self.invalidate_constants();
            }
            Hook::BattleEnds { attacker, blocker } => {
                self.reach_card(&mut due, attacker, &|t| t == T::WhenBattleEnds, &[attacker]);
                if let Some(b) = blocker {
                    self.reach_card(&mut due, b, &|t| t == T::WhenBattleEnds, &[b]);
                }
                self.reach_subs(
                    &mut due,
                    |_, s| matches!(s.event, SubEvent::BattleEnds),
                    Some(attacker),
                );
                let fought: Vec<InstanceId> = std::iter::once(attacker).chain(blocker).collect();
                self.reach_battle_ended(&mut due, &fought);
            }
            Hook::WhenUsed { card } => {
                self.watch(WatchKind::UsesMagic, Some(card), self.owner(card), 1)
            }
            // Issue 12: a pack event reaches the effects whose label names it, by whose
            // card it is about: this card, or any field card of the side `which` names.
            Hook::PackEvent { name, card } => {
                use super::hooks::Which;
                let owner = self.owner(card);
                self.reach_card(
                    &mut due,
                    card,
                    &|t| t == T::OnEvent(name, Which::This),
                    &[card],
                );
                self.reach_field(
                    &mut due,
                    &|t, p| match t {
                        T::OnEvent(n, w) if n == name => match w {
                            Which::This => false,
                            Which::Yours => p == owner,
                            Which::Opponents => p != owner,
                            Which::Any => true,
                        },
                        _ => false,
                    },
                    &[card],
                );
            }
        }
        self.resolve_simultaneous(due);
    }

    fn in_query(&self, q: &super::query::Query, card: InstanceId) -> bool {
        q.eval(self).contains(&card)
    }

    /// BS-7.1 (and BS-8.3): at the end of the turn, "this turn" modifiers, once-per-turn
    /// marks and sub-triggers end.
    /// A spirit a "this turn" bonus kept above 0 BP is then destroyed (BS-5.3.1), still in
    /// this turn.
    pub(crate) fn end_turn_effects(&mut self) {
        let s = &mut self.st.scripts;
        s.modifiers.retain(|m| m.until == Until::While);
        s.once.clear();
        s.subs.clear();
        s.activated.clear();
        s.end_battle = false;
        s.end_attack_step = false;
        self.invalidate_constants(); // no event of its own (`derived`)
        self.check_zero_bp();
        self.st.scripts.destroyed_this_turn.clear();
        self.invalidate_constants();
    }

    /// BS-6.7: "this battle" modifiers and watchers end; a spirit a battle bonus kept above
    /// 0 BP is then destroyed (BS-5.3.1).
    pub(crate) fn end_battle_effects(&mut self) {
        let s = &mut self.st.scripts;
        s.modifiers.retain(|m| m.until != Until::Battle);
        s.subs.retain(|w| w.until != Until::Battle);
        self.invalidate_constants(); // no event of its own (`derived`)
        self.check_zero_bp();
    }

    /// A card leaving the field loses its modifiers.
    pub(crate) fn forget_card(&mut self, c: InstanceId) {
        self.st.scripts.modifiers.retain(|m| m.card != c);
        self.invalidate_constants(); // no event of its own (`derived`)
    }

    // ---- constant effects (BS-8.1), evaluated when read --------------------------------

    /// Forgets what is derived from the state (constants, field symbols, costs): after an
    /// event that is not a notice, or a change without an event of its own (`derived`).
    pub(crate) fn invalidate_constants(&self) {
        *self.rt.const_cache.borrow_mut() = None;
        self.rt.const_cache_summoning.borrow_mut().clear();
        *self.rt.symbols_cache.borrow_mut() = [None, None];
        self.rt.quote_cache.borrow_mut().clear();
    }

    /// What every constant effect that applies now gives (cached until the next event that
    /// is not a notice, or a change of `check_derived`'s key):
    /// modifiers and standing watchers. An effect that cannot be evaluated is noted in
    /// `failed` and reported once (`report_constants`).
    pub(crate) fn constant_mods(&self) -> ConstMods {
        if !self.host.has_constant || self.rt.computing_const.get() {
            return Rc::new(Constants::default());
        }
        let summoning = self.rt.summoning.get();
        match summoning {
            None => {
                if let Some(c) = self.rt.const_cache.borrow().as_ref() {
                    self.check_derived();
                    return c.clone();
                }
            }
            Some(s) => {
                let cache = self.rt.const_cache_summoning.borrow();
                if let Some((_, c)) = cache.iter().find(|(x, _)| *x == s) {
                    self.check_derived();
                    return c.clone();
                }
            }
        }
        self.note_derived();
        if let Some(s) = summoning
            && let Some(c) = self.constants_while_summoning(s)
        {
            self.rt
                .const_cache_summoning
                .borrow_mut()
                .push((s, c.clone()));
            return c;
        }
        self.rt.computing_const.set(true);
        let mut out = Constants::default();
        let a = self.st.active;
        let battle = self.battle_cards();
        let mut held = Vec::new();
        for p in [a, a.other()] {
            for c in self.field(p) {
                held.push((p, c));
                let Some(effs) = self.constants_of_instance(c) else {
                    continue;
                };
                // BS-9.2: a braved brave's effects are its host's.
                let braved = self.is_braved_brave(c);
                for (i, e) in effs.iter().enumerate() {
                    let constant = e.triggers.iter().any(|t| t.is_constant());
                    if constant && self.brave_form_ok(c, i, braved, &e.triggers) {
                        let before = (out.mods.len(), out.watchers.len(), out.failed.len());
                        self.apply_constant(p, c, i as u32, e, &battle, &mut out);
                        if e.reads_summoning {
                            let clean =
                                (out.watchers.len(), out.failed.len()) == (before.1, before.2);
                            let span = (p, c, i as u32, before.0, out.mods.len(), clean);
                            out.summoning_spans.push(span);
                        }
                    }
                }
            }
        }
        // Keywords' constant effects (issue 12), for the keywords printed or gained now,
        // including those the constants above give.
        if self.host.keywords.any_constant {
            let mods = out.mods.clone();
            // BS-8.1: a keyword gained from a constant has its values (a protection's colours)
            // added to the printed one's while its own effect is evaluated.
            *self.rt.const_gained.borrow_mut() = mods.clone();
            for (p, c) in held {
                for h in self.held_keywords(c, &mods) {
                    let kw = &self.host.keywords.list[h.index];
                    for (j, e) in kw.effects.iter().enumerate() {
                        if kw.zones[j] == EffectZone::Field {
                            let n = super::keywords::effect_number(h.index, j);
                            self.apply_constant(p, c, n, e, &battle, &mut out);
                        }
                    }
                }
            }
        }
        self.rt.const_gained.borrow_mut().clear();
        self.rt.computing_const.set(false);
        let out = out.sealed();
        match summoning {
            None => *self.rt.const_cache.borrow_mut() = Some(out.clone()),
            Some(s) => self
                .rt
                .const_cache_summoning
                .borrow_mut()
                .push((s, out.clone())),
        }
        out
    }

    /// Evaluates constant effect `i` of `c` (controlled by `p`) into `out` if it applies
    /// now: its timing (BS-8.1), its levels, or [While OC] (BS-13.3).
    pub(super) fn apply_constant(
        &self,
        p: PlayerId,
        c: InstanceId,
        i: u32,
        e: &super::host::CompiledEffect,
        battle: &Option<(InstanceId, Option<InstanceId>)>,
        out: &mut Constants,
    ) {
        let a = self.st.active;
        let unit = self.unit_of(c);
        let applies = e.triggers.iter().any(|t| match *t {
            Trigger::Constant => true,
            Trigger::WhileAttacking => battle.is_some_and(|(x, _)| x == unit),
            Trigger::WhileBlocking => battle.is_some_and(|(_, b)| b == Some(unit)),
            Trigger::DuringStep(w, s) => self.st.scripts.step == Some(s) && whose_ok(w, p, a),
            Trigger::DuringTurn(w) => whose_ok(w, p, a),
            _ => false,
        });
        // BS-13.3: [While OC] effects work while in OC, whatever the level.
        let oc = e.triggers.contains(&Trigger::WhileOverCount) && self.in_over_count(c);
        if !oc && (!applies || !self.level_ok(c, &e.levels)) {
            return;
        }
        let ast = match (&e.script, &e.inert) {
            (Ok(_), Some(reason)) | (Err(reason), _) => {
                // The run's outcome is known: `inert(reason)` (reported once).
                out.failed.push((c, i, None, reason.clone(), true));
                return;
            }
            (Ok(ast), None) => ast,
        };
        let mut rc = RunCtx::new(c, i, p);
        rc.this = unit;
        let rc = Rc::new(rc);
        let r = {
            let _g = ctx::enter_ref(self, rc.clone());
            super::warm::run_warm(&self.host.engine, ast, &e.calls)
        };
        self.note_constant(c, i, &r, rc.collected.borrow().len());
        if let Err(e) = r {
            match constant_error(&e) {
                // `inert(…)` / an unsupported call: nothing applies (reported).
                Some(reason) => out.failed.push((c, i, None, reason, true)),
                None => {
                    let line = e.position().line().map(|l| l as u32);
                    out.failed.push((c, i, line, e.to_string(), false));
                }
            }
            return;
        }
        out.mods.extend(rc.collected.borrow_mut().drain(..));
        out.watchers.extend(rc.watchers.borrow_mut().drain(..));
    }

    /// Logs, once per game each, the constant effects that could not apply: `EffectInert`
    /// (not understood, unsupported) or `EffectFailed` (a script error; panics in
    /// strict-scripts mode). Called where the game may change (`Game::fire`, each step).
    pub(crate) fn report_constants(&mut self) {
        if !self.host.has_constant {
            return;
        }
        let consts = self.constant_mods();
        for (card, effect, line, reason, inert) in &consts.failed {
            if !self.st.scripts.constant_reported.insert((*card, *effect)) {
                continue;
            }
            if *inert {
                self.emit(Event::EffectInert {
                    card: *card,
                    effect: *effect,
                    reason: reason.clone(),
                });
            } else {
                self.effect_failed(*card, *effect, *line, reason.clone());
            }
        }
    }

    /// Every modifier on `c` now: stored ones and constant ones (read in place, issue 15).
    pub(crate) fn mods_of(&self, c: InstanceId) -> ModsOf<'_> {
        ModsOf {
            card: c,
            stored: &self.st.scripts.modifiers,
            constant: self.host.has_constant.then(|| self.constant_mods()),
        }
    }

    /// BP change from modifiers.
    pub(crate) fn bp_delta(&self, c: InstanceId) -> i64 {
        self.mods_of(c)
            .iter()
            .map(|m| if let ModKind::Bp(n) = m { *n } else { 0 })
            .sum()
    }

    /// Whether a modifier forbids `c` to attack (or block).
    pub(crate) fn forbidden(&self, c: InstanceId, kind: &ModKind) -> bool {
        self.mods_of(c).contains(kind)
    }

    // ---- activated effects: magic (BS-5.5) and field [Main]/[Flash] effects -----------

    /// BS-5.5: a magic's effects usable now (Main in the main step, Flash in both).
    pub(crate) fn magic_effects(&self, card: InstanceId, flash_timing: bool) -> Vec<u32> {
        self.matching(card, &|t| {
            t == Trigger::Flash || (!flash_timing && t == Trigger::Main)
        })
    }

    /// BS-5.5: resolve a magic: choose its Main or Flash effect if both can be used (a
    /// decision), run it. Returns false if the step stopped for a question.
    pub(crate) fn resolve_magic(
        &mut self,
        card: InstanceId,
        player: PlayerId,
        flash: bool,
    ) -> bool {
        let effs = self.magic_effects(card, flash);
        let chosen = match effs.len() {
            0 => return true,
            1 => effs[0],
            _ => {
                let d = self.def_of(card);
                let options = effs
                    .iter()
                    .enumerate()
                    .map(|(k, i)| {
                        let e = &d.effects[*i as usize];
                        let step = if e.steps.contains(&carddb::Step::Main) {
                            "Main"
                        } else {
                            "Flash"
                        };
                        Labelled {
                            choice: Choice::OneOf { index: k as u32 },
                            label: self.lbl(|| {
                                format!(
                                    "[{step}] {}",
                                    e.text.get("en").cloned().unwrap_or_default()
                                )
                            }),
                        }
                    })
                    .collect();
                let q = Question {
                    player,
                    prompt: format!("{}: use its Main or its Flash effect?", d.name),
                    options,
                };
                match self.ask(q) {
                    Some(Choice::OneOf { index }) => effs[index as usize],
                    _ => return false,
                }
            }
        };
        self.run_effect(card, chosen, player, vec![card]);
        !self.halted()
    }

    /// Field [Main]/[Flash] effects `p` may use now (each once per turn).
    pub(crate) fn field_effect_options(
        &self,
        p: PlayerId,
        flash_timing: bool,
    ) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        if !self.host.has_effects() {
            return v;
        }
        for c in self.field(p) {
            let want: &dyn Fn(Trigger) -> bool = if flash_timing {
                &|t| t == Trigger::Flash
            } else {
                &|t| t == Trigger::Flash || t == Trigger::Main
            };
            for i in self.matching(c, want) {
                if !self.st.scripts.activated.contains(&(c, i)) && self.usable_now(c, i, p) {
                    v.push(Labelled {
                        choice: Choice::UseEffect { card: c, effect: i },
                        label: self.lbl(|| format!("Use the effect of {} {c}", self.name(c))),
                    });
                }
            }
        }
        v.extend(self.zone_effect_options(p, flash_timing)); // hand/trash effects
        v
    }

    /// Uses a field card's [Main]/[Flash] effect (BS-6.2: it resolves completely).
    pub(crate) fn use_field_effect(&mut self, card: InstanceId, effect: u32) {
        self.st.scripts.activated.insert((card, effect));
        let p = self.owner(card);
        self.run_effect(card, effect, p, vec![card]);
        if let Phase::Flash { window, to_act, .. } = self.st.phase {
            self.st.phase = Phase::Flash {
                window,
                to_act: to_act.other(),
                passes: 0,
            };
        }
    }
}
