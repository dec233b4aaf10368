//! A person at the terminal: `play --p1 human` driven through a
//! pseudo-terminal (one-answer payments, `?N`, a refused payment with its reason), the
//! text log read in order (no "not blocked" after the attacker was destroyed), and
//! `explain` in plain words.

mod support;

use std::process::Command;

use rexpect::session::spawn_command;
use support::{cardscript, text};

/// The demo pack, seed 3, P1 at the terminal: the deck names, a whole payment listed first
/// (BS-5.2), `?8` shows Gullwing Lancer's level table, a typed payment of the wrong size
/// is refused with its reason, the default payment and placement summon it.
#[test]
fn human_play_through_a_pseudo_terminal() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardscript"));
    cmd.args(["play", "--p1", "human", "--seed", "3"]);
    let mut p = spawn_command(cmd, Some(60_000)).expect("spawn cardscript in a pty");
    // (rexpect reads bytes as Latin-1: the expected texts stay ASCII.)
    p.exp_string("P1 plays the deck ").unwrap();
    p.exp_string("dawn-tide").unwrap();
    p.exp_string("P2 plays the deck ").unwrap();
    p.exp_string("gloom-grove").unwrap();
    p.exp_string("Keep this hand or mulligan?").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("1. Summon Gullwing Lancer (cost 3, pay 3, then place 1)")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("pay 3 reserve").unwrap();
    p.exp_string("cannot pay that way: this question is not a payment for a card")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("?x").unwrap();
    p.exp_string("`?x`: write ?N with N a card's number, e.g. ?8 for #8")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("1").unwrap();
    // BS-5.2: the default whole payment first, the single cores after it.
    p.exp_string("1. Pay all 3 at once: 3 from reserve")
        .unwrap();
    p.exp_string("2. Pay a core from reserve").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("?8").unwrap();
    p.exp_string("DEMO-B03 Gullwing Lancer").unwrap();
    p.exp_string("levels: LV1 1 core(s) BP 2000 ").unwrap();
    p.exp_string(" LV2 2 core(s) BP 4000 ").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("?1").unwrap();
    p.exp_string("#1 is not a card you can see").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("pay 2 reserve").unwrap();
    p.exp_string(
        "cannot pay that way: Gullwing Lancer takes exactly 3 more core(s) (BS-5.2); that is 2",
    )
    .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("pay 3 reserve").unwrap();
    p.exp_string("1. Place on Gullwing Lancer at once: 1 from reserve (LV1), done")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("P1 summons Gullwing Lancer (cost 3, paid 3 cores from reserve), LV1 BP 2000")
        .unwrap();
    p.exp_string("Gullwing Lancer #8 LV1 BP 2000 ").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("q").unwrap();
    p.exp_string("game stopped at a decision").unwrap();
    p.exp_eof().unwrap();
}

/// BS-6.7: an attacker destroyed during its attack (a flash magic in random games on the
/// demo pack) ends its battle, so neither log says it is "not blocked" after it was destroyed.
#[test]
fn the_text_log_never_says_not_blocked_after_the_attacker_was_destroyed() {
    // Attackers destroyed while their attack was in progress, and of those, the ones the
    // JSON log then calls "not blocked" (none may be: BS-6.7, the battle ended with it).
    let (mut gone_mid_battle, mut raw) = (0, 0);
    for seed in 1..=25 {
        let s = seed.to_string();
        let args = ["play", "--seed", &s, "--p1", "random", "--p2", "random"];
        let json = cardscript(&[&args[..], &["--log", "json"]].concat());
        let mut attacking: Option<String> = None;
        let mut gone = false;
        for line in text(&json).lines() {
            let Ok(e) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if let Some(a) = e.pointer("/AttackDeclared/attacker") {
                attacking = Some(a.to_string());
                gone = false;
            }
            if e.pointer("/BattleEnded").is_some() {
                attacking = None;
            }
            if let Some(c) = e.pointer("/Destroyed/card")
                && attacking.as_deref() == Some(&c.to_string())
                && !gone
            {
                gone = true;
                gone_mid_battle += 1;
            }
            if e.pointer("/NotBlocked/attacker").is_some() {
                raw += usize::from(gone);
            }
        }
        let o = cardscript(&args);
        let mut attacker: Option<String> = None;
        let mut destroyed = false;
        for line in text(&o).lines() {
            if let Some(rest) = line.split(" attacks with ").nth(1) {
                attacker = rest.split(" (BP").next().map(str::to_string);
                destroyed = false;
            }
            if attacker
                .as_deref()
                .is_some_and(|a| line == format!("{a} is destroyed"))
            {
                destroyed = true;
            }
            assert!(
                !(destroyed && line.ends_with(" is not blocked")),
                "seed {seed}: `{line}` after {attacker:?} was destroyed"
            );
        }
    }
    assert!(
        gone_mid_battle > 0,
        "no game had an attacker destroyed during its attack"
    );
    assert_eq!(
        raw, 0,
        "an attacker destroyed mid-battle is never then not blocked (BS-6.7)"
    );
}

