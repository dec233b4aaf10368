//! BS-0: deck construction presets, setup and mulligan, the void, losing, conservation, the first
//! turn.

use super::*;

#[test]
fn bs_0_1_deck_construction_presets() {
    let lib = library();
    let saga = RulesConfig::saga();
    let jp = RulesConfig::japanese();
    let deck = |n: usize, copies: usize| -> Vec<String> {
        let ids: Vec<String> = lib.iter().map(|d| d.id.clone()).collect();
        let mut d: Vec<String> = std::iter::repeat_n(ids[0].clone(), copies).collect();
        let mut i = 1;
        while d.len() < n {
            for _ in 0..3 {
                if d.len() < n {
                    d.push(ids[i].clone());
                }
            }
            i += 1;
        }
        d
    };
    // Saga: 50–60 cards, at most 4 copies.
    assert!(check_deck(&saga, &lib, P0, &deck(50, 4)).is_ok());
    assert!(check_deck(&saga, &lib, P0, &deck(60, 4)).is_ok());
    assert_eq!(
        check_deck(&saga, &lib, P0, &deck(49, 3)),
        Err(DeckError::TooFewCards {
            player: P0,
            count: 49,
            min: 50
        })
    );
    assert_eq!(
        check_deck(&saga, &lib, P1, &deck(61, 3)),
        Err(DeckError::TooManyCards {
            player: P1,
            count: 61,
            max: 60
        })
    );
    let name = lib.iter().next().unwrap().name.clone();
    assert_eq!(
        check_deck(&saga, &lib, P0, &deck(50, 5)),
        Err(DeckError::TooManyCopies {
            player: P0,
            name: name.clone(),
            count: 5,
            max: 4
        })
    );
    // Japanese: at least 40, at most 3 copies, no maximum size.
    assert!(check_deck(&jp, &lib, P0, &deck(40, 3)).is_ok());
    assert!(check_deck(&jp, &lib, P0, &deck(63, 3)).is_ok());
    assert_eq!(
        check_deck(&jp, &lib, P0, &deck(39, 3)),
        Err(DeckError::TooFewCards {
            player: P0,
            count: 39,
            min: 40
        })
    );
    assert_eq!(
        check_deck(&jp, &lib, P0, &deck(40, 4)),
        Err(DeckError::TooManyCopies {
            player: P0,
            name,
            count: 4,
            max: 3
        })
    );
    let mut bad = deck(40, 3);
    bad[5] = "NOPE".into();
    assert_eq!(
        check_deck(&jp, &lib, P0, &bad),
        Err(DeckError::UnknownCard {
            player: P0,
            card: "NOPE".into()
        })
    );
    // Game::new refuses an illegal deck with a typed error.
    let e = Game::new(jp, lib.clone(), [deck(39, 3), deck(40, 3)], 1).unwrap_err();
    assert!(matches!(
        e,
        SetupError::Deck(DeckError::TooFewCards { count: 39, .. })
    ));
}

#[test]
fn bs_0_2_setup_life_reserve_soul_core_hand_and_one_mulligan() {
    let mut g = new_game(cfg());
    for p in PlayerId::BOTH {
        assert_eq!(g.life(p), 5);
        assert_eq!(g.reserve(p), 4);
        assert!(g.soul_at(CoreLoc::Reserve(p)));
        assert_eq!(
            g.st.cores
                .count_tagged_at(&CoreLoc::Reserve(p), types::SOUL_CORE),
            1
        );
        assert_eq!(g.pile(Zone::Hand(p)).len(), 4);
        assert_eq!(g.pile(Zone::Deck(p)).len(), 36);
    }
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::Mulligan, P0));
    assert!(r.is_legal(&Choice::Mulligan));
    g.answer(Choice::Mulligan).unwrap();
    // One mulligan only: P0 is done, P1 decides next.
    assert_eq!(g.pile(Zone::Hand(P0)).len(), 4);
    let r = req(&mut g);
    assert_eq!(r.player, P1);
    g.answer(Choice::Keep).unwrap();
    assert_eq!(g.pile(Zone::Hand(P1)).len(), 4, "Japanese: no keep bonus");
}

