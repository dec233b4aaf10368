//! The English grammar (`src/grammar/en.pest`) parsed and validated here, at
//! build time, for the phrase grammar `pest_vm` runs (`src/pest_compile.rs`): a process
//! only decodes the rules instead of parsing and validating the grammar again (≈ 15 ms of
//! CPU a `db build`). Writes `$OUT_DIR/en_rules.txt` in the form `pest_compile::decode`
//! reads; an empty file when the grammar does not parse, validate or encode (the process
//! then does it at run time, as before).

use std::fmt::Write as _;

use pest_meta::ast::{Expr, RuleType};

fn main() {
    println!("cargo:rerun-if-changed=src/grammar/en.pest");
    println!("cargo:rerun-if-changed=build.rs");
    let en = std::fs::read_to_string("src/grammar/en.pest").expect("src/grammar/en.pest reads");
    let encoded = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, &en)
        .ok()
        .and_then(|pairs| pest_meta::parser::consume_rules(pairs).ok())
        .and_then(|rules| {
            let mut out = String::new();
            for r in &rules {
                string(&mut out, &r.name);
                out.push(match r.ty {
                    RuleType::Normal => 'N',
                    RuleType::Silent => 'S',
                    RuleType::Atomic => 'A',
                    RuleType::CompoundAtomic => 'C',
                    RuleType::NonAtomic => 'X',
                });
                expr(&mut out, &r.expr)?;
            }
            Some(out)
        })
        .unwrap_or_default();
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(std::path::Path::new(&dir).join("en_rules.txt"), encoded)
        .expect("OUT_DIR is writable");
}

/// `<byte length>:<bytes>`.
fn string(out: &mut String, s: &str) {
    let _ = write!(out, "{}:{s}", s.len());
}

/// One expression, prefix: a tag, then its numbers (each ended by `;`), strings and
/// sub-expressions. `None` for a form not encoded (a later pest's).
fn expr(out: &mut String, e: &Expr) -> Option<()> {
    match e {
        Expr::Str(s) => {
            out.push('s');
            string(out, s);
        }
        Expr::Insens(s) => {
            out.push('i');
            string(out, s);
        }
        Expr::Range(a, z) => {
            out.push('r');
            string(out, a);
            string(out, z);
        }
        Expr::Ident(n) => {
            out.push('d');
            string(out, n);
        }
        Expr::PosPred(x) => {
            out.push('&');
            expr(out, x)?;
        }
        Expr::NegPred(x) => {
            out.push('!');
            expr(out, x)?;
        }
        Expr::Seq(x, y) => {
            out.push('~');
            expr(out, x)?;
            expr(out, y)?;
        }
        Expr::Choice(x, y) => {
            out.push('|');
            expr(out, x)?;
            expr(out, y)?;
        }
        Expr::Opt(x) => {
            out.push('?');
            expr(out, x)?;
        }
        Expr::Rep(x) => {
            out.push('*');
            expr(out, x)?;
        }
        Expr::RepOnce(x) => {
            out.push('+');
            expr(out, x)?;
        }
        Expr::RepExact(x, n) => {
            let _ = write!(out, "e{n};");
            expr(out, x)?;
        }
        Expr::RepMin(x, n) => {
            let _ = write!(out, "m{n};");
            expr(out, x)?;
        }
        Expr::RepMax(x, n) => {
            let _ = write!(out, "M{n};");
            expr(out, x)?;
        }
        Expr::RepMinMax(x, n, m) => {
            let _ = write!(out, "b{n};{m};");
            expr(out, x)?;
        }
        Expr::Skip(v) => {
            let _ = write!(out, "x{};", v.len());
            for s in v {
                string(out, s);
            }
        }
        Expr::Push(x) => {
            out.push('u');
            expr(out, x)?;
        }
        // PEEK[..] and the forms of `grammar-extras`: parsed at run time.
        #[allow(unreachable_patterns)]
        _ => return None,
    }
    Some(())
}
