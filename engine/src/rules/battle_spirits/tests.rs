//! Unit tests for the ruleset: one or more per rule ID, named `bs_<id>_…` after the rule
//! they check (digest `shared/rules/battle-spirits.md`).

use carddb::{CardDef, CardKind, Colour};

use super::*;
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::testkit::{card, synthetic_cards, synthetic_deck};
use crate::{CardLibrary, Replay};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn extra_cards() -> Vec<CardDef> {
    use CardKind::*;
    use Colour::*;
    let mut m = card("X-M", Magic, 1, Red, 0, 0, &[]);
    m.effects.push(carddb::Effect {
        steps: vec![carddb::Step::Main],
        ..Default::default()
    });
    let mut flash = card("X-F", Magic, 1, Red, 0, 0, &[]);
    flash.effects.push(carddb::Effect {
        steps: vec![carddb::Step::Flash],
        ..Default::default()
    });
    let mut ult = card("X-ULT", Ultimate, 3, Red, 0, 0, &[(3, 2, 8000)]);
    ult.symbols.ultimate = 1;
    vec![
        // BS-5.2.1: spirit cost 5 with 3 red reduction.
        card("X-5R", Spirit, 5, Red, 3, 1, &[(1, 1, 5000), (2, 3, 7000)]),
        // BS-5.2.1: nexus cost 4 with 2 red reduction.
        card("X-N4", Nexus, 4, Red, 2, 1, &[(1, 0, 0), (2, 2, 0)]),
        card("X-SYM2", Spirit, 0, Red, 0, 2, &[(1, 1, 3000)]),
        m,
        ult,
        flash,
    ]
}

fn library() -> CardLibrary {
    let mut v = synthetic_cards();
    v.extend(extra_cards());
    CardLibrary::new(v)
}

fn cfg() -> RulesConfig {
    RulesConfig {
        first_player: Some(P0),
        ..RulesConfig::japanese()
    }
}

fn deck0() -> Vec<String> {
    let mut d = synthetic_deck("R");
    let n = d.len();
    for (i, x) in ["X-5R", "X-N4", "X-SYM2", "X-M", "X-M", "X-ULT", "X-F"]
        .iter()
        .enumerate()
    {
        d[n - 1 - i] = x.to_string();
    }
    d
}

fn new_game(cfg: RulesConfig) -> Game {
    let mut g = Game::new(cfg, library(), [deck0(), synthetic_deck("B")], 11).unwrap();
    g.set_strict(true);
    g
}

fn req(g: &mut Game) -> DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("game over: {r:?}"),
    }
}

/// Keeps both hands; P0's turn 1 main step.
fn main1() -> Game {
    let mut g = new_game(cfg());
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
    g
}

/// P1's turn 2 main step.
fn main2() -> Game {
    let mut g = main1();
    g.answer(Choice::EndMain).unwrap();
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player, g.turn()),
        (DecisionKind::MainAction, P1, 2)
    );
    g
}

/// An instance of `id` owned by `p` in hand or deck.
fn fetch(g: &Game, p: PlayerId, id: &str) -> InstanceId {
    [Zone::Hand(p), Zone::Deck(p)]
        .iter()
        .flat_map(|z| g.pile(*z).iter().copied())
        .find(|c| g.card_id(*c) == id)
        .unwrap_or_else(|| panic!("no {id} left for {p}"))
}

fn to_hand(g: &mut Game, p: PlayerId, id: &str) -> InstanceId {
    let c = fetch(g, p, id);
    if g.zone_of(c) != Zone::Hand(p) {
        g.move_card(c, Zone::Hand(p));
    }
    c
}

fn on_field(g: &mut Game, p: PlayerId, id: &str, cores: u32) -> InstanceId {
    let c = fetch(g, p, id);
    g.move_card(c, Zone::Field(p));
    for _ in 0..cores {
        g.core_from_void(false, CoreLoc::Card(c));
    }
    c
}

