//! BS-5.2 step 5 / BS-5.3: a cost is paid in one step, and a spirit it empties is
//! depleted once the whole cost is paid — never between two of its cores. Found by the
//! 1,000,000-game soak: a burst fired by a spirit depleted mid-payment spent the
//! reserve cores the payment still needed, and the game was left with a payment no core
//! could finish (`cardscript sim --players random --check --games 1 --seed 85308 dawn-tide`).

use engine::core::PlayerId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, put, scenario, scripted_magic, scripted_spirit, strict,
};
use engine::rules::battle_spirits::{CoreSource, Zone};
use engine::{Choice, DecisionKind, Event};

const P0: PlayerId = PlayerId(0);

#[test]
fn a_spirit_emptied_by_a_payment_is_depleted_after_the_whole_cost_is_paid() {
    // Its "when depleted" spends the whole reserve: run mid-payment, it would take the
    // cores the payment still needs.
    let sentry = || {
        scripted_spirit(
            "T-SENTRY",
            1,
            1000,
            vec![effect("When Depleted", "pay_cores(reserve());")],
        )
    };
    let reserve = scenario(vec![sentry()], 3).reserve(P0);
    assert!(
        reserve >= 2,
        "the turn-1 reserve holds the rest of the cost"
    );
    // Cost = the sentry's one core + the whole reserve (red magic, no reduction).
    let magic = scripted_magic("T-VERDICT", reserve + 1, vec![effect("main", "draw(1);")]);
    let mut g = strict(scenario(vec![sentry(), magic], 3));
    let s = put(&mut g, P0, "T-SENTRY", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "T-VERDICT", Zone::Hand(P0), 0);
    let hand_before = g.pile(Zone::Hand(P0)).len();

    must(&mut g, Choice::UseMagic { card: m });
    // BS-5.2 step 5: the first core comes from the sentry, its only one.
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Card(s),
            soul: false,
        },
    );
    // Still on the field (empty) while the cost is being paid: the reserve can finish it.
    assert_eq!(
        g.zone_of(s),
        Zone::Field(P0),
        "not depleted mid-payment (BS-5.3)"
    );
    for _ in 0..reserve {
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::PayFrom);
        let from = r
            .choices()
            .find(|c| {
                matches!(
                    c,
                    Choice::PayFrom {
                        from: CoreSource::Reserve,
                        ..
                    }
                )
            })
            .cloned()
            .expect("the reserve is a listed source");
        must(&mut g, from);
    }
    // Paid in full: the sentry is depleted (its effect finds the reserve empty), then the
    // magic resolves and goes to the trash (BS-5.5).
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
    assert_eq!(g.zone_of(m), Zone::Trash(P0));
    assert_eq!(g.reserve(P0), 0);
    assert_eq!(
        g.pile(Zone::Hand(P0)).len(),
        hand_before,
        "magic left, 1 card drawn"
    );
    let log = g.log();
    let depleted = log
        .iter()
        .position(|e| matches!(e, Event::Depleted { card } if *card == s))
        .expect("the sentry is depleted (BS-5.3)");
    let played = log
        .iter()
        .position(
            |e| matches!(e, Event::Played { card, paid, .. } if *card == m && *paid == reserve + 1),
        )
        .expect("the magic is used with its whole cost paid");
    assert!(
        depleted < played,
        "depletion follows the payment, before the effect"
    );
}
