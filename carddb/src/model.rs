//! The card definitions a pack holds, as typed values (the shape of `cards/*.yaml`).
//!
//! These are plain data: the engine reads them, the catalogue stores them, the
//! importer writes them. Rule IDs refer to `docs/rules/battle-spirits.md`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A card id as printed on the card (`DEMO-001`, `BSS01-002`). Unique within a catalogue.
pub type CardId = String;

/// The six colours of Battle Spirits (BS vocabulary), plus the colourless ultimate symbol
/// handled separately in [`Symbols`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Purple,
    Green,
    White,
    Yellow,
    Blue,
}

impl Colour {
    /// Every colour, in the printed order red, purple, green, white, yellow, blue.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Purple,
        Colour::Green,
        Colour::White,
        Colour::Yellow,
        Colour::Blue,
    ];

    /// The lower-case English name (`"red"`), as written in packs.
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

    /// Parses a colour name, case-insensitively (`"Red"`, `"red"`).
    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The card kinds: those of Battle Spirits (spirit, ultimate, brave, nexus, magic) and those
/// of the line battle (creature, master; `docs/rules/line-battle.md`). A pack's game
/// (`pack.yaml` `game:`) says which kinds its cards may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardKind {
    Spirit,
    Ultimate,
    Brave,
    Nexus,
    Magic,
    /// Line battle: a creature played into the attack or the defense line (LB-0.3).
    Creature,
    /// Line battle: the master card, whose LP a player loses (LB-0.1, LB-0.4).
    Master,
}

impl CardKind {
    /// The lower-case name used in packs and the catalogue.
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Spirit => "spirit",
            CardKind::Ultimate => "ultimate",
            CardKind::Brave => "brave",
            CardKind::Nexus => "nexus",
            CardKind::Magic => "magic",
            CardKind::Creature => "creature",
            CardKind::Master => "master",
        }
    }

    /// Parses a kind name, case-insensitively.
    pub fn parse(s: &str) -> Option<CardKind> {
        [
            CardKind::Spirit,
            CardKind::Ultimate,
            CardKind::Brave,
            CardKind::Nexus,
            CardKind::Magic,
            CardKind::Creature,
            CardKind::Master,
        ]
        .into_iter()
        .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
    }

    /// Whether cards of this kind stay on the field with cores and levels (BS-5.2 step 6).
    pub fn is_permanent(self) -> bool {
        !matches!(self, CardKind::Magic)
    }

    /// Whether this is a kind of the line battle (creature, master) rather than of Battle
    /// Spirits.
    pub fn is_line_battle(self) -> bool {
        matches!(self, CardKind::Creature | CardKind::Master)
    }

    /// The minimum level a card of this kind must reach when it enters the field
    /// (BS-5.1: spirit and brave level 1; BS-12.2: ultimate level 3; nexus has none).
    pub fn minimum_level(self) -> u8 {
        match self {
            CardKind::Ultimate => 3,
            _ => 1,
        }
    }
}

impl std::fmt::Display for CardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A line of the line battle's field (LB-0.3, LB-3): creatures stand in one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// The attack line, checked first in damage calculation (LB-4.1).
    Attack,
    /// The defense line (LB-3.3: its creatures defend with DF and SH).
    Defense,
}

fn both_lines() -> Vec<Line> {
    vec![Line::Attack, Line::Defense]
}

fn is_both_lines(l: &[Line]) -> bool {
    l == [Line::Attack, Line::Defense]
}

/// A line-battle creature's numbers (`creature:` in a card file): AT, DF and SH (LB-3.2,
/// LB-3.3), and the lines it may be played into (LB-0.3; default both). Its DP cost is the
/// card's `cost`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureStats {
    /// Attack (AT): compared in battle (LB-3) and lost as LP by a master it reaches (LB-4.5).
    pub at: u32,
    /// Defense (DF): the tie-break of AT vs AT (LB-3.2) and the value an attacker must beat
    /// in the defense line (LB-3.3).
    pub df: u32,
    /// Shield (SH): subtracted from an attacker's AT when this creature defends in the
    /// defense line (LB-3.3).
    #[serde(default)]
    pub sh: u32,
    /// The lines it may be played into (LB-0.3); default both.
    #[serde(default = "both_lines", skip_serializing_if = "is_both_lines")]
    pub lines: Vec<Line>,
}

/// A line-battle master's numbers (`master:` in a card file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MasterStats {
    /// Life points at the start of the game (LB-0.1; the ruleset's default is 20 when a
    /// master card gives none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lp: Option<u32>,
}

/// A symbol count per colour, as in `{red: 2, blue: 1}`. Used for reduction symbols
/// (BS-5.2 step 2) and for a card's own symbols (BS-5.2 step 3).
pub type ColourCounts = BTreeMap<Colour, u8>;

