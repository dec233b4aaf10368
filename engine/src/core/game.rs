//! What any ruleset is to the rest of the engine: a state machine that either waits for a
//! decision or is over ([`Step`]), takes answers ([`Rules::answer`]: an illegal one is
//! refused and changes nothing), shows each player what they may see, and keeps an event
//! log. Players, `play_game` and the simulators are written against [`Rules`] only.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::decision::Request;
use super::event::GameEvent;
use super::ids::PlayerId;

/// What a game's `next` returns: the decision it waits for (`R`, a [`Request`]) or its
/// result (`O`, a [`GameResult`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step<R, O> {
    /// The game waits for this decision.
    Decision(R),
    /// The game is over.
    Over(O),
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; `None` is a draw.
    pub winner: Option<PlayerId>,
    /// Why, in English ("P2 lost: life reached 0").
    pub reason: String,
}

/// A ruleset's game, as players and simulators drive it.
pub trait Rules {
    /// The ruleset's decision kinds.
    type Kind: Copy + std::fmt::Debug;
    /// The ruleset's answers.
    type Choice: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned;
    /// The ruleset's log entries.
    type Event: GameEvent;
    /// What one player may see (hidden information hidden).
    type View: Serialize;
    /// Why an answer was refused.
    type AnswerError: std::error::Error + Send + Sync + 'static;

    /// The decision the game waits for, or its result once over.
    fn next(&mut self) -> Step<Request<Self::Kind, Self::Choice>, GameResult>;
    /// Answers the pending decision. Errors: the answer is not one of the listed options
    /// or the game is over; then nothing changes.
    fn answer(&mut self, choice: Self::Choice) -> Result<(), Self::AnswerError>;
    /// What `player` sees now.
    fn view(&self, player: PlayerId) -> Self::View;
    /// Every event so far, in order.
    fn log(&self) -> &[Self::Event];
    /// The conservation checks of the ruleset (no card or token lost or duplicated), with
    /// the first violation in words.
    fn check_invariants(&self) -> Result<(), String>;
    /// How many decisions each player has answered (P1, P2): a resumed random player
    /// skips that many draws.
    fn answered(&self) -> [u64; 2];
    /// Whether `choice` is a shortcut for a series of other listed answers (a one-answer
    /// payment): robots that pick among the options may leave it out, so that their games
    /// stay as they were before shortcuts existed.
    fn is_shortcut(_choice: &Self::Choice) -> bool {
        false
    }
    /// Offers the seats marked `true` a cancel answer while an action they chose is still
    /// unpaid (a ruleset without one ignores it). Robots' seats stay unmarked: their
    /// options are then the same as without it.
    fn set_cancel(&mut self, _seats: [bool; 2]) {}
    /// How many answers the game's record holds, when a cancel can take answers back
    /// (`None`: the record only grows).
    fn answers_len(&self) -> Option<usize> {
        None
    }
    /// Whether `request` is a flash timing where passing is the only answer (nothing the
    /// player could use or pay for): what an auto-pass setting answers without asking.
    fn only_pass(_request: &super::decision::Request<Self::Kind, Self::Choice>) -> bool {
        false
    }
    /// The card id of card instance `card` when `seat` may see it (`None`: hidden from
    /// `seat`, no such card, or a ruleset that does not say): what a person's `?N`
    /// describes.
    fn card_seen_by(&self, _card: super::InstanceId, _seat: PlayerId) -> Option<String> {
        None
    }
    /// The printed faces of the cards `viewer` sees now (hand, field, trash, …), keyed by
    /// card id: what a client draws without the catalogue (docs/protocol.md "Card
    /// faces"). A ruleset that does not say gives none.
    fn faces(&self, _viewer: PlayerId) -> crate::rules::face::Faces {
        crate::rules::face::Faces::new()
    }
}
