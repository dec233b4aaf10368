//! Summoning keywords of the Saga base pack, played in games: Ascend (an additional
//! summoning cost and requirement), Swift (a summon from the hand in a flash timing) and
//! Awaken (cores from the other field cards). Keyword rulings are numbered K1..K33 in the
//! order of `rulings-keywords.json`: Ascend K1–K6, Swift K23.
//!
//! The library holds the Saga base pack's declarations (`testkit::saga_scenario`): a card
//! has the keyword printed (`kwsupport::with_keyword`) or gains it (`kwsupport::gaining`),
//! and the keyword's rhai in `scripts/battle-spirits-saga/keywords/` does the rest.

mod kwsupport;

use carddb::{CardKind, Colour};
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, hand_size, must, play, put, saga_scenario,
    scripted_magic, scripted_spirit, strict, to_p1_main,
};
use engine::{Choice, DecisionKind, Event};
use kwsupport::*;

/// A red spirit of `cost` (no reduction; LV1 1 core `bp`, LV2 3 cores) named "Card {id}".
fn spirit(id: &str, cost: u32) -> carddb::CardDef {
    card(
        id,
        CardKind::Spirit,
        cost,
        Colour::Red,
        0,
        1,
        &[(1, 1, 3000), (2, 3, 5000)],
    )
}

fn ascender(value: &str) -> carddb::CardDef {
    with_keyword(spirit("ASC", 3), "ascend", value)
}

// ---- Ascend (K1–K6) ---------------------------------------------------------------------

#[test]
fn ascend_k1_k3_the_cores_of_a_spirit_meeting_the_condition_go_to_the_reserve() {
    let mut g = strict(saga_scenario(vec![ascender("6"), spirit("BIG", 6)], 1));
    let big = put(&mut g, P0, "BIG", Zone::Field(P0), 3);
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 2);
    let reserve = g.reserve(P0);
    play(&mut g, asc);
    assert_eq!(g.zone_of(asc), Zone::Field(P0));
    // K3: all 3 cores of the cost-6 spirit went to the reserve; the cost (3) and the one
    // core of LV1 were then paid from it.
    assert_eq!(g.reserve(P0), reserve + 3 - 3 - 1);
    assert_eq!(g.zone_of(big), Zone::Trash(P0), "left with no core (K5)");
    let moved = g.log().iter().position(|e| {
        matches!(e, Event::CoreMoved { from: Some(engine::rules::battle_spirits::CoreLoc::Card(c)), .. } if *c == big)
    });
    let played = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::Played { card, .. } if *card == asc));
    assert!(
        moved < played,
        "the Ascend cost is paid as the summoning starts"
    );
}

#[test]
fn ascend_k1_without_a_spirit_meeting_the_condition_the_card_cannot_be_summoned() {
    let mut g = strict(saga_scenario(vec![ascender("6"), spirit("MID", 5)], 2));
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 6);
    assert!(
        !offered(&mut g, &Choice::Summon { card: asc }),
        "no spirit at all"
    );
    put(&mut g, P0, "MID", Zone::Field(P0), 3);
    assert!(
        !offered(&mut g, &Choice::Summon { card: asc }),
        "a cost-5 spirit does not meet \"cost 6 or more\""
    );
}

#[test]
fn ascend_k2_the_condition_as_printed_and_a_choice_between_two_spirits() {
    let mut g = strict(saga_scenario(
        vec![ascender("\"Costs 6 or more\""), spirit("BIG", 6)],
        3,
    ));
    let a = put(&mut g, P0, "BIG", Zone::Field(P0), 3);
    let b = put(&mut g, P0, "BIG", Zone::Field(P0), 2);
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 2);
    must(&mut g, Choice::Summon { card: asc });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert!(r.is_legal(&Choice::Target { card: a }) && r.is_legal(&Choice::Target { card: b }));
    must(&mut g, Choice::Target { card: b });
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.cores_on(a), 3, "the other spirit keeps its cores");
}

