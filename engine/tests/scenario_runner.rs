//! The scenario runner (`docs/scenarios.md`) on synthetic cards: the board it
//! sets up holds the values written (BS-0.2 cores, BS-5.1 levels), actions answer the
//! decisions they name, strict choice mode fails on an unanswered decision with its
//! options, and every wrong expectation is reported with its line, expected and actual.

use std::path::Path;

use engine::CardLibrary;
use engine::rules::battle_spirits::scenario::{self, ScenarioResult, Status};
use engine::rules::battle_spirits::testkit::{effect, scripted_spirit, synthetic_cards};

fn library() -> CardLibrary {
    let mut cards = synthetic_cards();
    // When summoned: draw 1 card (a hook to see in the log).
    cards.push(scripted_spirit(
        "S-DRAW",
        0,
        1000,
        vec![effect("When Summoned", "draw(1);")],
    ));
    // When summoned: destroy a chosen opponent spirit (a decision for the player).
    cards.push(scripted_spirit(
        "S-KILL",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "destroy(choose_targets(opponent_spirits(), 1));",
        )],
    ));
    cards.push(scripted_spirit(
        "S-THROW",
        0,
        1000,
        vec![effect("When Summoned", "throw \"broken on purpose\";")],
    ));
    // During your main step: your spirits +1000 (a step-bound constant).
    cards.push(scripted_spirit(
        "S-MAIN",
        0,
        1000,
        vec![effect(
            "During Your Main Step",
            "bp_plus(my_spirits(), 1000, \"while\");",
        )],
    ));
    // During your attack step: when your spirit destroys an opposing one by comparing BP,
    // destroy a chosen opposing spirit and draw 1 card.
    cards.push(scripted_spirit(
        "S-AVENGE",
        0,
        1000,
        vec![effect(
            "During Your Attack Step",
            "when(ev_destroys(my_spirits(), opponent_spirits(), true), \"while\", || { \
             destroy(choose_targets(opponent_spirits(), 1)); draw(1); });",
        )],
    ));
    // When summoned: one core from each opposing spirit to its owner's reserve.
    cards.push(scripted_spirit(
        "S-DRAIN",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "move_cores(opponent_spirits(), \"owners_reserve\", 1);",
        )],
    ));
    // Constant: when one of your spirits is destroyed, draw 1 card.
    cards.push(scripted_spirit(
        "S-MOURN",
        0,
        5000,
        vec![effect(
            "constant",
            "when(ev_destroyed(my_spirits(), false, false), || { draw(1); });",
        )],
    ));
    // Main: every opposing spirit −3000 BP this turn.
    cards.push(engine::rules::battle_spirits::testkit::scripted_magic(
        "S-WITHER",
        0,
        vec![effect(
            "main",
            "bp_minus(opponent_spirits(), 3000, \"turn\");",
        )],
    ));
    CardLibrary::new(cards)
}

fn run(text: &str) -> Vec<ScenarioResult> {
    let parsed = scenario::parse(Path::new("t.yaml"), text).expect("parses");
    let lib = library();
    (0..parsed.file.scenarios.len())
        .map(|i| scenario::run(&parsed, i, &lib))
        .collect()
}

fn passed(r: &ScenarioResult) {
    assert_eq!(r.status, Status::Passed, "{r:#?}");
}

