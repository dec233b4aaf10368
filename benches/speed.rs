//! The speed goals that are not whole games per second (`games.rs`): decision
//! latency (from `answer` to the next `Decision`, p50/p99 printed), the game-state copy a
//! search player makes (time, and the saved state's size printed), and two whole
//! processes: `cardscript play` to its first decision, and `cardscript db build` of the 834
//! real cards (skipped without `../shared/data`). Figures: `benches/README.md`.

/// The binary's allocator (`src/main.rs`), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use carddb::{Catalogue, Pack};
use criterion::{Criterion, criterion_group, criterion_main};
use engine::driver::CardInput;
use engine::players::{Player, Sight};
use engine::rules::battle_spirits::{GreedyPlayer, RulesConfig, Step};
use engine::{CardLibrary, Game};

fn demo() -> (CardLibrary, [Vec<String>; 2]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let demo = Pack::load(&root.join("scripts/battle-spirits-demo")).unwrap();
    let (cat, _) = Catalogue::build_in_memory(std::slice::from_ref(&demo)).unwrap();
    // As `cardscript` builds it: with the keywords the packs declare (`CardInput`).
    let input = CardInput::of_catalogue(&cat, true).unwrap();
    let lib =
        CardLibrary::with_keywords(input.cards, &input.sources, &input.keywords, true).unwrap();
    let decks = cat.decks().unwrap();
    (lib, [decks[0].1.card_ids(), decks[1].1.card_ids()])
}

/// Plays greedy games from `seed` on; calls `each(duration of answer+next)` per decision
/// until `each` returns false.
fn latencies(
    lib: &CardLibrary,
    decks: &[Vec<String>; 2],
    mut seed: u64,
    mut each: impl FnMut(Duration) -> bool,
) {
    let mut greedy = GreedyPlayer::new();
    loop {
        seed += 1;
        let mut g = Game::new(RulesConfig::saga(), lib.clone(), decks.clone(), seed).unwrap();
        let mut step = g.next();
        while let Step::Decision(req) = step {
            let c = greedy.decide(&Sight::of(&g, req.player), &req);
            let t = Instant::now();
            g.answer(c).unwrap();
            step = g.next();
            if !each(t.elapsed()) {
                return;
            }
        }
    }
}

fn benches(c: &mut Criterion) {
    let (lib, decks) = demo();
    // p50 / p99 over 16,000 decisions of demo games, about 200 games (criterion reports
    // the mean below).
    let mut all = Vec::new();
    latencies(&lib, &decks, 10_000, |d| {
        all.push(d);
        all.len() < 16_000
    });
    all.sort();
    let pct = |p: f64| all[((all.len() - 1) as f64 * p) as usize];
    eprintln!(
        "decision latency over {} decisions: p50 {:?}, p99 {:?}",
        all.len(),
        pct(0.50),
        pct(0.99)
    );
    let mut g = c.benchmark_group("speed");
    g.bench_function("decision_answer_to_next_demo", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut n = 0;
            latencies(&lib, &decks, 0, |d| {
                total += d;
                n += 1;
                n < iters
            });
            total
        })
    });
    // A mid-game state: 40 decisions into a greedy demo game.
    let mut mid = Game::new(RulesConfig::saga(), lib.clone(), decks.clone(), 7).unwrap();
    let mut greedy = GreedyPlayer::new();
    for _ in 0..40 {
        if let Step::Decision(req) = mid.next() {
            let c = greedy.decide(&Sight::of(&mid, req.player), &req);
            mid.answer(c).unwrap();
        }
    }
    eprintln!(
        "mid-game state: {} events in the log, saved as {} bytes of JSON",
        mid.log().len(),
        mid.to_json().len()
    );
    g.bench_function("snapshot_clone_mid_game_demo", |b| b.iter(|| mid.clone()));

    let exe = env!("CARGO_BIN_EXE_cardscript");
    g.sample_size(20);
    g.bench_function("process_play_to_first_decision", |b| {
        b.iter(|| {
            let mut child = Command::new(exe)
                .args(["play", "--protocol", "jsonl", "--p1", "human"])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"{\"quit\":true}\n")
                .unwrap();
            assert!(child.wait().unwrap().success());
        })
    });
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/bss/cards.jsonl");
    if data.is_file() {
        let tmp = tempfile::tempdir().unwrap();
        let pack = tmp.path().join("bss");
        let out = tmp.path().join("bss.sqlite");
        let ok = Command::new(exe)
            .args([
                "import",
                "bss-json",
                data.to_str().unwrap(),
                "--out",
                pack.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(ok.success());
        g.bench_function("process_db_build_834", |b| {
            b.iter(|| {
                let ok = Command::new(exe)
                    .args([
                        "db",
                        "build",
                        pack.to_str().unwrap(),
                        "-o",
                        out.to_str().unwrap(),
                    ])
                    .stdout(Stdio::null())
                    .status()
                    .unwrap();
                assert!(ok.success());
            })
        });
    } else {
        eprintln!("skipped the db build bench: {} not found", data.display());
    }
    g.finish();
}

criterion_group!(speed, benches);
criterion_main!(speed);
