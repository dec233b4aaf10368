//! The workshop of `cardscript serve` (`docs/workshop.md`) against writes it must refuse:
//! without `--edit` nothing is written (403 with why); with `--edit DIR` no request writes
//! outside DIR (`..`, an absolute path, a symlinked file or folder), a broken card is
//! refused with the file untouched, and every write needs the page's token from this
//! server's own page.

#[path = "support/server.rs"]
mod server;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use server::{Server, send};

/// The workshop token the page carries.
fn token(s: &Server) -> String {
    let (status, page) = send(&s.base, "GET", "/workshop", &[], b"");
    assert_eq!(status, 200);
    let at = page
        .find("name=\"workshop-token\" content=\"")
        .expect("the token meta")
        + 31;
    page[at..at + 32].to_string()
}

fn post(s: &Server, token: &str, path: &str, body: &Value) -> (u16, Value) {
    let auth = format!("Bearer {token}");
    let (status, text) = send(
        &s.base,
        "POST",
        path,
        &[
            ("Content-Type", "application/json"),
            ("Authorization", &auth),
        ],
        body.to_string().as_bytes(),
    );
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Every file and symlink under `dir`: path → contents (a symlink: its target).
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let m = std::fs::symlink_metadata(&p).unwrap();
            if m.file_type().is_symlink() {
                let t = std::fs::read_link(&p).unwrap();
                out.insert(p, t.to_string_lossy().as_bytes().to_vec());
            } else if m.is_dir() {
                todo.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

fn demo_copy(into: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/battle-spirits-demo");
    let dst = into.join("demo");
    for (rel, _) in tree(&src)
        .iter()
        .map(|(p, b)| (p.strip_prefix(&src).unwrap().to_path_buf(), b))
    {
        let to = dst.join(&rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(src.join(&rel), to).unwrap();
    }
    dst
}

/// An original card (not a real one) that reads.
fn card(id: &str) -> String {
    format!(
        "id: {id}\nname: Test Ember Whelp\nkind: spirit\ncost: 2\ncolours: [red]\n\
         symbols: {{colours: {{red: 1}}}}\nlevels:\n  - {{level: 1, cores: 1, bp: 2000}}\n"
    )
}

#[test]
fn without_edit_the_workshop_refuses_every_write() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = demo_copy(tmp.path());
    let before = tree(tmp.path());
    let s = Server::start(&["--pack", pack.to_str().unwrap()]);
    let t = token(&s);
    let edit = json!({ "path": "cards/DEMO-R07.yaml", "text": card("DEMO-R07") });
    for (call, body) in [
        ("/api/workshop/save", edit.clone()),
        ("/api/workshop/check", edit),
        (
            "/api/workshop/deck/save",
            json!({ "name": "d", "text": "4x DEMO-R01\n" }),
        ),
    ] {
        let (status, v) = post(&s, &t, call, &body);
        assert_eq!(status, 403, "{call}: {v}");
        assert!(v["error"].as_str().unwrap().contains("--edit DIR"), "{v}");
    }
    // Reading still works, and no card says it can be edited.
    let (status, page) = send(&s.base, "GET", "/api/workshop/cards/DEMO-R07", &[], b"");
    assert_eq!(status, 200);
    let page: Value = serde_json::from_str(&page).unwrap();
    assert_eq!(page["editable"], false);
    assert_eq!(tree(tmp.path()), before);
}

#[test]
fn no_request_writes_outside_the_edit_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = demo_copy(tmp.path());
    let outside = tmp.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("victim.yaml"), "untouched\n").unwrap();
    let s = Server::start(&[
        "--pack",
        pack.to_str().unwrap(),
        "--edit",
        pack.to_str().unwrap(),
    ]);
    let t = token(&s);
    // The workshop has read the pack (its thread answers once it has).
    assert_eq!(send(&s.base, "GET", "/api/workshop/info", &[], b"").0, 200);
    // A symlinked file and a symlinked folder put in the pack while it is served, both
    // leading out (a pack with them does not load at all).
    let link = pack.join("cards/LINK.yaml");
    let away = pack.join("cards/away");
    std::os::unix::fs::symlink(outside.join("victim.yaml"), &link).unwrap();
    std::os::unix::fs::symlink(&outside, &away).unwrap();
    let before = tree(tmp.path());
    let victim = outside.join("victim.yaml");
    for path in [
        "../outside/victim.yaml".to_string(),
        "cards/../../outside/victim.yaml".to_string(),
        victim.display().to_string(),
        "cards/LINK.yaml".to_string(),
        "cards/away/victim.yaml".to_string(),
        "cards/away/NEW.yaml".to_string(),
        "pack.yaml".to_string(),
    ] {
        let (status, v) = post(
            &s,
            &t,
            "/api/workshop/save",
            &json!({ "path": path, "text": card("WS-001") }),
        );
        assert_eq!(status, 400, "{path}: {v}");
        assert!(
            v["error"].as_str().unwrap().starts_with("refused to write"),
            "{v}"
        );
    }
    // A deck name cannot lead out either.
    let (status, _) = post(
        &s,
        &t,
        "/api/workshop/deck/save",
        &json!({ "name": "../x", "text": "" }),
    );
    assert_eq!(status, 400);
    assert_eq!(tree(tmp.path()), before, "nothing was written");
    std::fs::remove_file(&link).unwrap();
    std::fs::remove_file(&away).unwrap();
    let before = tree(tmp.path());
    // A card that does not read is refused (422) with its error at its line, the file
    // untouched; so is a write without the token, or with another one.
    let broken = card("DEMO-R07").replace("cost: 2", "cost: two");
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/save",
        &json!({ "path": "cards/DEMO-R07.yaml", "text": broken }),
    );
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["errors"][0]["line"], 4, "{v}");
    assert_eq!(v["errors"][0]["here"], true, "{v}");
    let edited = pack.join("cards/DEMO-R07.yaml");
    let new_text = std::fs::read_to_string(&edited)
        .unwrap()
        .replace("3000 or less", "4000 or less");
    let good = json!({ "path": "cards/DEMO-R07.yaml", "text": new_text });
    let (status, _) = send(
        &s.base,
        "POST",
        "/api/workshop/save",
        &[("Content-Type", "application/json")],
        good.to_string().as_bytes(),
    );
    assert_eq!(status, 401);
    assert_eq!(
        post(&s, &"0".repeat(32), "/api/workshop/save", &good).0,
        403
    );
    let auth = format!("Bearer {t}");
    let (status, _) = send(
        &s.base,
        "POST",
        "/api/workshop/save",
        &[
            ("Content-Type", "application/json"),
            ("Authorization", &auth),
            ("Origin", "http://evil.example"),
        ],
        good.to_string().as_bytes(),
    );
    assert_eq!(status, 403);
    assert_eq!(tree(tmp.path()), before, "nothing was written");
    // The one good write changes that file only.
    let (status, v) = post(&s, &t, "/api/workshop/save", &good);
    assert_eq!(status, 200, "{v}");
    let mut after = tree(tmp.path());
    assert_eq!(after.remove(&edited).unwrap(), new_text.into_bytes());
    let mut expected = before;
    expected.remove(&edited);
    assert_eq!(after, expected);
}

