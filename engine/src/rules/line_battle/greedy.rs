//! A deterministic greedy player for the line battle: it plays the dearest creature it can
//! pay, orders attacks that win by the LB-3 comparison (or trade a cheaper creature in a
//! draw) or hit an open master, buys a draw only with an empty hand, and takes
//! the first option of an effect's question.

use carddb::Line;

use super::battle::compare;
use super::decision::{Choice, DecisionKind, DecisionRequest, Target};
use super::events::Outcome;
use super::game::Game;
use super::state::Zone;

/// The greedy line-battle player (no state; the same game and request give the same choice).
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// The choice for `req` in `game` (always one of the request's options).
    pub fn choose(&mut self, game: &Game, req: &DecisionRequest) -> Choice {
        let st = game.state();
        let pick = match req.kind {
            DecisionKind::MainAction => {
                let me = req.player;
                let (atk, def) = (
                    st.line(me, Line::Attack).len(),
                    st.line(me, Line::Defense).len(),
                );
                let want = if atk > def + 1 {
                    Line::Defense
                } else {
                    Line::Attack
                };
                let cost = |c| game.library().get(st.card_id(c)).map_or(0, |d| d.cost);
                let plays = req.choices().filter_map(|c| match c {
                    Choice::Play { card, line } => Some((*card, *line)),
                    _ => None,
                });
                // Dearest first; for equal cost the wanted line, then the listed order.
                let best = plays.max_by_key(|&(card, line)| (cost(card), line == want));
                match best {
                    Some((card, line)) => Some(Choice::Play { card, line }),
                    None if st.zones.pile(Zone::Hand(me)).is_empty()
                        && req.is_legal(&Choice::BuyDraw) =>
                    {
                        Some(Choice::BuyDraw)
                    }
                    None => None,
                }
            }
            DecisionKind::Order => {
                let open = st.field(req.player.other()).is_empty();
                let cost = |c| game.library().get(st.card_id(c)).map_or(0, |d| d.cost);
                // A win, or a draw that trades a cheaper creature for a dearer one.
                let wins = |a, t| match (t, st.zone_of_target(t)) {
                    (Target::Creature(d), Some(line)) => {
                        match compare(game.library(), st, a, d, line).3 {
                            Outcome::AttackerWins => true,
                            Outcome::Draw => cost(a) <= cost(d),
                            Outcome::DefenderWins => false,
                        }
                    }
                    _ => false,
                };
                let orders: Vec<(_, _)> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Order { attacker, target } => Some((*attacker, *target)),
                        _ => None,
                    })
                    .collect();
                let first = orders.first().map(|(a, _)| *a);
                let good = orders
                    .iter()
                    .filter(|(a, _)| Some(*a) == first)
                    .find(|&&(a, t)| wins(a, t) || (t == Target::Master && open));
                match (good, first) {
                    (Some(&(attacker, target)), _) => Some(Choice::Order { attacker, target }),
                    (None, Some(attacker)) => Some(Choice::NoAttack { attacker }),
                    (None, None) => None,
                }
            }
            DecisionKind::EffectChoice => None,
        };
        pick.filter(|c| req.is_legal(c)).unwrap_or_else(|| {
            req.choices()
                .find(|c| matches!(c, Choice::EndMain | Choice::DoneOrdering))
                .or_else(|| req.choices().next())
                .cloned()
                .expect("a request has options")
        })
    }
}

impl super::state::State {
    /// The line a creature target stands in (`None` for the master or a card off the field).
    pub fn zone_of_target(&self, t: Target) -> Option<Line> {
        match t {
            Target::Creature(c) => match self.zone(c) {
                Zone::Line(_, l) => Some(l),
                _ => None,
            },
            Target::Master => None,
        }
    }
}
