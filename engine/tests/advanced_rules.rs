//! The rules that make Battle Spirits itself (issue 6): simultaneous effects (BS-8.4),
//! bursts (BS-10), ultimates (BS-12), tecoto, count, over count and heavy exhaustion
//! (BS-13). One test per rule ID at least, each asserting the values the rule gives, on
//! synthetic cards with small scripts. Braves (BS-9) are in `brave.rs`.

use carddb::{CardDef, CardKind, Colour, OverCount, UltimateCondition};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{AnswerError, Choice, DecisionKind, Event, Game};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// Position in the log of the first `EffectStarted` of `card`.
fn started_at(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .position(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .unwrap_or_else(|| panic!("no effect of {card} started"))
}

/// A magic whose first effect is a [Burst] with the burst condition `label` (BS-10).
fn burst_magic(id: &str, cost: u32, label: &str, burst: &str, main: Option<&str>) -> CardDef {
    let mut b = effect(label, burst);
    b.steps = vec![carddb::Step::Burst];
    let mut effects = vec![b];
    if let Some(m) = main {
        effects.push(effect("main", m));
    }
    scripted_magic(id, cost, effects)
}

/// An ultimate (LV3 from 2 cores, LV4 from 4) of `cost` needing a red spirit on the field.
fn ultimate(id: &str, cost: u32) -> CardDef {
    let mut u = card(
        id,
        CardKind::Ultimate,
        cost,
        Colour::Red,
        0,
        0,
        &[(3, 2, 6000), (4, 4, 9000)],
    );
    u.symbols.ultimate = 1;
    u.ultimate = Some(UltimateCondition {
        count: 1,
        kind: CardKind::Spirit,
        colour: Some(Colour::Red),
        family: None,
        min_level: None,
        min_cost: None,
        text: Default::default(),
    });
    u
}

/// P1 attacks with `attacker`, P0 does not block: P0's life is reduced (BS-6.5.1).
fn unblocked_attack(g: &mut Game, attacker: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker });
    pass_flashes(g);
    if decision(g).kind == DecisionKind::BlockOrNot {
        must(g, Choice::NoBlock);
    }
}

// ---- BS-8.4 simultaneous effects ------------------------------------------------------

#[test]
fn bs_8_4_the_turn_player_orders_effects_due_at_once() {
    let a = scripted_spirit(
        "S-LA",
        0,
        1000,
        vec![effect("When You Lose Life", "draw(1);")],
    );
    let b = scripted_spirit(
        "S-LB",
        0,
        1000,
        vec![effect("When You Lose Life", "gain_life(1);")],
    );
    let mut g = strict(scenario(vec![a, b], 40));
    to_p1_main(&mut g);
    let x = put(&mut g, P0, "S-LA", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "S-LB", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    let life = g.life(P0);
    unblocked_attack(&mut g, attacker);
    // Both effects are P0's, but P1 (the turn player) chooses the order.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert_eq!(r.player, P1);
    assert_eq!(r.options.len(), 2, "{:?}", r.options);
    assert!(r.options[0].label.contains("S-LA") && r.options[1].label.contains("S-LB"));
    must(&mut g, Choice::OneOf { index: 1 });
    assert!(
        started_at(&g, y) < started_at(&g, x),
        "the chosen one first"
    );
    assert!(g.log().contains(&Event::OrderChosen { card: y, effect: 0 }));
    assert_eq!(g.life(P0), life - 1 + 1, "lost 1 to the attack, gained 1");
}

#[test]
fn bs_8_4_effects_triggered_while_resolving_come_before_the_rest_of_the_order() {
    let a = scripted_spirit(
        "S-TA",
        0,
        1000,
        vec![effect(
            "When You Lose Life",
            r#"destroy(my_spirits().named("Card S-TC"));"#,
        )],
    );
    let b = scripted_spirit(
        "S-TB",
        0,
        1000,
        vec![effect("When You Lose Life", "gain_life(1);")],
    );
    let c = scripted_spirit("S-TC", 0, 1000, vec![effect("When Destroyed", "draw(1);")]);
    let mut g = strict(scenario(vec![a, b, c], 41));
    to_p1_main(&mut g);
    let xa = put(&mut g, P0, "S-TA", Zone::Field(P0), 1);
    let xb = put(&mut g, P0, "S-TB", Zone::Field(P0), 1);
    let xc = put(&mut g, P0, "S-TC", Zone::Field(P0), 1);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::OneOf { index: 0 }); // S-TA first
    assert_eq!(g.zone_of(xc), Zone::Trash(P0));
    let (ta, tc, tb) = (started_at(&g, xa), started_at(&g, xc), started_at(&g, xb));
    assert!(
        ta < tc && tc < tb,
        "A, then the effect A triggered (C), then B: {ta} {tc} {tb}"
    );
}

