//! A person at the terminal: `play --p1 human` driven through a
//! pseudo-terminal (one-answer payments, `?N`, a refused payment with its reason), the
//! text log read in order (no "not blocked" after the attacker was destroyed), and
//! `explain` in plain words.

mod support;

use std::process::Command;

use rexpect::session::{PtySession, spawn_command};
use support::{cardscript, cardscript_with_input, text};

/// The prompt of a Battle Spirits question at the terminal.
const ASK: &str = "q to stop): ";
/// The prompt of a question of any other game (the line battle).
const ASK_ANY: &str = "\n> ";

/// `cardscript ARGS` in a pseudo-terminal, run from the project root.
fn start(args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardscript"));
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    spawn_command(cmd, Some(60_000)).expect("spawn cardscript in a pty")
}

/// What the session printed before the next `prompt`, as UTF-8 (rexpect reads bytes as
/// Latin-1: `→` and `·` arrive as three and two characters).
fn until(p: &mut PtySession, prompt: &str) -> String {
    let seen = p.exp_string(prompt).unwrap();
    let bytes: Vec<u8> = seen.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Stops the game at the question waiting (`q`): it says so and ends.
fn stop(mut p: PtySession, stopped: &str) {
    p.send_line("q").unwrap();
    p.exp_string(stopped).unwrap();
    p.exp_eof().unwrap();
}

/// The stop line of Battle Spirits' `play`.
const STOPPED: &str = "game stopped at a decision";

/// The demo pack, seed 3, P1 at the terminal: the deck names, a whole payment listed first
/// (BS-5.2), `?8` shows Gullwing Lancer's level table, a typed payment of the wrong size
/// is refused with its reason, the default payment and placement summon it.
#[test]
fn human_play_through_a_pseudo_terminal() {
    let mut p = start(&["play", "--p1", "human", "--seed", "3"]);
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
    p.exp_string("~ [you] Gullwing Lancer #8: LV- ").unwrap();
    p.exp_string("q to stop): ").unwrap();
    stop(p, STOPPED);
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
    let mut p = start(&["play", "--p1", "human", "--seed", "3"]);
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
    stop(p, STOPPED);
}

/// The board at the terminal (seed 3, P1 a person): whole at the turn's first question,
/// then only what changed since the last question — counters `reserve 5 → 2`, rows `+`,
/// `~`, `-` — and whole again on `b`. Own draws by name, the opponent's hidden. The soul
/// core's place follows a payment (BS-5.2). A question with one legal answer is answered
/// for the person and said so; a line typed ahead for it is named and not used on the
/// next question.
#[test]
fn the_board_shows_what_changed_and_answers_taken_are_said() {
    let mut p = start(&["play", "--p1", "human", "--seed", "3"]);
    let t = until(&mut p, ASK);
    // Own draws named with their number; P2's opening draws are "P2 draws a card".
    assert!(t.contains("P1 draws Gullwing Lancer #8\r\n"), "{t}");
    assert_eq!(
        t.matches("P2 draws ").count(),
        t.matches("P2 draws a card").count(),
        "{t}"
    );
    assert_eq!(t.matches("P2 draws a card").count(), 5, "{t}");
    assert!(
        t.contains(
            "[you] life 5 · reserve 4 · trash cores 0 · deck 46 · hand 4 · soul core in the reserve"
        ),
        "{t}"
    );
    p.send_line("1").unwrap();
    let t = until(&mut p, ASK);
    // A new turn: the board whole, the opponent's side with it.
    assert!(t.contains("=== Turn 2: P1 ==="), "{t}");
    assert!(
        t.contains("[opponent] life 5 · reserve 1 · trash cores 3"),
        "{t}"
    );
    assert!(t.contains("      Cryptgate Spire #77 LV1 · cores 0"), "{t}");
    p.send_line("1").unwrap();
    // Nothing changed yet: no board at all.
    let t = until(&mut p, ASK);
    assert!(t.contains("P1: Pay for Gullwing Lancer"), "{t}");
    assert!(!t.contains("[you]") && !t.contains("[opponent]"), "{t}");
    p.send_line("1").unwrap();
    // BS-5.2: 3 cores from the reserve to the trash; the card is on the field, unplaced.
    let t = until(&mut p, ASK);
    assert!(
        t.contains("  [you] reserve 5 → 2 · trash cores 0 → 3 · hand 6 → 5\r\n"),
        "{t}"
    );
    assert!(
        t.contains("  + [you] Gullwing Lancer #8 LV- · BP 0 · cores 0 · refreshed"),
        "{t}"
    );
    assert!(t.contains("  - [you] hand: Gullwing Lancer #8\r\n"), "{t}");
    assert!(!t.contains("[opponent]"), "{t}");
    p.send_line("1").unwrap();
    // BS-5.1: one core, level 1, BP 2000.
    let t = until(&mut p, ASK);
    assert!(
        t.contains("  ~ [you] Gullwing Lancer #8: LV- → LV1 · BP 0 → 2000 · cores 0 → 1"),
        "{t}"
    );
    p.send_line("b").unwrap();
    let t = until(&mut p, ASK);
    assert!(
        t.contains("[opponent] life 5 · reserve 1 · trash cores 3"),
        "{t}"
    );
    assert!(
        t.contains("      Gullwing Lancer #8 LV1 · BP 2000 · cores 1 · refreshed"),
        "{t}"
    );
    p.send_line("1").unwrap();
    let t = until(&mut p, ASK);
    assert!(t.contains("P1: Pay for Glimmer Moth"), "{t}");
    // The soul core pays; the placement (one core from the Lancer) and its end are the only
    // answers; the `2` typed with the payment lands on neither nor on the main step.
    // Both lines in one write: the terminal holds the second whole line (its newline
    // included) while the first is answered, as when a person types ahead.
    p.send("1\n2\n").unwrap();
    p.flush().unwrap();
    let t = until(&mut p, ASK);
    assert!(t.contains("soul core in the reserve → in the trash"), "{t}");
    assert!(
        t.contains("  (the only option: Place a core from Gullwing Lancer #8)"),
        "{t}"
    );
    assert!(
        t.contains("  (the only option: Done (1 core on it))"),
        "{t}"
    );
    assert!(
        t.contains(
            "  (`2` was typed before this question: the game had answered the one before \
             itself (Done (1 core on it)); it is not used here)"
        ),
        "{t}"
    );
    assert!(t.contains("   1. Set Dawnbell Cleric as your burst"), "{t}");
    stop(p, STOPPED);
}

/// The answers the game takes for a person are said to the person only: with `--log json`
/// the log on standard output stays one JSON event a line, the words go to standard error.
#[test]
fn answers_taken_for_a_person_stay_out_of_the_game_log() {
    let args = ["play", "--p1", "human", "--seed", "3", "--log", "json"];
    let o = cardscript_with_input(&args, "1\n1\n1\n1\n1\n1\nq\n");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("(the only option: Place a core from Gullwing Lancer #8)"),
        "{err}"
    );
    assert!(!out.contains("only option"), "{out}");
    for line in out.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect(line);
    }
}

