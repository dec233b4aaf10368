//! Line battle LB-3 … LB-5 (`docs/rules/line-battle.md`): the power comparisons,
//! damage calculation in line order, master damage, battle success and the end of battle,
//! with the values the rules give.

use carddb::Line;
use engine::core::{InstanceId, PlayerId};
use engine::rules::line_battle::events::{Event, Outcome};
use engine::rules::line_battle::state::Zone;
use engine::rules::line_battle::testkit::*;
use engine::rules::line_battle::{Choice, DecisionKind, Game, Step, Target};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// Ends P2's main 1, gives `orders` in this sequence, then done; runs to main 2.
fn battle(g: &mut Game, orders: &[(InstanceId, Target)]) {
    g.answer(Choice::EndMain).unwrap();
    for &(attacker, target) in orders {
        g.answer(Choice::Order { attacker, target }).unwrap();
    }
    if let Step::Decision(r) = g.next()
        && r.kind == DecisionKind::Order
    {
        g.answer(Choice::DoneOrdering).unwrap();
    }
    let _ = g.next();
    g.check_invariants().unwrap();
}

fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log().iter().position(f).expect("event in the log")
}

/// Attacker value, defender value, DF tie-break, outcome.
type Compared = (u32, u32, Option<(u32, u32)>, Outcome);

fn compared(g: &Game) -> Vec<Compared> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Compared {
                attacker_value,
                defender_value,
                tie_break,
                outcome,
                ..
            } => Some((*attacker_value, *defender_value, *tie_break, *outcome)),
            _ => None,
        })
        .collect()
}

fn zone(g: &Game, c: InstanceId) -> Zone {
    g.state().zone(c)
}

