//! The battle keywords Confront, Curse, Gale and Bloodcurse, declared in the Saga base pack
//! (`scripts/battle-spirits-saga/keywords/`) and played by synthetic cards that have them,
//! printed or gained. One test per definition clause (`keywords.json`) and per keyword
//! ruling (`rulings-keywords.json`, K1..K33 in file order): Gale K24–K26. No keyword
//! ruling is about Confront, Curse or Bloodcurse. Card rulings naming them
//! (`rulings-cards.json`): ST04-011 and both of ST02-013 are tested here; BSS01-026's
//! three do not apply (see Bloodcurse below); BSS02-012 (Confront lost with its
//! condition) and BSS01-027 (a card that gained Curse) are about those cards' own
//! effects, not the keywords.

mod support;

use carddb::Colour;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Event};
use support::keywords::*;
use support::rulings::{P0, P1, exhaust_all_tool, flash_tool, real, to_p1_main};

const WHILE_ATTACKS: Option<&str> = Some("While This Spirit Attacks");

// ---- Confront ------------------------------------------------------------------------

fn confronter() -> carddb::CardDef {
    printed(
        scripted_spirit("KW-CONF", 0, 5000, vec![]),
        "confront",
        None,
        WHILE_ATTACKS,
    )
}

/// Confront (definition): when this spirit attacks, the opponent must declare a block
/// while they control a refreshed spirit — "do not block" is not offered.
#[test]
fn confront_printed_leaves_no_choice_but_to_block() {
    let mut g = kw_game(vec![confronter()], 1301);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CONF", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert_eq!(
        r.choices().cloned().collect::<Vec<_>>(),
        vec![Choice::Block { blocker: b }]
    );
}

/// Confront gained (`gain_keyword`) works like a printed one.
#[test]
fn confront_gained_leaves_no_choice_but_to_block() {
    let c = scripted_spirit("KW-CONF-G", 0, 5000, vec![gains("Confront", "")]);
    let mut g = kw_game(vec![c], 1302);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CONF-G", Zone::Field(P1), 1);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    assert!(!decision(&mut g).is_legal(&Choice::NoBlock));
}

/// Confront binds only this spirit's attack ("When this spirit attacks"): another
/// spirit's attack may go unblocked.
#[test]
fn confront_binds_only_its_own_attack() {
    let mut g = kw_game(vec![confronter()], 1303);
    to_p1_main(&mut g);
    put(&mut g, P1, "KW-CONF", Zone::Field(P1), 1);
    let other = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    attack(&mut g, other);
    pass_flashes(&mut g);
    assert!(decision(&mut g).is_legal(&Choice::NoBlock));
}

/// Confront (definition): "if they control any refreshed spirit" — with none, the
/// attack goes through unblocked.
#[test]
fn confront_without_a_refreshed_spirit_goes_unblocked() {
    let mut g = kw_game(vec![confronter(), exhaust_all_tool()], 1304);
    to_p1_main(&mut g);
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let tool = put(&mut g, P1, "RUL-EXHAUST-ALL", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: tool });
    let a = put(&mut g, P1, "KW-CONF", Zone::Field(P1), 1);
    let life = g.life(P0);
    attack(&mut g, a);
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 1);
}

/// Confront (definition): a spirit whose Armor keeps the attacker's effects from
/// selecting it may still be chosen as the blocker (declaring a block is no effect's
/// selection). Shown with printed Armor of the attacker's colour and with the general
/// protection from being selected.
#[test]
fn confront_protected_spirits_may_still_block() {
    let armored = printed(
        scripted_spirit("KW-ARMORED", 0, 1000, vec![]),
        "armor",
        word("red"),
        None,
    );
    let shy = scripted_spirit(
        "KW-SHY",
        0,
        1000,
        vec![effect(
            "constant",
            "cannot_be_by_opponent(this_card(), \"selected\", \"while\");",
        )],
    );
    let mut g = kw_game(vec![confronter(), armored, shy], 1305);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CONF", Zone::Field(P1), 1);
    let x = put(&mut g, P0, "KW-ARMORED", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "KW-SHY", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Block { blocker: x }));
    assert!(r.is_legal(&Choice::Block { blocker: y }));
    assert!(!r.is_legal(&Choice::NoBlock));
}

// ---- Curse ---------------------------------------------------------------------------

fn curser(id: &str, bp: u32) -> carddb::CardDef {
    printed(
        scripted_spirit(id, 0, bp, vec![]),
        "curse",
        None,
        WHILE_ATTACKS,
    )
}

