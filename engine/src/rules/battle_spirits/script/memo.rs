//! Constant-effect runs remembered between evaluations of the constants.
//!
//! The constants are read again after most events (BS-8.1, `constants`), but most constant
//! effects give the same thing every time: a watcher (`when(…)`), a modifier on this card,
//! or one that depends only on whether the soul core is on this card (A.T. Field). A run
//! notes what it read of the game (`RunCtx::reads`): every read through `ctx::with_ref`
//! is "anything" ([`READ_ANY`]) unless the function knows it read only one of the parts
//! below. A run that read nothing, or only those parts, is remembered with its modifiers
//! and watchers, and used again until one of those parts changes for its card
//! (`Game::move_core`, `Game::set_exhausted`, `Game::move_card`, an undo). A run that read
//! anything else is never remembered. Strict games run every remembered effect again and
//! assert that it gives what was remembered.

use std::cell::{Ref, RefCell};

use super::state::{ModKind, SubTrigger};
use crate::core::{InstanceId, PlayerId};

/// The run read something no bit below names: it is not remembered.
pub(crate) const READ_ANY: u8 = 1;
/// The run read whether the soul core is on the card it acts as (`this_card()`).
pub(crate) const READ_SOUL_THIS: u8 = 2;
/// The run read whether the card it acts as is exhausted.
pub(crate) const READ_EXHAUSTED_THIS: u8 = 4;

/// Which run a remembered one is: the effect (its compiled script, by address, and its
/// number on the card), the card, the card it acts as and its controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunKey {
    pub card: InstanceId,
    pub this: InstanceId,
    pub controller: PlayerId,
    pub effect: u32,
    pub script: usize,
}

/// A remembered run: what it read ([`READ_SOUL_THIS`] …) and what it gave.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    key: RunKey,
    reads: u8,
    /// The modifiers it gave: (card, modifier).
    pub mods: Vec<(InstanceId, ModKind)>,
    /// The standing watchers it gave (BS-8.1).
    pub watchers: Vec<SubTrigger>,
}

/// The remembered runs of one game (engine-side, never saved).
#[derive(Debug, Clone, Default)]
pub(crate) struct ConstMemo {
    runs: RefCell<Vec<Run>>,
}

