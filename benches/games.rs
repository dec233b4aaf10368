//! Whole games per second, greedy vs greedy, one thread: on the embedded demo pack's two
//! decks, on two real starter decks, and on all 28 pairings of the seven real starter decks
//! (`../shared/data/bss`, skipped when absent).

/// The binary's allocator (`src/main.rs`), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::Path;

use carddb::{Catalogue, Pack};
use criterion::{Criterion, criterion_group, criterion_main};
use engine::driver::CardInput;
use engine::players::{Player, play_game};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::RulesConfig;
use engine::{CardLibrary, Game};

fn one_game(lib: &CardLibrary, decks: &[Vec<String>; 2], seed: u64) -> usize {
    let mut g = Game::new(RulesConfig::saga(), lib.clone(), decks.clone(), seed).unwrap();
    // As `sim` plays: options without their text (no person reads them).
    g.set_labels(false);
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    play_game(&mut g, &mut players).unwrap();
    g.answers().len()
}

/// The library of a pack as `cardscript` builds it: through a catalogue (the Saga base pack
/// under it), with the keywords the packs declare and their scripts (`CardInput`).
fn library(pack: Pack) -> (CardLibrary, Catalogue) {
    let (cat, _) = Catalogue::build_in_memory(&[pack]).unwrap();
    let input = CardInput::of_catalogue(&cat, true).unwrap();
    let lib =
        CardLibrary::with_keywords(input.cards, &input.sources, &input.keywords, true).unwrap();
    (lib, cat)
}

fn benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let demo = Pack::load(&root.join("scripts/battle-spirits-demo")).unwrap();
    let (lib, cat) = library(demo);
    let decks = cat.decks().unwrap();
    let demo_decks = [decks[0].1.card_ids(), decks[1].1.card_ids()];
    let mut g = c.benchmark_group("games");
    let mut seed = 0;
    g.bench_function("greedy_demo_game", |b| {
        b.iter(|| {
            seed += 1;
            one_game(&lib, &demo_decks, seed)
        })
    });
    let data = root.join("../shared/data/bss");
    if let Ok(text) = std::fs::read_to_string(data.join("cards.jsonl")) {
        let imported =
            carddb::import::bss_json::import(&data.join("cards.jsonl"), &text, "bss").unwrap();
        let (lib, _) = library(Pack::from_files(imported.files).unwrap());
        let deck = |f: &str| {
            carddb::deck::load_file(&data.join("decks").join(f))
                .unwrap()
                .deck
                .card_ids()
        };
        let real = [deck("st01-red.txt"), deck("st02-purple.txt")];
        g.bench_function("greedy_real_starter_game", |b| {
            b.iter(|| {
                seed += 1;
                one_game(&lib, &real, seed)
            })
        });
        // Each iteration one game of the next pairing (as `sim` pairs the decks: every deck
        // with itself and each later one), so the mean is a game's over all 28 pairings.
        let mut files: Vec<_> = std::fs::read_dir(data.join("decks"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|f| f.ends_with(".txt"))
            .collect();
        files.sort();
        let all: Vec<Vec<String>> = files.iter().map(|f| deck(f)).collect();
        let pairings: Vec<[Vec<String>; 2]> = (0..all.len())
            .flat_map(|i| (i..all.len()).map(move |j| (i, j)))
            .map(|(i, j)| [all[i].clone(), all[j].clone()])
            .collect();
        let mut next = 0;
        g.bench_function("greedy_real_pairings_game", |b| {
            b.iter(|| {
                seed += 1;
                next = (next + 1) % pairings.len();
                one_game(&lib, &pairings[next], seed)
            })
        });
    } else {
        eprintln!("skipped the real-deck bench: {} not found", data.display());
    }
    g.finish();
}

criterion_group!(games, benches);
criterion_main!(games);