/// The same pages for a line-battle pack: its cards searched by kind, a creature's page
/// with what runs, and the deck builder's check against the line-battle format (LB-0.1:
/// one master on its own line, 40–60 cards, at most 3 of a card).
#[test]
fn a_line_battle_pack_in_the_workshop() {
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/line-battle-demo");
    let s = Server::start(&["--pack", pack.to_str().unwrap()]);
    let info = s.get("/api/workshop/info");
    assert_eq!(info["game"], "line-battle");
    assert_eq!(info["colours"], json!([]));
    let creatures = s.get("/api/workshop/search?kind=creature&limit=500");
    let masters = s.get("/api/workshop/search?kind=master");
    assert_eq!(creatures["total"], 36, "{creatures}");
    assert_eq!(masters["total"], 3, "{masters}");
    let page = s.get("/api/workshop/cards/LBD-N01");
    assert_eq!(page["game"], "line-battle");
    assert_eq!(page["explain"]["creature"]["at"], 3);
    assert_eq!(page["explain"]["explained"][0]["runs"], "own script");
    assert_eq!(page["editable"], false);
    let t = token(&s);
    let deck = std::fs::read_to_string(pack.join("decks/cinder-raiders.txt")).unwrap();
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/deck/check",
        &json!({ "text": deck, "format": "" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["legal"], true, "{v}");
    assert_eq!(v["count"], 40);
    assert_eq!(v["format"]["rule"], "LB-0.1");
    // The master in the main deck instead of on its line.
    let wrong = deck.replace(
        "master: LBD-M01: Ashka, Cinder Matriarch",
        "1x LBD-M01: Ashka, Cinder Matriarch",
    );
    let (_, v) = post(
        &s,
        &t,
        "/api/workshop/deck/check",
        &json!({ "text": wrong, "format": "line-battle" }),
    );
    assert_eq!(v["legal"], false, "{v}");
    let messages: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("is a master") && m.contains("LB-0.1")),
        "{messages:?}"
    );
    // A master is never in a main deck: there is nothing to try (LB-0.1).
    let (status, v) = s.post("/api/try", &json!({ "card": "LBD-M01" }));
    assert_eq!(status, 400, "{v}");
}