/// `?N` labels a magic's effects [Main] / [Flash] and says what each label means
/// (BS-5.5, BS-5.6, BS-6.2); `explain` (the same words) explains [Burst] (BS-10.3) and
/// (While OC) with the card's own Over Count (BS-13.3).
#[test]
fn question_mark_n_labels_and_explains_effect_timings() {
    let mut p = start(&["play", "--p1", "human", "--seed", "3"]);
    until(&mut p, ASK);
    p.send_line("?43").unwrap();
    let t = until(&mut p, ASK);
    assert!(t.contains("effect 0: [Main] Draw 2 cards."), "{t}");
    assert!(t.contains("effect 1: [Flash] "), "{t}");
    assert!(
        t.contains(
            "[Main]: used by paying the card's cost in your own main step only (BS-5.5, BS-5.6)"
        ),
        "{t}"
    );
    assert!(t.contains("[Flash]: used by paying the card's cost in your main step or at a flash timing of the attack step, either player's turn (BS-5.6, BS-6.2)"), "{t}");
    stop(p, STOPPED);
    let out = text(&cardscript(&["explain", "DEMO-Y08"]));
    assert!(
        out.contains("effect 0: [Burst] (After Your Life Is Reduced)"),
        "{out}"
    );
    assert!(out.contains("[Burst]: set face down from the hand, one a turn; it works by itself, without its cost, as soon as its condition is met (BS-5.8, BS-10.3)"), "{out}");
    let out = text(&cardscript(&["explain", "DEMO-P05"]));
    assert!(
        out.contains("(While OC): works only while your count area holds 3 or more cores (Over Count; then also BP +3000) (BS-13.3)"),
        "{out}"
    );
}

