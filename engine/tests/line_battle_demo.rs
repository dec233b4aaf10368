//! The original demo pack `scripts/line-battle-demo` on this ruleset: every effect acts
//! (no gap), and its two decks play seeded games in the registry's simulator — greedy
//! against greedy and random against greedy — with conservation checked after every event
//! and strict scripts (an `EffectFailed` fails the game).

use carddb::{GameKind, Pack};
use engine::driver::sim::{SimConfig, simulate};
use engine::driver::{CardInput, Robot};
use engine::rules::line_battle::LineLibrary;
use engine::script::ScriptSources;

fn load() -> (CardInput, Vec<(String, carddb::Deck)>) {
    let pack = Pack::load(std::path::Path::new("../scripts/line-battle-demo")).unwrap();
    let name = pack.manifest.name.clone();
    let mut sources = ScriptSources::default();
    for (path, text) in &pack.files.files {
        sources.add_file(&name, path, text);
    }
    let cards: Vec<carddb::CardDef> = pack.cards.iter().map(|c| c.def.clone()).collect();
    for c in &cards {
        sources.pack_of.insert(c.id.clone(), name.clone());
    }
    let decks = pack
        .decks
        .iter()
        .map(|d| (d.deck.name.clone(), d.deck.clone()))
        .collect();
    (
        CardInput {
            cards,
            sources,
            ..CardInput::default()
        },
        decks,
    )
}

#[test]
fn every_effect_of_the_demo_pack_acts() {
    let (input, _) = load();
    let lib = LineLibrary::new(input.cards.clone(), &input.sources).unwrap();
    let effects: usize = lib.cards().map(|d| d.effects.len()).sum();
    assert!(effects >= 30, "{effects} effects");
    assert_eq!(lib.gaps(), [], "every effect of the demo acts");
}

#[test]
fn the_demo_decks_play_seeded_games_without_failure() {
    let (input, decks) = load();
    assert_eq!(decks.len(), 2);
    let prepared = engine::rules::driver(GameKind::LineBattle)
        .unwrap()
        .prepare(input, None)
        .unwrap();
    for players in [
        [Robot::Greedy, Robot::Greedy],
        [Robot::Random, Robot::Greedy],
    ] {
        let cfg = SimConfig {
            games_per_pair: 90,
            seed: 100,
            check_every_event: true,
            strict_scripts: true,
            decision_cap: 50_000,
            threads: Some(1),
            players,
        };
        let report = simulate(prepared.as_ref(), &decks, &cfg, &|| {});
        assert_eq!(
            report.games, 90,
            "two decks play each other: one pairing × 90"
        );
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        let draws: u64 = report.pairs.iter().map(|p| p.draws).sum();
        eprintln!("{players:?}: {:?}", report.pairs);
        assert!(draws < 90, "games are decided");
    }
}
