//! Line battle LB-0 … LB-2 (`docs/rules/line-battle.md`): set-up, turn, DP, losses,
//! orders (all at once, LB-1.4, cancelling) and performing attacks. Cards are synthetic
//! `carddb::CardDef` values (`rules::line_battle::testkit`).

use carddb::Line;
use engine::core::PlayerId;
use engine::rules::line_battle::events::Event;
use engine::rules::line_battle::state::Zone;
use engine::rules::line_battle::testkit::*;
use engine::rules::line_battle::{
    Choice, DecisionKind, Game, LineBattleConfig, LineLibrary, SetupError, Step, Target,
};
use engine::script::ScriptSources;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn lib(extra: Vec<carddb::CardDef>) -> LineLibrary {
    let mut defs = fillers();
    defs.push(master("M", None));
    defs.push(master("M25", Some(25)));
    defs.extend(extra);
    LineLibrary::new(defs, &ScriptSources::default()).unwrap()
}

fn cfg() -> LineBattleConfig {
    LineBattleConfig {
        first_player: Some(P1),
        ..LineBattleConfig::default()
    }
}

fn decision(g: &mut Game) -> engine::rules::line_battle::DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("game over: {r:?}"),
    }
}

fn hand(g: &Game, p: PlayerId) -> usize {
    g.state().zones.pile(Zone::Hand(p)).len()
}

/// Plays orders: ends P2's main 1, gives `orders` then done.
fn order(g: &mut Game, orders: &[(engine::core::InstanceId, Target)]) {
    g.answer(Choice::EndMain).unwrap();
    for &(attacker, target) in orders {
        g.answer(Choice::Order { attacker, target }).unwrap();
    }
    if let Step::Decision(r) = g.next()
        && r.kind == DecisionKind::Order
    {
        g.answer(Choice::DoneOrdering).unwrap();
    }
}

fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log()
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("event not in the log"))
}

#[test]
fn lb_0_1_deck_size_copies_master_lp_and_opening_hand() {
    // LB-0.1: 40–60 cards, at most 3 copies; LP from the master card, default 20; draw 5.
    let l = lib(vec![creature("C", 1, 1, 1, 0)]);
    let short: Vec<String> = deck(&[]).into_iter().take(39).collect();
    let e = Game::new(
        cfg(),
        l.clone(),
        [("M".into(), short), ("M".into(), deck(&[]))],
        1,
    )
    .unwrap_err();
    assert_eq!(
        e,
        SetupError::DeckSize {
            player: P1,
            size: 39,
            min: 40,
            max: 60
        }
    );
    let four = deck(&["C", "C", "C", "C"]);
    let e = Game::new(
        cfg(),
        l.clone(),
        [("M".into(), deck(&[])), ("M".into(), four)],
        1,
    )
    .unwrap_err();
    assert_eq!(
        e,
        SetupError::TooManyCopies {
            player: P2,
            card: "C".into(),
            count: 4,
            max: 3
        }
    );
    let e = Game::new(
        cfg(),
        l.clone(),
        [("C".into(), deck(&[])), ("M".into(), deck(&[]))],
        1,
    )
    .unwrap_err();
    assert!(matches!(e, SetupError::NotAMaster { card, .. } if card == "C"));
    let g = Game::new(
        cfg(),
        l,
        [("M25".into(), deck(&[])), ("M".into(), deck(&[]))],
        1,
    )
    .unwrap();
    assert_eq!(g.lp(P1), 25, "the master card's LP");
    assert_eq!(g.lp(P2), 20, "LB-0.1 default 20");
    assert_eq!(hand(&g, P1), 5);
    assert_eq!(hand(&g, P2), 5);
    g.check_invariants().unwrap();
}

#[test]
fn lb_0_2_dp_start_reset_and_extra_draw() {
    // LB-0.2: first player 8 DP, second 10; reset to 8 at each later start phase; 4 DP buy
    // one extra card.
    let mut g = Game::new(
        cfg(),
        lib(vec![]),
        [("M".into(), deck(&[])), ("M".into(), deck(&[]))],
        3,
    )
    .unwrap();
    let r = decision(&mut g);
    assert_eq!((r.player, g.state().dp), (P1, [8, 10]));
    let before = hand(&g, P1);
    g.answer(Choice::BuyDraw).unwrap();
    assert_eq!(g.state().dp[0], 4);
    assert_eq!(hand(&g, P1), before + 1);
    g.answer(Choice::BuyDraw).unwrap();
    assert_eq!(g.state().dp[0], 0);
    assert!(
        !decision(&mut g).is_legal(&Choice::BuyDraw),
        "0 DP buys nothing"
    );
    advance_to_main(&mut g, P2, 1);
    assert_eq!(
        g.state().dp[1],
        10,
        "the second player's first turn keeps its 10"
    );
    advance_to_main(&mut g, P1, 1);
    assert_eq!(g.state().dp[0], 8, "turn 3: reset to 8");
    advance_to_main(&mut g, P2, 1);
    assert_eq!(g.state().dp[1], 8, "turn 4: reset to 8");
}

