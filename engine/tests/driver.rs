//! The registry of games and the plain driver: any ruleset started, answered,
//! replayed and simulated through `engine::driver`, here with Battle Spirits. The plain
//! form changes nothing: the same seed and answers give the same log as the typed game.

use carddb::{Deck, DeckEntry, GameKind};
use engine::core::Step;
use engine::driver::replay::AnyReplay;
use engine::driver::sim::{SimConfig, simulate};
use engine::driver::{CardInput, GameOptions, Robot};
use engine::players::{Player, play_game};
use engine::rules::battle_spirits::testkit::{synthetic_cards, synthetic_deck};
use engine::rules::battle_spirits::{GreedyPlayer, RulesConfig};
use engine::{CardLibrary, Game};

fn deck(main: &str) -> Deck {
    Deck {
        name: main.to_string(),
        entries: synthetic_deck(main)
            .into_iter()
            .map(|card| DeckEntry {
                count: 1,
                card,
                name: None,
                line: 0,
            })
            .collect(),
        master: None,
        format: None,
    }
}

fn prepared() -> std::sync::Arc<dyn engine::driver::Prepared> {
    let d = engine::rules::driver(GameKind::BattleSpirits).expect("Battle Spirits is registered");
    assert_eq!(d.game(), GameKind::BattleSpirits);
    let input = CardInput {
        cards: synthetic_cards(),
        lenient: true,
        ..CardInput::default()
    };
    let Err(e) = d.prepare(input.clone(), Some("modern")) else {
        panic!("an unknown preset is refused")
    };
    assert!(e.contains("saga, japanese"), "{e}");
    // The synthetic decks hold 40 cards: the Japanese format (BS-0.1).
    d.prepare(input, Some("japanese"))
        .expect("the synthetic cards prepare")
}

/// Plays a driven game to its end with robots; returns the event lines.
fn drive(g: &mut dyn engine::driver::DynGame, robots: [Robot; 2]) -> Vec<String> {
    loop {
        match g.next() {
            Step::Over(_) => break,
            Step::Decision(r) => {
                let seat = r.player.index();
                let i = g.robot_index(robots[seat], 40 + seat as u64).unwrap();
                g.answer_index(i).unwrap();
            }
        }
    }
    (0..g.log_len()).map(|i| g.event_json(i)).collect()
}

#[test]
fn a_driven_game_logs_what_the_typed_game_logs() {
    let p = prepared();
    let (r, b) = (deck("R"), deck("B"));
    let mut g = p
        .new_game(
            [&r, &b],
            GameOptions {
                seed: 5,
                ..GameOptions::default()
            },
        )
        .unwrap();
    let driven = drive(g.as_mut(), [Robot::Greedy; 2]);

    let lib = CardLibrary::new(synthetic_cards());
    let mut typed = Game::new(
        RulesConfig::japanese(),
        lib,
        [r.card_ids(), b.card_ids()],
        5,
    )
    .unwrap();
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    play_game(&mut typed, &mut players).unwrap();
    let typed: Vec<String> = typed
        .log()
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert!(driven.len() > 50, "a whole game");
    assert_eq!(driven, typed);
}

#[test]
fn an_answer_that_is_no_option_changes_nothing() {
    let p = prepared();
    let (r, b) = (deck("R"), deck("B"));
    let mut g = p.new_game([&r, &b], GameOptions::default()).unwrap();
    let Step::Decision(req) = g.next() else {
        panic!("a first decision")
    };
    let before = g.log_len();
    assert!(g.answer_index(req.options.len()).is_err());
    let err = g
        .answer_json(&serde_json::json!({"NoSuchChoice": 1}))
        .unwrap_err();
    assert!(err.contains("is not an answer of this game"), "{err}");
    assert_eq!(g.log_len(), before);
    assert_eq!(g.next(), Step::Decision(req));
}

#[test]
fn a_replay_of_answers_gives_the_same_log() {
    let p = prepared();
    let (r, b) = (deck("R"), deck("B"));
    let mut g = p
        .new_game(
            [&r, &b],
            GameOptions {
                seed: 9,
                ..GameOptions::default()
            },
        )
        .unwrap();
    let log = drive(g.as_mut(), [Robot::Random; 2]);
    let replay = AnyReplay {
        game: "battle-spirits".into(),
        hash: p.hash(),
        decks: [r, b],
        seed: 9,
        answers: g.answers_json(),
    };
    let again = replay.play(p.as_ref()).unwrap();
    let relog: Vec<String> = (0..again.log_len()).map(|i| again.event_json(i)).collect();
    assert_eq!(relog, log);
    let other = AnyReplay {
        hash: "0".into(),
        ..replay
    };
    let Err(e) = other.play(p.as_ref()) else {
        panic!("another catalogue is refused")
    };
    assert!(e.contains("catalogue"), "{e}");
}

#[test]
fn the_plain_simulator_plays_every_pairing_with_conservation_checked() {
    let p = prepared();
    let decks = vec![("R".to_string(), deck("R")), ("B".to_string(), deck("B"))];
    let cfg = SimConfig {
        games_per_pair: 4,
        seed: 0,
        check_every_event: true,
        strict_scripts: true,
        decision_cap: 100_000,
        threads: Some(1),
        players: [Robot::Random, Robot::Greedy],
    };
    let report = simulate(p.as_ref(), &decks, &cfg, &|| {});
    // Two decks play each other (one pairing), 4 games.
    assert_eq!(report.games, 4);
    assert_eq!(report.pairs.len(), 1);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    let finished: u64 = report
        .pairs
        .iter()
        .map(|p| p.wins_a + p.wins_b + p.draws)
        .sum();
    assert_eq!(finished, 4);
    assert!(report.decisions > 4 * 10);
}
