//! BS-5: summoning, paying costs (reductions, symbols), depletion, deploying, magic, core movement
//! and levels.

use super::*;

#[test]
fn bs_5_1_summon_places_minimum_cores_and_more_may_be_placed() {
    let mut g = main1();
    let c = to_hand(&mut g, P0, "R-01");
    g.answer(Choice::Summon { card: c }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 1);
    // Minimum level needs 1 core: "done" is not offered before it.
    let r = req(&mut g);
    assert!(!r.is_legal(&Choice::DonePlacing));
    place_from_reserve(&mut g, 2);
    assert_eq!(g.zone_of(c), Zone::Field(P0));
    assert_eq!((g.cores_on(c), g.level(c), g.bp(c)), (2, Some(2), 3000));
    assert_eq!(g.reserve(P0), 1);
    assert_eq!(count_hooks(&g, |h| *h == Hook::WhenSummoned { card: c }), 1);
}

#[test]
fn bs_5_2_paid_cores_go_to_trash_from_reserve_and_field_never_life_or_trash() {
    let mut g = main1();
    let s = on_field(&mut g, P0, "B-01", 3);
    let c = to_hand(&mut g, P0, "R-02");
    set_reserve(&mut g, P0, 1); // the soul core only
    g.answer(Choice::Summon { card: c }).unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    for o in r.choices() {
        // Core by core, or the whole payment at once (BS-5.2): never life or trash.
        let froms = match o {
            Choice::PayFrom { from, .. } => vec![*from],
            Choice::PayAll { from } => from.iter().map(|p| p.from).collect(),
            other => panic!("{other:?}"),
        };
        assert!(
            froms
                .iter()
                .all(|f| matches!(f, CoreSource::Reserve | CoreSource::Card(_)))
        );
    }
    // cost 2, 1 red reduction, but only a blue symbol on the field → pays 2.
    g.answer(Choice::PayFrom {
        from: CoreSource::Card(s),
        soul: false,
    })
    .unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::PayFrom);
    g.answer(Choice::PayFrom {
        from: CoreSource::Reserve,
        soul: true,
    })
    .unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::PlaceCore);
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 2);
    assert!(
        g.soul_at(CoreLoc::Trash(P0)),
        "the soul core pays like any core"
    );
    assert_eq!(g.cores_on(s), 2);
    assert_eq!(g.life(P0), 5);
}

#[test]
fn bs_5_2_1_seed_example_spirit_cost_5_pays_2_nexus_cost_4_pays_2() {
    let lib = library();
    let spirit = lib.def("X-5R");
    let nexus = lib.def("X-N4");
    let mut field = levels::FieldSymbols::default();
    field.colours.insert(Colour::Red, 3);
    assert_eq!(cost::reduction(spirit, &field), 3);
    assert_eq!(spirit.cost - cost::reduction(spirit, &field), 2);
    assert_eq!(nexus.cost - cost::reduction(nexus, &field), 2);
    // No symbols on the field: no reduction; blue symbols do not reduce red.
    let mut blue = levels::FieldSymbols::default();
    blue.colours.insert(Colour::Blue, 5);
    assert_eq!(cost::reduction(spirit, &blue), 0);

    // In play: 3 red symbols on the field → exactly 2 cores paid.
    let mut g = main1();
    for _ in 0..3 {
        on_field(&mut g, P0, "R-01", 1);
    }
    let c = to_hand(&mut g, P0, "X-5R");
    g.answer(Choice::Summon { card: c }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 2);
    place_from_reserve(&mut g, 1);
    match played(&g) {
        Event::Played {
            cost,
            reduction,
            paid,
            ..
        } => assert_eq!((cost, reduction, paid), (5, 3, 2)),
        _ => unreachable!(),
    }
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 2);
    // Nexus cost 4, 2 red reduction, ≥ 2 red symbols → 2 paid.
    let n = to_hand(&mut g, P0, "X-N4");
    set_reserve(&mut g, P0, 3);
    g.answer(Choice::Deploy { card: n }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 2);
}

#[test]
fn bs_5_2_1_reduction_never_below_zero() {
    let lib = library();
    let mut field = levels::FieldSymbols::default();
    field.colours.insert(Colour::Red, 9);
    let d = lib.def("R-01"); // cost 1, 1 red reduction
    assert_eq!(d.cost.saturating_sub(cost::reduction(d, &field)), 0);
    let mut g = main1();
    on_field(&mut g, P0, "R-00", 1);
    let c = to_hand(&mut g, P0, "R-01");
    g.answer(Choice::Summon { card: c }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 0);
}

