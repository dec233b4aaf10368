//! What a new user ran into when trying the tools (session 6 try-out): each test is one
//! finding, written so that it failed before its fix.

#[path = "support/server.rs"]
mod server;
mod support;

use support::{cardscript, text};

/// Every mistake in one run: `deck check FILE` on a deck with a malformed
/// line still checks its other lines against the catalogue, so an unknown card (with a
/// did-you-mean) and a name that does not match its id are reported beside the malformed
/// line, in line order, each with file:line.
#[test]
fn deck_check_reports_malformed_lines_and_unknown_cards_in_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let deck = tmp.path().join("mine.txt");
    std::fs::write(
        &deck,
        "format: casual\nx3 DEMO-R01\n4x DEMO-R99\n4x DEMO-R02: Kiln Lizzard\n",
    )
    .unwrap();
    let o = cardscript(&["deck", "check", deck.to_str().unwrap()]);
    assert!(!o.status.success());
    let t = text(&o);
    let at = |line: usize| format!("mine.txt:{line}:1: ");
    let lines: Vec<&str> = t.lines().collect();
    let find = |needle: &str| lines.iter().position(|l| l.contains(needle));
    let malformed = find(&format!("{}`x3 DEMO-R01` is not a deck line", at(2)));
    let unknown = find(&format!("{}unknown card `DEMO-R99`", at(3)));
    let name = find(&format!(
        "{}`DEMO-R02` is `Kiln Lizard`, not `Kiln Lizzard`",
        at(4)
    ));
    assert!(
        malformed.is_some() && unknown.is_some() && name.is_some(),
        "{t}"
    );
    assert!(malformed < unknown && unknown < name, "in line order: {t}");
    assert!(t.contains("did you mean `DEMO-R09`?"), "{t}");
    // The malformed line's help shows a card that exists (it showed `DEMO-001`, no card).
    assert!(t.contains("e.g. `3x DEMO-R01: Cinder Pup`"), "{t}");
    assert!(t.contains("3 error(s)"), "{t}");
}

/// `play --p1 human`: the placement question (BS-5.2 step 4, cores onto the summoned
/// spirit) shows how to type a placement, not a payment, and its example is accepted
/// (seed 1: P1 keeps, summons Gullwing Lancer #8, pays 3 from reserve, then places 1 core
/// and the soul core: LV2, BP 4000 in the demo pack).
#[test]
fn the_placement_question_shows_a_typed_placement_that_works() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(["play", "--p1", "human"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1\n5\npay 3 reserve\nplace 1 reserve soul reserve\nq\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let place = out
        .find("P1: Place cores on Gullwing Lancer")
        .expect("the placement question");
    let help = &out[place..];
    let help = &help[..help.find("choose 1-").unwrap()];
    assert!(
        help.contains("or type a whole placement, e.g. `place 1 reserve soul reserve`"),
        "{help}"
    );
    assert!(!help.contains("`pay "), "{help}");
    assert!(
        out.contains("P1 summons Gullwing Lancer (cost 3, paid 3 cores from reserve), LV2 BP 4000"),
        "{out}"
    );
}

/// `serve` (docs/serve.md "The API": errors are `{"error": …}`): a game id that is not a
/// number, a `since` that is not one and an unknown API path answer JSON errors (404, 400,
/// 404) like the API's other errors; they answered plain text or an empty body.
#[test]
fn serve_answers_bad_paths_and_queries_with_json_errors() {
    let s = server::Server::start(&[]);
    for (path, status, says) in [
        ("/api/games/abc", 404, "no game `abc`"),
        ("/api/games/abc/replay", 404, "no game `abc`"),
        ("/api/games/0?since=x", 400, "`since` must be"),
        ("/api/nothing", 404, "no such API call"),
    ] {
        let (code, body) = s.http("GET", path, "");
        assert_eq!(code, status, "{path}: {body}");
        let v: serde_json::Value = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {body:?}"));
        let msg = v["error"].as_str().unwrap_or_default();
        assert!(msg.contains(says), "{path}: {body}");
    }
    let (code, body) = s.http("POST", "/api/games/abc/answer", "{\"id\":0}");
    assert_eq!(code, 404, "{body}");
    assert!(body.contains("no game `abc`"), "{body}");
}

/// A new pack with one deck: `play --pack PACK` plays that deck's mirror match, as `sim`
/// does with one deck; it failed with "fewer than two decks: name two deck files" though
/// a deck name would do. The pack: five vanilla red spirits and a 20-card casual deck
/// (casual: 20-60 cards, at most 4 of a card).
#[test]
fn play_on_a_pack_with_one_deck_plays_its_mirror() {
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path();
    std::fs::create_dir_all(p.join("cards")).unwrap();
    std::fs::create_dir_all(p.join("decks")).unwrap();
    std::fs::write(
        p.join("pack.yaml"),
        "name: one-deck\nversion: 0.1.0\ngame: battle-spirits\n",
    )
    .unwrap();
    let mut deck = String::from("format: casual\n");
    for (id, name) in [
        ("OD-1", "Spark Kit"),
        ("OD-2", "Spark Pup"),
        ("OD-3", "Spark Cub"),
        ("OD-4", "Spark Imp"),
        ("OD-5", "Spark Elf"),
    ] {
        std::fs::write(
            p.join(format!("cards/{id}.yaml")),
            format!(
                "id: {id}\nname: {name}\nkind: spirit\ncost: 1\ncolours: [red]\n\
                 levels:\n  - {{level: 1, cores: 1, bp: 2000}}\n"
            ),
        )
        .unwrap();
        deck.push_str(&format!("4x {id}: {name}\n"));
    }
    std::fs::write(p.join("decks/sparks.txt"), deck).unwrap();
    let o = cardscript(&["play", "--pack", p.to_str().unwrap()]);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains("P1 plays the deck «sparks»; P2 plays the deck «sparks»"),
        "{t}"
    );
    // Played to its end (BS-0.4: life or deck out).
    assert!(t.contains(" wins on turn ") || t.contains("draw"), "{t}");
}