#[test]
fn bs_0_2_saga_keep_draws_one_extra_mulligan_does_not() {
    let mut saga = RulesConfig {
        first_player: Some(P0),
        ..RulesConfig::saga()
    };
    saga.min_deck = 40; // synthetic decks are 40 cards
    let mut g = Game::new(saga, library(), [deck0(), synthetic_deck("B")], 3).unwrap();
    g.answer(Choice::Keep).unwrap();
    assert_eq!(g.pile(Zone::Hand(P0)).len(), 5);
    g.answer(Choice::Mulligan).unwrap();
    assert_eq!(g.pile(Zone::Hand(P1)).len(), 4);
}

#[test]
fn bs_0_3_void_supplies_cores() {
    let g = main2();
    // P1's core step took one core from the void (from: None) into the reserve.
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::CoreMoved { from: None, to: Some(CoreLoc::Reserve(p)), .. } if *p == P1
    )));
    // 2 × (5 life + 4 reserve) at set-up + 1 core step.
    assert_eq!(g.st.ledger.from_supply, 19);
}

#[test]
fn bs_0_4_life_zero_loses() {
    let mut g = main1();
    for c in g.st.cores.ids_at(&CoreLoc::Life(P1)) {
        g.move_core(c, Some(CoreLoc::Reserve(P1)));
    }
    match g.next() {
        Step::Over(r) => assert_eq!(r.winner, Some(P0)),
        s => panic!("{s:?}"),
    }
    assert!(g.log().contains(&Event::PlayerLost {
        player: P1,
        reason: LossReason::LifeZero
    }));
}

#[test]
fn bs_0_4_empty_deck_at_start_step_loses() {
    let mut g = main1();
    for c in g.pile(Zone::Deck(P1)).to_vec() {
        g.move_card(c, Zone::Trash(P1));
    }
    g.answer(Choice::EndMain).unwrap();
    match g.next() {
        Step::Over(r) => assert_eq!(r.winner, Some(P0)),
        s => panic!("{s:?}"),
    }
    assert!(g.log().contains(&Event::PlayerLost {
        player: P1,
        reason: LossReason::DeckOut
    }));
}

#[test]
fn bs_0_4_both_lose_at_once_is_a_draw_or_as_configured() {
    for (rule, winner) in [
        (SimultaneousLoss::Draw, None),
        (SimultaneousLoss::TurnPlayerLoses, Some(P1)),
    ] {
        let mut g = new_game(RulesConfig {
            simultaneous_loss: rule,
            ..cfg()
        });
        g.answer(Choice::Keep).unwrap();
        g.answer(Choice::Keep).unwrap();
        for p in PlayerId::BOTH {
            for c in g.st.cores.ids_at(&CoreLoc::Life(p)) {
                g.move_core(c, Some(CoreLoc::Reserve(p)));
            }
        }
        match g.next() {
            Step::Over(r) => assert_eq!(r.winner, winner, "{rule:?}"),
            s => panic!("{s:?}"),
        }
    }
}

/// BS-0.2 / BS-0.4: set-up (cores placed, hands drawn, mulligans) comes before the game, and
/// life is checked from the first turn on. A rules option of 0 starting life lets set-up
/// finish; both players then lose at the start of turn 1, a draw.
#[test]
fn bs_0_4_life_is_checked_from_the_first_turn_not_during_set_up() {
    let mut g = new_game(RulesConfig {
        starting_life: 0,
        ..cfg()
    });
    for p in [P0, P1] {
        match g.next() {
            Step::Decision(r) => assert_eq!((r.player, r.kind), (p, DecisionKind::Mulligan)),
            s => panic!("set-up must ask for the mulligan: {s:?}"),
        }
        g.answer(Choice::Keep).unwrap();
    }
    match g.next() {
        Step::Over(r) => assert_eq!(r.winner, None, "both at 0 life: a draw"),
        s => panic!("{s:?}"),
    }
    assert_eq!(g.st.turn, 1);
    for p in [P0, P1] {
        assert!(g.log().contains(&Event::PlayerLost {
            player: p,
            reason: LossReason::LifeZero
        }));
    }
}

