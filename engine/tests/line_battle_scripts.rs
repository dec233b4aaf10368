//! Line-battle effects: scripts at the contract's timings, card text compiled through a
//! pack's phrases, mid-script questions (`choose_target`, `may`) as `EffectChoice`
//! decisions, and effects that cannot act saying so (`EffectInert` / `EffectFailed`).

use carddb::Line;
use engine::core::PlayerId;
use engine::rules::line_battle::events::Event;
use engine::rules::line_battle::state::Zone;
use engine::rules::line_battle::testkit::*;
use engine::rules::line_battle::{Choice, DecisionKind, Game, LineBattleConfig, LineLibrary, Step};
use engine::script::{ScriptError, ScriptSources};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn phrases() -> ScriptSources {
    let mut s = ScriptSources::default();
    s.add_file(
        "lb-test",
        "phrases/lb.yaml",
        "- template: Your master gains {n:number} LP\n  rhai: gain_lp({n});\n\
         - template: Your opponent's master loses {n:number} LP\n  rhai: damage_master({n});\n",
    );
    s
}

/// Plays `card` from P2's hand into the attack line (it is put into the hand first).
fn play(g: &mut Game, card: &str) -> engine::core::InstanceId {
    let c = g.put_into_hand(P2, card).expect("in the deck");
    g.set_dp(P2, 99);
    g.answer(Choice::Play {
        card: c,
        line: Line::Attack,
    })
    .unwrap();
    c
}

fn decision(g: &mut Game) -> engine::rules::line_battle::DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("over: {r:?}"),
    }
}

#[test]
fn card_text_runs_through_the_pack_phrases() {
    // LB-0.3 "When Played": text with no script, read by the pack's phrase.
    let c = with_text(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "Your master gains 3 LP.",
    );
    let mut g = board_with(vec![c], None, &phrases(), LineBattleConfig::default());
    play(&mut g, "T");
    let _ = decision(&mut g);
    assert_eq!(g.lp(P2), 23);
    let c = with_text(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "Your opponent's master loses 4 LP.",
    );
    let mut g = board_with(vec![c], None, &phrases(), LineBattleConfig::default());
    play(&mut g, "T");
    let _ = decision(&mut g);
    assert_eq!(g.lp(P1), 16);
}

#[test]
fn text_the_phrases_do_not_cover_is_inert_with_its_reason() {
    let c = with_text(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "Fold space and time.",
    );
    let mut g = board_with(vec![c], None, &phrases(), LineBattleConfig::default());
    let t = play(&mut g, "T");
    let _ = decision(&mut g);
    let reason = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::EffectInert { card, reason, .. } if *card == t => Some(reason.clone()),
            _ => None,
        })
        .expect("an EffectInert for the card");
    assert!(reason.contains("not understood"), "{reason}");
}

#[test]
fn a_count_above_1000_fails_the_effect() {
    let c = with_script(creature("T", 1, 1, 1, 0), "When Played", "draw(1001);");
    let mut g = board(vec![c], None);
    let t = play(&mut g, "T");
    let _ = decision(&mut g);
    assert!(g.log().iter().any(|e| matches!(e,
        Event::EffectFailed { card, reason, .. } if *card == t && reason.contains("1001"))));
    assert_eq!(
        g.state().zones.pile(Zone::Deck(P2)).len(),
        40 - 5 - 1 - 1,
        "nothing drawn"
    );
}

#[test]
fn choose_target_asks_the_controller_and_destroy_outside_battle_is_immediate() {
    let c = with_script(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "let t = choose_target(opponent_creatures()); if t != () { destroy(t); }",
    );
    let mut g = board(
        vec![c, creature("V", 1, 1, 1, 0), creature("W", 1, 1, 1, 0)],
        None,
    );
    let v = g.put_into_line(P1, "V", Line::Attack).unwrap();
    let w = g.put_into_line(P1, "W", Line::Defense).unwrap();
    play(&mut g, "T");
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P2));
    assert_eq!(
        r.choices().cloned().collect::<Vec<_>>(),
        [Choice::Pick { card: v }, Choice::Pick { card: w }]
    );
    g.answer(Choice::Pick { card: w }).unwrap();
    assert!(g.log().contains(&Event::Destroyed {
        card: w,
        waiting: false
    }));
    assert_eq!(g.state().zone(w), Zone::Graveyard(P1));
    assert_eq!(g.state().zone(v), Zone::Line(P1, Line::Attack));
    let started = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { .. }))
        .count();
    assert_eq!(started, 1, "the asking run was rolled back and re-run once");
    g.check_invariants().unwrap();
}

#[test]
fn may_no_does_nothing_and_an_empty_choice_asks_nothing() {
    let c = with_script(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "if may(\"Gain 5 LP?\") { gain_lp(5); } let t = choose_target(opponent_creatures()); if t == () { gain_lp(1); }",
    );
    let mut g = board(vec![c], None);
    play(&mut g, "T");
    let r = decision(&mut g);
    assert_eq!(r.prompt, "Gain 5 LP?");
    g.answer(Choice::No).unwrap();
    let r = decision(&mut g);
    assert_eq!(
        r.kind,
        DecisionKind::MainAction,
        "no creature to choose: no question"
    );
    assert_eq!(g.lp(P2), 21, "no to the 5, then 1 for the empty choice");
}