fn set_reserve(g: &mut Game, p: PlayerId, n: u32) {
    while g.reserve(p) < n {
        g.core_from_void(false, CoreLoc::Reserve(p));
    }
    while g.reserve(p) > n {
        let c = g.core_at(CoreLoc::Reserve(p), false).expect("a plain core");
        g.move_core(c, None);
    }
}

fn played(g: &Game) -> Event {
    g.log()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Played { .. }))
        .cloned()
        .expect("a card was played")
}

/// Answers every PayFrom with the reserve (plain first); returns how many were asked.
fn pay_from_reserve(g: &mut Game) -> u32 {
    let mut n = 0;
    loop {
        let r = req(g);
        if r.kind != DecisionKind::PayFrom {
            return n;
        }
        let plain = Choice::PayFrom {
            from: CoreSource::Reserve,
            soul: false,
        };
        let c = if r.is_legal(&plain) {
            plain
        } else {
            r.options[0].choice.clone()
        };
        g.answer(c).unwrap();
        n += 1;
    }
}

fn place_from_reserve(g: &mut Game, n: u32) {
    for _ in 0..n {
        let r = req(g);
        assert_eq!(r.kind, DecisionKind::PlaceCore);
        let plain = Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        };
        let c = if r.is_legal(&plain) {
            plain
        } else {
            Choice::PlaceFrom {
                from: CoreSource::Reserve,
                soul: true,
            }
        };
        g.answer(c).unwrap();
    }
    g.answer(Choice::DonePlacing).unwrap();
}

fn count_hooks(g: &Game, f: impl Fn(&Hook) -> bool) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::Hook(h) if f(h)))
        .count()
}

// ---- BS-0 ---------------------------------------------------------------------------

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

// ---- BS-1 … BS-4 ----------------------------------------------------------------------

#[test]
fn bs_1_1_start_step_hook_fires_each_turn() {
    let g = main2();
    assert_eq!(
        count_hooks(&g, |h| matches!(
            h,
            Hook::StepStart {
                step: StepName::Start,
                ..
            }
        )),
        2
    );
}

#[test]
fn bs_2_1_core_step_adds_one_core() {
    let g = main2();
    assert_eq!(g.reserve(P1), 5);
}

#[test]
fn bs_2_2_first_player_gets_no_core_on_the_first_turn_only() {
    let mut g = main2();
    assert_eq!(g.reserve(P0), 4);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(g.turn(), 3);
    assert_eq!(g.reserve(P0), 5);
}

#[test]
fn bs_3_1_draw_step_draws_one() {
    let g = main2();
    assert_eq!(g.pile(Zone::Hand(P1)).len(), 5);
    assert_eq!(g.pile(Zone::Deck(P1)).len(), 35);
}

#[test]
fn bs_4_1_refresh_moves_trash_cores_to_reserve() {
    let mut g = main2();
    // P0 has two cores in the trash; at P0's refresh step they return.
    for _ in 0..2 {
        let c = g.core_at(CoreLoc::Reserve(P0), false).unwrap();
        g.move_core(c, Some(CoreLoc::Trash(P0)));
    }
    assert_eq!(g.reserve(P0), 2);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 0);
    assert_eq!(g.reserve(P0), 2 + 2 + 1);
}

#[test]
fn bs_4_2_refresh_step_refreshes_exhausted_cards() {
    let mut g = main2();
    let s = on_field(&mut g, P0, "R-03", 1);
    g.set_exhausted(s, true);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert!(!g.is_exhausted(s));
}

// ---- BS-5 ---------------------------------------------------------------------------

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

// ---- BS-6 / BS-7 ----------------------------------------------------------------------

/// P1 (turn 2) attacks with a fresh attacker; returns (game, attacker).
fn attack_with(
    id: &str,
    cores: u32,
    blocker: Option<(&str, u32)>,
) -> (Game, InstanceId, Option<InstanceId>) {
    let mut g = main2();
    let a = on_field(&mut g, P1, id, cores);
    let b = blocker.map(|(bid, bc)| on_field(&mut g, P0, bid, bc));
    g.answer(Choice::EndMain).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::AttackOrEnd);
    g.answer(Choice::Attack { attacker: a }).unwrap();
    (g, a, b)
}

