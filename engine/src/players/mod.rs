//! Players, for any ruleset ([`Rules`]): anything that answers decisions from what its
//! seat may see. Built in: a seeded random player; each ruleset brings its greedy player
//! (`rules::battle_spirits::GreedyPlayer`); [`search::SearchPlayer`] searches over copies
//! of the game for any ruleset that is [`search::Searchable`]. `play_game` drives a game
//! to its end.

pub mod search;

use std::cell::OnceCell;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::core::{GameResult, PlayerId, Request, Rules, Step};

pub use search::{SearchConfig, SearchPlayer, Searchable};

/// The decision request of ruleset `G`.
pub type RequestOf<G> = Request<<G as Rules>::Kind, <G as Rules>::Choice>;

/// What the deciding seat may see: its view of ruleset `G` (hidden information hidden),
/// built on first use. A player that answers without looking (an effect's "yes", a core
/// from the reserve) costs the game no view; one built is kept for the decision.
pub struct Sight<'a, G: Rules> {
    source: Option<(&'a G, PlayerId)>,
    view: OnceCell<G::View>,
}

impl<'a, G: Rules> Sight<'a, G> {
    /// What `player` sees of `game` now, built when first asked.
    pub fn of(game: &'a G, player: PlayerId) -> Sight<'a, G> {
        Sight {
            source: Some((game, player)),
            view: OnceCell::new(),
        }
    }

    /// A view already built (a client's, a test's).
    pub fn from_view(view: G::View) -> Sight<'a, G> {
        Sight {
            source: None,
            view: OnceCell::from(view),
        }
    }

    /// The game and seat behind this sight (`None` for one made from a view): for a
    /// ruleset's own player that reads only what the view shows, without building it all
    /// (the greedy player's view was a fifth of a demo game's instructions).
    pub(crate) fn seat(&self) -> Option<(&'a G, PlayerId)> {
        self.source
    }

    /// The seat's view (`Rules::view`), built on the first call.
    pub fn view(&self) -> &G::View {
        self.view.get_or_init(|| {
            let (game, player) = self.source.expect("a sight without a view has a game");
            game.view(player)
        })
    }
}

/// Answers decisions of ruleset `G`. Must return one of `request.options`' choices.
pub trait Player<G: Rules> {
    /// Chooses an answer to `request`, seeing only what `sight` shows (its view).
    fn decide(&mut self, sight: &Sight<'_, G>, request: &RequestOf<G>) -> G::Choice;
}

/// Picks uniformly among the legal options, with its own seeded rng.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The random player seeded with `seed` after it has made `decisions` decisions: a
    /// resumed game (`Rules::answered`) goes on exactly as the uncut one (one draw per
    /// decision).
    pub fn resumed(seed: u64, decisions: u64) -> RandomPlayer {
        let mut p = RandomPlayer::new(seed);
        for _ in 0..decisions {
            p.rng.next_u64();
        }
        p
    }
}

impl<G: Rules> Player<G> for RandomPlayer {
    fn decide(&mut self, _sight: &Sight<'_, G>, request: &RequestOf<G>) -> G::Choice {
        // Shortcuts (one-answer payments) are left out: the same draws as before they existed.
        let options: Vec<_> = request
            .options
            .iter()
            .filter(|o| !G::is_shortcut(&o.choice))
            .collect();
        let n = options.len() as u64;
        // The rules never ask a question without an answer; say so if one slips through.
        assert!(n > 0, "a {:?} decision with no options", request.kind);
        let i = (self.rng.next_u64() % n) as usize;
        options[i].choice.clone()
    }
}

/// Why `play_game` stopped without a result.
#[derive(Debug, Error)]
pub enum PlayError<E: std::error::Error> {
    #[error("no result after {0} decisions (the cap)")]
    DecisionCapExceeded(usize),
    #[error("{player} gave an illegal answer: {error}")]
    IllegalAnswer { player: PlayerId, error: E },
}

/// Decision cap used by [`play_game`].
pub const DEFAULT_DECISION_CAP: usize = 100_000;

/// Plays `game` to its end, asking `players[i]` for `PlayerId(i)`'s decisions.
/// Errors: more than `cap` decisions, or an illegal answer from a player.
pub fn play_game_capped<G: Rules>(
    game: &mut G,
    players: &mut [Box<dyn Player<G>>; 2],
    cap: usize,
) -> Result<GameResult, PlayError<G::AnswerError>> {
    for _ in 0..cap {
        match game.next() {
            Step::Over(r) => return Ok(r),
            Step::Decision(req) => {
                let sight = Sight::of(&*game, req.player);
                let c = players[req.player.index()].decide(&sight, &req);
                game.answer(c).map_err(|error| PlayError::IllegalAnswer {
                    player: req.player,
                    error,
                })?;
            }
        }
    }
    match game.next() {
        Step::Over(r) => Ok(r),
        Step::Decision(_) => Err(PlayError::DecisionCapExceeded(cap)),
    }
}

/// [`play_game_capped`] with [`DEFAULT_DECISION_CAP`].
pub fn play_game<G: Rules>(
    game: &mut G,
    players: &mut [Box<dyn Player<G>>; 2],
) -> Result<GameResult, PlayError<G::AnswerError>> {
    play_game_capped(game, players, DEFAULT_DECISION_CAP)
}
