//! What a deciding seat sees, built on first use (`players::Sight`): the greedy
//! player answers a game the same whether its view was built before it asked or only when
//! it looked, and a built view is the game's view of that seat.

use engine::players::{Player, Sight};
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::rules::battle_spirits::{GreedyPlayer, RulesConfig};
use engine::{Game, Step};

#[test]
fn a_lazy_sight_gives_the_greedy_player_the_answers_an_eager_view_gives() {
    for seed in 1..=3u64 {
        let decks = [synthetic_deck("R"), synthetic_deck("B")];
        let mut g = Game::new(RulesConfig::japanese(), synthetic_library(), decks, seed).unwrap();
        g.set_strict(true);
        let (mut lazy, mut eager) = (GreedyPlayer::new(), GreedyPlayer::new());
        let mut decisions = 0;
        while let Step::Decision(req) = g.next() {
            let sight = Sight::of(&g, req.player);
            let a = lazy.decide(&sight, &req);
            let b = eager.decide(&Sight::from_view(g.view(req.player)), &req);
            assert_eq!(a, b, "seed {seed}, decision {decisions}: {:?}", req.kind);
            assert_eq!(
                sight.view(),
                &g.view(req.player),
                "a built view is the seat's"
            );
            g.answer(a).unwrap();
            decisions += 1;
            assert!(decisions < 5_000, "seed {seed}: the game ends");
        }
        assert!(decisions > 20, "seed {seed}: a whole game was played");
    }
}
