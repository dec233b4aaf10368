//! The line-battle words of a scenario file (`docs/scenarios.md`, "Line battle"): its
//! board (masters' LP, DP, the attack and defense lines), its actions (play, order, …) and
//! its expectations; the file's shape around them is `tools::scenario::model`. Every
//! struct refuses unknown keys, so a misspelt field gets a did-you-mean.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

use crate::tools::scenario::PlayerSpec;
use crate::tools::scenario::words::words;

/// The rules preset of a line-battle file: the LB-0 defaults (the only one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    #[default]
    Default,
}

/// The game state a scenario starts from.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The turn number (default 2: the first player's first turn, LB-0.3, is over).
    /// 1 to 1000; any whole number reads, so that one out of range is refused with the
    /// bound (`tools::scenario::bounds::turn`).
    #[serde(default = "two")]
    pub turn: i64,
    /// Where the turn is: `start` (the turn begins: DP reset, draw), `main` (main 1,
    /// default), `battle` (the battle phase begins: orders, LB-1.1), `main2`, `end`.
    #[serde(default)]
    pub phase: PhaseSpec,
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
pub enum PhaseSpec {
    Start,
    #[default]
    Main,
    Battle,
    Main2,
    End,
}

/// One player's side of the board.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The master card (default: the first master by id).
    #[serde(default)]
    pub master: Option<String>,
    /// The master's LP (default: its card's, LB-0.1).
    #[serde(default)]
    pub lp: Option<i64>,
    /// DP (default 8, LB-0.2).
    #[serde(default)]
    pub dp: Option<u32>,
    /// Hand cards (ids or names).
    #[serde(default)]
    pub hand: Vec<String>,
    /// The top of the deck, top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// How many filler cards lie below `deck` (default 10), so that draws find cards.
    #[serde(default)]
    pub deck_filler: Option<u32>,
    /// The filler card (default: the first creature by id without effects).
    #[serde(default)]
    pub filler: Option<String>,
    /// Graveyard cards.
    #[serde(default)]
    pub graveyard: Vec<String>,
    /// Creatures in the attack line.
    #[serde(default)]
    pub attack: Vec<LineCard>,
    /// Creatures in the defense line.
    #[serde(default)]
    pub defense: Vec<LineCard>,
}

/// A creature in a line: the card alone (`- Kiln Brute`) or `{card, as}`.
#[derive(Debug, Clone, Default)]
pub struct LineCard {
    pub card: String,
    /// A name for this copy, used by actions and expectations.
    pub alias: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineCardMap {
    card: String,
    #[serde(default, rename = "as")]
    alias: Option<String>,
}

impl<'de> Deserialize<'de> for LineCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Word(String),
            Map(LineCardMap),
        }
        Ok(match Either::deserialize(d)? {
            Either::Word(card) => LineCard { card, alias: None },
            Either::Map(m) => LineCard {
                card: m.card,
                alias: m.alias,
            },
        })
    }
}

/// One action: an answer to the decision at hand, in the players' words.
#[derive(Debug, Clone)]
pub enum Action {
    /// Play a creature from the hand (LB-0.3): `play: CARD` (its first legal line) or
    /// `play: {card, line}`.
    Play(PlayCard),
    /// Pay DP to draw a card (LB-0.2).
    BuyDraw,
    /// End the main phase.
    EndMain,
    /// Order an attack (LB-1.1): `order: {attacker, target}`; `target` a creature or
    /// `master`.
    Order(OrderSpec),
    /// This creature gets no order (LB-1.1).
    NoAttack(String),
    /// Every order is given (LB-1.2): the battle runs.
    DoneOrdering,
    /// An effect's choice: this card.
    Choose(String),
    Yes,
    No,
    /// Pick the listed option whose text contains this.
    Pick(String),
    /// Pick option `n` (0-based) of the listed ones.
    Option(u32),
    /// Check expectations here, mid-way.
    Check(Box<Expect>),
}

