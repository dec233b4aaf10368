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