/// The symbols a card shows (BS-5.2 step 3, BS-6.5.1: each symbol takes one life).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Symbols {
    /// Coloured symbols, per colour.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub colours: ColourCounts,
    /// Symbols of several colours at once (`red/purple`): each counts once, as any one
    /// of its colours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub multi: Vec<Vec<Colour>>,
    /// Ultimate symbols: colourless, reduce no colour cost (BS-12.4).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ultimate: u8,
}

impl Symbols {
    /// Total symbols of every colour and ultimate: the life an unblocked attack takes (BS-6.5.1).
    pub fn total(&self) -> u32 {
        self.colours.values().map(|&n| u32::from(n)).sum::<u32>()
            + self.multi.len() as u32
            + u32::from(self.ultimate)
    }

    /// Symbols that count for `colour` in reductions (BS-5.2 step 3): the single-colour
    /// ones plus every multi-colour symbol that includes it.
    pub fn of_colour(&self, colour: Colour) -> u32 {
        u32::from(self.colours.get(&colour).copied().unwrap_or(0))
            + self.multi.iter().filter(|m| m.contains(&colour)).count() as u32
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One row of a level table: from `cores` cores on the card it is at `level` with `bp`
/// battle points. Nexus rows have no BP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRow {
    /// The level number (1, 2, 3 …; ultimates start at 3, BS-12.2).
    pub level: u8,
    /// Cores needed on the card to be at this level.
    pub cores: u32,
    /// Battle points at this level; absent for a nexus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bp: Option<u32>,
}

/// Text in several languages, keyed by language tag (`en`, `ja`, `th`).
pub type Localised = BTreeMap<String, String>;

/// What a host spirit/ultimate must be for a brave to go on it (BS-9.1, BS-5.1.1).
/// Every given field must hold; an absent field does not restrict.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BraveCondition {
    /// The host's cost must be at least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_cost: Option<u32>,
    /// The host's cost must be at most this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cost: Option<u32>,
    /// The host must have one of these colours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<Colour>,
    /// The host must belong to one of these families.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// The host may be an ultimate as well as a spirit (default: spirits only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ultimates: bool,
    /// The condition as printed, per language.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub text: Localised,
}

/// The brave part of a brave card (BS-9).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Brave {
    /// Which hosts it may go on.
    #[serde(default)]
    pub condition: BraveCondition,
    /// "When braved BP +X" added to the host (BS-9.2).
    #[serde(default)]
    pub bp_bonus: u32,
}

/// Over count 《OC》 (BS-13.3): while the controller's count area holds at least `count`
/// cores, whatever the card's level, it gets `bp_bonus` BP (like a braved BP bonus) and its
/// `[While OC]` effects work.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverCount {
    /// Cores needed in the count area (the OC condition, "count N or more").
    pub count: u32,
    /// BP added while in OC.
    #[serde(default)]
    pub bp_bonus: u32,
    /// The condition as printed, per language.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub text: Localised,
}

/// An ultimate's summon condition (BS-12.1): at least `count` of your cards of `kind`
/// (and `colour`/`family`/`min_level` when given) on the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UltimateCondition {
    /// How many such cards are needed.
    #[serde(default = "one")]
    pub count: u32,
    /// Which kind counts (default spirit).
    #[serde(default = "spirit_kind")]
    pub kind: CardKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_cost: Option<u32>,
    /// The condition as printed, per language.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub text: Localised,
}

fn one() -> u32 {
    1
}
fn spirit_kind() -> CardKind {
    CardKind::Spirit
}

/// A keyword's value: a number (`Crush 2`, `Ascend 6`), a word (`Chain: Yellow`), or a
/// list (`Armor: Purple/White`, `Immortal 4/5`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeywordValue {
    Number(i64),
    Word(String),
    List(Vec<KeywordValue>),
}

/// A keyword ability with its optional value and levels (`{name: crush, value: 2}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    /// The keyword's English name in lower case (`crush`, `armor`, `burst`).
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<KeywordValue>,
    /// Levels at which it works; empty = every level.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<u8>,
    /// When it works, as printed (`When This Spirit Attacks`, `During Your Turn`); none =
    /// always (a constant keyword).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<String>,
    /// Steps in which an activated keyword is used (`Awaken` and `Swift`: flash).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
}

/// Where a card's effect may be used from, for magic and flash effects (BS-5.5, BS-5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Main,
    Flash,
    Burst,
}

pub use crate::keyword::EffectZone;

/// One effect of a card: its levels, its printed text, and optionally the rhai script that
/// runs it (inline or a file under the pack's `effects/`). A script wins over the text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// Levels at which the effect works; empty = every level (or not level-bound).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<u8>,
    /// The timing label as printed (`When Summoned`, `When This Spirit Attacks`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<String>,
    /// For magic and flash effects: the steps in which it is used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// The effect text as printed, per language tag (`en`, `ja`, `th`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub text: Localised,
    /// A brave's braved effect (合体時, BS-9.2): it works only while the brave is braved
    /// onto a host, as an effect of the braved spirit. A brave's other effects work while
    /// it is on the field on its own (spirit form); "when summoned" works both ways
    /// (BS-5.1.1). Only for kind `brave`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub braved: bool,
    /// Where the card must be for this effect to work: `field` (the default), `hand` or
    /// `trash` (an effect that triggers or is used from the hand or the trash).
    #[serde(default, skip_serializing_if = "EffectZone::is_field")]
    pub zone: EffectZone,
    /// A rhai script, inline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// A rhai script file, relative to the pack folder (`effects/DEMO-001.rhai`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script_file: Option<String>,
    /// Which printed text runs when the effect has no script: `en` or `ja` ([`RUN_LANGUAGES`];
    /// default: the pack's `text_language`, else English when there is English text, else
    /// Japanese).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_language: Option<String>,
}

