//! Battle Spirits as [`Searchable`]: what the search player (`players::search`) needs —
//! the determinization of hidden cards, the greedy rollout answer, and the evaluation of a
//! position.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::decision::{DecisionKind, DecisionRequest};
use super::types::Zone;
use super::{Choice, Game, GreedyPlayer};
use crate::core::{GameRng, PlayerId};
use crate::players::search::shuffle_hidden;
use crate::players::{Player, Searchable, Sight};

impl Searchable for Game {
    /// Hidden from `seat`: its own deck's order, the opponent's hand and deck (a deck is
    /// shuffled, BS-0.2; a hand is hidden from the opponent, as the view) and the opponent's face-down burst (BS-10.1). The
    /// opponent's hidden cards are pooled and re-dealt (its burst from the pooled cards
    /// that have a burst effect, BS-5.8); the seat's own deck is shuffled. Tecoto, field
    /// and trash are face up and stay.
    fn determinize(&mut self, seat: PlayerId, rng: &mut ChaCha8Rng) {
        let opp = seat.other();
        let mut own = self.pile(Zone::Deck(seat)).to_vec();
        shuffle_hidden(&mut own, rng);
        self.st.zones.redeal(&[Zone::Deck(seat)], &own);

        let places = [Zone::Hand(opp), Zone::Deck(opp), Zone::Burst(opp)];
        let mut pool: Vec<_> = places.iter().flat_map(|&z| self.pile(z).to_vec()).collect();
        shuffle_hidden(&mut pool, rng);
        if !self.pile(Zone::Burst(opp)).is_empty() {
            // The burst is one of the pooled cards that can be set as one (BS-5.8); the
            // real one always qualifies, so there is one.
            let fits: Vec<usize> = (0..pool.len())
                .filter(|&i| self.def_of(pool[i]).has_burst())
                .collect();
            let pick = fits[(rng.next_u64() % fits.len() as u64) as usize];
            let burst = pool.remove(pick);
            pool.push(burst);
        }
        self.st.zones.redeal(&places, &pool);

        self.st.rng = GameRng::new(rng.next_u64());
        // Rollouts are not checked event by event (the real game is).
        self.strict = false;
        self.cached = None;
        self.invalidate_constants();
    }

    fn greedy_choice(&self, request: &DecisionRequest) -> Choice {
        GreedyPlayer::new().decide(&Sight::of(self, request.player), request)
    }

    /// Life (BS-0.4: it decides the game) counts most, then the field's spirits
    /// and their BP, the hand and the reserve; squeezed into `0..1` by `tanh`.
    fn evaluate(&self, seat: PlayerId) -> f64 {
        let side = |p: PlayerId| {
            let field = self.pile(Zone::Field(p));
            let bp: u32 = field.iter().map(|&c| self.bp(c)).sum();
            3.0 * f64::from(self.life(p))
                + field.len() as f64
                + f64::from(bp) / 3000.0
                + 0.3 * self.pile(Zone::Hand(p)).len() as f64
                + 0.2 * f64::from(self.reserve(p))
        };
        let d = side(seat) - side(seat.other());
        0.5 + 0.5 * (d / 6.0).tanh()
    }

    fn turn_number(&self) -> u32 {
        self.turn()
    }

    fn turn_player(&self) -> PlayerId {
        self.active()
    }

    /// Payments, core placements and core movements (BS-5.2, BS-5.7) are book-keeping the
    /// greedy player answers; plays, attacks, blocks, flashes and effect choices are searched.
    fn searched(request: &DecisionRequest) -> bool {
        !matches!(
            request.kind,
            DecisionKind::PayFrom | DecisionKind::PlaceCore | DecisionKind::CoreMovement
        )
    }
}
