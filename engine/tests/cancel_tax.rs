//! Cancelling an attack whose tax is not yet paid (BS-6.1: "cannot attack unless they pay
//! N cores" is paid core by core before the declaration, BS-5.2 step 5 sources).

mod support;

use engine::rules::battle_spirits::testkit::{decision, effect, must, put, scripted_spirit};
use engine::rules::battle_spirits::{CoreSource, Zone};
use engine::{Choice, DecisionKind};
use support::rulings::*;

/// A stand-in of the attack-tax shape (`attack_tax`: the opponent's spirits costing 3 or
/// fewer pay one core to attack). P1 (seat 2) is offered cancel; cancelling the taxed
/// attack gives back the attack step's decision and the saved state byte for byte, with
/// the spirit not exhausted and nothing paid.
#[test]
fn bs_6_1_an_unpaid_attack_tax_can_be_cancelled() {
    let s = scripted_spirit(
        "S-TAX",
        0,
        1000,
        vec![effect(
            "During Opponent's Attack Step",
            "attack_tax(opponent_spirits().cost_at_most(3), 1, \"while\");",
        )],
    );
    let mut g = game(vec![s], 208);
    g.set_strict(true);
    g.set_cancel([false, true]);
    to_p1_main(&mut g);
    put(&mut g, P0, "S-TAX", Zone::Field(P0), 1);
    let cheap = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let attack_step = decision(&mut g);
    assert_eq!(attack_step.kind, DecisionKind::AttackOrEnd);
    let before = g.to_json();
    must(&mut g, Choice::Attack { attacker: cheap });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert_eq!(r.options.last().map(|o| &o.choice), Some(&Choice::Cancel));
    must(&mut g, Choice::Cancel);
    assert_eq!(g.to_json(), before);
    assert!(!g.is_exhausted(cheap));
    assert_eq!(decision(&mut g), attack_step);
    // Paid, the attack is declared (BS-6.1) and the flash timing has no cancel.
    must(&mut g, Choice::Attack { attacker: cheap });
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    assert!(g.is_exhausted(cheap));
    assert!(!decision(&mut g).is_legal(&Choice::Cancel));
}
