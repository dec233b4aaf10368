//! Decisions of the line battle: the kinds, the choices, the request type, the result.

use carddb::Line;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::core::{InstanceId, Request};

/// What kind of decision is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DecisionKind {
    /// LB-0.3: play a creature, buy a draw (LB-0.2) or end the main phase.
    MainAction,
    /// LB-1.1: order one creature to attack a target, let it not attack, or stop ordering.
    Order,
    /// An effect asks its controller (`choose_target`, `may`).
    EffectChoice,
}

/// What an order points at (LB-1.1): an opposing creature or the opposing master.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// An opposing creature (LB-1.4: at most one attacker each).
    Creature(InstanceId),
    /// The opposing master (LB-1.4: any number of attackers).
    Master,
}

/// An answer to a decision. Every legal answer is listed in the request's options.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// LB-0.3: play `card` from the hand into `line`, paying its DP cost.
    Play { card: InstanceId, line: Line },
    /// LB-0.2: pay the extra-draw cost in DP and draw one card.
    BuyDraw,
    /// End this main phase.
    EndMain,
    /// LB-1.1: order `attacker` to attack `target`.
    Order {
        attacker: InstanceId,
        target: Target,
    },
    /// LB-1.1: `attacker` gets no order this battle phase.
    NoAttack { attacker: InstanceId },
    /// LB-1.1: every order is given; they all stand together.
    DoneOrdering,
    /// An effect choice: this card.
    Pick { card: InstanceId },
    /// An effect choice: yes.
    Yes,
    /// An effect choice: no.
    No,
}

/// A decision request of this ruleset.
pub type DecisionRequest = Request<DecisionKind, Choice>;

pub use crate::core::GameResult;

/// What [`super::Game::next`] returns: the decision the game waits for, or its result.
pub type Step = crate::core::Step<DecisionRequest, GameResult>;

/// Why an answer was refused. A refused answer changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnswerError {
    #[error("the game is over")]
    GameOver,
    #[error("{choice:?} is not a legal answer to this {kind:?} decision")]
    NotAnOption { kind: DecisionKind, choice: Choice },
}