#[test]
fn lb_3_2_at_vs_at_higher_wins() {
    let mut g = board(
        vec![creature("A", 1, 6, 1, 0), creature("D", 1, 4, 9, 0)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(
        compared(&g),
        [(6, 4, None, Outcome::AttackerWins)],
        "AT 6 > AT 4; DF not read"
    );
    assert_eq!(zone(&g, d), Zone::Graveyard(P1));
    assert_eq!(zone(&g, a), Zone::Line(P2, Line::Attack));
}

#[test]
fn lb_3_2_equal_at_then_df_decides() {
    // AT 5 vs AT 5, DF 3 vs DF 2: the attacker wins.
    let mut g = board(
        vec![creature("A", 1, 5, 3, 0), creature("D", 1, 5, 2, 0)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(compared(&g), [(5, 5, Some((3, 2)), Outcome::AttackerWins)]);
    assert_eq!(zone(&g, d), Zone::Graveyard(P1));
    assert_eq!(zone(&g, a), Zone::Line(P2, Line::Attack));
}

#[test]
fn lb_3_2_equal_on_both_is_a_draw_and_both_are_destroyed() {
    let mut g = board(
        vec![creature("A", 1, 5, 3, 0), creature("D", 1, 5, 3, 7)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(
        compared(&g),
        [(5, 5, Some((3, 3)), Outcome::Draw)],
        "SH plays no part here"
    );
    assert_eq!(zone(&g, a), Zone::Graveyard(P2));
    assert_eq!(zone(&g, d), Zone::Graveyard(P1));
}

#[test]
fn lb_3_3_at_minus_sh_against_df() {
    // AT 5 vs DF 4 SH 2: 5 − 2 = 3 < 4: the attacker loses and goes to the graveyard at
    // the end of battle (LB-4.2, LB-5.1).
    let mut g = board(
        vec![creature("A", 1, 5, 9, 0), creature("D", 1, 1, 4, 2)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(compared(&g), [(3, 4, None, Outcome::DefenderWins)]);
    assert_eq!(zone(&g, a), Zone::Graveyard(P2));
    assert_eq!(zone(&g, d), Zone::Line(P1, Line::Defense));
    let waiting = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Destroyed(_), .. } if *card == a),
    );
    let grave = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Graveyard(_), .. } if *card == a),
    );
    let ended = pos(&g, |e| matches!(e, Event::BattleEnded));
    assert!(waiting < grave && grave < ended);
}

#[test]
fn lb_3_3_equal_is_a_draw_higher_wins_and_sh_saturates() {
    // AT 6 − SH 2 = 4 = DF 4: a draw, both destroyed.
    let mut g = board(
        vec![creature("A", 1, 6, 1, 0), creature("D", 1, 1, 4, 2)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(compared(&g), [(4, 4, None, Outcome::Draw)]);
    assert_eq!(
        (zone(&g, a), zone(&g, d)),
        (Zone::Graveyard(P2), Zone::Graveyard(P1))
    );
    // AT 7 − 2 = 5 > 4: the attacker wins.
    let mut g = board(
        vec![creature("A", 1, 7, 1, 0), creature("D", 1, 1, 4, 2)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(compared(&g), [(5, 4, None, Outcome::AttackerWins)]);
    assert_eq!(zone(&g, d), Zone::Graveyard(P1));
    // AT 2 − SH 9 saturates at 0 < DF 0? DF 1: the defender wins.
    let mut g = board(
        vec![creature("A", 1, 2, 1, 0), creature("D", 1, 1, 1, 9)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    assert_eq!(compared(&g), [(0, 1, None, Outcome::DefenderWins)]);
}

#[test]
fn lb_3_1_when_battles_works_for_attacker_and_defender() {
    let a = with_script(creature("A", 1, 5, 1, 0), "When Battles", "gain_lp(1);");
    let d = with_script(creature("D", 1, 1, 1, 0), "When Battles", "gain_lp(3);");
    let mut g = board(vec![a, d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    let began = pos(&g, |e| matches!(e, Event::BattleBegan { .. }));
    let mine = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P2,
                delta: 1,
                ..
            }
        )
    });
    let theirs = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P1,
                delta: 3,
                ..
            }
        )
    });
    let cmp = pos(&g, |e| matches!(e, Event::Compared { .. }));
    assert!(began < mine && mine < theirs && theirs < cmp);
    assert_eq!((g.lp(P1), g.lp(P2)), (23, 21));
}

#[test]
fn lb_4_1_the_attack_line_is_checked_before_the_defense_line() {
    // The order on the defense-line creature is given first; the attack line is still
    // checked first, and its creature is destroyed, so the defense line is then checked.
    let mut g = board(
        vec![
            creature("A1", 1, 9, 1, 0),
            creature("A2", 1, 9, 1, 0),
            creature("DA", 1, 2, 2, 0),
            creature("DD", 1, 1, 3, 1),
        ],
        None,
    );
    let a1 = g.put_into_line(P2, "A1", Line::Attack).unwrap();
    let a2 = g.put_into_line(P2, "A2", Line::Attack).unwrap();
    let da = g.put_into_line(P1, "DA", Line::Attack).unwrap();
    let dd = g.put_into_line(P1, "DD", Line::Defense).unwrap();
    battle(
        &mut g,
        &[(a2, Target::Creature(dd)), (a1, Target::Creature(da))],
    );
    assert_eq!(
        compared(&g),
        [
            (9, 2, None, Outcome::AttackerWins),
            (8, 3, None, Outcome::AttackerWins)
        ],
        "attack line (AT 9 vs 2) first, then defense line (9 − 1 = 8 vs DF 3)"
    );
    assert_eq!(
        (zone(&g, da), zone(&g, dd)),
        (Zone::Graveyard(P1), Zone::Graveyard(P1))
    );
}

#[test]
fn lb_4_2_a_loser_waits_off_the_field_until_the_end_of_battle() {
    // During its battle-success effect, the destroyed creature is neither on the field nor in
    // the graveyard: `my_creatures()` does not hold it.
    let d = with_script(
        creature("D", 1, 1, 1, 0),
        "When Battle Succeeds",
        "gain_lp(my_creatures().len() * 10 + 1);",
    );
    let mut g = board(vec![creature("A", 1, 5, 1, 0), d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let di = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(di))]);
    assert!(g.log().contains(&Event::Destroyed {
        card: di,
        waiting: true
    }));
    assert_eq!(g.lp(P1), 21, "0 creatures on P1's field + 1");
    assert_eq!(zone(&g, di), Zone::Graveyard(P1));
}

#[test]
fn lb_4_3_a_creature_left_in_the_attack_line_shields_the_defense_line_and_master() {
    // P1 has two attack-line creatures; only one is attacked (and destroyed). The other
    // stays: the defense-line attack is not checked and the master attack does not reach.
    let mut g = board(
        vec![
            creature("A1", 1, 9, 1, 0),
            creature("A2", 1, 9, 1, 0),
            creature("A3", 1, 9, 1, 0),
            creature("DA", 1, 2, 2, 0),
            creature("DB", 1, 2, 2, 0),
            creature("DD", 1, 1, 3, 1),
        ],
        None,
    );
    let a1 = g.put_into_line(P2, "A1", Line::Attack).unwrap();
    let a2 = g.put_into_line(P2, "A2", Line::Attack).unwrap();
    let a3 = g.put_into_line(P2, "A3", Line::Attack).unwrap();
    let da = g.put_into_line(P1, "DA", Line::Attack).unwrap();
    g.put_into_line(P1, "DB", Line::Attack).unwrap();
    let dd = g.put_into_line(P1, "DD", Line::Defense).unwrap();
    battle(
        &mut g,
        &[
            (a1, Target::Creature(da)),
            (a2, Target::Creature(dd)),
            (a3, Target::Master),
        ],
    );
    assert_eq!(
        compared(&g).len(),
        1,
        "only the attack-line battle is checked"
    );
    let not: Vec<InstanceId> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::NotChecked { attacker, reason } if reason.starts_with("LB-4.3") => {
                Some(*attacker)
            }
            _ => None,
        })
        .collect();
    assert_eq!(not, [a2, a3]);
    assert_eq!(zone(&g, dd), Zone::Line(P1, Line::Defense));
    assert_eq!(g.lp(P1), 20);
}

