//! Battle Spirits as any ruleset is driven: the [`crate::core::Rules`] implementation
//! players, `play_game` and the simulators use.

use super::decision::{AnswerError, Choice, DecisionKind, Step};
use super::events::Event;
use super::game::Game;
use super::view::View;
use crate::core::PlayerId;

/// Battle Spirits as any ruleset is driven (players, `play_game`, simulators).
impl crate::core::Rules for Game {
    type Kind = DecisionKind;
    type Choice = Choice;
    type Event = Event;
    type View = View;
    type AnswerError = AnswerError;

    fn next(&mut self) -> Step {
        Game::next(self)
    }
    fn answer(&mut self, choice: Choice) -> Result<(), AnswerError> {
        Game::answer(self, choice)
    }
    fn view(&self, player: PlayerId) -> View {
        Game::view(self, player)
    }
    fn log(&self) -> &[Event] {
        Game::log(self)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Game::check_invariants(self).map_err(|e| e.to_string())
    }
    fn answered(&self) -> [u64; 2] {
        Game::answered(self)
    }
    fn is_shortcut(choice: &Choice) -> bool {
        choice.is_shortcut()
    }
    fn set_cancel(&mut self, seats: [bool; 2]) {
        Game::set_cancel(self, seats)
    }
    fn answers_len(&self) -> Option<usize> {
        Some(self.answers().len())
    }
    /// The cards of `viewer`'s view: its own hand, both fields and both trashes.
    fn faces(&self, viewer: PlayerId) -> crate::rules::face::Faces {
        let v = Game::view(self, viewer);
        let ids = v.players.iter().flat_map(|p| {
            let hand = p.hand.iter().flatten().map(|c| &*c.card);
            let field = p.field.iter().map(|c| &*c.card);
            hand.chain(field).chain(p.trash.iter().map(|c| &**c))
        });
        let ids: Vec<&str> = ids.collect();
        crate::rules::face::faces_of(ids, |id| self.lib.get(id))
    }
    /// BS-6.2: a flash timing whose only option is to pass.
    fn only_pass(request: &super::decision::DecisionRequest) -> bool {
        request.kind == DecisionKind::FlashOrPass
            && request.options.len() == 1
            && request.options[0].choice == Choice::Pass
    }
}