// ---- BS-10 bursts -----------------------------------------------------------------------

#[test]
fn bs_10_1_set_once_per_turn_and_a_new_burst_sends_the_old_one_to_the_trash() {
    let b1 = burst_magic("M-BU1", 3, "After Your Life Is Reduced", "draw(1);", None);
    let b2 = burst_magic("M-BU2", 3, "After Your Life Is Reduced", "draw(1);", None);
    let mut g = strict(scenario(vec![b1, b2], 42));
    let c1 = put(&mut g, P0, "M-BU1", Zone::Hand(P0), 0);
    let c2 = put(&mut g, P0, "M-BU2", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(
        r.is_legal(&Choice::SetBurst { card: c1 }) && r.is_legal(&Choice::SetBurst { card: c2 })
    );
    must(&mut g, Choice::SetBurst { card: c1 });
    assert_eq!(g.pile(Zone::Burst(P0)), &[c1]);
    assert!(g.log().contains(&Event::BurstSet {
        player: P0,
        card: c1,
        replaced: None
    }));
    // BS-5.8: once per turn.
    let before = g.log().len();
    assert!(matches!(
        g.answer(Choice::SetBurst { card: c2 }),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.log().len(), before, "a refused answer changes nothing");
    // Next own turn: a new burst replaces the old one, which goes to the trash.
    must(&mut g, Choice::EndMain);
    while g.active() != P0 || decision(&mut g).kind != DecisionKind::MainAction {
        let r = decision(&mut g);
        let c = if r.is_legal(&Choice::EndMain) {
            Choice::EndMain
        } else {
            r.options.last().expect("an option").choice.clone()
        };
        must(&mut g, c);
    }
    must(&mut g, Choice::SetBurst { card: c2 });
    assert_eq!(g.pile(Zone::Burst(P0)), &[c2]);
    assert_eq!(g.zone_of(c1), Zone::Trash(P0));
}

#[test]
fn bs_10_2_a_set_burst_holds_no_cores_and_cannot_be_moved_at_will() {
    let b = burst_magic("M-BU3", 3, "After Your Life Is Reduced", "draw(1);", None);
    let mut g = strict(scenario(vec![b], 43));
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "M-BU3", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    must(&mut g, Choice::MoveCores);
    let r = decision(&mut g);
    for o in &r.options {
        if let Choice::MoveCore { from, to, .. } = o.choice {
            assert_ne!(from, engine::rules::battle_spirits::CoreSource::Card(c));
            assert_ne!(to, engine::rules::battle_spirits::CoreSource::Card(c));
        }
    }
    must(&mut g, Choice::DoneMoving);
    assert_eq!(g.cores_at(CoreLoc::Card(c)), 0);
    // No main-step option moves it back to the hand or to the trash.
    let r = decision(&mut g);
    assert!(
        r.choices()
            .all(|o| !format!("{o:?}").contains(&format!("{c:?}"))),
        "{:?}",
        r.options
    );
}

#[test]
fn bs_10_3_a_burst_activates_on_its_condition_in_the_opponents_turn_at_no_cost() {
    let b = burst_magic("M-BU4", 5, "After Your Life Is Reduced", "draw(2);", None);
    let mut g = strict(scenario(vec![b], 44));
    let c = put(&mut g, P0, "M-BU4", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let (h, reserve, life) = (hand(&g, P0), g.reserve(P0), g.life(P0));
    unblocked_attack(&mut g, attacker);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    assert!(g.log().contains(&Event::BurstActivated { card: c }));
    assert_eq!(hand(&g, P0), h + 2);
    assert_eq!(g.life(P0), life - 1);
    assert_eq!(
        g.reserve(P0),
        reserve + 1,
        "the life core only: nothing paid"
    );
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
}

#[test]
fn bs_10_3_the_owner_may_keep_the_burst_set() {
    let b = burst_magic("M-BU5", 5, "After Your Life Is Reduced", "draw(2);", None);
    let mut g = strict(scenario(vec![b], 45));
    let c = put(&mut g, P0, "M-BU5", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let h = hand(&g, P0);
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::No);
    assert_eq!(hand(&g, P0), h);
    assert_eq!(g.zone_of(c), Zone::Burst(P0));
}

#[test]
fn bs_10_4_paying_the_cost_uses_the_main_effect_as_part_of_the_burst() {
    let b = burst_magic(
        "M-BU6",
        3,
        "After Your Life Is Reduced",
        r#"draw(1); pay_cost_to_activate("main");"#,
        Some("gain_life(2);"),
    );
    let mut g = strict(scenario(vec![b], 46));
    let c = put(&mut g, P0, "M-BU6", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    to_p1_main(&mut g);
    give_reserve(&mut g, P0, 3);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let (h, reserve, life) = (hand(&g, P0), g.reserve(P0), g.life(P0));
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::Yes); // activate
    let r = decision(&mut g);
    assert!(r.prompt.contains("Pay 3"), "{}", r.prompt);
    must(&mut g, Choice::Yes); // pay 3 to use [Main]
    assert_eq!(hand(&g, P0), h + 1);
    assert_eq!(g.life(P0), life - 1 + 2);
    assert_eq!(g.reserve(P0), reserve + 1 - 3);
    assert_eq!(
        g.cores_at(CoreLoc::Trash(P0)),
        3,
        "the cost went to the trash"
    );
    // A burst effect, not a use of the magic: no `Played`, the card was never in the hand.
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::Played { card, .. } if *card == c))
    );
    let effects: Vec<u32> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectStarted { card, effect } if *card == c => Some(*effect),
            _ => None,
        })
        .collect();
    assert_eq!(
        effects,
        vec![0, 1],
        "burst effect, then its main effect inside it"
    );
}

