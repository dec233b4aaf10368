//! Options without their text (`Game::set_labels(false)`): a simulation renders
//! no label, and the game it plays is the one a person would see with labels.

use engine::players::{Player, RandomPlayer, Sight};
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::rules::battle_spirits::{DecisionKind, GreedyPlayer, RulesConfig};
use engine::{Game, Step};

fn play(labels: bool, seed: u64, random: bool) -> (Game, usize) {
    let decks = [synthetic_deck("R"), synthetic_deck("B")];
    let mut g = Game::new(RulesConfig::japanese(), synthetic_library(), decks, seed).unwrap();
    g.set_strict(true);
    g.set_labels(labels);
    // Count the options with text while the game is played.
    let mut labelled = 0;
    let mut players: [Box<dyn Player<Game>>; 2] = if random {
        [
            Box::new(RandomPlayer::new(seed)),
            Box::new(RandomPlayer::new(seed + 1)),
        ]
    } else {
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())]
    };
    for _ in 0..5_000 {
        match g.next() {
            Step::Over(_) => break,
            Step::Decision(req) => {
                labelled += req.options.iter().filter(|o| !o.label.is_empty()).count();
                // The rules' own prompts are text too (an effect's question keeps its own).
                if req.kind != DecisionKind::EffectChoice {
                    labelled += usize::from(!req.prompt.is_empty());
                }
                let c = players[req.player.index()].decide(&Sight::of(&g, req.player), &req);
                g.answer(c).unwrap();
            }
        }
    }
    (g, labelled)
}

#[test]
fn a_game_without_labels_is_the_game_with_them() {
    for (seed, random) in [(1, false), (2, false), (3, true), (4, true)] {
        let (with, n_with) = play(true, seed, random);
        let (without, n_without) = play(false, seed, random);
        assert!(n_with > 0, "labels are on by default");
        assert_eq!(n_without, 0, "no option or prompt has text with labels off");
        assert_eq!(with.log(), without.log(), "seed {seed}: same events");
        assert_eq!(
            with.answers(),
            without.answers(),
            "seed {seed}: same answers"
        );
        let mut ended = with;
        assert!(
            matches!(ended.next(), Step::Over(_)),
            "seed {seed}: the game ended"
        );
    }
}
