//! Snapshot tests (insta) of the AST and the generated rhai for ORIGINAL texts written for
//! this project in the printed templates (`tests/texts/*_original.txt`; no real card text).
//! Review changes with `cargo insta review` or `INSTA_UPDATE=always cargo test -p dsl`.

use serde::Serialize;

#[derive(Serialize)]
struct Snap<'a> {
    text: &'a str,
    complete: bool,
    timing_mapped: bool,
    effect: &'a dsl::ast::EffectText,
    unparsed: &'a [dsl::Unparsed],
    rhai: Vec<String>,
}

fn rhai_lines(e: &dsl::ast::EffectText, comment: Option<&str>) -> Vec<String> {
    dsl::compile::to_rhai(e, comment)
        .lines()
        .map(str::to_string)
        .collect()
}

fn lines(src: &str) -> Vec<&str> {
    src.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn english_original_texts() {
    let texts = lines(include_str!("texts/en_original.txt"));
    assert!(texts.len() >= 100, "need at least 100 English texts");
    let mut complete = 0;
    for (i, text) in texts.iter().enumerate() {
        let out = dsl::parse_en(text);
        if out.complete {
            complete += 1;
        }
        let snap = Snap {
            text,
            complete: out.complete,
            timing_mapped: out.timing_mapped,
            effect: &out.effect,
            unparsed: &out.unparsed,
            rhai: rhai_lines(&out.effect, Some(text)),
        };
        insta::assert_yaml_snapshot!(format!("en_{:03}", i + 1), snap);
    }
    // All but the 2 deliberately unparsable ones and the 4 "Summon … Tokens" texts (tokens
    // have no rules yet: not understood).
    assert!(complete + 6 >= texts.len(), "{complete}/{}", texts.len());
}

#[test]
fn japanese_original_texts() {
    let texts = lines(include_str!("texts/ja_original.txt"));
    assert!(texts.len() >= 30, "need at least 30 Japanese texts");
    for (i, text) in texts.iter().enumerate() {
        let card = text.replace("\\n", "\n");
        let outs = dsl::parse_ja_card(&card);
        assert!(!outs.is_empty());
        let snaps: Vec<Snap> = outs
            .iter()
            .map(|o| Snap {
                text: &card,
                complete: o.complete,
                timing_mapped: o.timing_mapped,
                effect: &o.effect,
                unparsed: &o.unparsed,
                rhai: rhai_lines(&o.effect, None),
            })
            .collect();
        for o in &outs {
            assert!(o.timing_mapped, "ja_{:03}: header not mapped", i + 1);
        }
        insta::assert_yaml_snapshot!(format!("ja_{:03}", i + 1), snaps);
    }
}
