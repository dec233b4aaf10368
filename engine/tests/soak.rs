//! The long soak, not part of `cargo test`: random against random on the
//! synthetic decks, conservation (BS-0.5) checked after every event, every game to its
//! end. Run it with
//! `SOAK_GAMES=1000000 cargo test --release -p engine --test soak -- --ignored --nocapture`
//! (default 1,000,000 games); the same run from the command line:
//! `cardscript sim --players random --check --games N`.

use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::sim::{PlayerKind, SimConfig, simulate};
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};

#[test]
#[ignore = "a long soak: run with --ignored (SOAK_GAMES sets the number of games)"]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let decks = vec![
        ("R".to_string(), synthetic_deck("R")),
        ("B".to_string(), synthetic_deck("B")),
    ];
    let cfg = SimConfig {
        games_per_pair: games,
        seed: 0,
        check_every_event: true,
        decision_cap: engine::players::DEFAULT_DECISION_CAP,
        threads: None,
        strict_scripts: true,
        players: [PlayerKind::Random; 2],
    };
    let report = simulate(
        &synthetic_library(),
        &RulesConfig::japanese(),
        &decks,
        &cfg,
        &|| {},
    );
    println!(
        "soak: {} games, {} decisions, {} events, {} failures",
        report.games,
        report.decisions,
        report.events,
        report.failures.len()
    );
    assert!(
        report.failures.is_empty(),
        "{:?}",
        &report.failures[..report.failures.len().min(5)]
    );
}
