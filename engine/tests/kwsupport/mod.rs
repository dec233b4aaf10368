//! Support of the keyword tests (`tests/keywords_summon*.rs`): the base pack's keyword
//! scripts (`scripts/battle-spirits-saga/keywords/`) on synthetic cards, so the primitives
//! they call are played in real games, and small game helpers.
#![allow(dead_code)]

use carddb::{CardDef, Effect, EffectZone, Step};
use engine::core::{InstanceId, PlayerId};
use engine::testkit::{decision, must};
use engine::{Choice, DecisionKind, Event, Game};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);

/// The base pack's keyword folder.
pub const KEYWORDS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../scripts/battle-spirits-saga/keywords"
);

/// One effect of a keyword as its declaration states it: (timing, zone, steps, script).
fn declared(name: &str) -> Vec<(Option<&'static str>, EffectZone, Vec<Step>, &'static str)> {
    use EffectZone::*;
    match name {
        "ascend" => vec![
            (
                Some("Summoning Requirement"),
                Field,
                vec![],
                "ascend-requirement",
            ),
            (Some("Additional Summoning Cost"), Field, vec![], "ascend"),
        ],
        "swift" => vec![(None, Hand, vec![Step::Flash], "swift")],
        "awaken" => vec![(None, Field, vec![Step::Flash], "awaken")],
        "agile" => vec![(
            Some("When Your Spirit's Battle Ends"),
            Hand,
            vec![],
            "agile",
        )],
        "immortal" => vec![(
            Some("When Your Spirit Is Destroyed"),
            Trash,
            vec![],
            "immortal",
        )],
        "feast" => vec![(Some("When Summoned"), Field, vec![], "feast")],
        other => panic!("no keyword {other} in this group"),
    }
}

/// The effects a card with keyword `name` of value `value` (a rhai literal: `6`,
/// `"Costs 6 or more"`, `[3, 4]`, `()`) has: the keyword's scripts from the base pack with
/// `keyword_value()` answering `value`.
pub fn keyword_effects(name: &str, value: &str) -> Vec<Effect> {
    declared(name)
        .into_iter()
        .map(|(timing, zone, steps, file)| {
            let path = format!("{KEYWORDS}/{file}.rhai");
            let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            Effect {
                timing: timing.map(str::to_string),
                zone,
                steps,
                script: Some(format!("fn keyword_value() {{ {value} }}\n{src}")),
                ..Effect::default()
            }
        })
        .collect()
}

/// `card` with keyword `name` of `value` added (printed keyword and its effects).
pub fn with_keyword(mut card: CardDef, name: &str, value: &str) -> CardDef {
    card.keywords.push(carddb::Keyword {
        name: name.into(),
        value: None,
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    card.effects.extend(keyword_effects(name, value));
    card
}

/// Whether `choice` is among the current decision's options.
pub fn offered(g: &mut Game, choice: &Choice) -> bool {
    decision(g).is_legal(choice)
}

/// Answers the current effect question with its option labelled `label` (a substring).
pub fn answer_labelled(g: &mut Game, label: &str) {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    let c = r
        .options
        .iter()
        .find(|o| o.label.contains(label))
        .unwrap_or_else(|| panic!("no option {label:?} in {:?}", r.options))
        .choice
        .clone();
    must(g, c);
}

/// How many times an effect of `card` started.
pub fn started(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

/// The `EffectInert` reasons logged for `card`.
pub fn inert_reasons(g: &Game, card: InstanceId) -> Vec<String> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectInert {
                card: c, reason, ..
            } if *c == card => Some(reason.clone()),
            _ => None,
        })
        .collect()
}