/// Curse (definition): when this spirit is blocked, the blocker is destroyed at the end
/// of the battle — after the BP comparison (which the curser lost here), before the
/// battle is over.
#[test]
fn curse_destroys_the_blocker_when_the_battle_ends() {
    let mut g = kw_game(vec![curser("KW-CURSE", 1000)], 1311);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CURSE", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    let log = g.log();
    let at = |f: &dyn Fn(&Event) -> bool| log.iter().position(f).expect("happened");
    let compared = at(&|e| matches!(e, Event::BattleCompared { .. }));
    let gone =
        at(&|e| matches!(e, Event::CardMoved { card, to: Zone::Trash(_), .. } if *card == b));
    let ended = at(&|e| matches!(e, Event::BattleEnded { .. }));
    assert!(
        compared < gone && gone < ended,
        "{compared} < {gone} < {ended}"
    );
    assert_eq!(g.zone_of(a), Zone::Trash(P1), "1000 < 6000");
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
}

/// Curse gained (`gain_keyword`) works like a printed one; an unblocked attack destroys
/// nothing.
#[test]
fn curse_gained_and_unblocked() {
    let c = scripted_spirit("KW-CURSE-G", 0, 1000, vec![gains("Curse", "")]);
    let mut g = kw_game(vec![c], 1312);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CURSE-G", Zone::Field(P1), 1);
    let a2 = put(&mut g, P1, "KW-CURSE-G", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let c2 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::NoBlock);
    assert_eq!(
        (g.zone_of(b), g.zone_of(c2)),
        (Zone::Field(P0), Zone::Field(P0))
    );
    must(&mut g, Choice::Attack { attacker: a2 });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
}

/// Curse (definition): "only activates once even if gained multiple times" — printed and
/// gained, the curser's effects run once (the watcher, then the end-of-battle effect).
#[test]
fn curse_had_twice_acts_once() {
    let c = printed(
        scripted_spirit("KW-CURSE2", 0, 1000, vec![gains("Curse", "")]),
        "curse",
        None,
        None,
    );
    let mut g = kw_game(vec![c], 1313);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CURSE2", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(
        runs(&g, a),
        2,
        "one 'when blocked', one 'when the battle ends'"
    );
}

/// Curse with "attack that spirit" (K16, K19): the attacked spirit is declared the
/// blocker, so the attacker is blocked and Curse destroys it when the battle ends.
#[test]
fn curse_when_attacking_a_spirit() {
    let hunter = printed(
        scripted_spirit(
            "KW-CURSE-HUNT",
            0,
            1000,
            vec![effect(
                "When This Spirit Attacks",
                "attack_target(choose_targets(opponent_spirits(), 1));",
            )],
        ),
        "curse",
        None,
        WHILE_ATTACKS,
    );
    let mut g = kw_game(vec![hunter], 1314);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CURSE-HUNT", Zone::Field(P1), 1);
    let prey = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(prey), Zone::Trash(P0));
}

/// Card ruling ST04-011 (Freezstal): a destruction by Curse is a destruction by an
/// effect, not "in battle" — Freezstal's "draw when your cost-2 spirit is destroyed in
/// battle" does not draw for it, and does draw when the same spirit loses a BP comparison.
#[test]
fn curse_st04_011_destruction_by_curse_is_not_in_battle() {
    let Some(cards) = real(&["ST04-011"]) else {
        return;
    };
    for (curse_bp, draws) in [(1000, 0), (5000, 1)] {
        let mut extra = cards.clone();
        extra.push(curser("KW-CURSE-F", curse_bp));
        let mut g = kw_game(extra, 1315);
        to_p1_main(&mut g);
        put(&mut g, P0, "ST04-011", Zone::Field(P0), 1);
        let b = put(&mut g, P0, "R-02", Zone::Field(P0), 1); // cost 2, 2000 BP
        let a = put(&mut g, P1, "KW-CURSE-F", Zone::Field(P1), 1);
        put(&mut g, P1, "B-02", Zone::Field(P1), 1); // the attack step waits for it
        let hand = g.pile(Zone::Hand(P0)).len();
        attack(&mut g, a);
        pass_flashes(&mut g);
        must(&mut g, Choice::Block { blocker: b });
        pass_flashes(&mut g);
        assert_eq!(g.zone_of(b), Zone::Trash(P0), "BP {curse_bp}");
        assert_eq!(g.pile(Zone::Hand(P0)).len(), hand + draws, "BP {curse_bp}");
    }
}

