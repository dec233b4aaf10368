//! "Attack that spirit" (`attack_target`): the keyword rulings on attacking a spirit,
//! numbered K1..K33 in the order of `../shared/data/bss/rulings-keywords.json` — K16 to
//! K22 (rulings in our own words in each test). The stand-in attacker S-HUNT selects one
//! of the opponent's spirits when it attacks and attacks it, as BSS01-041's text does.

mod support;

use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, scripted_spirit,
};
use engine::rules::battle_spirits::{FlashWindow, Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::rulings::*;

/// A 5000 BP spirit that attacks the opponent's spirit `filter` selects (`extra` runs after).
fn hunter(id: &str, filter: &str, extra: &str) -> carddb::CardDef {
    scripted_spirit(
        id,
        0,
        5000,
        vec![effect(
            "When This Spirit Attacks",
            &format!(
                "let t = choose_targets(opponent_spirits(){filter}, 1); attack_target(t); {extra}"
            ),
        )],
    )
}

fn attack(g: &mut Game, a: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
}

/// Index of the first event matching `f` (panics if none).
fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log().iter().position(f).expect("the event happened")
}

fn windows(g: &Game) -> Vec<FlashWindow> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::FlashPassed { window, .. } => Some(*window),
            _ => None,
        })
        .collect()
}

/// K16: the attacked spirit is declared the blocker at once, even when it is exhausted.
#[test]
fn k16_attacked_spirit_is_declared_blocker_even_exhausted() {
    let mut g = game(
        vec![hunter("S-HUNT", ".exhausted()", ""), exhaust_all_tool()],
        401,
    );
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let tool = put(&mut g, P1, "RUL-EXHAUST-ALL", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: tool });
    assert!(g.is_exhausted(prey));
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    attack(&mut g, a);
    assert!(g.log().contains(&Event::BlockDeclared {
        blocker: prey,
        attacker: a
    }));
    pass_flashes(&mut g);
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 5000,
        blocker: prey,
        blocker_bp: 3000,
    }));
    assert_eq!(g.zone_of(prey), Zone::Trash(P0));
}

/// K16 / BS-6.3: a refreshed spirit attacked this way is declared a blocker like any
/// blocker: it is exhausted.
#[test]
fn k16_refreshed_attacked_spirit_is_exhausted_by_the_declaration() {
    let mut g = game(vec![hunter("S-HUNT", "", "")], 402);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP: survives
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    attack(&mut g, a);
    assert!(g.is_exhausted(prey));
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1), "5000 < 6000");
    assert_eq!(g.zone_of(prey), Zone::Field(P0));
}

/// K17: the attack reduces no life, and the flash timing between the attack and the block
/// declaration is skipped (only the one after the block happens); K18: no other spirit can
/// block (no block decision, although a refreshed spirit could block).
#[test]
fn k17_k18_no_life_no_flash_before_the_block_no_other_blocker() {
    let mut g = game(vec![hunter("S-HUNT", ".cost_is(0)", "")], 403);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-00", Zone::Field(P0), 1); // 1000 BP
    let guard = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // the attack step waits for it
    let life = g.life(P0);
    let from = g.log().len();
    attack(&mut g, a);
    let mut kinds = Vec::new();
    while decision(&mut g).kind == DecisionKind::FlashOrPass {
        kinds.push(decision(&mut g).kind);
        must(&mut g, Choice::Pass);
    }
    assert_eq!(decision(&mut g).kind, DecisionKind::AttackOrEnd);
    assert_eq!(kinds.len(), 2, "one flash timing, both players pass");
    assert!(
        windows(&g)
            .iter()
            .rev()
            .take(2)
            .all(|w| *w == FlashWindow::AfterBlock),
        "only the flash timing after the block: {:?}",
        windows(&g)
    );
    let log = &g.log()[from..];
    assert!(!log.iter().any(|e| matches!(
        e,
        Event::FlashPassed {
            window: FlashWindow::AfterAttack,
            ..
        }
    )));
    assert!(
        !log.iter()
            .any(|e| matches!(e, Event::BlockDeclared { blocker, .. } if *blocker == guard))
    );
    assert_eq!(g.life(P0), life, "K17: no life is lost");
    assert_eq!(g.zone_of(prey), Zone::Trash(P0));
}

