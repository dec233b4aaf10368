//! The one typed effect AST that every card-text grammar (English, Japanese) produces.
//!
//! An [`EffectText`] is the ygopro-style contract of one printed effect: *when* ([`Timing`],
//! BS-8.1), at which levels, *what it does* (a list of [`Action`]s). Sentences the grammar did
//! not understand stay in the body as [`Action::Unparsed`] so a partial parse is visible and is
//! never half-run (issue 5, "precedence").

use serde::Serialize;

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
    /// A timing label a pack declared (issue 12): the hook name it maps to
    /// (`on_links_this`, or an engine hook name).
    Pack(String),
}

/// Owner side of a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Owner {
    /// Your cards.
    You,
    /// The opponent's cards.
    Opponent,
    /// Either player's cards.
    Any,
}

/// What kind of card a query selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CardKind {
    /// Spirits on the field.
    Spirit,
    /// Nexuses on the field.
    Nexus,
    /// Spirits or nexuses.
    SpiritOrNexus,
    /// A spirit card (in a zone other than the field).
    SpiritCard,
    /// A magic card.
    MagicCard,
    /// Any card.
    Card,
}

/// Where the queried cards are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Zone {
    /// The field.
    Field,
    /// The trash.
    Trash,
    /// The hand.
    Hand,
    /// Cards revealed / viewed by this effect.
    Revealed,
    /// Cards this effect discarded from a deck ("among the discarded cards").
    Discarded,
}

/// A card colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Colour {
    /// Red.
    Red,
    /// Purple.
    Purple,
    /// Green.
    Green,
    /// White.
    White,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
}

impl Colour {
    /// Lower-case English name, as the script API expects.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Purple => "purple",
            Colour::Green => "green",
            Colour::White => "white",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
        }
    }
}

/// One filter of a query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Filter {
    /// "with X or fewer BP", 「BPX以下」.
    BpAtMost(u32),
    /// "with X or more BP".
    BpAtLeast(u32),
    /// "that costs X or fewer", 「コストX以下」.
    CostAtMost(u32),
    /// "that costs X or more".
    CostAtLeast(u32),
    /// "that costs X".
    CostIs(u32),
    /// A colour ("red spirit").
    Colour(Colour),
    /// One of these families ("Terrasaur or Emperor Beast spirit", 系統：「竜人」).
    Family(Vec<String>),
    /// "with a combined total of X or fewer BP" (applies to the whole choice).
    CombinedBpAtMost(u32),
    /// Exhausted (疲労状態).
    Exhausted,
    /// Refreshed (回復状態).
    Refreshed,
    /// "with "X" in its card name" (カード名に「X」).
    NameContains(String),
    /// "with Curse or Bloodcurse": has any of the keywords.
    HasKeyword(Vec<String>),
    /// "with a "Soul Core" on it".
    HasSoulCore,
    /// "other": not this card.
    Other,
    /// "with N symbol(s)".
    Symbols(u32),
    /// "with N core(s) on it".
    Cores(u32),
    /// "with N or fewer cores".
    CoresAtMost(u32),
    /// "with N or more cores".
    CoresAtLeast(u32),
    /// At a given level ("LV1 spirits").
    Level(u8),
    /// "that is attacking".
    Attacking,
    /// "that is blocking".
    Blocking,
    /// "attacking or blocking".
    AttackingOrBlocking,
    /// "that costs 5 or 6".
    CostOneOf(Vec<u32>),
    /// "that is LV2 or higher".
    LevelAtLeast(u8),
    /// "without a "Soul Core" on it".
    NoSoulCore,
    /// "with a "When Summoned" effect".
    HasEffect(String),
    /// "with no effects listed".
    NoEffects,
    /// "that does not have Ascend".
    LacksKeyword(String),
    /// "token".
    Token,
    /// "that are not tokens".
    NotToken,
    /// "with a combined total of X or fewer cost" (applies to the whole choice).
    CombinedCostAtMost(u32),
    /// A card named so ("an Amethyst Sanctuary").
    Named(String),
    /// "with BP equal to or fewer than this one".
    BpAtMostThis,
    /// "with BP equal to this spirit's BP".
    BpEqualsThis,
    /// "that is not currently attacking".
    NotAttacking,
}

