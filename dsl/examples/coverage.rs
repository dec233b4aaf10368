//! `cargo run -p dsl --example coverage -- FILE.jsonl`: print the coverage report.
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/bss/cards.jsonl".into());
    match dsl::coverage::coverage_file(std::path::Path::new(&path)) {
        Ok(c) => print!("{c}"),
        Err(e) => eprintln!("{e}"),
    }
}