/// K19: the attacked spirit's "when this spirit blocks" effect resolves directly after the
/// effect that made the attack, before any flash timing.
#[test]
fn k19_when_blocks_resolves_after_the_attack_effect() {
    let brave_prey = scripted_spirit(
        "S-PREY",
        0,
        1000,
        vec![effect("When This Spirit Blocks", "gain_life(1);")],
    );
    let mut g = game(vec![hunter("S-HUNT", "", ""), brave_prey], 404);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "S-PREY", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    let life = g.life(P0);
    attack(&mut g, a);
    assert_eq!(g.life(P0), life + 1, "its 'when blocks' effect resolved");
    let hunt = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == a),
    );
    let blocks = pos(&g, |e| *e == Event::Hook(Hook::WhenBlocks { card: prey }));
    let own = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == prey),
    );
    assert!(hunt < blocks && blocks < own);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::FlashPassed { .. })),
        "no flash timing before it"
    );
}

/// K20: the attacked spirit's owner cannot use magic before the block declaration: the
/// first flash timing they get is the one after the block.
#[test]
fn k20_no_magic_before_the_block_declaration() {
    let mut g = game(
        vec![
            hunter("S-HUNT", "", ""),
            flash_tool("S-PUMP", "bp_plus(my_spirits(), 5000, \"turn\");"),
        ],
        405,
    );
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let pump = put(&mut g, P0, "S-PUMP", Zone::Hand(P0), 0);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    attack(&mut g, a);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P0));
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::BlockDeclared { .. }))
    );
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::FlashPassed { .. })),
        "the block came before any flash timing"
    );
    // The magic is offered only now, after the block: 3000 + 5000 beats 5000.
    must(&mut g, Choice::UseMagic { card: pump });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(prey), Zone::Field(P0));
    assert!(!windows(&g).contains(&FlashWindow::AfterAttack));
}

/// K21: a spirit an effect forbids to block cannot be attacked: nothing is declared
/// (EffectInert with the reason) and the battle goes on normally — the flash timing after
/// the attack, then the defender's own block decision.
#[test]
fn k21_a_spirit_that_cannot_block_is_not_attacked() {
    let stuck = scripted_spirit(
        "S-STUCK",
        0,
        1000,
        vec![effect("constant", "cannot_block(this_card(), \"while\");")],
    );
    let mut g = game(vec![hunter("S-HUNT", ".cost_is(0)", ""), stuck], 406);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "S-STUCK", Zone::Field(P0), 1);
    let guard = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    attack(&mut g, a);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::EffectInert { card, reason, .. } if *card == a && reason.contains("cannot block")
    )));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BlockDeclared { .. }))
    );
    pass_flashes(&mut g);
    assert!(windows(&g).contains(&FlashWindow::AfterAttack));
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert!(r.is_legal(&Choice::Block { blocker: guard }));
    assert!(!r.is_legal(&Choice::Block { blocker: prey }));
    assert!(r.is_legal(&Choice::NoBlock));
}

/// K22: when the attacked spirit leaves the field during the attack declaration (here the
/// same effect destroys it afterwards), the block still stands: no flash timing before a
/// block declaration, no life lost, no BP comparison.
#[test]
fn k22_block_stands_when_the_attacked_spirit_leaves() {
    let mut g = game(vec![hunter("S-HUNT", "", "destroy(t);")], 407);
    to_p1_main(&mut g);
    let prey = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "S-HUNT", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // the attack step waits for it
    let life = g.life(P0);
    attack(&mut g, a);
    assert_eq!(g.zone_of(prey), Zone::Trash(P0));
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::BattleCompared { .. }))
    );
    assert!(!windows(&g).contains(&FlashWindow::AfterAttack));
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::BattleEnded { attacker } if *attacker == a))
    );
}