#[test]
fn lb_4_3_pass_through_lets_an_attack_reach_the_master() {
    let a = with_script(
        creature("A", 1, 4, 1, 0),
        "When Ordered to Attack",
        "pass_through(this_card());",
    );
    let mut g = board(
        vec![a, creature("DA", 1, 2, 2, 0), creature("DD", 1, 1, 3, 1)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    g.put_into_line(P1, "DA", Line::Attack).unwrap();
    g.put_into_line(P1, "DD", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Master)]);
    assert!(g.log().contains(&Event::PassThrough { card: a }));
    assert_eq!(g.lp(P1), 16, "20 − AT 4 despite both lines");
}

#[test]
fn lb_4_4_a_defense_line_creature_shields_the_master_until_it_is_destroyed() {
    // Only the defense line is occupied: a lone master attack does not reach.
    let mut g = board(
        vec![creature("A", 1, 6, 1, 0), creature("DD", 1, 1, 3, 1)],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    g.put_into_line(P1, "DD", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Master)]);
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::NotChecked { reason, .. } if reason.starts_with("LB-4.4")))
    );
    assert_eq!(g.lp(P1), 20);
    // With a second attacker that destroys the defender (6 − 1 = 5 > 3), the master attack
    // reaches: LP 20 − 6 = 14.
    let mut g = board(
        vec![
            creature("A", 1, 6, 1, 0),
            creature("B", 1, 6, 1, 0),
            creature("DD", 1, 1, 3, 1),
        ],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let b = g.put_into_line(P2, "B", Line::Attack).unwrap();
    let dd = g.put_into_line(P1, "DD", Line::Defense).unwrap();
    battle(&mut g, &[(a, Target::Master), (b, Target::Creature(dd))]);
    assert_eq!(g.lp(P1), 14);
}

#[test]
fn lb_4_5_the_master_loses_lp_equal_to_the_attackers_at() {
    // AT 3 + 2 (an effect until end of turn) = 5: LP 20 → 15.
    let a = with_script(
        creature("A", 1, 3, 1, 0),
        "When Ordered to Attack",
        "at_plus(this_card(), 2);",
    );
    let mut g = board(vec![a], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Master)]);
    assert!(g.log().contains(&Event::MasterDamaged {
        player: P1,
        attacker: a,
        amount: 5,
        lp: 15
    }));
    assert_eq!(g.lp(P1), 15);
}

