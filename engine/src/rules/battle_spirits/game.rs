//! The game state and its public face: `next` / `answer`, and the queries every rule reads.
//! The state-changing helpers are `changes`, the loop `game_loop`.

use std::collections::BTreeSet;

use carddb::{CardDef, CardId};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::config::RulesConfig;
use super::decision::{AnswerError, Choice, DecisionRequest, GameResult, Step};
use super::deck::DeckError;
use super::events::Event;
use super::types::{CoreLoc, FlashWindow, Hook, LossReason, PlayKind, SOUL_CORE, Zone};
use crate::core::{
    CardInstance, GameRng, InstanceId, Orientation, PlayerId, TokenLedger, TokenTable,
    TriggerQueue, Zones,
};
use crate::rules::battle_spirits::library::CardLibrary;

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

/// Everything a save holds (`state_copy`: a copy into an earlier copy).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct State {
    pub config: RulesConfig,
    pub seed: u64,
    /// The decks as given (two); shared by copies of the game.
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
    /// Shared by copies of the game until one writes.
    pub log: crate::core::SharedVec<Event>,
    /// Shared by copies like the log.
    pub answers: crate::core::SharedVec<Choice>,
    /// Per player: how many of `answers` they gave (a random player resumes its draws
    /// from here).
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
    /// Each instance's definition index in the library (`def_of` without a
    /// string lookup). Not saved: rebuilt on load; set again whenever an instance is made,
    /// so an entry left by a rolled-back step is overwritten before it is read.
    pub(crate) def_index: Vec<u32>,
    /// The kinds of modifier (`script::constants`, `LEVEL_MODS` …) the constant effects of
    /// this game's cards and of the keywords may give: what a query need not compute the
    /// constants for. Grows as instances are indexed; checked in strict games.
    pub(crate) const_kinds: u16,
    /// The triggers of the effects that work on the field, of this game's cards and of the
    /// keywords: a hook none of them matches reaches no field card. Grows as
    /// instances are indexed.
    pub(crate) field_triggers: Vec<crate::rules::battle_spirits::script::Trigger>,
    /// The set of `field_triggers` ([`Trigger::bit`](crate::rules::battle_spirits::script::Trigger::bit)):
    /// a hook none of whose bits is in it is answered without testing them.
    pub(crate) field_bits: u64,
    /// The set of the triggers of the hand and trash effects of this game's cards: their
    /// own, and every keyword's for a card with a printed keyword (`script::zones`). A hook
    /// none of whose bits is in it reaches no hand or trash card.
    pub(crate) off_field_bits: u64,
}

