//! The serialisable part of effects inside a game: modifiers with their durations (BS-6.7
//! "this battle", BS-7.1 "this turn"), once-per-turn marks (BS-8.3), sub-triggers
//! registered by `when(…)`, and the question an effect waits for (mid-script choices).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::hooks::Whose;
use super::query::Query;
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::{Choice, StepName};

pub use super::sub_events::{SubEvent, SubTrigger, WatchKind, Watched};

/// How long a modifier lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Until {
    /// Until the end of the battle (BS-6.7).
    Battle,
    /// Until the end of the turn (BS-7.1).
    Turn,
    /// While a constant effect applies (recomputed whenever read; BS-8.1).
    While,
}

impl Until {
    /// `"turn"`, `"battle"`, `"while"` → a duration.
    pub fn parse(s: &str) -> Option<Until> {
        Some(match s {
            "turn" => Until::Turn,
            "battle" => Until::Battle,
            "while" => Until::While,
            _ => return None,
        })
    }
}

/// What an opponent's effect cannot do to a protected card (`cannot_be_by_opponent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Protect {
    /// Be exhausted by the opponent's effects.
    Exhausted,
    /// Be returned to the hand or the deck by the opponent's effects.
    Returned,
    /// Be selected (chosen as a target) by the opponent's effects.
    Selected,
    /// Be discarded from the hand by the opponent's effects.
    Discarded,
    /// Have cores removed (to any place) by the opponent's effects (ruling C#45).
    CoresRemoved,
}

impl Protect {
    /// `"exhausted"`, `"returned"`, `"selected"` → a protection.
    pub fn parse(s: &str) -> Option<Protect> {
        Some(match s {
            "exhausted" => Protect::Exhausted,
            "returned" => Protect::Returned,
            "selected" => Protect::Selected,
            "discarded" => Protect::Discarded,
            "cores_removed" => Protect::CoresRemoved,
            _ => return None,
        })
    }

    /// The words after "cannot", for logs: "be exhausted", "have its cores removed" ….
    pub fn words(self) -> &'static str {
        match self {
            Protect::Exhausted => "be exhausted",
            Protect::Returned => "be returned to the hand or deck",
            Protect::Selected => "be selected",
            Protect::Discarded => "be discarded",
            Protect::CoresRemoved => "have its cores removed",
        }
    }
}

/// The timing of effects a "does not work" rule stops (BS-8.1; rulings C#13, C#151).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Every effect that works when a spirit is destroyed (BS-6.6): "when destroyed",
    /// "when destroyed by the opponent", "when the opponent destroys your spirit", its
    /// burst, "when one of your spirits is destroyed" and watchers of a destruction
    /// (ruling C#13).
    Destroyed,
    /// "When summoned" effects (BS-5.1).
    Summoned,
    /// "When attacks" effects (BS-6.1).
    Attacks,
    /// "When blocks" effects (BS-6.3).
    Blocks,
}

impl Timing {
    /// `"destroyed"`, `"summoned"`, `"attacks"`, `"blocks"` → a timing.
    pub fn parse(s: &str) -> Option<Timing> {
        Some(match s {
            "destroyed" => Timing::Destroyed,
            "summoned" => Timing::Summoned,
            "attacks" => Timing::Attacks,
            "blocks" => Timing::Blocks,
            _ => return None,
        })
    }

    /// The printed name of the timing, for logs and `explain`.
    pub fn words(self) -> &'static str {
        match self {
            Timing::Destroyed => "\"when destroyed\"",
            Timing::Summoned => "\"when summoned\"",
            Timing::Attacks => "\"when attacks\"",
            Timing::Blocks => "\"when blocks\"",
        }
    }
}

/// What happens instead of a destruction a replacement stops (BS-6.6; rulings C#37, C#77).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kept {
    /// It stays on the field as it is.
    AsIs,
    /// It stays on the field, exhausted ("remain on the field exhausted instead").
    Exhausted,
    /// It stays on the field, refreshed ("keep it on the field refreshed").
    Refreshed,
    /// It goes to its owner's hand, its cores to the reserve ("return it to your hand
    /// instead"): a return, not a destruction.
    Hand,
}

