//! Helpers of the card-API tests (`tests/cards_api*.rs`): stacking a deck, readying a
//! synthetic spirit whose "when summoned" effect is a script, answering a choice.

use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, play, put, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Game};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);

/// The top `n` cards of `p`'s deck, the top one first.
pub fn deck_top(g: &Game, p: PlayerId, n: usize) -> Vec<InstanceId> {
    g.pile(Zone::Deck(p))
        .iter()
        .rev()
        .take(n)
        .copied()
        .collect()
}

/// The bottom `n` cards of `p`'s deck, the lowest first.
pub fn deck_bottom(g: &Game, p: PlayerId, n: usize) -> Vec<InstanceId> {
    g.pile(Zone::Deck(p)).iter().take(n).copied().collect()
}

/// Stacks `ids` on `p`'s deck: the last id ends on top. (A copy goes through the trash
/// first, so one is found even when every copy is in the deck.)
pub fn stack(g: &mut Game, p: PlayerId, ids: &[&str]) -> Vec<InstanceId> {
    ids.iter()
        .map(|id| {
            put(g, p, id, Zone::Trash(p), 0);
            put(g, p, id, Zone::Deck(p), 0)
        })
        .collect()
}

/// Puts a cost-0 spirit `id` into P0's hand with a core to place on it.
pub fn ready(g: &mut Game, id: &str) -> InstanceId {
    give_reserve(g, P0, 1);
    put(g, P0, id, Zone::Hand(P0), 0)
}

/// A spirit of cost 0 whose "when summoned" effect is `script`, played from the hand.
pub fn summon_with(g: &mut Game, id: &str) -> InstanceId {
    let c = ready(g, id);
    play(g, c);
    c
}

/// Answers `card` if an effect choice is asked (a choice with one candidate is not asked).
pub fn pick_if_asked(g: &mut Game, card: InstanceId) {
    if decision(g).kind == DecisionKind::EffectChoice {
        must(g, Choice::Target { card });
    }
}

pub fn when_summoned(id: &str, script: &str) -> carddb::CardDef {
    scripted_spirit(id, 0, 1000, vec![effect("When Summoned", script)])
}

pub fn soul_at(g: &Game, l: CoreLoc) -> bool {
    g.soul_at(l)
}