/// The languages whose card text the engine runs (`text_language`).
pub const RUN_LANGUAGES: [&str; 2] = ["en", "ja"];

/// A complete card definition (`cards/*.yaml`): every field the Battle Spirits rules read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// The card id, unique in the catalogue.
    pub id: CardId,
    /// The English name (the name decks and rules compare).
    pub name: String,
    /// Names in other languages, by language tag.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub names: Localised,
    pub kind: CardKind,
    /// The printed cost, in cores (BS-5.2 step 1).
    pub cost: u32,
    /// The card's colours (a card may have several, or none).
    #[serde(default)]
    pub colours: Vec<Colour>,
    /// Reduction symbols per colour (BS-5.2 step 2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reduction: ColourCounts,
    /// Ultimate reduction symbols (BS-12.4): reduced by ultimate symbols on the field.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ultimate_reduction: u8,
    /// The symbols this card shows on the field.
    #[serde(default)]
    pub symbols: Symbols,
    /// Families (系統), e.g. `Star Dragon`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// The level table (BS-5.1, BS-5.3); empty for magic.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<LevelRow>,
    /// Brave condition and bonus; only for kind `brave` (BS-9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brave: Option<Brave>,
    /// Summon condition; only for kind `ultimate` (BS-12.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ultimate: Option<UltimateCondition>,
    /// Over count condition and BP bonus (BS-13.3); spirits and ultimates only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over_count: Option<OverCount>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Line battle: a creature's AT, DF, SH and lines; only for kind `creature`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<CreatureStats>,
    /// Line battle: a master's LP; only for kind `master`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master: Option<MasterStats>,
    /// A token (K27–K31 of the keyword rulings): made by effects (`summon_token`), never in
    /// a deck, removed from the game when it leaves the field.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
    /// The set code (`BSS01`), informational.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
    /// Rarity, informational.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<String>,
}

impl CardDef {
    /// The level row for `cores` cores on the card: the highest row whose `cores` is at most
    /// the count, or `None` when below the lowest row (BS-5.3: depleted).
    pub fn level_for_cores(&self, cores: u32) -> Option<&LevelRow> {
        self.levels.iter().rev().find(|r| r.cores <= cores)
    }

    /// Cores needed for the minimum level of this card (BS-5.1: level 1, BS-12.2: ultimates 3).
    /// A nexus needs none (BS-5.2 step 6). Magic has no level.
    pub fn minimum_cores(&self) -> u32 {
        match self.kind {
            CardKind::Nexus | CardKind::Magic => 0,
            _ => self.levels.first().map_or(0, |r| r.cores),
        }
    }

    /// Whether the card has a keyword (by lower-case name).
    pub fn has_keyword(&self, name: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| k.name.eq_ignore_ascii_case(name))
    }

    /// Whether the card has a burst effect (BS-10.6: only such a card may be set): an
    /// effect with a `burst` step (the importer adds the step for a `burst` keyword).
    pub fn has_burst(&self) -> bool {
        self.effects.iter().any(|e| e.steps.contains(&Step::Burst))
    }
}

/// One line of a deck list: `count` copies of `card`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckEntry {
    pub count: u32,
    pub card: CardId,
    /// The card name the list gives after the id (`3x ST01-001: Name`), checked against
    /// the catalogue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// 1-based line in the deck file, for errors.
    #[serde(skip)]
    pub line: usize,
}

/// A deck: a name, its entries (the main deck) in file order, and, for the line battle,
/// its master card (LB-0.1), which is not part of the main deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    pub entries: Vec<DeckEntry>,
    /// The master card (`master: ID` in the file; count 1), line battle only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master: Option<DeckEntry>,
    /// The deck format the file names (`format: casual`), checked to be a known one when
    /// the file is read; `None`: the game's default (see [`crate::format::format_for`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

impl Deck {
    /// Total number of cards (saturating, so a hostile list cannot wrap it around).
    pub fn len(&self) -> u32 {
        self.entries
            .iter()
            .fold(0u32, |n, e| n.saturating_add(e.count))
    }

    /// Whether the deck holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The main deck expanded into one card id per card, in file order (the master is
    /// not in it).
    pub fn card_ids(&self) -> Vec<CardId> {
        self.entries
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.card.clone(), e.count as usize))
            .collect()
    }
}