#[test]
fn bs_0_2_the_board_holds_the_cores_and_cards_written() {
    let r = run(r#"
scenarios:
  - name: board
    board:
      p1:
        life: 3
        reserve: 2
        trash_cores: 1
        count: 2
        hand: [R-01, B-02]
        trash: [R-03]
        field:
          - {card: R-04, as: big, level: 2}
          - {card: R-02, as: tired, exhausted: true}
      p2:
        soul_core: keeper
        reserve: 0
        field:
          - {card: B-06, as: keeper, cores: 3}
    expect:
      decision: main_action
      p1: {life: 3, reserve: 2, trash_cores: 1, count: 2, hand: [B-02, R-01], trash: [R-03], soul_core: reserve}
      p2: {life: 5, reserve: 0, soul_core: keeper, field: [B-06]}
      cards:
        big: {cores: 4, level: 2, bp: 6000, exhausted: false}
        tired: {exhausted: true, level: 1, bp: 2000}
        keeper: {cores: 3, level: 1, bp: 6000}
"#);
    passed(&r[0]);
}

#[test]
fn bs_0_2_wrong_values_are_reported_with_line_expected_and_actual() {
    let r = run(r#"
scenarios:
  - name: wrong
    board:
      p1:
        life: 3
    expect:
      p1:
        life: 4
        reserve: 9
"#);
    assert_eq!(r[0].status, Status::Failed);
    let f = &r[0].failures;
    assert_eq!(f.len(), 2, "{f:#?}");
    assert_eq!(f[0].field, "scenarios[0].expect.p1.life");
    assert_eq!(f[0].line, 9);
    assert_eq!(
        (f[0].expected.as_deref(), f[0].actual.as_deref()),
        (Some("4"), Some("3"))
    );
    assert_eq!(
        f[1].actual.as_deref(),
        Some("4"),
        "reserve default 4 (BS-0.2)"
    );
    // A log text that is missing is shown as written, not as the item's Rust form.
    let r = run(
        "scenarios:\n  - name: x\n    board: {}\n    expect:\n      log: [text: no such line]\n",
    );
    let f = &r[0].failures;
    assert_eq!(f[0].expected.as_deref(), Some("no such line"), "{f:#?}");
    assert_eq!(f[0].actual.as_deref(), Some("not in the log"));
}

#[test]
fn bs_3_1_the_deck_top_is_drawn_first_at_the_start_of_the_turn() {
    let r = run(r#"
scenarios:
  - name: draw
    board:
      step: start
      active: p2
      turn: 3
      p2:
        hand: []
        deck: [B-03, B-04]
    expect:
      decision: main_action
      p2: {hand: [B-03], deck_size: 11, reserve: 5}
"#);
    passed(&r[0]);
}

#[test]
fn bs_5_1_summon_pays_from_the_places_named_and_its_hook_runs() {
    let r = run(r#"
scenarios:
  - name: summon
    board:
      p1:
        reserve: 1
        soul_core: none
        hand: [S-DRAW]
        deck: [R-06]
        field:
          - {card: R-04, as: payer, cores: 5}
    do:
      - summon: {card: S-DRAW, place: [payer]}
    expect:
      p1: {hand: [R-06], reserve: 1}
      cards:
        payer: {cores: 4, level: 2, bp: 6000}
        S-DRAW: {zone: field, cores: 1}
      log:
        - played: S-DRAW
        - effect: S-DRAW
        - text: "P1 draws Card R-06"
      not_logged:
        - destroyed: payer
"#);
    passed(&r[0]);
}

#[test]
fn strict_choice_mode_fails_an_unanswered_decision_and_lists_its_options() {
    let r = run(r#"
scenarios:
  - name: forgot the target
    board:
      p1:
        hand: [S-KILL]
      p2:
        field:
          - {card: B-01, as: victim}
          - {card: B-02}
    do:
      - summon: S-KILL
      - end_main
"#);
    assert_eq!(r[0].status, Status::Failed);
    let m = &r[0].failures[0].message;
    assert!(
        m.contains("`end_main` does not answer") && m.contains("EffectChoice"),
        "{m}"
    );
    assert!(m.contains("[0]") && m.contains("B-01"), "the options: {m}");
    // Answered, it passes; without strict mode, the first option is taken.
    let r = run(r#"
scenarios:
  - name: answered
    board:
      p1: {hand: [S-KILL]}
      p2: {field: [{card: B-01, as: victim}, {card: B-02}]}
    do:
      - summon: S-KILL
      - choose: victim
    expect:
      cards: {victim: {zone: trash}}
  - name: lenient
    strict: false
    board:
      p1: {hand: [S-KILL]}
      p2: {field: [{card: B-01, as: victim}, {card: B-02}]}
    do:
      - summon: S-KILL
      - end_main
    expect:
      cards: {victim: {zone: trash}}
"#);
    passed(&r[0]);
    passed(&r[1]);
}

#[test]
fn a_failed_effect_fails_the_scenario_unless_expected() {
    let text = |log: &str| {
        format!(
            "scenarios:\n  - name: thrown\n    board: {{p1: {{hand: [S-THROW]}}}}\n    do: [{{summon: S-THROW}}]\n    expect: {{log: [{log}]}}\n"
        )
    };
    let r = run(&text(""));
    assert_eq!(r[0].status, Status::Failed);
    assert!(r[0].failures[0].message.contains("an effect failed"));
    passed(&run(&text("{failed: S-THROW}"))[0]);
}

#[test]
fn an_unknown_card_is_a_broken_scenario_at_its_field_with_a_did_you_mean() {
    let r = run("scenarios:\n  - name: typo\n    board:\n      p1:\n        hand: [R-O1]\n");
    assert_eq!(r[0].status, Status::Broken);
    let f = &r[0].failures[0];
    assert_eq!(
        (f.field.as_str(), f.line),
        ("scenarios[0].board.p1.hand[0]", 5)
    );
    assert!(f.help.as_deref().unwrap_or("").contains("R-01"), "{f:?}");
}

#[test]
fn a_misspelt_field_or_action_is_a_located_parse_error() {
    let e = scenario::parse(
        Path::new("t.yaml"),
        "scenarios:\n  - name: x\n    board: {}\n    do:\n      - end_mian\n",
    )
    .unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (5, "scenarios[0].do[0]"));
    assert!(e.help.unwrap().contains("end_main"));
    let e = scenario::parse(
        Path::new("t.yaml"),
        "scenarios:\n  - name: x\n    bord: {}\n",
    )
    .unwrap_err();
    assert_eq!(e.field, "scenarios[0].bord");
    assert!(e.help.unwrap().contains("board"));
    // `expect.decision` is a decision kind: a misspelt one is refused where it stands,
    // not a FAIL against the decision at hand.
    let e = scenario::parse(
        Path::new("t.yaml"),
        "scenarios:\n  - name: x\n    board: {}\n    expect:\n      decision: attack_or_ned\n",
    )
    .unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (5, "scenarios[0].expect.decision")
    );
    assert!(e.message.contains("attack_or_ned"), "{e}");
    assert!(e.help.unwrap().contains("`attack_or_end`"));
    // `rule:` cites IDs the rules reference defines for Battle Spirits (docs/rules).
    for (rule, what) in [("BS-6.5.1, banana", "`banana`"), ("LB-4.5", "another game")] {
        let text = format!("scenarios:\n  - name: x\n    rule: {rule}\n    board: {{}}\n");
        let e = scenario::parse(Path::new("t.yaml"), &text).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "scenarios[0].rule"));
        assert!(e.message.contains(what), "{e}");
    }
    // The kind at hand on a main-step board (BS-5): passes.
    let r =
        run("scenarios:\n  - name: x\n    board: {}\n    expect:\n      decision: main_action\n");
    passed(&r[0]);
}

#[test]
fn bs_8_1_a_board_set_in_the_main_step_is_in_the_main_step_for_effects() {
    let r = run(r#"
scenarios:
  - name: main step constant
    board:
      p1:
        field:
          - {card: S-MAIN, as: m}
          - {card: R-03}
    do:
      - check:
          cards: {m: {bp: 2000}, R-03: {bp: 4000}}
      - end_main
    expect:
      decision: attack_or_end
      cards: {m: {bp: 1000}}
"#);
    passed(&r[0]);
}

#[test]
fn bs_6_6_a_spirit_an_effect_destroys_after_the_battle_was_not_destroyed_in_battle() {
    // Ruling C#96's kind: the watcher works once for the blocker destroyed by comparing
    // BP; the spirit its own effect then destroys is not "destroyed in battle".
    let r = run(r#"
scenarios:
  - name: once
    board:
      p1:
        deck: [R-06, R-04]
        field:
          - {card: S-AVENGE}
          - {card: R-03, as: attacker}
          - {card: R-01}
      p2:
        field:
          - {card: B-03, as: blocker}
          - {card: B-04, as: victim}
          - {card: B-06, as: other}
    do:
      - end_main
      - attack: attacker
      - pass_all
      - block: blocker
      - pass_all
      - choose: victim
    expect:
      decision: attack_or_end
      p1: {hand: [R-06], trash: [R-03]}
      p2: {trash: [B-03, B-04]}
      cards: {other: {zone: field}}
"#);
    passed(&r[0]);
}

#[test]
fn a_misspelt_card_in_an_action_or_expectation_gets_a_did_you_mean() {
    let r = run(r#"
scenarios:
  - name: typo in an action
    board:
      p1: {field: [{card: R-02, as: pup}]}
    do:
      - end_main
      - attack: pupp
  - name: typo in an expectation
    board:
      p1: {field: [{card: R-02, as: pup}]}
    expect:
      cards: {pupy: {zone: field}}
"#);
    for (res, field) in [
        (&r[0], "scenarios[0].do[1]"),
        (&r[1], "scenarios[1].expect.cards.pupy"),
    ] {
        assert_eq!(res.status, Status::Failed);
        let f = &res.failures[0];
        assert_eq!(f.field, field);
        assert!(f.message.contains("no card"), "{f:?}");
        assert_eq!(f.help.as_deref(), Some("did you mean `pup`?"));
    }
}

#[test]
fn bs_0_5_the_owner_chooses_whether_the_soul_core_leaves_a_card() {
    // Rulings C#28 / C#171: some of a card's cores move and its soul core is there: the
    // cores' owner (not the effect's controller) chooses; a card without the soul core,
    // or one losing all its cores, asks nothing.
    let text = |answer: &str| {
        format!(
            r#"
scenarios:
  - name: drain
    board:
      p1: {{hand: [S-DRAIN]}}
      p2:
        soul_core: holder
        reserve: 3
        field:
          - {{card: B-04, as: holder, cores: 2}}
          - {{card: B-03, as: plain, cores: 2}}
          - {{card: B-01, as: single}}
    do:
      - summon: S-DRAIN
      - check: {{decision: effect_choice, decider: p2}}
      - pick: "{answer}"
    expect:
      cards:
        holder: {{cores: 1}}
        plain: {{cores: 1}}
        single: {{zone: trash}}
"#
        )
    };
    let r = run(&(text("soul core goes") + "      p2: {soul_core: reserve, reserve: 6}\n"));
    passed(&r[0]);
    let r = run(&(text("keep the soul core") + "      p2: {soul_core: holder, reserve: 6}\n"));
    passed(&r[0]);
}

#[test]
fn bs_5_3_1_spirits_brought_to_0_bp_at_once_are_destroyed_together() {
    // Ruling C#76's kind: two spirits an effect takes to 0 BP at once reach a "when one
    // of your spirits is destroyed" effect once (BS-8.4).
    let r = run(r#"
scenarios:
  - name: together
    board:
      p1: {hand: [S-WITHER]}
      p2:
        deck: [B-03, B-04]
        field:
          - {card: S-MOURN, level: 2}
          - {card: B-01}
          - {card: B-02}
    do:
      - magic: S-WITHER
    expect:
      p2: {hand: [B-03], trash: [B-01, B-02]}
"#);
    passed(&r[0]);
}
