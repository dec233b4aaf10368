//! Keywords that work from the hand or the trash, played in games: Agile (from the hand,
//! when a battle ends) and Immortal (from the trash, when another of your spirits is
//! destroyed). Keyword rulings are numbered K1..K33 in the order of
//! `rulings-keywords.json`: Immortal K7–K13. Agile has no keyword ruling.
//!
//! The library holds the Saga base pack's declarations (`testkit::saga_scenario`): a card
//! has the keyword printed (`kwsupport::with_keyword`), and the keyword's rhai in
//! `scripts/battle-spirits-saga/keywords/` does the rest.

mod kwsupport;

use carddb::{CardKind, Colour};
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, hand_size, must, pass_flashes, play, put, saga_scenario,
    scripted_magic, strict, to_p1_main,
};
use engine::rules::battle_spirits::{CoreSource, Zone};
use engine::{Choice, DecisionKind, Game};
use kwsupport::*;

/// A red spirit of `cost` with `reduction` red reduction symbols, LV1 1 core.
fn spirit(id: &str, cost: u32, reduction: u8, bp: u32) -> carddb::CardDef {
    card(
        id,
        CardKind::Spirit,
        cost,
        Colour::Red,
        reduction,
        1,
        &[(1, 1, bp), (2, 3, bp + 2000)],
    )
}

// ---- Agile -------------------------------------------------------------------------

fn agile() -> carddb::CardDef {
    with_keyword(spirit("AGL", 3, 0, 4000), "agile", "()")
}

/// P1 attacks with `attacker` (already on P1's field) and the battle goes to its end
/// unblocked (P0 has no spirit).
fn p1_attacks_unblocked(g: &mut Game, attacker: engine::core::InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker });
    pass_flashes(g);
}

#[test]
fn agile_returns_the_cheaper_spirit_after_its_battle_and_is_summoned_from_the_hand() {
    let mut g = strict(saga_scenario(vec![agile(), spirit("ONE", 1, 0, 1000)], 11));
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "ONE", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "AGL", Zone::Hand(P1), 0);
    let (life, reserve) = (g.life(P0), g.reserve(P1));
    p1_attacks_unblocked(&mut g, s);
    // BS-6.7: the battle has ended (life taken: see the step's preview), then Agile asks.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P1));
    assert!(
        g.pending_preview()
            .iter()
            .any(|e| matches!(e, engine::Event::LifeReduced { player, .. } if *player == P0))
    );
    must(&mut g, Choice::Yes);
    must(&mut g, Choice::Yes);
    assert_eq!(g.life(P0), life - 1);
    assert_eq!(g.zone_of(s), Zone::Hand(P1));
    assert_eq!(g.zone_of(a), Zone::Field(P1));
    // Its cost (3) and its LV1 core (1) paid; the returned spirit's core came back (+1).
    assert_eq!(g.reserve(P1), reserve + 1 - 3 - 1);
    assert!(!g.is_exhausted(a), "summoned refreshed");
}

#[test]
fn agile_declined_or_for_a_spirit_not_cheaper_nothing_happens() {
    let mut g = strict(saga_scenario(
        vec![
            agile(),
            spirit("ONE", 1, 0, 1000),
            spirit("THR", 3, 0, 1000),
        ],
        12,
    ));
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "ONE", Zone::Field(P1), 1);
    let t = put(&mut g, P1, "THR", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "AGL", Zone::Hand(P1), 0);
    p1_attacks_unblocked(&mut g, s);
    must(&mut g, Choice::No);
    assert_eq!(
        (g.zone_of(s), g.zone_of(a)),
        (Zone::Field(P1), Zone::Hand(P1))
    );
    // Cost 3 is not less than Agile's cost 3: no question at the end of its battle.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::AttackOrEnd);
    must(&mut g, Choice::Attack { attacker: t });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_ne!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    assert_eq!(
        (g.zone_of(t), g.zone_of(a)),
        (Zone::Field(P1), Zone::Hand(P1))
    );
}

#[test]
fn agile_of_the_defender_works_for_its_blocking_spirit_and_the_summon_is_a_second_choice() {
    let mut g = strict(saga_scenario(vec![agile(), spirit("BLK", 2, 0, 5000)], 13));
    let b = put(&mut g, P0, "BLK", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "AGL", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    to_p1_main(&mut g);
    let x = put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: x });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    // The attacker lost (1000 < 5000); the blocker's battle ended: P0's Agile asks.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    // Returned; then, separately, whether to summon: no.
    must(&mut g, Choice::No);
    assert_eq!(g.zone_of(b), Zone::Hand(P0));
    assert_eq!(g.zone_of(a), Zone::Hand(P0));
}

// ---- Immortal (K7–K13) ---------------------------------------------------------------

fn immortal(id: &str, value: &str, reduction: u8) -> carddb::CardDef {
    with_keyword(spirit(id, 3, reduction, 5000), "immortal", value)
}