impl Kept {
    /// `"as_is"`, `"exhausted"`, `"refreshed"`, `"hand"` → what happens instead.
    pub fn parse(s: &str) -> Option<Kept> {
        Some(match s {
            "as_is" => Kept::AsIs,
            "exhausted" => Kept::Exhausted,
            "refreshed" => Kept::Refreshed,
            "hand" => Kept::Hand,
            _ => return None,
        })
    }

    /// In words, for logs.
    pub fn words(self) -> &'static str {
        match self {
            Kept::AsIs => "stays on the field",
            Kept::Exhausted => "stays on the field exhausted",
            Kept::Refreshed => "stays on the field refreshed",
            Kept::Hand => "returns to its owner's hand",
        }
    }
}

/// Which destructions a "would be destroyed" watcher waits for (BS-6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DestroyCause {
    /// Any: battle, an effect, 0 BP.
    #[default]
    Any,
    /// By an effect of the card owner's opponent (a destroy effect or 0 BP it caused), not
    /// by battle.
    OpponentEffect,
    /// By a destroy effect of the card owner's opponent only ("destruction effects").
    OpponentDestroyEffect,
}

impl DestroyCause {
    /// `"any"`, `"opponent_effect"`, `"opponent_destroy_effect"` → a cause.
    pub fn parse(s: &str) -> Option<DestroyCause> {
        Some(match s {
            "any" => DestroyCause::Any,
            "opponent_effect" => DestroyCause::OpponentEffect,
            "opponent_destroy_effect" => DestroyCause::OpponentDestroyEffect,
            _ => return None,
        })
    }
}

/// "… does not work by this effect" (ruling C#13): while the effect `(card, effect)`
/// resolves, the effects of `whose` at `timing` are not triggered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Silence {
    /// The card whose effect states the rule.
    pub card: InstanceId,
    /// That effect's index.
    pub effect: u32,
    /// The player whose effects do not work.
    pub whose: PlayerId,
    /// Which of their effects.
    pub timing: Timing,
    /// Only the cards' own effects of the timing (a summoned spirit's printed "when
    /// summoned"), not other cards' watchers nor bursts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own: bool,
}

/// What a card counts of its own for [`ModKind::BpPerOwn`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OwnCount {
    /// Its symbols (BS-6.5.1: as they count for life, braves and changes included).
    Symbols,
    /// The cores on it (the soul core included, BS-0.2).
    Cores,
}

impl OwnCount {
    /// The word the script API takes: `"symbols"` / `"cores"`.
    pub fn parse(w: &str) -> Option<Self> {
        match w {
            "symbols" => Some(Self::Symbols),
            "cores" => Some(Self::Cores),
            _ => None,
        }
    }
}

