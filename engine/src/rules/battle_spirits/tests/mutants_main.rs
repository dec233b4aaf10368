//! The main step (`main_step.rs`, BS-5) where a mutation of the code once changed what a
//! player sees or does without any test noticing (`docs/testing.md`).

use super::*;

/// BS-5.2 steps 5 and 6: each payment and placement option names the core and where it
/// comes from, as a player reads it.
#[test]
fn bs_5_2_pay_and_place_options_name_the_core_and_its_source() {
    let mut g = main1();
    let c = to_hand(&mut g, P0, "R-01");
    g.answer(Choice::Summon { card: c }).unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert_eq!(
        label_of(
            &r,
            &Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false
            }
        ),
        "Pay a core from reserve"
    );
    assert_eq!(
        label_of(
            &r,
            &Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: true
            }
        ),
        "Pay the soul core from reserve"
    );
    g.answer(Choice::PayFrom {
        from: CoreSource::Reserve,
        soul: false,
    })
    .unwrap();
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PlaceCore);
    assert_eq!(
        label_of(
            &r,
            &Choice::PlaceFrom {
                from: CoreSource::Reserve,
                soul: false
            }
        ),
        "Place a core from reserve"
    );
}

/// BS-5.1 (keyword ruling K4): a spirit's additional summoning cost is paid when it is
/// summoned from the hand, before its cost (here: the effect draws a card).
#[test]
fn bs_5_1_an_additional_summoning_cost_is_paid_when_summoning() {
    use crate::rules::battle_spirits::testkit::{effect, play, put, scenario, scripted_spirit};
    let toll = scripted_spirit(
        "MM-TOLL",
        0,
        1000,
        vec![effect("additional_summon_cost", "draw(1);")],
    );
    let mut g = scenario(vec![toll], 71);
    let t = put(&mut g, P0, "MM-TOLL", Zone::Hand(P0), 0);
    let hand = g.pile(Zone::Hand(P0)).len();
    play(&mut g, t);
    assert_eq!(g.zone_of(t), Zone::Field(P0));
    assert!(
        g.log()
            .contains(&Event::EffectStarted { card: t, effect: 0 })
    );
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand, "−1 summoned, +1 drawn");
}

/// A cost-2 spirit (one core for LV1) whose additional summoning cost pays `extra` cores
/// from the reserve, summoned from a reserve of 4 and an empty field.
fn greedy_summon(extra: u32, seed: u64) -> (Game, InstanceId) {
    use crate::rules::battle_spirits::testkit::{effect, must, put, scenario, scripted_spirit};
    let greedy = scripted_spirit(
        "MM-GREEDY",
        2,
        1000,
        vec![effect(
            "additional_summon_cost",
            &format!("pay_cores({extra});"),
        )],
    );
    let mut g = scenario(vec![greedy], seed);
    set_reserve(&mut g, P0, 4);
    let c = put(&mut g, P0, "MM-GREEDY", Zone::Hand(P0), 0);
    must(&mut g, Choice::Summon { card: c });
    (g, c)
}

fn refused(g: &Game, c: InstanceId) -> bool {
    g.log().iter().any(|e| {
        matches!(e, Event::EffectInert { card, reason, .. }
            if *card == c && reason.contains("cannot be paid"))
    })
}

/// BS-5.1, BS-5.2 step 5: after an additional summoning cost, a summon whose cost the cores
/// left still cover goes on — even with every core paid and none left to place: the spirit
/// is then placed without cores and depleted at once (BS-5.3).
#[test]
fn bs_5_2_a_summon_the_cores_left_exactly_pay_for_goes_on() {
    let (mut g, c) = greedy_summon(2, 72);
    assert!(!refused(&g, c));
    pay_from_reserve(&mut g);
    // Nothing to place and a minimum of one core: the player is told it will be depleted.
    let r = req(&mut g);
    assert_eq!(r.kind, DecisionKind::PlaceCore);
    assert_eq!(r.choices().collect::<Vec<_>>(), [&Choice::DonePlacing]);
    g.answer(Choice::DonePlacing).unwrap();
    assert_eq!(g.reserve(P0), 0);
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: c }));
}

/// BS-5.1, BS-5.2: after an additional summoning cost, a summon the cores left cannot pay
/// for stops: the card stays in the hand and the log says why.
#[test]
fn bs_5_2_a_summon_the_cores_left_cannot_pay_for_stays_in_the_hand() {
    let (mut g, c) = greedy_summon(3, 73);
    assert!(refused(&g, c));
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.zone_of(c), Zone::Hand(P0));
    assert_eq!(g.reserve(P0), 1, "only the additional cost was paid");
}

/// BS-5.2 step 6: a nexus (no core needed for LV1) whose cost took every core is placed at
/// once: there is nothing to place and nothing to ask.
#[test]
fn bs_5_2_a_nexus_with_no_core_left_to_place_is_placed_at_once() {
    let mut g = main1();
    set_reserve(&mut g, P0, 3);
    let n = to_hand(&mut g, P0, "R-N");
    g.answer(Choice::Deploy { card: n }).unwrap();
    assert_eq!(
        pay_from_reserve(&mut g),
        3,
        "cost 3, no red symbol to reduce it"
    );
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.zone_of(n), Zone::Field(P0));
    assert!(matches!(played(&g), Event::Played { card, .. } if card == n));
}

/// "Magic used during this battle" (BS-5.5, BS-6): a magic used in the main step before the
/// attack is not one; a magic used in the battle's flash timing is, once in the trash.
#[test]
fn bs_6_2_magic_used_this_battle_counts_the_battle_flashes_only() {
    use crate::rules::battle_spirits::testkit::{
        decision, effect, must, put, scenario, scripted_magic, to_p1_main,
    };
    let spark = scripted_magic("MM-SPARK", 0, vec![effect("main", "draw(1);")]);
    let tally = scripted_magic(
        "MM-TALLY",
        0,
        vec![effect("flash", "draw(count(magic_used_this_battle()));")],
    );
    let mut g = scenario(vec![spark, tally], 74);
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "MM-SPARK", Zone::Hand(P1), 0);
    let t1 = put(&mut g, P1, "MM-TALLY", Zone::Hand(P1), 0);
    let t2 = (0..g.st.cards.len() as u32)
        .map(InstanceId)
        .find(|c| *c != t1 && g.card_id(*c) == "MM-TALLY" && g.owner(*c) == P1)
        .expect("a second copy");
    g.move_card(t2, Zone::Hand(P1));
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    must(&mut g, Choice::UseMagic { card: s });
    assert_eq!(g.zone_of(s), Zone::Trash(P1));
    must(&mut g, Choice::EndMain);
    while decision(&mut g).kind != DecisionKind::AttackOrEnd {
        let r = decision(&mut g);
        g.answer(r.options[0].choice.clone()).unwrap();
    }
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::Pass); // the defender first (BS-6.2)
    let hand = g.pile(Zone::Hand(P1)).len();
    must(&mut g, Choice::UseMagic { card: t1 });
    assert_eq!(
        g.pile(Zone::Hand(P1)).len(),
        hand - 1,
        "the main-step magic: none"
    );
    must(&mut g, Choice::Pass);
    must(&mut g, Choice::UseMagic { card: t2 });
    assert_eq!(
        g.pile(Zone::Hand(P1)).len(),
        hand - 1,
        "the first tally, used in this battle: one drawn"
    );
}
