//! The line battle as [`Searchable`]: what the search player (`players::search`) needs —
//! the determinization of hidden cards, the greedy rollout answer, and the evaluation of a
//! position.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::decision::{Choice, DecisionRequest};
use super::game::Game;
use super::greedy::GreedyPlayer;
use super::state::Zone;
use crate::core::{GameRng, PlayerId};
use crate::players::Searchable;
use crate::players::search::shuffle_hidden;

impl Searchable for Game {
    /// Hidden from `seat`: its own deck's order and the opponent's hand and deck (as the
    /// view: decks face down, a hand hidden from the opponent). The opponent's hand and
    /// deck are pooled and re-dealt; the seat's own deck is shuffled. Lines, graveyards
    /// and masters are face up and stay.
    fn determinize(&mut self, seat: PlayerId, rng: &mut ChaCha8Rng) {
        let opp = seat.other();
        let mut own = self.st.zones.pile(Zone::Deck(seat)).to_vec();
        shuffle_hidden(&mut own, rng);
        self.st.zones.redeal(&[Zone::Deck(seat)], &own);
        let places = [Zone::Hand(opp), Zone::Deck(opp)];
        let mut pool: Vec<_> = (places.iter())
            .flat_map(|&z| self.st.zones.pile(z).to_vec())
            .collect();
        shuffle_hidden(&mut pool, rng);
        self.st.zones.redeal(&places, &pool);
        self.st.rng = GameRng::new(rng.next_u64());
        // Rollouts are not checked event by event (the real game is).
        self.st.paranoid = false;
        self.cached = None;
    }

    fn greedy_choice(&self, request: &DecisionRequest) -> Choice {
        GreedyPlayer.choose(self, request)
    }

    /// LP (LB-0.4: the master's life) counts most, then creatures on the field and cards
    /// in hand; squeezed into `0..1` by `tanh`.
    fn evaluate(&self, seat: PlayerId) -> f64 {
        let side = |p: PlayerId| {
            self.lp(p) as f64
                + 2.0 * self.st.field(p).len() as f64
                + 0.5 * self.st.zones.pile(Zone::Hand(p)).len() as f64
        };
        let d = side(seat) - side(seat.other());
        0.5 + 0.5 * (d / 8.0).tanh()
    }

    fn turn_number(&self) -> u32 {
        self.st.turn
    }

    fn turn_player(&self) -> PlayerId {
        self.st.active
    }
}