/// BS-5.1 / K2: Ascend's question (which spirit's cores) comes before the cost is paid, so
/// a seat offered cancel may take the summon back there, and at the payment after it: the
/// saved state is the main step's again, byte for byte, the chosen spirit keeping its cores.
#[test]
fn ascend_k2_the_summon_can_be_cancelled_at_its_question_and_at_its_payment() {
    let mut g = strict(saga_scenario(
        vec![ascender("\"Costs 6 or more\""), spirit("BIG", 6)],
        3,
    ));
    g.set_cancel([true, false]);
    let a = put(&mut g, P0, "BIG", Zone::Field(P0), 3);
    let b = put(&mut g, P0, "BIG", Zone::Field(P0), 2);
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 2);
    let main = decision(&mut g);
    let before = g.to_json();
    must(&mut g, Choice::Summon { card: asc });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert!(r.is_legal(&Choice::Cancel));
    must(&mut g, Choice::Cancel);
    assert_eq!(
        (g.to_json(), decision(&mut g)),
        (before.clone(), main.clone())
    );
    // Past the question, the Ascend cost is paid (K3) and the card's cost is asked: still
    // cancellable, and everything comes back, the ascended spirit's cores included.
    must(&mut g, Choice::Summon { card: asc });
    must(&mut g, Choice::Target { card: b });
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(decision(&mut g).kind, DecisionKind::PayFrom);
    must(&mut g, Choice::Cancel);
    assert_eq!((g.to_json(), decision(&mut g)), (before, main));
    assert_eq!(
        (g.zone_of(b), g.cores_on(b), g.cores_on(a)),
        (Zone::Field(P0), 2, 3)
    );
}

#[test]
fn ascend_a_family_condition() {
    let mut fam = spirit("FAM", 1);
    fam.families = vec!["Skyhound".into()];
    let mut g = strict(saga_scenario(
        vec![ascender("[\"Skyhound\"]"), fam, spirit("BIG", 6)],
        4,
    ));
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 6);
    put(&mut g, P0, "BIG", Zone::Field(P0), 3);
    assert!(
        !offered(&mut g, &Choice::Summon { card: asc }),
        "not a Skyhound"
    );
    let f = put(&mut g, P0, "FAM", Zone::Field(P0), 1);
    play(&mut g, asc);
    assert_eq!(g.zone_of(f), Zone::Trash(P0));
}

#[test]
fn ascend_k4_is_paid_even_when_the_summon_is_free() {
    let summoner = scripted_magic(
        "M-SUM",
        0,
        vec![effect(
            "main",
            "summon(my_hand().named(\"Card ASC\"), true, false);",
        )],
    );
    let mut g = strict(saga_scenario(
        vec![ascender("6"), spirit("BIG", 6), summoner],
        5,
    ));
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    let m = put(&mut g, P0, "M-SUM", Zone::Hand(P0), 0);
    // No spirit to ascend from: the free summon does not happen, and says why.
    play(&mut g, m);
    assert_eq!(g.zone_of(asc), Zone::Hand(P0));
    assert!(
        inert_reasons(&g, m)
            .iter()
            .any(|r| r.contains("summoning requirement")),
        "{:?}",
        inert_reasons(&g, m)
    );
    // With one, the Ascend cost is paid although the cost is not.
    let big = put(&mut g, P0, "BIG", Zone::Field(P0), 2);
    let m2 = put(&mut g, P0, "M-SUM", Zone::Hand(P0), 0);
    let reserve = g.reserve(P0);
    play(&mut g, m2);
    assert_eq!(g.zone_of(asc), Zone::Field(P0));
    assert_eq!(g.zone_of(big), Zone::Trash(P0));
    assert_eq!(
        g.reserve(P0),
        reserve + 2 - 1,
        "+2 from Ascend, −1 placed on it"
    );
}

#[test]
fn ascend_k5_the_emptied_spirit_leaves_without_its_when_destroyed_effects() {
    let big = scripted_spirit("BIGD", 6, 6000, vec![effect("When Destroyed", "draw(1);")]);
    let mut g = strict(saga_scenario(vec![ascender("6"), big], 6));
    let b = put(&mut g, P0, "BIGD", Zone::Field(P0), 1);
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 4);
    let hand = hand_size(&g, P0);
    play(&mut g, asc);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: b }));
    assert!(!g.log().contains(&Event::Destroyed { card: b }));
    assert_eq!(started(&g, b), 0, "its \"when destroyed\" did not work");
    assert_eq!(
        hand_size(&g, P0),
        hand - 1,
        "only the summoned card left the hand"
    );
}

