//! BS-10: setting a burst, its cores, its activation on its condition, its cost paid for the main
//! effect, what stops it.

use super::*;

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
