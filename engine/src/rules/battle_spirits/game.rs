//! The game state, the decision loop (`next` / `answer`) and the small state-changing
//! helpers every rule goes through (each emits exactly one event).

use std::collections::BTreeSet;

use carddb::{CardDef, CardId};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::config::RulesConfig;
use super::decision::{AnswerError, Choice, DecisionKind, DecisionRequest, GameResult, Step};
use super::deck::DeckError;
use super::events::Event;
use super::types::{CORE, CoreLoc, FlashWindow, Hook, LossReason, PlayKind, SOUL_CORE, Zone};
use crate::core::{
    CardInstance, GameRng, InstanceId, Labelled, Orientation, PlayerId, Request, TokenId,
    TokenLedger, TokenTable, TriggerQueue, Zones,
};
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::script::WatchKind;

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// A rules option out of range ([`RulesConfig::check`]).
    #[error("{0}")]
    Config(String),
}

/// A card being paid for (BS-5.2 step 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Payment {
    pub player: PlayerId,
    pub card: InstanceId,
    pub kind: PlayKind,
    pub cost: u32,
    pub reduction: u32,
    pub remaining: u32,
    pub from: Vec<super::types::CoreSource>,
    /// Where play continues once the card has resolved.
    pub then: AfterPlay,
    /// BS-5.1.1: a brave summoned directly onto this host (no core placement).
    #[serde(default)]
    pub onto: Option<InstanceId>,
}

/// Where play continues after a card is played: the main step, or the flash timing it
/// was used in (priority passes to the other player, BS-6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum AfterPlay {
    Main,
    Flash { window: FlashWindow, user: PlayerId },
}

/// Cores being placed on a new card (BS-5.2 step 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Placement {
    pub pay: Payment,
    pub placed: u32,
    pub min: u32,
}

/// The battle in progress (BS-6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Battle {
    pub attacker: InstanceId,
    pub blocker: Option<InstanceId>,
    /// BS-6.3.1: once a block is declared the attack takes no life, whatever happens to
    /// the blocker.
    pub blocked: bool,
}

/// Where the game is: a decision point or an automatic procedure still to run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Phase {
    Mulligan(PlayerId),
    TurnStart,
    Main,
    Pay(Payment),
    Place(Placement),
    CoreMove,
    AttackStart,
    AttackDeclare,
    /// BS-6.1: paying an attack tax ("cannot attack unless they pay N cores") core by core
    /// before the attack is declared.
    AttackTax {
        attacker: InstanceId,
        remaining: u32,
    },
    Flash {
        window: FlashWindow,
        to_act: PlayerId,
        passes: u8,
    },
    Block,
    BattleResolve,
    EndStep,
    Over(GameResult),
}

/// Everything a save holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct State {
    pub config: RulesConfig,
    pub seed: u64,
    /// The decks as given (two); shared by copies of the game (issue 15).
    #[serde(deserialize_with = "two_decks")]
    pub decks: crate::core::SharedVec<Vec<CardId>>,
    pub catalogue_hash: String,
    pub rng: GameRng,
    pub cards: Vec<CardInstance>,
    pub zones: Zones<Zone>,
    pub cores: TokenTable<CoreLoc>,
    pub ledger: TokenLedger<CoreLoc>,
    pub turn: u32,
    pub active: PlayerId,
    pub first: PlayerId,
    pub phase: Phase,
    pub battle: Option<Battle>,
    pub mulligans_used: [u32; 2],
    pub unsupported_reported: BTreeSet<CardId>,
    pub triggers: TriggerQueue<Hook>,
    pub losses: Vec<(PlayerId, LossReason)>,
    /// Shared by copies of the game until one writes (issue 15).
    pub log: crate::core::SharedVec<Event>,
    /// Shared by copies like the log.
    pub answers: crate::core::SharedVec<Choice>,
    /// Per player: how many of `answers` they gave (a random player resumes its draws
    /// from here, issue 16 kind 6).
    #[serde(default)]
    pub answered: [u64; 2],
    /// Per player: the turn a burst was last set (BS-5.8: once per turn; 0 = never).
    #[serde(default)]
    pub burst_set_turn: [u32; 2],
    /// Effects' state: modifiers, once-per-turn, sub-triggers, a pending effect question.
    #[serde(default)]
    pub scripts: crate::rules::battle_spirits::script::ScriptState,
    /// BS-9: which brave is braved onto which host.
    #[serde(default)]
    pub braves: Vec<super::brave::BraveLink>,
    /// Braves unbraved or swapped, with the turn (the loop guard of `brave.rs`).
    #[serde(default)]
    pub brave_moves: Vec<(InstanceId, u32, super::brave::BraveMove)>,
}