#[test]
fn lb_0_3_first_turn_skips_draw_and_battle_and_play_pays_dp() {
    // LB-0.3: the first player skips the draw and the battle phase of turn 1; a creature is
    // played into a line it allows, paying its DP cost; only lines it allows are offered.
    let mut only_def = creature("WALL", 3, 1, 5, 2);
    only_def.creature.as_mut().unwrap().lines = vec![Line::Defense];
    let l = lib(vec![only_def, creature("C", 9, 4, 4, 0)]);
    let d = deck(&["WALL", "C"]);
    let mut g = Game::new(cfg(), l, [("M".into(), d.clone()), ("M".into(), d)], 5).unwrap();
    let _ = decision(&mut g);
    assert_eq!(hand(&g, P1), 5, "no draw on turn 1");
    advance_to_main(&mut g, P2, 1);
    let skipped: Vec<&str> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::PhaseSkipped { phase, .. } => Some(phase.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(skipped, ["draw", "battle"]);
    assert_eq!(hand(&g, P2), 6, "the second player draws on turn 2");
    let in_hand = |g: &Game, id: &str| {
        g.state()
            .zones
            .pile(Zone::Hand(P2))
            .iter()
            .copied()
            .find(|&c| g.state().card_id(c) == id)
    };
    let wall = in_hand(&g, "WALL")
        .or_else(|| g.put_into_hand(P2, "WALL"))
        .unwrap();
    let c = in_hand(&g, "C")
        .or_else(|| g.put_into_hand(P2, "C"))
        .unwrap();
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Play {
        card: wall,
        line: Line::Defense
    }));
    assert!(
        !r.is_legal(&Choice::Play {
            card: wall,
            line: Line::Attack
        }),
        "WALL: defense only"
    );
    assert!(
        r.is_legal(&Choice::Play {
            card: c,
            line: Line::Attack
        }),
        "cost 9 ≤ 10 DP"
    );
    g.answer(Choice::Play {
        card: c,
        line: Line::Attack,
    })
    .unwrap();
    assert_eq!(g.state().dp[1], 1, "10 − 9");
    assert_eq!(g.state().zone(c), Zone::Line(P2, Line::Attack));
    let r = decision(&mut g);
    assert!(
        !r.is_legal(&Choice::Play {
            card: wall,
            line: Line::Defense
        }),
        "cost 3 > 1 DP"
    );
}

#[test]
fn lb_0_4_master_at_zero_lp_loses() {
    // LB-0.4: a master at 0 LP or below loses. AT 20 on an open master of 20 LP.
    let mut g = board(vec![creature("BIG", 1, 20, 1, 0)], None);
    let a = g.put_into_line(P2, "BIG", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Master)]);
    match g.next() {
        Step::Over(r) => {
            assert_eq!(r.winner, Some(P2));
            assert!(r.reason.contains("master LP reached 0"), "{}", r.reason);
        }
        Step::Decision(d) => panic!("still playing: {}", d.prompt),
    }
    assert_eq!(g.lp(P1), 0);
}

#[test]
fn lb_0_4_drawing_from_an_empty_deck_loses() {
    // LB-0.4 with a 6-card deck (deck_min 6): 5 in hand, P2 draws the 6th on turn 2 and
    // must draw from an empty deck on turn 4.
    let config = LineBattleConfig {
        deck_min: 6,
        ..cfg()
    };
    let d: Vec<String> = deck(&[]).into_iter().take(6).collect();
    let mut g = Game::new(
        config,
        lib(vec![]),
        [("M".into(), d.clone()), ("M".into(), d)],
        2,
    )
    .unwrap();
    let mut guard = 0;
    let r = loop {
        guard += 1;
        assert!(guard < 100);
        match g.next() {
            Step::Over(r) => break r,
            Step::Decision(req) => {
                let c = if req.kind == DecisionKind::Order {
                    Choice::DoneOrdering
                } else {
                    Choice::EndMain
                };
                g.answer(c).unwrap();
            }
        }
    };
    // P1 draws on turn 3 from its 1 remaining card; P2 on turn 4 from 0.
    assert_eq!(r.winner, Some(P1), "{}", r.reason);
    assert!(r.reason.contains("empty deck"));
    assert_eq!(g.state().turn, 4);
}