/// `play:` a creature, into a line (`attack` / `defense`; default: its first legal one).
#[derive(Debug, Clone, Default)]
pub struct PlayCard {
    pub card: String,
    pub line: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayMap {
    card: String,
    #[serde(default)]
    line: Option<String>,
}

impl<'de> Deserialize<'de> for PlayCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Word(String),
            Map(PlayMap),
        }
        Ok(match Either::deserialize(d)? {
            Either::Word(card) => PlayCard { card, line: None },
            Either::Map(m) => PlayCard {
                card: m.card,
                line: m.line,
            },
        })
    }
}

/// `order:` this attacker at this target (a creature, or `master`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderSpec {
    pub attacker: String,
    pub target: String,
}

words!(Action, "an action such as `end_main` or `order: {attacker: CARD, target: master}`",
units: [
    "buy_draw" => Action::BuyDraw,
    "end_main" => Action::EndMain,
    "done_ordering" => Action::DoneOrdering,
    "yes" => Action::Yes,
    "no" => Action::No,
],
values: [
    "play" => Action::Play,
    "order" => Action::Order,
    "no_attack" => Action::NoAttack,
    "choose" => Action::Choose,
    "pick" => Action::Pick,
    "option" => Action::Option,
    "check" => Action::Check,
]);

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
    /// Per card (by its `as` name, id or name): where it is and its numbers now.
    #[serde(default)]
    pub cards: BTreeMap<String, CardExpect>,
    /// Texts that lines of the log of the actions must contain, in this order.
    #[serde(default)]
    pub log: Vec<String>,
    /// Texts that no line of the log of the actions may contain.
    #[serde(default)]
    pub not_logged: Vec<String>,
    /// The kind of decision the game waits for now: one of [`DECISIONS`].
    #[serde(default, deserialize_with = "decision")]
    pub decision: Option<String>,
    /// Who must answer the decision at hand.
    #[serde(default)]
    pub decider: Option<PlayerSpec>,
    /// Texts that options of the decision at hand must contain (one option each).
    #[serde(default)]
    pub offered: Vec<String>,
    /// Texts that no option of the decision at hand may contain.
    #[serde(default)]
    pub not_offered: Vec<String>,
}

/// A player's expected state.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideExpect {
    pub lp: Option<i64>,
    pub dp: Option<u32>,
    pub hand_size: Option<u32>,
    pub deck_size: Option<u32>,
    /// Exactly these cards, in any order (ids or names).
    pub hand: Option<Vec<String>>,
    pub graveyard: Option<Vec<String>>,
    pub attack: Option<Vec<String>>,
    pub defense: Option<Vec<String>>,
}

/// A card's expected state.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardExpect {
    /// `attack`, `defense`, `hand`, `deck`, `graveyard`, `destroyed` (waiting, LB-4.2),
    /// `master`.
    pub zone: Option<String>,
    /// AT, DF, SH now (with this turn's changes).
    pub at: Option<u32>,
    pub df: Option<u32>,
    pub sh: Option<u32>,
}

/// The words of `expect.decision`: each `DecisionKind` in snake_case.
pub const DECISIONS: &[&str] = &["main_action", "order", "effect_choice"];

fn decision<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    crate::tools::scenario::words::one_of(d, DECISIONS)
}

#[cfg(test)]
mod tests {
    /// Every word of `DECISIONS` names a decision kind of the game.
    #[test]
    fn every_decision_word_is_a_decision_kind() {
        for w in super::DECISIONS {
            let pascal: String = w
                .split('_')
                .map(|p| p[..1].to_uppercase() + &p[1..])
                .collect();
            let k: crate::rules::line_battle::decision::DecisionKind =
                serde_json::from_str(&format!("\"{pascal}\"")).expect(w);
            assert_eq!(crate::tools::scenario::words::snake(&format!("{k:?}")), *w);
        }
    }
}