fn pass_flash(g: &mut Game) {
    let r = req(g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass);
    g.answer(Choice::Pass).unwrap();
}

#[test]
fn bs_6_1_attack_exhausts_only_refreshed_attack_and_no_declaration_ends_step() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    let tired = on_field(&mut g, P1, "B-02", 1);
    g.set_exhausted(tired, true);
    g.answer(Choice::EndMain).unwrap();
    let r = req(&mut g);
    assert!(
        r.is_legal(&Choice::Attack { attacker: a }),
        "summoned this turn may attack"
    );
    assert!(!r.is_legal(&Choice::Attack { attacker: tired }));
    g.answer(Choice::Attack { attacker: a }).unwrap();
    assert!(g.is_exhausted(a));
    assert_eq!(count_hooks(&g, |h| *h == Hook::WhenAttacks { card: a }), 1);
    // New game: end the attack step at once → P0's turn.
    let mut g = main2();
    on_field(&mut g, P1, "B-03", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::EndAttack).unwrap();
    let r = req(&mut g);
    assert_eq!((r.player, g.turn()), (P0, 3));
}

#[test]
fn bs_6_2_flash_timing_defender_first_ends_after_two_passes() {
    let (mut g, _, b) = attack_with("B-03", 1, Some(("R-04", 1)));
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::FlashOrPass, P0),
        "defender first"
    );
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::FlashOrPass, P1),
        "alternates"
    );
    g.answer(Choice::Pass).unwrap();
    assert_eq!(
        req(&mut g).kind,
        DecisionKind::BlockOrNot,
        "two passes end it"
    );
    g.answer(Choice::Block {
        blocker: b.unwrap(),
    })
    .unwrap();
    // BS-6.4: second flash timing, defender first again.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
}

#[test]
fn bs_6_3_block_exhausts_and_no_block_skips_second_flash_timing() {
    let (mut g, a, b) = attack_with("B-03", 1, Some(("R-04", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    let r = req(&mut g);
    assert_eq!(r.player, P0);
    assert!(r.is_legal(&Choice::NoBlock));
    g.answer(Choice::NoBlock).unwrap();
    // No second flash timing: nothing between "not blocked" and the battle's end.
    let log = g.log();
    let i = log
        .iter()
        .position(|e| *e == Event::NotBlocked { attacker: a })
        .unwrap();
    let j = log
        .iter()
        .position(|e| *e == Event::BattleEnded { attacker: a })
        .unwrap();
    assert!(
        !log[i..j]
            .iter()
            .any(|e| matches!(e, Event::FlashPassed { .. }))
    );
    assert_eq!(count_hooks(&g, |h| matches!(h, Hook::WhenBlocks { .. })), 0);
    let (mut g, _, b2) = attack_with("B-03", 1, Some(("R-04", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block {
        blocker: b2.unwrap(),
    })
    .unwrap();
    assert!(g.is_exhausted(b2.unwrap()));
    assert_eq!(
        count_hooks(&g, |h| *h == Hook::WhenBlocks { card: b2.unwrap() }),
        1
    );
    let _ = b;
}

#[test]
fn bs_6_3_1_blocked_attack_takes_no_life_even_if_blocker_is_gone() {
    let (mut g, _, b) = attack_with("B-06", 1, Some(("R-00", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    let b = b.unwrap();
    g.answer(Choice::Block { blocker: b }).unwrap();
    // The blocker leaves before the battle (as an effect would do).
    g.deplete(b);
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert_eq!(g.life(P0), 5);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::LifeReduced { .. }))
    );
}

#[test]
fn bs_6_5_1_unblocked_attack_takes_life_equal_to_symbols() {
    let (mut g, a, _) = attack_with("B-06", 1, None); // 2 blue symbols
    pass_flash(&mut g);
    pass_flash(&mut g);
    // No refreshed blocker: no block decision.
    assert_eq!(g.life(P0), 3);
    // Life cores go to the defender's reserve (+1 from P0's next core step).
    assert_eq!(g.reserve(P0), 4 + 2 + 1);
    assert!(g.log().contains(&Event::LifeReduced {
        player: P0,
        amount: 2,
        by: a,
        left: 3
    }));
    assert_eq!(
        count_hooks(&g, |h| *h == Hook::AfterLifeReduced { player: P0 }),
        1
    );
}

#[test]
fn bs_6_5_2_and_6_6_lower_bp_destroyed_cores_to_owner_reserve() {
    let (mut g, a, b) = attack_with("B-04", 2, Some(("R-03", 3))); // 4000 vs R-03 LV2 5000
    let b = b.unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block { blocker: b }).unwrap();
    let reserve = g.reserve(P1);
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 4000,
        blocker: b,
        blocker_bp: 5000
    }));
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.reserve(P1), reserve + 2);
    assert_eq!(
        count_hooks(&g, |h| *h
            == Hook::WhenDestroyed {
                card: a,
                by_opponent: true
            }),
        1
    );
    assert_eq!(g.life(P0), 5);
}

