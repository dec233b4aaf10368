//! BS-10 and BS-5.8: bursts in the unit suite (the same rules are played through in
//! `engine/tests/advanced_rules/bursts.rs`): setting one from the hand once per turn, the
//! old one to the trash, activation on its condition at no cost, a burst summon keeping
//! its card, and paying the cost for the [Main] effect from spare cores.

use super::*;
use crate::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, hand_size, must, pass_flashes, put, scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};

/// A magic of `cost` with a [Burst] effect "after your life is reduced" running `burst`,
/// and a [Main] effect running `main` when given.
fn burst_magic(id: &str, cost: u32, burst: &str, main: Option<&str>) -> CardDef {
    let mut b = effect("After Your Life Is Reduced", burst);
    b.steps = vec![carddb::Step::Burst];
    let mut effects = vec![b];
    effects.extend(main.map(|m| effect("main", m)));
    scripted_magic(id, cost, effects)
}

/// P1 (turn 2) attacks with a fresh R-02 and P0 does not block: P0's life is reduced. (A
/// second spirit of P1's keeps the attack step, and P0's hand, where they are after it.)
fn p1_hits_p0(g: &mut Game) {
    to_p1_main(g);
    let a = put(g, P1, "R-02", Zone::Field(P1), 1);
    put(g, P1, "B-01", Zone::Field(P1), 1);
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
    pass_flashes(g);
    if decision(g).kind == DecisionKind::BlockOrNot {
        must(g, Choice::NoBlock);
    }
}

fn set_options(g: &mut Game) -> Vec<InstanceId> {
    decision(g)
        .choices()
        .filter_map(|c| match c {
            Choice::SetBurst { card } => Some(*card),
            _ => None,
        })
        .collect()
}

/// BS-5.8, BS-10.1, BS-10.6: the main step offers to set each distinct hand card with a
/// [Burst] effect (two copies are one option; a card without one is none), once per turn;
/// the card set is the player's burst, and a new one set on a later turn sends the old
/// one to the trash.
#[test]
fn bs_10_1_one_burst_set_per_turn_from_the_hand_the_old_one_trashed() {
    let b1 = burst_magic("MUT-BU1", 3, "draw(1);", None);
    let b2 = burst_magic("MUT-BU2", 3, "draw(1);", None);
    let mut g = strict(scenario(vec![b1, b2], 51));
    let c1 = put(&mut g, P0, "MUT-BU1", Zone::Hand(P0), 0);
    let more = (0..g.st.cards.len() as u32)
        .map(InstanceId)
        .find(|c| *c != c1 && g.card_id(*c) == "MUT-BU1" && g.owner(*c) == P0);
    g.move_card(more.expect("a second copy"), Zone::Hand(P0));
    let c2 = put(&mut g, P0, "MUT-BU2", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-M", Zone::Hand(P0), 0);
    let mut opts = set_options(&mut g);
    opts.sort();
    assert_eq!(
        opts.len(),
        2,
        "one option per distinct burst card: {opts:?}"
    );
    assert!(opts.contains(&c2) && g.card_id(opts[0]) != g.card_id(opts[1]));
    assert_eq!(g.burst_of(P0), None);
    assert!(!g.burst_set_this_turn(P0));
    must(&mut g, Choice::SetBurst { card: c1 });
    assert_eq!((g.burst_of(P0), g.zone_of(c1)), (Some(c1), Zone::Burst(P0)));
    assert!(g.burst_set_this_turn(P0) && !g.burst_set_this_turn(P1));
    assert!(set_options(&mut g).is_empty(), "BS-5.8: once per turn");
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::EndMain); // P1 has no spirit: no attack
    assert_eq!((g.turn(), g.active()), (3, P0));
    assert!(!g.burst_set_this_turn(P0));
    let r = decision(&mut g);
    let label = r
        .options
        .iter()
        .find(|o| o.choice == Choice::SetBurst { card: c2 });
    assert!(label.expect("c2 offered").label.contains("replacing"));
    must(&mut g, Choice::SetBurst { card: c2 });
    assert_eq!((g.burst_of(P0), g.zone_of(c1)), (Some(c2), Zone::Trash(P0)));
    assert!(g.log().contains(&Event::BurstSet {
        player: P0,
        card: c2,
        replaced: Some(c1)
    }));
}