#[test]
fn lb_1_1_orders_are_given_together_and_only_attack_line_creatures_attack() {
    let mut g = board(
        vec![
            creature("A", 1, 5, 1, 0),
            creature("B", 1, 5, 1, 0),
            creature("W", 1, 1, 1, 0),
        ],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let b = g.put_into_line(P2, "B", Line::Attack).unwrap();
    let w = g.put_into_line(P2, "W", Line::Defense).unwrap();
    g.answer(Choice::EndMain).unwrap();
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::Order);
    assert!(
        !r.choices().any(|c| matches!(c, Choice::Order { attacker, .. } | Choice::NoAttack { attacker } if *attacker == w)),
        "a defense-line creature gets no order (LB-1.1, assumed)"
    );
    g.answer(Choice::Order {
        attacker: a,
        target: Target::Master,
    })
    .unwrap();
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::AttackPerformed { .. })),
        "not yet attacking (LB-1.2)"
    );
    g.answer(Choice::Order {
        attacker: b,
        target: Target::Master,
    })
    .unwrap();
    // Both ordered: the orders stand by themselves.
    let _ = g.next();
    let stand = pos(&g, |e| matches!(e, Event::OrdersStand { count: 2 }));
    let first_attack = pos(&g, |e| matches!(e, Event::AttackPerformed { .. }));
    assert!(stand < first_attack);
    assert_eq!(g.lp(P1), 10, "20 − 5 − 5 (LB-1.4: several on the master)");
}

#[test]
fn lb_1_2_when_ordered_effects_work_at_the_order() {
    let a = with_script(
        creature("A", 1, 3, 1, 0),
        "When Ordered to Attack",
        "gain_lp(2);",
    );
    let mut g = board(vec![a], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Master)]);
    let _ = g.next();
    let stand = pos(&g, |e| matches!(e, Event::OrdersStand { .. }));
    let gained = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P2,
                delta: 2,
                lp: 22
            }
        )
    });
    let performed = pos(&g, |e| matches!(e, Event::AttackPerformed { .. }));
    assert!(stand < gained && gained < performed);
}

#[test]
fn lb_1_2_alias_labels_map_to_the_order_timing() {
    use engine::rules::line_battle::Timing;
    for l in [
        "When Attacks",
        "(When Goes to Attack)",
        "when ordered to attack",
    ] {
        assert_eq!(Timing::from_label(l), Some(Timing::WhenOrdered), "{l}");
    }
    assert_eq!(
        Timing::from_label("When Targeted by an Attack"),
        Some(Timing::WhenAttacked)
    );
    assert_eq!(
        Timing::from_label("When Attack Succeeds"),
        Some(Timing::WhenBattleSucceeds)
    );
    assert_eq!(
        Timing::from_label("After Battle"),
        Some(Timing::EndOfBattle)
    );
    assert_eq!(Timing::from_label("When Summoned"), None);
}

#[test]
fn lb_1_3_a_cancelled_order_goes_no_further() {
    // X (ordered first) cancels Y's order; Y's when-ordered effect, still queued, is
    // cancelled; Y does not attack and is not successful.
    let x = with_script(
        creature("X", 1, 1, 1, 0),
        "When Ordered to Attack",
        "for c in my_attack_line() { if c != this_card() { cancel_order(c); } }",
    );
    let y = with_script(
        with_script(
            creature("Y", 1, 9, 9, 0),
            "When Ordered to Attack",
            "gain_lp(5);",
        ),
        "When Battle Succeeds",
        "gain_lp(7);",
    );
    let mut g = board(vec![x, y], None);
    let xi = g.put_into_line(P2, "X", Line::Attack).unwrap();
    let yi = g.put_into_line(P2, "Y", Line::Attack).unwrap();
    order(&mut g, &[(xi, Target::Master), (yi, Target::Master)]);
    let _ = g.next();
    assert!(g.log().contains(&Event::OrderCancelled { attacker: yi }));
    assert!(g.log().contains(&Event::EffectCancelled {
        card: yi,
        effect: 0
    }));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::AttackPerformed { attacker, .. } if *attacker == yi))
    );
    assert_eq!(
        g.lp(P2),
        20,
        "neither Y's order effect nor its success effect ran"
    );
    assert_eq!(g.lp(P1), 19, "only X's AT 1 reached the master");
}

#[test]
fn lb_1_4_no_two_attackers_on_one_creature() {
    let mut g = board(
        vec![
            creature("A", 1, 5, 1, 0),
            creature("B", 1, 5, 1, 0),
            creature("D", 1, 1, 1, 0),
        ],
        None,
    );
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let b = g.put_into_line(P2, "B", Line::Attack).unwrap();
    let d = g.put_into_line(P1, "D", Line::Attack).unwrap();
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Order {
        attacker: a,
        target: Target::Creature(d),
    })
    .unwrap();
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::Order {
        attacker: b,
        target: Target::Creature(d)
    }));
    assert!(r.is_legal(&Choice::Order {
        attacker: b,
        target: Target::Master
    }));
    let e = g.answer(Choice::Order {
        attacker: b,
        target: Target::Creature(d),
    });
    assert!(e.is_err(), "refused, nothing changes");
}

