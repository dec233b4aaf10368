//! Packs and catalogues from the command line: import, `db build`, search, show, and the errors
//! they name.

use super::*;

#[test]
fn import_build_search_show_and_check_real_cards() {
    let Some(data) = shared_data() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("bss");
    let db = tmp.path().join("cards.sqlite");
    let (pack_s, db_s) = (pack.to_str().unwrap(), db.to_str().unwrap());
    let o = cardscript(&[
        "import",
        "bss-json",
        data.join("cards.jsonl").to_str().unwrap(),
        "--out",
        pack_s,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("imported 834 cards"), "{}", text(&o));
    let o = cardscript(&["db", "build", pack_s, "-o", db_s]);
    assert!(o.status.success(), "{}", text(&o));
    // The Saga base pack, loaded with every Battle Spirits pack, adds its token cards.
    let tokens = carddb::base::saga().unwrap().cards.len();
    assert!(
        text(&o).contains(&format!("cards             {} rows", 834 + tokens)),
        "{}",
        text(&o)
    );
    // By colour and cost: every hit is a red card of cost 2.
    let o = cardscript(&[
        "cards", "--db", db_s, "search", "--colour", "red", "--cost", "2",
    ]);
    let out = text(&o);
    let hits: Vec<&str> = out.lines().filter(|l| l.contains(" cost ")).collect();
    assert!(!hits.is_empty(), "{out}");
    assert!(
        hits.iter()
            .all(|l| l.contains("cost  2") && l.contains("red")),
        "{out}"
    );
    // By text.
    let o = cardscript(&["cards", "--db", db_s, "search", "draw"]);
    assert!(
        text(&o).lines().filter(|l| l.contains(" cost ")).count() > 10,
        "{}",
        text(&o)
    );
    let o = cardscript(&["cards", "--db", db_s, "show", "ST01-004"]);
    assert!(
        o.status.success() && text(&o).contains("id: ST01-004"),
        "{}",
        text(&o)
    );
    let deck = data.join("decks/st01-red.txt");
    let o = cardscript(&["deck", "--db", db_s, "check", deck.to_str().unwrap()]);
    assert!(
        o.status.success() && text(&o).contains("50 cards, legal in the saga format"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_failed_build_prints_located_errors_and_keeps_the_old_catalogue() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("cards.sqlite");
    let db_s = db.to_str().unwrap();
    let o = cardscript(&["db", "build", "scripts/battle-spirits-demo", "-o", db_s]);
    assert!(o.status.success(), "{}", text(&o));
    let before = std::fs::read(&db).unwrap();
    let o = cardscript(&[
        "db",
        "build",
        "tests/broken/packs/30-many-errors-at-once/pack",
        "-o",
        db_s,
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cards/B-1.yaml:10:"), "{err}");
    assert!(err.contains("3 error(s)"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn an_unknown_card_is_named_with_the_nearest_id() {
    let o = cardscript(&["cards", "show", "DEMO-R1"]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("unknown card `DEMO-R1` (did you mean `DEMO-R01`?)"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_demo_pack_is_searchable_with_no_arguments() {
    let o = cardscript(&["cards", "search", "--kind", "nexus"]);
    assert!(o.status.success(), "{}", text(&o));
    // One nexus per demo colour: red, green, blue, yellow, purple.
    assert!(text(&o).contains("5 card(s)"), "{}", text(&o));
}

/// The full example of docs/pack-format.md is a card that loads.
#[test]
fn the_pack_format_example_is_a_valid_card() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pack-format.md"))
            .unwrap();
    let section = doc.split("## cards/*.yaml").nth(1).unwrap();
    let example = section
        .split("```yaml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let files = carddb::PackFiles::from_memory(
        "doc",
        [
            (
                "pack.yaml",
                "name: doc\nversion: 1.0.0\ngame: battle-spirits\n",
            ),
            ("cards/EX-001.yaml", example),
            ("effects/EX-001.rhai", "draw(1);\n"),
        ],
    );
    let pack = carddb::Pack::from_files(files).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pack.cards[0].def.levels.len(), 3);
}

/// `db build` replaces only a catalogue: never a folder, a document or another database;
/// reading a catalogue never writes to it.
#[test]
fn db_build_replaces_only_catalogues_and_reads_never_write() {
    let tmp = tempfile::tempdir().unwrap();
    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "keep me").unwrap();
    let o = cardscript(&[
        "db",
        "build",
        "scripts/battle-spirits-demo",
        "-o",
        notes.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("is not a cardscript catalogue"),
        "{}",
        text(&o)
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "keep me");
    let o = cardscript(&[
        "db",
        "build",
        "scripts/battle-spirits-demo",
        "-o",
        tmp.path().to_str().unwrap(),
    ]);
    assert!(text(&o).contains("is a folder"), "{}", text(&o));
    let empty = tmp.path().join("empty.sqlite");
    std::fs::write(&empty, "").unwrap();
    let o = cardscript(&["cards", "--db", empty.to_str().unwrap(), "search", "x"]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("not a cardscript catalogue"),
        "{}",
        text(&o)
    );
    assert_eq!(
        std::fs::metadata(&empty).unwrap().len(),
        0,
        "a read wrote to the file"
    );
    // A real catalogue: read without a byte changing, then replaced by a rebuild.
    let db = tmp.path().join("c.sqlite");
    assert!(
        cardscript(&[
            "db",
            "build",
            "scripts/battle-spirits-demo",
            "-o",
            db.to_str().unwrap()
        ])
        .status
        .success()
    );
    let before = std::fs::read(&db).unwrap();
    assert!(
        cardscript(&["cards", "--db", db.to_str().unwrap(), "search", "drake"])
            .status
            .success()
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert!(
        cardscript(&[
            "db",
            "build",
            "scripts/battle-spirits-demo",
            "-o",
            db.to_str().unwrap()
        ])
        .status
        .success()
    );
}

/// `import --out` replaces an earlier import, never another folder or file.
#[test]
fn import_refuses_to_replace_what_is_not_a_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let jsonl = tmp.path().join("one.jsonl");
    std::fs::write(&jsonl, r#"{"name":"Test Drake","ID":"T-1","cost":"1","cardType":"SPIRIT","color":["Red"],"core_requirements":[{"level":1,"battlePoints":1000,"cores":1}]}"#).unwrap();
    let dir = tmp.path().join("mine");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "important").unwrap();
    let o = cardscript(&[
        "import",
        "bss-json",
        jsonl.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(text(&o).contains("is not a pack folder"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "important"
    );
    let pack = tmp.path().join("pack");
    for _ in 0..2 {
        let o = cardscript(&[
            "import",
            "bss-json",
            jsonl.to_str().unwrap(),
            "--out",
            pack.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o));
    }
    assert!(pack.join("cards/T-1.yaml").is_file());
}

/// Japanese text is found as a substring (FTS5 does not split Japanese into words).
#[test]
fn japanese_text_is_searchable() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("ja");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: ja\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("cards/J-1.yaml"),
        "id: J-1\nname: Test Sprite\nnames: {ja: テストの精}\nkind: spirit\ncost: 1\nlevels: [{level: 1, cores: 1, bp: 1000}]\neffects:\n  - text: {ja: 自分はデッキから1枚ドローする。}\n",
    )
    .unwrap();
    let o = cardscript(&[
        "cards",
        "--pack",
        pack.to_str().unwrap(),
        "search",
        "ドロー",
    ]);
    assert!(text(&o).contains("J-1"), "{}", text(&o));
    let o = cardscript(&[
        "cards",
        "--pack",
        pack.to_str().unwrap(),
        "search",
        "テスト",
    ]);
    assert!(text(&o).contains("J-1"), "{}", text(&o));
}

/// A deck named from the catalogue reports its errors at its own file and line (the
/// catalogue keeps the deck lists, like the scripts).
#[test]
fn a_catalogue_deck_error_names_its_file_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("pack");
    std::fs::create_dir_all(pack.join("decks")).unwrap();
    for dir in ["cards", "effects"] {
        std::fs::create_dir_all(pack.join(dir)).unwrap();
        for e in std::fs::read_dir(Path::new("scripts/battle-spirits-demo").join(dir)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), pack.join(dir).join(e.file_name())).unwrap();
        }
    }
    std::fs::copy(
        "scripts/battle-spirits-demo/pack.yaml",
        pack.join("pack.yaml"),
    )
    .unwrap();
    // BS-0.1: 5 copies of one card, on line 2.
    let mut deck = String::from("# too many\n5x DEMO-R01\n");
    for id in [
        "R02", "R03", "R04", "R05", "R06", "R09", "R10", "R11", "R12", "R13", "G01",
    ] {
        deck += &format!("4x DEMO-{id}\n");
    }
    std::fs::write(pack.join("decks/bad.txt"), deck).unwrap();
    let o = cardscript(&["play", "--pack", pack.to_str().unwrap(), "bad", "bad"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("decks/bad.txt:2:1"), "{}", text(&o));
}
