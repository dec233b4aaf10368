//! The demo pack as a whole: every effect runs, every kind and mechanic is there, every card has a
//! test, every deck is Saga-legal.

use super::*;

#[test]
fn every_demo_effect_runs_from_text_or_script() {
    // Scripts compile strictly (a syntax error or a missing file fails `library`); every
    // other effect's English text is fully understood by the grammar, timing included —
    // what `cardscript lint` reports as "runs from its text". No allow-list.
    let lib = library(&[]);
    assert!(lib.len() >= 48);
    for c in &demo().cards {
        for (i, e) in c.effects.iter().enumerate() {
            if e.script.is_some() || e.script_file.is_some() {
                continue;
            }
            let (_, out) = parse_text(e)
                .unwrap_or_else(|| panic!("{} effect {i}: no English text and no script", c.id));
            assert!(
                out.complete && out.timing_mapped,
                "{} effect {i} is not fully understood: {:?}",
                c.id,
                out.unparsed
            );
            let rhai = generated(e).expect("rhai");
            assert!(!rhai.contains("inert("), "{} effect {i}:\n{rhai}", c.id);
        }
    }
}

#[test]
fn the_pack_has_every_kind_and_mechanic() {
    let cards = &demo().cards;
    assert!(cards.len() >= 48, "{} cards", cards.len());
    let colours: std::collections::BTreeSet<Colour> = cards
        .iter()
        .flat_map(|c| c.colours.iter().copied())
        .collect();
    assert!(colours.len() >= 4, "{colours:?}");
    for kind in [
        CardKind::Spirit,
        CardKind::Ultimate,
        CardKind::Brave,
        CardKind::Nexus,
        CardKind::Magic,
    ] {
        assert!(cards.iter().any(|c| c.kind == kind), "{kind}");
    }
    let spirit_levels = |n: usize| {
        cards
            .iter()
            .any(|c| c.kind == CardKind::Spirit && c.levels.len() == n)
    };
    assert!(spirit_levels(2) && spirit_levels(3));
    let magic_steps = |s: CardStep| {
        cards
            .iter()
            .any(|c| c.kind == CardKind::Magic && c.effects.iter().any(|e| e.steps.contains(&s)))
    };
    assert!(magic_steps(CardStep::Main) && magic_steps(CardStep::Flash));
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Magic && c.has_burst())
    );
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Spirit && c.has_burst())
    );
    assert!(cards.iter().any(|c| c.over_count.is_some()));
    assert!(
        cards
            .iter()
            .filter(|c| c.kind == CardKind::Brave)
            .all(|c| c.brave.is_some() && c.effects.iter().any(|e| e.braved))
    );
}

#[test]
fn every_demo_card_has_a_test_here_or_in_the_packs_scenarios() {
    let src = [
        include_str!("main.rs"),
        include_str!("vanilla.rs"),
        include_str!("cards_red_green_blue.rs"),
        include_str!("cards_yellow_purple.rs"),
        include_str!("pack.rs"),
        include_str!("cli.rs"),
    ]
    .concat();
    // The pack's own scenario files (`cardscript test`): a card is tested there when a
    // scenario's name starts with the card's name.
    let dir = std::path::Path::new(PACK).join("tests");
    let mut scenarios = String::new();
    for e in std::fs::read_dir(&dir).expect("the demo pack has tests/") {
        scenarios += &std::fs::read_to_string(e.unwrap().path()).unwrap();
    }
    // The demo pack's own cards (not the base pack's Supsprite tokens).
    for c in demo().cards.iter().filter(|c| c.id.starts_with("DEMO-")) {
        let short = c.id.trim_start_matches("DEMO-").to_lowercase();
        let (f, v) = (
            format!("fn demo_{short}_"),
            format!("vanilla!(demo_{short}_"),
        );
        let named = format!("- name: {}", c.name);
        assert!(
            src.contains(&f) || src.contains(&v) || scenarios.contains(&named),
            "no test for {} (looked for `{f}`, `{v}` and a scenario named `{} …`)",
            c.id,
            c.name
        );
    }
}

#[test]
fn every_demo_deck_is_saga_legal() {
    // BS-0.1 Saga: 50–60 cards, at most 4 copies; every id is a demo card.
    let decks = std::fs::read_dir(format!("{PACK}/decks")).expect("decks folder");
    let mut n = 0;
    for f in decks {
        let path = f.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("deck text");
        let mut total = 0;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (count, rest) = line.split_once("x ").expect("`Nx ID: Name`");
            let (id, name) = rest.split_once(": ").expect("`ID: Name`");
            let count: u32 = count.parse().expect("count");
            assert!((1..=4).contains(&count), "{}: {line}", path.display());
            assert_eq!(def(id).name, name, "{}", path.display());
            total += count;
        }
        assert!((50..=60).contains(&total), "{}: {total}", path.display());
        n += 1;
    }
    assert!(n >= 4);
}
