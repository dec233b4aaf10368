//! When values derived from the state (constant effects, field symbols, costs) must be
//! read again (issue 15): after an event that changes the state, and where a part of the
//! state that has no event of its own changes (the step, the battle …: those places call
//! `invalidate_constants`). In strict games a cached read checks that no such part changed
//! since it was computed, so a place that forgets is caught by the tests.

use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Event, Game, StepName};

/// The parts of the state constant effects can read that change without an event of their
/// own: turn, turn player, step (BS-1 … BS-7), the battle (BS-6), its join and its
/// ending, and how many stored modifiers, braves, cards destroyed this turn and magics
/// used this battle there are. (The phase is not in it: effects read the step, BS-8.1.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DerivedKey {
    turn: u32,
    active: PlayerId,
    step: Option<StepName>,
    battle: Option<(InstanceId, Option<InstanceId>, bool)>,
    ends: (bool, bool, Option<bool>),
    counts: [u32; 4],
}

impl Event {
    /// Whether this event only records a moment or an outcome: the state change behind it
    /// (if any) has its own event or invalidates the derived values itself, so they stay
    /// valid across it. (`Played` is not one: "the cost of this card spent a soul core"
    /// reads it from the log.)
    pub(crate) fn is_notice(&self) -> bool {
        matches!(
            self,
            Event::Hook(_)
                | Event::FlashPassed { .. }
                | Event::NotBlocked { .. }
                | Event::EffectStarted { .. }
                | Event::EffectFailed { .. }
                | Event::EffectInert { .. }
                | Event::EffectsUnsupported { .. }
                | Event::LevelChanged { .. }
                | Event::BattleCompared { .. }
                | Event::OrderChosen { .. }
        )
    }
}

impl Game {
    fn derived_key(&self) -> DerivedKey {
        let st = &self.st;
        let s = &st.scripts;
        DerivedKey {
            turn: st.turn,
            active: st.active,
            step: s.step,
            battle: st
                .battle
                .as_ref()
                .map(|b| (b.attacker, b.blocker, b.blocked)),
            ends: (
                s.end_battle,
                s.end_attack_step,
                s.battle_join.map(|j| j.active),
            ),
            counts: [
                s.modifiers.len() as u32,
                st.braves.len() as u32,
                s.destroyed_this_turn.len() as u32,
                s.battle_magic.len() as u32,
            ],
        }
    }

    /// In strict games: notes the key the derived values are computed with.
    #[inline]
    pub(crate) fn note_derived(&self) {
        if self.strict {
            self.rt.derived_key.set(Some(self.derived_key()));
        }
    }

    /// In strict games: panics if a part of the state without an event of its own changed
    /// since the cached derived values were computed and nothing invalidated them.
    #[inline]
    pub(crate) fn check_derived(&self) {
        if self.strict
            && let Some(then) = self.rt.derived_key.get()
        {
            let now = self.derived_key();
            assert_eq!(
                then, now,
                "derived values read stale: the state changed without invalidating them"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::PlayerId;
    use crate::rules::battle_spirits::testkit::{
        effect, put, scenario, scripted_spirit, strict, to_p1_main,
    };
    use crate::rules::battle_spirits::{Event, Hook, StepName, Zone};

    const P1: PlayerId = PlayerId(1);

    fn attack_step_bonus() -> carddb::CardDef {
        // BS-8.1: a constant effect of the attack step only.
        scripted_spirit(
            "S-DUR",
            0,
            1000,
            vec![effect(
                "During Your Attack Step",
                "bp_plus(my_spirits(), 1000, \"while\");",
            )],
        )
    }

    #[test]
    fn a_notice_keeps_the_constants_and_an_event_that_changes_the_state_drops_them() {
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        let before = g.constant_mods();
        g.emit(Event::Hook(Hook::WhenAttacks { card: c }));
        assert!(
            std::rc::Rc::ptr_eq(&before, &g.constant_mods()),
            "a hook is a notice"
        );
        g.emit(Event::Exhausted { card: c });
        assert!(!std::rc::Rc::ptr_eq(&before, &g.constant_mods()));
    }

    #[test]
    #[should_panic(expected = "derived values read stale")]
    fn a_step_change_that_forgets_to_invalidate_is_caught_in_strict_games() {
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        assert_eq!(g.bp(c), 1000, "main step: no bonus");
        // BS-8.1: the attack step begins; this write does not invalidate (a bug on purpose).
        g.st.scripts.step = Some(StepName::Attack);
        g.bp(c);
    }
}