#[test]
fn ascend_k6_a_spirit_with_no_core_cannot_pay_it() {
    // A cost-6 spirit whose level 1 needs no core stays on the field without cores.
    let empty = card(
        "ZERO",
        CardKind::Spirit,
        6,
        Colour::Red,
        0,
        1,
        &[(1, 0, 1000), (2, 2, 5000)],
    );
    let mut g = strict(saga_scenario(vec![ascender("6"), empty], 7));
    let z = put(&mut g, P0, "ZERO", Zone::Field(P0), 0);
    let asc = put(&mut g, P0, "ASC", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 6);
    assert!(!offered(&mut g, &Choice::Summon { card: asc }));
    put(&mut g, P0, "ZERO", Zone::Field(P0), 1);
    assert!(
        offered(&mut g, &Choice::Summon { card: asc }),
        "one with a core"
    );
    assert_eq!(g.cores_on(z), 0);
}

// ---- Swift (K23) --------------------------------------------------------------------

/// P1 attacks with a fresh spirit; P0, the defender, acts first in the flash timing.
fn p0_defends(g: &mut engine::Game) {
    to_p1_main(g);
    let a = put(g, P1, "B-06", Zone::Field(P1), 1);
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
    let r = decision(g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
}

#[test]
fn swift_k23_summons_from_the_hand_in_a_flash_timing_from_the_reserve_only() {
    let swift = with_keyword(spirit("SWF", 2), "swift", "()");
    let mut g = strict(saga_scenario(vec![swift], 8));
    let s = put(&mut g, P0, "SWF", Zone::Hand(P0), 0);
    let f = put(&mut g, P0, "R-04", Zone::Field(P0), 4);
    p0_defends(&mut g);
    let reserve = g.reserve(P0);
    let use_it = use_of(&mut g, s).expect("Swift is offered from the hand");
    must(&mut g, use_it);
    assert_eq!(g.zone_of(s), Zone::Field(P0));
    assert_eq!(g.cores_on(s), 1, "the cores of its lowest level");
    assert_eq!(
        g.reserve(P0),
        reserve - 2 - 1,
        "cost 2 and 1 placed, all from the reserve"
    );
    assert_eq!(g.cores_on(f), 4, "cores on field cards are not used");
    // BS-6.2: priority passed to the attacker.
    assert_eq!(decision(&mut g).player, P1);
}

#[test]
fn swift_k23_field_cores_cannot_pay_and_a_field_card_has_no_swift_to_use() {
    let swift = with_keyword(spirit("SWF6", 6), "swift", "()");
    let mut g = strict(saga_scenario(vec![swift], 9));
    let on_field = put(&mut g, P0, "SWF6", Zone::Field(P0), 1);
    let s = put(&mut g, P0, "SWF6", Zone::Hand(P0), 0);
    let f = put(&mut g, P0, "R-04", Zone::Field(P0), 6);
    p0_defends(&mut g);
    assert!(g.reserve(P0) < 7 && g.cores_on(f) >= 3);
    assert!(
        use_of(&mut g, on_field).is_none(),
        "Swift works from the hand only"
    );
    // 7 cores are needed (cost 6, 1 placed); the field holds them, the reserve does not:
    // Swift is no option.
    assert!(use_of(&mut g, s).is_none());
    assert_eq!(decision(&mut g).player, P0);
    let short = 7 - g.reserve(P0);
    give_reserve(&mut g, P0, short);
    let use_it = use_of(&mut g, s).expect("with 7 in the reserve it is");
    must(&mut g, use_it);
    assert_eq!(g.zone_of(s), Zone::Field(P0));
    assert_eq!((g.reserve(P0), g.cores_on(f)), (0, 6));
}

// ---- Awaken ------------------------------------------------------------------------

#[test]
fn awaken_moves_chosen_cores_from_the_other_field_cards_and_no_when_destroyed_works() {
    let awakener = with_keyword(spirit("AWK", 3), "awaken", "()");
    let other = scripted_spirit("OTH", 1, 1000, vec![effect("When Destroyed", "draw(1);")]);
    let mut g = strict(saga_scenario(vec![awakener, other], 10));
    let a = put(&mut g, P0, "AWK", Zone::Field(P0), 1);
    let o = put(&mut g, P0, "OTH", Zone::Field(P0), 2);
    let n = put(&mut g, P0, "R-N", Zone::Field(P0), 2);
    let hand = hand_size(&g, P0);
    let alone = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    assert!(
        use_of(&mut g, alone).is_none(),
        "the opponent's card: no Awaken of P0"
    );
    // BS-5.6: a [Flash] effect is used in the main step too.
    let use_it = use_of(&mut g, a).expect("Awaken is offered");
    must(&mut g, use_it);
    answer_labelled(&mut g, "2 cores"); // all of the spirit's
    answer_labelled(&mut g, "1 cores"); // one of the nexus's
    assert_eq!(g.cores_on(a), 4);
    assert_eq!(g.zone_of(o), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: o }));
    assert_eq!(started(&g, o), 0, "no \"when destroyed\"");
    assert_eq!(hand_size(&g, P0), hand);
    assert_eq!(g.cores_on(n), 1);
    // Once per turn, like every [Flash] effect of a field card.
    assert!(use_of(&mut g, a).is_none());
}

