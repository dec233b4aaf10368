//! What an effect does: actions, their conditions, subjects and events, protections, and the slot
//! values of pack phrases.

use super::*;

/// What a protection ("cannot be … by your opponent's effects") prevents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Protection {
    /// Being exhausted.
    Exhausted,
    /// Being returned to hand or deck.
    Returned,
    /// Being selected.
    Selected,
    /// Being discarded from the hand.
    Discarded,
    /// Having cores removed (to any place).
    CoresRemoved,
}

impl Protection {
    /// The word the script API takes.
    pub fn name(self) -> &'static str {
        match self {
            Protection::Exhausted => "exhausted",
            Protection::Returned => "returned",
            Protection::Selected => "selected",
            Protection::Discarded => "discarded",
            Protection::CoresRemoved => "cores_removed",
        }
    }

    /// What the card cannot do, in words: "be exhausted", "have its cores removed" ….
    pub fn words(self) -> &'static str {
        match self {
            Protection::Exhausted => "be exhausted",
            Protection::Returned => "be returned",
            Protection::Selected => "be selected",
            Protection::Discarded => "be discarded",
            Protection::CoresRemoved => "have its cores removed",
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
    /// "if you did not lose life this turn": your life is not below what it was when the
    /// turn began (ruling C#178).
    NoLifeLostThisTurn,
    /// The attack being declared is the turn's first (ruling C#62: the first attack after
    /// the attack step began).
    FirstAttackThisTurn,
    /// "if all the spirits on your field cost the same amount": false with no spirits
    /// (ruling C#73).
    SpiritsSameCost,
    /// "if you have fewer cards in your hand than your opponent".
    FewerHandThanOpponent,
    /// 「自分のバーストをセットしている」: you have a burst set.
    BurstSet,
    /// "if you have N or fewer life".
    LifeAtMost(u32),
    /// "if you spend a "Soul Core" as part of this card's (summoning) cost".
    SoulCoreSpent,
    /// "If you place a "Soul Core" into your reserve with this effect": this effect moved a
    /// soul core.
    SoulCoreMoved,
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
    /// "If the number of spirits you control is equal to or fewer than your opponent": your
    /// field spirits are no more than theirs.
    SpiritsAtMostOpponent,
    /// "If two or more of your opponent's spirits have been destroyed this turn": at least
    /// n cards the query matches were destroyed this turn (wherever they are now).
    DestroyedThisTurnAtLeast(u32, Query),
    /// "If this spirit performs Ascend using a spirit that costs 6 or more" (keyword
    /// rulings K1-K3): the spirit whose cores paid this card's Ascend this turn matches
    /// (wherever it is now).
    AscendedUsing(Query),
    /// "If the destroyed spirit was an Angel spirit": the card the event is about matches
    /// the query wherever it is now.
    EventCardIs(Query),
    /// "This effect does not duplicate": of your field cards with this card's name whose
    /// copy of this effect is in force, only the first (in instance order) works; the
    /// copies do not add up. Off the field (a magic card), always.
    NotDuplicated,
    /// "Ultimate Trigger: if it hits, …" (BS-12.5): the trigger always happens (the
    /// opponent's top deck card goes to the trash); the rest works only on a hit.
    UltimateTriggerHits,
    /// While this card's own cost is paid ("when summoning this spirit from your hand",
    /// "when you use this magic card"; BS-5.2).
    PayingThis,
    /// No magic card was used by you this turn (BS-5.5; "the first magic card you use each
    /// turn").
    NoMagicUsedThisTurn,
    /// While the cost of a card matching the query is paid ("when you use a magic card …
    /// when calculating cost reduction"; BS-5.2).
    Paying(Query),
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
    /// The card(s) the effect chose before ("if it attacks …"): a delayed trigger on them.
    Chosen,
    /// This card or any card matching the query ("this spirit or one of your spirits with
    /// Swift").
    ThisOr(Query),
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
    /// Is destroyed because an effect took its BP to 0 (BS-5.3.1): "destroyed via reducing
    /// its BP to 0".
    DestroyedAtZeroBp(Subject),
    /// Attacks (BS-6.1).
    Attacks(Subject),
    /// Attacks or blocks (BS-6.1, BS-6.3): either happening.
    AttacksOrBlocks(Subject),
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
        /// Only in battle, by comparing BP; `false`: by BP comparison or by an effect
        /// (BS-6.6, ruling C#102).
        in_battle: bool,
    },
    /// An effect of a card of `Whose` destroys an opposing spirit matching `victim`'s filters
    /// (BS-6.6; not in battle): "when one of your effects destroys one of your opponent's
    /// spirits".
    EffectOfPlayerDestroys(Whose, Vec<Filter>),
    /// An effect of a card `who` matches destroys an opposing spirit matching `victim`'s
    /// filters, not in battle: "when an effect on one of your spirits … destroys …".
    EffectOfCardDestroys {
        /// The card whose effect destroys.
        who: Subject,
        /// Filters on the destroyed spirit.
        victim: Vec<Filter>,
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
    /// The opponent draws a card with one of their own effects (not the draw step's
    /// draw, BS-3).
    OpponentDrawsByEffect,
    /// The opponent's effect discards at least N cards from your deck.
    OpponentMillsYou(u32),
    /// You draw a card with one of your effects.
    YouDrawByEffect,
    /// Your life increases.
    LifeIncreases,
    /// The opponent's life increases ("a core is added to your opponent's life").
    OpponentLifeIncreases,
    /// The battle ends (BS-6.7).
    BattleEnds,
    /// A core is placed into your reserve.
    CorePlacedInReserve,
    /// A core is placed onto this card.
    CorePlacedOnThis,
    /// You set a burst (BS-10.1).
    YouSetBurst,
    /// A card matching the query is discarded by this effect.
    Discarded(Query),
    /// A card matching the query is put from a deck into the trash by an effect of your
    /// keyword (its name) ("discarded by your Crush effect"; rulings C#68, C#76).
    MilledByKeyword(String, Query),
    /// The end of this turn (BS-7.1).
    EndOfTurn,
    /// Would be destroyed (BS-6.6): its destruction starts, before any "when destroyed"
    /// effect, while a replacement ("… instead") can still stop it.
    WouldBeDestroyed {
        /// Which cards.
        who: Subject,
        /// Which destructions.
        cause: DestroyCause,
    },
    /// A happening an effect makes (BS-8.1): an effect of a card `whose` controls, of the
    /// keyword named when one is ("by your opponent's effect", "by a Gale effect").
    Caused {
        /// What happens.
        what: CausedKind,
        /// To which cards (`None`: to the effect's controller, as cards into their hand).
        cards: Option<Query>,
        /// Whose effect.
        whose: Whose,
        /// Which keyword's effect.
        keyword: Option<String>,
    },
    /// A card has the higher BP when BP are compared in battle (BS-6.5.2): only the other
    /// is destroyed (BS-6.6).
    WinsComparison(Subject),
    /// A spirit matching the query is summoned from its owner's trash (BS-5.1).
    SummonedFromTrash(Query),
    /// A battle ends (BS-6.7) in which a card matching the query attacked or blocked; with
    /// `on_field`, only when that card is still on the field.
    BattleEndsWith {
        /// Which cards.
        who: Query,
        /// Still on the field when the battle ends.
        on_field: bool,
    },
}

