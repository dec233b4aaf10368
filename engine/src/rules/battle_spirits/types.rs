//! The Battle Spirits vocabulary types: zones, core locations, steps, hooks.

use serde::{Deserialize, Serialize};

use crate::core::{InstanceId, PlayerId, TokenTag};

/// Card zones (digest vocabulary). Each is per player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// The deck (face down; its top is the last card).
    Deck(PlayerId),
    /// The hand (hidden from the opponent).
    Hand(PlayerId),
    /// Tecoto (手元), the face-up area beside the hand (BS-13.1).
    Tecoto(PlayerId),
    /// The field (spirits, ultimates, braves, nexuses).
    Field(PlayerId),
    /// The trash.
    Trash(PlayerId),
    /// The burst area (BS-5.8, BS-10).
    Burst(PlayerId),
    /// Removed from the game: where a token goes when it leaves the field (keyword
    /// ruling K29). Nothing comes back from it.
    Removed(PlayerId),
}

impl Zone {
    /// The zone's English name.
    pub fn name(self) -> &'static str {
        match self {
            Zone::Deck(_) => "deck",
            Zone::Hand(_) => "hand",
            Zone::Tecoto(_) => "tecoto",
            Zone::Field(_) => "field",
            Zone::Trash(_) => "trash",
            Zone::Burst(_) => "burst area",
            Zone::Removed(_) => "removed from the game",
        }
    }
}

/// Where a core is (BS-0.5). The void is not a location: a core in the void is absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CoreLoc {
    /// The reserve.
    Reserve(PlayerId),
    /// Life (BS-0.2, BS-6.5.1).
    Life(PlayerId),
    /// The trash.
    Trash(PlayerId),
    /// The count area (BS-13.2).
    Count(PlayerId),
    /// On a card on the field.
    Card(InstanceId),
}

/// Every place a core can be is numbered: the four per-player places, then the cards by
/// instance (a card's cores are counted for its level after every event).
impl crate::core::TokenLoc for CoreLoc {
    fn slot(&self) -> Option<usize> {
        Some(match *self {
            CoreLoc::Reserve(p) => p.index(),
            CoreLoc::Life(p) => 2 + p.index(),
            CoreLoc::Trash(p) => 4 + p.index(),
            CoreLoc::Count(p) => 6 + p.index(),
            CoreLoc::Card(c) => 8 + c.index(),
        })
    }
}

/// Where a player may take a core from, or put one, in payment, placement and core
/// movement (BS-5.2 step 5, BS-5.7): their reserve or one of their field cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CoreSource {
    /// The player's reserve.
    Reserve,
    /// One of the player's field cards.
    Card(InstanceId),
}

impl CoreSource {
    /// The core location of this source for `player`.
    pub fn loc(self, player: PlayerId) -> CoreLoc {
        match self {
            CoreSource::Reserve => CoreLoc::Reserve(player),
            CoreSource::Card(id) => CoreLoc::Card(id),
        }
    }
}

/// Token tag of an ordinary core.
pub const CORE: TokenTag = TokenTag(0);
/// Token tag of the soul core: a distinct core that counts as a core everywhere (BS-0.2).
pub const SOUL_CORE: TokenTag = TokenTag(1);

/// The steps of a turn (BS-1 … BS-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum StepName {
    /// BS-1.
    Start,
    /// BS-2.
    Core,
    /// BS-3.
    Draw,
    /// BS-4.
    Refresh,
    /// BS-5.
    Main,
    /// BS-6.
    Attack,
    /// BS-7.
    End,
}

impl StepName {
    /// The step's English name.
    pub fn name(self) -> &'static str {
        match self {
            StepName::Start => "start step",
            StepName::Core => "core step",
            StepName::Draw => "draw step",
            StepName::Refresh => "refresh step",
            StepName::Main => "main step",
            StepName::Attack => "attack step",
            StepName::End => "end step",
        }
    }
}

/// How a card is played from hand (BS-5.1, BS-5.4, BS-5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PlayKind {
    /// Summon a spirit, ultimate or brave (BS-5.1).
    Summon,
    /// Deploy a nexus (BS-5.4).
    Deploy,
    /// Use a magic (BS-5.5).
    UseMagic,
}

/// The two flash timings of a battle (BS-6.2, BS-6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FlashWindow {
    /// After the attack is declared (BS-6.2).
    AfterAttack,
    /// After the block is declared (BS-6.4).
    AfterBlock,
}

/// Timing hooks: each firing is queued and logged; effects attach here later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Hook {
    /// BS-5.1: "when summoned" (also for a deployed nexus).
    WhenSummoned { card: InstanceId },
    /// BS-5.5: a magic is used.
    WhenUsed { card: InstanceId },
    /// BS-6.1: "when attacks".
    WhenAttacks { card: InstanceId },
    /// BS-6.3: "when blocks".
    WhenBlocks { card: InstanceId },
    /// BS-6.6: "when destroyed", before the card goes to the trash (`by_opponent`: by the
    /// opponent's spirit in battle or the opponent's effect).
    WhenDestroyed { card: InstanceId, by_opponent: bool },
    /// BS-5.3: "when depleted", before the card goes to the trash.
    WhenDepleted { card: InstanceId },
    /// BS-4.2 / BS-13.4: a card was refreshed (also a heavily exhausted card that became
    /// exhausted: that counts as a refresh).
    WhenRefreshed { card: InstanceId },
    /// BS-6.5.1: "after your life is reduced" (bursts).
    AfterLifeReduced { player: PlayerId },
    /// The start of a step (BS-1.1 and the rest).
    StepStart { player: PlayerId, step: StepName },
    /// The end of a step.
    StepEnd { player: PlayerId, step: StepName },
    /// BS-6.7: the battle ends ("during this battle" effects end after it).
    BattleEnds {
        attacker: InstanceId,
        blocker: Option<InstanceId>,
    },
    /// A pack-declared event (`labels/*.yaml`) about `card`, raised by a script
    /// (`raise_event`) or the engine.
    PackEvent {
        name: crate::rules::battle_spirits::script::hooks::EventName,
        card: InstanceId,
    },
}

/// Why a player lost (BS-0.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LossReason {
    /// Life reached 0.
    LifeZero,
    /// The deck was empty at the start of the start step.
    DeckOut,
}

impl LossReason {
    /// A short English description.
    pub fn text(self) -> &'static str {
        match self {
            LossReason::LifeZero => "life reached 0",
            LossReason::DeckOut => "deck empty at the start step",
        }
    }
}