/// BS-13.4: P1's Anchorplate Brave #12, heavily exhausted by Dusk Warden on turn 3 of the
/// robots' seed-3 game, is said to be so on the board (the game resumed from its replay
/// cut after 30 answers, P1 now a person), with where each soul core sits.
#[test]
fn a_heavily_exhausted_spirit_and_the_soul_core_are_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    let f = file.to_str().unwrap();
    assert!(
        cardscript(&["play", "--seed", "3", "--save", f])
            .status
            .success()
    );
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    replay["answers"].as_array_mut().unwrap().truncate(30);
    std::fs::write(&file, replay.to_string()).unwrap();
    let mut p = start(&["play", "--replay", f, "--p1", "human"]);
    until(&mut p, ASK);
    p.send_line("b").unwrap();
    let t = until(&mut p, ASK);
    assert!(
        t.contains(
            "      Anchorplate Brave #12 LV1 · BP 3000 · cores 1 · heavily exhausted (upside \
             down: cannot attack or block; the next refresh only turns it sideways, BS-13.4)"
        ),
        "{t}"
    );
    assert!(
        t.contains("      Brinepup Scout #0 LV1 · BP 1000 · cores 1 · exhausted"),
        "{t}"
    );
    assert!(t.contains("soul core on Brinepup Scout #0"), "{t}");
    assert!(t.contains("soul core on Nightglass Revenant #66"), "{t}");
    stop(p, STOPPED);
}

/// The line battle at the terminal (seed 3, P1 a person): the board whole at the first
/// question, its changes after a play (LB-0.3: the DP cost paid), `b`, `?N`, own draws by
/// name, and the main phase with one answer left taken and said.
#[test]
fn the_line_battle_gets_the_board_and_the_same_answers() {
    let mut p = start(&[
        "play",
        "--pack",
        "scripts/line-battle-demo",
        "--p1",
        "human",
        "--seed",
        "3",
    ]);
    let t = until(&mut p, ASK_ANY);
    assert!(t.contains("P1 draws Ash Runner (#6)"), "{t}");
    assert_eq!(t.matches("P2 draws a card").count(), 5, "{t}");
    assert!(
        t.contains("  [you] master Ashka, Cinder Matriarch · LP 18 · DP 8 · deck 35 · hand 5"),
        "{t}"
    );
    assert!(
        t.contains("  [opponent] master Thornwise, Ironbark Elder · LP 22"),
        "{t}"
    );
    p.send_line("1").unwrap();
    let t = until(&mut p, ASK_ANY);
    assert!(t.contains("  [you] DP 8 → 7 · hand 5 → 4\r\n"), "{t}");
    assert!(
        t.contains("  + [you] Ash Runner #6 attack line · AT 2 · DF 2 · SH 0"),
        "{t}"
    );
    assert!(t.contains("  - [you] hand: Ash Runner #6\r\n"), "{t}");
    assert!(!t.contains("[opponent]"), "{t}");
    p.send_line("b").unwrap();
    let t = until(&mut p, ASK_ANY);
    assert!(
        t.contains("  [opponent] master Thornwise, Ironbark Elder · LP 22"),
        "{t}"
    );
    assert!(
        t.contains("      Ash Runner #6 attack line · AT 2 · DF 2 · SH 0"),
        "{t}"
    );
    p.send_line("?6").unwrap();
    let t = until(&mut p, ASK_ANY);
    assert!(t.contains("Ash Runner"), "{t}");
    assert!(t.contains("  AT "), "{t}");
    // Pyre Warlord takes the DP down to 2: ending the main phase is the only answer left
    // (LB-0.3), in both main phases; then P2's turn and P1's next draw.
    p.send_line("1").unwrap();
    let t = until(&mut p, ASK_ANY);
    assert_eq!(
        t.matches("  (the only option: End the main phase)").count(),
        2,
        "{t}"
    );
    assert!(t.contains("P1 draws Ash Runner (#5)"), "{t}");
    assert!(
        t.contains("  [opponent] master Thornwise, Ironbark Elder · LP 19"),
        "{t}"
    );
    stop(p, "== game stopped at a decision ==");
}
