//! The shared scenario runner (`engine::tools::scenario`) with the line battle's words, on
//! synthetic cards: a board set by hand, orders answered, LP, lines and zones checked
//! against the rules digest (LB-3.3, LB-4.4, LB-4.5), a wrong value reported with the
//! expected and actual values at its line, a skip reported with its reason.

use std::path::Path;

use engine::rules::line_battle::LineLibrary;
use engine::rules::line_battle::scenario::LineBattleScenarios;
use engine::rules::line_battle::testkit::{creature, master};
use engine::script::ScriptSources;
use engine::tools::scenario::{Status, run_file};

/// A master with 20 LP, an attacker (AT 5), a wall (DF 4, SH 1), a filler.
fn library() -> LineLibrary {
    let defs = vec![
        master("M", Some(20)),
        creature("ATK", 3, 5, 3, 0),
        creature("WALL", 2, 1, 4, 1),
        creature("FILL", 9, 1, 1, 0),
    ];
    LineLibrary::new(defs, &ScriptSources::default()).expect("library builds")
}

const FILE: &str = "
scenarios:
  - name: the master takes the attacker's AT
    rule: LB-4.5
    board:
      phase: battle
      p1: {attack: [{card: ATK, as: a}]}
    do:
      - order: {attacker: a, target: master}
    expect:
      p2: {lp: 15}
      cards:
        a: {zone: attack, at: 5}
  - name: a defense-line creature keeps the master safe and draws against AT - SH
    rule: LB-4.4, LB-3.3
    board:
      phase: battle
      p1: {attack: [{card: ATK, as: a}]}
      p2: {defense: [{card: WALL, as: w}]}
    do:
      - order: {attacker: a, target: w}
    expect:
      p2: {lp: 20, graveyard: [WALL]}
      p1: {graveyard: [ATK]}
  - name: wrong on purpose
    board:
      phase: battle
      p1: {attack: [ATK]}
    do:
      - order: {attacker: ATK, target: master}
    expect:
      p2: {lp: 16}
  - name: not yet
    skip: a reason
    board: {}
";

#[test]
fn line_battle_scenarios_run_on_the_shared_runner() {
    let lib = library();
    let results =
        run_file::<LineBattleScenarios>(Path::new("lb.yaml"), FILE, &lib, &[]).expect("parses");
    let status: Vec<&Status> = results.iter().map(|r| &r.status).collect();
    assert_eq!(status[0], &Status::Passed, "{:?}", results[0]);
    // AT 5 − SH 1 = 4 against DF 4: a draw destroys both (LB-3.3, LB-4.2).
    assert_eq!(status[1], &Status::Passed, "{:?}", results[1]);
    assert_eq!(status[2], &Status::Failed);
    let f = &results[2].failures[0];
    assert_eq!(f.field, "scenarios[2].expect.p2.lp");
    assert_eq!(f.line, 32);
    assert_eq!(
        (f.expected.as_deref(), f.actual.as_deref()),
        (Some("16"), Some("15"))
    );
    assert!(!results[2].log_tail.is_empty());
    assert_eq!(status[3], &Status::Skipped("a reason".into()));
}

#[test]
fn an_unknown_card_is_a_broken_scenario_at_its_field() {
    let text = "scenarios:\n  - name: x\n    board:\n      p1: {hand: [NOPE]}\n";
    let results = run_file::<LineBattleScenarios>(Path::new("lb.yaml"), text, &library(), &[])
        .expect("parses");
    assert_eq!(results[0].status, Status::Broken);
    assert_eq!(
        results[0].failures[0].field,
        "scenarios[0].board.p1.hand[0]"
    );
    assert_eq!(results[0].failures[0].line, 4);
}

#[test]
fn an_unknown_decision_kind_is_a_located_parse_error() {
    let text = "scenarios:\n  - name: x\n    board: {}\n    expect: {decision: foo}\n";
    let e =
        run_file::<LineBattleScenarios>(Path::new("lb.yaml"), text, &library(), &[]).unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (4, "scenarios[0].expect.decision")
    );
    assert!(e.message.contains("foo"), "{e}");
    // The main phase asks for a main action (LB-0.3); the battle phase for orders (LB-1.1).
    let text = "scenarios:\n  - name: x\n    board: {}\n    expect: {decision: main_action}\n  - name: y\n    board: {phase: battle, p1: {attack: [ATK]}}\n    expect: {decision: ordr}\n";
    let e =
        run_file::<LineBattleScenarios>(Path::new("lb.yaml"), text, &library(), &[]).unwrap_err();
    assert_eq!(e.field, "scenarios[1].expect.decision");
    assert!(e.help.unwrap().contains("`order`"));
    let text = text.replace("ordr", "order");
    let r = run_file::<LineBattleScenarios>(Path::new("lb.yaml"), &text, &library(), &[])
        .expect("parses");
    assert_eq!(r[0].status, Status::Passed, "{:?}", r[0]);
    assert_eq!(r[1].status, Status::Passed, "{:?}", r[1]);
}

/// `rule:` cites IDs the rules reference defines for the file's game (docs/rules).
#[test]
fn a_rule_id_the_reference_lacks_or_of_the_other_game_is_a_located_parse_error() {
    let parse = |rule: &str| {
        let text = format!("scenarios:\n  - name: x\n    rule: {rule}\n    board: {{}}\n");
        run_file::<LineBattleScenarios>(Path::new("lb.yaml"), &text, &library(), &[])
    };
    // The undefined IDs are spliced so that this file does not cite them (rules_ref_doc).
    let lb = "LB";
    let e = parse(&format!("LB-4.5, {lb}-9.9")).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (3, "scenarios[0].rule"));
    assert!(e.message.contains(&format!("`{lb}-9.9`")), "{e}");
    let e = parse("BS-6.5.1").unwrap_err();
    assert!(e.message.contains("another game"), "{e}");
    let e = parse("banana").unwrap_err();
    assert!(e.message.contains("`banana`"), "{e}");
    let e = parse(&format!("{lb}-4.55")).unwrap_err();
    assert!(e.help.unwrap().contains("LB-4.5"));
    // LB-0.3 and the LB-4 section heading are both in the reference.
    assert!(parse("LB-0.3, LB-4").is_ok());
}
