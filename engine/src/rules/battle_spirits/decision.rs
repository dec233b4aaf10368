//! Decisions of Battle Spirits: the kinds, the choices, the request type, the result.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::types::CoreSource;
use crate::core::{InstanceId, Request};

/// What kind of decision is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DecisionKind {
    /// BS-0.2: keep the hand or mulligan.
    Mulligan,
    /// BS-5: play a card, move cores, or end the main step.
    MainAction,
    /// BS-5.2 step 5: where the next paid core comes from (a card's cost, or an attack
    /// tax, BS-6.1).
    PayFrom,
    /// BS-5.2 step 6: where the next core placed on the new card comes from, or done.
    PlaceCore,
    /// BS-5.7: move one core, or stop moving.
    CoreMovement,
    /// BS-6.1: declare an attack or end the attack step.
    AttackOrEnd,
    /// BS-6.2: use a flash effect or pass.
    FlashOrPass,
    /// BS-6.3: block with a spirit or not.
    BlockOrNot,
    /// An effect asks: choose a target, yes/no, or one of N (mid-script choice).
    EffectChoice,
}

/// An answer to a decision. Every legal answer is listed in the request's options, except
/// that a whole payment or placement (`PayAll`, `PlaceAll`) lists a few and accepts any
/// that the single-core answers could make (BS-5.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Keep the hand (BS-0.2).
    Keep,
    /// Shuffle the hand back and draw a new one (BS-0.2).
    Mulligan,
    /// Summon a spirit, ultimate or brave (as a spirit) from hand (BS-5.1).
    Summon { card: InstanceId },
    /// BS-5.1.1: summon a brave from hand directly onto `host` (a field spirit/ultimate
    /// meeting its brave condition): pay its cost, no core placement, braved at once.
    SummonOnto { card: InstanceId, host: InstanceId },
    /// BS-9.1: put a spirit-form brave on the field onto `host`, paying nothing; its cores
    /// move onto the host (BS-9.2); BS-9.4 exhaustion.
    Brave { brave: InstanceId, host: InstanceId },
    /// BS-9.5: take a braved brave off its host; then keep it with cores or trash it.
    Unbrave { brave: InstanceId },
    /// BS-9.7: the braves of `first` and `second` exchange hosts at once (`second` may have
    /// none: then `first`'s brave moves onto it).
    SwapBraves {
        first: InstanceId,
        second: InstanceId,
    },
    /// BS-9.5 / BS-9.8 / BS-9.9: do not keep a brave that came off its host (it goes to
    /// the trash, or follows its host to hand or deck).
    DropBrave,
    /// Deploy a nexus (BS-5.4).
    Deploy { card: InstanceId },
    /// Use a magic (BS-5.5); in a flash timing, for its [Flash] effect (BS-6.2).
    UseMagic { card: InstanceId },
    /// Start moving cores (BS-5.7).
    MoveCores,
    /// End the main step.
    EndMain,
    /// Pay one core from a source (`soul`: the soul core) (BS-5.2 step 5).
    PayFrom { from: CoreSource, soul: bool },
    /// Place one core on the new card from a source (BS-5.2 step 6).
    PlaceFrom { from: CoreSource, soul: bool },
    /// Stop placing cores (only once the minimum level is reached).
    DonePlacing,
    /// BS-5.2 step 5 in one answer: pay the whole remaining cost from these sources (the
    /// same as one `PayFrom` per core, in this order: each pick's ordinary cores, then its
    /// soul core). Listed: the default payment first, then a few others; any other whole
    /// payment the `PayFrom` steps could make is accepted too ([`AnswerError::Cores`]).
    PayAll { from: Vec<CorePick> },
    /// BS-5.2 step 6 in one answer: place these cores on the new card, then stop (the same
    /// as one `PlaceFrom` per core, then `DonePlacing`). It may not take a field card below
    /// its minimum level (the `PlaceFrom` steps may: that card is depleted).
    PlaceAll { from: Vec<CorePick> },
    /// Move one core (BS-5.7).
    MoveCore {
        from: CoreSource,
        to: CoreSource,
        soul: bool,
    },
    /// Stop moving cores.
    DoneMoving,
    /// Declare an attack (BS-6.1).
    Attack { attacker: InstanceId },
    /// End the attack step (BS-6.1).
    EndAttack,
    /// Pass in a flash timing (BS-6.2).
    Pass,
    /// Block (BS-6.3).
    Block { blocker: InstanceId },
    /// Do not block (BS-6.3).
    NoBlock,
    /// Set a hand card with a [Burst] effect face down as your burst (BS-5.8, BS-10.1).
    SetBurst { card: InstanceId },
    /// Use a field card's [Main]/[Flash] effect (BS-5.6, BS-6.2).
    UseEffect { card: InstanceId, effect: u32 },
    /// An effect choice: this card.
    Target { card: InstanceId },
    /// An effect choice: stop choosing cards.
    DoneChoosing,
    /// An effect choice: yes ("you may", BS-8.1).
    Yes,
    /// An effect choice: no.
    No,
    /// An effect choice: option `index` of the listed ones.
    OneOf { index: u32 },
    /// Take back the action being paid for (offered only to the seats of
    /// `Game::set_cancel`, before the cost is paid, BS-5.2 step 5): the game returns to
    /// the decision it was chosen at, exactly as it was.
    Cancel,
}

/// Cores taken from one source in a one-answer payment or placement (BS-5.2): `cores`
/// ordinary cores, and the soul core too when `soul`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CorePick {
    /// Where the cores come from.
    pub from: CoreSource,
    /// How many ordinary (not soul) cores.
    pub cores: u32,
    /// Whether the soul core is taken as well.
    #[serde(default)]
    pub soul: bool,
}

impl Choice {
    /// A one-answer payment or placement (`PayAll`, `PlaceAll`): a shortcut for a series
    /// of single-core answers that robots may ignore (`Rules::is_shortcut`).
    pub fn is_shortcut(&self) -> bool {
        matches!(self, Choice::PayAll { .. } | Choice::PlaceAll { .. })
    }
}

/// A decision request of this ruleset.
pub type DecisionRequest = Request<DecisionKind, Choice>;

pub use crate::core::GameResult;

/// What `Game::next` returns: the decision it waits for, or its result.
pub type Step = crate::core::Step<DecisionRequest, GameResult>;

/// Why an answer was refused. A refused answer changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnswerError {
    #[error("the game is over")]
    GameOver,
    #[error("{choice:?} is not a legal answer to this {kind:?} decision")]
    NotAnOption { kind: DecisionKind, choice: Choice },
    /// A one-answer payment or placement (BS-5.2) that cannot be made: `reason` says why
    /// in words ("3 cores must be paid, that is 2").
    #[error("{reason}")]
    Cores { reason: String },
}

impl super::Game {
    /// Whether options carry their text (`Labelled::label`); on by default, not saved.
    /// A simulation or a search player that never shows options to a person turns it off:
    /// labels, and the prompts of the rules' own decisions, are then empty and not rendered
    /// at all, while the choices, and so the game, are the same.
    pub fn set_labels(&mut self, on: bool) {
        self.rt.no_labels = !on;
        self.cached = None;
    }

    /// An option's label or a decision's prompt, rendered only when labels are on
    /// ([`Self::set_labels`]).
    pub(crate) fn lbl(&self, text: impl FnOnce() -> String) -> String {
        if self.rt.no_labels {
            String::new()
        } else {
            text()
        }
    }
}
