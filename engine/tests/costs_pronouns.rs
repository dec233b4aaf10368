//! Played: costs are costs ("X to Y", "X. If you do, Y": Y only when X was
//! really done), pronouns need an antecedent (never this card by default), and "for each …
//! destroyed / discarded this way" counts them. Every card here is an ORIGINAL text of the same
//! shape as a real card (named in each test); the effects run the rhai the dsl writes.

use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_spirit,
    strict, to_p1_main,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Event, Game};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// A text-only effect: the engine runs the rhai the dsl compiles from `text`.
fn text(timing: &str, text: &str) -> carddb::Effect {
    let mut e = effect(timing, "");
    e.script = None;
    e.text = std::collections::BTreeMap::from([("en".to_string(), text.to_string())]);
    e
}

/// Answers the effect's own questions: "yes" to every "you may", the first listed card to
/// every choice; returns at the first decision that is not an effect choice.
fn accept_all(g: &mut Game) {
    loop {
        let r = decision(g);
        if r.kind != DecisionKind::EffectChoice {
            return;
        }
        let c = if r.is_legal(&Choice::Yes) {
            Choice::Yes
        } else {
            r.options[0].choice.clone()
        };
        g.answer(c).expect("listed");
    }
}

fn inert_reasons(g: &Game, card: InstanceId) -> Vec<String> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectInert {
                card: c, reason, ..
            } if *c == card => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

/// The ST06-005 shape: "You may exhaust one of your nexuses to destroy …".
const EXHAUST_NEXUS_TO_DESTROY: &str = "You may exhaust one of your nexuses to destroy one of your opponent's spirits that costs 3 or fewer.";

/// A spirit that exhausts all of its controller's nexuses when summoned (test set-up).
fn tirer() -> carddb::CardDef {
    scripted_spirit(
        "T-TIRE",
        0,
        1000,
        vec![effect("When Summoned", "exhaust(my_nexuses());")],
    )
}

#[test]
fn st06_005_an_exhausted_nexus_cannot_pay_so_nothing_is_destroyed() {
    let cost = scripted_spirit(
        "T-CST",
        0,
        1000,
        vec![text("When Summoned", EXHAUST_NEXUS_TO_DESTROY)],
    );
    let mut g = strict(scenario(vec![cost, tirer()], 1101));
    let nexus = put(&mut g, P0, "R-N", Zone::Field(P0), 0);
    let victim = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    give_reserve(&mut g, P0, 2);
    let t = put(&mut g, P0, "T-TIRE", Zone::Hand(P0), 0);
    play(&mut g, t);
    assert!(g.is_exhausted(nexus), "set-up: the only nexus is exhausted");
    let c = put(&mut g, P0, "T-CST", Zone::Hand(P0), 0);
    play(&mut g, c);
    accept_all(&mut g);
    // Only refreshed nexuses are legal to exhaust as the cost: none, so nothing is paid and
    // the opponent's spirit stays (ST06-005).
    assert_eq!(g.zone_of(victim), Zone::Field(P1));
    assert!(g.is_exhausted(nexus));
}

#[test]
fn st06_005_a_refreshed_nexus_pays_and_the_spirit_is_destroyed() {
    let cost = scripted_spirit(
        "T-CST",
        0,
        1000,
        vec![text("When Summoned", EXHAUST_NEXUS_TO_DESTROY)],
    );
    let mut g = strict(scenario(vec![cost], 1102));
    let nexus = put(&mut g, P0, "R-N", Zone::Field(P0), 0);
    let victim = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-CST", Zone::Hand(P0), 0);
    play(&mut g, c);
    accept_all(&mut g);
    assert!(g.is_exhausted(nexus), "the cost was paid");
    // BS-6.6: destroyed, into the owner's trash.
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
}

/// The ST01-007 / BSS02-046 shape: "you may pay N cores from this spirit to …", played in
/// the attack step with `cores` cores on the attacker.
fn pay_from_this_spirit(cores: u32, seed: u64) -> (Game, InstanceId, usize) {
    attack_with_cost(
        "You may pay two cores from this spirit to draw two cards.",
        cores,
        seed,
    )
}

