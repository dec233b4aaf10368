//! A player that searches: determinized flat Monte Carlo over copies of the game.
//!
//! For a decision with more than one option, [`SearchPlayer`] spends its budget of
//! rollouts over the options (UCB1: each option once, then the one with the best upper
//! bound). One rollout: copy the game, *determinize* the copy from the deciding seat's
//! information ([`Searchable::determinize`]: every card the seat cannot see re-dealt at
//! random among the places it cannot see, each place's count kept), apply the option,
//! then let the ruleset's greedy player answer for both seats until the game ends or the
//! cut-off (the end of the seat's next turn), and score the end position for the
//! seat ([`rollout`]). The option with the best mean score is chosen when it beats the
//! greedy answer's mean by a margin (else the greedy answer); after a number of searched
//! decisions in one turn the greedy player answers the rest of it (a neutral option such
//! as moving cores back and forth cannot loop).
//!
//! Assumption: the deck lists are public (each seat knows which cards the other's deck
//! holds, as a tournament decklist); the order of every deck and the opponent's hand (and
//! any face-down card) are not. The determinized copy also gets a fresh game rng, so
//! nothing the seat could not know steers the rollouts.
//!
//! Deterministic: the rng of a decision is ChaCha8 seeded from the player's seed, its seat
//! and how many decisions the seat has answered (public), never the clock; the same seed
//! gives the same game.

mod rollout;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Player, RequestOf, Sight};
use crate::core::{InstanceId, PlayerId, Rules};

pub use rollout::{rollout, rollout_score};

/// The default budget: rollouts per searched decision (a decision takes ≤ 100 ms on one
/// core with the demo decks, `benches/search.rs`).
pub const DEFAULT_BUDGET: u32 = 48;

/// What a ruleset gives [`SearchPlayer`]: the hooks that make its game searchable.
pub trait Searchable: Rules + Clone {
    /// Makes this copy one the deciding `seat` cannot tell from the real game: every card
    /// `seat` cannot see (the opponent's hand, both decks' order, face-down cards) is
    /// re-dealt at random (`rng`) among the hidden places of its owner, each place keeping
    /// its count, and the game's own rng is reseeded. The result depends only on what
    /// `seat` sees and on `rng` (the hidden cards are sorted before they are shuffled).
    fn determinize(&mut self, seat: PlayerId, rng: &mut ChaCha8Rng);
    /// The ruleset's greedy answer to `request` (the rollouts' player for both seats).
    fn greedy_choice(&self, request: &RequestOf<Self>) -> Self::Choice;
    /// How good this unfinished position is for `seat`, in `0.0..=1.0` (0.5: even).
    fn evaluate(&self, seat: PlayerId) -> f64;
    /// The turn number (the rollouts' cut-off counts turns).
    fn turn_number(&self) -> u32;
    /// Whose turn it is (a rollout decided on the seat's own turn plays one turn more, so
    /// it always ends after a turn of the seat's own).
    fn turn_player(&self) -> PlayerId;
    /// Whether a decision of this kind is worth searching; others get the greedy answer
    /// (book-keeping such as which core pays a cost).
    fn searched(_request: &RequestOf<Self>) -> bool {
        true
    }
}

/// Settings of a [`SearchPlayer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Rollouts per searched decision.
    pub budget: u32,
    /// The seat's own turns a rollout plays after the current turn before it is scored
    /// (1: to the end of the seat's next turn — the turn after the current one when the
    /// opponent is deciding in its turn, the one after that on the seat's own turn).
    pub horizon: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget: DEFAULT_BUDGET,
            horizon: 1,
        }
    }
}

/// Searched decisions a seat makes in one turn before it leaves the rest of the turn to
/// the greedy player: an option the evaluation scores as neutral (moving cores back and
/// forth) could otherwise be chosen again and again.
const SEARCHED_PER_TURN: u32 = 24;

/// A mean that beats the greedy answer's by less than this is noise: the greedy answer
/// stays (it ends a turn; an even option may loop).
const MARGIN: f64 = 0.02;

/// The search player (module docs): deterministic for its seed.
#[derive(Debug, Clone)]
pub struct SearchPlayer {
    seed: u64,
    config: SearchConfig,
    /// The turn of the last searched decision and how many were searched in it.
    this_turn: (u32, u32),
}

impl SearchPlayer {
    /// A search player with the default settings.
    pub fn new(seed: u64) -> SearchPlayer {
        SearchPlayer::with_config(seed, SearchConfig::default())
    }

    /// A search player spending `budget` rollouts per decision.
    pub fn with_budget(seed: u64, budget: u32) -> SearchPlayer {
        SearchPlayer::with_config(
            seed,
            SearchConfig {
                budget,
                ..SearchConfig::default()
            },
        )
    }

