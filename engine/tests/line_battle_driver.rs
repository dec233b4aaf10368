//! The line battle in the registry of games: prepared from plain card input, started from
//! `carddb::Deck`s (the master is the deck's one master card, LB-0.1), driven by robots in
//! the parallel simulator with conservation checked after every event, and replayed.

use carddb::{Deck, DeckEntry, GameKind};
use engine::driver::sim::{SimConfig, simulate};
use engine::driver::{CardInput, GameOptions, Robot};
use engine::rules::line_battle::testkit::*;

fn input() -> CardInput {
    let mut cards = fillers();
    cards.extend([
        creature("C1", 1, 2, 1, 0),
        creature("C2", 2, 3, 2, 0),
        creature("C3", 3, 4, 3, 1),
        with_script(creature("E1", 3, 3, 2, 0), "When Played", "draw(1);"),
        with_script(
            creature("E2", 4, 4, 2, 0),
            "When Ordered to Attack",
            "at_plus(this_card(), 2);",
        ),
        with_script(
            creature("E3", 5, 5, 3, 0),
            "When Played",
            "let t = choose_target(opponent_creatures()); if t != () { destroy(t); }",
        ),
        master("M", None),
    ]);
    CardInput {
        cards,
        ..CardInput::default()
    }
}

fn deck(name: &str) -> Deck {
    let mut entries: Vec<DeckEntry> = ["C1", "C2", "C3", "E1", "E2", "E3"]
        .iter()
        .map(|c| DeckEntry {
            count: 3,
            card: c.to_string(),
            name: None,
            line: 0,
        })
        .collect();
    for i in 1..=8 {
        entries.push(DeckEntry {
            count: 3,
            card: format!("FILL-{i:02}"),
            name: None,
            line: 0,
        });
    }
    entries.push(DeckEntry {
        count: 1,
        card: "M".into(),
        name: None,
        line: 0,
    });
    // Through serde, so the test holds whatever optional fields `Deck` grows.
    serde_json::from_value(serde_json::json!({"name": name, "entries": entries})).unwrap()
}

#[test]
fn the_registry_plays_line_battle_games_in_the_simulator() {
    let driver = engine::rules::driver(GameKind::LineBattle).expect("registered");
    assert_eq!(driver.game(), GameKind::LineBattle);
    assert!(
        driver.prepare(input(), Some("saga")).is_err(),
        "no Battle Spirits preset"
    );
    let prepared = driver.prepare(input(), None).unwrap();
    let decks = vec![("a".to_string(), deck("a")), ("b".to_string(), deck("b"))];
    for players in [
        [Robot::Greedy, Robot::Greedy],
        [Robot::Random, Robot::Greedy],
    ] {
        let cfg = SimConfig {
            games_per_pair: 20,
            seed: 1,
            check_every_event: true,
            strict_scripts: true,
            decision_cap: 50_000,
            threads: Some(1),
            players,
        };
        let report = simulate(prepared.as_ref(), &decks, &cfg, &|| {});
        assert_eq!(
            report.games, 20,
            "two decks play each other: one pairing × 20"
        );
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        let finished: u64 = report
            .pairs
            .iter()
            .map(|p| p.wins_a + p.wins_b + p.draws)
            .sum();
        assert_eq!(finished, 20);
    }
}

#[test]
fn a_deck_needs_exactly_one_master_and_a_driven_game_replays() {
    let driver = engine::rules::driver(GameKind::LineBattle).unwrap();
    let prepared = driver.prepare(input(), None).unwrap();
    let mut no_master = deck("x");
    no_master.entries.pop();
    let e = prepared
        .new_game([&no_master, &deck("b")], GameOptions::default())
        .err()
        .unwrap();
    assert!(e.contains("no master card"), "{e}");
    let (a, b) = (deck("a"), deck("b"));
    let mut g = prepared
        .new_game(
            [&a, &b],
            GameOptions {
                seed: 9,
                ..GameOptions::default()
            },
        )
        .unwrap();
    let mut n = 0;
    while let engine::core::Step::Decision(_) = g.next() {
        let i = g.robot_index(Robot::Greedy, 0).unwrap();
        g.answer_index(i).unwrap();
        n += 1;
        assert!(n < 50_000);
    }
    let replay = engine::driver::replay::AnyReplay {
        game: "line-battle".into(),
        hash: prepared.hash(),
        decks: [a, b],
        seed: 9,
        answers: g.answers_json(),
    };
    let r = replay.play(prepared.as_ref()).unwrap();
    assert_eq!(r.log_len(), g.log_len());
    assert_eq!(r.event_json(r.log_len() - 1), g.event_json(g.log_len() - 1));
    assert!(g.event_text(0).is_some());
}