#[test]
fn bs_0_5_conservation_detects_an_unlogged_core_move() {
    let mut g = main1();
    g.check_invariants().unwrap();
    let c = g.core_at(CoreLoc::Reserve(P0), false).unwrap();
    g.st.cores.move_to(c, Some(CoreLoc::Trash(P0))); // no event: the ledger disagrees
    assert!(matches!(
        g.check_invariants(),
        Err(InvariantError::Cores(_))
    ));
}

/// BS-5.3: a spirit short of its lowest level's cores at a main-step decision is a rule
/// left unapplied; strict games check it at every such decision.
#[test]
fn bs_5_3_a_spirit_short_of_cores_at_a_decision_is_unsettled() {
    let mut g = main1();
    let c = on_field(&mut g, P0, "X-5R", 1);
    g.check_settled().unwrap();
    let core = g.core_at(CoreLoc::Card(c), false).unwrap();
    g.st.cores.move_to(core, Some(CoreLoc::Reserve(P0)));
    assert!(matches!(
        g.check_settled(),
        Err(InvariantError::Unsettled(_))
    ));
}

/// BS-5.3.1: a spirit whose BP an effect lowered to 0 is destroyed at once, so one still on
/// the field at a decision is a rule left unapplied.
#[test]
fn bs_5_3_1_a_spirit_at_a_lowered_0_bp_at_a_decision_is_unsettled() {
    use crate::rules::battle_spirits::script::state::{ModKind, Modifier, Until};
    let mut g = main1();
    let c = on_field(&mut g, P0, "X-5R", 1);
    g.check_settled().unwrap();
    g.st.scripts.modifiers.push(Modifier {
        card: c,
        kind: ModKind::Bp(-5000),
        until: Until::Turn,
        by: None,
    });
    g.invalidate_constants();
    assert_eq!(g.bp(c), 0, "level 1: 5000 BP, lowered by 5000");
    assert!(matches!(
        g.check_settled(),
        Err(InvariantError::Unsettled(_))
    ));
}

/// BS-5.3.1: only a BP lowered to 0 destroys: a spirit lowered but still above 0, and one
/// whose printed BP is 0 with nothing lowering it, are settled at a decision.
#[test]
fn bs_5_3_1_a_lowered_bp_above_0_and_a_printed_0_bp_are_settled() {
    use crate::rules::battle_spirits::script::state::{ModKind, Modifier, Until};
    use crate::rules::battle_spirits::testkit::{put, scenario, scripted_spirit};
    let mut zero = scripted_spirit("MC-ZERO", 0, 1000, vec![]);
    zero.levels[0].bp = Some(0); // a printed BP of 0 at level 1
    let mut g = scenario(vec![zero], 67);
    let z = put(&mut g, P0, "MC-ZERO", Zone::Field(P0), 1);
    let s = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    g.st.scripts.modifiers.push(Modifier {
        card: s,
        kind: ModKind::Bp(-500),
        until: Until::Turn,
        by: None,
    });
    g.invalidate_constants();
    assert_eq!((g.bp(z), g.bp(s)), (0, 2000 - 500));
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
    g.check_settled().unwrap();
}

#[test]
fn bs_0_5_card_count_is_constant() {
    let mut g = main1();
    g.check_invariants().unwrap();
    let c = g.pile(Zone::Hand(P0))[0];
    g.st.zones.move_to(c, Zone::Trash(P0));
    g.check_invariants().unwrap(); // moved, not lost
    g.st.decks.make_mut()[0].push("R-00".into());
    assert!(matches!(
        g.check_invariants(),
        Err(InvariantError::Cards(_))
    ));
}

