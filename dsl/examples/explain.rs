//! `cargo run -p dsl --example explain -- en|ja "TEXT"`: print the AST and the generated rhai.
fn main() {
    let mut args = std::env::args().skip(1);
    let lang = args.next().unwrap_or_default();
    let text = args.next().unwrap_or_default();
    let out = if lang == "ja" {
        dsl::parse_ja(&text)
    } else {
        dsl::parse_en(&text)
    };
    println!("{out:#?}");
    println!("{}", out.effect);
    println!("{}", dsl::compile::to_rhai(&out.effect, Some(&text)));
}