#[test]
fn lb_2_2_when_attacked_works_once_the_attack_is_performed() {
    let d = with_script(creature("D", 1, 1, 1, 0), "When Attacked", "gain_lp(1);");
    let mut g = board(vec![creature("A", 1, 5, 1, 0), d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let di = g.put_into_line(P1, "D", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Creature(di))]);
    let _ = g.next();
    let performed = pos(&g, |e| matches!(e, Event::AttackPerformed { .. }));
    let fired = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P1,
                delta: 1,
                ..
            }
        )
    });
    let battle = pos(&g, |e| matches!(e, Event::BattleBegan { .. }));
    assert!(
        performed < fired && fired < battle,
        "LB-2.2 between LB-2.1 and LB-3.1"
    );
    assert_eq!(g.lp(P1), 21);
}

#[test]
fn lb_2_1_an_attack_whose_attacker_left_before_the_battle_goes_no_further() {
    // The attacked creature's when-attacked effect destroys the attacker (LB-2.2 comes
    // before LB-3.1): no battle, the defender stays.
    let d = with_script(
        creature("D", 1, 1, 1, 0),
        "When Attacked",
        "for c in opponent_attack_line() { if attack_target(c) == this_card() { destroy(c); } }",
    );
    let mut g = board(vec![creature("A", 1, 9, 9, 0), d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let di = g.put_into_line(P1, "D", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Creature(di))]);
    let _ = g.next();
    assert!(
        g.log().contains(&Event::Destroyed {
            card: a,
            waiting: true
        }),
        "in battle it waits (LB-4.2)"
    );
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::AttackEnded { attacker, .. } if *attacker == a))
    );
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BattleBegan { .. }))
    );
    assert_eq!(g.state().zone(a), Zone::Graveyard(P2));
    assert_eq!(g.state().zone(di), Zone::Line(P1, Line::Attack));
}

#[test]
fn lb_1_3_an_order_cannot_be_cancelled_once_performed() {
    let d = with_script(
        creature("D", 1, 1, 1, 0),
        "When Attacked",
        "for c in opponent_attack_line() { cancel_order(c); }",
    );
    let mut g = board(vec![creature("A", 1, 9, 9, 0), d], None);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    let di = g.put_into_line(P1, "D", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Creature(di))]);
    let _ = g.next();
    assert!(g.log().iter().any(|e| matches!(e,
        Event::EffectInert { card, reason, .. } if *card == di && reason.contains("already performed"))));
    assert_eq!(
        g.state().zone(di),
        Zone::Graveyard(P1),
        "AT 9 > AT 1: the battle happened"
    );
}

#[test]
fn lb_2_2_a_master_attacked_has_its_when_attacked_effects() {
    // P1's master card gains 2 LP when an attack on it is performed, before the damage:
    // 20 + 2 − AT 5 = 17.
    let l = lib(vec![
        creature("A", 1, 5, 1, 0),
        with_script(master("MA", None), "When Attacked", "gain_lp(2);"),
    ]);
    let d = deck(&["A"]);
    let mut g = Game::new(cfg(), l, [("MA".into(), d.clone()), ("M".into(), d)], 7).unwrap();
    advance_to_main(&mut g, P2, 1);
    let a = g.put_into_line(P2, "A", Line::Attack).unwrap();
    order(&mut g, &[(a, Target::Master)]);
    let _ = g.next();
    let gained = pos(&g, |e| {
        matches!(
            e,
            Event::LpChanged {
                player: P1,
                delta: 2,
                lp: 22
            }
        )
    });
    let damaged = pos(&g, |e| {
        matches!(
            e,
            Event::MasterDamaged {
                player: P1,
                amount: 5,
                lp: 17,
                ..
            }
        )
    });
    assert!(gained < damaged);
}

#[test]
fn carddb_validates_the_timing_labels_the_ruleset_reads() {
    // The pack validation (carddb) and the ruleset keep one list of labels each; they agree.
    use engine::rules::line_battle::Timing;
    for (label, main) in carddb::validate::line_battle::TIMINGS {
        let t = Timing::from_label(label).unwrap_or_else(|| panic!("{label}"));
        assert_eq!(t.label(), main, "{label}");
        assert_eq!(
            carddb::validate::line_battle::timing(&label.to_uppercase()),
            Some(main)
        );
    }
    assert_eq!(carddb::validate::line_battle::TIMINGS.len(), 12);
}