/// What a modifier changes on a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModKind {
    /// BP ± n.
    Bp(i64),
    /// BP +n for each card the query matches, counted whenever the BP is read (rulings
    /// C#197, C#198: "gains 1000 BP for each green spirit you control" grows and shrinks
    /// with the spirits while it lasts).
    BpPer(i64, super::query::Query),
    /// BP +n for each of the card's own symbols or cores, read whenever the BP is
    /// ("gain 1000 BP for each symbol they have": each card counts its own).
    BpPerOwn(i64, OwnCount),
    /// Cannot attack.
    CannotAttack,
    /// Cannot block.
    CannotBlock,
    /// Cannot be destroyed by effects (`by_opponent_only`: only by the opponent's,
    /// `protector` is the player whose effect gave the protection); not a protection in
    /// battle (`CannotBeDestroyedInBattle`, BS-6.6).
    CannotBeDestroyed {
        by_opponent_only: bool,
        protector: PlayerId,
        /// Only by effects of cards of this kind (`Spirit` covers ultimates and braves);
        /// `None`: any card's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by_kind: Option<carddb::CardKind>,
        /// Only by effects of cards of one of these colours; empty: any colour (ruling
        /// C#70).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        by_colours: Vec<carddb::Colour>,
    },
    /// Unaffected by effects of cards of `by` kind (magic, spirit, nexus …; `None`: every
    /// kind), only the opponent's of `protector` if `opponent_only` (BS-10.5: a burst is
    /// stopped by it too).
    Unaffected {
        by: Option<carddb::CardKind>,
        opponent_only: bool,
        protector: PlayerId,
    },
    /// Gains a keyword (`name`, `modifier`).
    Keyword(String, String),
    /// Is also treated as this colour.
    Colour(carddb::Colour),
    /// Cannot be blocked (BS-6.3): by any spirit (`None`) or by the cards the query
    /// matches when the block would be declared.
    CannotBeBlocked(Option<Query>),
    /// May be declared as a blocker while exhausted, any number of times (BS-6.3; rulings
    /// BSS01-130, BSS02-126). Never while heavily exhausted (BS-13.4).
    BlockWhileExhausted,
    /// May block the attackers the query matches (when the block would be declared) while
    /// exhausted, as [`ModKind::BlockWhileExhausted`] otherwise.
    BlockWhileExhaustedVs(Query),
    /// Must attack if able (BS-6.1): the attack step cannot end while it can attack.
    MustAttack,
    /// Cannot attack unless its controller pays this many cores (BS-6.1).
    AttackTax(u32),
    /// Cannot attack unless this many cores are moved from it to its controller's reserve
    /// as the attack is declared (BS-6.1; ruling ST02-016: a spirit left with too few cores
    /// for LV1 is destroyed, BS-5.3, and does not attack).
    AttackCoresToReserve(u32),
    /// On the card whose effect says it: cores an effect would place into the life of
    /// `whose` player (relative to `giver`, the effect's controller) are placed on this
    /// card instead (BS-8.1 "instead"; "cores that would go into your opponent's
    /// life are put on this nexus instead"). Only while the card is on the field.
    LifeCoresHere { whose: Whose, giver: PlayerId },
    /// On a card in the hand or tecoto: it cannot be summoned, deployed or used (BS-5.1,
    /// BS-5.4, BS-5.5: "your opponent cannot use magic cards …"); no play option lists it.
    CannotBePlayed,
    /// Is treated as this level (BP and level-bound effects follow; depletion still reads
    /// the cores, rulings BSS01-134, BSS02-059).
    Level(u8),
    /// Is treated as its highest level.
    HighestLevel,
    /// Also belongs to this family (spirit type).
    Family(String),
    /// Gains n symbols of this colour (BS-5.2 step 3, BS-6.5.1).
    GainSymbols(u32, carddb::Colour),
    /// Each of its symbols also counts as these colours: one symbol of its own colour or of
    /// one of these, in the cost reduction (BS-5.2 step 3).
    SymbolColoursAlso(Vec<carddb::Colour>),
    /// Its symbols count as n symbols of this colour (`None`: each symbol counts as n of
    /// its own colour) — in the cost reduction (BS-5.2 step 3) and for life (BS-6.5.1).
    SymbolsAs(u32, Option<carddb::Colour>),
    /// Cannot be exhausted / returned / selected by the effects of `protector`'s opponent —
    /// of the opponent's cards of these colours only, when `colours` is not empty, and of
    /// these kinds only ("the effects of your opponent's spirits"), when `kinds` is not.
    Protected {
        what: Protect,
        protector: PlayerId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        colours: Vec<carddb::Colour>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        kinds: Vec<carddb::CardKind>,
        /// Only the effects of cards this query matches when they act, wherever they are
        /// ("… of your opponent's spirits with a "Soul Core" on them"); `None`: any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sources: Option<Query>,
    },
    /// When it attacks, the defender must declare a block while one of their spirits can
    /// block it (BS-6.3: "do not block" is not offered then).
    MustBeBlocked,
    /// The life cores its attacks remove (BS-6.5.1) go here instead of the defender's
    /// reserve (the latest such modifier wins).
    LifeCoresTo(LifeCoreSink),
    /// While its cost is paid, it costs n (BS-5.2 step 1: the cost read; reductions then
    /// apply to n).
    CostAs(u32),
    /// Belongs to every family (spirit type): "treat it as having all spirit types".
    AllFamilies,
    /// When it pays another card's Ascend, its cost reads as n (keyword rulings K1-K3:
    /// "treat it as though it costs n"); its cost elsewhere is unchanged.
    AscendCostAs(u32),
    /// While its cost is paid, n fewer cores are paid, after its reduction symbols
    /// (BS-5.2 step 4; never below 0, ruling C#58).
    CostReduced(u32),
    /// It has n more reduction symbols of the colour (BS-5.2 step 2).
    GainReduction(u32, carddb::Colour),
    /// At this level its level table's BP reads `bp` (BS-5.1: "treat the LV1 BP as 4000");
    /// BP changes then apply to it. The last given wins.
    LevelBpAs { level: u8, bp: u32 },
    /// While its cost is paid, the printed symbols of the cards the query matches (cards in
    /// the trash, mostly) count with its controller's field symbols to meet its reduction
    /// symbols (BS-5.2 step 3: "use the symbols of … cards in your trash in addition to the
    /// symbols on your field to reduce its cost").
    SymbolsFrom(Query),
    /// While its cost is paid, each of its reduction symbols counts as met whatever the
    /// field's symbols (BS-5.2 step 4).
    ReductionFulfilled,
    /// Does not refresh during its controller's next refresh step (BS-4.2; ruling C#183:
    /// that step only). Kept past the end of the turn; used up by that step.
    SkipNextRefresh,
    /// Its "when blocks" effects also work when it attacks (rulings C#181, C#182: not its
    /// "while blocks" effects; an "attacks or blocks" effect works once).
    BlockEffectsOnAttack,
    /// Its effects of this timing do not work: they are not triggered while it has this
    /// (BS-8.1; rulings C#151–C#153: only the card's own effects, so a nexus's or a trash
    /// card's effects still work).
    Silenced(Timing),
    /// Cannot be destroyed in battle: losing (or tying) the BP comparison does not destroy
    /// it (BS-6.6; ruling C#177). Effects' destructions are `CannotBeDestroyed`'s.
    CannotBeDestroyedInBattle,
    /// On the card whose effect gives it (kept off the field for its duration, a magic's
    /// "this turn"): attacks by the cards `attackers` matches when life would be reduced
    /// cannot reduce the life of `whose` player, relative to `protector`, the effect's
    /// controller (BS-6.5.1; ruling C#53: then no life is reduced, nothing "reduced your
    /// life" works).
    AttacksCannotReduceLife {
        attackers: Query,
        whose: Whose,
        protector: PlayerId,
        /// "cannot reduce your life to N": the attack still reduces it, down to N + 1
        /// only (`None`: not at all).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<u32>,
    },
    /// On the card whose effect gives it (kept off the field for its duration, as
    /// `AttacksCannotReduceLife`): an effect discards at most `max` cards from the deck of
    /// `protector` (the effect's controller) at a time — only an effect of the opponent's
    /// when `opponent_only` (BS-8.1: "no more than one card is discarded"; `max` 0: "cards
    /// cannot be discarded from your deck").
    DeckDiscardLimit {
        max: u32,
        opponent_only: bool,
        protector: PlayerId,
    },
    /// Kept on the card whose effect says it: the players `whose` names (relative to
    /// `giver`: "each", "your", "opponent") cannot draw by the effects of cards of `kind`
    /// (BS-8.1: "neither player may draw by nexus effects").
    NoDrawsBy {
        kind: carddb::CardKind,
        whose: String,
        giver: PlayerId,
    },
    /// Kept on the card whose effect says it, also off the field: while a card of `giver`
    /// that `cards` matches (its zone aside) is paid, its cost changes (BS-5.2 steps 1, 4);
    /// `once`: for the next such card only, used up when it is paid ("the next yellow
    /// magic card you use this turn").
    PaidCost {
        cards: Query,
        change: PaidCostChange,
        giver: PlayerId,
        once: bool,
    },
    /// Kept on the card whose effect says it, also off the field: `giver`'s core step gives
    /// n cores instead of the rule's number (BS-2.1; ruling C#67: two such effects
    /// still give n, the highest wins).
    CoreStepCores { n: u32, giver: PlayerId },
    /// On the card whose effect says it: `giver` performs a refresh step (BS-4) after
    /// their attack step.
    RefreshStepAfterAttack { giver: PlayerId },
}

