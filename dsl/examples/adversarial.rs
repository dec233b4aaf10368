//! `cargo run -p dsl --example adversarial`: time the parser on long, repetitive inputs.
fn main() {
    let cases = [
        "Select one of your opponent's spirits with 3000 or fewer BP and destroy it, and "
            .repeat(200),
        "When one of your spirits is destroyed, ".repeat(300),
        "If you control a red nexus, ".repeat(300),
        "one of your opponent's ".repeat(500),
        "Skyforge Emberkin ".repeat(1000),
        "この".repeat(3000),
        "相手のスピリット1体につき、".repeat(300),
    ];
    for c in &cases {
        let t = std::time::Instant::now();
        let a = dsl::parse_en(c);
        let b = dsl::parse_ja(c);
        println!(
            "{:>6} chars: {:?} ({} {})",
            c.len(),
            t.elapsed(),
            a.complete,
            b.complete
        );
    }
}
