//! The attack step (`battle.rs`, BS-6) where a mutation of the code once changed what a
//! player sees or does without any test noticing (`docs/testing.md`).

use super::*;
use crate::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, scenario, scripted_magic, strict, to_p1_main,
};

/// A game with `extra` and P1's magic `MB-<name>` for each `(name, script)` ([Main], free).
fn game(magic: &[(&str, &str)], seed: u64) -> Game {
    let extra = magic
        .iter()
        .map(|(n, s)| scripted_magic(&format!("MB-{n}"), 0, vec![effect("main", s)]))
        .collect();
    let mut g = strict(scenario(extra, seed));
    to_p1_main(&mut g);
    g
}

/// P1 uses its magic `MB-<name>` in its main step.
fn cast(g: &mut Game, name: &str) {
    let m = put(g, P1, &format!("MB-{name}"), Zone::Hand(P1), 0);
    must(g, Choice::UseMagic { card: m });
}

/// BS-6.1, BS-6.3: the attack and block options name the spirit, its level and BP as a
/// player reads them, and an attack that must pay a tax says how many cores.
#[test]
fn bs_6_1_attack_and_block_options_name_the_spirit_and_its_tax() {
    let mut g = game(&[("TAX", r#"attack_tax(my_spirits(), 2, "turn");"#)], 81);
    let taxed = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "TAX");
    let free = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let guard = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    assert_eq!(
        label_of(&r, &Choice::Attack { attacker: taxed }),
        format!("Attack with Card B-03 {taxed} (LV1 BP 3000), paying 2 core(s)")
    );
    assert_eq!(
        label_of(&r, &Choice::Attack { attacker: free }),
        format!("Attack with Card B-04 {free} (LV1 BP 4000)")
    );
    must(&mut g, Choice::Attack { attacker: free });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert_eq!(
        label_of(&r, &Choice::Block { blocker: guard }),
        format!("Block with Card R-02 {guard} (LV1 BP 2000)")
    );
}

/// BS-6.1: while a spirit that must attack can attack, the attack step cannot end.
#[test]
fn bs_6_1_a_spirit_that_must_attack_keeps_the_step_from_ending() {
    let mut g = game(&[("MUST", r#"must_attack(my_spirits(), "turn");"#)], 82);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "MUST");
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    assert!(r.is_legal(&Choice::Attack { attacker: a }));
    assert!(!r.is_legal(&Choice::EndAttack), "it must attack");
}

/// BS-6.1: with no spirit that may attack (the only one cannot attack this turn), the
/// attack step ends by itself: no attack decision is asked and the turn passes.
#[test]
fn bs_6_1_with_no_spirit_able_to_attack_the_attack_step_is_not_asked() {
    let mut g = game(&[("STOP", r#"cannot_attack(my_spirits(), "turn");"#)], 83);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "STOP");
    assert!(!g.is_exhausted(a));
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert_ne!(r.kind, DecisionKind::AttackOrEnd);
    assert_eq!((r.player, g.turn()), (P0, 3));
}

fn attacked(g: &Game, a: InstanceId) -> bool {
    g.log()
        .iter()
        .any(|e| matches!(e, Event::AttackDeclared { attacker, .. } if *attacker == a))
}

fn pay(g: &mut Game, from: CoreSource) {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::PayFrom, "{r:?}");
    assert_eq!(
        label_of(&r, &Choice::PayFrom { from, soul: false }),
        format!("Pay a core from {}", g.source_label(from))
    );
    must(g, Choice::PayFrom { from, soul: false });
}

/// BS-6.1, BS-5.2 step 5: an attack tax of 2 is paid core by core before the attack is
/// declared: two payment decisions, then the attack (the spirit exhausted, the two cores
/// in the trash).
#[test]
fn bs_6_1_an_attack_tax_is_paid_core_by_core_before_the_attack() {
    let mut g = game(&[("TAX", r#"attack_tax(my_spirits(), 2, "turn");"#)], 84);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "TAX");
    set_reserve(&mut g, P1, 3);
    let trash = g.cores_at(CoreLoc::Trash(P1));
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pay(&mut g, CoreSource::Reserve);
    assert!(!attacked(&g, a), "one core of two paid");
    assert!(!g.is_exhausted(a));
    pay(&mut g, CoreSource::Reserve);
    assert!(attacked(&g, a));
    assert!(g.is_exhausted(a));
    assert_eq!(g.reserve(P1), 1);
    assert_eq!(g.cores_at(CoreLoc::Trash(P1)), trash + 2);
    assert_eq!(decision(&mut g).kind, DecisionKind::FlashOrPass);
}

/// BS-6.1, BS-5.3: a spirit that pays its attack tax with its own last core is depleted at
/// once and does not attack; the player may declare another attack.
#[test]
fn bs_6_1_a_spirit_depleted_by_its_attack_tax_does_not_attack() {
    let mut g = game(&[("TAX", r#"attack_tax(my_spirits(), 2, "turn");"#)], 85);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "TAX");
    let other = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pay(&mut g, CoreSource::Card(a));
    assert_eq!(g.zone_of(a), Zone::Trash(P1), "depleted (BS-5.3)");
    assert!(!attacked(&g, a));
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    assert!(r.is_legal(&Choice::Attack { attacker: other }));
}

/// BS-6.3: an attacker that must be blocked leaves the defender no "do not block" while
/// one of their spirits can block.
#[test]
fn bs_6_3_an_attacker_that_must_be_blocked_offers_no_way_out() {
    let mut g = game(&[("LURE", r#"must_be_blocked(my_spirits(), "turn");"#)], 86);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    cast(&mut g, "LURE");
    let guard = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert!(r.is_legal(&Choice::Block { blocker: guard }));
    assert!(!r.is_legal(&Choice::NoBlock), "it must be blocked");
}

/// BS-6.1 (ruling ST02-016): "cannot attack unless a core is removed from it and placed
/// into the reserve": a spirit with a core to spare attacks with one core fewer; a spirit
/// with its last core is depleted (BS-5.3) and does not attack.
#[test]
fn st02_016_an_attack_paid_with_the_attackers_own_core() {
    let mut g = game(
        &[("OWN", r#"attack_tax_own_cores(my_spirits(), 1, "turn");"#)],
        87,
    );
    let rich = put(&mut g, P1, "B-03", Zone::Field(P1), 2);
    let poor = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    cast(&mut g, "OWN");
    let reserve = g.reserve(P1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: poor });
    assert_eq!(g.zone_of(poor), Zone::Trash(P1), "depleted");
    assert!(!attacked(&g, poor));
    assert_eq!(g.reserve(P1), reserve + 1);
    must(&mut g, Choice::Attack { attacker: rich });
    assert!(attacked(&g, rich));
    assert_eq!(g.cores_on(rich), 1);
    assert_eq!(g.reserve(P1), reserve + 2);
}

fn inert(g: &Game, m: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| {
            matches!(e, Event::EffectInert { card, reason, .. }
            if *card == m && reason.contains("cannot be attacked"))
        })
        .count()
}

fn blocks(g: &Game) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::BlockDeclared { .. }))
        .count()
}

/// Rulings K16–K22, BS-6.3: "attack that spirit" takes an opponent's spirit on the field,
/// and only while the attack is not blocked: a nexus, one's own spirit, or a second target
/// once the block is declared are refused (logged); a refreshed target is exhausted (K16).
#[test]
fn k16_attack_that_spirit_takes_one_opposing_spirit_of_an_unblocked_attack() {
    let aim = |id: &str, q: &str| {
        scripted_magic(
            id,
            0,
            vec![effect("flash", &format!("attack_target({q});"))],
        )
    };
    let cards = vec![
        aim("MB-AIMN", "opponent_nexuses()"),
        aim("MB-AIMO", "my_spirits()"),
        aim("MB-AIM", "opponent_spirits()"),
    ];
    let mut g = strict(scenario(cards, 88));
    to_p1_main(&mut g);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    put(&mut g, P0, "R-N", Zone::Field(P0), 0);
    let prey = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::Pass); // the defender first (BS-6.2)
    for id in ["MB-AIMN", "MB-AIMO"] {
        let m = put(&mut g, P1, id, Zone::Hand(P1), 0);
        must(&mut g, Choice::UseMagic { card: m });
        assert_eq!((inert(&g, m), blocks(&g)), (1, 0), "{id}");
        must(&mut g, Choice::Pass);
    }
    assert!(!g.is_exhausted(prey));
    let m = put(&mut g, P1, "MB-AIM", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: m });
    assert!(g.log().contains(&Event::BlockDeclared {
        blocker: prey,
        attacker: a
    }));
    assert!(g.is_exhausted(prey), "K16: exhausted as it blocks");
    must(&mut g, Choice::Pass);
    let m = put(&mut g, P1, "MB-AIM", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!((inert(&g, m), blocks(&g)), (1, 1), "already blocked");
}

/// BS-6.7, BS-6.3: an attacker that leaves the field in the flash timing ends its battle
/// there: no more flash, no block declaration, no life taken.
#[test]
fn bs_6_7_a_battle_ends_when_its_attacker_leaves_the_field() {
    let zap = scripted_magic(
        "MB-ZAP",
        0,
        vec![effect(
            "flash",
            "destroy(opponent_spirits().bp_at_least(4000));",
        )],
    );
    let mut g = strict(scenario(vec![zap], 89));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let other = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let zap = put(&mut g, P0, "MB-ZAP", Zone::Hand(P0), 0);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::UseMagic { card: zap }); // the defender acts first (BS-6.2)
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::AttackOrEnd, P1));
    assert!(r.is_legal(&Choice::Attack { attacker: other }));
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
    assert_eq!(g.life(P0), life);
}

/// BS-6.6, ruling C#177: a spirit that cannot be destroyed in battle loses the BP
/// comparison and stays on the field.
#[test]
fn c177_a_spirit_that_cannot_be_destroyed_in_battle_stays_after_losing() {
    let mut g = game(
        &[(
            "WARD",
            r#"cannot_be_destroyed_in_battle(opponent_spirits(), "turn");"#,
        )],
        90,
    );
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let guard = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    cast(&mut g, "WARD");
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: guard });
    pass_flashes(&mut g);
    assert!(g.log().iter().any(|e| matches!(e,
        Event::BattleCompared { blocker, blocker_bp: 1000, attacker_bp: 4000, .. } if *blocker == guard)));
    assert_eq!(g.zone_of(guard), Zone::Field(P0));
    assert_eq!(g.zone_of(a), Zone::Field(P1));
}
