//! The real Japanese samples (read at run time from `../shared/data/texts/card-texts-sample.md`,
//! never copied): every timing header maps to a hook, and the parsed share stays at its floor.

mod common;

/// Last measured: effects fully parsed among the Japanese sample rows (47 → 46 when
/// 「発動したカードがコストN以下のとき」 stopped compiling to the `activated_card()` stub).
const JA_COMPLETE_FLOOR: usize = 46;

#[test]
fn japanese_sample_headers_all_map() {
    let Some(path) = common::data_file("texts/card-texts-sample.md") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("sample reads");
    let mut effects = 0;
    let mut complete = 0;
    let mut rows = 0;
    for line in text.lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        // Table rows: | id | name | (type |) text |
        if cols.len() < 4 || !cols[1].contains('-') || cols[1] == "id" {
            continue;
        }
        let Some(raw) = cols.iter().rev().nth(1) else {
            continue;
        };
        if !raw.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)) {
            continue;
        }
        rows += 1;
        let body = raw
            .split(" (data")
            .next()
            .unwrap_or(raw)
            .replace("\\n", "\n");
        for o in dsl::parse_ja_card(&body) {
            effects += 1;
            assert!(o.timing_mapped, "{}: header not mapped", cols[1]);
            assert!(o.effect.timing.is_some(), "{}: no hook", cols[1]);
            if o.complete {
                complete += 1;
            }
        }
    }
    println!("{rows} rows, {effects} effects, {complete} fully parsed");
    assert!(rows >= 30, "expected the Japanese table rows, found {rows}");
    assert!(
        complete >= JA_COMPLETE_FLOOR,
        "{complete} < {JA_COMPLETE_FLOOR}"
    );
}

/// Japanese text under the card model's English timing label (a card whose only
/// text is Japanese): the label gives the timing, the Japanese grammar the body.
#[test]
fn japanese_text_under_an_english_label_is_understood() {
    let v = dsl::Vocabulary::default();
    let out = dsl::parse_ja_effect_with(
        &[1],
        Some("When Summoned"),
        &[],
        &[],
        "自分はデッキから2枚ドローする。",
        &v,
    );
    assert!(out.complete, "{:?}", out.unparsed);
    assert_eq!(
        dsl::compile::hook_name(out.effect.timing.as_ref()),
        "when_summoned"
    );
    let rhai = dsl::compile::to_rhai(&out.effect, None);
    assert!(rhai.contains("draw(2)"), "{rhai}");
    // An unknown English label stays not understood.
    let out = dsl::parse_ja_effect_with(
        &[1],
        Some("When Blocking"),
        &[],
        &[],
        "自分はデッキから2枚ドローする。",
        &v,
    );
    assert!(!out.complete);
}
