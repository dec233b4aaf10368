//! Battle restrictions and value modifiers (kind 2: no stubs): who may block
//! (BS-6.3), who must or may attack and at what price (BS-6.1), levels treated as another,
//! families, and symbols that count in the cost reduction (BS-5.2) and for life (BS-6.5.1).
//! Each test names a real card whose compiled text calls the function; the stand-in cards
//! (`S-…`) have scripts of the same shape. Real cards come from `../shared/data` when present.

mod support;

use carddb::{CardKind, Colour};
use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scripted_magic, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, CoreSource, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::rulings::*;

fn played(g: &Game, card: InstanceId) -> (u32, u32, u32) {
    g.log()
        .iter()
        .find_map(|e| match e {
            Event::Played {
                card: c,
                cost,
                reduction,
                paid,
                ..
            } if *c == card => Some((*cost, *reduction, *paid)),
            _ => None,
        })
        .expect("the card was played")
}

fn options(g: &mut Game) -> Vec<Choice> {
    decision(g).choices().cloned().collect()
}

/// BS-5.2 step 3, `while_summoning` + `symbols_as`: BSS01-109 Fortress Metropolis Naumann
/// City — while summoning a Machine Beast spirit card costing 6 or more, the nexus's symbol
/// counts as three white symbols. Ruling (rulings-cards.json, BSS01-109): with only this
/// nexus on the field, BSS01-061 (cost 8, 4 white reduction) is summoned for 5.
#[test]
fn bs_5_2_bss01_109_counts_three_white_symbols_while_summoning_a_machine_beast() {
    let Some(cards) = real(&["BSS01-109", "BSS01-061"]) else {
        return;
    };
    let mut g = game(cards, 201);
    let nexus = put(&mut g, P0, "BSS01-109", Zone::Field(P0), 0);
    let beast = put(&mut g, P0, "BSS01-061", Zone::Hand(P0), 0);
    // Not while summoning: the nexus shows its one printed white symbol.
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::White), Some(&1));
    assert_eq!(
        g.quote(P0, g.def_of(beast)).to_pay,
        7,
        "8 − 1 without the effect"
    );
    give_reserve(&mut g, P0, 6);
    let reserve = g.reserve(P0);
    play(&mut g, beast);
    assert_eq!(played(&g, beast), (8, 3, 5), "cost 8, reduced by 3, paid 5");
    assert_eq!(g.zone_of(beast), Zone::Field(P0));
    assert_eq!(g.reserve(P0), reserve - 5 - g.cores_on(beast));
    assert_eq!(g.zone_of(nexus), Zone::Field(P0));
    // Summoned: the nexus counts one symbol again.
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::White), Some(&2));
}

/// BS-5.2, `symbols_as(…, 2, "", …)`: ST01-002 Galaxy Dragon Andrometeos — while summoning a
/// Star Dragon spirit card each of its symbols counts as two. Ruling (ST01-002): with only
/// it on the field, ST01-001 (cost 6, 3 red reduction) is summoned for 4.
#[test]
fn bs_5_2_st01_002_each_symbol_counts_twice_while_summoning_a_star_dragon() {
    let Some(cards) = real(&["ST01-002", "ST01-001"]) else {
        return;
    };
    let mut g = game(cards, 202);
    put(&mut g, P0, "ST01-002", Zone::Field(P0), 1);
    let nova = put(&mut g, P0, "ST01-001", Zone::Hand(P0), 0);
    // A red spirit that is not a Star Dragon gets no extra symbol: R-06 pays 6 − 1.
    let red = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 10);
    play(&mut g, nova);
    assert_eq!(played(&g, nova), (6, 2, 4));
    play(&mut g, red);
    // Two red symbols on the field now (ST01-002, ST01-001): R-06 reduces by 2.
    assert_eq!(played(&g, red), (6, 2, 4));
}

