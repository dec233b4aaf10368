//! `cargo run -p dsl --example scripts -- FILE.jsonl [N] [all]`: print text and generated rhai
//! of every N-th fully parsed effect (with `all`: every effect), for review; prints card text
//! to the terminal only.
fn main() {
    let mut a = std::env::args().skip(1);
    let path = a
        .next()
        .unwrap_or_else(|| "../shared/data/bss/cards.jsonl".into());
    let step: usize = a.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let all = a.next().is_some_and(|s| s == "all");
    let cards = dsl::coverage::read_cards(std::path::Path::new(&path)).unwrap_or_default();
    let mut i = 0;
    for c in &cards {
        for e in &c.effects {
            if e.is_bare_keyword() {
                continue;
            }
            let o = e.parse(dsl::Lang::En);
            if !o.complete && !all {
                continue;
            }
            i += 1;
            if i % step == 0 {
                let text = format!(
                    "{} ({}) {}",
                    c.id,
                    e.condition.as_deref().unwrap_or(""),
                    e.details.as_deref().unwrap_or("")
                );
                println!("{}", dsl::compile::to_rhai(&o.effect, Some(&text)));
            }
        }
    }
}
