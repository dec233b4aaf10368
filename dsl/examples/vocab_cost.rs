//! What pack phrases cost: the time to compile a vocabulary of phrases (one pest rule
//! each, with the built-in grammar) and to parse every real effect with and without it
//! (unparsed sentences are tried against every phrase).
//! `cargo run --release -p dsl --example vocab_cost -- ../shared/data/bss/cards.jsonl`

use std::time::Instant;

use dsl::vocab::PhraseEntry;

fn main() {
    let path = std::env::args().nth(1).expect("a cards.jsonl file");
    let cards = dsl::coverage::read_cards(std::path::Path::new(&path)).expect("reads");
    let effects: Vec<_> = cards.iter().flat_map(|c| c.effects.iter()).collect();
    let phrases: Vec<PhraseEntry> = (0..9)
        .map(|i| PhraseEntry {
            template: format!("Chant {{n:number}} verses of song {i} to {{t:target}}"),
            rhai: "chant({n}, {t});".into(),
            whole_effect: false,
        })
        .collect();
    let t = Instant::now();
    let vocab = dsl::Vocabulary::new(vec![], vec![], phrases).expect("compiles");
    let compile = t.elapsed();
    let t = Instant::now();
    for e in &effects {
        std::hint::black_box(e.parse(dsl::Lang::En));
    }
    let plain = t.elapsed();
    let t = Instant::now();
    for e in &effects {
        std::hint::black_box(e.parse_with(dsl::Lang::En, &vocab));
    }
    let with = t.elapsed();
    println!(
        "vocabulary of 9 phrases compiled in {compile:?}; {} effects parsed in {plain:?} without phrases, {with:?} with them",
        effects.len()
    );
}
