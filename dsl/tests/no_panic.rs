//! Property tests: the parsers and the compiler never panic, on arbitrary strings and on
//! random mutations of template strings.

use dsl::{Lang, parse_effect, parse_en, parse_ja, parse_ja_card};
use proptest::prelude::*;

const TEMPLATES: &[&str] = &[
    "[LV1][LV2] (When Summoned) Draw 1 card.",
    "[LV2][LV3] (When This Spirit Attacks) Select one of your opponent's spirits with 4000 or fewer BP and destroy it.",
    "(During Your Attack Step) All of your spirits gain 2500 BP during this turn.",
    "{Burst} (When You Lose Life) Draw 3 cards. You may then pay this card's cost to activate its main effect.",
    "<Main/Flash> Select one spirit. It gains 3500 BP during this turn.",
    "When one of your spirits is destroyed, you may place a core from the void into your reserve. If you do, draw a card.",
    "Lv1･Lv2『このスピリットの召喚時』\nBP3000以下の相手のスピリット1体を破壊する。",
    "【バースト：自分のライフ減少後】\nボイドからコア2個を自分のライフに置く。\nその後コストを支払うことで、このカードのフラッシュ効果を発揮する。",
    "【召喚時】デッキの上から2枚オープンできる。その中のスピリットカード1枚を手札に加える。残ったカードはデッキの下に戻す。",
    "Select a spirit with \"Quoted Name\" in its card name and return it to their hand.",
    "(When This Ultimate Attacks) Ultimate Trigger: if it hits, heavily exhaust all of your opponent's spirits with cost 3 or less. Count +1.",
    "{Burst} (After Your Life Is Reduced) If your count is 3 or more, put the top card of your deck into your tecoto.",
    "【召喚時】カウント＋1する。相手のスピリット1体を重疲労させる。このスピリットを手元に置く。",
];

/// A vocabulary with keywords, a label and phrases of every slot kind.
fn vocab() -> &'static dsl::Vocabulary {
    use dsl::vocab::{KeywordEntry, LabelEntry, PhraseEntry, ValueKind};
    static V: std::sync::OnceLock<dsl::Vocabulary> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let p = |t: &str, r: &str| PhraseEntry {
            template: t.into(),
            rhai: r.into(),
            whole_effect: false,
        };
        dsl::Vocabulary::new(
            vec![KeywordEntry {
                name: "Crush".into(),
                other_names: vec!["粉砕".into()],
                value: ValueKind::Number,
            }],
            vec![LabelEntry {
                texts: vec!["When This Spirit Sings".into()],
                hook: "on_sings_this".into(),
                condition: None,
                prelude: String::new(),
            }],
            vec![
                p("Gather {n:number} {c:colour} sparks", "g({n}, {c});"),
                p("Swell {t:target} {d:duration}", "s({t}, {d});"),
                p("Count {f:filter} of {x:family}", "c({f}, {x});"),
                p("If the sky sings, {s:sentence}", "if sky() { {s} }"),
            ],
        )
        .expect("compiles")
    })
}

fn exercise(s: &str) {
    let v = vocab();
    for o in [dsl::parse_en_with(s, v), dsl::parse_ja_with(s, v)] {
        let _ = dsl::compile::to_rhai(&o.effect, Some(s));
    }
    let _ = dsl::parse_en_with(&format!("If the sky sings, {s}"), v);
    for o in [parse_en(s), parse_ja(s)] {
        let _ = dsl::compile::to_rhai(&o.effect, Some(s));
        for u in &o.unparsed {
            // Spans always fall on the text.
            assert!(u.span.start <= u.span.end);
        }
    }
    for o in parse_ja_card(s) {
        let _ = dsl::compile::to_rhai(&o.effect, None);
    }
    let kws = vec![("Burst".to_string(), Some(s.to_string()))];
    for lang in [Lang::En, Lang::Ja] {
        let _ = parse_effect(&[1, 2, 255], Some(s), &kws, &[s.to_string()], s, lang);
        let _ = parse_effect(&[], None, &[], &[], s, lang);
    }
}

proptest! {
    // Each template compiles a grammar (≈ 0.6 s in a debug build): few cases.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn phrase_templates_never_panic(t in "[a-zA-Z{}:\"'\\ ,.!]{0,40}", s in "\\PC{0,40}") {
        let phrase = dsl::vocab::PhraseEntry {
            template: t.clone(),
            rhai: "x();".into(),
            whole_effect: false,
        };
        if let Ok(v) = dsl::Vocabulary::new(vec![], vec![], vec![phrase]) {
            let _ = dsl::parse_en_with(&s, &v);
            let _ = dsl::parse_en_with(&t, &v);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn never_panics_on_arbitrary_strings(s in "\\PC{0,200}") {
        exercise(&s);
    }

    #[test]
    fn never_panics_on_template_like_strings(s in "[\\[\\]()<>{}LV0-9 ,.\"'“”『』【】：･。a-zA-Z\\n]{0,120}") {
        exercise(&s);
    }

    #[test]
    fn never_panics_on_mutated_templates(
        idx in 0..TEMPLATES.len(),
        edits in proptest::collection::vec((any::<usize>(), 0u8..3, any::<char>()), 0..8),
    ) {
        let mut chars: Vec<char> = TEMPLATES[idx].chars().collect();
        for (pos, op, c) in edits {
            let len = chars.len();
            match op {
                0 => chars.insert(pos % (len + 1), c),
                1 if len > 0 => { chars.remove(pos % len); }
                _ if len > 0 => chars[pos % len] = c,
                _ => {}
            }
        }
        let s: String = chars.into_iter().collect();
        exercise(&s);
    }
}

#[test]
fn huge_and_degenerate_inputs() {
    exercise("");
    exercise(".");
    exercise(&"(".repeat(5000));
    exercise(&"Select one of your ".repeat(500));
    exercise(&"[LV9999999999999999999]".repeat(3));
    exercise("Draw 99999999999999999999999 cards.");
    exercise(&"『".repeat(3000));
    exercise("Lv99999999999『このスピリットの召喚時』");
}