/// Card ruling ST02-013 (Purple Smoke Valley, LV2: "your spirits with Curse cannot be
/// blocked by the opponent's spirits with only one core"): a spirit whose Curse is
/// printed for LV2 does not have it at LV1 — a one-core spirit may block it then, not at
/// LV2.
#[test]
fn curse_st02_013_a_spirit_has_curse_only_at_its_printed_levels() {
    let Some(cards) = real(&["ST02-013"]) else {
        return;
    };
    let mut c = curser("KW-CURSE-LV2", 1000);
    c.keywords[0].levels = vec![2];
    for (cores, blockable) in [(1, true), (3, false)] {
        let mut extra = cards.clone();
        extra.push(c.clone());
        let mut g = kw_game(extra, 1316);
        to_p1_main(&mut g);
        put(&mut g, P1, "ST02-013", Zone::Field(P1), 2); // LV2
        let a = put(&mut g, P1, "KW-CURSE-LV2", Zone::Field(P1), cores);
        let b = put(&mut g, P0, "R-01", Zone::Field(P0), 1); // one core
        attack(&mut g, a);
        assert_eq!(g.has_keyword(a, "curse"), !blockable, "{cores} core(s)");
        assert_eq!(g.may_block(b, a), blockable, "{cores} core(s)");
    }
}

/// Card ruling ST02-013 (Purple Smoke Valley, with a Curse attacker): a block declared by
/// a two-core spirit stands when a flash effect then leaves it one core — the BP are
/// compared, and Curse destroys the blocker when the battle ends.
#[test]
fn curse_st02_013_block_stands_when_the_blocker_drops_to_one_core() {
    let Some(mut extra) = real(&["ST02-013"]) else {
        return;
    };
    extra.push(curser("KW-CURSE-V", 1000));
    extra.push(flash_tool(
        "KW-DRAIN",
        "move_cores(blocking_spirit(), \"void\", 1);",
    ));
    let mut g = kw_game(extra, 1317);
    to_p1_main(&mut g);
    put(&mut g, P1, "ST02-013", Zone::Field(P1), 2); // LV2
    let a = put(&mut g, P1, "KW-CURSE-V", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "KW-DRAIN", Zone::Hand(P1), 0);
    let b = put(&mut g, P0, "R-04", Zone::Field(P0), 2); // two cores: may block
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    must(&mut g, Choice::Pass); // P0
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(g.cores_on(b), 1);
    pass_flashes(&mut g);
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 1000,
        blocker: b,
        blocker_bp: 4000,
    }));
    assert_eq!(g.zone_of(b), Zone::Trash(P0), "Curse");
}

// ---- Gale (K24–K26) --------------------------------------------------------------------

fn galer(id: &str, value: i64) -> carddb::CardDef {
    coloured(
        printed(
            scripted_spirit(id, 0, 1000, vec![]),
            "gale",
            num(value),
            WHILE_ATTACKS,
        ),
        Colour::Green,
    )
}

/// Gale (definition) / K24 / K25: blocked, the opponent selects N (the number after the
/// keyword) of their refreshed spirits and exhausts them — the opponent chooses which.
#[test]
fn gale_k24_k25_opponent_exhausts_n_refreshed_spirits() {
    let mut g = kw_game(vec![galer("KW-GALE", 2)], 1321);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-GALE", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let x = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let y = put(&mut g, P0, "R-02", Zone::Field(P0), 1);
    let z = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::EffectChoice, P0),
        "the opponent selects"
    );
    must(&mut g, Choice::Target { card: x });
    must(&mut g, Choice::Target { card: z });
    assert!(g.is_exhausted(x) && g.is_exhausted(z));
    assert!(!g.is_exhausted(y), "two, not three");
}

/// Gale (definition): with fewer refreshed spirits than N, all of them are exhausted (no
/// choice to make); exhausted ones are not counted.
#[test]
fn gale_with_fewer_refreshed_spirits_exhausts_them_all() {
    let mut g = kw_game(vec![galer("KW-GALE3", 3)], 1322);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-GALE3", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let x = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    assert!(g.is_exhausted(x));
    assert_ne!(decision(&mut g).kind, DecisionKind::EffectChoice);
}

/// Gale (definition): "if gained multiple times, only the version with the highest N
/// activates" — printed Gale 1 and gained Gale 2: two spirits, once.
#[test]
fn gale_had_twice_uses_the_highest_value_once() {
    let c = coloured(
        printed(
            scripted_spirit("KW-GALE12", 0, 1000, vec![gains("Gale", "2")]),
            "gale",
            num(1),
            None,
        ),
        Colour::Green,
    );
    let mut g = kw_game(vec![c], 1323);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-GALE12", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let others = [
        put(&mut g, P0, "R-01", Zone::Field(P0), 1),
        put(&mut g, P0, "R-02", Zone::Field(P0), 1),
        put(&mut g, P0, "R-03", Zone::Field(P0), 1),
        put(&mut g, P0, "R-04", Zone::Field(P0), 1),
    ];
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    while decision(&mut g).kind == DecisionKind::EffectChoice {
        let c = decision(&mut g)
            .choices()
            .next()
            .cloned()
            .expect("an option");
        must(&mut g, c);
    }
    let tired = others.iter().filter(|c| g.is_exhausted(**c)).count();
    assert_eq!(tired, 2);
}

