//! Line-battle rules that a mutation of the code once changed without any test noticing
//! (`docs/testing.md`, "Mutation testing"): each test pins the value the rule gives where
//! the mutant differs — the LB-0 options at their edges (turn cap, line room, a cost equal
//! to the DP, the extra draw turned off), the turn's phases, "does not attack" (LB-1.1) and
//! cancelling one order among several (LB-1.3).

use carddb::Line;
use engine::core::PlayerId;
use engine::rules::line_battle::events::Event;
use engine::rules::line_battle::testkit::*;
use engine::rules::line_battle::{
    Choice, DecisionKind, DecisionRequest, Game, LineBattleConfig, LineLibrary, Step, Target,
};
use engine::script::ScriptSources;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn decision(g: &mut Game) -> DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("game over: {r:?}"),
    }
}

/// A game of fillers only with `config` (P1 first).
fn plain(config: LineBattleConfig) -> Game {
    let mut defs = fillers();
    defs.push(master("M", None));
    let lib = LineLibrary::new(defs, &ScriptSources::default()).unwrap();
    let config = LineBattleConfig {
        first_player: Some(P1),
        ..config
    };
    Game::new(
        config,
        lib,
        [("M".into(), deck(&[])), ("M".into(), deck(&[]))],
        3,
    )
    .unwrap()
}

/// Answers "end the phase" / "done" until the game ends; the result.
fn pass_to_the_end(g: &mut Game) -> engine::rules::line_battle::GameResult {
    for _ in 0..200 {
        match g.next() {
            Step::Over(r) => return r,
            Step::Decision(req) => {
                let c = if req.kind == DecisionKind::Order {
                    Choice::DoneOrdering
                } else {
                    Choice::EndMain
                };
                g.answer(c).unwrap();
            }
        }
    }
    panic!("the game did not end");
}

#[test]
fn lb_0_3_the_turn_cap_ends_the_game_after_the_last_allowed_turn() {
    // max_turns 3: turns 1, 2 and 3 are played; the game is a draw as turn 4 would begin.
    let mut g = plain(LineBattleConfig {
        max_turns: 3,
        ..LineBattleConfig::default()
    });
    let r = pass_to_the_end(&mut g);
    assert_eq!(r.winner, None);
    assert!(r.reason.contains("turn cap of 3 turns"), "{}", r.reason);
    let turns: Vec<u32> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::TurnBegan { turn, .. } => Some(*turn),
            _ => None,
        })
        .collect();
    assert_eq!(turns, [1, 2, 3], "the third turn is played in full");
    let ends = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::PhaseBegan { phase } if phase == "end"))
        .count();
    assert_eq!(ends, 3, "each of the 3 turns reached its end phase");
}

#[test]
fn lb_0_3_a_turn_runs_start_draw_main_1_battle_main_2_end() {
    // P2's first turn (turn 2): every phase begins in the LB-0.3 order.
    let mut g = plain(LineBattleConfig::default());
    advance_to_main(&mut g, P2, 1);
    let from = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::TurnBegan { turn: 2, .. }))
        .unwrap();
    advance_to_main(&mut g, P1, 1);
    let phases: Vec<&str> = g.log()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::PhaseBegan { phase } => Some(phase.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        phases,
        [
            "start", "draw", "main 1", "battle", "main 2", "end", // turn 2
            "start", "draw", "main 1" // turn 3
        ]
    );
}

#[test]
fn lb_0_3_a_full_line_takes_no_more_creatures() {
    // max_per_line 2: with two creatures in the attack line, a third goes only into the
    // defense line (room left: 0 of 2 used).
    let mut g = board_with(
        vec![
            creature("A", 1, 1, 1, 0),
            creature("B", 1, 1, 1, 0),
            creature("C", 1, 1, 1, 0),
        ],
        None,
        &ScriptSources::default(),
        LineBattleConfig {
            max_per_line: Some(2),
            ..LineBattleConfig::default()
        },
    );
    g.put_into_line(P2, "A", Line::Attack).unwrap();
    let b = g.put_into_hand(P2, "B").unwrap();
    let c = g.put_into_hand(P2, "C").unwrap();
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Play {
        card: b,
        line: Line::Attack
    }));
    g.answer(Choice::Play {
        card: b,
        line: Line::Attack,
    })
    .unwrap();
    let r = decision(&mut g);
    assert!(
        !r.is_legal(&Choice::Play {
            card: c,
            line: Line::Attack
        }),
        "the attack line holds 2 of 2"
    );
    assert!(r.is_legal(&Choice::Play {
        card: c,
        line: Line::Defense
    }));
}

