//! The catalogue: overlay and overrides, schema version and migrations, search, and the
//! import of the real community data (read from `../shared/data`, skipped when absent).

use std::path::{Path, PathBuf};

use carddb::{CardKind, Catalogue, Colour, Pack, PackFiles, SearchQuery};

const CARD: &str = "id: X-1\nname: Plain Whelp\nkind: spirit\ncost: 2\ncolours: [red]\nreduction: {red: 1}\nsymbols: {colours: {red: 1}}\nlevels:\n  - {level: 1, cores: 1, bp: 2000}\n";

fn pack(name: &str, priority: i32, cards: &[(&str, &str)]) -> Pack {
    let mut files = vec![(
        "pack.yaml".to_string(),
        format!("name: {name}\nversion: 1.0.0\ngame: battle-spirits\npriority: {priority}\n"),
    )];
    files.extend(cards.iter().map(|(p, b)| (p.to_string(), b.to_string())));
    Pack::from_files(PackFiles::from_memory(name, files)).unwrap()
}

fn shared_data() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    if p.join("bss/cards.jsonl").is_file() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared/data is not here ({})", p.display());
        None
    }
}

/// Cards of the Saga base pack (its Supsprite tokens), in every Battle Spirits catalogue.
fn base_cards() -> i64 {
    carddb::base::saga().unwrap().cards.len() as i64
}

#[test]
fn a_higher_priority_pack_overrides_a_card_by_id_and_the_override_is_reported() {
    let base = pack("base", 0, &[("cards/x.yaml", CARD)]);
    let patched = CARD.replace("bp: 2000", "bp: 2500");
    // Given first on the command line, but of higher priority: it still wins.
    let fix = pack("errata", 10, &[("cards/x.yaml", &patched)]);
    let (cat, report) = Catalogue::build_in_memory(&[fix, base]).unwrap();
    assert_eq!(report.overrides.len(), 1);
    assert_eq!(report.overrides[0].id, "X-1");
    assert_eq!(report.overrides[0].by_pack, "errata");
    assert_eq!(report.overrides[0].over_pack, "base");
    assert_eq!(cat.card("X-1").unwrap().levels[0].bp, Some(2500));
    assert_eq!(cat.pack_of("X-1").unwrap().as_deref(), Some("errata"));
    // The base pack loaded with every Battle Spirits pack brings its token cards.
    assert_eq!(report.rows["cards"], 1 + base_cards());
    assert_eq!(report.rows["overrides"], 1);
}

#[test]
fn on_equal_priority_the_later_pack_wins() {
    let a = pack("a", 0, &[("cards/x.yaml", CARD)]);
    let b = pack(
        "b",
        0,
        &[("cards/x.yaml", &CARD.replace("Plain Whelp", "Other Whelp"))],
    );
    let (cat, _) = Catalogue::build_in_memory(&[a, b]).unwrap();
    assert_eq!(cat.card("X-1").unwrap().name, "Other Whelp");
}

#[test]
fn an_unknown_card_names_the_nearest_id() {
    let (cat, _) = Catalogue::build_in_memory(&[pack("a", 0, &[("cards/x.yaml", CARD)])]).unwrap();
    let err = cat.card("X-2").unwrap_err().to_string();
    assert_eq!(err, "unknown card `X-2` (did you mean `X-1`?)");
}

#[test]
fn an_old_schema_is_migrated_and_a_newer_one_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("old.sqlite");
    Catalogue::build(&[pack("a", 0, &[("cards/x.yaml", CARD)])], &path).unwrap();
    {
        // Make it a version-1 file: drop what migration 2 adds.
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("DROP INDEX cards_by_cost; DROP INDEX cards_by_kind; DROP INDEX colours_by_colour; PRAGMA user_version = 1;")
            .unwrap();
    }
    let cat = Catalogue::open(&path).unwrap();
    assert_eq!(
        cat.schema_version().unwrap(),
        carddb::catalogue::SCHEMA_VERSION
    );
    assert_eq!(cat.card("X-1").unwrap().cost, 2);
    drop(cat);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let n: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'cards_by_cost'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(n, 1, "migration 2 re-created its index");
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let err = Catalogue::open(&path).err().unwrap().to_string();
    assert!(err.contains("schema version 99"), "{err}");
}

