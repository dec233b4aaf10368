//! How often each declared keyword's effects run in real games:
//! `cargo run -p engine --release --example keyword_runs -- [GAMES]`.
//! Plays GAMES strict games (default 1400; greedy against random, so blocks happen) on the
//! real starter decks of `../shared/data/bss/decks/` with the Saga base pack's keywords,
//! round-robin, and prints per keyword the effect runs (its triggered effects and the
//! closures of its watchers; constant effects log no run), joins for a battle, and every
//! failed effect.

#[path = "../tests/support/bss.rs"]
mod bss;

use std::collections::BTreeMap;

use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::rules::battle_spirits::script::keywords::{KEYWORD_EFFECT_BASE, KEYWORD_EFFECT_STRIDE};
use engine::{CardLibrary, Event, Game};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1400);
    let Some(dir) = bss::data_dir() else {
        eprintln!("skipped: ../shared/data/bss not found");
        return;
    };
    let (kws, sources) = engine::rules::battle_spirits::testkit::saga_keywords();
    let lib = CardLibrary::with_keywords(bss::cards(&dir), &sources, &kws, true)
        .expect("the Saga keywords compile");
    let names: Vec<String> = kws.iter().map(|k| k.def.name.clone()).collect();
    let decks: Vec<_> = bss::decks(&dir).into_iter().map(|(_, d)| d).collect();
    let n = decks.len() as u64;
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for seed in 0..games {
        let (a, b) = ((seed % n) as usize, ((seed / n) % n) as usize);
        let mut g = Game::new(
            RulesConfig::saga(),
            lib.clone(),
            [decks[a].clone(), decks[b].clone()],
            seed,
        )
        .expect("legal decks");
        g.set_strict(true);
        let mut players: [Box<dyn Player<Game>>; 2] = [
            Box::new(GreedyPlayer::new()),
            Box::new(RandomPlayer::new(seed)),
        ];
        play_game_capped(&mut g, &mut players, 100_000).expect("game finishes");
        for e in g.log() {
            let key = match e {
                Event::EffectStarted { effect, .. } if *effect >= KEYWORD_EFFECT_BASE => {
                    let k = ((effect - KEYWORD_EFFECT_BASE) / KEYWORD_EFFECT_STRIDE) as usize;
                    format!("runs of {}", names[k])
                }
                Event::JoinedForBattle { .. } => "joins for a battle".into(),
                Event::EffectFailed { reason, .. } => format!("FAILED: {reason}"),
                _ => continue,
            };
            *counts.entry(key).or_default() += 1;
        }
    }
    println!("{games} games (greedy against random, strict)");
    for (k, v) in counts {
        println!("{v:8}  {k}");
    }
}