/// A set of cards described by the text (`opponent_spirits().bp_at_most(3000)`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Query {
    /// Whose cards.
    pub owner: Owner,
    /// What kind of card.
    pub kind: CardKind,
    /// Where.
    pub zone: Zone,
    /// Filters, all of which must hold.
    pub filters: Vec<Filter>,
}

/// How many cards a choice takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Count {
    /// Exactly N (as many as possible).
    Exactly(u32),
    /// Up to N.
    UpTo(u32),
    /// Any number.
    AnyNumber,
    /// N for each card matching the query ("for each …", BS-13-style counts).
    PerEach(u32, Query),
}

/// The cards an action applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Target {
    /// This card ("this spirit", 「このスピリット」).
    This,
    /// The cards chosen by the previous selection ("it", "them", "that spirit").
    Selected,
    /// Chosen now: `count` cards from `query`, chosen by `chooser`.
    Choose {
        /// How many.
        count: Count,
        /// From which cards.
        query: Query,
        /// Who chooses.
        chooser: Whose,
    },
    /// The spirit blocking in the current battle.
    Blocker,
    /// The spirit attacking in the current battle.
    Attacker,
    /// `count` cards chosen among the union of several queries ("one of your opponent's
    /// spirits with 3000 or fewer BP or one of their nexuses").
    ChooseUnion {
        /// How many.
        count: Count,
        /// The alternatives.
        queries: Vec<Query>,
        /// Who chooses.
        chooser: Whose,
    },
    /// Every card matching the query ("all of your spirits").
    All(Query),
    /// The top N cards of your deck ("the top card of your deck", for tecoto, BS-13.1).
    DeckTop(u32),
}

/// How long a change lasts (BS-6.7, BS-7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Duration {
    /// Until the end of the turn.
    Turn,
    /// Until the end of the battle.
    Battle,
    /// As long as the effect applies (constant effects).
    WhileActive,
}

impl Duration {
    /// The word the script API takes.
    pub fn name(self) -> &'static str {
        match self {
            Duration::Turn => "turn",
            Duration::Battle => "battle",
            Duration::WhileActive => "while",
        }
    }
}

/// A number printed in the text, possibly multiplied by a count ("for each …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Amount {
    /// A fixed number.
    Fixed(u32),
    /// `n` for each card matching the query.
    PerEach(u32, Query),
    /// "for every level this spirit has".
    PerLevel(u32),
    /// "for each spirit destroyed by this effect".
    PerDestroyedByThisEffect(u32),
}

/// Where cores come from or go to (BS-0.3, BS-0.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CorePlace {
    /// The void.
    Void,
    /// Your reserve.
    Reserve,
    /// The opponent's reserve / "their reserve" (of the card's owner).
    OwnersReserve,
    /// Your life.
    Life,
    /// The opponent's life.
    OpponentLife,
    /// Your trash.
    Trash,
    /// The opponent's trash.
    OwnersTrash,
    /// Onto the given cards.
    On(Target),
}

/// How many cores to remove.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CoreCount {
    /// Exactly N.
    Exactly(u32),
    /// Up to N.
    UpTo(u32),
    /// All but N.
    AllBut(u32),
    /// All of them.
    All,
    /// The soul core.
    SoulCore,
}

/// Position in a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DeckPos {
    /// On top.
    Top,
    /// At the bottom.
    Bottom,
}

/// What a protection ("cannot be … by your opponent's effects") prevents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Protection {
    /// Being exhausted.
    Exhausted,
    /// Being returned to hand or deck.
    Returned,
    /// Being selected.
    Selected,
}

impl Protection {
    /// The word the script API takes.
    pub fn name(self) -> &'static str {
        match self {
            Protection::Exhausted => "exhausted",
            Protection::Returned => "returned",
            Protection::Selected => "selected",
        }
    }
}

