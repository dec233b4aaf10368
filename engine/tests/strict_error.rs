//! A lenient library build records the error a strict build of the same cards stops at
//! (`CardLibrary::strict_error`), so `db build` checks with one build instead of two
//! For every kind of fallback the lenient build takes, the recorded error is
//! exactly the strict build's; a clean build records none.

use engine::CardLibrary;
use engine::rules::battle_spirits::testkit::{effect, scripted_spirit, synthetic_cards};
use engine::script::{ScriptError, ScriptSources};

/// Builds `cards` strictly and leniently; returns (strict error, lenient's recorded error).
fn both(
    cards: Vec<carddb::CardDef>,
    sources: &ScriptSources,
    keywords: &[carddb::LoadedKeyword],
) -> (Option<ScriptError>, Option<ScriptError>) {
    let strict = CardLibrary::with_keywords(cards.clone(), sources, keywords, false).err();
    let lenient = CardLibrary::with_keywords(cards, sources, keywords, true)
        .expect("lenient builds do not fail");
    (strict, lenient.strict_error().cloned())
}

use engine::rules::battle_spirits::testkit::file_spirit as file_card;

use engine::rules::battle_spirits::testkit::glimmer_keyword as keyword;

#[test]
fn a_clean_lenient_build_records_no_strict_error() {
    let (strict, recorded) = both(synthetic_cards(), &ScriptSources::default(), &[]);
    assert_eq!(strict, None);
    assert_eq!(recorded, None);
}

#[test]
fn a_phrase_whose_rhai_does_not_compile_is_recorded_as_the_strict_build_reports_it() {
    let mut sources = ScriptSources::default();
    sources.add_file(
        "test",
        "phrases/bad.yaml",
        "template: Gather {n:number} sparks\nrhai: gain_life({n};\n",
    );
    let (strict, recorded) = both(synthetic_cards(), &sources, &[]);
    let strict = strict.expect("the strict build fails on the phrase");
    assert!(strict.to_string().contains("phrases/bad.yaml"), "{strict}");
    assert_eq!(recorded, Some(strict));
}

#[test]
fn a_keyword_script_error_and_an_unknown_keyword_timing_are_recorded() {
    // A keyword script that does not compile.
    let (strict, recorded) = both(
        synthetic_cards(),
        &ScriptSources::default(),
        &[keyword("When Summoned", Some("draw(1"))],
    );
    let strict = strict.expect("the strict build fails on the keyword script");
    assert!(matches!(strict, ScriptError::Syntax { .. }), "{strict:?}");
    assert_eq!(recorded, Some(strict));
    // A keyword timing the engine does not know, with a broken script too: the timing
    // comes first in both builds.
    let (strict, recorded) = both(
        synthetic_cards(),
        &ScriptSources::default(),
        &[keyword("When This Spirit Sparkles", Some("draw(1"))],
    );
    let strict = strict.expect("the strict build fails on the timing");
    assert!(
        strict.to_string().contains("When This Spirit Sparkles"),
        "{strict}"
    );
    assert_eq!(recorded, Some(strict));
    // A keyword effect with no script.
    let (strict, recorded) = both(
        synthetic_cards(),
        &ScriptSources::default(),
        &[keyword("When Summoned", None)],
    );
    assert!(strict.is_some());
    assert_eq!(recorded, strict);
}

#[test]
fn card_script_errors_are_recorded_first_one_first() {
    // Two broken cards: both builds name the first in id order.
    let cards = vec![
        scripted_spirit("S-2", 0, 1000, vec![effect("When Summoned", "draw(")]),
        scripted_spirit("S-1", 0, 1000, vec![effect("When Summoned", "let x = ;")]),
    ];
    let (strict, recorded) = both(cards, &ScriptSources::default(), &[]);
    let strict = strict.expect("a syntax error");
    assert!(strict.to_string().contains("S-1"), "{strict}");
    assert_eq!(recorded, Some(strict));
    // A missing script file.
    let mut sources = ScriptSources::default();
    sources.pack_of.insert("S-3".into(), "demo".into());
    let (strict, recorded) = both(vec![file_card("S-3", "effects/nope.rhai")], &sources, &[]);
    assert!(matches!(strict, Some(ScriptError::MissingFile { .. })));
    assert_eq!(recorded, strict);
    // An unknown timing label on a scripted effect; without a script it is no error.
    let (strict, recorded) = both(
        vec![scripted_spirit(
            "S-4",
            0,
            1000,
            vec![effect("When The Moon Rises", "draw(1);")],
        )],
        &ScriptSources::default(),
        &[],
    );
    assert!(matches!(strict, Some(ScriptError::UnknownTiming { .. })));
    assert_eq!(recorded, strict);
    let mut card = scripted_spirit("S-5", 0, 1000, vec![effect("When The Moon Rises", "")]);
    card.effects[0].script = None;
    assert_eq!(
        both(vec![card], &ScriptSources::default(), &[]),
        (None, None)
    );
}
