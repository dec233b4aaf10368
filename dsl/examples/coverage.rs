//! `cargo run -p dsl --example coverage -- FILE.jsonl`: print the grammar's coverage report
//! (`GrammarOnly`: every script it writes counts as running; `cardscript coverage` gives the
//! honest figures, checked against the engine).
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/bss/cards.jsonl".into());
    match dsl::coverage::coverage_file(std::path::Path::new(&path), &dsl::coverage::GrammarOnly) {
        Ok(c) => print!("{c}"),
        Err(e) => eprintln!("{e}"),
    }
}
