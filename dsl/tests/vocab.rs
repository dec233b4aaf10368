//! Pack vocabulary: keyword names from declarations, pack timing labels
//! and pack phrases compiled into the parser at load.

use dsl::vocab::{KeywordEntry, LabelEntry, PhraseEntry, ValueKind};
use dsl::{Vocabulary, parse_en, parse_en_with};

fn kw(name: &str, value: ValueKind) -> KeywordEntry {
    KeywordEntry {
        name: name.into(),
        other_names: vec![],
        value,
    }
}

fn phrase(template: &str, rhai: &str) -> PhraseEntry {
    PhraseEntry {
        template: template.into(),
        rhai: rhai.into(),
        whole_effect: false,
    }
}

fn vocab() -> Vocabulary {
    Vocabulary::new(
        vec![
            KeywordEntry {
                name: "Crush".into(),
                other_names: vec!["粉砕".into()],
                value: ValueKind::Number,
            },
            kw("Armor", ValueKind::Colours),
        ],
        vec![LabelEntry {
            texts: vec![
                "When This Spirit Links".into(),
                "このスピリットのリンク時".into(),
            ],
            hook: "on_links_this".into(),
            condition: None,
            prelude: String::new(),
        }],
        vec![
            phrase("Gather {n:number} sparks", "gather_sparks({n});"),
            phrase(
                "Scorch {t:target} for {x:number}",
                "let s = {t};\nscorch(s, {x});",
            ),
            phrase("Count {f:filter} twice", "let c = {f}.count() * 2;"),
            phrase("Glow {c:colour} {d:duration}", "glow({c}, {d});"),
            phrase(
                "Should you rule the skies, {s:sentence}",
                "if rules_skies() {\n{s}\n}",
            ),
            phrase("Call the {f:family} choir", "choir({f});"),
        ],
    )
    .expect("the declarations compile")
}

#[test]
fn a_sentence_the_grammar_leaves_unparsed_is_read_by_a_pack_phrase() {
    let text = "[LV1] (When Summoned) Gather three sparks.";
    assert!(
        !parse_en(text).complete,
        "the built-in grammar does not know it"
    );
    let o = parse_en_with(text, &vocab());
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(src.contains("gather_sparks(3);"), "{src}");
}

#[test]
fn slots_take_targets_filters_colours_durations_families_and_sentences() {
    let v = vocab();
    let cases = [
        (
            "Scorch one of your opponent's spirits for 2000.",
            "let s = choose_targets(opponent_spirits(), 1);\nscorch(s, 2000);",
        ),
        (
            "Count your opponent's spirits with 3000 BP or less twice.",
            "let c = opponent_spirits().bp_at_most(3000).count() * 2;",
        ),
        ("Glow red during this turn.", "glow(\"red\", \"turn\");"),
        ("Call the Dragon choir.", "choir(\"Dragon\");"),
        (
            "Should you rule the skies, draw 2 cards.",
            "if rules_skies() {\ndraw(2);\n}",
        ),
    ];
    for (sentence, want) in cases {
        let o = parse_en_with(&format!("[LV1] (When Summoned) {sentence}"), &v);
        assert!(o.complete, "{sentence}: {:?}", o.unparsed);
        let src = dsl::compile::to_rhai(&o.effect, None);
        assert!(src.contains(want), "{sentence}:\n{src}");
    }
    // A nested sentence nobody understands: the phrase does not match.
    let o = parse_en_with(
        "[LV1] (When Summoned) Should you rule the skies, dance a jig.",
        &v,
    );
    assert!(!o.complete);
}

#[test]
fn a_pack_label_maps_to_its_hook() {
    let v = vocab();
    let o = parse_en_with("(When This Spirit Links) Draw 1 card.", &v);
    assert!(o.complete, "{:?}", o.unparsed);
    assert_eq!(
        dsl::compile::hook_name(o.effect.timing.as_ref()),
        "on_links_this"
    );
    assert_eq!(
        dsl::hook_of_label_with("When this spirit links", &[], &v).as_deref(),
        Some("on_links_this")
    );
    assert_eq!(
        dsl::hook_of_label_with("『このスピリットのリンク時』", &[], &v).as_deref(),
        Some("on_links_this")
    );
    // Japanese printed text with the declared Japanese label.
    let o = dsl::parse_ja_with(
        "『このスピリットのリンク時』\n自分はデッキから1枚ドローする。",
        &v,
    );
    assert!(o.timing_mapped, "{:?}", o.unparsed);
    assert_eq!(
        dsl::compile::hook_name(o.effect.timing.as_ref()),
        "on_links_this"
    );
    // Without the declaration the label is unknown.
    assert!(!parse_en("(When This Spirit Links) Draw 1 card.").timing_mapped);
}

