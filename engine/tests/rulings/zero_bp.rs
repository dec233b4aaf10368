//! Rulings on zero BP as a destruction and on zero cores (BS-5.3, BS-6.6).

use super::*;

/// P0 uses the real magic `id` (given `reserve` more cores) in its turn-1 main step against
/// P1's spirit `victim_id` (one core); returns the game and the victim.
fn p0_uses_magic_on(
    id: &str,
    reserve: u32,
    victim_id: &str,
    seed: u64,
) -> Option<(Game, InstanceId)> {
    let cards = real(&[id])?;
    let mut g = game(cards, seed);
    let victim = put(&mut g, P1, victim_id, Zone::Field(P1), 1);
    let m = put(&mut g, P0, id, Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, reserve);
    play(&mut g, m);
    Some((g, victim))
}

/// BSS01-133 Angelic Pressure — rulings-cards.json #92.
/// Q: what happens to a spirit whose BP becomes 0? A: a spirit with 0 BP (or less) is
/// destroyed. Here BP −3000 on a 3000 BP spirit. Rules: BS-6.6 (destruction), BS-5.5.
#[test]
fn bss01_133_angelic_pressure_a_spirit_at_zero_bp_is_destroyed() {
    let Some((g, victim)) = p0_uses_magic_on("BSS01-133", 3, "B-03", 119) else {
        return;
    };
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(logged(&g, &Event::Destroyed { card: victim }));
    assert!(!logged(&g, &Event::Depleted { card: victim }));
}

/// ST04-016 Drowsy Fumes — rulings-cards.json #195.
/// Q: what happens to a spirit whose BP becomes 0? A: it is destroyed (BP −2000 on a
/// 2000 BP spirit). Rules: BS-6.6, BS-5.5.
#[test]
fn st04_016_drowsy_fumes_a_spirit_at_zero_bp_is_destroyed() {
    let Some((g, victim)) = p0_uses_magic_on("ST04-016", 2, "B-02", 120) else {
        return;
    };
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(logged(&g, &Event::Destroyed { card: victim }));
}

/// BSS01-136 Exhaust Nexus — rulings-cards.json #95.
/// Q: what happens to a spirit whose BP becomes 0? A: it is destroyed. All the opponent's
/// spirits get −3000: the 3000 BP one is destroyed, the 4000 BP one stays at 1000.
/// Rules: BS-6.6, BS-5.5.
#[test]
fn bss01_136_exhaust_nexus_only_the_spirits_brought_to_zero_bp_are_destroyed() {
    let Some(cards) = real(&["BSS01-136"]) else {
        return;
    };
    let mut g = game(cards, 121);
    let weak = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let strong = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let m = put(&mut g, P0, "BSS01-136", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 7);
    play(&mut g, m);
    assert_eq!(g.zone_of(weak), Zone::Trash(P1));
    assert!(g.on_field(strong));
    assert_eq!(g.bp(strong), 1000);
}

/// BSS02-066 Arcana Beast Queen — rulings-cards.json #130.
/// Q: what happens to a spirit whose BP becomes 0? A: it is destroyed (its "when summoned"
/// BP −2000 on a 2000 BP spirit). Rules: BS-5.1, BS-6.6.
#[test]
fn bss02_066_arcana_beast_queen_a_spirit_at_zero_bp_is_destroyed() {
    let Some((g, victim)) = p0_uses_magic_on("BSS02-066", 4, "B-02", 122) else {
        return;
    };
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(logged(&g, &Event::Destroyed { card: victim }));
}

/// BSS02-079 Shryke — rulings-cards.json #136.
/// Q: what happens to a spirit whose BP becomes 0? A: it is destroyed (its "when summoned"
/// BP −2000 on an exhausted 2000 BP spirit). Rules: BS-5.1, BS-6.6.
#[test]
fn bss02_079_shryke_an_exhausted_spirit_at_zero_bp_is_destroyed() {
    let Some(mut cards) = real(&["BSS02-079"]) else {
        return;
    };
    cards.push(exhaust_all_tool());
    let mut g = game(cards, 123);
    let victim = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let tool = put(&mut g, P0, "RUL-EXHAUST-ALL", Zone::Hand(P0), 0);
    play(&mut g, tool);
    let s = put(&mut g, P0, "BSS02-079", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 5);
    play(&mut g, s);
    assert_eq!(g.zone_of(victim), Zone::Trash(P1));
    assert!(logged(&g, &Event::Destroyed { card: victim }));
}

