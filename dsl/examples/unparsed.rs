//! `cargo run -p dsl --example unparsed -- FILE.jsonl`: list every unparsed sentence.
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/bss/cards.jsonl".into());
    let cards = dsl::coverage::read_cards(std::path::Path::new(&path)).unwrap_or_default();
    for c in &cards {
        for e in &c.effects {
            let out = e.parse(dsl::Lang::En);
            for u in &out.unparsed {
                println!("{}\t{}\t{:?}", c.id, u.text, u.expected);
            }
        }
    }
}
