//! Helpers of the ruling tests (`tests/rulings*.rs`): real cards from `../shared/data`,
//! strict scenario games, and answers to common decisions.

use std::sync::OnceLock;

use carddb::{CardDef, CardKind, Colour};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, must, scenario_with, scripted_magic, synthetic_cards,
};
#[allow(unused_imports)] // not every test crate that includes this module uses them
pub use engine::rules::battle_spirits::testkit::{hand_size as hand, to_p1_main};
use engine::{CardLibrary, Choice, DecisionKind, Event, Game};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);

/// Every real card, imported once per test binary (`None` without `../shared/data`).
pub fn all_real() -> Option<&'static Vec<CardDef>> {
    static CARDS: OnceLock<Option<Vec<CardDef>>> = OnceLock::new();
    CARDS
        .get_or_init(|| super::bss::data_dir().map(|d| super::bss::cards(&d)))
        .as_ref()
}

/// The real cards with these ids, or `None` (with the reason printed) without the data.
pub fn real(ids: &[&str]) -> Option<Vec<CardDef>> {
    let Some(all) = all_real() else {
        eprintln!("skipped: ../shared/data/bss not found (real cards {ids:?} needed)");
        return None;
    };
    Some(
        ids.iter()
            .map(|id| {
                all.iter()
                    .find(|c| c.id == *id)
                    .unwrap_or_else(|| panic!("{id} is not in cards.jsonl"))
                    .clone()
            })
            .collect(),
    )
}

/// A strict game (invariants after every event, failing scripts panic) on the synthetic
/// decks plus `extra`; P0's turn 1 main step.
pub fn game(extra: Vec<CardDef>, seed: u64) -> Game {
    let mut all = synthetic_cards();
    all.extend(extra.iter().cloned());
    let mut g = scenario_with(CardLibrary::new(all), &extra, seed);
    g.set_strict(true);
    g.set_strict_scripts(true);
    g
}

pub fn logged(g: &Game, e: &Event) -> bool {
    g.log().contains(e)
}

pub fn started(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

/// Answers a BS-8.4 ordering question (the turn player chooses which of the effects due at
/// once resolves next) with the effect of `card`.
pub fn resolve_next(g: &mut Game, card: InstanceId) {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    let want = format!("{} {card}", g.name(card));
    let c = r
        .options
        .iter()
        .find(|o| o.label.contains(&want))
        .unwrap_or_else(|| panic!("no effect of {want} to order: {:?}", r.options))
        .choice
        .clone();
    must(g, c);
}

/// Finishes a play already started (payments from the first listed source, minimum
/// placement), as `testkit::play` does after its first answer.
pub fn finish_play(g: &mut Game) {
    loop {
        let r = decision(g);
        let c = match r.kind {
            DecisionKind::PayFrom => r.options[0].choice.clone(),
            DecisionKind::PlaceCore if r.is_legal(&Choice::DonePlacing) => Choice::DonePlacing,
            DecisionKind::PlaceCore => r.options[0].choice.clone(),
            _ => return,
        };
        g.answer(c).expect("listed");
    }
}

/// A nexus stand-in (LV1 with no core, LV2 with one) with effects.
pub fn nexus(id: &str, effects: Vec<carddb::Effect>) -> CardDef {
    let mut c = card(
        id,
        CardKind::Nexus,
        0,
        Colour::Red,
        0,
        0,
        &[(1, 0, 0), (2, 1, 0)],
    );
    c.effects = effects;
    c
}

/// An effect that works only at `levels`.
pub fn at_levels(mut e: carddb::Effect, levels: &[u8]) -> carddb::Effect {
    e.levels = levels.to_vec();
    e
}

/// Tool: a cost-0 magic exhausting every spirit on the field (sets up exhausted spirits).
pub fn exhaust_all_tool() -> CardDef {
    scripted_magic(
        "RUL-EXHAUST-ALL",
        0,
        vec![effect("main", "exhaust(all_spirits());")],
    )
}

/// A cost-0 [Flash] magic stand-in with one script.
pub fn flash_tool(id: &str, script: &str) -> CardDef {
    scripted_magic(id, 0, vec![effect("flash", script)])
}

/// What P0's view says hand card `card` (by id) costs to pay now (BS-5.2).
pub fn to_pay(g: &Game, card: &str) -> u32 {
    let view = g.view(P0);
    let hand = view.players[P0.index()].hand.as_ref().expect("own hand");
    hand.iter()
        .find(|h| &*h.card == card)
        .expect("in hand")
        .to_pay
}
