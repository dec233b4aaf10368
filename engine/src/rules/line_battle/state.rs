//! The saved state of a line-battle game and the small state-changing helpers every rule
//! and every script function goes through (each change emits its event).

use std::collections::VecDeque;

use carddb::{CardId, Line};
use serde::{Deserialize, Serialize};

use super::config::LineBattleConfig;
use super::decision::{Choice, DecisionRequest, GameResult, Target};
use super::events::Event;
use super::script::Timing;
use crate::core::{CardInstance, GameRng, InstanceId, PlayerId, Zones};

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// The main deck (hidden; top = last).
    Deck(PlayerId),
    /// The hand (hidden from the opponent).
    Hand(PlayerId),
    /// A line of the field (LB-0.3).
    Line(PlayerId, Line),
    /// LB-4.2: destroyed in battle, waiting for the end of battle: no longer on the field,
    /// not yet in the graveyard.
    Destroyed(PlayerId),
    /// The graveyard (LB-5.1).
    Graveyard(PlayerId),
    /// The master card's place (LB-0.1).
    Master(PlayerId),
}

impl Zone {
    /// The player whose zone it is.
    pub fn owner(self) -> PlayerId {
        match self {
            Zone::Deck(p)
            | Zone::Hand(p)
            | Zone::Line(p, _)
            | Zone::Destroyed(p)
            | Zone::Graveyard(p)
            | Zone::Master(p) => p,
        }
    }
}

impl std::fmt::Display for Zone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Zone::Deck(p) => write!(f, "{p} deck"),
            Zone::Hand(p) => write!(f, "{p} hand"),
            Zone::Line(p, l) => write!(f, "{p} {} line", super::events::line_name(*l)),
            Zone::Destroyed(p) => write!(f, "{p} destroyed (waiting)"),
            Zone::Graveyard(p) => write!(f, "{p} graveyard"),
            Zone::Master(p) => write!(f, "{p} master"),
        }
    }
}

/// A creature's numbers that effects change (LB-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stat {
    At,
    Df,
    Sh,
}

/// A stat change until end of turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub card: InstanceId,
    pub stat: Stat,
    pub delta: i64,
}

/// One attack order (LB-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub attacker: InstanceId,
    pub target: Target,
    /// LB-1.3: cancelled by an effect.
    pub cancelled: bool,
    /// LB-4.3 / LB-4.4: an effect let it pass the lines in front (`pass_through`).
    pub pass: bool,
    /// The attack went no further (cancelled, or attacker/target gone).
    pub ended: bool,
}

/// The battle phase in progress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Orders in the order they were given.
    pub orders: Vec<Order>,
    /// Creatures told not to attack.
    pub declined: Vec<InstanceId>,
    /// LB-2.1: the orders have been performed.
    pub performed: bool,
    /// Creatures that battled and were checked (LB-4.6), in checking order.
    pub checked: Vec<InstanceId>,
    /// Effects waiting for the end of battle (LB-2.2, LB-5.1): `func` set, in the order set.
    #[serde(default)]
    pub waiting: Vec<Fire>,
}

impl Battle {
    /// The order of `attacker`, if it has one.
    pub fn order_of(&self, attacker: InstanceId) -> Option<&Order> {
        self.orders.iter().find(|o| o.attacker == attacker)
    }
}

/// An effect due to run: a card's effect reached by a timing point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    pub card: InstanceId,
    pub effect: u32,
    pub timing: Timing,
    pub controller: PlayerId,
    /// LB-4.6: it may run while its card waits destroyed.
    pub from_destroyed: bool,
    /// LB-2.2 / LB-5.1: a function of the effect's script that an earlier run set to work
    /// at the end of battle (`at_end_of_battle`); it runs wherever its card is now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub func: Option<String>,
}

/// An effect stopped at a question; re-run from the state before it with `answers`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub fire: Fire,
    pub answers: Vec<Choice>,
    pub request: DecisionRequest,
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    TurnStart,
    Draw,
    /// Main phase 1 or 2 (a decision).
    Main(u8),
    BattleStart,
    /// LB-1.1: the turn player gives orders (a decision).
    Orders,
    /// LB-2: orders are performed.
    Perform,
    /// LB-3.1: battles begin.
    Battles,
    /// LB-4: damage calculation.
    Damage,
    /// LB-5: end of battle.
    EndBattle,
    /// LB-5.1: the end-of-battle effects resolve (the queue is drained first), then main 2.
    AfterBattle,
    End,
    Over(GameResult),
}

/// Everything a save holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub config: LineBattleConfig,
    pub seed: u64,
    /// Per player: the master card id and the deck list.
    pub decks: [(CardId, Vec<CardId>); 2],
    pub catalogue_hash: String,
    pub rng: GameRng,
    pub cards: Vec<CardInstance>,
    pub zones: Zones<Zone>,
    pub lp: [i64; 2],
    pub dp: [u32; 2],
    pub turn: u32,
    pub active: PlayerId,
    pub first: PlayerId,
    /// Turns each player has begun.
    pub turns_taken: [u32; 2],
    pub phase: Phase,
    pub battle: Option<Battle>,
    pub mods: Vec<Modifier>,
    pub queue: VecDeque<Fire>,
    pub pending: Option<Pending>,
    pub losses: Vec<(PlayerId, String)>,
    pub log: Vec<Event>,
    pub answers: Vec<Choice>,
    pub answered: [u64; 2],
    /// Check conservation after every event (tests); the first failure is kept.
    #[serde(skip)]
    pub paranoid: bool,
    #[serde(skip)]
    pub violation: Option<String>,
}

