//! Support of the keyword tests (`tests/keywords_summon*.rs`): synthetic cards that have a
//! Saga keyword, printed or gained, in games whose library holds the base pack's keyword
//! declarations (`testkit::saga_library`), and small game helpers.
#![allow(dead_code)]

use carddb::{CardDef, Keyword, KeywordValue};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::{decision, effect, must};
use engine::{Choice, DecisionKind, Event, Game};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);

/// A keyword value as a card writes it, from a short form: `()` none, `6` a number,
/// `"Costs 6 or more"` a word, `[3, 4]` / `["Skyhound"]` a list.
pub fn value(v: &str) -> Option<KeywordValue> {
    let v = v.trim();
    if v == "()" || v.is_empty() {
        return None;
    }
    if let Ok(n) = v.parse::<i64>() {
        return Some(KeywordValue::Number(n));
    }
    if let Some(inner) = v.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        return Some(KeywordValue::List(
            inner.split(',').filter_map(value).collect(),
        ));
    }
    Some(KeywordValue::Word(v.trim_matches('"').to_string()))
}

/// `card` with the printed keyword `name` of `value` (see [`value`]).
pub fn with_keyword(mut card: CardDef, name: &str, v: &str) -> CardDef {
    card.keywords.push(Keyword {
        name: name.into(),
        value: value(v),
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    card
}

/// `card` gaining the keyword `name` with modifier text `modifier` from a constant effect
/// of its own (`gain_keyword(…, "while")`): it has the keyword while on the field.
pub fn gaining(mut card: CardDef, name: &str, modifier: &str) -> CardDef {
    card.effects.push(effect(
        "constant",
        &format!("gain_keyword(this_card(), \"{name}\", \"{modifier}\", \"while\");"),
    ));
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

/// The current decision's `UseEffect` option for `card` (a keyword's [Flash] effect has a
/// keyword effect number), if there is one.
pub fn use_of(g: &mut Game, card: InstanceId) -> Option<Choice> {
    decision(g)
        .choices()
        .find(|c| matches!(c, Choice::UseEffect { card: x, .. } if *x == card))
        .cloned()
}