#[test]
fn bs_10_4_no_payment_question_when_the_cost_cannot_be_paid() {
    let b = burst_magic(
        "M-BU7",
        9,
        "After Your Life Is Reduced",
        r#"draw(1); pay_cost_to_activate("main");"#,
        Some("gain_life(2);"),
    );
    let mut g = strict(scenario(vec![b], 47));
    let c = put(&mut g, P0, "M-BU7", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let life = g.life(P0);
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::Yes);
    assert_ne!(decision(&mut g).kind, DecisionKind::EffectChoice);
    assert_eq!(g.life(P0), life - 1, "main effect not used");
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
}

#[test]
fn bs_10_5_a_burst_is_stopped_by_unaffected_by_magic() {
    let b = burst_magic(
        "M-BU8",
        4,
        "After Your Life Is Reduced",
        "destroy(opponent_spirits());",
        None,
    );
    let shielded = scripted_spirit(
        "S-UNA",
        0,
        1000,
        vec![effect(
            "When This Spirit Attacks",
            r#"unaffected_by(this_card(), "magic", true, "turn");"#,
        )],
    );
    let mut g = strict(scenario(vec![b, shielded], 48));
    let c = put(&mut g, P0, "M-BU8", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "S-UNA", Zone::Field(P1), 1);
    let other = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    unblocked_attack(&mut g, attacker);
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(other), Zone::Trash(P1), "affected: destroyed");
    assert_eq!(g.zone_of(attacker), Zone::Field(P1), "unaffected by magic");
}