/// K26: "Armor: Green" protects from a green Gale spirit's effect — such a spirit cannot
/// be picked to be exhausted; Armor of another colour does not protect from it.
#[test]
fn gale_k26_armor_of_its_colour_protects() {
    let green = printed(
        scripted_spirit("KW-ARMOR-G", 0, 1000, vec![]),
        "armor",
        word("green"),
        None,
    );
    let red = printed(
        scripted_spirit("KW-ARMOR-R", 0, 1000, vec![]),
        "armor",
        word("red"),
        None,
    );
    let mut g = kw_game(vec![galer("KW-GALE1", 1), green, red], 1324);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-GALE1", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let safe = put(&mut g, P0, "KW-ARMOR-G", Zone::Field(P0), 1);
    let open = put(&mut g, P0, "KW-ARMOR-R", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    assert!(g.is_exhausted(open), "the only one that can be picked");
    assert!(!g.is_exhausted(safe), "Armor: Green");
}

// ---- Bloodcurse ----------------------------------------------------------------------
// Card rulings on BSS01-026 (the only Bloodcurse card) do not apply: they describe life
// cores going to the trash and a destroyed spirit's cores moving with them, which is not
// what the keyword's definition says (the void instead of the reserve); the declaration
// follows the definition.

/// Life, reserve and trash of P0 after P1 attacks unblocked with `a`.
fn unblocked(g: &mut engine::Game, a: engine::core::InstanceId) -> (u32, u32, u32) {
    attack(g, a);
    pass_flashes(g);
    (g.life(P0), g.reserve(P0), g.cores_at(CoreLoc::Trash(P0)))
}

/// Bloodcurse (definition): when one of your spirits with Curse reduces the opponent's
/// life, the lost life cores go to the void, not their reserve — the Bloodcurse card need
/// not attack.
#[test]
fn bloodcurse_sends_a_cursed_attackers_life_cores_to_the_void() {
    let blood = printed(
        scripted_spirit("KW-BLOOD", 0, 1000, vec![]),
        "bloodcurse",
        None,
        None,
    );
    let mut g = kw_game(vec![blood, curser("KW-CURSE-B", 3000)], 1331);
    to_p1_main(&mut g);
    put(&mut g, P1, "KW-BLOOD", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "KW-CURSE-B", Zone::Field(P1), 1);
    let before = (g.life(P0), g.reserve(P0), g.cores_at(CoreLoc::Trash(P0)));
    let after = unblocked(&mut g, a);
    assert_eq!(
        after,
        (before.0 - 1, before.1, before.2),
        "life −1, into the void"
    );
}

/// Bloodcurse (definition): a spirit with Bloodcurse itself is one "with Curse or
/// Bloodcurse"; a spirit with neither still sends the cores to the reserve (BS-6.5.1).
#[test]
fn bloodcurse_itself_counts_and_a_plain_spirit_does_not() {
    let blood = printed(
        scripted_spirit("KW-BLOOD2", 0, 1000, vec![]),
        "bloodcurse",
        None,
        None,
    );
    let mut g = kw_game(vec![blood], 1332);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-BLOOD2", Zone::Field(P1), 1);
    let plain = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-03", Zone::Field(P1), 1); // the attack step waits for it
    let before = (g.life(P0), g.reserve(P0));
    let after = unblocked(&mut g, a);
    assert_eq!((after.0, after.1), (before.0 - 1, before.1), "void");
    must(&mut g, Choice::Attack { attacker: plain });
    pass_flashes(&mut g);
    assert_eq!(
        (g.life(P0), g.reserve(P0)),
        (before.0 - 2, before.1 + 1),
        "reserve"
    );
}

/// Bloodcurse gained (`gain_keyword`) by a card that does not attack works like a
/// printed one.
#[test]
fn bloodcurse_gained() {
    let blood = scripted_spirit("KW-BLOOD-G", 0, 1000, vec![gains("Bloodcurse", "")]);
    let mut g = kw_game(vec![blood, curser("KW-CURSE-B2", 3000)], 1333);
    to_p1_main(&mut g);
    put(&mut g, P1, "KW-BLOOD-G", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "KW-CURSE-B2", Zone::Field(P1), 1);
    let before = (g.life(P0), g.reserve(P0));
    let after = unblocked(&mut g, a);
    assert_eq!((after.0, after.1), (before.0 - 1, before.1));
}
