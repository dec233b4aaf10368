//! Coverage floor on the real BSS data (`../shared/data/bss/cards.jsonl`): the figures must not
//! drop below the last measured ones. Skips with a message when the data folder is absent.
//! Measure with `cargo run -p dsl --example coverage -- ../shared/data/bss/cards.jsonl`.
//! These are the grammar's figures (`GrammarOnly`: what it understands); the honest ones,
//! checked against what the engine can run, are floored in `engine/tests/coverage_honest.rs`.

mod common;

use dsl::Lang;
use dsl::coverage::{GrammarOnly, coverage_of, read_cards};

/// Last measured figures (counts, not rounded percentages).
const CARDS: usize = 834;
const EFFECTS: usize = 1370;
const BARE_KEYWORDS: usize = 378;
const TIMING_HEADERS: usize = 781;
const TIMING_MAPPED: usize = 781;
// "Summon … Tokens", "This effect does not duplicate", Ascend
// conditions and 「発動したカード」 are no longer counted understood (their functions were
// stubs and left the API).
const TEXT_EFFECTS_PARSED: usize = 726;
const CARDS_COMPLETE: usize = 596;

#[test]
fn coverage_stays_at_or_above_last_measured() {
    let Some(path) = common::data_file("bss/cards.jsonl") else {
        return;
    };
    let cards = read_cards(&path).expect("cards.jsonl reads");
    let c = coverage_of(&cards, Lang::En, 10, &GrammarOnly);
    println!("{c}");
    assert_eq!(c.cards, CARDS);
    assert_eq!(c.effects, EFFECTS);
    assert_eq!(c.bare_keywords, BARE_KEYWORDS);
    assert_eq!(c.timing_headers, TIMING_HEADERS);
    assert!(
        c.timing_mapped >= TIMING_MAPPED,
        "timing headers mapped dropped"
    );
    assert_eq!(
        c.timing_mapped, c.timing_headers,
        "every timing header maps to a hook"
    );
    assert!(
        c.text_effects_parsed >= TEXT_EFFECTS_PARSED,
        "fully parsed text effects dropped: {} < {TEXT_EFFECTS_PARSED}",
        c.text_effects_parsed
    );
    assert_eq!(
        c.text_effects_complete, c.text_effects_parsed,
        "the grammar alone sees no gap"
    );
    assert!(
        c.cards_complete >= CARDS_COMPLETE,
        "fully executable cards dropped: {} < {CARDS_COMPLETE}",
        c.cards_complete
    );
}

#[test]
fn every_real_effect_compiles_to_valid_rhai() {
    let Some(path) = common::data_file("bss/cards.jsonl") else {
        return;
    };
    let cards = read_cards(&path).expect("cards.jsonl reads");
    let engine = rhai::Engine::new_raw();
    let mut n = 0;
    for card in &cards {
        for e in &card.effects {
            let out = e.parse(Lang::En);
            let src = dsl::compile::to_rhai(&out.effect, None);
            if let Err(err) = engine.compile(&src) {
                panic!("{}: generated rhai does not compile: {err}\n{src}", card.id);
            }
            n += 1;
        }
    }
    assert_eq!(n, EFFECTS);
}

#[test]
fn structural_facts_on_real_effects() {
    let Some(path) = common::data_file("bss/cards.jsonl") else {
        return;
    };
    let cards = read_cards(&path).expect("cards.jsonl reads");
    for card in &cards {
        for e in &card.effects {
            let out = e.parse(Lang::En);
            // A complete effect has no unparsed sentence anywhere; an incomplete one reports
            // at least one, with a span inside the text and expected tokens from pest.
            if out.complete {
                assert!(out.unparsed.is_empty(), "{}", card.id);
            } else {
                assert!(!out.unparsed.is_empty(), "{}", card.id);
                let details = e.details.as_deref().unwrap_or("");
                for u in &out.unparsed {
                    assert!(u.span.end <= details.len().max(u.span.end.min(details.len())));
                    assert!(!u.expected.is_empty(), "{}: no expected tokens", card.id);
                }
            }
            // Burst keyword ⇒ burst hook.
            if out.effect.keywords.iter().any(|k| k.name == "Burst") {
                assert!(
                    matches!(out.effect.timing, Some(dsl::ast::Timing::Burst(_))),
                    "{}",
                    card.id
                );
            }
        }
    }
}

/// Keyword names are read by a generic shape and checked against the declared
/// names. With the 20 Saga keywords declared (names and value kinds as in the base pack),
/// the real data is understood exactly as well as with names unchecked: the check loses
/// nothing, and an undeclared name is what makes a sentence not understood.
#[test]
fn declared_keyword_names_lose_no_coverage() {
    use dsl::vocab::{KeywordEntry, ValueKind as V};
    struct Declared(dsl::Vocabulary);
    impl dsl::coverage::Checker for Declared {
        fn script_gaps(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn keyword_has_rules(&self, _: &str) -> bool {
            true
        }
        fn vocabulary(&self) -> Option<&dsl::Vocabulary> {
            Some(&self.0)
        }
    }
    let Some(path) = common::data_file("bss/cards.jsonl") else {
        return;
    };
    let cards = read_cards(&path).expect("cards.jsonl reads");
    let saga = [
        ("Agile", V::None),
        ("Armor", V::Colours),
        ("Ascend", V::Condition),
        ("Astral", V::None),
        ("A.T. Field", V::Number),
        ("Awaken", V::None),
        ("Blessed", V::None),
        ("Bloodcurse", V::None),
        ("Burst", V::None),
        ("Chain", V::Condition),
        ("Confront", V::None),
        ("Crush", V::Number),
        ("Curse", V::None),
        ("Feast", V::Condition),
        ("Gale", V::Number),
        ("Immortal", V::Condition),
        ("Link", V::Condition),
        ("Luster", V::None),
        ("Raid", V::Number),
        ("Swift", V::None),
    ];
    let entries = |names: &[(&str, V)]| {
        names
            .iter()
            .map(|(n, v)| KeywordEntry {
                name: n.to_string(),
                other_names: vec![],
                value: *v,
            })
            .collect()
    };
    let all = Declared(dsl::Vocabulary::new(entries(&saga), vec![], vec![]).unwrap());
    let c = coverage_of(&cards, Lang::En, 10, &all);
    let open = coverage_of(&cards, Lang::En, 10, &GrammarOnly);
    assert_eq!(c.text_effects_parsed, open.text_effects_parsed);
    assert!(c.text_effects_parsed >= TEXT_EFFECTS_PARSED);
    // Four declared (Burst, Chain, Confront, Crush): text naming another keyword is not
    // understood.
    let two = Declared(dsl::Vocabulary::new(entries(&saga[8..12]), vec![], vec![]).unwrap());
    let fewer = coverage_of(&cards, Lang::En, 10, &two);
    assert!(
        fewer.text_effects_parsed < open.text_effects_parsed,
        "{} vs {}",
        fewer.text_effects_parsed,
        open.text_effects_parsed
    );
}