/// A magic of P0 destroying P0's spirits of cost 3 (all at once).
fn destroyer() -> carddb::CardDef {
    scripted_magic(
        "M-DES",
        0,
        vec![effect("main", "destroy(my_spirits().cost_is(3));")],
    )
}

#[test]
fn immortal_k7_k8_summons_itself_from_the_trash_paying_its_cost() {
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMM", "[3]", 0),
            spirit("V3", 3, 0, 3000),
            destroyer(),
        ],
        14,
    ));
    let i = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    let v = put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    let reserve = g.reserve(P0);
    play(&mut g, m);
    // K7: a triggered effect, asked once the spirit is destroyed.
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(v), Zone::Trash(P0));
    assert_eq!(g.zone_of(i), Zone::Field(P0));
    // V3's core went to the reserve (BS-6.6), then cost 3 and 1 core for LV1.
    assert_eq!(
        g.reserve(P0),
        reserve + 1 - 3 - 1,
        "K8: its cost is paid as usual"
    );
}

#[test]
fn immortal_k8_cores_on_field_cards_pay_too_as_for_a_normal_summon() {
    let dear = with_keyword(spirit("IM8", 8, 0, 9000), "immortal", "[3]");
    let mut g = strict(saga_scenario(
        vec![dear, spirit("V3", 3, 0, 3000), destroyer()],
        27,
    ));
    let i = put(&mut g, P0, "IM8", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let keep = put(&mut g, P0, "R-04", Zone::Field(P0), 7); // 6 cores above its LV1
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    // Cost 8 and 1 core to place: more than the reserve will hold with V3's core back.
    let reserve = g.reserve(P0) + 1;
    assert!(reserve < 9 && reserve + 6 >= 9);
    play(&mut g, m);
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(i), Zone::Field(P0));
    assert_eq!(g.reserve(P0), 0, "the reserve first");
    assert_eq!(
        g.cores_on(keep),
        7 - (9 - reserve),
        "then the spare field cores"
    );
    assert_eq!(g.cores_on(i), 1);
}

#[test]
fn immortal_k9_the_destroyed_spirits_symbols_no_longer_reduce_the_cost() {
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMR", "[3]", 1),
            spirit("V3", 3, 0, 3000),
            destroyer(),
        ],
        15,
    ));
    let i = put(&mut g, P0, "IMR", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    // While V3 is on the field its red symbol reduces the cost by 1.
    assert_eq!(g.quote(P0, g.def_of(i)).to_pay, 2);
    let reserve = g.reserve(P0);
    play(&mut g, m);
    must(&mut g, Choice::Yes);
    assert_eq!(
        g.reserve(P0),
        reserve + 1 - 3 - 1,
        "no red symbol left on the field: no reduction"
    );
}

#[test]
fn immortal_k10_two_cards_in_the_trash_both_come_back() {
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMM", "[3]", 0),
            spirit("V3", 3, 0, 3000),
            destroyer(),
        ],
        16,
    ));
    let i1 = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    let i2 = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 8);
    play(&mut g, m);
    // BS-8.4: both are due at once; the turn player orders them.
    let r = decision(&mut g);
    assert_eq!(r.options.len(), 2, "{:?}", r.options);
    must(&mut g, Choice::OneOf { index: 0 });
    must(&mut g, Choice::Yes);
    must(&mut g, Choice::Yes);
    assert_eq!(
        (g.zone_of(i1), g.zone_of(i2)),
        (Zone::Field(P0), Zone::Field(P0))
    );
}

#[test]
fn immortal_k11_its_when_summoned_effect_works() {
    let mut imm = immortal("IMW", "[3]", 0);
    imm.effects.push(effect("When Summoned", "draw(1);"));
    let mut g = strict(saga_scenario(
        vec![imm, spirit("V3", 3, 0, 3000), destroyer()],
        17,
    ));
    put(&mut g, P0, "IMW", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    let hand = hand_size(&g, P0);
    play(&mut g, m);
    must(&mut g, Choice::Yes);
    assert_eq!(
        hand_size(&g, P0),
        hand - 1 + 1,
        "the magic used, one card drawn"
    );
}

#[test]
fn immortal_k12_a_spirit_left_without_cores_counts() {
    let mut g = strict(saga_scenario(
        vec![immortal("IMM", "[3]", 0), spirit("V3", 3, 0, 3000)],
        18,
    ));
    let i = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    let v = put(&mut g, P0, "V3", Zone::Field(P0), 1);
    put(&mut g, P0, "R-N", Zone::Field(P0), 0); // keeps core movement open afterwards
    give_reserve(&mut g, P0, 4);
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: CoreSource::Card(v),
            to: CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(v), Zone::Trash(P0));
    assert!(g.log().contains(&engine::Event::Depleted { card: v }));
    assert_eq!(g.zone_of(i), Zone::Field(P0));
}

