//! Events: every state change of a line-battle game is one serialisable event in the log,
//! and [`render_event`] says it in English.

use carddb::Line;
use serde::{Deserialize, Serialize};

use super::decision::Target;
use super::game::Game;
use super::script::Timing;
use super::state::{Stat, Zone};
use crate::core::{GameEvent, InstanceId, PlayerId};

/// How one battle came out for the attacker (LB-3.2, LB-3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The attacker wins; the defender is destroyed (LB-4.2).
    AttackerWins,
    /// The defender wins; the attacker is destroyed (LB-4.2).
    DefenderWins,
    /// A draw: both are destroyed (LB-4.2).
    Draw,
}

/// One state change (or one timing point reached).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Set-up done; `first` takes the first turn.
    GameStarted { first: PlayerId },
    /// A deck was shuffled.
    Shuffled { player: PlayerId },
    /// A master card was put in its place with its starting LP (LB-0.1).
    MasterSet {
        player: PlayerId,
        card: InstanceId,
        lp: i64,
    },
    /// One card moved between zones (a draw is deck → hand).
    CardMoved {
        card: InstanceId,
        from: Zone,
        to: Zone,
    },
    /// A new turn (LB-0.3).
    TurnBegan { turn: u32, player: PlayerId },
    /// A phase of the turn began (LB-0.3): `start`, `draw`, `main 1`, `battle`, `main 2`, `end`.
    PhaseBegan { phase: String },
    /// A phase was skipped, with the rule (LB-0.3: the first player's first draw and battle).
    PhaseSkipped { phase: String, reason: String },
    /// A player's DP was set (LB-0.2: the start phase reset).
    DpSet { player: PlayerId, dp: u32 },
    /// DP changed by `delta` (paid: negative) to `dp`.
    DpChanged {
        player: PlayerId,
        delta: i64,
        dp: u32,
    },
    /// LB-0.3: a creature was played from the hand into a line, paying `cost` DP.
    Played {
        player: PlayerId,
        card: InstanceId,
        line: Line,
        cost: u32,
    },
    /// LB-0.2: a player paid DP for an extra draw.
    BoughtDraw { player: PlayerId, cost: u32 },
    /// LB-0.4: a player had to draw from an empty deck.
    DeckEmpty { player: PlayerId },
    /// LB-1.1: an order was given.
    OrderGiven {
        attacker: InstanceId,
        target: Target,
    },
    /// LB-1.1: a creature gets no order this battle phase.
    NoOrder { attacker: InstanceId },
    /// LB-1.1: every order is given and they stand together (`count` orders).
    OrdersStand { count: u32 },
    /// LB-1.3: an order was cancelled by an effect; the attack goes no further.
    OrderCancelled { attacker: InstanceId },
    /// A queued effect of a cancelled order will not run (LB-1.3).
    EffectCancelled { card: InstanceId, effect: u32 },
    /// An order lapsed: its attacker or target is no longer where the attack needs it.
    AttackEnded {
        attacker: InstanceId,
        reason: String,
    },
    /// LB-2.1: the creature is attacking its target now.
    AttackPerformed {
        attacker: InstanceId,
        target: Target,
    },
    /// LB-3.1: a battle starts (`defender` `None`: the attack is on the master).
    BattleBegan {
        attacker: InstanceId,
        defender: Option<InstanceId>,
    },
    /// LB-3.2 / LB-3.3: a power comparison. `line` is the defender's line; `attacker_value`
    /// is AT (AT − SH, saturating at 0, against the defense line); `defender_value` is AT
    /// (attack line) or DF (defense line); `tie_break` the DF pair when AT was equal.
    Compared {
        attacker: InstanceId,
        defender: InstanceId,
        line: Line,
        attacker_value: u32,
        defender_value: u32,
        tie_break: Option<(u32, u32)>,
        outcome: Outcome,
    },
    /// LB-4.3 / LB-4.4: an attack was not checked because the defender still has a creature
    /// in a line in front of its target.
    NotChecked {
        attacker: InstanceId,
        reason: String,
    },
    /// LB-4.2: a creature was destroyed and waits for the end of battle (`waiting`), or went
    /// straight to the graveyard (destroyed by an effect outside battle).
    Destroyed { card: InstanceId, waiting: bool },
    /// LB-4.5: damage reached a master: it lost `amount` LP (the attacker's AT) and has `lp`.
    MasterDamaged {
        player: PlayerId,
        attacker: InstanceId,
        amount: u32,
        lp: i64,
    },
    /// An effect changed a master's LP by `delta` to `lp`.
    LpChanged {
        player: PlayerId,
        delta: i64,
        lp: i64,
    },
    /// An effect changed a creature's stat until end of turn; `now` the value it has.
    StatChanged {
        card: InstanceId,
        stat: Stat,
        delta: i64,
        now: u32,
    },
    /// LB-4.3 / LB-4.4: an effect lets this attacker's attack pass the lines in front.
    PassThrough { card: InstanceId },
    /// LB-5.1: the battle is over; destroyed creatures have gone to the graveyard.
    BattleEnded,
    /// A timing point reached an effect, which starts now.
    EffectStarted {
        card: InstanceId,
        effect: u32,
        timing: Timing,
    },
    /// An effect failed (a script error, a count out of range); the game goes on.
    EffectFailed {
        card: InstanceId,
        effect: u32,
        /// Script line, when known.
        line: Option<u32>,
        reason: String,
    },
    /// An effect could not act, with the reason (text not understood, card gone, nothing
    /// to act on).
    EffectInert {
        card: InstanceId,
        effect: u32,
        reason: String,
    },
    /// LB-0.4 (or the turn cap): a player lost.
    Lost { player: PlayerId, reason: String },
    /// The game ended (`winner` `None`: a draw).
    GameOver {
        winner: Option<PlayerId>,
        reason: String,
    },
}