impl ConstMemo {
    /// The run `key`, if it is remembered (borrowed until the guard drops).
    pub(crate) fn find(&self, key: &RunKey) -> Option<Ref<'_, Run>> {
        Ref::filter_map(self.runs.borrow(), |runs| {
            runs.iter().find(|r| r.key == *key)
        })
        .ok()
    }

    /// Remembers a run that read `reads` and gave `mods` and `watchers`, unless it read
    /// something it cannot follow ([`READ_ANY`]).
    pub(crate) fn keep(
        &self,
        key: RunKey,
        reads: u8,
        mods: &[(InstanceId, ModKind)],
        watchers: &[SubTrigger],
    ) {
        if reads & READ_ANY != 0 {
            return;
        }
        // Kept only after `find` missed: no run of `key` is remembered.
        self.runs.borrow_mut().push(Run {
            key,
            reads,
            mods: mods.to_vec(),
            watchers: watchers.to_vec(),
        });
    }

    /// Forgets every run (the state was put back or written as a whole).
    pub(crate) fn clear(&self) {
        self.runs.borrow_mut().clear();
    }

    /// Forgets the runs that read `bits` of card `c`.
    fn forget(&self, c: InstanceId, bits: u8) {
        (self.runs.borrow_mut()).retain(|r| !(r.key.this == c && r.reads & bits != 0));
    }

    /// The cores on `c` changed.
    pub(crate) fn cores_changed(&self, c: InstanceId) {
        self.forget(c, READ_SOUL_THIS);
    }

    /// Whether `c` is exhausted may have changed.
    pub(crate) fn exhaustion_changed(&self, c: InstanceId) {
        self.forget(c, READ_EXHAUSTED_THIS);
    }

    /// Whether a run of card `c`'s effects is remembered.
    #[cfg(test)]
    pub(crate) fn remembers(&self, c: InstanceId) -> bool {
        self.runs.borrow().iter().any(|r| r.key.card == c)
    }

    /// `c` moved between zones: every run of it, or acting as it, is forgotten.
    pub(crate) fn card_moved(&self, c: InstanceId) {
        (self.runs.borrow_mut()).retain(|r| r.key.card != c && r.key.this != c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(card: u32, this: u32) -> RunKey {
        RunKey {
            card: InstanceId(card),
            this: InstanceId(this),
            controller: PlayerId(0),
            effect: 0,
            script: 1,
        }
    }

    #[test]
    fn a_run_is_forgotten_when_what_it_read_of_its_card_changes() {
        let m = ConstMemo::default();
        let bp = vec![(InstanceId(3), ModKind::Bp(1000))];
        m.keep(key(3, 3), READ_SOUL_THIS, &bp, &[]);
        m.keep(key(4, 4), 0, &[], &[]);
        m.keep(key(5, 5), READ_ANY, &[], &[]);
        assert_eq!(m.find(&key(3, 3)).map(|r| r.mods.clone()), Some(bp));
        assert!(m.find(&key(5, 5)).is_none(), "a run that read anything");
        m.exhaustion_changed(InstanceId(3));
        m.cores_changed(InstanceId(4));
        assert!(m.find(&key(3, 3)).is_some(), "it read no exhaustion");
        m.cores_changed(InstanceId(3));
        assert!(m.find(&key(3, 3)).is_none());
        assert!(m.find(&key(4, 4)).is_some(), "it read nothing");
        m.card_moved(InstanceId(4));
        assert!(m.find(&key(4, 4)).is_none());
    }

    /// BS-8.1, played in a strict game (which runs every remembered effect again and
    /// asserts it gives the same): a constant effect that reads only whether the soul core
    /// is on its own spirit (A.T. Field's shape) is remembered across core moves elsewhere,
    /// and read again when the soul core comes onto that spirit; one that reads the field
    /// is never remembered.
    #[test]
    fn a_constant_that_reads_only_its_own_soul_core_is_remembered_until_that_changes() {
        use crate::rules::battle_spirits::testkit::{
            effect, give_reserve, put, put_soul_core, scenario, scripted_spirit, strict, to_p1_main,
        };
        use crate::rules::battle_spirits::{CoreLoc, Zone};
        const P1: PlayerId = PlayerId(1);
        let soul = scripted_spirit(
            "S-SOUL",
            0,
            1000,
            vec![effect(
                "constant",
                "if has_soul_core_now(this_card()) { bp_plus(this_card(), 3000, \"while\"); }",
            )],
        );
        let field = scripted_spirit(
            "S-FIELD",
            0,
            2000,
            vec![effect("constant", "bp_plus(my_spirits(), 500, \"while\");")],
        );
        // BS-5.2 (ruling BSS01-109): outside a cost being read, `while_summoning` is false
        // whatever the state, so this run reads nothing.
        let summoning = scripted_spirit(
            "S-SUMMONING",
            0,
            3000,
            vec![effect(
                "constant",
                "if while_summoning(my_spirits()) { symbols_as(this_card(), 2, \"\", \"while\"); }",
            )],
        );
        let mut g = strict(scenario(vec![soul, field, summoning], 3));
        to_p1_main(&mut g);
        let s = put(&mut g, P1, "S-SOUL", Zone::Field(P1), 1);
        let f = put(&mut g, P1, "S-FIELD", Zone::Field(P1), 1);
        let w = put(&mut g, P1, "S-SUMMONING", Zone::Field(P1), 1);
        give_reserve(&mut g, P1, 2);
        // S-FIELD gives both spirits +500; no soul core on S-SOUL yet.
        assert_eq!((g.bp(s), g.bp(f)), (1500, 2500));
        let m = &g.rt.const_memo;
        assert!(m.remembers(s), "it read only its own soul core");
        assert!(m.remembers(w), "no cost is being read");
        assert!(!m.remembers(f), "it read the field (`my_spirits()`)");
        // A core from the reserve onto S-FIELD: S-SOUL's run stays remembered.
        let core = g
            .core_at(CoreLoc::Reserve(P1), false)
            .expect("a reserve core");
        g.move_core(core, Some(CoreLoc::Card(f)));
        assert_eq!((g.bp(s), g.bp(f)), (1500, 2500));
        assert!(g.rt.const_memo.remembers(s));
        // BS-8.1: with the soul core on it, S-SOUL gets +3000 (read again).
        put_soul_core(&mut g, P1, CoreLoc::Card(s));
        assert!(!g.rt.const_memo.remembers(s), "its soul core moved");
        assert_eq!((g.bp(s), g.bp(f)), (4500, 2500));
        assert!(g.rt.const_memo.remembers(s));
    }
}
