//! Tests of `support`: the limits come from the registrations' docs, and `gaps` finds
//! every reason a script cannot act.

use super::*;

/// Metadata of a tiny API: one stub, one unwatchable event, one working function, one
/// event with an argument that must be true.
const META: &str = r#"{"functions":[
 {"name":"peek","params":[{"name":"n: i64"}],"docComments":["/// Not supported yet: logs EffectInert and ends the effect."]},
 {"name":"ev_sneezes","params":[],"docComments":["/// Event the engine cannot watch yet: `when` with it is inert."]},
 {"name":"draw","params":[{"name":"n: i64"}],"docComments":["/// Draws cards (BS-4.2)."]},
 {"name":"ev_hits","params":[{"name":"subject"},{"name":"in_battle: bool"}],"docComments":["/// Event (`in_battle` must be true: the rest cannot be watched yet)."]}
]}"#;

fn gaps_of(l: &Limits, src: &str) -> Vec<Gap> {
    l.source_gaps(src, &KeywordRules::battle_spirits())
}

#[test]
fn the_limits_are_read_from_the_docs_of_the_registrations() {
    let l = Limits::from_metadata(META);
    assert_eq!(l.unsupported_functions(), vec!["peek"]);
    assert_eq!(l.unwatchable_events(), vec!["ev_sneezes"]);
    assert_eq!(
        l.must_be_true,
        [("ev_hits".to_string(), 2, 1, "in_battle".to_string())]
            .into_iter()
            .collect()
    );
}

#[test]
fn a_script_calling_a_stub_has_that_gap_and_a_working_call_has_none() {
    let l = Limits::from_metadata(META);
    assert_eq!(
        gaps_of(&l, "draw(1); peek(2); peek(3);"),
        vec![Gap::Unsupported {
            function: "peek".into()
        }]
    );
    assert_eq!(gaps_of(&l, "draw(1); if true { draw(2); }"), vec![]);
    // Another arity is another function.
    assert_eq!(gaps_of(&l, "peek();"), vec![]);
}

#[test]
fn an_unwatchable_event_inside_a_closure_is_a_gap() {
    let l = Limits::from_metadata(META);
    let g = gaps_of(&l, "when(ev_sneezes(), || { draw(1); });");
    assert_eq!(
        g,
        vec![Gap::Unwatchable {
            event: "ev_sneezes".into()
        }]
    );
    assert!(g[0].to_string().contains("cannot watch"));
    assert_eq!(
        gaps_of(&l, "when(ev_hits(this_card(), false), || draw(1));"),
        vec![Gap::Unwatchable {
            event: "ev_hits(…, in_battle: false)".into()
        }]
    );
    assert_eq!(
        gaps_of(&l, "when(ev_hits(this_card(), true), || draw(1));"),
        vec![]
    );
}

#[test]
fn keywords_without_rules_are_gaps_and_names_compare_case_insensitively() {
    let l = Limits::default();
    let mut kw = KeywordRules::battle_spirits();
    assert!(kw.has_rules("Burst") && kw.has_rules("BURST") && kw.has_rules(" burst "));
    assert!(!kw.has_rules("Armor"));
    let src = r#"gain_keyword(this_card(), "ARMOR", "Red", "turn");
        let q = my_spirits().has_keyword(["burst", "Crush"]); q.lacks_keyword("armor");"#;
    let g = l.source_gaps(src, &kw);
    assert_eq!(
        g,
        vec![
            Gap::KeywordWithoutRules {
                keyword: "ARMOR".into()
            },
            Gap::KeywordWithoutRules {
                keyword: "Crush".into()
            },
            Gap::KeywordWithoutRules {
                keyword: "armor".into()
            },
        ]
    );
    kw.add("Armor").add("crush");
    assert_eq!(l.source_gaps(src, &kw), vec![]);
}

#[test]
fn inert_and_broken_sources_are_gaps() {
    let l = Limits::default();
    let g = gaps_of(&l, "inert(\"card text not fully understood\"); return;");
    assert_eq!(
        g,
        vec![Gap::NotUnderstood {
            reason: "card text not fully understood".into()
        }]
    );
    assert!(matches!(
        gaps_of(&l, "draw(").as_slice(),
        [Gap::DoesNotCompile { .. }]
    ));
}

#[test]
fn every_stub_and_unwatchable_event_of_the_engine_is_a_gap_when_called() {
    // Whatever the registrations say today: each stub called with its arity is found.
    let l = Limits::current();
    for (name, arity) in &l.functions {
        let args = vec!["()"; *arity].join(", ");
        assert_eq!(
            gaps(
                &rhai::Engine::new_raw()
                    .compile(format!("{name}({args});"))
                    .unwrap(),
                &KeywordRules::battle_spirits()
            ),
            vec![Gap::Unsupported {
                function: name.clone()
            }]
        );
    }
    for (name, arity) in &l.events {
        let args = vec!["()"; *arity].join(", ");
        let g = source_gaps(
            &format!("when({name}({args}), || {{}});"),
            &KeywordRules::battle_spirits(),
        );
        assert_eq!(
            g,
            vec![Gap::Unwatchable {
                event: name.clone()
            }]
        );
    }
    // The host compiles with optimisation: a call as a whole statement is still seen.
    let optimised = rhai::Engine::new_raw()
        .compile("reveal(1); draw(1);")
        .unwrap();
    assert_eq!(
        Limits::from_metadata(META).gaps(&optimised, &KeywordRules::battle_spirits()),
        vec![]
    );
    let optimised = rhai::Engine::new_raw()
        .compile("peek(1); draw(1);")
        .unwrap();
    assert_eq!(
        Limits::from_metadata(META).gaps(&optimised, &KeywordRules::battle_spirits()),
        vec![Gap::Unsupported {
            function: "peek".into()
        }]
    );
    // Working functions of the real API are never gaps.
    assert_eq!(
        source_gaps(
            "draw(1); destroy(opponent_spirits());",
            &KeywordRules::battle_spirits()
        ),
        vec![]
    );
}
