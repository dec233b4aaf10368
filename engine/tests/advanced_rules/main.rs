//! The rules that make Battle Spirits itself: simultaneous effects (BS-8.4),
//! bursts (BS-10), ultimates (BS-12), tecoto, count, over count and heavy exhaustion
//! (BS-13). One test per rule ID at least, each asserting the values the rule gives, on
//! synthetic cards with small scripts. Braves (BS-9) are in `brave.rs`.

use carddb::{CardDef, CardKind, Colour, OverCount, UltimateCondition};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{AnswerError, Choice, DecisionKind, Event, Game};

mod bursts;
mod simultaneous;
mod tecoto_counts;
mod ultimates;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// Position in the log of the first `EffectStarted` of `card`.
fn started_at(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .position(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .unwrap_or_else(|| panic!("no effect of {card} started"))
}

/// A magic whose first effect is a [Burst] with the burst condition `label` (BS-10).
fn burst_magic(id: &str, cost: u32, label: &str, burst: &str, main: Option<&str>) -> CardDef {
    let mut b = effect(label, burst);
    b.steps = vec![carddb::Step::Burst];
    let mut effects = vec![b];
    if let Some(m) = main {
        effects.push(effect("main", m));
    }
    scripted_magic(id, cost, effects)
}

/// An ultimate (LV3 from 2 cores, LV4 from 4) of `cost` needing a red spirit on the field.
fn ultimate(id: &str, cost: u32) -> CardDef {
    let mut u = card(
        id,
        CardKind::Ultimate,
        cost,
        Colour::Red,
        0,
        0,
        &[(3, 2, 6000), (4, 4, 9000)],
    );
    u.symbols.ultimate = 1;
    u.ultimate = Some(UltimateCondition {
        count: 1,
        kind: CardKind::Spirit,
        colour: Some(Colour::Red),
        family: None,
        min_level: None,
        min_cost: None,
        text: Default::default(),
    });
    u
}

/// P1 attacks with `attacker`, P0 does not block: P0's life is reduced (BS-6.5.1).
fn unblocked_attack(g: &mut Game, attacker: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker });
    pass_flashes(g);
    if decision(g).kind == DecisionKind::BlockOrNot {
        must(g, Choice::NoBlock);
    }
}
