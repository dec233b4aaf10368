//! The line battle as any ruleset is driven: the [`crate::core::Rules`] implementation
//! players, `play_game` and the simulators use.

use super::decision::{AnswerError, Choice, DecisionKind, Step};
use super::events::Event;
use super::game::Game;
use super::state::Zone;
use super::view::View;
use crate::core::{InstanceId, PlayerId};

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
        Game::check_invariants(self)
    }
    fn answered(&self) -> [u64; 2] {
        Game::answered(self)
    }
    /// The cards of `viewer`'s view: both masters, its own hand, both lines and both
    /// graveyards.
    fn faces(&self, viewer: PlayerId) -> crate::rules::face::Faces {
        let v = Game::view(self, viewer);
        let ids: Vec<&str> = v
            .sides
            .iter()
            .flat_map(|s| {
                let lines = s.attack_line.iter().chain(&s.defense_line);
                std::iter::once(&s.master)
                    .chain(s.hand.iter().flatten().map(|c| &c.card))
                    .chain(lines.map(|c| &c.card))
                    .chain(&s.graveyard)
                    .map(String::as_str)
            })
            .collect();
        let lib = &self.lib;
        crate::rules::face::faces_of(ids.iter().copied(), |id| lib.get(id))
    }
    // Decks are hidden from both players and a hand from the opponent (as the view).
    fn card_seen_by(&self, card: InstanceId, seat: PlayerId) -> Option<String> {
        let st = self.state();
        if card.index() >= st.cards.len() {
            return None;
        }
        match st.zone(card) {
            Zone::Deck(_) => None,
            Zone::Hand(p) if p != seat => None,
            _ => Some(st.card_id(card).to_string()),
        }
    }
}