/// `db build --pack DIR` builds like `db build DIR`: every other command that reads cards
/// takes `--pack`, and docs/pack-format.md says `db build` does too; it was refused as an
/// unexpected argument. Same packs, same catalogue hash.
#[test]
fn db_build_takes_pack_like_the_other_commands() {
    let tmp = tempfile::tempdir().unwrap();
    let hash = |args: &[&str], out: &str| -> String {
        let out = tmp.path().join(out);
        let mut all = vec!["db", "build", "--json", "-o", out.to_str().unwrap()];
        all.extend_from_slice(args);
        let o = cardscript(&all);
        assert!(o.status.success(), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["result"]["hash"].as_str().unwrap().to_string()
    };
    let expansion = "scripts/battle-spirits-demo-expansion";
    let positional = hash(&[expansion], "a.sqlite");
    assert_eq!(hash(&["--pack", expansion], "b.sqlite"), positional);
    assert_eq!(positional.len(), 64, "a sha-256 in hex");
}

/// A `depends` entry that misspells a loaded pack's name names that pack (did-you-mean);
/// it only said to add the pack to the command line.
#[test]
fn a_misspelt_dependency_names_the_loaded_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path().join("base");
    let modp = tmp.path().join("mod");
    for d in [&base, &modp] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(
        base.join("pack.yaml"),
        "name: tide-pack\nversion: 0.1.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::fs::write(
        modp.join("pack.yaml"),
        "name: tide-mod\nversion: 0.1.0\ngame: battle-spirits\n\
         depends:\n  - {name: tide-pak, version: \">=0.1\"}\n",
    )
    .unwrap();
    let o = cardscript(&[
        "lint",
        "--pack",
        base.to_str().unwrap(),
        modp.to_str().unwrap(),
    ]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(
        t.contains("pack.yaml:5:")
            && t.contains("needs pack `tide-pak` >=0.1, which is not loaded")
            && t.contains("did you mean `tide-pack`, which is loaded?"),
        "{t}"
    );
}

/// A mod that overrides a demo card under a new name (`depends: battle-spirits-demo`, the
/// embedded demo): the demo's own decks still play by name, with the mod's card, as they
/// do in `sim` (overlay: the higher priority wins, docs/pack-format.md). `play MOD
/// red-ember` refused them: "`DEMO-R01` is `Cinder Pup Prime`, not `Cinder Pup`".
#[test]
fn a_demo_deck_plays_by_name_when_a_mod_renames_one_of_its_cards() {
    let tmp = tempfile::tempdir().unwrap();
    let m = tmp.path();
    std::fs::create_dir_all(m.join("cards")).unwrap();
    std::fs::write(
        m.join("pack.yaml"),
        "name: renamer\nversion: 0.1.0\ngame: battle-spirits\npriority: 5\n\
         depends:\n  - {name: battle-spirits-demo, version: \">=0.1\"}\n",
    )
    .unwrap();
    let demo = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scripts/battle-spirits-demo/cards/DEMO-R01.yaml"),
    )
    .unwrap();
    let renamed = demo.replace("name: Cinder Pup", "name: Cinder Pup Prime");
    assert_ne!(renamed, demo);
    std::fs::write(m.join("cards/DEMO-R01.yaml"), renamed).unwrap();
    let o = cardscript(&[
        "play",
        "--pack",
        m.to_str().unwrap(),
        "red-ember",
        "gloom-grove",
    ]);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains("override: DEMO-R01 from renamer replaces the one from battle-spirits-demo"),
        "{t}"
    );
    assert!(t.contains("P1 plays the deck «red-ember»"), "{t}");
    assert!(t.contains(" wins on turn ") || t.contains("draw"), "{t}");
    // A deck file of the user's own is still held to the names it writes.
    let own = m.join("mine.txt");
    std::fs::write(&own, "4x DEMO-R01: Cinder Pup\n").unwrap();
    let o = cardscript(&[
        "deck",
        "check",
        "--pack",
        m.to_str().unwrap(),
        own.to_str().unwrap(),
    ]);
    assert!(
        text(&o).contains("`DEMO-R01` is `Cinder Pup Prime`, not `Cinder Pup`"),
        "{}",
        text(&o)
    );
}

/// `play --pack scripts/line-battle-demo --p1 human`: the person at P1 reads the log as P1
/// may see it (docs/protocol.md "Per seat"): P2's opening draws are "P2 draws a card",
/// never a card's name (the text log printed "Stag Charger (#66): P2 deck → P2 hand");
/// P1's own draws keep their names. Seed 1: each player draws 5; P2 goes first and skips
/// its first draw (LB-0.3); P1 draws its sixth card before its first question.
#[test]
fn a_line_battle_human_does_not_read_the_opponents_draws() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args([
            "play",
            "--pack",
            "scripts/line-battle-demo",
            "--p1",
            "human",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"q\n").unwrap();
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(!out.contains("P2 deck → P2 hand"), "{out}");
    assert_eq!(out.matches("P2 draws a card").count(), 5, "{out}");
    // The person's own draws by name (`P1 draws Ash Runner (#6)`), none as a bare move.
    assert!(!out.contains(": P1 deck → P1 hand"), "{out}");
    let named = out
        .lines()
        .filter(|l| l.starts_with("P1 draws ") && l.ends_with(')'))
        .count();
    assert_eq!(named, 6, "{out}");
}
