//! Effects that change the rules for an event (BS-8.1), checked where the event happens:
//! "cannot … by your opponent's effects" (discard, core removal), "does not work"
//! (effects of a timing not triggered) and "instead" (a destroyed card to the hand). The
//! stand-in cards (`S-…`) have scripts of the shape the card text compiles to; the real
//! cards are in `tests/rulings/cards-prevention.yaml` and the rulings files.

mod support;

use engine::rules::battle_spirits::testkit::{
    decision, effect, play, put, scripted_magic, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Event, Game};
use support::rulings::*;

/// A spirit with one constant effect.
fn guard(script: &str) -> carddb::CardDef {
    scripted_spirit("S-GUARD", 0, 3000, vec![effect("constant", script)])
}

fn inert_with(g: &Game, words: &str) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectInert { reason, .. } if reason.contains(words)))
        .count()
}

/// BS-8.1: "your opponent's effects cannot discard cards from your hand" and "… cannot
/// remove cores from this spirit" (ruling C#45: to any place, the trash included): the
/// opponent's discard and core removal pass over the protected cards, logging why; the
/// protector's own effects still discard.
#[test]
fn the_opponents_effects_cannot_discard_or_remove_cores_from_protected_cards() {
    let protector = guard(
        "cannot_be_by_opponent(my_hand(), \"discarded\", \"while\");\n\
         cannot_be_by_opponent(this_card(), \"cores_removed\", \"while\");",
    );
    let discard = scripted_magic("S-ODISC", 0, vec![effect("main", "opponent_discard(2);")]);
    let drain = scripted_magic(
        "S-DRAIN2",
        0,
        vec![effect(
            "main",
            "move_cores(opponent_spirits(), \"owners_trash\", 1);",
        )],
    );
    let mut g = game(vec![protector, discard, drain], 311);
    to_p1_main(&mut g);
    let guarded = put(&mut g, P0, "S-GUARD", Zone::Field(P0), 3);
    let other = put(&mut g, P0, "R-04", Zone::Field(P0), 3);
    let hand = g.pile(Zone::Hand(P0)).len();
    assert!(hand >= 2, "the player has cards to discard");
    for id in ["S-ODISC", "S-DRAIN2"] {
        let m = put(&mut g, P1, id, Zone::Hand(P1), 0);
        play(&mut g, m);
        finish_choices(&mut g); // P0 chooses the cards to discard
    }
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand, "no card discarded");
    assert_eq!(inert_with(&g, "cannot be discarded"), 2);
    assert_eq!(
        g.cores_at(CoreLoc::Card(guarded)),
        3,
        "protected: keeps its cores"
    );
    assert_eq!(
        g.cores_at(CoreLoc::Card(other)),
        2,
        "unprotected: loses one"
    );
    assert_eq!(inert_with(&g, "cannot have its cores removed"), 1);
    // The protector's own effect is not the opponent's: it discards (back in P0's turn).
    let mut g2 = game(
        vec![
            guard("cannot_be_by_opponent(my_hand(), \"discarded\", \"while\");"),
            scripted_magic("S-OWNDISC", 0, vec![effect("main", "discard(1);")]),
        ],
        312,
    );
    put(&mut g2, P0, "S-GUARD", Zone::Field(P0), 1);
    let hand = g2.pile(Zone::Hand(P0)).len();
    let m = put(&mut g2, P0, "S-OWNDISC", Zone::Hand(P0), 0);
    play(&mut g2, m);
    // `discard(1)` asks which card: the first one offered.
    finish_choices(&mut g2);
    assert_eq!(
        g2.pile(Zone::Hand(P0)).len(),
        hand - 1,
        "own effect discards"
    );
}

/// Answers every pending effect question with its first option.
fn finish_choices(g: &mut Game) {
    loop {
        let r = decision(g);
        if r.kind != engine::DecisionKind::EffectChoice {
            return;
        }
        let c = r.options[0].choice.clone();
        g.answer(c).expect("listed");
    }
}

/// P1 destroys P0's spirit whose "when destroyed" effect draws a card, after silencing
/// P0's spirits' destroyed-timing effects for the turn when `silence`. Returns the game
/// and P0's hand size before.
fn destroy_the_drawing_spirit(silence: bool, seed: u64) -> (Game, usize) {
    let victim = scripted_spirit(
        "S-VICTIM",
        0,
        1000,
        vec![effect("When Destroyed", "draw(1);")],
    );
    let hush = scripted_magic(
        "S-HUSH",
        0,
        vec![effect(
            "main",
            "silence_effects(opponent_spirits(), \"destroyed\", \"turn\");",
        )],
    );
    let kill = scripted_magic(
        "S-KILL",
        0,
        vec![effect("main", "destroy(opponent_spirits());")],
    );
    let mut g = game(vec![victim, hush, kill], seed);
    to_p1_main(&mut g);
    let v = put(&mut g, P0, "S-VICTIM", Zone::Field(P0), 1);
    let hand = g.pile(Zone::Hand(P0)).len();
    let magics: &[&str] = if silence {
        &["S-HUSH", "S-KILL"]
    } else {
        &["S-KILL"]
    };
    for id in magics {
        let m = put(&mut g, P1, id, Zone::Hand(P1), 0);
        play(&mut g, m);
    }
    assert_eq!(g.zone_of(v), Zone::Trash(P0));
    (g, hand)
}

/// BS-8.1 "does not work" for a duration: `silence_effects(…, "destroyed", "turn")` from a
/// magic stops the opposing spirit's "when destroyed" effect for the turn (ruling C#151's
/// rule, here from a triggered effect), logging why; without it the effect draws.
#[test]
fn silenced_when_destroyed_effects_do_not_work_for_the_turn() {
    let (g, hand) = destroy_the_drawing_spirit(true, 313);
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand, "its draw did not work");
    assert_eq!(inert_with(&g, "effects do not work now"), 1);
    let (g, hand) = destroy_the_drawing_spirit(false, 314);
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand + 1);
    assert_eq!(inert_with(&g, "effects do not work now"), 0);
}

/// BS-6.6 replaced: `destroyed_to_hand` on a card no destruction is happening to changes
/// nothing and logs why (no silent failure).
#[test]
fn destroyed_to_hand_outside_a_destruction_is_inert() {
    let odd = scripted_magic(
        "S-ODD",
        0,
        vec![effect("main", "destroyed_to_hand(opponent_spirits());")],
    );
    let mut g = game(vec![odd], 315);
    to_p1_main(&mut g);
    let s = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "S-ODD", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(s), Zone::Field(P0));
    assert_eq!(inert_with(&g, "is not being destroyed"), 1);
}
