//! The hostile-script corpus (DESIGN principle 5): each script under
//! `tests/hostile/` runs as a "when summoned" effect; each ends with its clear
//! `EffectFailed` event, without hanging or crashing, and the game goes on. A full game
//! with all of them in both decks finishes.

use engine::Game;
use std::time::{Duration, Instant};

use engine::core::PlayerId;
use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, play, put, scenario_with, scripted_spirit,
};
use engine::script::ScriptSources;
use engine::{CardLibrary, DecisionKind, Event};

const P0: PlayerId = PlayerId(0);

/// (file, a word the failure reason must contain)
const CORPUS: &[(&str, &str)] = &[
    ("infinite_loop", "operations"),
    ("deep_recursion", "stack overflow"),
    ("huge_string", "string"),
    ("array_growth", "array"),
    ("map_growth", "map"),
    ("import_outside", "/etc/passwd"),
    ("import_other_pack", "lib/secret"),
    ("unknown_function", "launch_missiles"),
    ("wrong_types", "draw"),
    ("wrong_targets", "expected cards"),
    ("eval", "eval"),
    ("time", "timestamp"),
    ("throw", "boom"),
    ("deep_expression", "maximum complexity"),
];

fn source(name: &str) -> String {
    let p = format!("{}/tests/hostile/{name}.rhai", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(p).unwrap()
}

fn cards() -> Vec<carddb::CardDef> {
    CORPUS
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            let mut e = effect("When Summoned", "");
            e.script = None;
            e.script_file = Some(format!("effects/{name}.rhai"));
            scripted_spirit(&format!("H-{i:02}"), 0, 1000, vec![e])
        })
        .collect()
}

fn library() -> CardLibrary {
    let mut src = ScriptSources::default();
    for (name, _) in CORPUS {
        src.add_file("hostile", &format!("effects/{name}.rhai"), &source(name));
    }
    src.add_file("hostile", "lib/util.rhai", "fn two() { 2 }");
    src.add_file("other", "lib/secret.rhai", "fn n() { 99 }");
    let cards = cards();
    for c in &cards {
        src.pack_of.insert(c.id.clone(), "hostile".into());
    }
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.extend(cards);
    CardLibrary::with_scripts_lenient(all, &src)
}

#[test]
fn each_hostile_script_fails_its_effect_with_a_clear_event_and_the_game_goes_on() {
    let lib = library();
    let cards = cards();
    for (i, (name, word)) in CORPUS.iter().enumerate() {
        let card = &cards[i];
        let mut g = scenario_with(lib.clone(), std::slice::from_ref(card), 40 + i as u64);
        g.set_strict(true);
        let c = put(&mut g, P0, &card.id, Zone::Hand(P0), 0);
        give_reserve(&mut g, P0, 1);
        let t = Instant::now();
        play(&mut g, c);
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{name} took {:?}",
            t.elapsed()
        );
        let failure = g.log().iter().find_map(|e| match e {
            Event::EffectFailed {
                card, reason, line, ..
            } if *card == c => Some((reason.clone(), *line)),
            _ => None,
        });
        let (reason, _line) = failure.unwrap_or_else(|| panic!("{name}: no EffectFailed"));
        assert!(
            reason.to_lowercase().contains(&word.to_lowercase()),
            "{name}: reason {reason:?} lacks {word:?}"
        );
        assert!(
            g.on_field(c),
            "{name}: the spirit stays; only the effect failed"
        );
        assert_eq!(
            decision(&mut g).kind,
            DecisionKind::MainAction,
            "{name}: the game goes on"
        );
    }
}

#[test]
fn a_pack_may_import_its_own_lib() {
    let mut e = effect("When Summoned", "import \"lib/util\" as u; draw(u::two());");
    e.levels = vec![];
    let card = scripted_spirit("H-OK", 0, 1000, vec![e]);
    let mut src = ScriptSources::default();
    src.add_file("hostile", "lib/util.rhai", "fn two() { 2 }");
    src.pack_of.insert("H-OK".into(), "hostile".into());
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(card.clone());
    let lib = CardLibrary::with_scripts(all, &src).unwrap();
    let mut g = scenario_with(lib, &[card], 60);
    g.set_strict_scripts(true);
    let c = put(&mut g, P0, "H-OK", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let h = g.pile(Zone::Hand(P0)).len();
    play(&mut g, c);
    assert_eq!(g.pile(Zone::Hand(P0)).len(), h - 1 + 2);
}

#[test]
fn full_games_with_every_hostile_card_finish() {
    let lib = library();
    let cards = cards();
    // Decks hold 3 copies of at most 13 extra cards; use them in two halves.
    for (k, part) in cards.chunks(7).enumerate() {
        for seed in 0..3u64 {
            let mut g = scenario_with(lib.clone(), part, 70 + seed + 10 * k as u64);
            g.set_strict(true);
            let mut players: [Box<dyn Player<Game>>; 2] = [
                Box::new(GreedyPlayer::new()),
                Box::new(RandomPlayer::new(seed)),
            ];
            let t = Instant::now();
            play_game_capped(&mut g, &mut players, 20_000).unwrap();
            assert!(g.result().is_some());
            assert!(t.elapsed() < Duration::from_secs(60));
        }
    }
}