#[test]
fn bs_5_2_2_no_limit_on_field_cards() {
    let mut g = main1();
    set_reserve(&mut g, P0, 30);
    for _ in 0..3 {
        let c = to_hand(&mut g, P0, "R-00");
        g.answer(Choice::Summon { card: c }).unwrap();
        place_from_reserve(&mut g, 1);
    }
    for _ in 0..3 {
        let c = to_hand(&mut g, P0, "R-01");
        g.answer(Choice::Summon { card: c }).unwrap();
        pay_from_reserve(&mut g);
        place_from_reserve(&mut g, 1);
    }
    assert_eq!(g.field(P0).len(), 6);
}

#[test]
fn bs_5_3_depletion_is_not_destruction() {
    let mut g = main1();
    let s = on_field(&mut g, P0, "R-04", 2);
    g.answer(Choice::MoveCores).unwrap();
    g.answer(Choice::MoveCore {
        from: CoreSource::Card(s),
        to: CoreSource::Reserve,
        soul: false,
    })
    .unwrap();
    assert_eq!(g.zone_of(s), Zone::Field(P0), "1 core: still LV1");
    let before = g.reserve(P0);
    g.answer(Choice::MoveCore {
        from: CoreSource::Card(s),
        to: CoreSource::Reserve,
        soul: false,
    })
    .unwrap();
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert_eq!(g.reserve(P0), before + 1);
    assert!(g.log().contains(&Event::Depleted { card: s }));
    assert_eq!(count_hooks(&g, |h| *h == Hook::WhenDepleted { card: s }), 1);
    assert_eq!(
        count_hooks(&g, |h| matches!(h, Hook::WhenDestroyed { .. })),
        0
    );
    assert!(!g.log().iter().any(|e| matches!(e, Event::Destroyed { .. })));
}

#[test]
fn bs_5_3_paying_from_a_spirit_can_deplete_it_cores_left_go_to_reserve() {
    let mut g = main1();
    let s = on_field(&mut g, P0, "B-02", 1);
    let c = to_hand(&mut g, P0, "B-00");
    g.answer(Choice::Summon { card: c }).unwrap();
    g.answer(Choice::PlaceFrom {
        from: CoreSource::Card(s),
        soul: false,
    })
    .unwrap();
    // Depleted at once, while the new card is still taking cores.
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: s }));
    g.answer(Choice::DonePlacing).unwrap();
    assert_eq!(g.cores_on(c), 1);
    // Paying from a spirit with 2 cores down to 0 (cost 2, no reduction): depleted at
    // the second payment, before placement.
    let mut g = main1();
    let s = on_field(&mut g, P0, "B-02", 2);
    let c = to_hand(&mut g, P0, "R-02");
    g.answer(Choice::Summon { card: c }).unwrap();
    for _ in 0..2 {
        g.answer(Choice::PayFrom {
            from: CoreSource::Card(s),
            soul: false,
        })
        .unwrap();
    }
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert_eq!(req(&mut g).kind, DecisionKind::PlaceCore);
}

#[test]
fn bs_5_4_nexus_deploys_at_level_2_with_enough_cores() {
    let mut g = main1();
    let n = to_hand(&mut g, P0, "R-N");
    set_reserve(&mut g, P0, 6);
    g.answer(Choice::Deploy { card: n }).unwrap();
    assert_eq!(pay_from_reserve(&mut g), 3);
    // A nexus may have no cores: "done" is offered at once.
    assert!(req(&mut g).is_legal(&Choice::DonePlacing));
    place_from_reserve(&mut g, 2);
    assert_eq!(g.level(n), Some(2));
    let n2 = to_hand(&mut g, P0, "R-N");
    set_reserve(&mut g, P0, 3);
    g.answer(Choice::Deploy { card: n2 }).unwrap();
    pay_from_reserve(&mut g);
    assert_eq!(g.zone_of(n2), Zone::Field(P0));
    assert_eq!((g.cores_on(n2), g.level(n2)), (0, Some(1)));
}

#[test]
fn bs_5_5_magic_is_paid_goes_to_trash_and_unsupported_is_logged_once_per_card() {
    let mut g = main1();
    set_reserve(&mut g, P0, 5);
    for _ in 0..2 {
        let m = to_hand(&mut g, P0, "X-M");
        g.answer(Choice::UseMagic { card: m }).unwrap();
        assert_eq!(pay_from_reserve(&mut g), 1);
        assert_eq!(g.zone_of(m), Zone::Trash(P0));
    }
    let n = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::EffectsUnsupported { card } if card == "X-M"))
        .count();
    assert_eq!(n, 1);
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 2);
}

#[test]
fn bs_5_6_only_flash_in_the_flash_timing() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    to_hand(&mut g, P1, "B-M");
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Attack { attacker: a }).unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass);
    let kinds: Vec<_> = r.choices().cloned().collect();
    assert_eq!(
        kinds,
        vec![Choice::Pass],
        "a [Main] magic is not usable here"
    );
}