/// BS-5.2 step 3 and BS-6.5.1, `gain_symbols`: CB01-002's shape ("this spirit gains a green
/// symbol" while a condition holds) — the gained symbol counts in the reduction and for life.
#[test]
fn bs_6_5_1_gained_symbol_counts_for_life_and_reduction() {
    let s = scripted_spirit(
        "S-SYM",
        0,
        3000,
        vec![effect(
            "constant",
            "gain_symbols(this_card(), 1, \"red\", \"while\");",
        )],
    );
    let mut g = game(vec![s], 203);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-SYM", Zone::Field(P1), 1);
    assert_eq!(g.field_symbols(P1).colours.get(&Colour::Red), Some(&2));
    // cost 6, three red reduction symbols; two red symbols on the field.
    let r06 = g.library().get("R-06").expect("synthetic").clone();
    assert_eq!(g.quote(P1, &r06).to_pay, 6 - 2);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 2, "two symbols take two life");
}

/// BS-6.3, `can_block_while_exhausted`: BSS01-130 / BSS02-126 — the selected spirit may be
/// declared a blocker while exhausted, any number of times (rulings BSS01-130, BSS02-126).
#[test]
fn bs_6_3_bss01_130_exhausted_spirit_blocks_again() {
    let m = scripted_magic(
        "S-SHIELD",
        0,
        vec![effect(
            "flash",
            "can_block_while_exhausted(choose_targets(my_spirits(), 1), \"turn\");",
        )],
    );
    let mut g = game(vec![m], 204);
    to_p1_main(&mut g);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let shield = put(&mut g, P0, "S-SHIELD", Zone::Hand(P0), 0);
    let a1 = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let a2 = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a1 });
    play(&mut g, shield); // the defender's flash timing
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a1), Zone::Trash(P1), "1000 BP lost to 6000");
    must(&mut g, Choice::Attack { attacker: a2 });
    pass_flashes(&mut g);
    assert!(g.is_exhausted(b));
    assert!(
        options(&mut g).contains(&Choice::Block { blocker: b }),
        "an exhausted spirit with the effect may block"
    );
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a2), Zone::Trash(P1));
}

/// BS-6.3, `cannot_be_blocked`: BSS02-065 Arcana Joker — "this spirit cannot be blocked
/// during this turn": no block is offered and the attack takes life.
#[test]
fn bs_6_3_bss02_065_cannot_be_blocked() {
    let s = scripted_spirit(
        "S-UNB",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "cannot_be_blocked(this_card(), \"turn\");",
        )],
    );
    let mut g = game(vec![s], 205);
    to_p1_main(&mut g);
    put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-UNB", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 2);
    play(&mut g, a);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    assert!(g.log().contains(&Event::NotBlocked { attacker: a }));
    assert_eq!(g.life(P0), life - 1);
}