/// BSS02-045 Blizzaster Eagle — rulings-cards.json #121.
/// Q: what does "cannot be destroyed by your opponent's destruction effects" mean?
/// A: effects that say "destroy" do nothing to it, even when they pick it; it still goes
/// when it loses all its BP (or cores), as usual. Real Eagle (LV2 block effect); stand-in
/// flash magics for "destroy" and for a large BP reduction. Rules: BS-6.6, BS-6.2.
#[test]
fn bss02_045_blizzaster_eagle_protected_from_destroy_effects_but_not_from_zero_bp() {
    let Some(mut cards) = real(&["BSS02-045"]) else {
        return;
    };
    cards.push(flash_tool(
        "RUL-FLASH-DESTROY",
        "destroy(choose_targets(opponent_spirits(), 1));",
    ));
    cards.push(flash_tool(
        "RUL-FLASH-SAP",
        "bp_minus(choose_targets(opponent_spirits(), 1), 10000, \"turn\");",
    ));
    let mut g = game(cards, 124);
    to_p1_main(&mut g);
    let eagle = put(&mut g, P0, "BSS02-045", Zone::Field(P0), 3); // LV2
    let attacker = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // keeps P1's attack step open
    let kill = put(&mut g, P1, "RUL-FLASH-DESTROY", Zone::Hand(P1), 0);
    let sap = put(&mut g, P1, "RUL-FLASH-SAP", Zone::Hand(P1), 0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: eagle });
    must(&mut g, Choice::Pass);
    play(&mut g, kill);
    assert!(g.on_field(eagle), "a destroy effect does nothing to it");
    must(&mut g, Choice::Pass);
    play(&mut g, sap);
    assert_eq!(
        g.zone_of(eagle),
        Zone::Trash(P0),
        "0 BP: destroyed as usual"
    );
    assert!(logged(&g, &Event::Destroyed { card: eagle }));
}

/// ST03-002 Greygarmr — rulings-cards.json #179.
/// Q: my LV2 Greygarmr blocks (BP +3000 this turn) and then gets BP −3000 this turn from
/// Angelic Pressure; when the turn ends, is it destroyed at 0 BP? A: no: both effects end
/// at the same time. Rules: BS-7.1 (turn effects end together), BS-6.3, BS-6.6.
#[test]
fn st03_002_greygarmr_turn_effects_end_together_so_no_zero_bp() {
    let Some(cards) = real(&["ST03-002", "BSS01-133"]) else {
        return;
    };
    let mut g = game(cards, 125);
    to_p1_main(&mut g);
    let grey = put(&mut g, P0, "ST03-002", Zone::Field(P0), 2); // LV2, 3000 BP
    let attacker = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // keeps P1's attack step open
    let pressure = put(&mut g, P1, "BSS01-133", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 3);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: grey });
    assert_eq!(g.bp(grey), 6000);
    must(&mut g, Choice::Pass);
    play(&mut g, pressure);
    assert_eq!(g.bp(grey), 3000);
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1));
    must(&mut g, Choice::EndAttack);
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.active(), P0);
    assert!(g.on_field(grey), "not destroyed when the turn ended");
    assert_eq!(g.bp(grey), 3000);
    assert!(!logged(&g, &Event::Destroyed { card: grey }));
}

/// The board of the Infernal King Curse Dragon rulings: P0's one-core R-01 and three-core
/// R-02, P1's one-core B-01 and two-core B-02; P0 summons the real BSS01-034.
fn curse_dragon_summoned(seed: u64) -> Option<(Game, [InstanceId; 5])> {
    let cards = real(&["BSS01-034"])?;
    let mut g = game(cards, seed);
    let r1 = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let r2 = put(&mut g, P0, "R-02", Zone::Field(P0), 3);
    let b1 = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let b2 = put(&mut g, P1, "B-02", Zone::Field(P1), 2);
    let dragon = put(&mut g, P0, "BSS01-034", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 8);
    play(&mut g, dragon);
    assert!(g.on_field(dragon));
    Some((g, [dragon, r1, r2, b1, b2]))
}

/// BSS01-034 Infernal King Curse Dragon — rulings-cards.json #26.
/// Q: does its "when summoned" effect take one core off each of my own spirits too?
/// A: yes: one core off every other spirit of both players, each to its owner's reserve.
/// Rules: BS-5.1, BS-5.3, BS-0.5.
#[test]
fn bss01_034_curse_dragon_takes_a_core_from_each_spirit_of_both_players() {
    let Some((g, [_, _, r2, _, b2])) = curse_dragon_summoned(126) else {
        return;
    };
    assert_eq!(g.cores_on(r2), 2, "one core off my own spirit");
    assert_eq!(g.cores_on(b2), 1, "one core off the opponent's spirit");
}