impl GameEvent for Event {
    /// Hidden from `seat`: a card moved where `seat` sees neither end (the opponent's draw;
    /// decks are hidden from both players, a hand from the opponent).
    fn redacted_for(&self, seat: PlayerId) -> Option<crate::core::Redacted> {
        let seen = |z: Zone| match z {
            Zone::Deck(_) => false,
            Zone::Hand(p) => p == seat,
            _ => true,
        };
        match self {
            Event::CardMoved { from, to, .. } if !seen(*from) && !seen(*to) => {
                let who = from.owner();
                let text = match (from, to) {
                    (Zone::Deck(_), Zone::Hand(_)) => format!("{who} draws a card"),
                    _ => format!("{who}'s card: {from} → {to}"),
                };
                Some(crate::core::Redacted {
                    json: crate::core::event::nulled(self, "CardMoved", "card"),
                    text,
                })
            }
            _ => None,
        }
    }
}

fn target_text(g: &Game, t: &Target) -> String {
    match t {
        Target::Creature(c) => g.name(*c),
        Target::Master => "the opposing master".into(),
    }
}

/// One event in English, with card names from `game`'s library.
pub fn render_event(e: &Event, game: &Game) -> String {
    let g = game;
    match e {
        Event::GameStarted { first } => format!("Game starts; {first} goes first"),
        Event::Shuffled { player } => format!("{player} shuffles their deck"),
        Event::MasterSet { player, card, lp } => {
            format!("{player}'s master is {} with {lp} LP", g.name(*card))
        }
        Event::CardMoved { card, from, to } => format!("{}: {from} → {to}", g.name(*card)),
        Event::TurnBegan { turn, player } => format!("— Turn {turn}: {player} —"),
        Event::PhaseBegan { phase } => format!("{phase} phase"),
        Event::PhaseSkipped { phase, reason } => format!("{phase} phase skipped ({reason})"),
        Event::DpSet { player, dp } => format!("{player} has {dp} DP"),
        Event::DpChanged { player, delta, dp } => format!("{player} DP {delta:+} → {dp}"),
        Event::Played {
            player,
            card,
            line,
            cost,
        } => format!(
            "{player} plays {} into the {} line for {cost} DP",
            g.name(*card),
            line_name(*line)
        ),
        Event::BoughtDraw { player, cost } => format!("{player} pays {cost} DP to draw"),
        Event::DeckEmpty { player } => format!("{player} must draw from an empty deck"),
        Event::OrderGiven { attacker, target } => format!(
            "{} is ordered to attack {}",
            g.name(*attacker),
            target_text(g, target)
        ),
        Event::NoOrder { attacker } => format!("{} does not attack", g.name(*attacker)),
        Event::OrdersStand { count } => format!("{count} attack order(s) stand"),
        Event::OrderCancelled { attacker } => {
            format!("{}'s attack order is cancelled", g.name(*attacker))
        }
        Event::EffectCancelled { card, effect } => {
            format!("{}'s effect {effect} is cancelled", g.name(*card))
        }
        Event::AttackEnded { attacker, reason } => {
            format!("{}'s attack ends: {reason}", g.name(*attacker))
        }
        Event::AttackPerformed { attacker, target } => {
            format!("{} attacks {}", g.name(*attacker), target_text(g, target))
        }
        Event::BattleBegan { attacker, defender } => match defender {
            Some(d) => format!("{} battles {}", g.name(*attacker), g.name(*d)),
            None => format!("{} battles toward the master", g.name(*attacker)),
        },
        Event::Compared {
            attacker,
            defender,
            attacker_value,
            defender_value,
            tie_break,
            outcome,
            ..
        } => {
            let tb = tie_break
                .map(|(a, d)| format!(", DF {a} vs {d}"))
                .unwrap_or_default();
            format!(
                "{} {attacker_value} vs {} {defender_value}{tb}: {}",
                g.name(*attacker),
                g.name(*defender),
                match outcome {
                    Outcome::AttackerWins => "the attacker wins",
                    Outcome::DefenderWins => "the defender wins",
                    Outcome::Draw => "a draw",
                }
            )
        }
        Event::NotChecked { attacker, reason } => {
            format!("{}'s attack is not checked: {reason}", g.name(*attacker))
        }
        Event::Destroyed { card, waiting } => format!(
            "{} is destroyed{}",
            g.name(*card),
            if *waiting {
                " and waits for the end of battle"
            } else {
                ""
            }
        ),
        Event::MasterDamaged {
            player,
            attacker,
            amount,
            lp,
        } => format!(
            "{} deals {amount} to {player}'s master ({lp} LP left)",
            g.name(*attacker)
        ),
        Event::LpChanged { player, delta, lp } => format!("{player} LP {delta:+} → {lp}"),
        Event::StatChanged {
            card,
            stat,
            delta,
            now,
        } => format!("{} {stat:?} {delta:+} → {now}", g.name(*card)),
        Event::PassThrough { card } => format!("{}'s attack passes the lines", g.name(*card)),
        Event::BattleEnded => "End of battle".into(),
        Event::EffectStarted {
            card,
            effect,
            timing,
        } => format!("{} effect {effect} ({})", g.name(*card), timing.label()),
        Event::EffectFailed {
            card,
            effect,
            line,
            reason,
        } => format!(
            "{} effect {effect} failed{}: {reason}",
            g.name(*card),
            line.map(|l| format!(" at line {l}")).unwrap_or_default()
        ),
        Event::EffectInert {
            card,
            effect,
            reason,
        } => format!("{} effect {effect} does nothing: {reason}", g.name(*card)),
        Event::Lost { player, reason } => format!("{player} loses: {reason}"),
        Event::GameOver { winner, reason } => match winner {
            Some(w) => format!("Game over: {w} wins ({reason})"),
            None => format!("Game over: a draw ({reason})"),
        },
    }
}

/// The English name of a line.
pub fn line_name(l: Line) -> &'static str {
    match l {
        Line::Attack => "attack",
        Line::Defense => "defense",
    }
}

#[cfg(test)]
mod redaction_tests {
    use super::*;

    #[test]
    fn the_opponents_draw_is_redacted() {
        // The hand is hidden from the opponent, the deck from both.
        let draw = Event::CardMoved {
            card: InstanceId(9),
            from: Zone::Deck(PlayerId(1)),
            to: Zone::Hand(PlayerId(1)),
        };
        let r = draw.redacted_for(PlayerId(0)).expect("hidden from P1");
        assert!(r.json["CardMoved"]["card"].is_null(), "{}", r.json);
        assert_eq!(r.json["CardMoved"]["to"], serde_json::json!({"Hand": 1}));
        assert_eq!(r.text, "P2 draws a card");
        assert_eq!(draw.redacted_for(PlayerId(1)), None);
    }
}