/// BS-6.3, `cannot_be_blocked_by`: PR-059 Yellowsmoke Tiger — while attacking it cannot be
/// blocked by the opponent's spirits with only one core on them; one with two may block.
#[test]
fn bs_6_3_pr_059_cannot_be_blocked_by_one_core_spirits() {
    let s = scripted_spirit(
        "S-PRY",
        0,
        1000,
        vec![effect(
            "While This Spirit Attacks",
            "cannot_be_blocked_by(this_card(), opponent_spirits().cores(1), \"while\");",
        )],
    );
    let mut g = game(vec![s], 206);
    to_p1_main(&mut g);
    let one = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let two = put(&mut g, P0, "R-04", Zone::Field(P0), 2);
    let a = put(&mut g, P1, "S-PRY", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    let o = options(&mut g);
    assert!(!o.contains(&Choice::Block { blocker: one }));
    assert!(o.contains(&Choice::Block { blocker: two }));
}

/// BS-6.1, `must_attack`: ST07-005 — "this spirit must attack if able": the attack step
/// cannot end while it can attack; after it attacked it may.
#[test]
fn bs_6_1_st07_005_must_attack_if_able() {
    let s = scripted_spirit(
        "S-MUST",
        0,
        1000,
        vec![effect(
            "During Your Attack Step",
            "must_attack(this_card(), \"while\");",
        )],
    );
    let mut g = game(vec![s], 207);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-MUST", Zone::Field(P1), 1);
    let other = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let o = options(&mut g);
    assert!(!o.contains(&Choice::EndAttack));
    assert!(o.contains(&Choice::Attack { attacker: other }));
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    pass_flashes(&mut g);
    assert!(
        options(&mut g).contains(&Choice::EndAttack),
        "it has attacked"
    );
}

/// BS-6.1, `attack_tax`: BSS03-084 Warhammer Gordon — during the opponent's attack step
/// their spirits costing 3 or fewer cannot attack unless they pay one core (a payment
/// decision before the declaration); a cost-6 spirit attacks free.
#[test]
fn bs_6_1_bss03_084_attack_tax_is_paid_from_the_reserve() {
    let s = scripted_spirit(
        "S-TAX",
        0,
        1000,
        vec![effect(
            "During Opponent's Attack Step",
            "attack_tax(opponent_spirits().cost_at_most(3), 1, \"while\");",
        )],
    );
    let mut g = game(vec![s], 208);
    to_p1_main(&mut g);
    put(&mut g, P0, "S-TAX", Zone::Field(P0), 1);
    let cheap = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let big = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    let label = |c: InstanceId| {
        r.options
            .iter()
            .find(|o| o.choice == Choice::Attack { attacker: c })
            .map(|o| o.label.clone())
            .expect("offered")
    };
    assert!(label(cheap).contains("paying 1 core"));
    assert!(!label(big).contains("paying"));
    let (reserve, trash) = (g.reserve(P1), g.cores_at(CoreLoc::Trash(P1)));
    must(&mut g, Choice::Attack { attacker: big });
    assert_eq!(g.reserve(P1), reserve, "no tax on a cost-6 spirit");
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: cheap });
    // BS-5.2 step 5: the core may come from the reserve or a field card; one decision.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    assert!(r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(big),
        soul: false
    }));
    assert!(
        !g.is_exhausted(cheap),
        "not declared before the tax is paid"
    );
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    assert_eq!(g.reserve(P1), reserve - 1);
    assert_eq!(g.cores_at(CoreLoc::Trash(P1)), trash + 1);
    assert!(g.is_exhausted(cheap));
    assert!(matches!(
        g.log().iter().rev().find(|e| matches!(e, Event::AttackDeclared { .. })),
        Some(Event::AttackDeclared { attacker, .. }) if *attacker == cheap
    ));
}

/// BS-6.1, `attack_tax` when the controller cannot pay: no attack is offered.
#[test]
fn bs_6_1_bss03_118_unpayable_attack_tax_forbids_the_attack() {
    let s = scripted_spirit(
        "S-TAX9",
        0,
        1000,
        vec![effect(
            "During Opponent's Attack Step",
            "attack_tax(opponent_spirits().cost_at_most(5), 99, \"while\");",
        )],
    );
    let mut g = game(vec![s], 209);
    to_p1_main(&mut g);
    put(&mut g, P0, "S-TAX9", Zone::Field(P0), 1);
    let cheap = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let o = options(&mut g);
    assert!(!o.contains(&Choice::Attack { attacker: cheap }));
}

/// BS-6.3.1 / BS-6.5.2, `attack_target`: BSS01-041 — "select one of your opponent's
/// exhausted spirits; you may attack that spirit": the battle is against it (BP compared,
/// no life lost) and no block is asked although a refreshed spirit could block.
#[test]
fn bs_6_5_2_bss01_041_attack_that_spirit() {
    let hunter = scripted_spirit(
        "S-HUNT",
        0,
        5000,
        vec![effect(
            "When This Spirit Attacks",
            "let t = choose_targets(opponent_spirits().exhausted(), 1); attack_target(t);",
        )],
    );
    let tire = scripted_magic(
        "S-TIRE",
        0,
        vec![effect("main", "exhaust(opponent_spirits());")],
    );
    let mut g = game(vec![hunter, tire], 210);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "S-TIRE", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert!(g.is_exhausted(prey));
    let guard = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    let life = g.life(P0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    while decision(&mut g).kind == DecisionKind::FlashOrPass {
        must(&mut g, Choice::Pass);
    }
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 5000,
        blocker: prey,
        blocker_bp: 3000,
    }));
    assert_eq!(g.zone_of(prey), Zone::Trash(P0));
    assert_eq!(g.life(P0), life);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BlockDeclared { blocker, .. } if *blocker == guard))
    );
}

