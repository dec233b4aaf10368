//! Depletion and destruction (`cores.rs`, BS-5.3, BS-6.6) where a mutation of the code
//! once changed the game without any test noticing (`docs/testing.md`).

use super::*;
use crate::rules::battle_spirits::testkit::{effect, play, put, scenario, scripted_magic, strict};
use crate::rules::battle_spirits::testkit::{must, scripted_spirit};

/// A spirit of P0 whose "when destroyed" effect runs `script`.
fn when_destroyed(id: &str, script: &str) -> CardDef {
    scripted_spirit(id, 0, 1000, vec![effect("when_destroyed", script)])
}

/// A game with `extra` and two free magic: `MC-MINE` destroys all of its user's spirits,
/// `MC-THEIRS` all of the opponent's (at once, BS-6.6 / BS-8.4).
fn game(mut extra: Vec<CardDef>, seed: u64) -> Game {
    extra.push(scripted_magic(
        "MC-MINE",
        0,
        vec![effect("main", "destroy(my_spirits());")],
    ));
    extra.push(scripted_magic(
        "MC-THEIRS",
        0,
        vec![effect("main", "destroy(opponent_spirits());")],
    ));
    strict(scenario(extra, seed))
}

/// P0 uses the magic `id` (P0's turn 1 main step).
fn cast(g: &mut Game, id: &str) {
    let m = put(g, P0, id, Zone::Hand(P0), 0);
    play(g, m);
}

fn times_destroyed(g: &Game, c: InstanceId) -> usize {
    let e = Event::Destroyed { card: c };
    g.log().iter().filter(|x| **x == e).count()
}

/// `n` blue spirits of P1, one core each.
fn victims(g: &mut Game, n: usize) -> Vec<InstanceId> {
    ["B-01", "B-02", "B-03"][..n]
        .iter()
        .map(|id| put(g, P1, id, Zone::Field(P1), 1))
        .collect()
}

/// BS-6.6: a spirit whose destruction is in progress is not destroyed again. Its own
/// "when destroyed" effect destroys the opponent's spirits — one (destroyed alone) or two
/// (destroyed together) — and then tries to destroy it: that does nothing, logged as
/// inert, and it is destroyed once (one "when destroyed" firing). Once in the trash it is no longer "being destroyed":
/// a victim put back on the field is destroyed again.
#[test]
fn bs_6_6_a_spirit_being_destroyed_stays_so_while_its_effect_destroys_others() {
    for n in [1, 2] {
        let avenger = when_destroyed(
            "MC-AVENGE",
            "destroy(opponent_spirits()); destroy(this_card());",
        );
        let mut g = game(vec![avenger], 61);
        let a = put(&mut g, P0, "MC-AVENGE", Zone::Field(P0), 1);
        let vs = victims(&mut g, n);
        cast(&mut g, "MC-MINE");
        assert_eq!(g.zone_of(a), Zone::Trash(P0));
        assert_eq!(times_destroyed(&g, a), 1, "{n} victims: destroyed once");
        let fired = count_hooks(
            &g,
            |h| matches!(h, Hook::WhenDestroyed { card, .. } if *card == a),
        );
        assert_eq!(fired, 1, "{n} victims: one \"when destroyed\"");
        assert!(!g.is_being_destroyed(a), "its destruction is over");
        assert!(g.log().iter().any(|e| matches!(e,
            Event::EffectInert { card, reason, .. } if *card == a && reason.contains("being destroyed"))));
        for &v in &vs {
            assert_eq!((g.zone_of(v), times_destroyed(&g, v)), (Zone::Trash(P1), 1));
        }
        // Back on the field, a victim can be destroyed again (its destruction is over).
        g.move_card(vs[0], Zone::Field(P1));
        g.core_from_void(false, CoreLoc::Card(vs[0]));
        assert!(!g.is_being_destroyed(vs[0]));
        cast(&mut g, "MC-THEIRS");
        assert_eq!(g.zone_of(vs[0]), Zone::Trash(P1), "{n} victims");
        assert_eq!(times_destroyed(&g, vs[0]), 2);
    }
}

