//! Battle resolution (`battle.rs` `resolve_battle`, BS-6.5 … BS-6.7) where a mutation of
//! the code once changed the game without any test noticing (`docs/testing.md`).

use super::*;
use crate::rules::battle_spirits::testkit::{
    effect, must, pass_flashes, put, scenario, scripted_magic, scripted_spirit, strict, to_p1_main,
};

/// A spirit of P1 that draws a card each time its attack reduces the opponent's life
/// (`ev_reduces_life`) and each time it wins a BP comparison (`ev_wins_comparison`).
fn watcher(id: &str, symbols: u8) -> CardDef {
    let mut c = scripted_spirit(
        id,
        0,
        3000,
        vec![
            effect(
                "constant",
                r#"when(ev_reduces_life(this_card()), "while", || { draw(1); });"#,
            ),
            effect(
                "constant",
                r#"when(ev_wins_comparison(this_card()), "while", || { draw(1); });"#,
            ),
        ],
    );
    c.symbols.colours = [(Colour::Red, symbols)]
        .into_iter()
        .filter(|x| x.1 > 0)
        .collect();
    c
}

fn life_events(g: &Game) -> Vec<Event> {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::LifeReduced { .. } | Event::LifeKept { .. }))
        .cloned()
        .collect()
}

/// Attacks with `a` (P0 has no spirit: not blocked) and returns P1's cards drawn.
fn unblocked_attack(g: &mut Game, a: InstanceId) -> usize {
    let hand = g.pile(Zone::Hand(P1)).len();
    must(g, Choice::Attack { attacker: a });
    pass_flashes(g);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
    g.pile(Zone::Hand(P1)).len() - hand
}

/// BS-6.5.1 with "attacks cannot reduce your life to N" (the digest is silent; the engine
/// takes down to N + 1 and keeps the rest): with P0 at 5 life and N = 3, a one-symbol
/// attack takes one core (LifeReduced, "reduces life" works); the next takes none
/// (LifeKept, no "reduces life"); an attack without symbols takes none and keeps none
/// (LifeReduced of 0: the floor kept nothing).
#[test]
fn bs_6_5_1_a_life_floor_takes_down_to_one_above_it() {
    let floor = scripted_magic(
        "MR-FLOOR",
        0,
        vec![effect(
            "main",
            r#"attacks_cannot_reduce_life_to(my_spirits(), "opponent", 3, "turn");"#,
        )],
    );
    let mut g = strict(scenario(
        vec![watcher("MR-ONE", 1), watcher("MR-NONE", 0), floor],
        91,
    ));
    to_p1_main(&mut g);
    assert_eq!(g.life(P0), 5);
    let a1 = put(&mut g, P1, "MR-ONE", Zone::Field(P1), 1);
    let a2 = (0..g.st.cards.len() as u32)
        .map(InstanceId)
        .find(|c| *c != a1 && g.card_id(*c) == "MR-ONE" && g.owner(*c) == P1)
        .expect("a second copy");
    g.move_card(a2, Zone::Field(P1));
    g.core_from_void(false, CoreLoc::Card(a2));
    let a0 = put(&mut g, P1, "MR-NONE", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "MR-FLOOR", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: m });
    must(&mut g, Choice::EndMain);
    assert_eq!(unblocked_attack(&mut g, a1), 1, "reduced: one draw");
    assert_eq!(g.life(P0), 4);
    assert_eq!(unblocked_attack(&mut g, a2), 0, "kept: no draw");
    assert_eq!(g.life(P0), 4);
    assert_eq!(
        unblocked_attack(&mut g, a0),
        0,
        "no symbol: nothing reduced"
    );
    let by = |e: &Event| match e {
        Event::LifeKept { by, .. } => Some(*by),
        _ => None,
    };
    let ev = life_events(&g);
    assert_eq!(ev.len(), 3, "{ev:?}");
    assert!(matches!(ev[0], Event::LifeReduced { amount: 1, by, .. } if by == a1));
    assert!(
        matches!(ev[1], Event::LifeKept { attacker, .. } if attacker == a2),
        "{ev:?}"
    );
    assert!(by(&ev[1]).is_some());
    assert!(
        matches!(ev[2], Event::LifeReduced { amount: 0, by, .. } if by == a0),
        "{ev:?}"
    );
}

/// BS-6.5.2, BS-6.6: the higher BP wins the comparison (only the winner's "wins" watcher
/// works) and the lower is destroyed; the winner stays.
#[test]
fn bs_6_5_2_only_the_higher_bp_wins_the_comparison() {
    let mut g = strict(scenario(vec![watcher("MR-ONE", 1)], 92));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "MR-ONE", Zone::Field(P1), 1); // 3000
    let low = put(&mut g, P0, "R-00", Zone::Field(P0), 1); // 1000
    let hand = g.pile(Zone::Hand(P1)).len();
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: low });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(low), Zone::Trash(P0));
    assert_eq!(g.zone_of(a), Zone::Field(P1));
    assert_eq!(g.pile(Zone::Hand(P1)).len(), hand + 1, "the attacker won");
}

/// BS-6.5.2: a blocker with the higher BP wins; the attacker's "wins" watcher does not
/// work, and with equal BP nobody wins (both destroyed, BS-6.6).
#[test]
fn bs_6_5_2_a_lower_or_equal_attacker_does_not_win() {
    for (blocker, bp) in [("R-04", 4000), ("R-03", 3000)] {
        let mut g = strict(scenario(vec![watcher("MR-ONE", 1)], 93));
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "MR-ONE", Zone::Field(P1), 1);
        let bl = put(&mut g, P0, blocker, Zone::Field(P0), 1);
        assert_eq!(g.bp(bl), bp);
        let hand = g.pile(Zone::Hand(P1)).len();
        must(&mut g, Choice::EndMain);
        must(&mut g, Choice::Attack { attacker: a });
        pass_flashes(&mut g);
        must(&mut g, Choice::Block { blocker: bl });
        pass_flashes(&mut g);
        assert_eq!(g.zone_of(a), Zone::Trash(P1), "{blocker}");
        assert_eq!(g.pile(Zone::Hand(P1)).len(), hand, "{blocker}: no win");
    }
}

/// BS-6.3.1, BS-6.5.2: a blocker that leaves the field before the comparison ends the
/// comparison: no BP compared, the attacker stays, and no life is taken.
#[test]
fn bs_6_3_1_a_blocker_gone_before_the_comparison_fights_no_one() {
    let back = scripted_magic(
        "MR-BACK",
        0,
        vec![effect("flash", "return_to_hand(my_spirits());")],
    );
    let mut g = strict(scenario(vec![back], 94));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let bl = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "MR-BACK", Zone::Hand(P0), 0);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: bl });
    must(&mut g, Choice::UseMagic { card: m }); // the defender acts first (BS-6.2)
    assert_eq!(g.zone_of(bl), Zone::Hand(P0));
    pass_flashes(&mut g);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BattleCompared { .. }))
    );
    assert_eq!(g.zone_of(a), Zone::Field(P1));
    assert_eq!(g.life(P0), life);
    assert!(g.log().contains(&Event::BattleEnded { attacker: a }));
}
