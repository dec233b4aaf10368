//! Rulings on simultaneous destruction (BS-6.6, BS-8.4).

use super::*;

/// BSS01-108 Rotting Swamp — rulings-cards.json #76.
/// Q: when two of my spirits are destroyed at the same time, does its effect (draw a card
/// when one of your spirits is destroyed) draw two cards? A: no, one.
/// Stand-in for the swamp (from the start of your attack step, draw when one of your
/// spirits is destroyed); a stand-in flash magic destroys every opposing spirit with 2000
/// BP or less at once. Rules: BS-8.4, BS-6.6.
#[test]
fn bss01_108_rotting_swamp_two_spirits_destroyed_at_once_draw_one_card() {
    let swamp = nexus(
        "RUL-SWAMP",
        vec![effect(
            "start_of_your_attack_step",
            "when(ev_destroyed(my_spirits(), false, false), || { draw(1); });",
        )],
    );
    let wipe = flash_tool(
        "RUL-FLASH-WIPE",
        "destroy(opponent_spirits().bp_at_most(2000));",
    );
    let mut g = game(vec![swamp, wipe], 130);
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "RUL-SWAMP", Zone::Field(P1), 0);
    let attacker = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    let small = [
        put(&mut g, P1, "B-01", Zone::Field(P1), 1),
        put(&mut g, P1, "B-02", Zone::Field(P1), 1),
    ];
    let w = put(&mut g, P0, "RUL-FLASH-WIPE", Zone::Hand(P0), 0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    let h = hand(&g, P1);
    play(&mut g, w); // P0 acts first in the flash timing
    for c in small {
        assert_eq!(g.zone_of(c), Zone::Trash(P1));
    }
    assert_eq!(hand(&g, P1), h + 1, "one card for both");
    assert_eq!(started(&g, s), 2, "registered once, drew once");
}

/// BSS02-064 Arcana Princess Anne — rulings-cards.json #126.
/// Q: during the turn its "when summoned" effect worked, two of my Otherlander spirits are
/// destroyed at the same time: does its BP −1000 effect work twice? A: no, once.
/// Real Anne (summoned by P1); Otherlander stand-ins; a stand-in flash magic of P0
/// destroys both at once. Rules: BS-8.4, BS-6.6, BS-5.1.
#[test]
fn bss02_064_arcana_princess_anne_two_otherlanders_destroyed_at_once_work_once() {
    let Some(mut cards) = real(&["BSS02-064"]) else {
        return;
    };
    let families = cards[0].families.clone();
    for id in ["RUL-OTHERLANDER-A", "RUL-OTHERLANDER-B"] {
        let mut o = scripted_spirit(id, 0, 1000, vec![]);
        o.families = families.clone();
        cards.push(o);
    }
    cards.push(flash_tool(
        "RUL-FLASH-WIPE",
        "destroy(opponent_spirits().bp_at_most(2000));",
    ));
    let mut g = game(cards, 131);
    to_p1_main(&mut g);
    let target = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    let w = put(&mut g, P0, "RUL-FLASH-WIPE", Zone::Hand(P0), 0);
    let others = [
        put(&mut g, P1, "RUL-OTHERLANDER-A", Zone::Field(P1), 1),
        put(&mut g, P1, "RUL-OTHERLANDER-B", Zone::Field(P1), 1),
    ];
    let attacker = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    let anne = put(&mut g, P1, "BSS02-064", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 5);
    play(&mut g, anne);
    assert!(g.on_field(anne));
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    play(&mut g, w);
    for c in others {
        assert_eq!(g.zone_of(c), Zone::Trash(P1));
    }
    assert_eq!(g.bp(target), 5000, "−1000 once, not twice");
    assert_eq!(
        started(&g, anne),
        2,
        "its \"when summoned\", then the effect once"
    );
}

/// BSS02-115 Giantwood Castle Keep — rulings-cards.json #150.
/// Q: my spirit with the soul core blocks and both spirits are destroyed (equal BP): may I
/// use the keep's effect (when one of your soul-core spirits destroys an opposing spirit by
/// BP comparison, refresh one of your spirits)? A: yes.
/// Stand-in for the keep (from the start of the opponent's attack step). Rules: BS-6.6
/// (equal BP: both destroyed, at the same time), BS-4.2, BS-8.4.
#[test]
fn bss02_115_giantwood_keep_a_spirit_destroyed_at_equal_bp_still_destroyed_its_opponent() {
    let keep = nexus(
        "RUL-KEEP",
        vec![effect(
            "start_of_opponent_attack_step",
            "when(ev_destroys(my_spirits().has_soul_core(), opponent_spirits(), true), || { refresh(choose_targets(my_spirits(), 1)); });",
        )],
    );
    let mut g = game(vec![keep, exhaust_all_tool()], 132);
    put(&mut g, P0, "RUL-KEEP", Zone::Field(P0), 0);
    let tired = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    let blocker = put(&mut g, P0, "R-03", Zone::Field(P0), 1); // 3000 BP
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: CoreSource::Reserve,
            to: CoreSource::Card(blocker),
            soul: true,
        },
    );
    must(&mut g, Choice::DoneMoving);
    assert!(g.soul_on(blocker) && g.bp(blocker) == 3000);
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "B-03", Zone::Field(P1), 1); // 3000 BP
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    // Both are destroyed; the keep's effect asks which spirit to refresh.
    must(&mut g, Choice::Target { card: tired });
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1));
    assert_eq!(g.zone_of(blocker), Zone::Trash(P0));
    assert!(!g.is_exhausted(tired), "refreshed by the keep");
}

/// ST05-001 Rooster Zodiac Emperor Gale Phoenix — rulings-cards.json #196.
/// Q: the opponent blocks it and both are destroyed (equal BP): may I use its effect
/// (when it destroys an opposing spirit by BP comparison, exhaust an opposing spirit)?
/// A: yes. Stand-in for the effect (from the start of your attack step). Rules: BS-6.6,
/// BS-6.1, BS-8.4.
#[test]
fn st05_001_gale_phoenix_destroyed_at_equal_bp_still_exhausts() {
    let phoenix = scripted_spirit(
        "RUL-PHOENIX",
        0,
        6000,
        vec![effect(
            "start_of_your_attack_step",
            "when(ev_destroys(this_card(), opponent_spirits(), true), || { exhaust(choose_targets(opponent_spirits(), 1)); });",
        )],
    );
    let mut g = game(vec![phoenix], 133);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "RUL-PHOENIX", Zone::Field(P1), 1); // 6000 BP
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    let other = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Target { card: other });
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(blocker), Zone::Trash(P0));
    assert!(g.is_exhausted(other), "exhausted by the phoenix's effect");
}