#[test]
fn bs_0_6_first_player_skips_core_step_and_attack_but_draws() {
    let mut g = main1();
    assert_eq!(g.reserve(P0), 4, "no core on turn 1 (BS-2.2)");
    assert_eq!(g.pile(Zone::Hand(P0)).len(), 5, "the first player draws");
    on_field(&mut g, P0, "R-03", 1);
    g.answer(Choice::EndMain).unwrap();
    // No attack step: straight to P1's turn although a refreshed spirit stands.
    let r = req(&mut g);
    assert_eq!((r.player, g.turn()), (P1, 2));
    assert_eq!(
        count_hooks(&g, |h| matches!(
            h,
            Hook::StepStart {
                step: StepName::Attack,
                ..
            }
        )),
        0
    );
}

#[test]
fn set_up_notes_the_triggers_the_decks_field_effects_wait_for() {
    use crate::rules::battle_spirits::script::Trigger;
    use crate::rules::battle_spirits::testkit::{effect, scenario, scripted_spirit};
    // A hook no field effect of the game waits for reaches no field card.
    let attacker = scripted_spirit("S-ATK", 0, 1000, vec![effect("When Attacks", "draw(1);")]);
    let g = scenario(vec![attacker], 3);
    assert!(g.field_triggers.contains(&Trigger::WhenAttacks));
    assert!(!g.field_triggers.contains(&Trigger::WhenBlocks));
    // Their bits too: a hook tests the triggers only when it names one of them.
    assert_ne!(g.field_bits & Trigger::WhenAttacks.bit(), 0);
    assert_eq!(g.field_bits & Trigger::WhenBlocks.bit(), 0);
    // A saved game notes them again when it is loaded.
    let json = g.to_json();
    let loaded = Game::from_json(&json, g.library().clone()).unwrap();
    assert_eq!(loaded.field_triggers, g.field_triggers);
    assert_eq!(loaded.field_bits, g.field_bits);
    assert_eq!(loaded.off_field_bits, g.off_field_bits);
    assert_eq!(loaded.const_kinds, g.const_kinds);
}

#[test]
fn bs_0_1_a_remembered_legal_deck_is_legal_only_under_the_same_rules_and_ids() {
    use crate::rules::battle_spirits::deck::check_deck_indexed;
    let lib = library();
    let ids: Vec<String> = lib.iter().map(|d| d.id.clone()).collect();
    // 4 copies of the first card, then 3 of each next one: 50 cards.
    let mut deck: Vec<String> = vec![ids[0].clone(); 4];
    let mut i = 1;
    while deck.len() < 50 {
        deck.extend(std::iter::repeat_n(ids[i].clone(), 3.min(50 - deck.len())));
        i += 1;
    }
    let saga = RulesConfig::saga();
    let first = check_deck_indexed(&saga, &lib, P0, &deck).unwrap();
    assert_eq!(first.len(), 50);
    assert_eq!(lib.at(first[0]).id, ids[0]);
    assert_eq!(lib.at(first[49]).id, deck[49]);
    // Remembered: the same indices again.
    assert_eq!(check_deck_indexed(&saga, &lib, P0, &deck), Ok(first));
    // BS-0.1: the same ids under rules allowing 3 copies are not legal.
    let name = lib.at(lib.index_of(&ids[0]).unwrap()).name.clone();
    assert_eq!(
        check_deck(&RulesConfig::japanese(), &lib, P1, &deck),
        Err(DeckError::TooManyCopies {
            player: P1,
            name,
            count: 4,
            max: 3
        })
    );
    // One id changed: checked again.
    deck[7] = "NOPE".into();
    assert_eq!(
        check_deck(&saga, &lib, P0, &deck),
        Err(DeckError::UnknownCard {
            player: P0,
            card: "NOPE".into()
        })
    );
}
