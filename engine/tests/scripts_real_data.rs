//! The real card data (`../shared/data/bss/`) builds a library with scripts checked: every
//! printed timing label of a scripted effect maps, unscripted effects never block a build.
//! Skips when the data folder is absent.

mod support;

use engine::CardLibrary;
use engine::rules::battle_spirits::script::{ScriptSources, hooks};
use support::bss;

#[test]
fn real_cards_build_and_their_timing_labels_map() {
    let Some(dir) = bss::data_dir() else {
        eprintln!("skipped: ../shared/data/bss not found");
        return;
    };
    let cards = bss::cards(&dir);
    let mut unmapped = std::collections::BTreeMap::<String, usize>::new();
    let mut total = 0;
    for c in &cards {
        for e in &c.effects {
            if let Some(t) = &e.timing {
                total += 1;
                if hooks::from_label(t).is_none() && hooks::from_hook_name(t).is_none() {
                    *unmapped.entry(t.clone()).or_default() += 1;
                }
            }
        }
    }
    let missed: usize = unmapped.values().sum();
    eprintln!("timing labels: {total}, unmapped: {missed} {unmapped:?}");
    assert_eq!(missed, 0, "{unmapped:?}");
    CardLibrary::with_scripts(cards, &ScriptSources::default()).unwrap();
}

/// Real starter decks with effects generated from their text: games finish in strict mode
/// (BS-0.5 after every event); the effects that ran, stayed inert or failed are counted.
#[test]
fn real_decks_with_generated_effects_finish() {
    use engine::players::{Player, play_game_capped};
    use engine::rules::battle_spirits::GreedyPlayer;
    use engine::rules::battle_spirits::RulesConfig;
    use engine::{Event, Game};
    let Some(dir) = bss::data_dir() else {
        eprintln!("skipped: ../shared/data/bss not found");
        return;
    };
    let lib = CardLibrary::new(bss::cards(&dir));
    let decks = bss::decks(&dir);
    let (mut ran, mut inert, mut failed) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    for (i, (_, a)) in decks.iter().enumerate() {
        let b = &decks[(i + 1) % decks.len()].1;
        for seed in 0..3u64 {
            let mut g = Game::new(
                RulesConfig::saga(),
                lib.clone(),
                [a.clone(), b.clone()],
                seed,
            )
            .unwrap();
            g.set_strict(true);
            let mut players: [Box<dyn Player<Game>>; 2] =
                [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
            play_game_capped(&mut g, &mut players, 20_000).expect("the game finishes");
            for e in g.log() {
                match e {
                    Event::EffectStarted { .. } => ran += 1,
                    Event::EffectInert { .. } => inert += 1,
                    Event::EffectFailed { reason, card, .. } => {
                        failed += 1;
                        let key: String = format!(
                            "{}: {}",
                            g.card_id(*card),
                            reason.chars().take(70).collect::<String>()
                        );
                        *reasons.entry(key).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    eprintln!("effects run {ran}, inert {inert}, failed {failed}: {reasons:#?}");
    assert!(ran > 0);
}
