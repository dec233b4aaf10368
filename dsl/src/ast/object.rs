//! What an action acts on and how much: owners, card kinds, zones, colours, query filters, targets,
//! durations, amounts, core places and counts, deck positions.

use super::*;

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
    /// "with fewer BP than this spirit".
    BpBelowThis,
    /// "with fewer BP than them" said of attacking spirits: less BP than the attacking
    /// spirit of the current battle (BS-6.3).
    BpBelowAttacker,
    /// "without "When This Spirit Blocks" effects": no effect of that timing now.
    LacksEffect(String),
    /// "that (do not) share a color with any of the symbols on their field": a colour of
    /// the card is (is not) the colour of a symbol on its owner's field.
    SharesFieldSymbolColour(bool),
    /// "with higher BP than your opponent's highest BP spirit": more BP than every spirit
    /// of that owner.
    BpAboveHighest(Owner),
    /// "with BP equal to this spirit's BP".
    BpEqualsThis,
    /// "that is not currently attacking".
    NotAttacking,
    /// "of exactly N colours" (its printed colours, its braves' and colours it gained).
    ColoursIs(u32),
    /// "of N or more colours".
    ColoursAtLeast(u32),
    /// "summoned this turn": came onto the field during this turn.
    SummonedThisTurn,
    /// "other than NAME": not the card of that name.
    NotNamed(String),
    /// "with effects listed": a card with effects (not one with no effects).
    HasEffects,
    /// "with the same cost as any of your spirits": its cost is one of theirs.
    CostSameAsAny(Box<Query>),
    /// "except blue Angel spirits": not matched by the query.
    Except(Box<Query>),
    /// "that is blocking one of your Dragon spirits": the blocker, while the spirit it
    /// blocks matches the query (BS-6.3).
    BlockingOneOf(Box<Query>),
    /// "that is being blocked by one of your spirits with Curse": the attacker, while its
    /// blocker matches the query (BS-6.3).
    BlockedByOneOf(Box<Query>),
    /// "that costs the most" (`true`) / "the least": the highest (lowest) cost among them.
    CostExtreme(bool),
    /// "that cost the same as it": its cost is one of the chosen cards'.
    CostSameAsSelected,
    /// "that cost the same as your life total": its cost is your life now.
    CostIsLife,
    /// "with one or more of the same spirit type as that spirit": shares a family with one
    /// of the chosen cards.
    FamilySameAsSelected,
    /// "that costs less than the destroyed spirit": below the cost of the card the
    /// watcher's event is about.
    CostBelowEventCard,
    /// "with BP equal to that of the destroyed spirit": the event card's BP.
    BpEqualsEventCard,
    /// "costs the same as the destroyed spirit": the event card's cost.
    CostSameAsEventCard,
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
    /// "up to as many … as you have yellow symbols": up to your field's symbols of the
    /// colour (BS-5.2 step 3 counts them).
    UpToSymbols(Colour),
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
    /// The chosen cards and every card matching the query, each once ("that spirit and all
    /// of your spirits with …").
    SelectedAndAll(Query),
    /// Each of the choices in turn, together ("one of your opponent's spirits and one of
    /// their nexuses").
    ChooseEach(Vec<Target>),
    /// `count` cards chosen among what the effect chose or revealed before ("any number of
    /// them"), without selecting them.
    ChooseAmongSelected(Count),
    /// The cards the last two selections chose together ("Your opponent selects one of
    /// their spirits. Then, select one of your spirits. Destroy both spirits.").
    BothSelected,
    /// The card the watcher's event is about ("the destroyed spirit"), not a selection.
    EventCard,
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
    /// "for each symbol they have" / "for each core on them": each card changed counts its
    /// own (only BP takes it).
    PerOwn(u32, OwnCount),
    /// "a number … equal to that spirit's cost": the cost of what the effect selected.
    CostOfSelected,
    /// The amount, but never more than N ("You can discard a maximum of twelve cards with
    /// this effect").
    AtMost(Box<Amount>, u32),
}

/// What a card counts of its own for [`Amount::PerOwn`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum OwnCount {
    /// Its symbols.
    Symbols,
    /// The cores on it.
    Cores,
}

impl OwnCount {
    /// The word the script API takes.
    pub fn name(self) -> &'static str {
        match self {
            OwnCount::Symbols => "symbols",
            OwnCount::Cores => "cores",
        }
    }
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
    /// N cores that are not the soul core ("two cores that are not a "Soul Core"").
    Ordinary(u32),
}

/// Position in a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DeckPos {
    /// On top.
    Top,
    /// At the bottom.
    Bottom,
}