/// BS-6.6 replaced (ruling C#194): "return it to the hand instead of the trash", said by
/// the spirit's own "when destroyed" effect, still holds after that effect destroyed the
/// opponent's spirits (one or two): the spirit ends in its owner's hand.
#[test]
fn c194_to_the_hand_instead_holds_after_the_effect_destroys_others() {
    for n in [1, 2] {
        let salvage = when_destroyed(
            "MC-SALVAGE",
            "destroyed_to_hand(this_card()); destroy(opponent_spirits());",
        );
        let mut g = game(vec![salvage], 62);
        let s = put(&mut g, P0, "MC-SALVAGE", Zone::Field(P0), 1);
        let vs = victims(&mut g, n);
        cast(&mut g, "MC-MINE");
        assert_eq!(g.zone_of(s), Zone::Hand(P0), "{n} victims");
        assert_eq!(times_destroyed(&g, s), 1, "still destroyed (C#194)");
        for &v in &vs {
            assert_eq!(g.zone_of(v), Zone::Trash(P1));
        }
    }
}

/// BS-6.6 replaced (rulings C#37, C#77): a replacement made while the destruction starts
/// keeps the spirit on the field even when the same watcher then destroys the opponent's
/// spirits (one or two) before the replacement is applied.
#[test]
fn c37_a_kept_spirit_stays_though_its_watcher_destroys_others_first() {
    for n in [1, 2] {
        let bulwark = scripted_spirit(
            "MC-BULWARK",
            0,
            1000,
            vec![effect(
                "constant",
                r#"when(ev_would_be_destroyed(this_card()), "while", || {
                    replace_destruction(this_card(), "as_is");
                    destroy(opponent_spirits());
                });"#,
            )],
        );
        let mut g = game(vec![bulwark], 63);
        let b = put(&mut g, P0, "MC-BULWARK", Zone::Field(P0), 1);
        let vs = victims(&mut g, n);
        cast(&mut g, "MC-MINE");
        assert_eq!(g.zone_of(b), Zone::Field(P0), "{n} victims: kept");
        assert_eq!(times_destroyed(&g, b), 0);
        assert!(g.log().iter().any(|e| matches!(e,
            Event::DestructionReplaced { card, .. } if *card == b)));
        for &v in &vs {
            assert_eq!(g.zone_of(v), Zone::Trash(P1));
        }
    }
}

/// BS-6.6 replaced: a replacement said by the spirit's own "when destroyed" effect comes too
/// late — the destruction is under way. The spirit goes to the trash, is destroyed once,
/// and the effect logs why it did nothing (`EffectInert`), alone or destroyed together.
#[test]
fn bs_6_6_a_replacement_said_once_when_destroyed_works_is_too_late() {
    for n in [0, 1] {
        let late = when_destroyed("MC-LATE", r#"replace_destruction(this_card(), "as_is");"#);
        let mut g = game(vec![late], 65);
        let s = put(&mut g, P0, "MC-LATE", Zone::Field(P0), 1);
        let others: Vec<InstanceId> = ["R-01"][..n]
            .iter()
            .map(|id| put(&mut g, P0, id, Zone::Field(P0), 1))
            .collect();
        cast(&mut g, "MC-MINE");
        assert_eq!(g.zone_of(s), Zone::Trash(P0), "{n} destroyed with it");
        assert_eq!(times_destroyed(&g, s), 1);
        assert!(
            !g.log()
                .iter()
                .any(|e| matches!(e, Event::DestructionReplaced { .. }))
        );
        assert!(
            g.log().iter().any(|e| matches!(e,
                Event::EffectInert { card, reason, .. } if *card == s && reason.contains("too late"))),
            "the late replacement says why it did nothing"
        );
        for &o in &others {
            assert_eq!(g.zone_of(o), Zone::Trash(P0));
        }
    }
}

/// BS-6.6 replaced, "by your opponent's effect": a replacement waiting for destructions by
/// the opponent's effects keeps a spirit the opponent's magic destroys, not one its own
/// player's magic destroys.
#[test]
fn bs_6_6_a_replacement_for_the_opponents_effects_ignores_the_owners_own() {
    let ward = scripted_spirit(
        "MC-WARD",
        0,
        1000,
        vec![effect(
            "constant",
            r#"when(ev_would_be_destroyed_by(this_card(), "opponent_effect"), "while", || {
                replace_destruction(this_card(), "as_is");
            });"#,
        )],
    );
    let mut g = game(vec![ward], 66);
    let theirs = put(&mut g, P1, "MC-WARD", Zone::Field(P1), 1);
    let mine = put(&mut g, P0, "MC-WARD", Zone::Field(P0), 1);
    cast(&mut g, "MC-THEIRS");
    assert_eq!(
        g.zone_of(theirs),
        Zone::Field(P1),
        "kept: P0's magic is its opponent's"
    );
    cast(&mut g, "MC-MINE");
    assert_eq!(g.zone_of(mine), Zone::Trash(P0), "its own player's magic");
    assert_eq!(times_destroyed(&g, mine), 1);
}

