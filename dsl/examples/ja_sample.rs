//! `cargo run -p dsl --example ja_sample`: parse the Japanese rows of the sample file.
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/texts/card-texts-sample.md".into());
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for line in text
        .lines()
        .filter(|l| l.starts_with("| BS") || l.starts_with("| SD"))
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(t) = cols.iter().rev().nth(1) else {
            continue;
        };
        let t = t.split(" (data").next().unwrap_or(t).replace("\\n", "\n");
        for o in dsl::parse_ja_card(&t) {
            println!(
                "{} timing={:?} complete={} {:?}",
                cols[1],
                o.effect.timing,
                o.complete,
                o.unparsed
                    .iter()
                    .map(|u| u.text.clone())
                    .collect::<Vec<_>>()
            );
        }
    }
}
