//! Rulings on level-bound effects in battle, and on "has an effect" at the current level (Frosttree
//! Goddess Eir, BS-8.1).

use super::*;

/// BSS01-003 Divine Mars Dragon Ares Dragoon — rulings-cards.json #6.
/// Q: my LV1 spirit attacks and is raised to its higher level during a flash timing; does
/// its effect of that level, which works when the battle ends, work? A: yes.
/// Stand-in: a flash effect puts cores on the spirit (raising it to LV2), and its LV2
/// effect gains one life when its battle ends. Rules: BS-6.2, BS-6.7, BS-8.1 (level-bound).
#[test]
fn bss01_003_ares_dragoon_level_raised_during_the_battle_works_at_battle_end() {
    let ares = scripted_spirit(
        "RUL-ARES",
        0,
        1000,
        vec![
            effect("flash", "move_cores(\"reserve\", this_card(), 2);"),
            at_levels(effect("when_battle_ends", "gain_life(1);"), &[2]),
        ],
    );
    let mut g = game(vec![ares], 114);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "RUL-ARES", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    assert_eq!(g.level(a), Some(1));
    must(&mut g, Choice::Pass); // P0 first (BS-6.2)
    must(&mut g, Choice::UseEffect { card: a, effect: 0 });
    assert_eq!(g.level(a), Some(2));
    let life = g.life(P1);
    pass_flashes(&mut g);
    assert_eq!(g.life(P1), life + 1, "the LV2 effect worked at battle end");
}

/// ST02-003 Segro Snake — rulings-cards.json #168.
/// Q: Segro Snake attacks (one-core spirits cannot block it); a two-core spirit blocks, and
/// in the flash timing after the block Poison Shot takes it down to one core. Is the block
/// undone? A: no, a declared block stands and BP are compared.
/// Stand-in for Segro Snake's attack effect; Poison Shot is real. Rules: BS-6.3.1,
/// BS-6.2, BS-6.5.2.
#[test]
fn st02_003_segro_snake_a_declared_block_stands_after_losing_cores() {
    let Some(mut cards) = real(&["ST02-014"]) else {
        return;
    };
    cards.push(scripted_spirit(
        "RUL-SEGRO",
        0,
        5000,
        vec![effect(
            "When This Spirit Attacks",
            "cannot_block(opponent_spirits().cores_at_most(1), \"battle\");",
        )],
    ));
    let mut g = game(cards, 115);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "RUL-SEGRO", Zone::Field(P1), 1); // 5000 BP
    let blocker = put(&mut g, P0, "R-02", Zone::Field(P0), 2); // LV1, two cores
    let shot = put(&mut g, P1, "ST02-014", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 5);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    must(&mut g, Choice::Pass); // P0 passes; P1 uses Poison Shot on the blocker
    play(&mut g, shot);
    must(&mut g, Choice::Target { card: blocker });
    assert_eq!(g.cores_on(blocker), 1);
    pass_flashes(&mut g);
    assert!(logged(
        &g,
        &Event::BattleCompared {
            attacker: a,
            attacker_bp: 5000,
            blocker,
            blocker_bp: 2000
        }
    ));
    assert_eq!(g.life(P0), life, "blocked: no life lost");
    assert_eq!(g.zone_of(blocker), Zone::Trash(P0));
}

// ---- "has an effect" at the current level (Frosttree Goddess Eir) ---------------------------

/// The spirit's cores after Frosttree Goddess Eir (real) is summoned beside it.
fn eir_places_a_core_on(stand_in: CardDef, seed: u64) -> Option<u32> {
    let mut cards = real(&["ST03-011"])?;
    let id = stand_in.id.clone();
    cards.push(stand_in);
    let mut g = game(cards, seed);
    let s = put(&mut g, P0, &id, Zone::Field(P0), 1);
    let eir = put(&mut g, P0, "ST03-011", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 3);
    play(&mut g, eir);
    assert!(g.on_field(eir));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    Some(g.cores_on(s))
}

/// ST03-011 Frosttree Goddess Eir — rulings-cards.json #184.
/// Q: may its effect (a core onto one of your spirits with a "when this spirit blocks"
/// effect) pick a LV1 spirit whose block effect is a LV2 effect? A: no: the spirit must meet
/// the condition at its current level. Rules: BS-8.1 (level-bound effects), BS-5.1.
#[test]
fn st03_011_eir_a_block_effect_of_a_higher_level_does_not_count() {
    let s = scripted_spirit(
        "RUL-BLOCK-LV2",
        0,
        1000,
        vec![at_levels(
            effect("When This Spirit Blocks", "draw(1);"),
            &[2],
        )],
    );
    let Some(cores) = eir_places_a_core_on(s, 116) else {
        return;
    };
    assert_eq!(cores, 1, "not a valid choice at LV1");
}

/// ST03-011 Frosttree Goddess Eir — rulings-cards.json #185.
/// Q: may its effect pick a spirit with a "when this spirit attacks or blocks" effect?
/// A: yes. Rules: BS-8.1, BS-6.3.
#[test]
fn st03_011_eir_an_attacks_or_blocks_effect_counts() {
    let s = scripted_spirit(
        "RUL-ATK-OR-BLK",
        0,
        1000,
        vec![effect("When This Spirit Attacks or Blocks", "draw(1);")],
    );
    let Some(cores) = eir_places_a_core_on(s, 117) else {
        return;
    };
    assert_eq!(cores, 2, "it got Eir's core");
}

/// ST03-011 Frosttree Goddess Eir — rulings-cards.json #186.
/// Q: may its effect pick a spirit with a "while this spirit blocks" effect? A: no: that is
/// not a "when this spirit blocks" effect. Rules: BS-8.1 (constant vs timed effects).
#[test]
fn st03_011_eir_a_while_blocking_effect_does_not_count() {
    let s = scripted_spirit(
        "RUL-WHILE-BLK",
        0,
        1000,
        vec![effect(
            "While This Spirit Blocks",
            "bp_plus(this_card(), 1000, \"while\");",
        )],
    );
    let Some(cores) = eir_places_a_core_on(s, 118) else {
        return;
    };
    assert_eq!(cores, 1);
}
