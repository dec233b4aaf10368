//! A deterministic greedy player for the line battle, deciding from its seat's [`View`]:
//! it plays the dearest creature it can pay, orders attacks that win by the LB-3
//! comparison (or trade a cheaper creature in a draw) or hit an open master, buys a draw
//! only with an empty hand and the longer deck, and takes the first option of an effect's question.

use carddb::Line;

use super::battle::judge;
use super::decision::{Choice, DecisionKind, DecisionRequest, Target};
use super::events::Outcome;
use super::game::Game;
use super::view::View;
use crate::players::{Player, Sight};

/// The greedy line-battle player (no state; the same view and request give the same choice).
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// The choice for `req` seen from `view` (always one of the request's options).
    pub fn choose_from(&mut self, view: &View, req: &DecisionRequest) -> Choice {
        let mine = &view.sides[req.player.index()];
        let theirs = &view.sides[req.player.other().index()];
        let pick = match req.kind {
            DecisionKind::MainAction => {
                let (atk, def) = (mine.attack_line.len(), mine.defense_line.len());
                let want = if atk > def + 1 {
                    Line::Defense
                } else {
                    Line::Attack
                };
                let cost = |c| {
                    mine.hand
                        .iter()
                        .flatten()
                        .find(|h| h.id == c)
                        .map_or(0, |h| h.cost)
                };
                let plays = req.choices().filter_map(|c| match c {
                    Choice::Play { card, line } => Some((*card, *line)),
                    _ => None,
                });
                // Dearest first; for equal cost the wanted line, then the listed order.
                let best = plays.max_by_key(|&(card, line)| (cost(card), line == want));
                match best {
                    Some((card, line)) => Some(Choice::Play { card, line }),
                    // An extra draw only with an empty hand and the longer deck (LB-0.4).
                    None if mine.hand_count == 0 && mine.deck_count > theirs.deck_count => {
                        Some(Choice::BuyDraw)
                    }
                    None => None,
                }
            }
            DecisionKind::Order => {
                let open = theirs.attack_line.is_empty() && theirs.defense_line.is_empty();
                // A win, or a draw that trades a cheaper creature for a dearer one.
                let good = |a, t| {
                    let Some((ac, _)) = mine.creature(a) else {
                        return false;
                    };
                    match t {
                        Target::Master => open,
                        Target::Creature(d) => theirs.creature(d).is_some_and(|(dc, line)| {
                            match judge(line, [ac.at, ac.df], [dc.at, dc.df, dc.sh]).3 {
                                Outcome::AttackerWins => true,
                                Outcome::Draw => ac.cost <= dc.cost,
                                Outcome::DefenderWins => false,
                            }
                        }),
                    }
                };
                let orders: Vec<_> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Order { attacker, target } => Some((*attacker, *target)),
                        _ => None,
                    })
                    .collect();
                let first = orders.first().map(|(a, _)| *a);
                let found = orders
                    .iter()
                    .filter(|(a, _)| Some(*a) == first)
                    .find(|&&(a, t)| good(a, t));
                match (found, first) {
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

    /// The choice for `req` in `game`, from the view of the player who must answer.
    pub fn choose(&mut self, game: &Game, req: &DecisionRequest) -> Choice {
        self.choose_from(&game.view(req.player), req)
    }
}

impl Player<Game> for GreedyPlayer {
    fn decide(&mut self, sight: &Sight<'_, Game>, request: &DecisionRequest) -> Choice {
        self.choose_from(sight.view(), request)
    }
}