/// A save's decks: exactly two, as `[Vec<CardId>; 2]` reads them.
fn two_decks<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<crate::core::SharedVec<Vec<CardId>>, D::Error> {
    let decks = <[Vec<CardId>; 2] as serde::Deserialize>::deserialize(d)?;
    Ok(decks.to_vec().into())
}

/// A game of Battle Spirits: a deterministic state machine driven by decisions.
///
/// Loop: `next()` → `Step::Decision(request)` → `answer(choice)` … → `Step::Over(result)`.
/// Every state change is an [`Event`] in [`Game::log`].
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) lib: CardLibrary,
    /// The library's compiled scripts on this thread (`CardLibrary::scripts`).
    pub(crate) host: std::rc::Rc<crate::rules::battle_spirits::script::ScriptHost>,
    pub(crate) st: State,
    pub(crate) strict: bool,
    /// The request last built for the current decision (a cache; not saved). Every
    /// state change goes through `emit` or a phase change in `answer`, which clear it.
    pub(crate) cached: Option<DecisionRequest>,
    /// Effects' unsaved runtime (answers being replayed, the constant-effect cache).
    pub(crate) rt: crate::rules::battle_spirits::script::run::Runtime,
    /// Each instance's definition index in the library (issue 15: `def_of` without a
    /// string lookup). Not saved: rebuilt on load; set again whenever an instance is made,
    /// so an entry left by a rolled-back step is overwritten before it is read.
    pub(crate) def_index: Vec<u32>,
}

impl Game {
    #[allow(clippy::should_implement_trait)]
    /// The next step: runs automatic procedures until a decision is needed or the game
    /// is over. Calling it again without answering returns the same request.
    pub fn next(&mut self) -> Step {
        self.advance();
        if let Phase::Over(r) = &self.st.phase {
            return Step::Over(r.clone());
        }
        Step::Decision(self.cached_request())
    }

    /// Answers the current decision. An illegal answer returns an error and changes
    /// nothing. Errors: [`AnswerError::GameOver`], [`AnswerError::NotAnOption`],
    /// [`AnswerError::Cores`] (a one-answer payment or placement that cannot be made, BS-5.2).
    pub fn answer(&mut self, choice: Choice) -> Result<(), AnswerError> {
        self.advance();
        if matches!(self.st.phase, Phase::Over(_)) {
            return Err(AnswerError::GameOver);
        }
        let req = self.cached_request();
        self.legal(&req, &choice)?;
        self.cached = None;
        self.st.answers.push(choice.clone());
        self.st.answered[req.player.index()] += 1;
        // An answer to an effect question re-runs the interrupted step with the answers
        // given so far plus this one (README "Effects and decisions").
        match self.st.scripts.pending.take() {
            Some(p) => {
                let mut answers = p.answers;
                answers.push(choice);
                self.transaction(p.base, answers);
            }
            None => self.transaction(Some(choice), Vec::new()),
        }
        let cap = self.st.config.max_decisions;
        if cap > 0 && self.st.answers.len() >= cap as usize && self.st.scripts.pending.is_none() {
            self.end_as_draw(format!(
                "draw: no result after {cap} decisions (rules option max_decisions)"
            ));
        }
        Ok(())
    }