#[test]
fn lb_4_6_battle_success_works_for_a_destroyed_creature_before_the_graveyard() {
    // The attacker loses (AT 2 vs AT 5) and is destroyed; its battle-success effect still
    // runs, after damage and before it goes to the graveyard; the winner's does too.
    let a = with_script(
        creature("A", 1, 2, 1, 0),
        "When Battle Succeeds",
        "gain_lp(4);",
    );
    let d = with_script(
        creature("D", 1, 5, 1, 0),
        "When Attack Succeeds",
        "gain_lp(1);",
    );
    let mut g = board(vec![a, d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(d))]);
    let destroyed = pos(&g, |e| {
        *e == Event::Destroyed {
            card: a,
            waiting: true,
        }
    });
    let success = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P2,
                delta: 4,
                ..
            }
        )
    });
    let grave = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Graveyard(_), .. } if *card == a),
    );
    assert!(destroyed < success && success < grave);
    assert_eq!(
        (g.lp(P2), g.lp(P1)),
        (24, 21),
        "both, the attacked winner too"
    );
}

#[test]
fn lb_5_1_end_of_battle_effects_after_the_graveyard() {
    let a = with_script(creature("A", 1, 5, 1, 0), "At End of Battle", "draw(1);");
    let d = with_script(creature("D", 1, 1, 1, 0), "After Battle", "gain_lp(9);");
    let mut g = board(vec![a, d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    let hand = g.state().zones.pile(Zone::Hand(P2)).len();
    battle(&mut g, &[(a, Target::Creature(d))]);
    let ended = pos(&g, |e| matches!(e, Event::BattleEnded));
    let started = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == a),
    );
    assert!(ended < started);
    // LB-5.1 before main phase 2 (LB-0.3): the effect resolves before the phase begins.
    let main2 = ended
        + g.log()[ended..]
            .iter()
            .position(|e| matches!(e, Event::PhaseBegan { phase } if phase == "main 2"))
            .expect("main 2 after the battle");
    assert!(
        started < main2,
        "end-of-battle effects resolve before main 2"
    );
    assert_eq!(g.state().zones.pile(Zone::Hand(P2)).len(), hand + 1);
    assert_eq!(zone(&g, d), Zone::Graveyard(P1));
    assert_eq!(
        g.lp(P1),
        20,
        "a creature in the graveyard has no end-of-battle effect"
    );
}

#[test]
fn lb_2_2_an_effect_counted_when_attacked_takes_effect_at_the_end_of_battle() {
    // The defender's when-attacked effect starts at LB-2.2 and takes effect at LB-5.1:
    // its master gains 3 LP after the battle ended, though the defender lost (AT 5 vs 1).
    let d = with_script(
        creature("D", 1, 1, 1, 0),
        "When Attacked",
        "fn later() { gain_lp(3); } at_end_of_battle(\"later\");",
    );
    let mut g = board(vec![creature("A", 1, 5, 1, 0), d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let di = g.put_into_line(P1, "D", Line::Attack).unwrap();
    battle(&mut g, &[(a, Target::Creature(di))]);
    let ended = pos(&g, |e| matches!(e, Event::BattleEnded));
    let gained = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P1,
                delta: 3,
                lp: 23
            }
        )
    });
    assert!(ended < gained);
    assert_eq!(zone(&g, di), Zone::Graveyard(P1));
    // Outside a battle there is no end of battle to wait for.
    let c = with_script(
        creature("T", 1, 1, 1, 0),
        "When Played",
        "fn later() { gain_lp(3); } at_end_of_battle(\"later\");",
    );
    let mut g = board(vec![c], None);
    let t = g.put_into_hand(P2, "T").unwrap();
    g.answer(Choice::Play {
        card: t,
        line: Line::Attack,
    })
    .unwrap();
    let _ = g.next();
    assert!(g.log().iter().any(|e| matches!(e,
        Event::EffectInert { card, reason, .. } if *card == t && reason.contains("no battle"))));
    assert_eq!(g.lp(P2), 20);
}
