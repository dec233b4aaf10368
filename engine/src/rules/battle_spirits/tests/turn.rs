//! BS-1 to BS-4, BS-7.1 and BS-13.4: the start, core, draw, refresh and end steps of a turn.

use super::*;

#[test]
fn bs_1_1_start_step_hook_fires_each_turn() {
    let g = main2();
    assert_eq!(
        count_hooks(&g, |h| matches!(
            h,
            Hook::StepStart {
                step: StepName::Start,
                ..
            }
        )),
        2
    );
}

#[test]
fn bs_2_1_core_step_adds_one_core() {
    let g = main2();
    assert_eq!(g.reserve(P1), 5);
}

#[test]
fn bs_2_2_first_player_gets_no_core_on_the_first_turn_only() {
    let mut g = main2();
    assert_eq!(g.reserve(P0), 4);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(g.turn(), 3);
    assert_eq!(g.reserve(P0), 5);
}

#[test]
fn bs_3_1_draw_step_draws_one() {
    let g = main2();
    assert_eq!(g.pile(Zone::Hand(P1)).len(), 5);
    assert_eq!(g.pile(Zone::Deck(P1)).len(), 35);
}

#[test]
fn bs_4_1_refresh_moves_trash_cores_to_reserve() {
    let mut g = main2();
    // P0 has two cores in the trash; at P0's refresh step they return.
    for _ in 0..2 {
        let c = g.core_at(CoreLoc::Reserve(P0), false).unwrap();
        g.move_core(c, Some(CoreLoc::Trash(P0)));
    }
    assert_eq!(g.reserve(P0), 2);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), 0);
    assert_eq!(g.reserve(P0), 2 + 2 + 1);
}

#[test]
fn bs_4_2_refresh_step_refreshes_exhausted_cards() {
    let mut g = main2();
    let s = on_field(&mut g, P0, "R-03", 1);
    g.set_exhausted(s, true);
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert!(!g.is_exhausted(s));
}

#[test]
fn bs_7_1_end_step_passes_the_turn() {
    let mut g = main2();
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert!(g.log().contains(&Event::TurnEnded { player: P1 }));
    assert_eq!((g.active(), g.turn()), (P0, 3));
    assert_eq!(
        count_hooks(
            &g,
            |h| matches!(h, Hook::StepEnd { step: StepName::End, player } if *player == P1)
        ),
        1
    );
}

#[test]
fn bs_13_4_refresh_turns_heavily_exhausted_into_exhausted() {
    let mut g = main2();
    let s = on_field(&mut g, P0, "R-03", 1);
    g.st.cards[s.index()].orientation = crate::core::Orientation::UpsideDown;
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    assert_eq!(
        g.st.cards[s.index()].orientation,
        crate::core::Orientation::Sideways
    );
    assert!(g.is_exhausted(s));
}

/// BS-13.4 in the view: a heavily exhausted card is `exhausted` and `heavily_exhausted`;
/// once refreshed to exhausted, only `exhausted`. The view's step is the main step (BS-5)
/// before, the main step of the next turn after (the start steps run without a decision).
#[test]
fn bs_13_4_the_view_tells_heavily_exhausted_from_exhausted() {
    let mut g = main2();
    let s = on_field(&mut g, P0, "R-03", 1);
    g.st.cards[s.index()].orientation = crate::core::Orientation::UpsideDown;
    let card = |g: &Game| {
        let v = g.view(P0);
        let c = v.players[0]
            .field
            .iter()
            .find(|c| c.id == s)
            .unwrap()
            .clone();
        (c.exhausted, c.heavily_exhausted, v.step)
    };
    assert_eq!(card(&g), (true, true, "main".to_string()));
    g.answer(Choice::EndMain).unwrap();
    req(&mut g);
    let (exhausted, heavy, _) = card(&g);
    assert_eq!((exhausted, heavy), (true, false));
}