#[test]
fn bs_10_6_a_card_without_a_burst_effect_cannot_be_set() {
    let m = scripted_magic("M-NOB", 2, vec![effect("main", "draw(1);")]);
    let mut g = strict(scenario(vec![m], 49));
    let c = put(&mut g, P0, "M-NOB", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::SetBurst { card: c }));
    let before = (g.log().len(), g.zone_of(c));
    assert!(matches!(
        g.answer(Choice::SetBurst { card: c }),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!((g.log().len(), g.zone_of(c)), before);
    // A burst card in tecoto cannot be set either (BS-5.8: from the hand only).
    let b = burst_magic("M-BU9", 2, "After Your Life Is Reduced", "draw(1);", None);
    let mut g = strict(scenario(vec![b], 50));
    let t = put(&mut g, P0, "M-BU9", Zone::Tecoto(P0), 0);
    assert!(!decision(&mut g).is_legal(&Choice::SetBurst { card: t }));
}

// ---- BS-12 ultimates ----------------------------------------------------------------------

#[test]
fn bs_12_1_the_summon_condition_holds_for_every_way_of_summoning() {
    let u = ultimate("U-C1", 4);
    let mut g = strict(scenario(vec![u], 51));
    give_reserve(&mut g, P0, 8);
    let c = put(&mut g, P0, "U-C1", Zone::Hand(P0), 0);
    // No red spirit on P0's field: not offered.
    put(&mut g, P0, "B-01", Zone::Field(P0), 1);
    assert!(!decision(&mut g).is_legal(&Choice::Summon { card: c }));
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    assert!(decision(&mut g).is_legal(&Choice::Summon { card: c }));
}

#[test]
fn bs_12_1_a_burst_summon_needs_the_condition_but_the_burst_is_still_used() {
    let mut u = ultimate("U-BS", 6);
    let mut b = effect(
        "After Your Life Is Reduced",
        "draw(1); summon(this_card(), true, false);",
    );
    b.steps = vec![carddb::Step::Burst];
    u.effects = vec![b];
    for red_spirit in [false, true] {
        let mut g = strict(scenario(vec![u.clone()], 52));
        let c = put(&mut g, P0, "U-BS", Zone::Hand(P0), 0);
        must(&mut g, Choice::SetBurst { card: c });
        if red_spirit {
            put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        }
        to_p1_main(&mut g);
        give_reserve(&mut g, P0, 2);
        let attacker = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
        put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        let h = hand(&g, P0);
        unblocked_attack(&mut g, attacker);
        must(&mut g, Choice::Yes);
        assert_eq!(hand(&g, P0), h + 1, "the burst effect was used");
        let want = if red_spirit {
            Zone::Field(P0)
        } else {
            Zone::Trash(P0)
        };
        assert_eq!(g.zone_of(c), want, "red spirit on the field: {red_spirit}");
    }
}

#[test]
fn bs_12_2_an_ultimate_is_summoned_at_level_3() {
    let u = ultimate("U-L3", 3);
    let mut g = strict(scenario(vec![u], 53));
    give_reserve(&mut g, P0, 6);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "U-L3", Zone::Hand(P0), 0);
    must(&mut g, Choice::Summon { card: c });
    for _ in 0..3 {
        let r = decision(&mut g);
        if r.kind == DecisionKind::PayFrom {
            must(&mut g, r.options[0].choice.clone());
        }
    }
    // Placing: "done" is offered only from the level-3 row's 2 cores.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::PlaceCore);
    assert!(!r.is_legal(&Choice::DonePlacing));
    must(
        &mut g,
        Choice::PlaceFrom {
            from: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    assert!(!decision(&mut g).is_legal(&Choice::DonePlacing));
    must(
        &mut g,
        Choice::PlaceFrom {
            from: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::DonePlacing);
    assert_eq!((g.level(c), g.bp(c)), (Some(3), 6000));
}

#[test]
fn bs_12_3_effects_that_affect_spirits_do_not_affect_ultimates() {
    let u = ultimate("U-S3", 5);
    let wipe = scripted_magic(
        "M-WIP",
        0,
        vec![effect("main", "destroy(opponent_spirits());")],
    );
    let ult_wipe = scripted_magic(
        "M-WIU",
        0,
        vec![effect("main", "destroy(opponent_ultimates());")],
    );
    let mut g = strict(scenario(vec![u, wipe, ult_wipe], 54));
    let s = put(&mut g, P1, "R-01", Zone::Field(P1), 1);
    let x = put(&mut g, P1, "U-S3", Zone::Field(P1), 2);
    let m = put(&mut g, P0, "M-WIP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(s), Zone::Trash(P1));
    assert_eq!(g.zone_of(x), Zone::Field(P1), "an effect on spirits");
    let m = put(&mut g, P0, "M-WIU", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(x), Zone::Trash(P1), "an effect naming ultimates");
}

#[test]
fn bs_12_4_the_ultimate_symbol_reduces_only_ultimate_reduction() {
    let u = ultimate("U-SY", 5);
    let mut red = card(
        "S-RR",
        CardKind::Spirit,
        4,
        Colour::Red,
        2,
        1,
        &[(1, 1, 2000)],
    );
    red.reduction.insert(Colour::Red, 2);
    let mut ur = red.clone();
    ur.id = "S-UR".into();
    ur.name = "Card S-UR".into();
    ur.ultimate_reduction = 2;
    ur.reduction.clear();
    let mut g = strict(scenario(vec![u, red.clone(), ur.clone()], 55));
    put(&mut g, P0, "U-SY", Zone::Field(P0), 2);
    // One ultimate symbol on the field, no red symbol: red reduction saves nothing.
    assert_eq!(g.quote(P0, &red).to_pay, 4);
    // Ultimate reduction 2, one ultimate symbol: saves 1.
    assert_eq!(g.quote(P0, &ur).to_pay, 3);
}

#[test]
fn bs_12_5_ultimate_trigger_hits_only_against_a_lower_cost() {
    let mut u = ultimate("U-UT", 6);
    u.effects = vec![effect(
        "When This Spirit Attacks",
        // BS-12.5: not a deck-discard effect: `discarded()` stays empty.
        "if count(discarded()) == 0 { draw(1); } if ultimate_trigger() { if count(discarded()) == 0 { draw(1); } gain_life(1); }",
    )];
    // The opponent's deck top: cost 6 (equal: a guard), cost 4 (lower: a hit).
    for (top, hit) in [("R-06", false), ("R-04", true)] {
        let mut g = strict(scenario(vec![u.clone()], 56));
        to_p1_main(&mut g);
        let x = put(&mut g, P1, "U-UT", Zone::Field(P1), 2);
        put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        put(&mut g, P0, top, Zone::Trash(P0), 0);
        let revealed = put(&mut g, P0, top, Zone::Deck(P0), 0); // that copy, onto the top
        let cost = g.def_of(revealed).cost;
        assert_eq!(cost, if hit { 4 } else { 6 });
        let (life, trash, h) = (g.life(P1), g.pile(Zone::Trash(P0)).len(), hand(&g, P1));
        must(&mut g, Choice::EndMain);
        must(&mut g, Choice::Attack { attacker: x });
        assert!(g.log().contains(&Event::UltimateTrigger {
            card: x,
            revealed,
            hit
        }));
        assert_eq!(g.zone_of(revealed), Zone::Trash(P0), "cost {cost}");
        assert_eq!(g.pile(Zone::Trash(P0)).len(), trash + 1);
        assert_eq!(
            g.life(P1),
            life + u32::from(hit),
            "the rest works only on a hit"
        );
        assert_eq!(
            hand(&g, P1),
            h + 1 + usize::from(hit),
            "nothing counted as discarded"
        );
    }
}

// ---- BS-13 tecoto, count, over count, heavy exhaustion ------------------------------------

#[test]
fn bs_13_1_tecoto_cards_are_used_like_hand_cards_and_are_not_the_hand() {
    let discard_all = scripted_magic("M-DIS", 0, vec![effect("main", "discard_hand();")]);
    let mut g = strict(scenario(vec![discard_all], 57));
    give_reserve(&mut g, P0, 4);
    let t = put(&mut g, P0, "R-03", Zone::Tecoto(P0), 0);
    let r = decision(&mut g);
    let label = r
        .options
        .iter()
        .find(|o| o.choice == Choice::Summon { card: t })
        .map(|o| o.label.clone())
        .expect("a tecoto spirit can be summoned");
    assert!(label.contains("from tecoto"), "{label}");
    let m = put(&mut g, P0, "M-DIS", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(hand(&g, P0), 0, "the hand is discarded");
    assert_eq!(g.zone_of(t), Zone::Tecoto(P0), "tecoto is untouched");
    let reserve = g.reserve(P0);
    play(&mut g, t);
    assert_eq!(g.zone_of(t), Zone::Field(P0));
    let cost = g.quote(P0, g.def_of(t)).cost;
    assert!(
        g.reserve(P0) < reserve,
        "paid its cost ({cost}) like a hand card"
    );
}

#[test]
fn bs_13_2_count_cores_come_from_the_void_and_pay_for_nothing() {
    let c = scripted_spirit(
        "S-CNT",
        0,
        1000,
        vec![effect("When Summoned", "count_plus(3); count_minus(1);")],
    );
    let mut g = strict(scenario(vec![c], 58));
    give_reserve(&mut g, P0, 1);
    let x = put(&mut g, P0, "S-CNT", Zone::Hand(P0), 0);
    let (reserve, avail) = (g.reserve(P0), g.available_cores(P0));
    play(&mut g, x);
    assert_eq!(g.cores_at(CoreLoc::Count(P0)), 2, "+3 then −1");
    assert_eq!(
        g.reserve(P0),
        reserve - 1,
        "only the placed core left the reserve"
    );
    assert_eq!(g.available_cores(P0), avail, "count cores cannot pay");
    // From and back to the void: conservation (strict mode checks every event).
    let from_void = g
        .log()
        .iter()
        .filter(|e| {
            matches!(e, Event::CoreMoved { from: None, to: Some(CoreLoc::Count(p)), .. } if *p == P0)
        })
        .count();
    assert_eq!(from_void, 3);
}

#[test]
fn bs_13_3_over_count_gives_its_bp_and_while_oc_effects_whatever_the_level() {
    let mut o = scripted_spirit(
        "S-OC",
        0,
        1000,
        vec![effect(
            "While OC",
            r#"bp_plus(this_card(), 1000, "while");"#,
        )],
    );
    o.effects[0].levels = vec![2];
    o.over_count = Some(OverCount {
        count: 2,
        bp_bonus: 3000,
        text: Default::default(),
    });
    let plus = scripted_magic("M-CP", 0, vec![effect("main", "count_plus(1);")]);
    let mut g = strict(scenario(vec![o, plus], 59));
    let x = put(&mut g, P0, "S-OC", Zone::Field(P0), 1);
    assert_eq!((g.level(x), g.bp(x)), (Some(1), 1000));
    let m = put(&mut g, P0, "M-CP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert!(!g.in_over_count(x));
    assert_eq!(g.bp(x), 1000, "count 1 < 2");
    let m = put(&mut g, P0, "M-CP", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert!(g.in_over_count(x));
    assert_eq!(g.level(x), Some(1));
    assert_eq!(
        g.bp(x),
        1000 + 3000 + 1000,
        "OC bonus and the [While OC] effect at LV1"
    );
}

#[test]
fn bs_13_4_heavy_exhaustion_lasts_one_refresh_which_fires_when_refreshed() {
    let h = scripted_spirit(
        "S-HVY",
        0,
        1000,
        vec![effect("When Refreshed", "gain_life(1);")],
    );
    let m = scripted_magic(
        "M-HVY",
        0,
        vec![effect("main", "heavily_exhaust(opponent_spirits());")],
    );
    let mut g = strict(scenario(vec![h, m], 60));
    let x = put(&mut g, P1, "S-HVY", Zone::Field(P1), 1);
    let magic = put(&mut g, P0, "M-HVY", Zone::Hand(P0), 0);
    play(&mut g, magic);
    assert!(g.is_exhausted(x), "heavily exhausted counts as exhausted");
    assert!(g.log().contains(&Event::HeavilyExhausted { card: x }));
    let life = g.life(P1);
    to_p1_main(&mut g);
    // One refresh step: exhausted, not refreshed; "when refreshed" fired.
    assert!(g.is_exhausted(x));
    assert!(g.log().contains(&Event::Exhausted { card: x }));
    assert_eq!(g.life(P1), life + 1);
    // It cannot attack (nor block) while exhausted.
    must(&mut g, Choice::EndMain);
    assert!(
        g.current_request()
            .is_none_or(|r| !r.is_legal(&Choice::Attack { attacker: x }))
    );
    // The next refresh step refreshes it.
    while g.active() != P1 || g.turn() < 4 {
        let r = decision(&mut g);
        let c = if r.is_legal(&Choice::EndMain) {
            Choice::EndMain
        } else if r.is_legal(&Choice::EndAttack) {
            Choice::EndAttack
        } else {
            r.options.last().expect("an option").choice.clone()
        };
        must(&mut g, c);
    }
    assert!(!g.is_exhausted(x));
    assert_eq!(g.life(P1), life + 2);
}