/// P1 attacks with a spirit holding `cores` cores whose "When This Spirit Attacks" is `cost`;
/// returns the game, the attacker and P1's hand size before the attack.
fn attack_with_cost(cost: &str, cores: u32, seed: u64) -> (Game, InstanceId, usize) {
    let card = scripted_spirit(
        "T-PAY",
        0,
        1000,
        vec![text("When This Spirit Attacks", cost)],
    );
    let mut g = strict(scenario(vec![card], seed));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "T-PAY", Zone::Field(P1), cores);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: a });
    accept_all(&mut g);
    (g, a, h)
}

#[test]
fn a_core_cost_that_cannot_be_paid_in_full_pays_nothing_and_draws_nothing() {
    // One core on the spirit, two to pay: a cost is paid in full or not at all (BS-5.2).
    let (g, a, h) = pay_from_this_spirit(1, 1103);
    assert_eq!(g.cores_at(CoreLoc::Card(a)), 1);
    assert_eq!(hand(&g, P1), h, "no draw without the cost");
}

#[test]
fn a_core_cost_paid_in_full_draws() {
    let (mut g, a, h) = pay_from_this_spirit(3, 1104);
    assert_eq!(g.cores_at(CoreLoc::Card(a)), 1, "two of three cores paid");
    assert_eq!(hand(&g, P1), h + 2);
    pass_flashes(&mut g);
}

#[test]
fn removing_cores_as_a_cost_is_all_or_nothing() {
    // The BSS02-077 shape: "remove … cores from this spirit and place them into your
    // reserve to …". One core cannot pay two: nothing moves, nothing is drawn.
    let cost = "You may remove two cores from this spirit and place them into your reserve to draw two cards.";
    let (g, a, h) = attack_with_cost(cost, 1, 1112);
    assert_eq!(g.cores_at(CoreLoc::Card(a)), 1);
    assert_eq!(hand(&g, P1), h);
    let (g, a, h) = attack_with_cost(cost, 3, 1113);
    assert_eq!(g.cores_at(CoreLoc::Card(a)), 1);
    assert_eq!(hand(&g, P1), h + 2);
}

#[test]
fn if_you_do_after_a_discard_draws_only_when_a_card_was_discarded() {
    // The BSS02-104 shape ("X. If you do, Y") with a hand discard as X.
    let card = scripted_spirit(
        "T-DIS",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Discard 1 card. If you do, draw 2 cards.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1105));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-DIS", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    let trash = g.pile(Zone::Trash(P0)).len();
    play(&mut g, c);
    accept_all(&mut g);
    assert_eq!(
        hand(&g, P0),
        h - 1 - 1 + 2,
        "played, discarded one, drew two"
    );
    assert_eq!(g.pile(Zone::Trash(P0)).len(), trash + 1);
}

#[test]
fn if_you_do_after_a_discard_with_an_empty_hand_draws_nothing() {
    let card = scripted_spirit(
        "T-DIS",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Discard 1 card. If you do, draw 2 cards.",
        )],
    );
    let emptier = scripted_spirit(
        "T-EMP",
        0,
        1000,
        vec![effect("When Summoned", "discard_hand();")],
    );
    let mut g = strict(scenario(vec![card, emptier], 1111));
    give_reserve(&mut g, P0, 4);
    let e = put(&mut g, P0, "T-EMP", Zone::Hand(P0), 0);
    play(&mut g, e);
    assert_eq!(hand(&g, P0), 0, "set-up: an empty hand");
    let c = put(&mut g, P0, "T-DIS", Zone::Hand(P0), 0);
    play(&mut g, c);
    accept_all(&mut g);
    // Nothing to discard: the cost is not paid, so no card is drawn.
    assert_eq!(hand(&g, P0), 0);
}

#[test]
fn a_pronoun_with_no_antecedent_is_inert_and_never_this_card() {
    // "it" with nothing selected before: not understood; the old reading
    // destroyed the card itself.
    let card = scripted_spirit("T-IT", 0, 1000, vec![text("When Summoned", "Destroy it.")]);
    let mut g = strict(scenario(vec![card], 1106));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-IT", Zone::Hand(P0), 0);
    play(&mut g, c);
    assert_eq!(g.zone_of(c), Zone::Field(P0), "this card stays");
    let reasons = inert_reasons(&g, c);
    assert_eq!(reasons.len(), 1, "one EffectInert: {reasons:?}");
}

