//! Scenario tests for every hook kind: a small script on a synthetic card,
//! asserting the effect's result and its timing. Rule IDs in the test names.

use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};
use engine::rules::battle_spirits::{Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};

mod actions;
mod battle;
mod summons;
mod timing;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log()
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("event not in log"))
}

fn started(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}
