//! Rules effects change for an event (BS-8.1), each checked where the event happens:
//! "cannot" (a discard, a core removal, a return or an exhaustion the opponent's effect
//! would make does not happen: `Protected` modifiers), "does not work" (effects of a
//! timing are not triggered: `Silenced` modifiers and `Silence` rules, checked where a
//! hook's effects are collected) and "instead" (a destroyed card goes to its owner's hand
//! instead of the trash, BS-6.6, ruling C#194).

use super::Query;
use super::reach::Reached;
use super::state::{ModKind, Protect, Silence, SubEvent, Timing};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Event, Game, Zone};

/// Whose effect performs an action: what "cannot … by your opponent's effects" reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Actor {
    /// The effect's controller.
    pub player: PlayerId,
    /// The card whose effect it is (its colours matter for protections by colour).
    pub source: InstanceId,
    /// That effect's index (for the `EffectInert` a prevention logs).
    pub effect: u32,
}

impl super::ctx::RunCtx {
    /// The running effect as the actor of what it does.
    pub fn actor(&self) -> Actor {
        Actor {
            player: self.controller,
            source: self.card,
            effect: self.effect,
        }
    }
}

impl Game {
    /// The one "cannot" check (BS-8.1): whether `c` is protected from `what` by an effect
    /// of `actor` ("cannot be exhausted / returned / discarded, cannot have its cores
    /// removed by your opponent's effects"; a protection from some colours only holds
    /// against a source of one of them). A prevented action logs `EffectInert` with the
    /// reason; the effect goes on with its other cards. No actor (the rules): never.
    pub(crate) fn prevented(&mut self, c: InstanceId, what: Protect, actor: Option<Actor>) -> bool {
        let Some(a) = actor else { return false };
        if !self.protected_from(c, a.player, what, a.source) {
            return false;
        }
        let reason = format!(
            "{} {c} cannot {} by the opponent's effects",
            self.name(c),
            what.words()
        );
        self.emit(Event::EffectInert {
            card: a.source,
            effect: a.effect,
            reason,
        });
        true
    }

    /// "Does not work" (BS-8.1): drops from `due` the effects of `timing` that a rule stops
    /// — a `Silenced` modifier on the field card whose effect it is (rulings C#151–C#153:
    /// a nexus's, a burst's or a trash card's effects still work), or a `Silence` of an
    /// effect resolving now for the effect's controller (ruling C#13). Each dropped effect
    /// logs `EffectInert`.
    pub(super) fn drop_silenced(&mut self, due: &mut Vec<Reached>, timing: Timing) {
        if due.is_empty() {
            return;
        }
        let rules = self.st.scripts.silenced.clone();
        let mut dropped = Vec::new();
        due.retain(|r| {
            let (card, effect) = r.card_effect();
            let controller = match r {
                Reached::Effect { controller, .. } => *controller,
                Reached::Burst { card, .. } => self.owner(*card),
                Reached::Sub { sub, .. } => sub.controller,
            };
            // A set burst is stopped only with the destroyed timing (ruling C#13).
            let burst = matches!(r, Reached::Burst { .. });
            let by_rule = (!burst || timing == Timing::Destroyed)
                && (rules.iter()).any(|s: &Silence| s.timing == timing && s.whose == controller);
            let on_card = self.on_field(card)
                && (self.mods_of(self.unit_of(card)).iter())
                    .any(|m| *m == ModKind::Silenced(timing));
            if by_rule || on_card {
                dropped.push((card, effect));
            }
            !(by_rule || on_card)
        });
        for (card, effect) in dropped {
            self.emit(Event::EffectInert {
                card,
                effect,
                reason: format!("its {} effects do not work now", timing.words()),
            });
        }
    }

    /// "When … would be destroyed" (BS-6.6): the watchers waiting for one of `cards`'
    /// destruction resolve before their "when destroyed" effects, while a replacement
    /// (`destroyed_to_hand`) can still change where each card goes.
    pub(crate) fn would_be_destroyed(&mut self, cards: &[InstanceId]) {
        if self.st.scripts.subs.is_empty() && !self.host.has_constant {
            return;
        }
        let mut due = Vec::new();
        for &c in cards {
            let pred = |g: &Game, s: &super::state::SubTrigger| {
                matches!(&s.event, SubEvent::WouldBeDestroyed { subject }
                    if subject_has(g, subject, c))
            };
            self.reach_subs(&mut due, pred, Some(c));
        }
        if !due.is_empty() {
            self.resolve_simultaneous(due);
        }
    }

    /// Where a destroyed card goes (BS-6.6: its owner's trash, or the hand when a
    /// replacement said so — the replacement is used up).
    pub(crate) fn destroyed_goes_to_hand(&mut self, c: InstanceId) -> bool {
        let list = &mut self.st.scripts.destroyed_to_hand;
        let Some(i) = list.iter().position(|x| *x == c) else {
            return false;
        };
        list.remove(i);
        true
    }

    /// Sends a destroyed card, its "when destroyed" effects resolved, to its owner's hand
    /// instead of the trash (ruling C#194), its cores to the reserve (BS-6.6).
    pub(crate) fn destroyed_to_hand_instead(&mut self, c: InstanceId) -> bool {
        if !self.destroyed_goes_to_hand(c) {
            return false;
        }
        self.effect_return_to_hand(c, None);
        self.zone_of(c) == Zone::Hand(self.owner(c))
    }
}

fn subject_has(g: &Game, q: &Query, c: InstanceId) -> bool {
    q.eval(g).contains(&c)
}