    /// Whether `choice` would be accepted now, changing nothing (the errors of
    /// [`Game::answer`]). Call after [`Game::next`].
    pub fn check_answer(&self, choice: &Choice) -> Result<(), AnswerError> {
        match self.request() {
            Some(req) => self.legal(&req, choice),
            None => Err(AnswerError::GameOver),
        }
    }

    fn legal(&self, req: &DecisionRequest, choice: &Choice) -> Result<(), AnswerError> {
        if req.is_legal(choice) {
            return Ok(());
        }
        // BS-5.2: a whole payment or placement need not be one of the listed ones.
        match self.check_whole(choice) {
            Some(Ok(())) => Ok(()),
            Some(Err(reason)) => Err(AnswerError::Cores { reason }),
            None => Err(AnswerError::NotAnOption {
                kind: req.kind,
                choice: choice.clone(),
            }),
        }
    }

    /// The current request, built once per decision.
    fn cached_request(&mut self) -> DecisionRequest {
        if self.cached.is_none() {
            self.cached = Some(self.request().expect("a decision phase has a request"));
        }
        self.cached.clone().expect("just built")
    }

    /// The decision the game waits for, without advancing (`None` when the game is over
    /// or `next()` has automatic procedures to run first).
    pub fn current_request(&self) -> Option<DecisionRequest> {
        self.request()
    }

    /// Every event so far, oldest first.
    pub fn log(&self) -> &[Event] {
        &self.st.log
    }

    /// Hex SHA-256 of the log's JSON lines: equal hashes mean byte-identical logs.
    pub fn log_hash(&self) -> String {
        crate::core::log_hash(&self.st.log)
    }

    /// Every answer given so far (what a replay holds).
    pub fn answers(&self) -> &[Choice] {
        &self.st.answers
    }

