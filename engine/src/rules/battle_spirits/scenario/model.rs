//! The Battle Spirits words of a scenario file (`docs/scenarios.md`): its board, actions
//! and expectations, plain serde data, no behaviour; the file's shape around them is
//! `tools::scenario::model`. Every struct refuses unknown keys, so a misspelt field gets a
//! did-you-mean.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

pub use crate::tools::scenario::model::{PackSpec, PlayerSpec};

/// The rules preset of a scenario file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    #[default]
    Japanese,
    Saga,
}

/// The game state a scenario starts from.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The turn number (default 2: both players have had a turn, BS-0.6 does not apply).
    /// 1 to 1000; any whole number reads, so that one out of range is refused with the
    /// bound (`tools::scenario::bounds::turn`).
    #[serde(default = "two")]
    pub turn: i64,
    /// The step the game is at: `start` (the turn begins), `main` (default), `attack`, `end`.
    #[serde(default)]
    pub step: StepSpec,
    /// The turn player (default `p1`).
    #[serde(default)]
    pub active: PlayerSpec,
    #[serde(default)]
    pub p1: Side,
    #[serde(default)]
    pub p2: Side,
}

fn two() -> i64 {
    2
}

/// Where on the turn the board is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepSpec {
    /// Before the start step: the turn begins (core, draw, refresh steps run).
    Start,
    #[default]
    Main,
    /// The attack step begins (its start hooks fire).
    Attack,
    /// The end step begins.
    End,
}

/// One player's side of the board. Core counts include the soul core where it is.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Life cores (default 5).
    #[serde(default = "five")]
    pub life: u32,
    /// Cores in the reserve, the soul core included when it is there (default 4).
    #[serde(default = "four")]
    pub reserve: u32,
    /// Where the soul core is: `reserve` (default), `trash`, `life`, `count`, `none`, or
    /// a field card's name in this scenario (then that card's `cores` include it).
    #[serde(default = "reserve_word")]
    pub soul_core: String,
    /// Cores in the trash.
    #[serde(default)]
    pub trash_cores: u32,
    /// Cores in the count area (BS-13.2).
    #[serde(default)]
    pub count: u32,
    /// Hand cards (ids or names).
    #[serde(default)]
    pub hand: Vec<String>,
    /// Tecoto cards (BS-13.1).
    #[serde(default)]
    pub tecoto: Vec<String>,
    /// The top of the deck, top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// How many filler cards lie below `deck` (default 10), so that draws find cards.
    #[serde(default = "ten")]
    pub deck_filler: u32,
    /// The filler card (default: a plain card of the own pack a deck may hold, `filler.rs`).
    #[serde(default)]
    pub filler: Option<String>,
    /// Trash cards.
    #[serde(default)]
    pub trash: Vec<String>,
    /// The set burst (BS-10.1).
    #[serde(default)]
    pub burst: Option<String>,
    /// Field cards.
    #[serde(default)]
    pub field: Vec<FieldCard>,
}

impl Default for Side {
    fn default() -> Side {
        Side {
            life: 5,
            reserve: 4,
            soul_core: reserve_word(),
            trash_cores: 0,
            count: 0,
            hand: vec![],
            tecoto: vec![],
            deck: vec![],
            deck_filler: 10,
            filler: None,
            trash: vec![],
            burst: None,
            field: vec![],
        }
    }
}

fn five() -> u32 {
    5
}
fn four() -> u32 {
    4
}
fn ten() -> u32 {
    10
}
fn reserve_word() -> String {
    "reserve".into()
}

/// A card on the field.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldCard {
    /// The card (id or name).
    pub card: String,
    /// A name for this copy, used by actions and expectations (`as: attacker`).
    #[serde(default, rename = "as")]
    pub alias: Option<String>,
    /// Cores on it (default: the fewest for `level`, else for its lowest level).
    #[serde(default)]
    pub cores: Option<u32>,
    /// The level to start at, when `cores` is not given.
    #[serde(default)]
    pub level: Option<u8>,
    /// Exhausted (BS-4.2).
    #[serde(default)]
    pub exhausted: bool,
    /// Heavily exhausted (BS-13.4).
    #[serde(default)]
    pub heavily_exhausted: bool,
    /// Braves braved onto this card (BS-9), ids or names.
    #[serde(default)]
    pub braves: Vec<String>,
}

