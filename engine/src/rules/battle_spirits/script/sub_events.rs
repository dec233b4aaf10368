//! The happenings an effect's `when(event, closure)` waits for and the sub-triggers it
//! registers (BS-8.1), saved with the game state ([`super::state::ScriptState`]).

use serde::{Deserialize, Serialize};

use super::hooks::{EventName, Whose};
use super::query::Query;
use super::state::{DestroyCause, Until, Value};
use crate::core::{InstanceId, PlayerId};

/// The events `when(event, closure)` can wait for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SubEvent {
    /// `ev_destroyed(subject, by_opponent, in_battle)` (BS-6.6).
    Destroyed {
        subject: Query,
        by_opponent: bool,
        in_battle: bool,
    },
    /// `ev_destroyed_at_zero_bp(subject)`: destroyed because an effect took its BP to 0
    /// (BS-5.3.1), not in battle nor by a destroy effect.
    DestroyedAtZeroBp { subject: Query },
    /// `ev_destroyed_by_effect_of(victims, whose)`: an effect of a card of `whose` (relative
    /// to the watcher's controller) destroys one of the victims ("when one of your effects
    /// destroys one of your opponent's spirits"; BS-6.6), not a destruction in battle.
    DestroyedByEffectOf { victims: Query, whose: Whose },
    /// `ev_destroys(subject, victims, true)`: a subject card destroys one of the victims by
    /// BP comparison (BS-6.6), even when it is destroyed at the same time.
    DestroysInBattle { subject: Query, victims: Query },
    /// `ev_destroys(subject, victims, false)`: an effect of a subject card destroys one of
    /// the victims.
    DestroysByEffect { subject: Query, victims: Query },
    /// `ev_destroys(subject, victims)`: a subject card destroys one of the victims either
    /// way, by BP comparison or by its effect (BS-6.6; ruling C#102: a bare "destroys"
    /// counts its own effect's destruction).
    Destroys { subject: Query, victims: Query },
    /// `ev_attacks(subject)` (BS-6.1).
    Attacks { subject: Query },
    /// `ev_blocks(subject)` (BS-6.3).
    Blocks { subject: Query },
    /// `ev_summoned(subject)` (BS-5.1).
    Summoned { subject: Query },
    /// `ev_lose_life()` / `ev_opponent_loses_life()` (relative to the controller).
    LifeReduced { opponent: bool },
    /// `ev_battle_ends()` (BS-6.7).
    BattleEnds,
    /// `ev_end_of_turn()` (BS-7.1).
    EndOfTurn,
    /// `ev_draw_step_drawn()`: the draw of the watcher's controller's draw step is done
    /// (BS-3.1: "after your draw").
    DrawStepDrawn,
    /// A watched happening (`ev_exhausted(subject)`, `ev_opponent_draws()` …): `kind`
    /// happens to a card the subject matches (card events), to a player `whose` relative
    /// to the watcher's controller (player events), at least `n` times at once where it
    /// counts (`ev_opponent_mills_you(n)`).
    Watch {
        kind: WatchKind,
        subject: Option<Query>,
        whose: Whose,
        n: u32,
    },
    /// An event the engine cannot watch yet (its name).
    Unsupported(String),
    /// `ev_attacks_or_blocks(subject)` (BS-6.1, BS-6.3): either happening.
    AttacksOrBlocks { subject: Query },
    /// `ev_would_be_destroyed(subject)`: a subject card's destruction starts (BS-6.6),
    /// before its "when destroyed" effects, while a replacement ("… instead") can still
    /// change where it goes.
    /// `cause`: which destructions (`ev_would_be_destroyed_by`).
    WouldBeDestroyed {
        subject: Query,
        #[serde(default)]
        cause: DestroyCause,
    },
    /// `ev_milled_by_keyword(subject, keyword)`: an effect of the watcher's controller's
    /// keyword `keyword` (lower case) puts a card the subject matches from a deck into the
    /// trash (rulings C#68, C#76: cards milled together are one happening).
    MilledByKeyword { keyword: String, subject: Query },
    /// A watched happening `kind` made by an effect (`ev_exhausted_by(…)`,
    /// `ev_depleted_by_keyword(…)` …): of a card `whose` controls (relative to the
    /// watcher's controller), and of the keyword `keyword` (lower case) when one is named;
    /// about a card the subject matches (card events; `None`: any, or a player event).
    Caused {
        kind: WatchKind,
        subject: Option<Query>,
        whose: Whose,
        keyword: Option<String>,
    },
}