/// A condition in "if …" sentences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Condition {
    /// "if this spirit has a "Soul Core" on it".
    ThisHasSoulCore,
    /// "if you control a … (spirit|nexus)": at least `n` matching cards.
    YouControl(u32, Query),
    /// "if you have less life than your opponent".
    LessLifeThanOpponent,
    /// "if you have fewer cards in your hand than your opponent".
    FewerHandThanOpponent,
    /// 「自分のバーストをセットしている」: you have a burst set.
    BurstSet,
    /// "if you have N or fewer life".
    LifeAtMost(u32),
    /// "if you spend a "Soul Core" as part of this card's (summoning) cost".
    SoulCoreSpent,
    /// "if you only have … spirits on the field".
    OnlyHave(Query),
    /// "if your opponent controls a …": at least `n` matching cards.
    OpponentControls(u32, Query),
    /// "if this spirit is exhausted".
    ThisExhausted,
    /// "if this spirit is refreshed".
    ThisRefreshed,
    /// "if this spirit has N or more BP".
    ThisBpAtLeast(u32),
    /// "if you only have N or fewer … spirits".
    YouControlAtMost(u32, Query),
    /// "if one of your … spirits has been destroyed this turn".
    DestroyedThisTurn(Query),
    /// "if you summon this spirit from your hand" / "… from the trash".
    SummonedFrom(Zone),
    /// "if it is a … card": the selected / revealed card matches.
    SelectedIs(Query),
    /// "if you have three or more red symbols" (on your field).
    SymbolsAtLeast(u32, Colour),
    /// "if it is your opponent's turn".
    OpponentsTurn,
    /// "if it is your turn".
    YourTurn,
    /// "if you destroy a spirit with this effect".
    DestroyedByThisEffect,
    /// "if N or more spirits are destroyed by this effect".
    DestroyedByThisEffectAtLeast(u32),
    /// "if used during your main step".
    InStep(Whose, Step),
    /// "if you summon a spirit with this effect".
    SummonedByThisEffect,
    /// "if your opponent has N or more cards in their trash".
    OpponentTrashAtLeast(u32),
    /// "if you have N or more cards in your trash".
    TrashAtLeast(u32),
    /// All of the conditions ("… and …").
    All(Vec<Condition>),
    /// At least one card matches the query ("if a nexus card is among the discarded cards").
    AnyMatch(Query),
    /// While a card matching the query is being summoned or placed (cost reduction).
    WhileSummoning(Query),
    /// The negation of a condition ("if it is not green").
    Not(Box<Condition>),
    /// "if your count is N or more" (BS-13.2): cores in your count area ≥ N.
    CountAtLeast(u32),
    /// "if your count is N or less" (BS-13.2): cores in your count area ≤ N.
    CountAtMost(u32),
    /// "Ultimate Trigger: if it hits, …" (BS-12.5): the trigger always happens (the
    /// opponent's top deck card goes to the trash); the rest works only on a hit.
    UltimateTriggerHits,
}

/// Who an event is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Subject {
    /// This card.
    This,
    /// This card's attack.
    ThisAttack,
    /// Any card matching the query.
    AnyOf(Query),
    /// An attack by a card matching the query.
    AttackOf(Query),
}

/// An event inside the text ("when one of your spirits is destroyed, …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Event {
    /// Is destroyed (BS-6.6).
    Destroyed {
        /// Which cards.
        who: Subject,
        /// By the opponent.
        by_opponent: bool,
        /// In battle, by comparing BP.
        in_battle: bool,
    },
    /// Attacks (BS-6.1).
    Attacks(Subject),
    /// Blocks (BS-6.3).
    Blocks(Subject),
    /// Is blocked.
    Blocked(Subject),
    /// Is summoned.
    Summoned(Subject),
    /// Is exhausted.
    Exhausted(Subject),
    /// Is refreshed.
    Refreshed(Subject),
    /// Is returned to its owner's hand.
    ReturnedToHand(Subject),
    /// Is returned to its owner's hand or deck.
    ReturnedToHandOrDeck(Subject),
    /// Reduces the opponent's life.
    ReducesOpponentLife(Subject),
    /// Destroys an opposing spirit (matching `victim`'s filters, if any).
    DestroysOpponentSpirit {
        /// Which cards.
        who: Subject,
        /// Filters on the destroyed spirit ("with 3000 or fewer BP").
        victim: Vec<Filter>,
        /// In battle, by comparing BP.
        in_battle: bool,
    },
    /// A player uses a magic card (matching the filters).
    UsesMagic(Whose, Vec<Filter>),
    /// A player summons a spirit matching the query.
    Summons(Whose, Query),
    /// Your life is reduced.
    LoseLife,
    /// Either player's life is reduced.
    EitherLosesLife,
    /// Your life is reduced by an attack from a card matching the query.
    LifeReducedByAttackOf(Query),
    /// You reduce your opponent's life.
    ReduceOpponentLife,
    /// The opponent draws.
    OpponentDraws,
    /// The opponent draws outside of their draw step.
    OpponentDrawsOutsideDrawStep,
    /// The opponent's effect discards at least N cards from your deck.
    OpponentMillsYou(u32),
    /// You draw a card with one of your effects.
    YouDrawByEffect,
    /// Your life increases.
    LifeIncreases,
    /// The battle ends (BS-6.7).
    BattleEnds,
    /// A core is placed into your reserve.
    CorePlacedInReserve,
    /// A core is placed onto this card.
    CorePlacedOnThis,
    /// You set a burst (BS-10.1).
    YouSetBurst,
    /// A card matching the query is discarded by this effect (or by your keyword effect).
    Discarded(Query),
    /// The end of this turn (BS-7.1).
    EndOfTurn,
}

