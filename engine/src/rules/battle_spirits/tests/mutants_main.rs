//! The main step (`main_step.rs`, BS-5) where a mutation of the code once changed what a
//! player sees or does without any test noticing (`docs/testing.md`).

use super::*;

fn label_of(r: &DecisionRequest, c: &Choice) -> String {
    r.options
        .iter()
        .find(|o| o.choice == *c)
        .map(|o| o.label.clone())
        .unwrap_or_else(|| panic!("{c:?} not offered: {:?}", r.options))
}

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