/// How a [`ModKind::PaidCost`] changes the cost of the card paid (BS-5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaidCostChange {
    /// n fewer cores are paid, after the reduction symbols (step 4; never below 0, C#58).
    Reduced(u32),
    /// Its cost reads n (step 1; its reduction symbols then reduce n).
    As(u32),
    /// Its cost reads its payer's life total when paid (step 1; ruling C#84: its
    /// reduction symbols still reduce it).
    AsLife,
}

impl PaidCostChange {
    /// `"reduce"`, `"as"` (with n) or `"life"` → a change.
    pub fn parse(s: &str, n: u32) -> Option<PaidCostChange> {
        Some(match s {
            "reduce" => PaidCostChange::Reduced(n),
            "as" => PaidCostChange::As(n),
            "life" => PaidCostChange::AsLife,
            _ => return None,
        })
    }
}

/// Where the life cores an attack removes go (BS-6.5.1: the defender's reserve unless an
/// effect replaces it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LifeCoreSink {
    /// The defender's reserve (the rule itself).
    Reserve,
    /// The defender's trash.
    Trash,
    /// The void (BS-0.3): they leave the game.
    Void,
}

impl LifeCoreSink {
    /// `"reserve"`, `"trash"`, `"void"` → a place.
    pub fn parse(s: &str) -> Option<LifeCoreSink> {
        Some(match s {
            "reserve" => LifeCoreSink::Reserve,
            "trash" => LifeCoreSink::Trash,
            "void" => LifeCoreSink::Void,
            _ => return None,
        })
    }
}