/// What an effect does in an [`Event::Caused`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CausedKind {
    /// Destroys a card (BS-6.6, not in battle).
    Destroyed,
    /// Exhausts a card.
    Exhausted,
    /// Reduces a spirit's cores to zero: depletion (BS-5.3).
    Depleted,
    /// Places a core from the void (BS-0.3) onto a card or into its controller's reserve.
    CoreFromVoid,
    /// Adds cards to its controller's hand.
    AddedToHand,
}

/// Which destructions a "would be destroyed" event is about (BS-6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DestroyCause {
    /// Any: battle, an effect, 0 BP.
    Any,
    /// "By your opponent's effect": an effect of the opponent's, not battle.
    OpponentEffect,
    /// "By your opponent's destruction effects": a destroy effect of the opponent's.
    OpponentDestroyEffect,
}

/// What happens instead of a destruction a replacement stops (BS-6.6 replaced).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum KeptAs {
    /// Stays on the field as it is.
    AsIs,
    /// Stays on the field, exhausted.
    Exhausted,
    /// Stays on the field, refreshed.
    Refreshed,
    /// Returns to its owner's hand.
    Hand,
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
    /// Draw until you have N cards in hand (N may be counted: "as many cards as your
    /// opponent has in theirs").
    DrawUntil(Amount),
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
    /// "Keep it on the field exhausted instead" (BS-6.6 replaced): the destruction in
    /// progress of the cards does not happen; this happens instead.
    ReplaceDestruction(Target, KeptAs),
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
    /// "Treat it as having all spirit types": it belongs to every family.
    AllFamilies(Target, Duration),
    /// Gains a keyword.
    GainKeyword(Target, Keyword, Duration),
    /// Cannot be destroyed by effects (by the opponent's effects only, if `by_opponent`).
    CannotBeDestroyed {
        /// Which cards.
        target: Target,
        /// Only against the opponent's effects.
        by_opponent: bool,
        /// Only against effects of the opponent's cards of these kinds ("spirit",
        /// "nexus", "magic"; empty: any kind) …
        by_kinds: Vec<&'static str>,
        /// … and of these colours (empty: any colour). Ruling C#70: "your opponent's red
        /// spirits or magic" are red spirits and red magic.
        by_colours: Vec<Colour>,
        /// How long.
        duration: Duration,
    },
    /// Cannot be destroyed in battle ("in battle", "via comparing BP", "as the result of
    /// battle"): the BP comparison does not destroy it (BS-6.6).
    CannotBeDestroyedInBattle(Target, Duration),
    /// Cannot be exhausted / returned / selected by the opponent's effects.
    CannotBe {
        /// Which cards.
        target: Target,
        /// What the opponent's effects cannot do to them.
        what: Protection,
        /// Only the effects of the opponent's cards of these kinds ("spirit", "nexus",
        /// "magic"; empty: any).
        by_kinds: Vec<&'static str>,
        /// Only the effects of the opponent's cards of these colours (empty: any).
        by_colours: Vec<Colour>,
        /// Only the effects of the opponent's cards these filters match when they act
        /// ("… spirits with a "Soul Core" on them"; empty: any).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        by_filters: Vec<Filter>,
        /// How long.
        duration: Duration,
    },
    /// "This spirit must attack if able".
    MustAttack(Target, Duration),
    /// "Neither player can draw using magic effects" (BS-8.1): the players cannot draw by
    /// the effects of cards of the kind.
    NoDrawsBy {
        /// Who cannot draw ("neither player": `Either`).
        whose: Whose,
        /// The kind of card whose effects cannot make them draw.
        kind: CardKind,
        /// How long.
        duration: Duration,
    },
    /// "Cards cannot be discarded from your deck" (`max` 0, any effect), "when your
    /// opponent's effect discards cards from your deck, no more than one card is
    /// discarded" (BS-8.1).
    DeckDiscardLimit {
        /// The most cards one effect discards at a time.
        max: u32,
        /// Only the opponent's effects.
        opponent_only: bool,
        /// How long.
        duration: Duration,
    },
    /// "Attacks from SPIRITS cannot reduce your life (to N)" (BS-6.5.1): `to` the life they
    /// cannot reduce it to (`None`: not at all).
    AttacksCannotReduceLife {
        /// Whose attacks.
        attackers: Query,
        /// "to N".
        to: Option<u32>,
        /// How long.
        duration: Duration,
    },
    /// "That spirit can block (the attackers the query matches) while exhausted".
    CanBlockWhileExhausted(Target, Option<Query>, Duration),
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
    /// "Treat this spirit's color and symbol color as purple as well": the cards are also
    /// these colours, and each of their symbols counts as its own colour or one of these
    /// (BS-5.2 step 3).
    ColoursAlso(Target, Vec<Colour>, Duration),
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
    /// "Summon one of your NAME Tokens" (keyword rulings K27, K28): tokens made from the
    /// library's token definition named "NAME Token", one at a time.
    SummonToken {
        /// The token definition's name ("Gear Token").
        name: String,
        /// How many.
        count: Amount,
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
    /// "Cores that would be placed into either player's life are placed on this spirit
    /// instead" (BS-8.1): cores an effect places into that life go onto this card.
    LifeCoresOnto(Whose, Duration),
    /// "Your opponent cannot use magic cards in their hand that …" (BS-5.1, BS-5.4, BS-5.5):
    /// the hand cards of `target` cannot be summoned, deployed or used.
    CannotPlay {
        /// The cards in the hand (a query of the hand).
        target: Target,
        /// "… more than once per turn": only once a summon of such a card was made this
        /// turn.
        once_per_turn: bool,
        /// How long.
        duration: Duration,
    },
    /// "… cannot attack unless they pay N cores" (an attack tax).
    AttackTax {
        /// Which cards.
        target: Target,
        /// Cores to pay per attack.
        cores: u32,
        /// The cores come from the attacking spirit itself and go to its controller's
        /// reserve ("unless they remove a core from it and place it into their reserve"),
        /// instead of being paid.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        own_cores: bool,
        /// How long.
        duration: Duration,
    },
    /// 「アタックステップを終了する」: end the attack step.
    EndAttackStep,
    /// 「今行っているバトルを終了させる」: end the current battle.
    EndBattle,
    /// "When you use this spirit to perform Ascend, treat it as though it costs N" (keyword
    /// rulings K1-K3): the cost an Ascend's condition reads for it.
    AscendCostAs(Target, u32, Duration),
    /// "This card costs N (in your hand)": its cost read while paid (BS-5.2 step 1).
    CostAs(Target, u32, Duration),
    /// "Treat all of this card's reduction symbols as fulfilled" (BS-5.2 step 4).
    ReductionFulfilled(Target, Duration),
    /// N fewer cores paid for the card being paid (BS-5.2 step 4).
    ReducePaidCost(u32),
    /// "… gain a yellow reduction symbol" (BS-5.2 step 2).
    GainReduction(Target, u32, Colour, Duration),
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
    /// The cards do not refresh during their controller's next refresh step (BS-4.2; ruling
    /// C#183: only that one step).
    SkipNextRefresh(Target),
    /// Discard any number of hand cards (matching the query, if given); they join the
    /// effect's discarded cards ("for each card you discarded").
    DiscardAnyNumber(Option<Query>),
    /// "… one of the following effects. ・… ・…": the player chooses one option and its
    /// actions run.
    OneOf(Vec<Vec<Action>>),
    /// The cards' "When This Spirit Blocks" effects also work when they attack (rulings
    /// C#181, C#182: not "while blocks" effects; an "attacks or blocks" effect works once).
    BlockEffectsOnAttack(Target, Duration),
    /// A sentence read by a pack-declared phrase: the phrase's rhai, with each
    /// `{slot}` replaced by its value.
    Phrase {
        /// The phrase's template (`Gain {n:number} cores from the void`).
        template: String,
        /// The phrase's rhai (`gain_cores({n})`).
        rhai: String,
        /// Each slot's name and value, in template order.
        slots: Vec<(String, SlotValue)>,
        /// A rule for the whole effect: placed before the effect's other sentences.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        whole_effect: bool,
    },
    /// A sentence the grammar did not understand. The effect is not executable.
    Unparsed {
        /// The sentence.
        text: String,
        /// Where it is in the parsed text.
        span: Span,
    },
}

impl Action {
    /// The actions a wrapper runs ("You may", "If …", "When …", "For each …", "Once per
    /// turn"); `None` for any other action.
    pub fn wrapped(&self) -> Option<&Vec<Action>> {
        match self {
            Action::May(b)
            | Action::IfYouDo(b)
            | Action::If(_, b)
            | Action::Otherwise(b)
            | Action::When(_, _, b)
            | Action::Repeat(_, b)
            | Action::OncePerTurn(b) => Some(b),
            _ => None,
        }
    }

    /// [`Action::wrapped`], to change.
    pub fn wrapped_mut(&mut self) -> Option<&mut Vec<Action>> {
        match self {
            Action::May(b)
            | Action::IfYouDo(b)
            | Action::If(_, b)
            | Action::Otherwise(b)
            | Action::When(_, _, b)
            | Action::Repeat(_, b)
            | Action::OncePerTurn(b) => Some(b),
            _ => None,
        }
    }
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
    /// A declared keyword's name.
    Keyword(String),
    /// A pronoun: the cards the effect chose or acted on before.
    Pronoun,
    /// An event (for `when(…)`).
    Event(Event),
    /// A condition.
    Condition(Condition),
}