#[test]
fn bs_6_6_equal_bp_destroys_both() {
    let (mut g, a, b) = attack_with("B-03", 1, Some(("R-03", 1))); // 3000 vs 3000
    let b = b.unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block { blocker: b }).unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
}

#[test]
fn bs_6_7_after_the_battle_the_turn_player_may_attack_again() {
    let mut g = main2();
    let a = on_field(&mut g, P1, "B-03", 1);
    let a2 = on_field(&mut g, P1, "B-02", 1);
    g.answer(Choice::EndMain).unwrap();
    g.answer(Choice::Attack { attacker: a }).unwrap();
    pass_flash(&mut g);
    pass_flash(&mut g);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    assert!(r.is_legal(&Choice::Attack { attacker: a2 }));
    assert!(!r.is_legal(&Choice::Attack { attacker: a }));
}

#[test]
fn bs_7_1_end_step_passes_the_turn() {
    let mut g = main2();
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert!(g.log().contains(&Event::TurnEnded { player: P1 }));
    assert_eq!((g.active(), g.turn()), (P0, 3));
    assert_eq!(
        count_hooks(
            &g,
            |h| matches!(h, Hook::StepEnd { step: StepName::End, player } if *player == P1)
        ),
        1
    );
}

// ---- BS-12 (used by BS-5.2) -------------------------------------------------------------

#[test]
fn bs_12_1_ultimate_needs_its_condition_and_bs_12_2_level_3() {
    let mut lib_cards = synthetic_cards();
    let mut extras = extra_cards();
    let ult = extras.iter_mut().find(|c| c.id == "X-ULT").unwrap();
    ult.ultimate = Some(carddb::UltimateCondition {
        count: 1,
        kind: CardKind::Spirit,
        colour: Some(Colour::Red),
        family: None,
        min_level: None,
        min_cost: None,
        text: Default::default(),
    });
    lib_cards.extend(extras);
    let mut g = Game::new(
        cfg(),
        CardLibrary::new(lib_cards),
        [deck0(), synthetic_deck("B")],
        11,
    )
    .unwrap();
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    let u = to_hand(&mut g, P0, "X-ULT");
    set_reserve(&mut g, P0, 8);
    assert!(!req(&mut g).is_legal(&Choice::Summon { card: u }));
    on_field(&mut g, P0, "R-00", 1);
    assert!(req(&mut g).is_legal(&Choice::Summon { card: u }));
    g.answer(Choice::Summon { card: u }).unwrap();
    pay_from_reserve(&mut g);
    assert!(
        !req(&mut g).is_legal(&Choice::DonePlacing),
        "needs 2 cores for LV3"
    );
    place_from_reserve(&mut g, 2);
    assert_eq!(g.level(u), Some(3));
}

#[test]
fn bs_12_4_ultimate_symbols_reduce_only_ultimate_reduction() {
    let lib = library();
    let mut d = lib.def("X-5R").clone();
    let field = levels::FieldSymbols {
        ultimate: 3,
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &field), 0);
    d.ultimate_reduction = 2;
    assert_eq!(cost::reduction(&d, &field), 2);
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

