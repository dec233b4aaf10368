//! Helpers of the battle keyword tests (`tests/keywords_battle*.rs`): cards that have a
//! keyword (printed, or gained by `gain_keyword`), strict games with the Saga base pack's
//! keyword declarations, and the answers those tests give.

use carddb::{CardDef, Colour, Keyword, KeywordValue};
use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{decision, effect, must, saga_scenario, strict};
use engine::{Choice, DecisionKind, Event, Game};

/// `d` with the keyword printed (`timing`: its printed timing, e.g. "While This Spirit
/// Attacks"; `None`: always).
pub fn printed(
    mut d: CardDef,
    name: &str,
    value: Option<KeywordValue>,
    timing: Option<&str>,
) -> CardDef {
    d.keywords.push(Keyword {
        name: name.into(),
        value,
        levels: vec![],
        timing: timing.map(str::to_string),
        steps: vec![],
    });
    d
}

/// A constant effect: this card gains the keyword (`gain_keyword(…, "while")`).
pub fn gains(name: &str, value: &str) -> carddb::Effect {
    effect(
        "constant",
        &format!("gain_keyword(this_card(), \"{name}\", \"{value}\", \"while\");"),
    )
}

/// `d` in another colour (its symbols too).
pub fn coloured(mut d: CardDef, c: Colour) -> CardDef {
    d.colours = vec![c];
    let n: u8 = d.symbols.colours.values().sum();
    d.symbols.colours.clear();
    if n > 0 {
        d.symbols.colours.insert(c, n);
    }
    d
}

pub fn num(n: i64) -> Option<KeywordValue> {
    Some(KeywordValue::Number(n))
}

pub fn word(w: &str) -> Option<KeywordValue> {
    Some(KeywordValue::Word(w.into()))
}

/// A strict game (invariants after every event, failing scripts panic) with the Saga
/// keywords declared: the synthetic decks plus `extra`, P0's turn 1 main step.
pub fn kw_game(extra: Vec<CardDef>, seed: u64) -> Game {
    strict(saga_scenario(extra, seed))
}

/// P1 (turn 2) ends its main step and attacks with `a`.
pub fn attack(g: &mut Game, a: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
}

/// Answers a yes/no question of an effect.
pub fn answer(g: &mut Game, yes: bool) {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    must(g, if yes { Choice::Yes } else { Choice::No });
}

/// Whether an effect question is waiting.
pub fn asking(g: &mut Game) -> bool {
    decision(g).kind == DecisionKind::EffectChoice
}

/// How many effects of `card` started.
pub fn runs(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

/// Answers BS-8.4 ordering questions (effects due at once) with the first effect.
pub fn order_first(g: &mut Game) {
    loop {
        let r = decision(g);
        if r.kind != DecisionKind::EffectChoice
            || !r.choices().all(|c| matches!(c, Choice::OneOf { .. }))
        {
            return;
        }
        let c = r.choices().next().cloned().expect("an option");
        must(g, c);
    }
}

/// Whether a yes/no question of an effect is waiting (after any ordering question).
pub fn offered(g: &mut Game) -> bool {
    order_first(g);
    decision(g).is_legal(&Choice::Yes)
}

/// Answers a target question with the first card offered, if one is waiting.
pub fn first_target(g: &mut Game) {
    let r = decision(g);
    if r.kind == DecisionKind::EffectChoice
        && let Some(c) = r
            .choices()
            .find(|c| matches!(c, Choice::Target { .. }))
            .cloned()
    {
        must(g, c);
    }
}