#[test]
fn bs_5_7_core_movement_is_free_and_levels_follow() {
    let mut g = main1();
    let s = on_field(&mut g, P0, "R-04", 1);
    let n = on_field(&mut g, P0, "R-N", 0);
    assert_eq!(g.level(s), Some(1));
    g.answer(Choice::MoveCores).unwrap();
    for _ in 0..3 {
        g.answer(Choice::MoveCore {
            from: CoreSource::Reserve,
            to: CoreSource::Card(s),
            soul: false,
        })
        .unwrap();
    }
    assert_eq!((g.cores_on(s), g.level(s), g.bp(s)), (4, Some(2), 6000));
    g.answer(Choice::MoveCore {
        from: CoreSource::Reserve,
        to: CoreSource::Card(n),
        soul: true,
    })
    .unwrap();
    assert!(g.soul_at(CoreLoc::Card(n)));
    g.answer(Choice::MoveCore {
        from: CoreSource::Card(s),
        to: CoreSource::Card(n),
        soul: false,
    })
    .unwrap();
    assert_eq!(g.cores_on(n), 2);
    // Trash and life are never sources.
    let r = req(&mut g);
    assert!(r.choices().all(|c| match c {
        Choice::MoveCore { from, to, .. } => from != to,
        c => *c == Choice::DoneMoving,
    }));
    g.answer(Choice::DoneMoving).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
}

#[test]
fn bs_5_2_two_colour_symbols_count_once_as_either_colour() {
    use carddb::Colour::{Purple, Red};
    let lib = library();
    let mut d = lib.def("X-5R").clone();
    d.reduction = [(Red, 2), (Purple, 1)].into_iter().collect();
    // One red symbol, and two red/purple symbols: red 1 + (red 1 via one, purple 1 via
    // the other) = 3; a two-colour symbol is never counted twice.
    let field = levels::FieldSymbols {
        colours: [(Red, 1)].into_iter().collect(),
        multi: vec![vec![Red, Purple], vec![Red, Purple]],
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &field), 3);
    let one = levels::FieldSymbols {
        multi: vec![vec![Red, Purple]],
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &one), 1);
}

#[test]
fn bs_5_1_brave_is_summoned_as_a_spirit_for_now() {
    let mut cards = synthetic_cards();
    let mut extras = extra_cards();
    extras.push(card(
        "X-BRAVE",
        CardKind::Brave,
        1,
        Colour::Red,
        0,
        1,
        &[(1, 1, 2000)],
    ));
    cards.extend(extras);
    let mut d = deck0();
    d[0] = "X-BRAVE".into();
    let mut g = Game::new(cfg(), CardLibrary::new(cards), [d, synthetic_deck("B")], 11).unwrap();
    g.set_strict(true);
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    let b = to_hand(&mut g, P0, "X-BRAVE");
    g.answer(Choice::Summon { card: b }).unwrap();
    pay_from_reserve(&mut g);
    place_from_reserve(&mut g, 1);
    assert_eq!((g.zone_of(b), g.bp(b)), (Zone::Field(P0), 2000));
}

#[test]
fn bs_5_2_a_card_of_absurd_cost_is_never_offered() {
    // Cost u32::MAX: payment plus minimum cores must not wrap around to "affordable".
    let mut cards = synthetic_cards();
    cards.extend(extra_cards());
    let mut huge = cards.iter().find(|c| c.id == "X-5R").unwrap().clone();
    huge.id = "X-HUGE".into();
    huge.cost = u32::MAX;
    huge.reduction.clear();
    cards.push(huge);
    let mut deck = deck0();
    deck[0] = "X-HUGE".into();
    let mut g = Game::new(
        cfg(),
        CardLibrary::new(cards),
        [deck, synthetic_deck("B")],
        11,
    )
    .unwrap();
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    let c = to_hand(&mut g, P0, "X-HUGE");
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::MainAction);
    assert!(!r.is_legal(&Choice::Summon { card: c }));
}

#[test]
fn bs_5_1_a_level_change_from_moved_cores_is_logged_with_the_new_bp() {
    let mut g = main1();
    let s = on_field(&mut g, P0, "R-04", 1);
    g.answer(Choice::MoveCores).unwrap();
    let start = g.log().len();
    for _ in 0..3 {
        g.answer(Choice::MoveCore {
            from: CoreSource::Reserve,
            to: CoreSource::Card(s),
            soul: false,
        })
        .unwrap();
    }
    let changes: Vec<&Event> = g.log()[start..]
        .iter()
        .filter(|e| matches!(e, Event::LevelChanged { .. }))
        .collect();
    // 1 → 4 cores: one level change, LV1 → LV2 (BP 6000 from the level table).
    assert_eq!(
        changes,
        vec![&Event::LevelChanged {
            card: s,
            level: 2,
            bp: 6000
        }]
    );
}
