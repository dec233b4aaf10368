//! Backing out of a play before its cost is paid: the action is taken back as if it had
//! never been chosen (card in hand, nothing paid, nothing logged, the same decision asked
//! again). Only the seats that ask for it (`Game::set_cancel`, people) are offered it, so
//! robots' options, and their games, are the same as without it.

use super::decision::Choice;
use super::game::{Game, Phase, State};
use crate::core::{Labelled, PlayerId};

/// The state before a cancellable action was chosen, and that action.
#[derive(Debug, Clone)]
pub(crate) struct CancelPoint {
    before: Box<State>,
    action: Choice,
}

impl Game {
    /// Which seats (P1, P2) are offered [`Choice::Cancel`] while a play they chose is
    /// unpaid. Off by default and not saved: a person's seat turns it on; robots are
    /// never offered it.
    pub fn set_cancel(&mut self, seats: [bool; 2]) {
        self.rt.cancel_seats = seats;
        self.cached = None;
    }

    /// Whether `choice` starts an action whose cost is paid by later decisions: a play
    /// from hand (BS-5.1, BS-5.1.1, BS-5.4, BS-5.5; in a flash timing too, BS-6.2) or an
    /// attack with a tax (BS-6.1).
    fn starts_costed_action(choice: &Choice) -> bool {
        matches!(
            choice,
            Choice::Summon { .. }
                | Choice::SummonOnto { .. }
                | Choice::Deploy { .. }
                | Choice::UseMagic { .. }
                | Choice::Attack { .. }
        )
    }

    /// Before `player`'s answer `choice` is applied: the state to return to if it starts a
    /// costed action of a seat that may cancel.
    pub(crate) fn note_cancel_point(&mut self, player: PlayerId, choice: &Choice) {
        if self.rt.cancel_seats[player.index()] && Self::starts_costed_action(choice) {
            self.rt.cancel = Some(CancelPoint {
                before: Box::new(self.st.clone()),
                action: choice.clone(),
            });
        }
    }

    /// After an answer: the cancel point is kept only while its action is still unpaid.
    pub(crate) fn keep_cancel_point(&mut self) {
        if !self.can_cancel() {
            self.rt.cancel = None;
        }
    }

    /// Whether the current decision may be answered with [`Choice::Cancel`]: the chosen
    /// action's cost is being paid (BS-5.2 step 5, an attack tax BS-6.1), or a summon's
    /// additional cost asks first (BS-5.1). Once the cost is paid, the core placement
    /// (BS-5.2 step 6) and the effects that follow are not cancellable.
    pub(crate) fn can_cancel(&self) -> bool {
        let Some(cp) = &self.rt.cancel else {
            return false;
        };
        match (&self.st.scripts.pending, &self.st.phase) {
            (None, Phase::Pay(_) | Phase::AttackTax { .. }) => true,
            (Some(p), _) => {
                p.base.as_ref() == Some(&cp.action)
                    && matches!(cp.action, Choice::Summon { .. } | Choice::SummonOnto { .. })
            }
            _ => false,
        }
    }

    /// The cancel option, listed last.
    pub(crate) fn cancel_option(&self) -> Labelled<Choice> {
        Labelled {
            choice: Choice::Cancel,
            label: self.lbl(|| "Cancel (take the action back: nothing is paid)".into()),
        }
    }

    /// Returns to the state before the cancelled action was chosen: everything, the log
    /// and the answers included, is as it was.
    pub(crate) fn cancel(&mut self) {
        let cp = self
            .rt
            .cancel
            .take()
            .expect("cancel is listed only with a cancel point");
        self.st = *cp.before;
        self.forget_checkpoint();
        self.rt.asking = None;
        self.cached = None;
        self.invalidate_constants();
    }
}
