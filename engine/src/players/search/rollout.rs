//! One rollout of [`super::SearchPlayer`]: the greedy player answers for both seats to the
//! game's end or the cut-off, and the end is scored for the searching seat.

use super::Searchable;
use crate::core::{GameResult, PlayerId, Step};

/// The most decisions one rollout answers before it is scored where it stands (a game the
/// greedy players could not end in a turn or two).
const ROLLOUT_DECISIONS: usize = 4_000;

/// Plays `game` with the greedy player for both seats until it ends or `horizon` turns
/// after the current one have ended, then scores it for `seat` ([`rollout_score`]).
pub fn rollout<G: Searchable>(game: &mut G, seat: PlayerId, horizon: u32) -> f64 {
    let stop = game.turn_number() + horizon + 1;
    for _ in 0..ROLLOUT_DECISIONS {
        match game.next() {
            Step::Over(r) => return rollout_score(Some(&r), game, seat),
            Step::Decision(req) => {
                if game.turn_number() >= stop {
                    break;
                }
                let c = game.greedy_choice(&req);
                if game.answer(c).is_err() {
                    break;
                }
            }
        }
    }
    rollout_score(None, game, seat)
}

/// A rollout's score for `seat`: 1 for a win, 0 for a loss, 0.5 for a draw; an unfinished
/// game scores the ruleset's evaluation squeezed into `0.1..=0.9`, so any win counts more
/// than any position.
pub fn rollout_score<G: Searchable>(over: Option<&GameResult>, game: &G, seat: PlayerId) -> f64 {
    match over {
        Some(r) => match r.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        None => 0.1 + 0.8 * game.evaluate(seat).clamp(0.0, 1.0),
    }
}