/// `explain` speaks plain words: no Rust names (`CannotBeBlocked(This, None, Turn)`,
/// `Exactly(1)`, `OwnersReserve`, `[WhenSummoned]`) for any demo card; it shows the level
/// table, the braved effect and the keywords with their meaning.
#[test]
fn explain_speaks_plain_words() {
    let list = cardscript(&["cards", "list"]);
    let ids: Vec<String> = text(&list)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|id| id.starts_with("DEMO-"))
        .collect();
    assert!(ids.len() > 20, "{}", text(&list));
    for id in &ids {
        let o = cardscript(&["explain", id]);
        let out = text(&o);
        assert!(o.status.success(), "{id}: {out}");
        for w in out.split(|c: char| !c.is_alphanumeric() && c != '(' && c != '_') {
            let caps = w.chars().filter(|c| c.is_ascii_uppercase()).count();
            let camel = caps >= 2
                && w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && w.chars().any(|c| c.is_ascii_lowercase());
            // `Exactly(1` — a capitalised name right before a parenthesis.
            let call = w.starts_with(|c: char| c.is_ascii_uppercase())
                && w.find('(').is_some_and(|i| i > 0);
            assert!(!camel && !call && !w.contains('_'), "{id}: `{w}` in\n{out}");
        }
    }
    let o = cardscript(&["explain", "DEMO-B04"]);
    let out = text(&o);
    assert!(
        out.contains("levels: LV1 1 core(s) BP 3000 · LV2 3 core(s) BP 5000"),
        "{out}"
    );
    assert!(out.contains("braved BP +3000"), "{out}");
    assert!(
        out.contains("effect 1 [braved]: (When This Spirit Attacks)"),
        "{out}"
    );
    let o = cardscript(&[
        "explain",
        "EXP-01",
        "--pack",
        "scripts/battle-spirits-demo",
        "--pack",
        "scripts/battle-spirits-demo-expansion",
    ]);
    let out = text(&o);
    assert!(
        out.contains("keyword echo: When this spirit attacks"),
        "{out}"
    );
}

/// `explain --json`: the card, its level table, keywords with meaning, and per effect
/// what runs.
#[test]
fn explain_json_gives_the_card_and_its_effects() {
    let o = cardscript(&["explain", "DEMO-B04", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["id"], "DEMO-B04");
    assert_eq!(j["levels"][1]["cores"], 3);
    assert_eq!(j["levels"][1]["bp"], 5000);
    assert_eq!(j["brave"]["bp_bonus"], 3000);
    assert_eq!(j["effects"][1]["braved"], true);
    assert_eq!(j["explained"][0]["runs"], "text");
    assert_eq!(j["explained"][0]["timing"], "When Summoned");
}

/// BS-5.2 step 5: typing `cancel` while paying for Gullwing Lancer (one core paid of 3)
/// takes the summon back: the main step's options come again, the same ones, and the
/// summon can be chosen anew.
#[test]
fn typing_cancel_takes_back_an_unpaid_summon() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardscript"));
    cmd.args(["play", "--p1", "human", "--seed", "3"]);
    let mut p = spawn_command(cmd, Some(60_000)).expect("spawn cardscript in a pty");
    p.exp_string("Keep this hand or mulligan?").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("1. Summon Gullwing Lancer (cost 3, pay 3, then place 1)")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("cancel").unwrap();
    p.exp_string("nothing to cancel").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("2. Pay a core from reserve").unwrap();
    p.exp_string("Cancel (take the action back: nothing is paid)")
        .unwrap();
    p.exp_string("or `cancel` to take the action back").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("2").unwrap();
    p.exp_string("2 core(s) left to pay").unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("cancel").unwrap();
    p.exp_string("-- cancelled: back to where the action was chosen --")
        .unwrap();
    p.exp_string("Main step: choose an action").unwrap();
    p.exp_string("1. Summon Gullwing Lancer (cost 3, pay 3, then place 1)")
        .unwrap();
    p.exp_string("q to stop): ").unwrap();
    p.send_line("q").unwrap();
    p.exp_string("game stopped at a decision").unwrap();
    p.exp_eof().unwrap();
}
