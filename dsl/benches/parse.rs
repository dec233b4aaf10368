//! Parse throughput (effect texts/s) over the real BSS data, read at run time from
//! `<workspace>/../shared/data/bss/cards.jsonl`; skipped with a message when absent.
//! Run: `cargo bench -p dsl --bench parse`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dsl::Lang;

fn data() -> Option<Vec<dsl::coverage::CommunityCard>> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bss/cards.jsonl");
    match dsl::coverage::read_cards(&p) {
        Ok(c) => Some(c),
        Err(e) => {
            println!("skipping parse benchmark: {e}");
            None
        }
    }
}

fn bench(c: &mut Criterion) {
    let Some(cards) = data() else {
        return;
    };
    let effects: Vec<&dsl::coverage::CommunityEffect> =
        cards.iter().flat_map(|c| c.effects.iter()).collect();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(effects.len() as u64));
    g.bench_function("parse_effect/all real effects", |b| {
        b.iter(|| {
            for e in &effects {
                black_box(e.parse(Lang::En));
            }
        })
    });
    g.bench_function("parse_and_compile/all real effects", |b| {
        b.iter(|| {
            for e in &effects {
                let o = e.parse(Lang::En);
                black_box(dsl::compile::to_rhai(&o.effect, None));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