/// BS-10.3: when its condition is met, the owner may activate a set burst at no cost; its
/// effect resolves and the card goes to the trash. Kept set (No), it stays.
#[test]
fn bs_10_3_a_burst_activates_at_no_cost_and_then_goes_to_the_trash() {
    for activate in [true, false] {
        let b = burst_magic("MUT-BU3", 5, "draw(2);", None);
        let mut g = strict(scenario(vec![b], 52));
        let c = put(&mut g, P0, "MUT-BU3", Zone::Hand(P0), 0);
        must(&mut g, Choice::SetBurst { card: c });
        let (h, reserve) = (hand_size(&g, P0), g.reserve(P0));
        p1_hits_p0(&mut g);
        let r = decision(&mut g);
        assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
        must(&mut g, if activate { Choice::Yes } else { Choice::No });
        let activated = g.log().contains(&Event::BurstActivated { card: c });
        assert_eq!(activated, activate);
        if activate {
            assert_eq!(hand_size(&g, P0), h + 2);
            assert_eq!(g.reserve(P0), reserve + 1, "the life core; nothing paid");
            assert_eq!(g.zone_of(c), Zone::Trash(P0));
        } else {
            assert_eq!(hand_size(&g, P0), h);
            assert_eq!(g.zone_of(c), Zone::Burst(P0));
        }
    }
}

/// BS-10.3 (a burst summon): a burst whose effect summons its own card leaves it on the
/// field; only a burst still in the burst area goes to the trash.
#[test]
fn bs_10_3_a_burst_that_summons_its_card_leaves_it_on_the_field() {
    let mut s = scripted_spirit("MUT-BUS", 3, 3000, vec![]);
    let mut b = effect(
        "After Your Life Is Reduced",
        "summon(this_card(), true, false);",
    );
    b.steps = vec![carddb::Step::Burst];
    s.effects = vec![b];
    let mut g = strict(scenario(vec![s], 53));
    let c = put(&mut g, P0, "MUT-BUS", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    p1_hits_p0(&mut g);
    must(&mut g, Choice::Yes);
    while decision(&mut g).player == P0 && g.zone_of(c) != Zone::Field(P0) {
        let r = decision(&mut g);
        g.answer(r.options[0].choice.clone()).unwrap();
    }
    assert_eq!(g.zone_of(c), Zone::Field(P0));
}

/// BS-10.4: "then you may pay this card's cost to use its [Main] effect": the cost (4)
/// is paid from the reserve first (1 core and the life core just lost), then from the
/// cores above each field card's minimum in field order (R-00 with 2 cores gives 1, the
/// next R-00 with 3 gives 1 of its 2), never depleting one and no more than the cost; the
/// [Main] effect resolves inside the burst. A cost above the 5 spare cores (6) is not
/// asked for.
#[test]
fn bs_10_4_the_cost_for_the_main_effect_is_paid_from_spare_cores() {
    for (id, cost) in [("MUT-BU4", 4), ("MUT-BU5", 6)] {
        let b = burst_magic(
            id,
            cost,
            "draw(1); pay_cost_to_activate(\"main\");",
            Some("gain_life(2);"),
        );
        let mut g = strict(scenario(vec![b], 54));
        let c = put(&mut g, P0, id, Zone::Hand(P0), 0);
        must(&mut g, Choice::SetBurst { card: c });
        let keep = [2, 3].map(|n| put(&mut g, P0, "R-00", Zone::Field(P0), n));
        // One core in the reserve (the soul core, if it is there).
        while let Some(core) = g.core_at(CoreLoc::Reserve(P0), false) {
            g.move_core(core, None);
        }
        if g.reserve(P0) == 0 {
            give_reserve(&mut g, P0, 1);
        }
        assert_eq!((g.reserve(P0), g.spare_cores(P0)), (1, 1 + 1 + 2));
        let (h, life) = (hand_size(&g, P0), g.life(P0));
        p1_hits_p0(&mut g);
        must(&mut g, Choice::Yes); // activate
        let r = decision(&mut g);
        if cost == 6 {
            assert_ne!(r.kind, DecisionKind::EffectChoice, "5 spare cores < 6");
            assert_eq!(g.life(P0), life - 1, "[Main] not used");
            assert_eq!(g.zone_of(c), Zone::Trash(P0));
            continue;
        }
        assert!(r.prompt.contains("Pay 4"), "{}", r.prompt);
        must(&mut g, Choice::Yes); // pay 4 for [Main]
        assert_eq!(hand_size(&g, P0), h + 1);
        assert_eq!(g.life(P0), life - 1 + 2);
        assert_eq!(
            keep.map(|k| g.cores_on(k)),
            [1, 2],
            "the minimum kept; no more than the cost"
        );
        assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 4, "the cost, to the trash");
        assert_eq!(g.zone_of(c), Zone::Trash(P0));
    }
}