/// Levels, `treat_as_level`: BSS01-134 Ascension Zero — the opponent's spirits are treated
/// as LV1 this turn: LV1 BP, and their LV2-only effects stop.
#[test]
fn levels_bss01_134_treated_as_lv1() {
    let mut lv2 = effect("constant", "bp_plus(this_card(), 1000, \"while\");");
    lv2.levels = vec![2];
    let s = scripted_spirit("S-LV2", 0, 1000, vec![lv2]);
    let m = scripted_magic(
        "S-ZERO",
        0,
        vec![effect(
            "main",
            "treat_as_level(opponent_spirits(), 1, \"turn\");",
        )],
    );
    let mut g = game(vec![s, m], 211);
    to_p1_main(&mut g);
    let big = put(&mut g, P0, "R-04", Zone::Field(P0), 4); // LV2: 6000
    let eff = put(&mut g, P0, "S-LV2", Zone::Field(P0), 3); // LV2: 3000 + 1000
    assert_eq!((g.level(big), g.bp(big)), (Some(2), 6000));
    assert_eq!(g.bp(eff), 4000);
    let zero = put(&mut g, P1, "S-ZERO", Zone::Hand(P1), 0);
    play(&mut g, zero);
    assert_eq!((g.level(big), g.bp(big)), (Some(1), 4000));
    assert_eq!(g.bp(eff), 1000, "LV1 BP, and its LV2 effect does not work");
    assert_eq!(g.cores_on(big), 4, "its cores are unchanged");
}

/// Levels, `treat_as_highest_level`: BSS03-138 Muscle Charge — the spirits are treated as
/// their highest level this turn (a one-core R-04 fights at LV3, 9000 BP).
#[test]
fn levels_bss03_138_treated_as_highest_level() {
    let m = scripted_magic(
        "S-MUSCLE",
        0,
        vec![effect(
            "main",
            "treat_as_highest_level(my_spirits(), \"turn\");",
        )],
    );
    let mut g = game(vec![m], 212);
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "R-04", Zone::Field(P1), 1);
    assert_eq!((g.level(s), g.bp(s)), (Some(1), 4000));
    let c = put(&mut g, P1, "S-MUSCLE", Zone::Hand(P1), 0);
    play(&mut g, c);
    assert_eq!((g.level(s), g.bp(s)), (Some(3), 9000));
    // BS-7.1: it ends with the turn.
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::EndAttack);
    assert_eq!(g.bp(s), 4000);
}

/// `gain_family`: BSS02-128 The Three Cards — "all of your spirits gain Otherlander spirit
/// type this turn": family queries see it.
#[test]
fn bss02_128_gained_family_is_seen_by_queries() {
    let m = scripted_magic(
        "S-THREE",
        0,
        vec![effect(
            "main",
            "gain_family(my_spirits(), \"Otherlander\", \"turn\");",
        )],
    );
    let pump = scripted_magic(
        "S-PUMP",
        0,
        vec![effect(
            "main",
            "bp_plus(my_spirits().family([\"Otherlander\"]), 1000, \"turn\");",
        )],
    );
    let mut g = game(vec![m, pump], 213);
    to_p1_main(&mut g);
    let s = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    assert!(!g.has_family(s, "Otherlander"));
    let three = put(&mut g, P1, "S-THREE", Zone::Hand(P1), 0);
    play(&mut g, three);
    assert!(g.has_family(s, "otherlander"));
    let p = put(&mut g, P1, "S-PUMP", Zone::Hand(P1), 0);
    play(&mut g, p);
    assert_eq!(g.bp(s), 4000);
    assert_eq!(g.def_of(s).kind, CardKind::Spirit);
}

