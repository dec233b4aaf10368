//! Rules effects change for an event (BS-8.1), each checked where the event happens:
//! "cannot" (a discard, a core removal, a return or an exhaustion the opponent's effect
//! would make does not happen: `Protected` modifiers), "does not work" (effects of a
//! timing are not triggered: `Silenced` modifiers and `Silence` rules, checked where a
//! hook's effects are collected) and "instead" (a destroyed card goes to its owner's hand
//! instead of the trash, BS-6.6, ruling C#194; or is not destroyed at all and stays on the
//! field or returns to the hand, rulings C#37, C#77).

use super::Query;
use super::reach::Reached;
use super::state::{DestroyCause, Kept, ModKind, Protect, Silence, SubEvent, Timing};
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
            // An `own` rule stops only the cards' own effects, not watchers nor bursts.
            let own = matches!(r, Reached::Effect { .. });
            let by_rule = (!burst || timing == Timing::Destroyed)
                && (rules.iter()).any(|s: &Silence| {
                    s.timing == timing && s.whose == controller && (!s.own || own)
                });
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
    /// destruction (`(card, by the opponent)`) resolve before their "when destroyed"
    /// effects, while a replacement can still change where each card goes
    /// (`destroyed_to_hand`) or stop its destruction (`replace_destruction`). A watcher
    /// of a cause waits only for that cause's destructions: battle (BS-6.6 by BP
    /// comparison) is never an effect's.
    pub(crate) fn would_be_destroyed(&mut self, cards: &[(InstanceId, bool)]) {
        if self.st.scripts.subs.is_empty() && !self.host.has_constant {
            return;
        }
        let battle = self.st.scripts.battle_destruction;
        let destroy_effect = self.st.scripts.destroying_source.is_some();
        let mut due = Vec::new();
        for &(c, by_opponent) in cards {
            let by_effect = by_opponent && !battle;
            let pred = |g: &Game, s: &super::state::SubTrigger| {
                matches!(&s.event, SubEvent::WouldBeDestroyed { subject, cause }
                    if match cause {
                        DestroyCause::Any => true,
                        DestroyCause::OpponentEffect => by_effect,
                        DestroyCause::OpponentDestroyEffect => by_effect && destroy_effect,
                    } && subject_has(g, subject, c))
            };
            self.reach_subs(&mut due, pred, Some(c));
        }
        if !due.is_empty() {
            // BS-6.6 replaced: the window in which "… instead" may replace these
            // destructions (`Runtime::replacing`), nested destructions inside it included.
            let open = self.rt.replacing.len();
            (self.rt.replacing).extend(cards.iter().map(|(c, _)| *c));
            self.resolve_simultaneous(due);
            self.rt.replacing.truncate(open);
        }
    }

    /// Whether a replacement stopped `c`'s destruction (BS-6.6 replaced; rulings C#37,
    /// C#77): if so it is done now — the card stays on the field (exhausted or refreshed as
    /// said) or returns to its owner's hand — and `DestructionReplaced` is logged; the card
    /// is not destroyed, so no "when destroyed" effect works and it is not counted as
    /// destroyed this turn.
    pub(crate) fn destruction_replaced(&mut self, c: InstanceId) -> bool {
        let list = &mut self.st.scripts.destruction_replaced;
        let Some(i) = list.iter().position(|x| x.0 == c) else {
            return false;
        };
        let (_, instead, by) = list.remove(i);
        if !self.on_field(c) {
            return false; // it left before: nothing to keep
        }
        if let Some(i) = (self.st.scripts.destroyed_this_turn.iter()).rposition(|x| *x == c) {
            self.st.scripts.destroyed_this_turn.remove(i);
            self.invalidate_constants(); // no event of its own (`derived`)
        }
        self.emit(Event::DestructionReplaced {
            card: c,
            by,
            instead,
        });
        match instead {
            Kept::AsIs => {}
            Kept::Exhausted if !self.is_exhausted(c) => self.set_exhausted(c, true),
            Kept::Refreshed if self.is_exhausted(c) => self.set_exhausted(c, false),
            Kept::Exhausted | Kept::Refreshed => {}
            Kept::Hand => {
                self.effect_return_to_hand(c, None);
            }
        }
        true
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