/// One action: an answer to the decision at hand, in the players' words.
#[derive(Debug, Clone)]
pub enum Action {
    /// Summon a spirit (BS-5.1) from hand or tecoto.
    Summon(Play),
    /// Deploy a nexus (BS-5.4).
    Deploy(Play),
    /// Use a magic: its [Main] in the main step, its [Flash] in a flash timing (BS-5.5, BS-6.2).
    Magic(Play),
    /// Summon a brave directly onto a host (BS-5.1.1).
    SummonOnto(Onto),
    /// Brave a spirit-form brave on the field onto a host (BS-9.1).
    Brave(Onto),
    /// Take a braved brave off (BS-9.5).
    Unbrave(String),
    /// Set a hand card as the burst (BS-10.1).
    SetBurst(String),
    /// Use a field card's [Main]/[Flash] effect (`card`, or `{card, effect}`).
    UseEffect(String),
    /// Move one core (BS-5.7): opens the core movement when needed.
    MoveCore(CoreMove),
    /// End the core movement.
    DoneMoving,
    /// End the main step.
    EndMain,
    /// Declare an attack (BS-6.1).
    Attack(String),
    /// End the attack step.
    EndAttack,
    /// Pass once in a flash timing (BS-6.2).
    Pass,
    /// Pass until the flash timing is over (both players pass).
    PassAll,
    /// Block (BS-6.3).
    Block(String),
    /// Do not block.
    NoBlock,
    /// Choose these cards for an effect, one answer each.
    Choose(Names),
    /// Stop choosing cards.
    DoneChoosing,
    /// Answer yes (a "may", activating a burst, paying for its effect).
    Yes,
    /// Answer no.
    No,
    /// Pick the listed option whose text contains this (a mode, or which effect resolves
    /// next, BS-8.4, by the card's name).
    Pick(String),
    /// Pick option `n` (0-based) of the listed ones.
    Option(u32),
    /// Check expectations here, mid-way.
    Check(Box<Expect>),
}

/// A card played with the cores it is paid with and placed on. Written as the card alone
/// (`summon: Kiln Lizard`) or as a mapping (`summon: {card: …, pay: [reserve, reserve]}`).
#[derive(Debug, Clone, Default)]
pub struct Play {
    pub card: String,
    /// Where each paid core comes from: `reserve`, `soul` (the soul core from the
    /// reserve), a field card, or `soul from <card>`. Default: the first listed source each time.
    pub pay: Option<Vec<String>>,
    /// Where each placed core comes from (same words). Default: the fewest for its lowest level.
    pub place: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayMap {
    card: String,
    #[serde(default)]
    pay: Option<Vec<String>>,
    #[serde(default)]
    place: Option<Vec<String>>,
}

impl<'de> Deserialize<'de> for Play {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Play;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a card, or `{card: ..., pay: [...], place: [...]}`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Play, E> {
                Ok(Play {
                    card: v.to_string(),
                    ..Play::default()
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, m: A) -> Result<Play, A::Error> {
                let p = PlayMap::deserialize(serde::de::value::MapAccessDeserializer::new(m))?;
                Ok(Play {
                    card: p.card,
                    pay: p.pay,
                    place: p.place,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// `summon_onto` / `brave`: this brave onto that host.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Onto {
    pub card: String,
    pub onto: String,
    #[serde(default)]
    pub pay: Option<Vec<String>>,
}

/// One core moved (BS-5.7): `from`/`to` are `reserve` or a field card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreMove {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub soul: bool,
}

/// One name or a list of names.
#[derive(Debug, Clone)]
pub struct Names(pub Vec<String>);

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(String),
            Many(Vec<String>),
        }
        Ok(match OneOrMany::deserialize(d)? {
            OneOrMany::One(s) => Names(vec![s]),
            OneOrMany::Many(v) => Names(v),
        })
    }
}

/// What must be true (after the actions, or at a `check`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// `p1 wins`, `p2 wins`, `draw`, or `none` (the game goes on).
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub p1: Option<SideExpect>,
    #[serde(default)]
    pub p2: Option<SideExpect>,
    /// Per card (by its `as` name, id or name): where it is and what it is.
    #[serde(default)]
    pub cards: BTreeMap<String, CardExpect>,
    /// Events that must appear in the log of the actions, in this order.
    #[serde(default)]
    pub log: Vec<LogItem>,
    /// Events that must not appear in the log of the actions.
    #[serde(default)]
    pub not_logged: Vec<LogItem>,
    /// The kind of decision the game waits for now: one of [`DECISIONS`].
    #[serde(default, deserialize_with = "decision")]
    pub decision: Option<String>,
    /// Who must answer the decision at hand (`p1` / `p2`).
    #[serde(default)]
    pub decider: Option<PlayerSpec>,
    /// Texts that options of the decision at hand must contain (one option each).
    #[serde(default)]
    pub offered: Vec<String>,
    /// Texts that no option of the decision at hand may contain.
    #[serde(default)]
    pub not_offered: Vec<String>,
}

/// A player's expected state. Core counts include the soul core where it is.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideExpect {
    pub life: Option<u32>,
    pub reserve: Option<u32>,
    pub trash_cores: Option<u32>,
    pub count: Option<u32>,
    /// Where the soul core is (same words as the board).
    pub soul_core: Option<String>,
    /// Exactly these cards, in any order (ids or names).
    pub hand: Option<Vec<String>>,
    pub hand_size: Option<u32>,
    pub deck_size: Option<u32>,
    pub trash: Option<Vec<String>>,
    pub field: Option<Vec<String>>,
    pub tecoto: Option<Vec<String>>,
    /// The set burst, or `none`.
    pub burst: Option<String>,
}