/// `activate_without_cost("main")`: a burst uses the card's [Main] effect (its third
/// effect, after a [Flash] one) at no cost, as part of the burst, and is told it had one.
#[test]
fn bs_10_4_a_burst_may_use_the_main_effect_without_its_cost() {
    let mut b = burst_magic(
        "MUT-BU6",
        6,
        "if activate_without_cost(\"main\") { draw(1); }",
        None,
    );
    b.effects.push(effect("flash", "draw(3);"));
    b.effects.push(effect("main", "gain_life(2);"));
    let mut g = strict(scenario(vec![b], 55));
    let c = put(&mut g, P0, "MUT-BU6", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    let (h, life, reserve) = (hand_size(&g, P0), g.life(P0), g.reserve(P0));
    p1_hits_p0(&mut g);
    must(&mut g, Choice::Yes);
    assert_eq!(g.life(P0), life - 1 + 2, "the [Main] effect");
    assert_eq!(
        hand_size(&g, P0),
        h + 1,
        "told it was used; not the [Flash] effect"
    );
    assert_eq!(g.reserve(P0), reserve + 1, "nothing paid");
}

/// BS-10.3 and BS-8.4: a burst is activated only from the burst area. When a field effect
/// reached by the same life loss (ordered first by the turn player) discards the set
/// burst, the burst is not offered any more.
#[test]
fn bs_10_3_a_burst_discarded_before_its_turn_is_not_activated() {
    let b = burst_magic("MUT-BU7", 3, "draw(2);", None);
    let disc = scripted_spirit(
        "MUT-DISC",
        0,
        1000,
        vec![effect("When You Lose Life", "discard_burst(1);")],
    );
    let mut g = strict(scenario(vec![b, disc], 56));
    let c = put(&mut g, P0, "MUT-BU7", Zone::Hand(P0), 0);
    must(&mut g, Choice::SetBurst { card: c });
    let s = put(&mut g, P0, "MUT-DISC", Zone::Field(P0), 1);
    let h = hand_size(&g, P0);
    p1_hits_p0(&mut g);
    // P1, the turn player, orders the two (BS-8.4): the field effect first.
    let r = decision(&mut g);
    assert_eq!(r.player, P1, "{r:?}");
    let first = r
        .options
        .iter()
        .find(|o| o.label.starts_with(&format!("{} {s}", g.name(s))))
        .expect("the field effect is offered");
    must(&mut g, first.choice.clone());
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    let r = decision(&mut g);
    assert!(!r.prompt.contains("burst"), "{}", r.prompt);
    assert!(!g.log().contains(&Event::BurstActivated { card: c }));
    assert_eq!(hand_size(&g, P0), h);
}