#[test]
fn a_script_asking_without_end_fails_at_the_question_cap() {
    let c = with_script(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "loop { may(\"again?\"); }",
    );
    let mut g = board(vec![c], None);
    let t = play(&mut g, "T");
    let mut asked = 0;
    while decision(&mut g).kind == DecisionKind::EffectChoice {
        g.answer(Choice::Yes).unwrap();
        asked += 1;
    }
    assert_eq!(asked, LineBattleConfig::default().max_questions_per_effect);
    assert!(
        g.log().iter().any(|e| matches!(e,
        Event::EffectFailed { card, reason, .. } if *card == t && reason.contains("more than 16")))
    );
}

#[test]
fn an_effect_of_a_creature_gone_from_the_field_is_inert() {
    // Its When Played effect destroys itself first; its second When Played effect finds it
    // gone.
    let c = with_script(
        with_script(
            creature("T", 1, 1, 1, 0),
            "When Played",
            "destroy(this_card());",
        ),
        "When Played",
        "gain_lp(1);",
    );
    let mut g = board(vec![c], None);
    let t = play(&mut g, "T");
    let _ = decision(&mut g);
    assert!(g.log().iter().any(|e| matches!(e,
        Event::EffectInert { card, effect: 1, reason } if *card == t && reason.contains("no longer on the field"))));
    assert_eq!(g.lp(P2), 20);
}

#[test]
fn start_phase_and_stat_changes_until_end_of_turn() {
    let c = with_script(
        creature("T", 1, 2, 1, 0),
        "Start Phase",
        "at_plus(this_card(), 3); gain_dp(1);",
    );
    let mut g = board(vec![c], None);
    let t = g.put_into_line(P2, "T", Line::Attack).unwrap();
    advance_to_main(&mut g, P2, 1); // P2's next turn: its start phase
    assert_eq!(g.view(P2).sides[1].attack_line[0].at, 5, "2 + 3");
    assert_eq!(g.state().dp[1], 9, "reset to 8, + 1");
    advance_to_main(&mut g, P1, 1);
    assert_eq!(
        g.view(P1).sides[1].attack_line[0].at,
        2,
        "the +3 ended with the turn"
    );
    let _ = t;
}

#[test]
fn library_errors_name_the_card_and_effect() {
    let mut defs = fillers();
    defs.push(with_script(
        creature("BAD", 1, 1, 1, 0),
        "When Summoned",
        "draw(1);",
    ));
    let e = LineLibrary::new(defs, &ScriptSources::default()).unwrap_err();
    assert_eq!(
        e,
        ScriptError::UnknownTiming {
            card: "BAD".into(),
            effect: 0,
            label: "When Summoned".into()
        }
    );
    let mut defs = fillers();
    defs.push(with_script(
        creature("BAD", 1, 1, 1, 0),
        "When Played",
        "draw(1",
    ));
    assert!(matches!(
        LineLibrary::new(defs, &ScriptSources::default()).unwrap_err(),
        ScriptError::Syntax { .. }
    ));
}

#[test]
fn the_view_hides_the_opponents_hand() {
    let g: Game = board(vec![], None);
    let v = g.view(P1);
    assert!(v.sides[0].hand.is_some());
    assert!(v.sides[1].hand.is_none());
    assert_eq!(v.sides[1].hand_count, 6);
    assert_eq!(v.sides[1].deck_count, 34);
}

#[test]
fn the_api_reference_lists_every_contract_function_and_gaps_are_reported() {
    let md = engine::rules::line_battle::api::api_markdown();
    for f in [
        "draw(",
        "gain_lp(",
        "damage_master(",
        "gain_dp(",
        "at_plus(",
        "df_plus(",
        "sh_plus(",
        "destroy(",
        "cancel_order(",
        "pass_through(",
        "my_creatures(",
        "opponent_creatures(",
        "my_attack_line(",
        "my_defense_line(",
        "opponent_attack_line(",
        "opponent_defense_line(",
        "attack_target(",
        "at(",
        "df(",
        "sh(",
        "choose_target(",
        "may(",
        "lp(",
        "opponent_lp(",
        "this_card(",
    ] {
        assert!(md.contains(&format!("`{f}")), "{f} missing");
    }
    let mut defs = fillers();
    defs.push(with_text(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "Fold space and time.",
    ));
    defs.push(with_script(
        creature("U", 1, 1, 1, 0),
        "When Played",
        "summon_dragon(1);",
    ));
    let lib = LineLibrary::new(defs, &phrases()).unwrap();
    let gaps = lib.gaps();
    assert_eq!(gaps.len(), 2, "{gaps:?}");
    assert_eq!((gaps[0].0.as_str(), gaps[0].1), ("T", 0));
    assert!(gaps[1].2.contains("summon_dragon"), "{}", gaps[1].2);
}

#[test]
fn battle_spirits_text_is_inert_in_the_line_battle() {
    // The built-in grammar reads this Battle Spirits sentence, but the rhai it writes calls
    // functions the line battle does not have: the effect is inert, naming the call.
    let c = with_text(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "Destroy 1 opposing spirit.",
    );
    let mut g = board_with(vec![c], None, &phrases(), LineBattleConfig::default());
    let t = play(&mut g, "T");
    let _ = decision(&mut g);
    let reason = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::EffectInert { card, reason, .. } if *card == t => Some(reason.clone()),
            _ => None,
        })
        .expect("inert");
    assert!(reason.contains("script API does not have"), "{reason}");
}
