//! The one typed effect AST that every card-text grammar (English, Japanese) produces.
//!
//! An [`EffectText`] is the ygopro-style contract of one printed effect: *when* ([`Timing`],
//! BS-8.1), at which levels, *what it does* (a list of [`Action`]s). Sentences the grammar did
//! not understand stay in the body as [`Action::Unparsed`] so a partial parse is visible and is
//! never half-run.

use serde::Serialize;

mod action;
mod object;
pub use action::{
    Action, CausedKind, Condition, DestroyCause, Event, KeptAs, Protection, SlotValue, Subject,
};
pub use object::{
    Amount, CardKind, Colour, CoreCount, CorePlace, Count, DeckPos, Duration, Filter, OwnCount,
    Owner, Query, Target, Zone,
};

/// Byte range `[start, end)` into the text that was parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A printed effect after parsing: header (timing, levels, keywords, steps) and body.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct EffectText {
    /// The hook the effect runs at; `None` for a constant effect printed without a label.
    pub timing: Option<Timing>,
    /// Levels the effect is active at (`[LV1][LV2]`, `Lv1･Lv2`); empty = not level-bound.
    pub levels: Vec<u8>,
    /// Keywords printed with the effect (`{Crush 2}`, `【激突】`).
    pub keywords: Vec<Keyword>,
    /// Magic steps the effect may be used in (BS-5.5, BS-5.6).
    pub steps: Vec<StepKind>,
    /// "Once per turn" (BS-8.3).
    pub once_per_turn: bool,
    /// The whole effect is optional ("you may", 「できる」).
    pub optional: bool,
    /// The actions, in printed order.
    pub body: Vec<Action>,
    /// Only a choice printed with "Select" selects (Saga English, ruling C#159): a choice
    /// inside another verb ("Return one of …") does not, so a protection from being
    /// selected (Armor) does not refuse it. `false` (Japanese): every choice selects. How
    /// the text is compiled, not what it says: left out of the serialised AST.
    #[serde(skip)]
    pub only_select_selects: bool,
}

/// A keyword ability with its optional modifier (`Crush 2`, `Armor: Red, Purple`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Keyword {
    /// Canonical English name (`Awaken`, `Crush`, `Burst`); Japanese keywords are mapped.
    pub name: String,
    /// Value as printed (`2`, `Red, Purple`), if any.
    pub modifier: Option<String>,
}

/// Main / Flash timing of a magic effect or an activated effect (BS-5.6, BS-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum StepKind {
    /// Usable in the main step only.
    Main,
    /// Usable in flash timing.
    Flash,
}

/// Whose step or turn a timing refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Whose {
    /// The effect's controller.
    You,
    /// The opponent.
    Opponent,
    /// Either player.
    Either,
}

/// The steps of a turn (BS-1 … BS-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Step {
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

/// Condition of a burst (BS-10.3): the event after which a set burst activates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum BurstCondition {
    /// After your life is reduced (「自分のライフ減少後」, "When You Lose Life").
    LifeReduced,
    /// After the opponent resolves a spirit's "When Summoned" effect.
    OpponentWhenSummonedResolved,
    /// After the opponent destroys one of your spirits.
    OpponentDestroysYourSpirit,
    /// After one of your spirits is destroyed.
    YourSpiritDestroyed,
    /// After the opponent's attack.
    OpponentAttacks,
    /// When the opponent summons a spirit ("When Opponent Summons", BS-10.3).
    OpponentSummons,
    /// Any other hook used as a burst condition.
    Other(Box<Timing>),
}

/// The hook an effect is called at (BS-8.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Timing {
    /// "When Summoned", 『このスピリットの召喚時』, 【召喚時】.
    WhenSummoned,
    /// Nexus "When Placed" (deployed, BS-5.4).
    WhenDeployed,
    /// "When This Spirit Attacks", 『このスピリットのアタック時』 (BS-6.1).
    WhenAttacks,
    /// "When This Spirit Blocks" (BS-6.3).
    WhenBlocks,
    /// "When This Spirit Attacks or Blocks".
    WhenAttacksOrBlocks,
    /// "While This Spirit Attacks".
    WhileAttacking,
    /// "While This Spirit Blocks".
    WhileBlocking,
    /// "While This Spirit Attacks or Blocks".
    WhileAttackingOrBlocking,
    /// 『このスピリットのバトル時』: when this spirit attacks or blocks and the battle runs.
    WhenBattles,
    /// "When Destroyed", 『このスピリットの破壊時』 (BS-6.6).
    WhenDestroyed,
    /// "When Destroyed By Opponent" / "When Opponent Destroys This Spirit".
    WhenDestroyedByOpponent,
    /// Depleted (BS-5.3).
    WhenDepleted,
    /// "When the battle ends" (BS-6.7).
    WhenBattleEnds,
    /// "When You Lose Life".
    WhenYouLoseLife,
    /// "When Opponent Destroys Your Spirit".
    WhenOpponentDestroysYourSpirit,
    /// "When Opponent Resolves a Spirit's "When Summoned" Effect".
    WhenOpponentResolvesWhenSummoned,
    /// 『自分のバースト発動後』: after one of your bursts activated.
    AfterYourBurst,
    /// "During Your Attack Step", 『相手のアタックステップ』, "During Either Main Step" …
    DuringStep {
        /// Whose step.
        whose: Whose,
        /// Which step.
        step: Step,
    },
    /// "At the start of the step" of a step (BS-1.1), 「ステップ開始時」.
    StartOfStep {
        /// Whose step.
        whose: Whose,
        /// Which step.
        step: Step,
    },
    /// End of a step ("At the end of …").
    EndOfStep {
        /// Whose step.
        whose: Whose,
        /// Which step.
        step: Step,
    },
    /// "During Your Turn" / "During Opponent's Turn", 『相手のターン』.
    DuringTurn(Whose),
    /// "End of Opponent's Turn".
    EndOfTurn(Whose),
    /// Burst (BS-10): activates when its condition is met.
    Burst(BurstCondition),
    /// While over-count is met (BS-13.3).
    WhileOC,
    /// Always active while on the field at the given levels.
    Constant,
    /// Magic main effect (BS-5.5).
    Main,
    /// Magic flash effect (BS-11).
    Flash,
    /// Several hooks joined by "or" ("When Summoned or Destroyed").
    Any(Vec<Timing>),
    /// A timing label a pack declared: the hook name it maps to
    /// (`on_links_this`, or an engine hook name).
    Pack(String),
}