/// What a `SubEvent::Watch` waits for; each is emitted where the rules make it happen
/// (`Game::watch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WatchKind {
    /// An attacking card is blocked (BS-6.3).
    Blocked,
    /// A card is exhausted (by the rules or an effect).
    Exhausted,
    /// A card is refreshed (refresh step, BS-4, or an effect).
    Refreshed,
    /// A field card is returned to its owner's hand.
    ReturnedToHand,
    /// A field card is returned to its owner's hand or deck.
    ReturnedToHandOrDeck,
    /// An attacking card reduces the defending player's life (BS-6.5.1); the player is the
    /// one whose life is reduced.
    ReducesLife,
    /// A player's life is reduced (by an attack or an effect).
    LifeReduced,
    /// A player's life increases.
    LifeIncreases,
    /// A player draws (any draw).
    Draws,
    /// A player draws outside their draw step.
    DrawsOutsideDrawStep,
    /// A player draws by an effect of their own.
    DrawsByOwnEffect,
    /// A card is discarded from its owner's hand.
    Discarded,
    /// The opponent's effect puts cards from a player's deck into the trash (`n` or more).
    MilledByOpponent,
    /// A player summons a spirit (any way: paid, by an effect, from the burst area).
    Summons,
    /// A player uses a magic card (BS-5.5, flash included).
    UsesMagic,
    /// A core is placed into a player's reserve.
    CoreToReserve,
    /// A core is placed onto a card.
    CoreOntoCard,
    /// A player sets a burst (BS-10.1).
    SetsBurst,
    /// A player deploys a nexus (BS-5.4; any way), apart from summons.
    Deploys,
    /// A keyword's effect puts a card from a deck into the trash (a milling keyword such
    /// as Crush); the player is the keyword effect's controller.
    MilledByKeyword,
    /// A pack-declared event is raised about a card (`raise_event(name, card)`); the
    /// player is the card's owner.
    PackEvent(EventName),
    /// A spirit is depleted (BS-5.3): its cores were reduced below its lowest level — the
    /// Saga's "has its cores reduced to zero"; the player is its owner.
    Depleted,
    /// A core comes from the void onto a card or into a reserve (BS-0.3); the card is the
    /// one it is placed on (none: a reserve), the player the reserve's or card's owner.
    CoreFromVoid,
    /// Cards move into a player's hand from any other place (drawn, added, returned); the
    /// player is the hand's owner. The cards one effect adds are one happening.
    AddedToHand,
    /// A card has the higher BP when BP are compared in battle (BS-6.5.2): the other is
    /// the one destroyed (BS-6.6); the player is its owner.
    WinsComparison,
    /// A spirit is summoned from its owner's trash (BS-5.1, by an effect); the player is
    /// its owner.
    SummonedFromTrash,
    /// A battle the card was in ends (BS-6.7: the attacker, and the blocker if any); the
    /// player is its owner.
    BattleEndsWith,
    /// As `BattleEndsWith`, for a card still on the field when the battle ends.
    BattleEndsOnField,
}

/// One happening a `SubEvent::Watch` may be waiting for (queued where it happens, resolved
/// when the action in progress is complete: `Game::flush_watch`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Watched {
    /// What happened.
    pub kind: WatchKind,
    /// The card it happened to (card events).
    pub card: Option<InstanceId>,
    /// The player it happened to (the card's owner, the drawer, the summoner …).
    pub player: PlayerId,
    /// How many at once (cards milled; 1 otherwise).
    pub n: u32,
    /// The keyword whose effect made it (lower case): for `MilledByKeyword`, and for any
    /// happening an effect of a keyword made (`SubEvent::Caused`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyword: Option<String>,
    /// The controller of the effect that made it (`ctx::acting_effect`); `None`: the rules
    /// made it (a block, the core step, paying a cost outside any effect).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<PlayerId>,
}

/// A closure registered by `when(…)`, alive until the end of the turn it was registered in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubTrigger {
    /// The card whose effect registered it.
    pub card: InstanceId,
    /// That effect's index.
    pub effect: u32,
    /// "You" for the closure.
    pub controller: PlayerId,
    /// What it waits for.
    pub event: SubEvent,
    /// The closure's function name in the effect's AST.
    pub func: String,
    /// Its captured values.
    pub curry: Vec<Value>,
    /// How long it waits: until the end of the battle (BS-6.7) or of the turn (BS-7.1);
    /// a watcher of a constant effect (`While`) is never stored: it exists while its
    /// effect applies.
    #[serde(default = "turn")]
    pub until: Until,
}

fn turn() -> Until {
    Until::Turn
}