#[test]
fn search_filters_by_text_colour_kind_and_cost() {
    let drake = CARD
        .replace("X-1", "X-2")
        .replace("Plain Whelp", "Ember Drake")
        .replace("cost: 2", "cost: 5")
        + "effects:\n  - timing: When Summoned\n    text: {en: Draw 1 card.}\n";
    let blue = CARD
        .replace("X-1", "X-3")
        .replace("[red]", "[blue]")
        .replace("{red: 1}", "{blue: 1}");
    let (cat, _) = Catalogue::build_in_memory(&[pack(
        "a",
        0,
        &[
            ("cards/1.yaml", CARD),
            ("cards/2.yaml", &drake),
            ("cards/3.yaml", &blue),
        ],
    )])
    .unwrap();
    let ids = |q: SearchQuery| {
        cat.search(&q)
            .unwrap()
            .into_iter()
            .map(|c| c.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(SearchQuery {
            text: Some("dra".into()),
            ..Default::default()
        }),
        ["X-2"],
        "prefix of a name"
    );
    assert_eq!(
        ids(SearchQuery {
            text: Some("draw card".into()),
            ..Default::default()
        }),
        ["X-2"],
        "words of a text"
    );
    assert_eq!(
        ids(SearchQuery {
            colour: Some(Colour::Red),
            ..Default::default()
        }),
        ["X-1", "X-2"]
    );
    assert_eq!(
        ids(SearchQuery {
            colour: Some(Colour::Red),
            cost_max: Some(3),
            ..Default::default()
        }),
        ["X-1"]
    );
    assert_eq!(
        ids(SearchQuery {
            kind: Some(CardKind::Magic),
            ..Default::default()
        }),
        Vec::<String>::new()
    );
    // FTS syntax in user text is taken literally, not as an error.
    assert!(
        cat.search(&SearchQuery {
            text: Some("\"AND (".into()),
            ..Default::default()
        })
        .is_ok()
    );
}

#[test]
fn localised_names_and_texts_sit_side_by_side() {
    let card = CARD.replace(
        "name: Plain Whelp\n",
        "name: Plain Whelp\nnames: {ja: プレーン, th: เพลน}\n",
    ) + "effects:\n  - text: {en: Draw 1 card., ja: カードを1枚ドローする。}\n";
    let (cat, report) =
        Catalogue::build_in_memory(&[pack("a", 0, &[("cards/x.yaml", &card)])]).unwrap();
    let def = cat.card("X-1").unwrap();
    assert_eq!(def.names["ja"], "プレーン");
    assert_eq!(def.effects[0].text["ja"], "カードを1枚ドローする。");
    assert_eq!(
        report.rows["card_names"],
        3 + base_cards(),
        "and the tokens' names"
    );
    assert_eq!(report.rows["effect_texts"], 2);
    let hits = cat
        .search(&SearchQuery {
            text: Some("プレーン".into()),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(hits.len(), 1);
}

#[test]
fn the_demo_pack_loads_and_its_decks_are_legal_saga_decks() {
    let demo =
        Pack::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/battle-spirits-demo"))
            .unwrap();
    let cards: Vec<_> = demo.cards.iter().map(|c| c.def.clone()).collect();
    assert!(demo.decks.len() >= 2);
    for d in &demo.decks {
        let files = PackFiles::from_memory("demo", [(d.file.clone(), String::new())]);
        let file = carddb::deck::DeckFile {
            deck: d.deck.clone(),
            files,
            rel: d.file.clone(),
        };
        assert_eq!(
            carddb::deck::check(&file, &cards, &carddb::DeckFormat::saga()),
            vec![],
            "{}",
            d.file
        );
    }
}

/// All 834 real cards import with zero validation errors, keeping the rule fields.
#[test]
fn the_real_bss_cards_import_with_zero_errors_and_keep_their_rule_fields() {
    let Some(data) = shared_data() else { return };
    let file = data.join("bss/cards.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let imported = carddb::import::bss_json::import(&file, &text, "bss").unwrap();
    assert_eq!(imported.cards, 834);
    let pack = Pack::from_files(imported.files.clone()).expect("the imported pack validates");
    let (cat, report) = Catalogue::build_in_memory(&[pack]).unwrap();
    assert_eq!(report.rows["cards"], 834 + base_cards());
    // Every card keeps its kind, cost and level table: compare with the source, line by line.
    for line in text.lines() {
        let raw: serde_json::Value = serde_json::from_str(line).unwrap();
        let def = cat.card(raw["ID"].as_str().unwrap()).unwrap();
        assert_eq!(
            def.cost.to_string(),
            raw["cost"].as_str().unwrap(),
            "{}",
            def.id
        );
        assert_eq!(
            def.kind.name(),
            raw["cardType"].as_str().unwrap().to_lowercase(),
            "{}",
            def.id
        );
        assert_eq!(
            def.levels.len(),
            raw["core_requirements"].as_array().unwrap().len(),
            "{}",
            def.id
        );
        assert_eq!(
            def.symbols.total() as usize,
            raw["symbols"].as_array().unwrap().len(),
            "{}",
            def.id
        );
        let reductions = raw["reduction"]
            .as_array()
            .map_or(0, |r| r.iter().filter(|c| c != &"—").count());
        assert_eq!(
            def.reduction.values().map(|&n| n as usize).sum::<usize>(),
            reductions,
            "{}",
            def.id
        );
    }
    // Searching real cards by colour and cost, and by text.
    let red3 = cat
        .search(&SearchQuery {
            colour: Some(Colour::Red),
            cost_max: Some(3),
            limit: Some(1000),
            ..Default::default()
        })
        .unwrap();
    assert!(
        !red3.is_empty()
            && red3
                .iter()
                .all(|c| c.cost <= 3 && c.colours.contains(&"red".to_string()))
    );
    let destroy = cat
        .search(&SearchQuery {
            text: Some("destroy".into()),
            limit: Some(1000),
            ..Default::default()
        })
        .unwrap();
    assert!(
        destroy.len() > 50,
        "{} cards mention destroy",
        destroy.len()
    );
}

/// The real starter decks are legal Saga decks of known cards.
#[test]
fn the_real_starter_decks_check_against_the_imported_cards() {
    let Some(data) = shared_data() else { return };
    let file = data.join("bss/cards.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let imported = carddb::import::bss_json::import(&file, &text, "bss").unwrap();
    let pack = Pack::from_files(imported.files).unwrap();
    let cards: Vec<_> = pack.cards.into_iter().map(|c| c.def).collect();
    let mut decks: Vec<_> = std::fs::read_dir(data.join("bss/decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    decks.sort();
    assert_eq!(decks.len(), 7);
    for d in decks {
        let deck = carddb::deck::load_file(&d).unwrap();
        assert_eq!(
            carddb::deck::check(&deck, &cards, &carddb::DeckFormat::saga()),
            vec![],
            "{}",
            d.display()
        );
    }
}

/// A card file saved "UTF-8 with BOM" loads like one without (it was
/// refused as "more than one document").
#[test]
fn a_card_file_with_a_utf8_bom_loads() {
    let p = pack("bom", 0, &[("cards/x.yaml", &format!("\u{feff}{CARD}"))]);
    assert_eq!(p.cards.len(), 1);
    assert_eq!(p.cards[0].def.name, "Plain Whelp");
}

/// Every mistake in one run: a deck file with a malformed line still has its
/// other lines checked, so an unknown card and a wrong name on them are reported in the
/// same run as the malformed line, each at its own line.
#[test]
fn a_deck_with_a_malformed_line_still_reports_its_unknown_cards() {
    let files = PackFiles::from_memory(
        "p",
        [
            (
                "pack.yaml".to_string(),
                "name: p\nversion: 1.0.0\ngame: battle-spirits\n".to_string(),
            ),
            ("cards/x.yaml".to_string(), CARD.to_string()),
            (
                "decks/d.txt".to_string(),
                "x3 X-1\n4x X-9: Plain Whelp\n4x X-1: Plane Whelp\n".to_string(),
            ),
        ],
    );
    let (_, errors) = Pack::from_files_partial(files);
    let got: Vec<(usize, String)> = errors.iter().map(|d| (d.line, d.message.clone())).collect();
    assert_eq!(
        got,
        vec![
            (1, "`x3 X-1` is not a deck line".to_string()),
            (2, "unknown card `X-9`".to_string()),
            (3, "`X-1` is `Plain Whelp`, not `Plane Whelp`".to_string()),
        ]
    );
}