// ---- replay and save inside the crate --------------------------------------------------

#[test]
fn replay_of_a_partial_game_has_the_same_log() {
    let mut g = main2();
    g.answer(Choice::EndMain).unwrap();
    let r = Replay::of(&g);
    let g2 = r.play(g.library().clone()).unwrap();
    assert_eq!(g2.log_hash(), g.log_hash());
}

#[test]
fn bs_6_2_flash_use_passes_priority_and_resets_the_passes() {
    let (mut g, _, _) = attack_with("B-03", 1, None);
    let f = to_hand(&mut g, P0, "X-F");
    let bm = to_hand(&mut g, P1, "B-M");
    // Defender first: uses a [Flash] magic, paying for it (BS-11: legal off-turn).
    let r = req(&mut g);
    assert_eq!(r.player, P0);
    assert!(r.is_legal(&Choice::UseMagic { card: f }));
    g.answer(Choice::UseMagic { card: f }).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::PayFrom, P0));
    assert_eq!(pay_from_reserve(&mut g), 1);
    assert_eq!(g.zone_of(f), Zone::Trash(P0));
    // Priority to the attacker, who answers with a flash of their own.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::UseMagic { card: bm }).unwrap();
    pay_from_reserve(&mut g);
    // Then both pass in a row: the timing ends.
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::Pass).unwrap();
    assert_eq!(g.life(P0), 4, "no blocker: the attack went through");
}

#[test]
fn bs_6_4_second_flash_timing_after_block_defender_first_two_passes() {
    let (mut g, a, b) = attack_with("B-04", 1, Some(("R-03", 1)));
    pass_flash(&mut g);
    pass_flash(&mut g);
    g.answer(Choice::Block {
        blocker: b.unwrap(),
    })
    .unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
    g.answer(Choice::Pass).unwrap();
    let r = req(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    g.answer(Choice::Pass).unwrap();
    let passes_after_block = g
        .log()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::FlashPassed {
                    window: FlashWindow::AfterBlock,
                    ..
                }
            )
        })
        .count();
    assert_eq!(passes_after_block, 2);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
}

#[test]
fn bs_13_4_refresh_turns_heavily_exhausted_into_exhausted() {
    let mut g = main2();
    let s = on_field(&mut g, P0, "R-03", 1);
    g.st.cards[s.index()].orientation = crate::core::Orientation::UpsideDown;
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(
        g.st.cards[s.index()].orientation,
        crate::core::Orientation::Sideways
    );
    assert!(g.is_exhausted(s));
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
fn render_summon_line_reads_like_the_issue_example() {
    let mut g = main1();
    let c = to_hand(&mut g, P0, "R-01");
    g.answer(Choice::Summon { card: c }).unwrap();
    pay_from_reserve(&mut g);
    place_from_reserve(&mut g, 1);
    assert_eq!(
        render_event(&played(&g), &g),
        "P1 summons Card R-01 (cost 1, paid 1 core from reserve), LV1 BP 1000"
    );
    let n = to_hand(&mut g, P0, "R-N");
    g.answer(Choice::Deploy { card: n }).unwrap();
    pay_from_reserve(&mut g);
    g.answer(Choice::DonePlacing).unwrap();
    assert_eq!(
        render_event(&played(&g), &g),
        // Cost 3, 2 red reduction, 1 red symbol on the field → 2 paid.
        "P1 deploys Card R-N (cost 3, paid 2 cores from reserve), LV1"
    );
}

#[test]
fn a_rules_option_out_of_range_is_refused_before_anything_is_built() {
    let lib = library();
    let mut config = RulesConfig::japanese();
    config.starting_reserve = 100_000_000;
    let decks = [
        crate::rules::battle_spirits::testkit::synthetic_deck("R"),
        crate::rules::battle_spirits::testkit::synthetic_deck("B"),
    ];
    let err = Game::new(config, lib, decks, 1).err().unwrap();
    assert_eq!(
        err.to_string(),
        "rules option `starting_reserve` is 100000000; at most 1000"
    );
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