    /// How many answers each player has given (P1, P2).
    pub fn answered(&self) -> [u64; 2] {
        self.st.answered
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        match &self.st.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    /// The rules in force.
    pub fn config(&self) -> &RulesConfig {
        &self.st.config
    }

    /// The seed the game was created with.
    pub fn seed(&self) -> u64 {
        self.st.seed
    }

    /// The decks as given to [`Game::new`].
    pub fn decks(&self) -> &[Vec<CardId>; 2] {
        self.st.decks[..].try_into().expect("two decks")
    }

    /// The card library.
    pub fn library(&self) -> &CardLibrary {
        &self.lib
    }

    /// The turn number (1 = the first player's first turn; 0 before the first turn).
    pub fn turn(&self) -> u32 {
        self.st.turn
    }

    /// The turn player.
    pub fn active(&self) -> PlayerId {
        self.st.active
    }

    /// Strict mode: check every invariant (BS-0.5) after every event and panic on the
    /// first violation. For tests and fuzzing; off by default, not saved.
    pub fn set_strict(&mut self, on: bool) {
        self.strict = on;
    }

    // ---- queries -------------------------------------------------------------------

    /// The definition of a card instance.
    pub fn def_of(&self, card: InstanceId) -> &CardDef {
        match self.def_index.get(card.index()) {
            Some(&i) => self.lib.at(i),
            None => self.lib.def(&self.st.cards[card.index()].card),
        }
    }

    /// The compiled effects of instance `card`'s definition (`None`: it has no script),
    /// found by index (issue 15).
    pub(crate) fn effects_of_instance(
        &self,
        card: InstanceId,
    ) -> Option<&[crate::rules::battle_spirits::script::CompiledEffect]> {
        match self.def_index.get(card.index()) {
            Some(&i) => self.host.effects_at(i),
            None => self.host.effects_of(self.card_id(card)),
        }
    }

    /// [`Game::effects_of_instance`], for a card with a constant effect (`None` otherwise;
    /// an instance not indexed gets all its effects).
    pub(crate) fn constants_of_instance(
        &self,
        card: InstanceId,
    ) -> Option<&[crate::rules::battle_spirits::script::CompiledEffect]> {
        (self.def_index.get(card.index())).map_or_else(
            || self.effects_of_instance(card),
            |&i| self.host.constants_at(i),
        )
    }

    /// Records the definition index of instance `card` (made now, from `id`).
    pub(crate) fn index_def(&mut self, card: InstanceId, id: &str) {
        let i = self
            .lib
            .index_of(id)
            .unwrap_or_else(|| panic!("card {id} not in library"));
        self.set_def_index(card, i);
    }

    /// Records that instance `card` is of the library's definition at `i`.
    pub(crate) fn set_def_index(&mut self, card: InstanceId, i: u32) {
        let n = card.index();
        if n < self.def_index.len() {
            self.def_index[n] = i;
        } else {
            self.def_index.resize(n, 0);
            self.def_index.push(i);
        }
    }

    /// The card id of an instance.
    pub fn card_id(&self, card: InstanceId) -> &str {
        &self.st.cards[card.index()].card
    }

    /// The English name of an instance's card.
    pub fn name(&self, card: InstanceId) -> &str {
        &self.def_of(card).name
    }

    /// The owner of an instance.
    pub fn owner(&self, card: InstanceId) -> PlayerId {
        self.st.cards[card.index()].owner
    }

    /// How many card instances the game has (`InstanceId(0)` … `InstanceId(n - 1)`).
    pub fn card_count(&self) -> usize {
        self.st.cards.len()
    }

    /// The zone of an instance. Panics for an instance the game does not have
    /// (`card_count`).
    pub fn zone_of(&self, card: InstanceId) -> Zone {
        self.st
            .zones
            .zone_of(card)
            .expect("every card is in a zone")
    }

    /// A zone's cards, bottom first (the top of a deck is the last).
    pub fn pile(&self, z: Zone) -> &[InstanceId] {
        self.st.zones.pile(z)
    }

    /// A player's field cards in the order they entered.
    pub fn field(&self, p: PlayerId) -> Vec<InstanceId> {
        self.pile(Zone::Field(p)).to_vec()
    }

    /// Whether a card is exhausted (turned sideways or upside down).
    pub fn is_exhausted(&self, card: InstanceId) -> bool {
        self.st.cards[card.index()].orientation != Orientation::Upright
    }

    /// Cores at a location (the soul core included).
    pub fn cores_at(&self, loc: CoreLoc) -> u32 {
        self.st.cores.count_at(&loc)
    }

    /// Whether the soul core is at a location.
    pub fn soul_at(&self, loc: CoreLoc) -> bool {
        self.st.cores.first_at(&loc, SOUL_CORE).is_some()
    }

    /// A player's life (cores in life).
    pub fn life(&self, p: PlayerId) -> u32 {
        self.cores_at(CoreLoc::Life(p))
    }

    /// A player's reserve (cores).
    pub fn reserve(&self, p: PlayerId) -> u32 {
        self.cores_at(CoreLoc::Reserve(p))
    }

    // ---- state changes: each emits its event ----------------------------------------

    pub(crate) fn emit(&mut self, e: Event) {
        self.cached = None;
        if !e.is_notice() {
            self.invalidate_constants();
        }
        if let Event::CoreMoved { from, to, .. } = &e {
            self.st.ledger.record(from.as_ref(), to.as_ref());
        }
        self.st.log.push(e);
        if self.strict
            && let Err(err) = self.check_invariants()
        {
            panic!(
                "invariant broken after event {} ({:?}): {err}",
                self.st.log.len() - 1,
                self.st.log.last()
            );
        }
    }

    /// Moves one core; `None` is the void. A field card whose level goes from one level
    /// to another because of it gets a `LevelChanged` event (BS-5.1: level from the
    /// cores on it); reaching or leaving its lowest level is the play or the depletion.
    pub(crate) fn move_core(&mut self, core: TokenId, to: Option<CoreLoc>) {
        let watched = [self.st.cores.get(core).at, to].map(|l| self.level_watch(l));
        let from = self.st.cores.move_to(core, to);
        let soul = self.st.cores.get(core).tag == SOUL_CORE;
        self.emit(Event::CoreMoved {
            core,
            soul,
            from,
            to,
        });
        match to {
            Some(CoreLoc::Reserve(p)) if from != to => {
                self.watch(WatchKind::CoreToReserve, None, p, 1)
            }
            Some(CoreLoc::Card(c)) if from != to => {
                self.watch(WatchKind::CoreOntoCard, Some(c), self.owner(c), 1)
            }
            _ => {}
        }
        for (card, before) in watched.into_iter().flatten() {
            let after = self.level(card);
            if let (Some(_), Some(level)) = (before, after)
                && before != after
            {
                let bp = self.bp(card);
                self.emit(Event::LevelChanged { card, level, bp });
            }
        }
    }

    /// The field card at `loc` and its level now, unless it is the card being paid for
    /// or placed (its `Played` event reports its level).
    fn level_watch(&self, loc: Option<CoreLoc>) -> Option<(InstanceId, Option<u8>)> {
        let Some(CoreLoc::Card(card)) = loc else {
            return None;
        };
        let placing = match &self.st.phase {
            Phase::Pay(p) => p.card == card,
            Phase::Place(p) => p.pay.card == card,
            _ => false,
        } || self.rt.emptying == Some(card);
        (!placing && matches!(self.zone_of(card), Zone::Field(_))).then(|| (card, self.level(card)))
    }

    /// Brings a new core from the void to `to` (BS-0.3: the void is unlimited).
    pub(crate) fn core_from_void(&mut self, soul: bool, to: CoreLoc) {
        let id = self.st.cores.create(if soul { SOUL_CORE } else { CORE });
        self.move_core(id, Some(to));
    }

    /// One core (the soul core if `soul`) at `loc`.
    pub(crate) fn core_at(&self, loc: CoreLoc, soul: bool) -> Option<TokenId> {
        self.st
            .cores
            .first_at(&loc, if soul { SOUL_CORE } else { CORE })
    }

    /// Moves every core at `from` to `to`. A card emptied this way does not log the levels
    /// it passes through (it is leaving the field or being depleted).
    pub(crate) fn move_all_cores(&mut self, from: CoreLoc, to: Option<CoreLoc>) {
        let before = self.rt.emptying;
        if let CoreLoc::Card(c) = from {
            self.rt.emptying = Some(c);
        }
        for id in self.st.cores.ids_at(&from) {
            self.move_core(id, to);
        }
        self.rt.emptying = before;
    }

    /// Moves a card to the top of a zone. A card leaving the field becomes upright; a token
    /// leaving it is removed from the game instead (keyword ruling K29).
    pub(crate) fn move_card(&mut self, card: InstanceId, to: Zone) {
        let to = self.token_destination(card, self.zone_of(card), to); // K29
        let from = self.st.zones.move_to(card, to);
        if matches!(from, Zone::Field(_)) && !matches!(to, Zone::Field(_)) {
            self.forget_card(card);
            self.unlink_departing(card); // BS-9: a card off the field is in no brave link
            self.end_join_of(card); // a join for the battle ends when either card leaves
        }
        if !matches!(to, Zone::Field(_)) {
            self.st.cards[card.index()].orientation = Orientation::Upright;
        }
        self.emit(Event::CardMoved { card, from, to });
        if let Zone::Field(_) = from {
            match to {
                Zone::Hand(p) => {
                    self.watch(WatchKind::ReturnedToHand, Some(card), p, 1);
                    self.watch(WatchKind::ReturnedToHandOrDeck, Some(card), p, 1);
                }
                Zone::Deck(p) => self.watch(WatchKind::ReturnedToHandOrDeck, Some(card), p, 1),
                _ => {}
            }
        }
    }

    /// Refreshes (upright) or exhausts (sideways) a card.
    pub(crate) fn set_exhausted(&mut self, card: InstanceId, exhausted: bool) {
        let o = if exhausted {
            Orientation::Sideways
        } else {
            Orientation::Upright
        };
        self.st.cards[card.index()].orientation = o;
        self.emit(if exhausted {
            Event::Exhausted { card }
        } else {
            Event::Refreshed { card }
        });
        let kind = if exhausted {
            WatchKind::Exhausted
        } else {
            WatchKind::Refreshed
        };
        self.watch(kind, Some(card), self.owner(card), 1);
    }

    /// Draws one card; false if the deck is empty.
    pub(crate) fn draw(&mut self, p: PlayerId) -> bool {
        match self.st.zones.top(Zone::Deck(p)) {
            Some(c) => {
                self.move_card(c, Zone::Hand(p));
                // A player event: the draws of one effect add up to one happening.
                if self.st.turn > 0 {
                    self.watch(WatchKind::Draws, None, p, 1);
                    if self.st.scripts.step != Some(super::StepName::Draw) {
                        self.watch(WatchKind::DrawsOutsideDrawStep, None, p, 1);
                    }
                }
                true
            }
            None => false,
        }
    }

    /// Shuffles a player's deck with the game rng.
    pub(crate) fn shuffle_deck(&mut self, p: PlayerId) {
        let mut order = self.pile(Zone::Deck(p)).to_vec();
        self.st.rng.shuffle(&mut order);
        self.st.zones.reorder(Zone::Deck(p), order);
        self.emit(Event::Shuffled { player: p });
    }

    /// Fires a hook: queues it, then resolves the queue; each firing is logged and the
    /// effects it reaches run (`script::run`). Nothing runs while an effect question is
    /// being asked (the step will be undone).
    pub(crate) fn fire(&mut self, hook: Hook) {
        if self.halted() || self.ended_now() {
            return;
        }
        self.st.triggers.push(hook);
        while let Some(h) = self.st.triggers.pop() {
            self.emit(Event::Hook(h));
            self.dispatch(h);
        }
        self.report_constants();
        self.flush_watch();
        self.check_zero_bp(); // BS-5.3.1: what the hook's effects changed
    }

    /// BS-0.4: a player at 0 life loses at once — no effect or burst resolves after that.
    /// Ends the game if so; true when the game is over.
    pub(crate) fn ended_now(&mut self) -> bool {
        if matches!(self.st.phase, Phase::Over(_)) {
            return true;
        }
        self.st.turn > 0 && PlayerId::BOTH.iter().any(|p| self.life(*p) == 0) && self.check_losses()
    }

    /// Logs once per card per game that its effects are not supported yet (cards with
    /// scripts are supported).
    pub(crate) fn report_unsupported(&mut self, card: InstanceId) {
        if self.effects_of_instance(card).is_some() {
            return;
        }
        let def = self.def_of(card);
        // A keyword a pack declared with rules is supported (issue 12).
        let kws = &self.host.keywords;
        let declared = |name: &str| {
            kws.index(name)
                .is_some_and(|i| kws.list[i].engine || !kws.list[i].effects.is_empty())
        };
        if def.effects.is_empty() && def.keywords.iter().all(|k| declared(&k.name)) {
            return;
        }
        let id = def.id.clone();
        if self.st.unsupported_reported.insert(id.clone()) {
            self.emit(Event::EffectsUnsupported { card: id });
        }
    }

    // ---- the loop ---------------------------------------------------------------------

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
            Phase::Block | Phase::Flash { .. } if self.st.scripts.end_battle => true,
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
                // BS-6.7: an effect ended the battle; BS-6.1: or the attack step.
                Phase::Block | Phase::Flash { .. } if self.st.scripts.end_battle => {
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
            return Some(Request {
                player: p.question.player,
                kind: DecisionKind::EffectChoice,
                prompt: p.question.prompt.clone(),
                options: p.question.options.clone(),
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
                [self.pay_all_options(pm), self.pay_options(pm)].concat(),
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
                [self.place_all_options(pl), self.place_options(pl)].concat(),
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