/// A card joined to an attacker for one battle (`link_for_battle`): while `active`, the
/// attacker has the card's BP and symbols added to its own. An ended join stays listed
/// until the battle ends, so a battle has one join at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleJoin {
    /// The attacking card.
    pub attacker: InstanceId,
    /// The card joined to it.
    pub card: InstanceId,
    /// Still in force (both cards stayed on the field).
    pub active: bool,
}

/// A modifier on a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// The card modified.
    pub card: InstanceId,
    /// What changes.
    pub kind: ModKind,
    /// Until when.
    pub until: Until,
    /// The controller of the effect that gave it (`None`: given by the rules or a test);
    /// a destruction at 0 BP it caused is "by the opponent" when that is the card owner's
    /// opponent (BS-5.3.1, BS-10).
    #[serde(default)]
    pub by: Option<PlayerId>,
}

/// A value a sub-trigger closure captured (kept in saves).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Value {
    Unit,
    Bool(bool),
    Int(i64),
    Str(String),
    Card(InstanceId),
    Query(Query),
    Array(Vec<Value>),
}

/// A question an effect asks (a decision of kind `EffectChoice`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Who answers.
    pub player: PlayerId,
    /// One line for people.
    pub prompt: String,
    /// Every legal answer.
    pub options: Vec<Labelled<Choice>>,
}

/// The game stopped in the middle of a step because an effect asked a question. The state
/// is the one before the step started; answering re-runs the step (`base`, then the effect
/// answers in order) with `answers` + the new answer. See README "Effects and decisions".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The decision answer that started the step (`None`: an automatic step).
    pub base: Option<Choice>,
    /// Answers given to the step's earlier questions, in order.
    pub answers: Vec<Choice>,
    /// The question waiting for an answer.
    pub question: Question,
    /// The events the step produced before the question (undone, shown to people: they
    /// happen again, identically, once the question is answered).
    #[serde(default)]
    pub preview: Vec<crate::rules::battle_spirits::Event>,
    /// What each player saw when the question was asked (the state after `preview`, by
    /// `PlayerId::index()`): `Game::view` shows it while the question waits, so a person
    /// sees the attacker exhausted and the paid magic gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub views: Option<Box<[crate::rules::battle_spirits::View; 2]>>,
}