/// BS-6.6 replaced: a spirit kept on the field when destroyed together with another is no
/// longer "being destroyed": a later destruction (its replacement used up: it only works
/// while the spirit is refreshed) destroys it.
#[test]
fn bs_6_6_a_spirit_kept_from_a_shared_destruction_can_be_destroyed_later() {
    let shield = scripted_spirit(
        "MC-SHIELD",
        0,
        1000,
        vec![effect(
            "constant",
            r#"when(ev_would_be_destroyed(this_card()), "while", || {
                if !is_exhausted(this_card()) { replace_destruction(this_card(), "exhausted"); }
            });"#,
        )],
    );
    let mut g = game(vec![shield], 64);
    let s = put(&mut g, P0, "MC-SHIELD", Zone::Field(P0), 1);
    let other = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    cast(&mut g, "MC-MINE");
    assert_eq!(g.zone_of(other), Zone::Trash(P0));
    assert_eq!(g.zone_of(s), Zone::Field(P0));
    assert!(g.is_exhausted(s), "kept exhausted");
    assert!(!g.is_being_destroyed(s));
    cast(&mut g, "MC-MINE");
    assert_eq!(g.zone_of(s), Zone::Trash(P0), "destroyed the second time");
    assert_eq!(times_destroyed(&g, s), 1);
}

/// BS-6.6, BS-8.4 and rulings #76/#126: two spirits destroyed by one effect are destroyed
/// at the same time, so a nexus effect that works "when one of your spirits is destroyed"
/// is due once for the pair, not once per spirit.
#[test]
fn bs_6_6_spirits_destroyed_together_reach_a_watcher_once() {
    let mut mourn = card(
        "MC-MOURN",
        CardKind::Nexus,
        0,
        Colour::Blue,
        0,
        0,
        &[(1, 0, 0)],
    );
    mourn.effects = vec![effect("when_your_spirit_destroyed", "draw(1);")];
    let mut g = game(vec![mourn], 65);
    put(&mut g, P1, "MC-MOURN", Zone::Field(P1), 0);
    let vs = victims(&mut g, 2);
    let hand = g.pile(Zone::Hand(P1)).len();
    cast(&mut g, "MC-THEIRS");
    for &v in &vs {
        assert_eq!(g.zone_of(v), Zone::Trash(P1));
    }
    assert_eq!(
        g.pile(Zone::Hand(P1)).len(),
        hand + 1,
        "one draw for the pair"
    );
}

/// BS-5.3 and BS-6.6: a spirit that its own "when depleted" / "when destroyed" effect
/// returned to the hand stays there: it is not depleted or destroyed afterwards, and no
/// core movement nor destruction puts it into the trash.
#[test]
fn bs_5_3_a_spirit_its_own_effect_returned_to_the_hand_stays_there() {
    let homing = scripted_spirit(
        "MC-HOMING",
        0,
        1000,
        vec![
            effect("when_depleted", "return_to_hand(this_card());"),
            effect("when_destroyed", "return_to_hand(this_card());"),
        ],
    );
    let mut g = game(vec![homing], 66);
    let h = put(&mut g, P0, "MC-HOMING", Zone::Field(P0), 1);
    // BS-5.7: its only core moved away, it is depleted (BS-5.3).
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: CoreSource::Card(h),
            to: CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::DoneMoving);
    assert_eq!(g.zone_of(h), Zone::Hand(P0), "depleted: back in the hand");
    assert!(!g.log().contains(&Event::Depleted { card: h }));
    let h2 = put(&mut g, P0, "MC-HOMING", Zone::Field(P0), 1);
    cast(&mut g, "MC-MINE");
    assert_eq!(g.zone_of(h2), Zone::Hand(P0), "destroyed: back in the hand");
    assert_eq!(times_destroyed(&g, h2), 0);
}