/// A card's expected state.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardExpect {
    /// `field`, `hand`, `deck`, `trash`, `burst`, `tecoto`.
    pub zone: Option<String>,
    pub cores: Option<u32>,
    pub level: Option<u8>,
    pub bp: Option<u32>,
    pub exhausted: Option<bool>,
    /// Upside down (BS-13.4).
    pub heavily_exhausted: Option<bool>,
    /// The brave braved onto it, or `none`.
    pub brave: Option<String>,
    /// Keywords it has now, printed or gained (each must be had).
    pub keywords: Option<Vec<String>>,
    /// Keywords it must not have now.
    pub no_keywords: Option<Vec<String>>,
    /// Families (spirit types) it belongs to now, printed or gained.
    pub families: Option<Vec<String>>,
    /// Its symbols with effects applied, braves' included (BS-6.5.1).
    pub symbols: Option<u32>,
}

/// One expected log event: a text the rendered line contains, or an event of a card.
#[derive(Debug, Clone)]
pub enum LogItem {
    /// A rendered log line containing this text.
    Text(String),
    /// An effect of the card started resolving.
    Effect(String),
    /// An effect of the card was inert (could not act; BS engine `EffectInert`).
    Inert(String),
    /// An effect of the card failed (`EffectFailed`).
    Failed(String),
    /// The card was destroyed (BS-6.6).
    Destroyed(String),
    /// The card was depleted (BS-5.3).
    Depleted(String),
    /// The card was played or summoned by an effect.
    Played(String),
    /// The card attacked.
    Attacked(String),
    /// The card blocked.
    Blocked(String),
    /// The card became exhausted.
    Exhausted(String),
    /// The card was refreshed.
    Refreshed(String),
    /// The card moved to this zone: `{card, to}`.
    Moved(Moved),
    /// The player (`p1`/`p2`) lost life, in battle or to an effect.
    LifeLost(PlayerSpec),
    /// The card's burst was activated (BS-10.3).
    BurstActivated(String),
}

/// A card moved to a zone.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moved {
    pub card: String,
    pub to: String,
}

/// The words of `expect.decision`: each `DecisionKind` in snake_case, and `over` (the
/// game is over).
pub const DECISIONS: &[&str] = &[
    "mulligan",
    "main_action",
    "pay_from",
    "place_core",
    "core_movement",
    "attack_or_end",
    "flash_or_pass",
    "block_or_not",
    "effect_choice",
    "over",
];

fn decision<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    crate::tools::scenario::words::one_of(d, DECISIONS)
}

#[cfg(test)]
mod tests {
    /// Every word of `DECISIONS` names a decision kind of the game.
    #[test]
    fn every_decision_word_is_a_decision_kind() {
        for w in super::DECISIONS.iter().filter(|w| **w != "over") {
            let pascal: String = w
                .split('_')
                .map(|p| p[..1].to_uppercase() + &p[1..])
                .collect();
            let k: crate::rules::battle_spirits::decision::DecisionKind =
                serde_json::from_str(&format!("\"{pascal}\"")).expect(w);
            assert_eq!(crate::tools::scenario::words::snake(&format!("{k:?}")), *w);
        }
    }
}
