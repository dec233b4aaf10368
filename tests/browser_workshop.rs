//! The workshop of `cardscript serve` (`docs/workshop.md`) in headless Chromium: the real
//! imported cards searched by their text from the page (the hits the API's), a card
//! opened, an original card of an `--edit` copy of the demo pack edited in the page until
//! the live explain shows the new meaning, its scenario run from the page (the totals
//! `cardscript test` gives), the edit saved (the file on disk is the edited YAML, nothing
//! else in the folder changed), a deck built with the rule it breaks shown, and a card
//! tried in a game (in P1's opening hand).
//!
//! Skipped, with a printed reason, without Chromium or `../shared/data`.
//! `UPDATE_SCREENSHOT=1` writes docs/workshop-{catalogue,card,editor,deck}.png (demo
//! cards only: no real card text goes into the repository).

#[path = "support/browser.rs"]
mod browser;
#[path = "support/server.rs"]
mod server;
#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use browser::{Driver, screenshot};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use server::Server;
use support::{cardscript, shared_data, text};

fn shot_path(name: &str, tmp: &Path) -> PathBuf {
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(name)
    } else {
        tmp.join(name)
    }
}

/// Waits until `script` (a JS expression) is truthy on the page and returns its value.
async fn wait_for(c: &Client, script: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = c
            .execute(&format!("return ({script});"), vec![])
            .await
            .unwrap();
        if !(v.is_null() || v == json!(false) || v == json!("") || v == json!(0)) {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "never true: {script}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// Sets the editor's text as typing does (an `input` event).
async fn type_yaml(c: &Client, yaml: &str) {
    c.execute(
        "const t = document.getElementById('yaml'); t.value = arguments[0];\
         t.dispatchEvent(new Event('input'));",
        vec![json!(yaml)],
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn search_real_cards_then_edit_test_and_save_a_demo_card() {
    let Some(data) = shared_data() else { return };
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let bss = tmp.path().join("bss");
    let o = cardscript(&[
        "import",
        "bss-json",
        data.join("cards.jsonl").to_str().unwrap(),
        "--out",
        bss.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    // An --edit copy of the demo pack.
    let demo = tmp.path().join("demo");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/battle-spirits-demo");
    for (p, bytes) in files(&src) {
        let to = demo.join(p.strip_prefix(&src).unwrap());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    let before = files(&demo);
    let server = Server::start(&[
        "--pack",
        bss.to_str().unwrap(),
        "--pack",
        demo.to_str().unwrap(),
        "--edit",
        demo.to_str().unwrap(),
        "--scenarios",
        "tests/rulings",
    ]);
    let base = server.base.clone();
    let c = driver.session(1280, 900).await;

    // 1. Search the real cards by a word of their text: the page lists the API's hits.
    c.goto(&format!("{base}/workshop#catalogue")).await.unwrap();
    wait_for(&c, "document.querySelector('#pack option[value=bss]')").await;
    c.execute("document.getElementById('q').value = 'destroy';", vec![])
        .await
        .unwrap();
    c.find(Locator::Id("go"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let api = server.get("/api/workshop/search?q=destroy");
    let want: Vec<Value> = api["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].clone())
        .collect();
    assert!(want.len() > 10, "real cards say `destroy`: {api}");
    assert!(
        want.iter()
            .any(|id| id.as_str().unwrap().starts_with("BSS")),
        "{api}"
    );
    let joined: Vec<&str> = want.iter().map(|v| v.as_str().unwrap()).collect();
    let joined = serde_json::to_string(&joined.join(",")).unwrap();
    wait_for(
        &c,
        &format!("[...document.querySelectorAll('#results .hit')].map(h => h.dataset.id).join(',') === {joined}"),
    )
    .await;

    // 2. Open a real card from the hits: its face and what the engine understood.
    let first = want[0].as_str().unwrap();
    c.find(Locator::Css(&format!(".hit[data-id='{first}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let page = server.get(&format!("/api/workshop/cards/{first}"));
    let title = wait_for(
        &c,
        "document.querySelector('#face svg') && document.getElementById('card-title').textContent",
    )
    .await;
    assert_eq!(title, page["card"]["name"]);
    let effects = wait_for(&c, "document.querySelectorAll('#explain .effect').length").await;
    assert_eq!(
        effects,
        json!(page["explain"]["explained"].as_array().unwrap().len())
    );
    // The face is drawn from the card's data: its cost, one row per level, one symbol per
    // colour symbol (BS-5.1, BS-5.2).
    let face = c
        .execute(
            "const f = document.getElementById('face');\
             return { cost: f.querySelector('.cost').textContent,\
                      levels: f.querySelectorAll('.level').length,\
                      symbols: f.querySelectorAll('.symbol').length,\
                      reduction: f.querySelectorAll('.reduction').length };",
            vec![],
        )
        .await
        .unwrap();
    let card = &page["card"];
    let sum = |v: &Value| {
        v.as_object()
            .map_or(0, |o| o.values().map(|n| n.as_u64().unwrap()).sum::<u64>())
    };
    assert_eq!(face["cost"], json!(card["cost"].to_string()), "{face}");
    assert_eq!(
        face["levels"],
        json!(card["levels"].as_array().map_or(0, Vec::len)),
        "{face}"
    );
    assert_eq!(
        face["symbols"].as_u64().unwrap(),
        sum(&card["symbols"]["colours"])
            + card["symbols"]["multi"]
                .as_array()
                .map_or(0, |m| m.len() as u64),
        "{face} {card}"
    );
    assert_eq!(
        face["reduction"].as_u64().unwrap(),
        sum(&card["reduction"]),
        "{face} {card}"
    );

    // The rulings that name a real card are on its page (tests/rulings: C#16 is about
    // BSS01-021, BS-6.6).
    let rulings = server.get("/api/workshop/cards/BSS01-021");
    assert!(
        rulings["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["ruling"] == "C#16"),
        "{}",
        rulings["scenarios"]
    );

    // The screenshots show demo cards only.
    c.goto(&format!("{base}/workshop#catalogue")).await.unwrap();
    wait_for(
        &c,
        "document.querySelector('#pack option[value=\"battle-spirits-demo\"]')",
    )
    .await;
    c.execute(
        "document.getElementById('pack').value = 'battle-spirits-demo';\
         document.getElementById('q').value = '';",
        vec![],
    )
    .await
    .unwrap();
    c.find(Locator::Id("go"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(
        &c,
        "document.querySelector('#results .hit[data-id=\"DEMO-R07\"]')",
    )
    .await;
    screenshot(&c, &shot_path("workshop-catalogue.png", tmp.path())).await;

    // 3. Edit DEMO-R07 (original text) until explain shows the new meaning; a tall window
    // shows the card page and its editor whole.
    c.set_window_size(1280, 1700).await.unwrap();
    c.goto(&format!("{base}/workshop#card/DEMO-R07"))
        .await
        .unwrap();
    wait_for(&c, "!document.getElementById('editor').hidden && document.getElementById('check-status').className === 'ok'").await;
    screenshot(&c, &shot_path("workshop-card.png", tmp.path())).await;
    let file = demo.join("cards/DEMO-R07.yaml");
    let old = std::fs::read_to_string(&file).unwrap();
    assert!(old.contains("3000 or less BP"));
    // A live error first: a misspelt timing, at its line, with the loader's did-you-mean.
    type_yaml(
        &c,
        &old.replace("When This Spirit Attacks", "When This Spirit Atacks"),
    )
    .await;
    let err = wait_for(
        &c,
        "document.querySelector('#errors li') && document.querySelector('#errors li').textContent",
    )
    .await;
    let err = err.as_str().unwrap();
    assert!(
        err.contains("line 15") && err.contains("did you mean `When This Spirit Attacks`"),
        "{err}"
    );
    wait_for(&c, "document.querySelector('#gutter .bad')").await;
    screenshot(&c, &shot_path("workshop-editor.png", tmp.path())).await;
    let new = old.replace("3000 or less BP", "4000 or less BP");
    type_yaml(&c, &new).await;
    wait_for(
        &c,
        "document.getElementById('live').textContent.includes('BP ≤ 4000')",
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        old,
        "checking writes nothing"
    );

    // 4. Run its scenario from the page: the totals `cardscript test` gives.
    let scenario = demo.join("tests/red.yaml");
    let run = c
        .find(Locator::XPath(
            "//ul[@id='scenarios']/li[contains(., 'red.yaml')]/button",
        ))
        .await
        .unwrap();
    run.click().await.unwrap();
    let totals = wait_for(&c, "document.getElementById('test-totals') && document.getElementById('test-totals').textContent").await;
    let o = cardscript(&["test", scenario.to_str().unwrap(), "--json"]);
    let cli: Value = serde_json::from_slice(&o.stdout).unwrap();
    let t = &cli["totals"];
    assert_eq!(
        totals,
        json!(format!(
            "{} passed, {} failed, {} broken, {} skipped",
            t["passed"], t["failed"], t["broken"], t["skipped"]
        ))
    );

    // 5. Save: the file is the edited YAML and nothing else in the folder changed.
    c.find(Locator::Id("save"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(
        &c,
        "document.getElementById('save-status').textContent.startsWith('saved')",
    )
    .await;
    let mut after = files(&demo);
    assert_eq!(after.remove(&file).unwrap(), new.as_bytes());
    let mut expected = before;
    expected.remove(&file);
    assert_eq!(after, expected);
    // The card page now reads the saved card.
    let page = server.get("/api/workshop/cards/DEMO-R07");
    assert!(page["yaml"].as_str().unwrap().contains("4000 or less BP"));

    // 6. The deck builder: five copies of one card break the four-copy limit (BS-0.1).
    c.set_window_size(1280, 900).await.unwrap();
    c.goto(&format!("{base}/workshop#deck")).await.unwrap();
    wait_for(&c, "document.querySelector('#format option')").await;
    c.execute(
        "const q = document.getElementById('deck-q'); q.value = 'cindercrown'; q.dispatchEvent(new Event('input'));",
        vec![],
    )
    .await
    .unwrap();
    wait_for(
        &c,
        "document.querySelector('#deck-hits [data-add=\"DEMO-R08\"]')",
    )
    .await;
    for _ in 0..3 {
        c.find(Locator::Css("#deck-hits [data-add='DEMO-R08']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    for _ in 0..5 {
        c.execute(
            "document.getElementById('deck-add-id').value = 'DEMO-R07';",
            vec![],
        )
        .await
        .unwrap();
        c.find(Locator::Id("deck-add"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    let errs = wait_for(&c, "document.getElementById('deck-count').textContent.startsWith('8 ') && document.getElementById('deck-errors').textContent").await;
    assert!(
        errs.as_str()
            .unwrap()
            .contains("5 copies of `Pyre Drake Solvane`"),
        "{errs}"
    );
    assert_eq!(
        wait_for(&c, "document.getElementById('deck-count').className").await,
        json!("illegal")
    );
    screenshot(&c, &shot_path("workshop-deck.png", tmp.path())).await;

    // 7. "Try it": a game against the greedy player with the card in P1's opening hand.
    c.goto(&format!("{base}/workshop#card/DEMO-R08"))
        .await
        .unwrap();
    wait_for(
        &c,
        "document.getElementById('try').href.endsWith('/?try=DEMO-R08')",
    )
    .await;
    c.find(Locator::Id("try"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(
        &c,
        "!document.getElementById('game').hidden && \
         document.querySelector('#board [data-player=\"0\"] .hand .card[data-card=\"DEMO-R08\"]')",
    )
    .await;

    // 8. A new card: a template to fill in, checked live (not saved here).
    c.goto(&format!("{base}/workshop#new/WS-009"))
        .await
        .unwrap();
    wait_for(
        &c,
        "!document.getElementById('editor').hidden && document.getElementById('yaml').value.startsWith('id: WS-009') \
         && document.getElementById('check-status').className === 'bad'",
    )
    .await;
    let yaml = "id: WS-009\nname: Test Ember Whelp\nkind: spirit\ncost: 1\ncolours: [red]\n\
                symbols: {colours: {red: 1}}\nlevels:\n  - {level: 1, cores: 1, bp: 1000}\n";
    type_yaml(&c, yaml).await;
    wait_for(
        &c,
        "document.getElementById('check-status').className === 'ok' && document.querySelector('#face svg')",
    )
    .await;
    assert!(
        !demo.join("cards/WS-009.yaml").exists(),
        "checking writes nothing"
    );
}

/// The same pages for a line-battle pack (no real data needed): a creature's face shows
/// its AT, DF, SH and lines, its effect what runs; the deck builder puts a master on its
/// own line and checks the line-battle format (LB-0.1).
#[tokio::test(flavor = "current_thread")]
async fn a_line_battle_card_and_deck_in_the_workshop() {
    let Some(mut driver) = Driver::start() else {
        return;
    };
    let server = Server::start(&["--pack", "scripts/line-battle-demo"]);
    let base = server.base.clone();
    let c = driver.session(1280, 900).await;
    c.goto(&format!("{base}/workshop#card/LBD-N01"))
        .await
        .unwrap();
    let stats = wait_for(&c, "document.querySelector('#face .stats') && document.querySelector('#face .stats').textContent").await;
    let page = server.get("/api/workshop/cards/LBD-N01");
    let s = &page["explain"]["creature"];
    assert_eq!(
        stats,
        json!(format!("AT {}  DF {}  SH {}", s["at"], s["df"], s["sh"]))
    );
    let runs = wait_for(&c, "document.querySelector('#explain .runs') && document.querySelector('#explain .runs').textContent").await;
    assert_eq!(runs, page["explain"]["explained"][0]["runs"]);
    assert!(
        wait_for(&c, "document.getElementById('editor').hidden").await == json!(true),
        "no --edit: no editor"
    );
    // The deck builder: a master and three copies of a creature, in the line-battle format.
    c.goto(&format!("{base}/workshop#deck")).await.unwrap();
    wait_for(
        &c,
        "document.querySelector('#format option[value=\"line-battle\"]')",
    )
    .await;
    for id in ["LBD-M01", "LBD-N01", "LBD-N01", "LBD-N01", "LBD-N01"] {
        c.execute(
            &format!("document.getElementById('deck-add-id').value = '{id}';"),
            vec![],
        )
        .await
        .unwrap();
        c.find(Locator::Id("deck-add"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let errors = wait_for(
        &c,
        "document.getElementById('deck-count').textContent.startsWith('4 ') && document.getElementById('deck-errors').textContent",
    )
    .await;
    let errors = errors.as_str().unwrap();
    assert!(errors.contains("LB-0.1"), "{errors}");
    assert!(
        errors.contains("4 copies"),
        "four copies of one card: {errors}"
    );
    assert!(
        !errors.contains("master"),
        "the master is on its own line: {errors}"
    );
}
