use super::*;

/// The names of the alternatives of a rule `name = { a | b | … }` in the grammar text.
fn alternatives(grammar: &str, name: &str) -> Vec<String> {
    let start = grammar
        .lines()
        .position(|l| l.starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no rule {name}"));
    let mut body = String::new();
    for l in grammar.lines().skip(start) {
        body.push_str(l);
        if l.trim_end().ends_with('}') {
            break;
        }
    }
    let inner = &body[body.find('{').unwrap() + 1..body.rfind('}').unwrap()];
    inner
        .split('|')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn every_sentence_kind_of_the_grammar_is_in_the_phrasebook() {
    let grammar = include_str!("grammar/en.pest");
    let mut wanted: Vec<String> = Vec::new();
    for rule in ["clause", "lead", "trailer"] {
        wanted.extend(alternatives(grammar, rule));
    }
    wanted.extend(["s_no_dup", "s_once_only", "s_mill_cap", "s_no_soul_place"].map(String::from));
    // BS-5.2 cost sentences: their own form (`sentence`), with its own leads and trailers.
    wanted.extend(alternatives(grammar, "clause_cost"));
    wanted.extend(["l_paying", "tr_paying", "tr_calc"].map(String::from));
    wanted.sort();
    wanted.dedup();
    assert!(wanted.len() > 70, "{wanted:?}");
    let listed: Vec<&str> = PHRASES.iter().map(|p| p.rule).collect();
    let missing: Vec<&String> = wanted
        .iter()
        .filter(|w| !listed.contains(&w.as_str()))
        .collect();
    assert!(missing.is_empty(), "not in the phrasebook: {missing:?}");
    let extra: Vec<&&str> = listed
        .iter()
        .filter(|l| !wanted.iter().any(|w| w == *l))
        .collect();
    assert!(extra.is_empty(), "not grammar sentence kinds: {extra:?}");
}

#[test]
fn every_example_is_understood_and_uses_its_phrase() {
    let mut wrong = Vec::new();
    for p in PHRASES {
        let out = crate::parse_en(p.example);
        if out.complete != p.runs {
            wrong.push(format!(
                "{}: `{}` complete {}: {:?}",
                p.rule, p.example, out.complete, out.unparsed
            ));
            continue;
        }
        let used = crate::split::sentences(p.example, &['.', '!'], &['・', '\n'])
            .into_iter()
            .filter_map(|(a, b)| crate::en::sentence_rules(&p.example[a..b]))
            .any(|rules| rules.iter().any(|r| r == p.rule));
        if !used {
            wrong.push(format!("{}: `{}` does not use it", p.rule, p.example));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_misspelt_sentence_is_pointed_at_the_phrase_it_meant() {
    // Example: "Gian 1000 BP." → the BP phrase.
    let near = nearest("Gian 1000 BP.", 3);
    assert_eq!(near.first().map(|p| p.rule), Some("c_gain_bp"), "{near:?}");
    let near = nearest("Drow 2 cards.", 3);
    assert_eq!(near.first().map(|p| p.rule), Some("c_draw"), "{near:?}");
    let near = nearest("Destory one of your opponent's spirits.", 3);
    assert_eq!(near.first().map(|p| p.rule), Some("c_destroy"), "{near:?}");
    let lines = stopped("Draw 1 cardz.", 7);
    assert_eq!(
        lines[0],
        "understood \"Draw 1\", then stopped at \"cardz.\""
    );
    assert!(
        lines[1].starts_with("did you mean: 'Draw N cards'"),
        "{lines:?}"
    );
    assert!(!lines.join(" ").contains("c_"), "no rule names: {lines:?}");
}

#[test]
fn a_misspelt_pack_phrase_is_pointed_at_the_pack_phrase() {
    let lines = stopped_in(
        "Gathr 2 tide cores.",
        0,
        &["Gather {n:number} tide cores", "Hum the {f:family} hymn"],
    );
    assert!(
        lines[1].starts_with("did you mean: 'Gather {n:number} tide cores' (a pack phrase)"),
        "{lines:?}"
    );
}