impl Default for State {
    fn default() -> Self {
        State {
            config: LineBattleConfig::default(),
            seed: 0,
            decks: Default::default(),
            catalogue_hash: String::new(),
            rng: GameRng::new(0),
            cards: Vec::new(),
            zones: Zones::default(),
            lp: [0; 2],
            dp: [0; 2],
            turn: 0,
            active: PlayerId(0),
            first: PlayerId(0),
            turns_taken: [0; 2],
            phase: Phase::TurnStart,
            battle: None,
            mods: Vec::new(),
            queue: VecDeque::new(),
            pending: None,
            losses: Vec::new(),
            log: Vec::new(),
            answers: Vec::new(),
            answered: [0; 2],
            paranoid: false,
            violation: None,
        }
    }
}

impl State {
    /// Appends an event (and, when paranoid, checks conservation after it).
    pub fn emit(&mut self, e: Event) {
        self.log.push(e);
        if self.paranoid
            && self.violation.is_none()
            && let Err(v) = super::invariants::conservation(self)
        {
            self.violation = Some(format!("after event {}: {v}", self.log.len()));
        }
    }

    /// Moves a card, emitting `CardMoved`.
    pub fn move_card(&mut self, card: InstanceId, to: Zone) {
        let from = self.zones.move_to(card, to);
        if from != to {
            self.mods
                .retain(|m| m.card != card || matches!(to, Zone::Line(..)));
        }
        self.emit(Event::CardMoved { card, from, to });
    }

    /// The zone of a card (every card is placed at set-up).
    pub fn zone(&self, card: InstanceId) -> Zone {
        self.zones.zone_of(card).expect("every card is placed")
    }

    /// The creatures in `player`'s `line`, in the order they entered.
    pub fn line(&self, player: PlayerId, line: Line) -> Vec<InstanceId> {
        self.zones.pile(Zone::Line(player, line)).to_vec()
    }

    /// `player`'s creatures on the field: the attack line, then the defense line.
    pub fn field(&self, player: PlayerId) -> Vec<InstanceId> {
        let mut v = self.line(player, Line::Attack);
        v.extend(self.line(player, Line::Defense));
        v
    }

    /// `player` draws `n` cards; one who must draw from an empty deck loses (LB-0.4).
    pub fn draw(&mut self, player: PlayerId, n: u32) {
        for _ in 0..n {
            match self.zones.top(Zone::Deck(player)) {
                Some(c) => self.move_card(c, Zone::Hand(player)),
                None => {
                    self.emit(Event::DeckEmpty { player });
                    self.lose(player, "had to draw from an empty deck (LB-0.4)");
                    return;
                }
            }
        }
    }

    /// Records that `player` lost (the game ends at the next check).
    pub fn lose(&mut self, player: PlayerId, reason: &str) {
        if !self.losses.iter().any(|(p, _)| *p == player) {
            self.losses.push((player, reason.to_string()));
            self.emit(Event::Lost {
                player,
                reason: reason.to_string(),
            });
        }
    }

    /// Changes `player`'s master LP by `delta`.
    pub fn change_lp(&mut self, player: PlayerId, delta: i64) {
        let lp = self.lp[player.index()].saturating_add(delta);
        self.lp[player.index()] = lp;
        self.emit(Event::LpChanged { player, delta, lp });
    }

    /// Changes `player`'s DP by `delta` (never below 0).
    pub fn change_dp(&mut self, player: PlayerId, delta: i64) {
        let dp = (i64::from(self.dp[player.index()]) + delta).clamp(0, i64::from(u32::MAX)) as u32;
        self.dp[player.index()] = dp;
        self.emit(Event::DpChanged { player, delta, dp });
    }

    /// Destroys a creature on the field: during a battle phase it waits for the end of
    /// battle (LB-4.2), otherwise it goes to the graveyard at once. `false` when it is not
    /// on the field.
    pub fn destroy(&mut self, card: InstanceId) -> bool {
        let Zone::Line(p, _) = self.zone(card) else {
            return false;
        };
        let waiting = self.battle.is_some();
        self.emit(Event::Destroyed { card, waiting });
        self.move_card(
            card,
            if waiting {
                Zone::Destroyed(p)
            } else {
                Zone::Graveyard(p)
            },
        );
        true
    }

    /// The sum of the modifiers to `card`'s `stat`.
    pub fn modifier(&self, card: InstanceId, stat: Stat) -> i64 {
        self.mods
            .iter()
            .filter(|m| m.card == card && m.stat == stat)
            .map(|m| m.delta)
            .sum()
    }

    /// The card id of an instance.
    pub fn card_id(&self, card: InstanceId) -> &str {
        &self.cards[card.index()].card
    }
}
