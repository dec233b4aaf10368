//! Catalogue benchmarks on the real data (`../shared/data/bss/cards.jsonl`, 834 cards):
//! importing the JSON lines, validating the pack, and building the SQLite file.
//! Skips with a message when the data folder is absent.

/// The binary's allocator (`src/main.rs`), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::Path;

use carddb::{Catalogue, Pack};
use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/bss/cards.jsonl");
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!("skipped: {} not found", file.display());
        return;
    };
    let imported = carddb::import::bss_json::import(&file, &text, "bss").unwrap();
    let pack = Pack::from_files(imported.files.clone()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cards.sqlite");
    let mut g = c.benchmark_group("catalogue");
    g.sample_size(20);
    g.bench_function("import_bss_json_834", |b| {
        b.iter(|| carddb::import::bss_json::import(&file, &text, "bss").unwrap())
    });
    g.bench_function("validate_pack_834", |b| {
        b.iter(|| Pack::from_files(imported.files.clone()).unwrap())
    });
    g.bench_function("build_sqlite_834", |b| {
        b.iter(|| Catalogue::build(std::slice::from_ref(&pack), &out).unwrap())
    });
    g.bench_function("load_all_cards_834", |b| {
        let cat = Catalogue::open(&out).unwrap();
        b.iter(|| cat.cards().unwrap())
    });
    g.finish();
}

criterion_group!(catalogue, benches);
criterion_main!(catalogue);