#[test]
fn a_pronoun_refers_to_the_card_selected_before() {
    // The BSS01-124 shape: "Select one … . It gains N BP during this turn."
    let card = scripted_spirit(
        "T-SEL",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Select one of your opponent's spirits. It gains 2000 BP during this turn.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1107));
    let o = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-SEL", Zone::Hand(P0), 0);
    play(&mut g, c);
    accept_all(&mut g);
    assert_eq!(g.bp(o), 1000 + 2000, "the selected spirit");
    assert_eq!(g.bp(c), 1000, "not this card");
}

#[test]
fn for_each_spirit_destroyed_this_way_draws_that_many() {
    // The BSS04-001 shape: two spirits destroyed, two cards drawn (BS-6.6).
    let card = scripted_spirit(
        "T-CNT",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Destroy all of your opponent's spirits with 1000 or fewer BP. Draw 1 card for each spirit destroyed this way.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1108));
    let a = put(&mut g, P1, "B-00", Zone::Field(P1), 1);
    let b = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let keep = put(&mut g, P1, "B-02", Zone::Field(P1), 1); // 2000 BP: stays
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-CNT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, c);
    accept_all(&mut g);
    assert_eq!(
        (g.zone_of(a), g.zone_of(b)),
        (Zone::Trash(P1), Zone::Trash(P1))
    );
    assert_eq!(g.zone_of(keep), Zone::Field(P1));
    assert_eq!(hand(&g, P0), h - 1 + 2);
}

#[test]
fn for_each_card_discarded_this_way_counts_hand_discards() {
    // The BSS01-125 shape: the cards this effect discarded from the hand are counted.
    let card = scripted_spirit(
        "T-DCT",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Discard 2 cards. Draw 1 card for each card discarded this way.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1109));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-DCT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    assert!(h >= 3, "set-up: two cards to discard besides this one");
    play(&mut g, c);
    accept_all(&mut g);
    assert_eq!(hand(&g, P0), h - 1 - 2 + 2);
}

#[test]
fn for_each_spirit_card_discarded_this_way_counts_the_milled_spirit_cards() {
    // The BSS02-022 shape, from the deck.
    let card = scripted_spirit(
        "T-MIL",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Discard the top four cards of your deck. Draw 1 card for each spirit card discarded this way.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1110));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-MIL", Zone::Hand(P0), 0);
    let trash_before: Vec<InstanceId> = g.pile(Zone::Trash(P0)).to_vec();
    let h = hand(&g, P0);
    play(&mut g, c);
    accept_all(&mut g);
    let milled: Vec<InstanceId> = g
        .pile(Zone::Trash(P0))
        .iter()
        .copied()
        .filter(|x| !trash_before.contains(x))
        .collect();
    assert_eq!(milled.len(), 4, "four cards discarded from the deck");
    let spirits = milled
        .iter()
        .filter(|x| g.def_of(**x).kind == carddb::CardKind::Spirit)
        .count();
    assert_eq!(hand(&g, P0), h - 1 + spirits);
}

/// "Destroy both spirits." (the BSS01-122 / PR-013 shape): after the opponent selects one of
/// their spirits and you one of yours, both selected spirits are destroyed (BS-6.6), not only
/// the last one selected.
#[test]
fn both_spirits_destroys_what_each_player_selected() {
    let card = scripted_spirit(
        "T-BOTH",
        0,
        1000,
        vec![text(
            "When Summoned",
            "Your opponent selects one of their spirits. Then, you select one of your spirits. \
             Destroy both spirits.",
        )],
    );
    let mut g = strict(scenario(vec![card], 1103));
    let theirs = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let mine = put(&mut g, P0, "B-01", Zone::Field(P0), 1);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "T-BOTH", Zone::Hand(P0), 0);
    play(&mut g, c);
    accept_all(&mut g);
    assert_eq!(g.zone_of(theirs), Zone::Trash(P1));
    let mine_destroyed = [mine, c]
        .iter()
        .filter(|x| g.zone_of(**x) == Zone::Trash(P0))
        .count();
    assert_eq!(mine_destroyed, 1, "exactly the spirit you selected");
}