/// `cannot_be_by_opponent`: BSS01-084 ("returned"), BSS04-007 ("exhausted"), ST07-008
/// ("selected") — the opponent's effects pass over the protected spirits.
#[test]
fn cannot_be_exhausted_returned_or_selected_by_the_opponent() {
    let guard = |id: &str, what: &str, bp: u32| {
        scripted_spirit(
            id,
            0,
            bp,
            vec![effect(
                "constant",
                &format!("cannot_be_by_opponent(this_card(), \"{what}\", \"while\");"),
            )],
        )
    };
    let exh = scripted_magic(
        "S-EXH",
        0,
        vec![effect("main", "exhaust(opponent_spirits());")],
    );
    let sel = scripted_magic(
        "S-SEL",
        0,
        vec![effect(
            "main",
            "destroy(choose_targets(opponent_spirits().bp_at_least(5000), 1));",
        )],
    );
    let ret = scripted_magic(
        "S-RET",
        0,
        vec![effect("main", "return_to_hand(opponent_spirits());")],
    );
    let cards = vec![
        guard("S-NOEXH", "exhausted", 1000),
        guard("S-NOSEL", "selected", 5000),
        guard("S-NORET", "returned", 1000),
        exh,
        sel,
        ret,
    ];
    let mut g = game(cards, 214);
    to_p1_main(&mut g);
    let x = put(&mut g, P0, "S-NOEXH", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "S-NOSEL", Zone::Field(P0), 1);
    let z = put(&mut g, P0, "S-NORET", Zone::Field(P0), 1);
    let w = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    for id in ["S-EXH", "S-SEL", "S-RET"] {
        let m = put(&mut g, P1, id, Zone::Hand(P1), 0);
        play(&mut g, m);
        match id {
            "S-EXH" => {
                assert!(!g.is_exhausted(x), "protected from exhausting");
                assert!(g.is_exhausted(w) && g.is_exhausted(z));
            }
            "S-SEL" => {
                assert_eq!(g.zone_of(w), Zone::Trash(P0), "the only selectable one");
                assert_eq!(g.zone_of(y), Zone::Field(P0));
            }
            _ => {
                assert_eq!(g.zone_of(z), Zone::Field(P0), "protected from returning");
                assert_eq!(g.zone_of(x), Zone::Hand(P0));
            }
        }
    }
}

/// Levels, `treat_as_level`: rulings BSS01-134 / BSS02-059 — a spirit treated as LV1 that
/// loses all its cores does not stay LV1: it leaves the field as usual (BS-5.3).
#[test]
fn levels_bss01_134_treated_level_does_not_keep_a_coreless_spirit() {
    let zero = scripted_magic(
        "S-ZERO1",
        0,
        vec![effect(
            "main",
            "treat_as_level(opponent_spirits(), 1, \"turn\");",
        )],
    );
    let drain = scripted_magic(
        "S-DRAIN",
        0,
        vec![effect(
            "main",
            "move_all_cores(opponent_spirits(), \"void\");",
        )],
    );
    let mut g = game(vec![zero, drain], 215);
    to_p1_main(&mut g);
    let s = put(&mut g, P0, "R-04", Zone::Field(P0), 4);
    for id in ["S-ZERO1", "S-DRAIN"] {
        let m = put(&mut g, P1, id, Zone::Hand(P1), 0);
        play(&mut g, m);
    }
    assert_eq!(g.zone_of(s), Zone::Trash(P0));
}

/// The real cards' text, compiled by the grammar, acts: ST07-005 EVA-01 -Berserk- ("during
/// your attack step: this spirit must attack if able", BS-6.1) and PR-059 Yellowsmoke Tiger
/// ("while attacking: cannot be blocked by the opponent's spirits with only one core",
/// BS-6.3).
#[test]
fn bs_6_1_bs_6_3_real_st07_005_must_attack_and_pr_059_unblockable_by_one_core() {
    let Some(cards) = real(&["ST07-005", "PR-059"]) else {
        return;
    };
    let mut g = game(cards, 216);
    to_p1_main(&mut g);
    let one = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let two = put(&mut g, P0, "R-04", Zone::Field(P0), 2);
    let eva = put(&mut g, P1, "ST07-005", Zone::Field(P1), 1);
    let tiger = put(&mut g, P1, "PR-059", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    assert!(
        !options(&mut g).contains(&Choice::EndAttack),
        "EVA-01 must attack"
    );
    must(&mut g, Choice::Attack { attacker: tiger });
    pass_flashes(&mut g);
    let o = options(&mut g);
    assert!(!o.contains(&Choice::Block { blocker: one }));
    assert!(o.contains(&Choice::Block { blocker: two }));
    must(&mut g, Choice::NoBlock);
    pass_flashes(&mut g);
    assert!(!options(&mut g).contains(&Choice::EndAttack));
    must(&mut g, Choice::Attack { attacker: eva });
}