#[test]
fn lb_0_3_a_creature_costing_all_the_dp_can_be_played() {
    // P2 has 10 DP (LB-0.2); a creature of cost 10 is affordable, one of cost 11 is not.
    let mut g = board(
        vec![
            creature("TEN", 10, 1, 1, 0),
            creature("ELEVEN", 11, 1, 1, 0),
        ],
        None,
    );
    let ten = g.put_into_hand(P2, "TEN").unwrap();
    let eleven = g.put_into_hand(P2, "ELEVEN").unwrap();
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Play {
        card: ten,
        line: Line::Attack
    }));
    assert!(!r.is_legal(&Choice::Play {
        card: eleven,
        line: Line::Attack
    }));
    g.answer(Choice::Play {
        card: ten,
        line: Line::Attack,
    })
    .unwrap();
    assert_eq!(g.state().dp[P2.index()], 0);
}

#[test]
fn lb_0_2_an_extra_draw_cost_of_0_turns_the_purchase_off() {
    let mut g = plain(LineBattleConfig {
        extra_draw_cost: 0,
        ..LineBattleConfig::default()
    });
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::BuyDraw), "{:?}", r.options);
    // The default (4) offers it.
    let mut g = plain(LineBattleConfig::default());
    assert!(decision(&mut g).is_legal(&Choice::BuyDraw));
}

#[test]
fn lb_0_3_the_main_phase_question_names_its_phase() {
    let mut g = plain(LineBattleConfig::default());
    let r = decision(&mut g);
    assert_eq!(r.prompt, "P1, main phase 1: 8 DP");
    g.answer(Choice::EndMain).unwrap();
    // Turn 1: the battle phase is skipped, main 2 follows.
    let r = decision(&mut g);
    assert_eq!(r.prompt, "P1, main phase 2: 8 DP");
}

#[test]
fn lb_1_1_a_creature_told_not_to_attack_stays_out_of_the_battle() {
    let mut g = board(
        vec![creature("A", 1, 5, 1, 0), creature("B", 1, 7, 1, 0)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let b = g.put_into_line(P2, "B", Line::Attack).unwrap();
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::NoAttack { attacker: b }).unwrap();
    assert!(g.log().contains(&Event::NoOrder { attacker: b }));
    let r = decision(&mut g);
    assert!(
        !r.choices().any(|c| matches!(c,
            Choice::Order { attacker, .. } | Choice::NoAttack { attacker } if *attacker == b)),
        "B has had its answer"
    );
    g.answer(Choice::Order {
        attacker: a,
        target: Target::Master,
    })
    .unwrap();
    let _ = g.next();
    assert!(g.log().contains(&Event::OrdersStand { count: 1 }));
    assert_eq!(g.lp(P1), 15, "20 − A's AT 5; B (AT 7) did not attack");
}

#[test]
fn lb_1_3_cancelling_one_order_keeps_the_other_creatures_when_ordered_effects() {
    // X, Y and Z are ordered in this order; X's when-ordered effect cancels Y's order only.
    // Y's queued when-ordered effect is cancelled; Z's, queued after it, still works.
    let x = with_script(
        creature("X", 1, 1, 1, 0),
        "When Ordered to Attack",
        "let done = false; for c in my_attack_line() { \
         if c != this_card() && !done { cancel_order(c); done = true; } }",
    );
    let y = with_script(
        creature("Y", 1, 9, 9, 0),
        "When Ordered to Attack",
        "gain_lp(5);",
    );
    let z = with_script(
        creature("Z", 1, 2, 1, 0),
        "When Ordered to Attack",
        "gain_lp(3);",
    );
    let mut g = board(vec![x, y, z], None);
    let xi = g.put_into_line(P2, "X", Line::Attack).unwrap();
    let yi = g.put_into_line(P2, "Y", Line::Attack).unwrap();
    let zi = g.put_into_line(P2, "Z", Line::Attack).unwrap();
    g.answer(Choice::EndMain).unwrap();
    for a in [xi, yi, zi] {
        g.answer(Choice::Order {
            attacker: a,
            target: Target::Master,
        })
        .unwrap();
    }
    let _ = g.next();
    let cancelled: Vec<_> = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::EffectCancelled { .. }))
        .collect();
    assert_eq!(
        cancelled,
        [&Event::EffectCancelled {
            card: yi,
            effect: 0
        }]
    );
    assert_eq!(g.lp(P2), 23, "Z's effect (+3) worked, Y's (+5) did not");
    assert_eq!(g.lp(P1), 17, "X's AT 1 and Z's AT 2 reached the master");
}