impl Game {
    #[allow(clippy::should_implement_trait)]
    /// The next step: runs automatic procedures until a decision is needed or the game
    /// is over. Calling it again without answering returns the same request. Panics in a
    /// strict game ([`Game::set_strict`]) when a decision is reached with a rule left
    /// unapplied ([`Game::check_settled`]).
    pub fn next(&mut self) -> Step {
        self.advance();
        if let Phase::Over(r) = &self.st.phase {
            return Step::Over(r.clone());
        }
        if self.strict
            && let Err(err) = self.check_settled()
        {
            panic!(
                "invariant broken at decision {}: {err}",
                self.st.answers.len()
            );
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
        // The cached request is taken, not copied; it stays on an illegal answer.
        let req = match self.cached.take() {
            Some(r) => r,
            None => self.request().expect("a decision phase has a request"),
        };
        if let Err(e) = self.legal(&req, &choice) {
            self.cached = Some(req);
            return Err(e);
        }
        if choice == Choice::Cancel {
            self.cancel();
            return Ok(());
        }
        self.note_cancel_point(req.player, &choice);
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
        self.keep_cancel_point();
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
        self.lib.at(self.def_number(card))
    }

    /// The library index of a card instance's definition (`def_index`, or looked up by id
    /// for an instance not indexed); panics if the library lacks it.
    #[inline]
    pub(crate) fn def_number(&self, card: InstanceId) -> u32 {
        match self.def_index.get(card.index()) {
            Some(&i) => i,
            None => self.def_number_by_id(card),
        }
    }

    #[cold]
    fn def_number_by_id(&self, card: InstanceId) -> u32 {
        (self.lib.index_of(self.card_id(card)))
            .unwrap_or_else(|| panic!("card {} not in library", self.card_id(card)))
    }

    /// What a view shows of a card instance's definition (shared texts).
    pub fn face_of(&self, card: InstanceId) -> &super::library::CardFace {
        self.lib.face_at(self.def_number(card))
    }

    /// The compiled effects of instance `card`'s definition (`None`: it has no script),
    /// found by index.
    pub(crate) fn effects_of_instance(
        &self,
        card: InstanceId,
    ) -> Option<&[crate::rules::battle_spirits::script::CompiledEffect]> {
        match self.def_index.get(card.index()) {
            Some(&i) => self.host.effects_at(i),
            None => self.host.effects_of(self.card_id(card)),
        }
    }

    /// Compiled effect `effect` of instance `card`: its own, or a keyword's
    /// (`KEYWORD_EFFECT_BASE` and up), found by index (`ScriptHost::effect` finds it by card id).
    pub(crate) fn effect_of_instance(
        &self,
        card: InstanceId,
        effect: u32,
    ) -> Option<&crate::rules::battle_spirits::script::CompiledEffect> {
        if effect >= crate::rules::battle_spirits::script::keywords::KEYWORD_EFFECT_BASE {
            return self.host.keywords.effect(effect);
        }
        self.effects_of_instance(card)?.get(effect as usize)
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
        // Every definition in `def_index` was noted when it was put there, and notes only
        // grow: a second copy of a card notes nothing new. Copies usually follow
        // one another: the last one is looked at first.
        if self.def_index.last() != Some(&i) && !self.def_index.contains(&i) {
            self.note_def(i);
        }
        let n = card.index();
        if n < self.def_index.len() {
            self.def_index[n] = i;
        } else {
            // A gap (never read before it is set) holds a noted definition too.
            self.def_index.resize(n, i);
            self.def_index.push(i);
        }
    }

    /// Notes what the definition at `i` brings into the game: the modifier kinds its
    /// constants may give, the triggers of its field effects and of its hand and trash ones.
    fn note_def(&mut self, i: u32) {
        self.const_kinds |= self.host.constant_kinds_at(i);
        let host = self.host.clone();
        let effects = host.effects_at(i).unwrap_or_default();
        for t in (effects.iter().filter(|e| e.zone.is_field())).flat_map(|e| &e.triggers) {
            if !self.field_triggers.contains(t) {
                self.field_triggers.push(*t);
                self.field_bits |= t.bit();
            }
        }
        use crate::rules::battle_spirits::script::Trigger;
        let off_field = effects.iter().filter(|e| !e.zone.is_field());
        self.off_field_bits |= Trigger::bits(off_field.flat_map(|e| &e.triggers));
        // A card printing keywords has their hand and trash effects; so may a card another
        // card's constant effect gives keywords to (ruling C#140).
        let gives = host.constant_kinds_at(i)
            & crate::rules::battle_spirits::script::constants::KEYWORD_MODS;
        if !self.lib.at(i).keywords.is_empty() || gives != 0 {
            let kws = &host.keywords;
            self.off_field_bits |= kws.zone_bits[carddb::EffectZone::Hand as usize]
                | kws.zone_bits[carddb::EffectZone::Trash as usize];
        }
    }

    /// Notes the keywords' part of what `note_def` notes, then each indexed definition's
    /// (a game set up or loaded).
    pub(crate) fn note_defs(&mut self) {
        self.const_kinds = self.host.keywords.constant_kinds;
        self.field_triggers = (self.host.keywords.triggers.iter())
            .filter(|(z, _)| z.is_field())
            .map(|&(_, t)| t)
            .collect();
        self.field_bits = crate::rules::battle_spirits::script::Trigger::bits(&self.field_triggers);
        self.off_field_bits = 0;
        for i in self.def_index.clone() {
            self.note_def(i);
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

    /// Whether a card is heavily exhausted: turned upside down, it cannot attack or block
    /// and one refresh only turns it sideways (BS-13.4).
    pub fn is_heavily_exhausted(&self, card: InstanceId) -> bool {
        self.st.cards[card.index()].orientation == Orientation::UpsideDown
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
}