#[test]
fn awaken_is_no_option_without_cores_on_the_other_field_cards() {
    let awakener = with_keyword(spirit("AWK", 3), "awaken", "()");
    let mut g = strict(saga_scenario(vec![awakener], 31));
    let a = put(&mut g, P0, "AWK", Zone::Field(P0), 1);
    assert!(use_of(&mut g, a).is_none(), "alone on the field");
    put(&mut g, P0, "R-N", Zone::Field(P0), 0);
    assert!(use_of(&mut g, a).is_none(), "a nexus without cores");
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    assert!(use_of(&mut g, a).is_some());
}

#[test]
fn awaken_gained_from_an_effect_works_the_same() {
    // Ascend and Swift work from the hand, where no card holds a gained keyword (a
    // modifier of a field card): only Awaken of this file can be gained.
    let gainer = gaining(spirit("GAW", 3), "awaken", "");
    let mut g = strict(saga_scenario(vec![gainer], 28));
    let a = put(&mut g, P0, "GAW", Zone::Field(P0), 1);
    let o = put(&mut g, P0, "R-01", Zone::Field(P0), 2);
    let use_it = use_of(&mut g, a).expect("the gained Awaken is offered");
    must(&mut g, use_it);
    answer_labelled(&mut g, "1 cores");
    assert_eq!((g.cores_on(a), g.cores_on(o)), (2, 1));
}

#[test]
fn awaken_in_a_flash_timing_of_the_opponents_attack() {
    let awakener = with_keyword(spirit("AWK", 3), "awaken", "()");
    let mut g = strict(saga_scenario(vec![awakener], 32));
    let a = put(&mut g, P0, "AWK", Zone::Field(P0), 1);
    let o = put(&mut g, P0, "R-02", Zone::Field(P0), 3);
    p0_defends(&mut g);
    let use_it = use_of(&mut g, a).expect("Awaken in the flash timing");
    must(&mut g, use_it);
    answer_labelled(&mut g, "2 cores");
    assert_eq!((g.cores_on(a), g.cores_on(o)), (3, 1));
    assert_eq!(g.level(a), Some(2), "3 cores: its LV2");
    // BS-6.2: then the attacker has priority.
    assert_eq!(decision(&mut g).player, P1);
}

/// BS-5.2 with Ascend: the spirit whose cores pay the Ascend cost leaves the field, and
/// its symbols no longer reduce the cost. When that leaves too few cores to pay, the card
/// stays in the hand and the Ascend effect says why — never a payment question with no
/// answer (found by `cardscript exercise` on the real cards).
#[test]
fn ascend_losing_the_reduction_it_was_offered_with_leaves_the_card_in_hand() {
    let symbols = card(
        "SYM3",
        CardKind::Spirit,
        2,
        Colour::Red,
        0,
        3,
        &[(1, 1, 3000)],
    );
    let asc = with_keyword(
        card(
            "ASC6",
            CardKind::Spirit,
            6,
            Colour::Red,
            3,
            1,
            &[(1, 1, 3000)],
        ),
        "ascend",
        "1",
    );
    let mut g = strict(saga_scenario(vec![asc, symbols], 7));
    let source = put(&mut g, P0, "SYM3", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "ASC6", Zone::Hand(P0), 0);
    assert_eq!(g.reserve(P0), 4, "BS-0.2: 4 cores in the reserve");
    // Offered: cost 6 − 3 red symbols = 3 to pay, 1 core to place.
    let summon = Choice::Summon { card: a };
    assert!(offered(&mut g, &summon));
    must(&mut g, summon);
    while decision(&mut g).kind == DecisionKind::EffectChoice {
        must(&mut g, Choice::Target { card: source });
    }
    assert_eq!(
        g.zone_of(a),
        Zone::Hand(P0),
        "6 to pay with 5 cores: not summoned"
    );
    assert!(
        inert_reasons(&g, a)
            .iter()
            .any(|r| r.contains("cannot be paid")),
        "{:?}",
        inert_reasons(&g, a)
    );
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}
