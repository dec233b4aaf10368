//! BS-9.1, BS-9.3, BS-9.4 and BS-5.1.1: braving onto an eligible host (or refused), braves per
//! host, exhausted hosts and braves, a brave summoned directly onto a host.

use super::*;

#[test]
fn bs_9_1_brave_onto_an_eligible_host_pays_nothing() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let low = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    // BS-9.1: cost 3 meets "cost 3 or more"; cost 1 does not.
    assert!(legal(&mut g, &Choice::Brave { brave: b, host }));
    assert!(!legal(
        &mut g,
        &Choice::Brave {
            brave: b,
            host: low
        }
    ));
    let reserve = g.reserve(P0);
    let label = decision(&mut g)
        .options
        .iter()
        .find(|o| o.choice == Choice::Brave { brave: b, host })
        .unwrap()
        .label
        .clone();
    assert_eq!(label, format!("Brave Card BR-A {b} onto Card R-03 {host}"));
    brave_onto(&mut g, b, host);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.braves_on(host), vec![b]);
    assert_eq!(g.reserve(P0), reserve, "BS-9.1: braving pays nothing");
    assert!(g.log().contains(&Event::Braved { brave: b, host }));
    // One braved spirit: the host fights, the brave does not on its own.
    assert!(g.refreshed_fighters(P0).contains(&host));
    assert!(!g.refreshed_fighters(P0).contains(&b));
    assert!(!g.is_spirit_like(b));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    g.check_invariants().unwrap();
}

#[test]
fn bs_9_1_illegal_brave_is_refused_and_changes_nothing() {
    let mut g = game();
    let blue = put(&mut g, P0, "BR-S", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    let before = g.to_json();
    let choice = Choice::Brave {
        brave: b,
        host: blue,
    };
    // BR-B needs a red host.
    assert!(matches!(
        g.answer(choice),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.to_json(), before);
    // A brave cannot host a brave; an unbraved brave cannot be unbraved.
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    for c in [
        Choice::Brave { brave: b, host: a },
        Choice::Unbrave { brave: b },
        Choice::SwapBraves {
            first: blue,
            second: a,
        },
    ] {
        assert!(matches!(g.answer(c), Err(AnswerError::NotAnOption { .. })));
    }
}

#[test]
fn bs_9_1_ultimates_only_when_the_condition_allows() {
    let mut g = game();
    let spirit = put(&mut g, P0, "BR-S", Zone::Field(P0), 1);
    let ult = put(&mut g, P0, "BR-U", Zone::Field(P0), 2);
    let c = put(&mut g, P0, "BR-C", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: c,
            host: spirit
        }
    ));
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: a,
            host: spirit
        }
    ));
    // BR-A (cost 3 or more, spirits only) refuses the cost-3 ultimate; BR-C allows it.
    assert!(!legal(
        &mut g,
        &Choice::Brave {
            brave: a,
            host: ult
        }
    ));
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: c,
            host: ult
        }
    ));
    brave_onto(&mut g, c, ult);
    // Still an ultimate for targeting; LV3 8000 + 1000.
    assert_eq!(g.bp(ult), 9000);
    assert!(g.refreshed_fighters(P0).contains(&ult));
}

#[test]
fn bs_9_3_one_brave_per_host_by_default() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, a, host);
    assert!(matches!(
        g.answer(Choice::Brave { brave: b, host }),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.braves_on(host), vec![a]);
}

#[test]
fn bs_9_3_more_braves_per_host_as_a_rules_option() {
    let mut g = game_with(RulesConfig {
        first_player: Some(P0),
        braves_per_host: 2,
        ..RulesConfig::japanese()
    });
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    brave_onto(&mut g, a, host);
    assert_eq!(g.braves_on(host), vec![b, a]);
    // 3 cores on R-03: LV2 5000, + 2000 + 3000.
    assert_eq!(g.bp(host), 10_000);
    assert_eq!(g.cost_of(host), 3 + 2 + 3);
    let bad = RulesConfig {
        braves_per_host: 5000,
        ..RulesConfig::japanese()
    };
    assert!(bad.check().unwrap_err().contains("braves_per_host"));
}

#[test]
fn bs_9_3_old_configs_load_with_one_brave_per_host() {
    let mut v = serde_json::to_value(RulesConfig::japanese()).unwrap();
    v.as_object_mut().unwrap().remove("braves_per_host");
    let c: RulesConfig = serde_json::from_value(v).unwrap();
    assert_eq!(c.braves_per_host, 1);
}

// ---- BS-9.4 -----------------------------------------------------------------------------

#[test]
fn bs_9_4_braving_an_exhausted_host_or_with_an_exhausted_brave_exhausts_the_braved_card() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    g.set_exhausted(b, true);
    brave_onto(&mut g, b, host);
    assert!(g.is_exhausted(host), "BS-9.4: the brave was exhausted");

    let host2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let b2 = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    assert!(!g.is_exhausted(host2));
    brave_onto(&mut g, b2, host2);
    assert!(!g.is_exhausted(host2), "both refreshed: refreshed");

    let host3 = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let b3 = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    g.set_exhausted(host3, true);
    brave_onto(&mut g, b3, host3);
    assert!(g.is_exhausted(host3), "BS-9.4: the host was exhausted");
}

// ---- BS-5.1.1 ---------------------------------------------------------------------------

#[test]
fn bs_5_1_1_a_brave_summoned_directly_onto_a_host() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    g.set_exhausted(host, true);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    let hand = g.pile(Zone::Hand(P0)).len();
    let reserve = g.reserve(P0);
    let choice = Choice::SummonOnto { card: b, host };
    let r = decision(&mut g);
    assert!(r.is_legal(&choice));
    assert!(
        r.is_legal(&Choice::Summon { card: b }),
        "spirit form still offered"
    );
    must(&mut g, choice);
    // Pay the cost (2, no reduction) core by core; no core placement.
    for _ in 0..2 {
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::PayFrom);
        must(
            &mut g,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false,
            },
        );
    }
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.reserve(P0), reserve - 2);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.cores_on(b), 0);
    assert_eq!(g.cores_on(host), 1);
    assert_eq!(g.bp(host), 3000 + 2000);
    assert!(g.is_exhausted(host), "BS-9.4: exhaustion carries over");
    // Its "when summoned" (draw 1) worked: −1 brave +1 drawn.
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand);
    assert!(
        g.log()
            .contains(&Event::Hook(Hook::WhenSummoned { card: b }))
    );
}

#[test]
fn bs_5_1_1_the_host_keeps_its_minimum_level_while_paying() {
    let mut g = game();
    // The host may pay while it keeps its minimum level (1 core).
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 2);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::SummonOnto { card: b, host }));
    must(&mut g, Choice::SummonOnto { card: b, host });
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(host),
        soul: false
    }));
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Card(host),
            soul: false,
        },
    );
    // One core left on the host: it may no longer pay.
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(host),
        soul: false
    }));
}

#[test]
fn bs_5_1_1_from_tecoto_too() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Tecoto(P0), 0);
    // BS-13.1: tecoto cards are used like hand cards.
    must(&mut g, Choice::SummonOnto { card: b, host });
    while decision(&mut g).kind == DecisionKind::PayFrom {
        must(
            &mut g,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false,
            },
        );
    }
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
}