    /// A search player with `config`.
    pub fn with_config(seed: u64, config: SearchConfig) -> SearchPlayer {
        SearchPlayer {
            seed,
            config,
            this_turn: (0, 0),
        }
    }

    /// The rng of the decision `seat` makes after `answered` answers.
    fn rng(&self, seat: PlayerId, answered: u64) -> ChaCha8Rng {
        let mix = self.seed
            ^ (seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ answered.wrapping_mul(0xD1B5_4A32_D192_ED03);
        ChaCha8Rng::seed_from_u64(mix)
    }

    /// The option of `options` the search chooses in `game` for `seat`.
    fn search<G: Searchable>(
        &self,
        game: &G,
        seat: PlayerId,
        options: &[&G::Choice],
        greedy: usize,
    ) -> usize {
        let mut rng = self.rng(seat, game.answered()[seat.index()]);
        let k = options.len();
        let mut sum = vec![0.0f64; k];
        let mut n = vec![0u32; k];
        let budget = self.config.budget.max(k as u32);
        // Turns after this one to the end of the seat's `horizon`-th next turn: scored
        // after the opponent's reply alone, an attack that leaves the seat's spirits
        // exhausted looked worse than it is (its own answer was never played).
        let turns = (2 * self.config.horizon).saturating_sub(u32::from(game.turn_player() != seat));
        for it in 0..budget {
            let i = if (it as usize) < k {
                it as usize
            } else {
                ucb_pick(&sum, &n, it)
            };
            let mut copy = game.clone();
            copy.determinize(seat, &mut rng);
            let v = match copy.answer(options[i].clone()) {
                Ok(()) => rollout(&mut copy, seat, turns),
                // The seat's options are what it sees: a refusal would be a ruleset bug;
                // scored as a loss so it is never chosen.
                Err(_) => 0.0,
            };
            sum[i] += v;
            n[i] += 1;
        }
        // The best mean, if it beats the greedy answer's by the margin; the first listed
        // among equals.
        let mean = |i: usize| sum[i] / f64::from(n[i]);
        let mut best = 0;
        for i in 1..k {
            if mean(i) > mean(best) {
                best = i;
            }
        }
        if mean(best) - mean(greedy) < MARGIN {
            greedy
        } else {
            best
        }
    }
}

/// UCB1: the option with the best mean plus exploration bonus (the first among equals).
fn ucb_pick(sum: &[f64], n: &[u32], total: u32) -> usize {
    let ln = f64::from(total).ln();
    let score = |i: usize| sum[i] / f64::from(n[i]) + (2.0 * ln / f64::from(n[i])).sqrt() * 0.5;
    let mut best = 0;
    for i in 1..sum.len() {
        if score(i) > score(best) {
            best = i;
        }
    }
    best
}

/// Shuffles `ids` into a random order that does not depend on their order now (sorted
/// first, then Fisher–Yates with `rng`): a determinization's re-deal.
pub fn shuffle_hidden(ids: &mut [InstanceId], rng: &mut ChaCha8Rng) {
    ids.sort_unstable();
    for i in (1..ids.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        ids.swap(i, j);
    }
}

impl<G: Searchable> Player<G> for SearchPlayer {
    fn decide(&mut self, sight: &Sight<'_, G>, request: &RequestOf<G>) -> G::Choice {
        let options: Vec<&G::Choice> = request
            .options
            .iter()
            .map(|o| &o.choice)
            .filter(|c| !G::is_shortcut(c))
            .collect();
        assert!(
            !request.options.is_empty(),
            "a {:?} decision with no options",
            request.kind
        );
        if options.len() == 1 {
            return options[0].clone();
        }
        if options.is_empty() {
            return request.options[0].choice.clone();
        }
        let game = match sight.seat() {
            Some((g, seat)) if seat == request.player && G::searched(request) => g,
            // Only a view at hand, or book-keeping: the greedy answer.
            Some((g, _)) => return g.greedy_choice(request),
            None => return request.options[0].choice.clone(),
        };
        let turn = game.turn_number();
        if self.this_turn.0 != turn {
            self.this_turn = (turn, 0);
        }
        let greedy = game.greedy_choice(request);
        let Some(g) = options.iter().position(|c| **c == greedy) else {
            return greedy;
        };
        if self.this_turn.1 >= SEARCHED_PER_TURN {
            return greedy;
        }
        self.this_turn.1 += 1;
        let i = self.search(game, request.player, &options, g);
        options[i].clone()
    }
}

#[cfg(test)]
mod tests;