#[test]
fn keyword_names_and_values_are_checked_against_the_declarations() {
    let v = vocab();
    assert!(parse_en_with("[LV1] {Crush 2}", &v).complete);
    assert!(parse_en_with("[LV1] {Armor: Purple/White}", &v).complete);
    let o = parse_en_with("[LV1] {Crash 2}", &v);
    assert!(!o.complete);
    let why = &o.unparsed[0].expected[0];
    assert!(why.contains("did you mean `Crush`"), "{why}");
    assert!(why.contains("Crush, Armor"), "{why}");
    let o = parse_en_with("[LV1] {Crush two}", &v);
    assert!(!o.complete);
    assert!(
        o.unparsed[0].expected[0].contains("needs a number"),
        "{:?}",
        o.unparsed
    );
    // In a sentence too.
    let o = parse_en_with(
        "[LV1] (When Summoned) This spirit gains Crsh 1 during this turn.",
        &v,
    );
    assert!(!o.complete);
    assert!(o.unparsed[0].expected[0].contains("did you mean `Crush`"));
    assert!(
        parse_en_with(
            "[LV1] (When Summoned) This spirit gains Crush 1 during this turn.",
            &v
        )
        .complete
    );
    // Japanese: a declared keyword's Japanese name reads as its name; another is not
    // understood.
    let o = dsl::parse_ja_with("【粉砕】", &v);
    assert_eq!(o.effect.keywords[0].name, "Crush");
    assert!(!dsl::parse_ja_with("【未知の力】", &v).complete);
    // No declarations: names are not checked.
    assert!(parse_en("[LV1] {Crash 2}").complete);
}

#[test]
fn bad_declarations_are_errors_with_the_valid_kinds() {
    let e = Vocabulary::new(
        vec![],
        vec![],
        vec![phrase("Gather {n:numbr} sparks", "gather_sparks({n});")],
    )
    .unwrap_err();
    assert_eq!(e[0].index, 0);
    assert!(
        e[0].message.contains("did you mean `number`"),
        "{}",
        e[0].message
    );
    assert!(
        e[0].message
            .contains("number, colour, family, target, filter, duration, sentence")
    );
}

#[test]
fn a_quiet_vocabulary_reads_the_same_and_leaves_out_only_the_did_you_mean() {
    // A library build shows no message, so it skips weighing every phrase.
    let text = "Gian 1000 BP. Gather 2 sparks.";
    let loud = parse_en_with(text, &vocab());
    let quiet = parse_en_with(text, &vocab().quiet());
    assert_eq!(loud.effect, quiet.effect);
    assert_eq!(loud.complete, quiet.complete);
    assert_eq!(loud.unparsed.len(), 1);
    assert_eq!(quiet.unparsed.len(), 1);
    let (l, q) = (&loud.unparsed[0].expected, &quiet.unparsed[0].expected);
    assert!(l.iter().any(|e| e.starts_with("did you mean")), "{l:?}");
    assert_eq!(q, &l[..1], "the quiet one keeps where the sentence stopped");
    assert!(q[0].contains("Gian 1000 BP."), "{q:?}");
}

/// Pack phrases nest through their sentence slots up to `MAX_PHRASE_NESTING` (16) deep in
/// one sentence; a deeper one is not understood, with the limit as its reason (each level
/// reads the rest of the sentence again: the limit keeps a reading linear and its stack
/// bounded). A 200-deep sentence is refused the same way, on a thread's default stack.
#[test]
fn phrases_nest_up_to_the_documented_limit() {
    let v = vocab();
    let nested = |d: usize| {
        format!(
            "[LV1] (When Summoned) {}draw 1 card.",
            "Should you rule the skies, ".repeat(d)
        )
    };
    let o = parse_en_with(&nested(16), &v);
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert_eq!(src.matches("rules_skies()").count(), 16, "{src}");
    let reason =
        "pack phrases nested at most 16 deep in one sentence (docs/pack-format.md, \"phrases\")";
    for d in [17, 200] {
        let text = nested(d);
        let o = std::thread::spawn(move || parse_en_with(&text, &vocab()))
            .join()
            .expect("no stack overflow");
        assert!(!o.complete, "{d} deep");
        assert!(
            o.unparsed
                .iter()
                .any(|u| u.expected.iter().any(|e| e == reason)),
            "{d} deep: {:?}",
            o.unparsed.iter().map(|u| &u.expected).collect::<Vec<_>>()
        );
    }
    assert_eq!(dsl::MAX_PHRASE_NESTING, 16);
}

/// A hostile phrase set: the most slots a template may have (8), all sentence slots
/// split at one common word, plus a two-slot split at a comma, against long sentences.
/// Each slot is a greedy run up to the next literal word (a PEG rule never backtracks
/// into it), so a sentence is split one way only: eight clauses read as the phrase with
/// eight draws, and 200 clauses of words no rule knows end not understood with the
/// reason, on a thread's default stack.
#[test]
fn a_phrase_with_the_most_slots_reads_long_sentences_one_way() {
    let eight = (0..8)
        .map(|i| format!("{{s{i}:sentence}}"))
        .collect::<Vec<_>>()
        .join(" and ");
    let rhai = (0..8)
        .map(|i| format!("{{s{i}}}"))
        .collect::<Vec<_>>()
        .join("\n");
    let v = Vocabulary::new(
        vec![],
        vec![],
        vec![
            phrase(&eight, &rhai),
            phrase("{a:sentence}, so {b:sentence}", "{a}\n{b}"),
        ],
    )
    .expect("8 slots compile");
    let eight_draws = format!(
        "[LV1] (When Summoned) {}draw 1 card.",
        "draw 1 card and ".repeat(7)
    );
    let o = parse_en_with(&eight_draws, &v);
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert_eq!(src.matches("draw(1)").count(), 8, "{src}");
    for filler in ["zork and ", "zork, so "] {
        let text = format!("[LV1] (When Summoned) {}zork.", filler.repeat(200));
        let o = std::thread::spawn({
            let v = v.clone();
            move || parse_en_with(&text, &v)
        })
        .join()
        .expect("no stack overflow");
        assert!(!o.complete, "{filler}");
        assert!(!o.unparsed.is_empty(), "{filler}");
    }
}