#[test]
fn immortal_k13_not_when_destroyed_together_with_that_spirit() {
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMM", "[3]", 0),
            spirit("V3", 3, 0, 3000),
            destroyer(),
        ],
        19,
    ));
    let on_field = put(&mut g, P0, "IMM", Zone::Field(P0), 1);
    let in_trash = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    play(&mut g, m);
    // One question only: the card already in the trash; the one destroyed with V3 is not
    // asked.
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(in_trash), Zone::Field(P0));
    assert_eq!(g.zone_of(on_field), Zone::Trash(P0));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}

#[test]
fn immortal_only_for_your_own_spirit_meeting_the_condition() {
    let kill_all = scripted_magic(
        "M-ALL",
        0,
        vec![effect(
            "main",
            "destroy(opponent_spirits()); destroy(my_spirits());",
        )],
    );
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMM", "[3]", 0),
            spirit("V4", 4, 0, 3000),
            spirit("V3", 3, 0, 3000),
            kill_all,
        ],
        20,
    ));
    let i = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    put(&mut g, P1, "V3", Zone::Field(P1), 1); // the opponent's cost-3 spirit
    put(&mut g, P0, "V4", Zone::Field(P0), 1); // own spirit, cost 4
    give_reserve(&mut g, P0, 4);
    let m = put(&mut g, P0, "M-ALL", Zone::Hand(P0), 0);
    play(&mut g, m);
    assert_eq!(
        decision(&mut g).kind,
        DecisionKind::MainAction,
        "nothing asked"
    );
    assert!(
        g.field(P0).is_empty() && g.field(P1).is_empty(),
        "both destroyed"
    );
    assert_eq!(g.zone_of(i), Zone::Trash(P0));
}

#[test]
fn immortal_printed_during_either_attack_step_works_only_then() {
    // As the Saga cards print it: `Immortal: 3` with the timing "During Either Attack
    // Step". Agile and Immortal work from the hand and the trash, where no card holds a
    // gained keyword (a modifier of a field card): there is no gained case.
    let mut timed = immortal("IMT", "[3]", 0);
    timed.keywords[0].timing = Some("During Either Attack Step".into());
    let mut g = strict(saga_scenario(
        vec![timed, spirit("V3", 3, 0, 3000), destroyer()],
        29,
    ));
    let i = put(&mut g, P0, "IMT", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    play(&mut g, m);
    assert_eq!(
        decision(&mut g).kind,
        DecisionKind::MainAction,
        "main step: no Immortal"
    );
    // In P1's attack step, P0's cost-3 spirit loses a battle: Immortal works.
    let b = put(&mut g, P0, "V3", Zone::Field(P0), 1);
    to_p1_main(&mut g);
    let x = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: x });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.zone_of(i), Zone::Field(P0));
}

#[test]
fn immortal_no_longer_in_the_trash_when_its_turn_comes_does_nothing() {
    // Both wait for the destruction (BS-8.4): the field card's effect, ordered first, takes
    // the Immortal card from the trash to the hand; Immortal then does not resolve.
    let saver = engine::rules::battle_spirits::testkit::scripted_spirit(
        "SAV",
        0,
        1000,
        vec![effect(
            "When Your Spirit Is Destroyed",
            "add_to_hand(my_trash().named(\"Card IMM\"));",
        )],
    );
    let mut g = strict(saga_scenario(
        vec![
            immortal("IMM", "[3]", 0),
            spirit("V3", 3, 0, 3000),
            destroyer(),
            saver,
        ],
        33,
    ));
    let i = put(&mut g, P0, "IMM", Zone::Trash(P0), 0);
    put(&mut g, P0, "SAV", Zone::Field(P0), 1);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    play(&mut g, m);
    answer_labelled(&mut g, "Card SAV");
    assert_eq!(
        decision(&mut g).kind,
        DecisionKind::MainAction,
        "no Immortal question"
    );
    assert_eq!(g.zone_of(i), Zone::Hand(P0));
}

#[test]
fn immortal_is_not_offered_when_its_cost_cannot_be_paid_and_says_so() {
    let dear = with_keyword(spirit("IM9", 9, 0, 9000), "immortal", "[3]");
    let mut g = strict(saga_scenario(
        vec![dear, spirit("V3", 3, 0, 3000), destroyer()],
        34,
    ));
    let i = put(&mut g, P0, "IM9", Zone::Trash(P0), 0);
    put(&mut g, P0, "V3", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "M-DES", Zone::Hand(P0), 0);
    assert!(
        g.reserve(P0) + 1 < 10,
        "cost 9 and 1 core are more than P0 has"
    );
    play(&mut g, m);
    assert_eq!(
        decision(&mut g).kind,
        DecisionKind::MainAction,
        "no question"
    );
    assert_eq!(g.zone_of(i), Zone::Trash(P0));
    assert!(
        inert_reasons(&g, i)
            .iter()
            .any(|r| r.contains("cannot be paid")),
        "{:?}",
        inert_reasons(&g, i)
    );
}
