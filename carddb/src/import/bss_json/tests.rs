//! Tests of the importer: each data quirk with its own test, and whole files.

use super::*;

fn counted<T>(f: impl FnOnce(&mut dyn FnMut(&'static str)) -> T) -> (T, Vec<&'static str>) {
    let mut seen = Vec::new();
    let out = f(&mut |q| seen.push(q));
    (out, seen)
}

#[test]
fn cost_as_string_is_a_number() {
    let (cost, q) = counted(|q| parse_cost(&Value::String("8".into()), &mut |s| q(s)));
    assert_eq!(cost.unwrap(), 8);
    assert_eq!(q, ["cost as string"]);
    assert!(parse_cost(&Value::String("X".into()), &mut |_| {}).is_err());
}

#[test]
fn reduction_entries_count_per_colour_and_dash_means_none() {
    let raw: Vec<String> = ["red", "red", "Purple", "—"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (r, q) = counted(|q| parse_reduction(&raw, &mut |s| q(s)));
    let r = r.unwrap();
    assert_eq!(r.get(&Colour::Red), Some(&2));
    assert_eq!(r.get(&Colour::Purple), Some(&1));
    assert_eq!(r.len(), 2);
    assert!(q.contains(&"reduction dash for none") && q.contains(&"capitalised colour"));
}

#[test]
fn two_colour_symbol_counts_once_as_either_colour() {
    let raw = vec!["red/purple".to_string()];
    let s = parse_symbols(&raw, &mut |_| {}).unwrap();
    assert_eq!(s.total(), 1);
    assert_eq!(s.of_colour(Colour::Red), 1);
    assert_eq!(s.of_colour(Colour::Purple), 1);
    assert_eq!(s.of_colour(Colour::Blue), 0);
}

#[test]
fn nexus_bp_zero_becomes_no_bp() {
    let raw = vec![RawLevel {
        level: 1,
        cores: 0,
        battle_points: Some(0),
    }];
    assert_eq!(parse_levels(CardKind::Nexus, &raw, &mut |_| {})[0].bp, None);
    assert_eq!(
        parse_levels(CardKind::Spirit, &raw, &mut |_| {})[0].bp,
        Some(0)
    );
}

#[test]
fn keyword_objects_of_both_shapes() {
    let a: Value = serde_json::json!({"keyword_name": "Crush", "keyword_modifier": 2});
    let b: Value = serde_json::json!({"keyword": "A.T. Field", "target": null, "value": null});
    let c: Value =
        serde_json::json!({"keyword_name": "Armor", "keyword_modifier": ["Red", "White"]});
    let ka = parse_keyword(&a, &[1], Some("When This Spirit Attacks"), &[], &mut |_| {}).unwrap();
    assert_eq!(
        (ka.name.as_str(), ka.value),
        ("crush", Some(KeywordValue::Number(2)))
    );
    assert_eq!(ka.timing.as_deref(), Some("When This Spirit Attacks"));
    let (kb, q) = counted(|q| parse_keyword(&b, &[], None, &[], &mut |s| q(s)));
    let kb = kb.unwrap();
    assert_eq!((kb.name.as_str(), kb.value), ("a.t. field", None));
    assert_eq!(q, ["keyword object {keyword, target, value}"]);
    let kc = parse_keyword(&c, &[], None, &[], &mut |_| {}).unwrap();
    assert_eq!(
        kc.value,
        Some(KeywordValue::List(vec![
            KeywordValue::Word("Red".into()),
            KeywordValue::Word("White".into())
        ]))
    );
}

#[test]
fn timing_left_in_details_moves_to_the_timing() {
    let timings: Vec<String> = SAGA_TIMINGS.iter().map(|s| s.to_string()).collect();
    let mut sorted = timings.clone();
    sorted.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let (t, text) = split_timing(None, "When Summoned Draw 1 card.", &sorted, &mut |_| {});
    assert_eq!(
        (t.as_deref(), text.as_str()),
        (Some("When Summoned"), "Draw 1 card.")
    );
    // The longer label wins over its prefix.
    let (t, _) = split_timing(
        None,
        "When This Spirit Attacks or Blocks Draw 1 card.",
        &sorted,
        &mut |_| {},
    );
    assert_eq!(t.as_deref(), Some("When This Spirit Attacks or Blocks"));
    // Text that merely starts like a label is left alone.
    let (t, text) = split_timing(None, "When Summonedness grows, draw.", &sorted, &mut |_| {});
    assert_eq!((t, text.as_str()), (None, "When Summonedness grows, draw."));
}

#[test]
fn a_timing_label_without_its_text_is_no_effect() {
    let timings: Vec<String> = SAGA_TIMINGS.iter().map(|s| s.to_string()).collect();
    assert!(is_bare_label("During Opponent's Attack Step", &timings));
    // Not listed, but a label's shape: Title Case, opening with "When", no period.
    assert!(is_bare_label("When Foe Breaks This Golem", &timings));
    assert!(!is_bare_label("When Summoned Draw 1 card.", &timings));
    assert!(!is_bare_label(
        "When this spirit attacks, draw 1 card",
        &timings
    ));
    assert!(!is_bare_label("Crush", &timings));
    let line = r#"{"name":"Test Drake","ID":"T-2","set":"T","color":["Red"],"cost":"3","reduction":["red"],"symbols":["red"],"cardType":"SPIRIT","subType":["Dragon"],"rarity":"C","effects":[{"levels":[],"condition":"N/A","keywords":[],"details":"During Your Refresh Step","steps":[]},{"levels":[1],"condition":"When Summoned","keywords":[],"details":"Draw 1 card.","steps":[]}],"core_requirements":[{"level":1,"battlePoints":2000,"cores":1}]}"#;
    let out = import(std::path::Path::new("x.jsonl"), line, "t").unwrap();
    let def: CardDef = serde_yaml::from_str(&out.files.files["cards/T-2.yaml"]).unwrap();
    assert_eq!(def.effects.len(), 1, "the label alone is dropped");
    assert_eq!(def.effects[0].text["en"], "Draw 1 card.");
    // A label followed by a keyword's name is that keyword under the label, kept.
    let kw = line.replace(
        "During Your Refresh Step",
        "While This Spirit Attacks Crush",
    );
    let out = import(std::path::Path::new("x.jsonl"), &kw, "t").unwrap();
    let def: CardDef = serde_yaml::from_str(&out.files.files["cards/T-2.yaml"]).unwrap();
    assert!(
        def.keywords.iter().any(|k| k.name == "crush"),
        "{:?}",
        def.keywords
    );
}

#[test]
fn na_means_none() {
    assert_eq!(none_if_na(Some("N/A")), None);
    assert_eq!(none_if_na(Some("When Summoned")), Some("When Summoned"));
}

#[test]
fn a_whole_line_imports_and_a_bad_line_is_named() {
    let good = r#"{"name":"Test Drake","ID":"T-1","set":"T","color":["Red"],"cost":"3","reduction":["red"],"symbols":["red"],"cardType":"SPIRIT","subType":["Dragon"],"rarity":"C","effects":[{"levels":[],"condition":"N/A","keywords":[],"details":"N/A","steps":[]},{"levels":[1,2],"condition":"N/A","keywords":[],"details":"When Summoned Draw 1 card.","steps":[]}],"core_requirements":[{"level":1,"battlePoints":2000,"cores":1},{"level":2,"battlePoints":4000,"cores":3}]}"#;
    let out = import(std::path::Path::new("x.jsonl"), good, "t").unwrap();
    assert_eq!(out.cards, 1);
    let yaml = &out.files.files["cards/T-1.yaml"];
    let def: CardDef = serde_yaml::from_str(yaml).unwrap();
    assert_eq!(def.cost, 3);
    assert_eq!(def.effects.len(), 1, "the empty entry is dropped");
    assert_eq!(def.effects[0].timing.as_deref(), Some("When Summoned"));
    let bad = format!("{good}\n{{\"name\": 5}}\n");
    let err = import(std::path::Path::new("x.jsonl"), &bad, "t").unwrap_err();
    assert_eq!(err.diagnostics()[0].line, 2);
}
