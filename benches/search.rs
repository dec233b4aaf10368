//! The search player's time per decision, one thread, on the embedded demo pack's decks
//! (Saga rules, labels off as `sim` plays): criterion times one searched main-step
//! decision at the default budget; the mean, p50 and p99 over every decision the search
//! seat answers in a few whole games (search against greedy, both seats) are printed.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::Path;
use std::time::{Duration, Instant};

use carddb::{Catalogue, Pack};
use criterion::{Criterion, criterion_group, criterion_main};
use engine::core::PlayerId;
use engine::driver::CardInput;
use engine::players::search::DEFAULT_BUDGET;
use engine::players::{Player, SearchPlayer, Searchable, Sight};
use engine::rules::battle_spirits::RulesConfig;
use engine::{CardLibrary, Game, Step};

fn demo() -> (CardLibrary, [Vec<String>; 2]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pack = Pack::load(&root.join("scripts/battle-spirits-demo")).unwrap();
    let (cat, _) = Catalogue::build_in_memory(&[pack]).unwrap();
    let input = CardInput::of_catalogue(&cat, true).unwrap();
    let lib =
        CardLibrary::with_keywords(input.cards, &input.sources, &input.keywords, true).unwrap();
    let decks = cat.decks().unwrap();
    (lib, [decks[0].1.card_ids(), decks[1].1.card_ids()])
}

fn new_game(lib: &CardLibrary, decks: &[Vec<String>; 2], seed: u64) -> Game {
    let mut g = Game::new(RulesConfig::saga(), lib.clone(), decks.clone(), seed).unwrap();
    g.set_labels(false);
    g
}

/// The time of each decision the search seat (`seat`) answers in one whole game.
fn timed_game(
    lib: &CardLibrary,
    decks: &[Vec<String>; 2],
    seed: u64,
    seat: usize,
) -> Vec<Duration> {
    let mut g = new_game(lib, decks, seed);
    let mut search = SearchPlayer::new(seed);
    let mut times = Vec::new();
    while let Step::Decision(req) = g.next() {
        let c = if req.player.index() == seat {
            let t = Instant::now();
            let c = search.decide(&Sight::of(&g, req.player), &req);
            times.push(t.elapsed());
            c
        } else {
            g.greedy_choice(&req)
        };
        g.answer(c).unwrap();
    }
    times
}

/// A searched decision of the first seat with several options (a main step, BS-5).
fn a_choice(lib: &CardLibrary, decks: &[Vec<String>; 2]) -> Game {
    let mut g = new_game(lib, decks, 3);
    loop {
        let Step::Decision(req) = g.next() else {
            panic!("no choice")
        };
        if req.player == PlayerId(0)
            && g.turn() >= 3
            && req.options.len() > 2
            && Game::searched(&req)
        {
            return g;
        }
        let c = g.greedy_choice(&req);
        g.answer(c).unwrap();
    }
}

fn benches(c: &mut Criterion) {
    let (lib, decks) = demo();
    let mut all: Vec<Duration> = (0..6u64)
        .flat_map(|s| timed_game(&lib, &decks, s, (s % 2) as usize))
        .collect();
    all.sort();
    let n = all.len();
    let mean = all.iter().sum::<Duration>() / n as u32;
    eprintln!(
        "search decisions (budget {DEFAULT_BUDGET}, one thread) over {n} decisions of 6 demo games: mean {mean:?}, p50 {:?}, p99 {:?}",
        all[n / 2],
        all[n * 99 / 100]
    );
    let mut g = a_choice(&lib, &decks);
    let Step::Decision(req) = g.next() else {
        unreachable!()
    };
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    group.bench_function("search_demo_main_decision", |b| {
        // A new player each time: one that has searched 24 decisions this turn answers
        // greedily (`players::search`).
        b.iter(|| SearchPlayer::new(1).decide(&Sight::of(&g, req.player), &req))
    });
    group.finish();
}

criterion_group!(search, benches);
criterion_main!(search);