/// Effects' part of the saved state.
/// (`state_copy`: a copy into an earlier copy.)
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptState {
    /// Modifiers in force with a duration (constant ones are computed when read).
    pub modifiers: Vec<Modifier>,
    /// (card, effect) pairs that used their once-per-turn (BS-8.3), cleared at turn end.
    pub once: BTreeSet<(InstanceId, u32)>,
    /// `when(…)` closures waiting for their event.
    pub subs: Vec<SubTrigger>,
    /// The effect question the game waits at, if any.
    pub pending: Option<Pending>,
    /// Cards destroyed this turn (for `destroyed_this_turn`).
    pub destroyed_this_turn: Vec<InstanceId>,
    /// The step in progress (between its StepStart and StepEnd hooks).
    pub step: Option<StepName>,
    /// An effect ended the battle (BS-6.7) / the attack step.
    pub end_battle: bool,
    /// An effect ended the attack step (after the current battle, BS-6.1).
    pub end_attack_step: bool,
    /// Field [Main]/[Flash] effects used this turn (offered once per turn).
    pub activated: BTreeSet<(InstanceId, u32)>,
    /// A destruction by BP comparison is in progress (BS-6.6): what "destroyed in battle"
    /// means, not any destruction while a battle is on (rulings-cards.json #193).
    #[serde(default)]
    pub battle_destruction: bool,
    /// A destruction at 0 BP is in progress (BS-5.3.1): what "destroyed via reducing its BP
    /// to 0" means.
    #[serde(default)]
    pub zero_bp_destruction: bool,
    /// Watched happenings waiting to be resolved (`Game::flush_watch`).
    #[serde(default)]
    pub watch_queue: Vec<Watched>,
    /// The card whose effect is destroying cards now (for `ev_destroys(…, false)`).
    #[serde(default)]
    pub destroying_source: Option<InstanceId>,
    /// Cards whose destruction is in progress (BS-6.6: their "when destroyed" resolves
    /// once; they are no target of another destruction).
    #[serde(default)]
    pub being_destroyed: Vec<InstanceId>,
    /// Constant effects already reported inert or failed (once per game each).
    #[serde(default)]
    pub constant_reported: BTreeSet<(InstanceId, u32)>,
    /// The join of the current battle (`link_for_battle`), if any; cleared when the
    /// battle ends (BS-6.7).
    #[serde(default)]
    pub battle_join: Option<BattleJoin>,
    /// Magic cards used during the current battle (BS-5.5), with their user; cleared when
    /// the battle ends (BS-6.7).
    #[serde(default)]
    pub battle_magic: Vec<(InstanceId, PlayerId)>,
    /// Uses counted by `use_per_turn` (BS-8.3): (card, effect, turn, uses that turn).
    #[serde(default)]
    pub uses: Vec<(InstanceId, u32, u32, u32)>,
    /// "Not triggered by this effect" rules of the effects resolving now (ruling C#13).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub silenced: Vec<Silence>,
    /// Cards whose destruction is in progress that go to their owner's hand instead of
    /// the trash (BS-6.6 replaced; ruling C#194: their "when destroyed" effects work).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destroyed_to_hand: Vec<InstanceId>,
    /// Cards whose destruction a replacement stops (BS-6.6 replaced; rulings C#37, C#77):
    /// each stays on the field as said, or goes to its owner's hand, not destroyed
    /// (card, what instead, the card whose effect replaced it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destruction_replaced: Vec<(InstanceId, Kept, InstanceId)>,
    /// The magic now resolving that returns to its owner's hand after its effect resolves,
    /// instead of the trash (BS-5.5; "Return this card to your hand after its effect
    /// resolves").
    #[serde(default)]
    pub magic_to_hand: Option<InstanceId>,
    /// (summoned card, the spirit whose cores paid its Ascend) this turn (keyword rulings
    /// K1-K3; `ascended_using`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ascended: Vec<(InstanceId, InstanceId)>,
}