/// BSS01-034 Infernal King Curse Dragon — rulings-cards.json #27.
/// Q: a spirit its effect leaves with no cores: is it destroyed? A: yes, and then the
/// dragon gets one core from the void for each spirit (of either player) destroyed so.
/// Rules: BS-5.3, BS-0.3 (the void), BS-5.1.
#[test]
fn bss01_034_curse_dragon_counts_the_spirits_left_without_cores() {
    let Some((g, [dragon, r1, _, b1, _])) = curse_dragon_summoned(127) else {
        return;
    };
    assert_eq!(g.zone_of(r1), Zone::Trash(P0));
    assert_eq!(g.zone_of(b1), Zone::Trash(P1));
    assert_eq!(
        g.cores_on(dragon),
        1 + 2,
        "its placed core and one per spirit gone"
    );
}

/// ST04-011 Freezstal — rulings-cards.json #193.
/// Q: my cost-2 spirit is in a battle and is destroyed by a magic in a flash timing; does
/// Freezstal's "draw when one of your cost-2 spirits is destroyed in battle" work?
/// A: no (only a destruction by the battle itself counts). Stand-in for Freezstal's effect
/// (from the start of the opponent's attack step); the second battle is the control.
/// Rules: BS-6.6 (destruction by BP comparison), BS-6.2.
#[test]
fn st04_011_freezstal_destroyed_by_magic_during_a_battle_is_not_destroyed_in_battle() {
    let freezstal = scripted_spirit(
        "RUL-FREEZSTAL",
        3,
        1000,
        vec![effect(
            "start_of_opponent_attack_step",
            "when(ev_destroyed(my_spirits().cost_is(2), false, true), || { draw(1); });",
        )],
    );
    let kill = flash_tool(
        "RUL-FLASH-DESTROY",
        "destroy(choose_targets(opponent_spirits(), 1));",
    );
    let mut g = game(vec![freezstal, kill], 128);
    to_p1_main(&mut g);
    put(&mut g, P0, "RUL-FREEZSTAL", Zone::Field(P0), 1);
    let first = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let second = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let a1 = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    let a2 = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    let k = put(&mut g, P1, "RUL-FLASH-DESTROY", Zone::Hand(P1), 0);
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P0);
    must(&mut g, Choice::Attack { attacker: a1 });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: first });
    must(&mut g, Choice::Pass);
    play(&mut g, k);
    must(&mut g, Choice::Target { card: first });
    assert_eq!(g.zone_of(first), Zone::Trash(P0));
    pass_flashes(&mut g);
    assert_eq!(hand(&g, P0), h, "destroyed by an effect, not in battle");
    must(&mut g, Choice::Attack { attacker: a2 });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: second });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(second), Zone::Trash(P0));
    assert_eq!(hand(&g, P0), h + 1, "destroyed in battle: one draw");
}

/// BSS01-136 Exhaust Nexus — rulings-cards.json #94.
/// Q: do spirits summoned after its flash effect resolved also get BP −3000? A: no: only
/// the spirits on the field when it resolved. Stand-in flash magic summons a spirit
/// (free) afterwards. Rules: BS-6.2, BS-7.1 (a turn-long effect on the cards it reached).
#[test]
fn bss01_136_exhaust_nexus_spirits_summoned_later_keep_their_bp() {
    let Some(mut cards) = real(&["BSS01-136"]) else {
        return;
    };
    cards.push(flash_tool(
        "RUL-FLASH-SUMMON",
        "summon(choose_targets(my_hand().spirit_cards().cost_is(6), 1), true, false);",
    ));
    let mut g = game(cards, 129);
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let late = put(&mut g, P1, "B-06", Zone::Hand(P1), 0);
    let summon = put(&mut g, P1, "RUL-FLASH-SUMMON", Zone::Hand(P1), 0);
    let nexus_magic = put(&mut g, P0, "BSS01-136", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 7);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    play(&mut g, nexus_magic); // P0 first in the flash timing
    assert_eq!(g.bp(attacker), 1000);
    play(&mut g, summon);
    assert!(g.on_field(late));
    assert_eq!(g.bp(late), 6000, "summoned afterwards: not reduced");
    assert_eq!(g.bp(attacker), 1000);
}