/// One thing an effect does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Action {
    /// Choose cards; later "it"/"them" refer to them.
    Select(Target),
    /// Draw N cards (BS-3).
    Draw(Amount),
    /// A player draws N cards (the opponent, or both players).
    PlayerDraws(Whose, u32),
    /// Draw until you have N cards in hand.
    DrawUntil(u32),
    /// Shuffle your deck.
    Shuffle,
    /// Destroy (BS-6.6).
    Destroy(Target),
    /// Exhaust.
    Exhaust(Target),
    /// Refresh.
    Refresh(Target),
    /// Return to their owner's hand.
    ReturnToHand(Target),
    /// Return to the owner's deck.
    ReturnToDeck(Target, DeckPos),
    /// BP +/- X for a duration (negative = "reduce its BP by X").
    Bp {
        /// Affected cards.
        target: Target,
        /// Signed change per unit.
        amount: i64,
        /// Multiplier, if any.
        per: Option<Amount>,
        /// How long.
        duration: Duration,
    },
    /// Place N cores from a place to a place.
    MoveCores {
        /// How many.
        count: CoreCount,
        /// From where (void, or `On(target)` to remove from a card).
        from: CorePlace,
        /// To where.
        to: CorePlace,
        /// Multiplier ("for each …").
        per: Option<Amount>,
    },
    /// Put the top N cards of a deck into the trash ("discard the top N cards of your deck").
    Mill {
        /// Whose deck.
        whose: Whose,
        /// How many.
        count: Amount,
    },
    /// Discard N cards from hand.
    Discard {
        /// Who discards.
        whose: Whose,
        /// How many.
        count: u32,
        /// Which cards may be discarded (`None` = any).
        filter: Option<Query>,
    },
    /// Put the selected cards (from hand) into the trash ("discards it").
    DiscardSelected,
    /// Discard your whole hand.
    DiscardHand,
    /// Discard N of your set bursts (a cost, 「自分のバースト1つを破棄することで」).
    DiscardBurst(u32),
    /// This spirit attacks the target ("attack that spirit").
    AttackTarget(Target),
    /// Pay cores as a cost ("pay a "Soul Core"", "pay two cores from this spirit").
    PayCores {
        /// How many.
        count: CoreCount,
        /// From which card (`None` = anywhere the player chooses).
        from: Option<Target>,
    },
    /// Deploy (place) a nexus (BS-5.4).
    Deploy {
        /// Which card.
        target: Target,
        /// Without paying its cost.
        free: bool,
    },
    /// Reveal (or view) the top N cards of your deck.
    Reveal(Amount),
    /// Add cards from the revealed cards to your hand.
    AddToHand(Target),
    /// Return the remaining revealed cards to the deck.
    RemainingToDeck(DeckPos),
    /// Discard the remaining revealed cards.
    RemainingToTrash,
    /// Cannot attack for a duration.
    CannotAttack(Target, Duration),
    /// Cannot block for a duration.
    CannotBlock(Target, Duration),
    /// Cannot be blocked (by cards matching the query, if given) for a duration.
    CannotBeBlocked(Target, Option<Query>, Duration),
    /// Gains N symbols of a colour.
    GainSymbols(Target, u32, Colour, Duration),
    /// Gains a family (spirit type).
    GainFamily(Target, String, Duration),
    /// Gains a keyword.
    GainKeyword(Target, Keyword, Duration),
    /// Cannot be destroyed (by the opponent's effects only, if `by_opponent`).
    CannotBeDestroyed {
        /// Which cards.
        target: Target,
        /// Only against the opponent's effects.
        by_opponent: bool,
        /// How long.
        duration: Duration,
    },
    /// Cannot be exhausted / returned / selected by the opponent's effects.
    CannotBe {
        /// Which cards.
        target: Target,
        /// What the opponent's effects cannot do to them.
        what: Protection,
        /// How long.
        duration: Duration,
    },
    /// "This spirit must attack if able".
    MustAttack(Target, Duration),
    /// "That spirit can block while exhausted".
    CanBlockWhileExhausted(Target, Duration),
    /// Count/treat the card's symbols as N symbols (of a colour) (BS-5.2 cost reduction).
    SymbolsAs {
        /// Which cards.
        target: Target,
        /// How many symbols each counts as.
        count: u32,
        /// Of which colour, if said.
        colour: Option<Colour>,
        /// How long.
        duration: Duration,
    },
    /// "Treat it as its highest level".
    TreatAsHighestLevel(Target, Duration),
    /// "Treat it as LVn".
    TreatAsLevel(Target, u8, Duration),
    /// Summon (from hand / trash / revealed).
    Summon {
        /// What.
        target: Target,
        /// Without paying its cost.
        free: bool,
        /// Enters exhausted.
        exhausted: bool,
    },
    /// "You may then pay this card's cost to activate its main/flash effect" (BS-10.4).
    PayCostToActivate(StepKind),
    /// "Activate this card's main effect without paying its cost".
    ActivateFree(StepKind),
    /// "Count +N" (positive) / "Count -N" (negative) (BS-13.2).
    Count(i64),
    /// "Heavily exhaust …" (BS-13.4).
    HeavilyExhaust(Target),
    /// "Put … into your tecoto" (BS-13.1): face up, in the owners' tecoto.
    PutIntoTecoto(Target),
    /// "… cannot attack unless they pay N cores" (an attack tax).
    AttackTax {
        /// Which cards.
        target: Target,
        /// Cores to pay per attack.
        cores: u32,
        /// How long.
        duration: Duration,
    },
    /// 「アタックステップを終了する」: end the attack step.
    EndAttackStep,
    /// 「今行っているバトルを終了させる」: end the current battle.
    EndBattle,
    /// Sequence run only if the player says yes ("you may").
    May(Vec<Action>),
    /// Sequence run only if the preceding optional action was done ("If you do,").
    IfYouDo(Vec<Action>),
    /// Sequence run only if a condition holds.
    If(Condition, Vec<Action>),
    /// The other branch of the preceding `If` ("Otherwise,", "If it is not,").
    Otherwise(Vec<Action>),
    /// A triggered sub-effect: run the sequence each time the event happens, for the given
    /// duration ("During this turn, when …"; `WhileActive` = as long as the effect applies).
    When(Event, Duration, Vec<Action>),
    /// Sequence run the given number of times ("For each …, …", "For every level …, …").
    Repeat(Amount, Vec<Action>),
    /// Sequence run once per turn (BS-8.3).
    OncePerTurn(Vec<Action>),
    /// A sentence read by a pack-declared phrase (issue 12): the phrase's rhai, with each
    /// `{slot}` replaced by its value.
    Phrase {
        /// The phrase's template (`Gain {n:number} cores from the void`).
        template: String,
        /// The phrase's rhai (`gain_cores({n})`).
        rhai: String,
        /// Each slot's name and value, in template order.
        slots: Vec<(String, SlotValue)>,
    },
    /// A sentence the grammar did not understand. The effect is not executable.
    Unparsed {
        /// The sentence.
        text: String,
        /// Where it is in the parsed text.
        span: Span,
    },
}

/// The value of a phrase slot (see `vocab::SlotKind`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SlotValue {
    /// A number.
    Number(u32),
    /// A colour.
    Colour(Colour),
    /// A family name.
    Family(String),
    /// Cards chosen or named.
    Target(Target),
    /// A set of cards.
    Filter(Query),
    /// How long.
    Duration(Duration),
    /// A nested sentence's actions.
    Sentence(Vec<Action>),
}