/// "Try this card": a card in no deck is put in one (one copy for one of its most numerous
/// card) and the first seed whose deal puts it in P1's opening hand is played against the
/// greedy player; the game is an ordinary seeded one, whose replay plays back to the
/// server's log (as far as the server's game went).
#[test]
fn try_a_card_deals_it_into_the_opening_hand() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = demo_copy(tmp.path());
    std::fs::write(pack.join("cards/WS-001.yaml"), card("WS-001")).unwrap();
    let s = Server::start(&["--pack", pack.to_str().unwrap()]);
    let (status, made) = s.post("/api/try", &json!({ "card": "WS-001" }));
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_u64().unwrap();
    let token = made["tokens"][0].as_str().unwrap().to_string();
    assert!(made["seed"].as_u64().unwrap() >= 1);
    assert_eq!(made["tokens"][1], Value::Null, "P2 is the greedy robot");
    let state = s.get_as(&token, &format!("/api/games/{id}"));
    let hand = state["view"]["players"][0]["hand"].as_array().unwrap();
    assert!(hand.iter().any(|c| c["card"] == "WS-001"), "{hand:?}");
    // The replay (P2 is a robot: P1's token shows it) plays back to the same log.
    let (code, replay) = s.http_as(&token, "GET", &format!("/api/games/{id}/replay"), "");
    assert_eq!(code, 200, "{replay}");
    let decks: Value = serde_json::from_str(&replay).unwrap();
    let p1 = decks["decks"][0].as_array().unwrap();
    assert_eq!(p1.len(), 50, "the deck keeps its size");
    assert_eq!(p1.iter().filter(|c| *c == "WS-001").count(), 1);
    let file = tmp.path().join("replay.json");
    std::fs::write(&file, &replay).unwrap();
    let (_, log) = s.http_as(&token, "GET", &format!("/api/games/{id}/log"), "");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args([
            "play",
            "--pack",
            pack.to_str().unwrap(),
            "--replay",
            file.to_str().unwrap(),
            "--log",
            "json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    // The game waits on P1's first answer; `play --replay` plays the same events up to
    // there, then on with its own players.
    assert!(
        log.len() > 100 && printed.starts_with(&log),
        "{log}\n---\n{printed}"
    );
    // Unknown cards are refused with the nearest id.
    let (status, v) = s.post("/api/try", &json!({ "card": "WS-01" }));
    assert_eq!(status, 400, "{v}");
}

/// The deck builder saves into the edited pack only a deck the pack's checks accept (as
/// `db build`: its cards known, BS-0.1's limits), as `decks/NAME.txt`.
#[test]
fn a_deck_is_saved_in_the_pack_only_when_it_checks() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = demo_copy(tmp.path());
    let s = Server::start(&[
        "--pack",
        pack.to_str().unwrap(),
        "--edit",
        pack.to_str().unwrap(),
    ]);
    let t = token(&s);
    let good = std::fs::read_to_string(pack.join("decks/red-ember.txt")).unwrap();
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/deck/check",
        &json!({ "text": good, "format": "saga" }),
    );
    assert_eq!(
        (status, v["legal"].clone(), v["count"].clone()),
        (200, json!(true), json!(50)),
        "{v}"
    );
    // An unknown card: refused, nothing written.
    let bad = format!("{good}1x DEMO-Z99: Nobody\n");
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/deck/save",
        &json!({ "name": "mine", "text": bad }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(!pack.join("decks/mine.txt").exists());
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/deck/save",
        &json!({ "name": "mine", "text": good }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["saved"], "decks/mine.txt");
    assert_eq!(
        std::fs::read_to_string(pack.join("decks/mine.txt")).unwrap(),
        good
    );
    // The workshop reads the pack again: the deck's cards are listed as before.
    assert_eq!(s.get("/api/workshop/info")["cards"], 54);
    // A new card file of the pack is written when it reads, and found by the search.
    let (status, v) = post(
        &s,
        &t,
        "/api/workshop/save",
        &json!({ "path": "cards/WS-002.yaml", "text": card("WS-002") }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        std::fs::read_to_string(pack.join("cards/WS-002.yaml")).unwrap(),
        card("WS-002")
    );
    let hits = s.get("/api/workshop/search?q=whelp");
    assert_eq!(hits["cards"][0]["id"], "WS-002", "{hits}");
    // The games read the saved pack too: the new card can be tried at once, and the saved
    // deck played.
    let (status, made) = s.post("/api/try", &json!({ "card": "WS-002" }));
    assert_eq!(status, 200, "{made}");
    let state = s.get_as(
        made["tokens"][0].as_str().unwrap(),
        &format!("/api/games/{}", made["id"]),
    );
    let hand = state["view"]["players"][0]["hand"].as_array().unwrap();
    assert!(hand.iter().any(|c| c["card"] == "WS-002"), "{hand:?}");
    let decks = s.get("/api/decks");
    assert!(
        decks["decks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["name"] == "mine"),
        "{decks}"
    );
}

/// The workshop's search finds what `cardscript cards search` finds (name and text
/// through the catalogue's full-text index, colour, cost, kind, family), and filters by
/// keyword and pack as the cards say.
#[test]
fn the_search_is_the_catalogues() {
    let pack =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/battle-spirits-demo-expansion-2");
    let p = pack.to_str().unwrap();
    let s = Server::start(&["--pack", p]);
    for (query, args) in [
        (
            "kind=spirit&colour=blue",
            vec!["--kind", "spirit", "--colour", "blue"],
        ),
        ("q=draw", vec!["draw"]),
        ("cost=3", vec!["--cost", "3"]),
        ("family=Sky%20Drake", vec!["--family", "Sky Drake"]),
        ("q=destroy&kind=magic", vec!["destroy", "--kind", "magic"]),
    ] {
        let mut cli = vec!["cards", "--pack", p, "search", "--limit", "500"];
        cli.extend(args);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
            .args(&cli)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let mut want: Vec<&str> = text
            .lines()
            .filter(|l| !l.ends_with("card(s)"))
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        want.sort_unstable();
        let hits = s.get(&format!("/api/workshop/search?limit=500&{query}"));
        let mut got: Vec<&str> = hits["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap())
            .collect();
        got.sort_unstable();
        assert!(!want.is_empty(), "{query}");
        assert_eq!(got, want, "{query}");
        assert_eq!(hits["total"], want.len(), "{query}");
    }
    // Keyword: the three cards that declare `glow`, each of them saying so.
    let glow = s.get("/api/workshop/search?keyword=glow");
    assert_eq!(glow["total"], 3, "{glow}");
    for c in glow["cards"].as_array().unwrap() {
        let page = s.get(&format!(
            "/api/workshop/cards/{}",
            c["id"].as_str().unwrap()
        ));
        assert!(
            page["card"]["keywords"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["name"] == "glow")
        );
    }
    // Pack: the expansion's own cards, not the demo pack's under it.
    let files = std::fs::read_dir(pack.join("cards")).unwrap().count();
    let own = s.get("/api/workshop/search?limit=500&pack=battle-spirits-demo-expansion-2");
    assert_eq!(own["total"], files, "{own}");
    assert!(
        own["cards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["id"].as_str().unwrap().starts_with("LGX")),
        "{own}"
    );
}
