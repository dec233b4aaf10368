//! Conservation: every card is in exactly one zone, none is lost or duplicated, each player
//! has one master in place, and only a battle holds destroyed creatures waiting (LB-4.2).

use super::game::Game;
use super::state::{State, Zone};
use crate::core::PlayerId;

/// Checks the state. Errors: a text naming the first violation.
pub(crate) fn conservation(st: &State) -> Result<(), String> {
    let placed = st.zones.verify()?;
    let want: usize = st.decks.iter().map(|(_, d)| d.len() + 1).sum();
    if placed != want || st.cards.len() != want {
        return Err(format!(
            "{placed} cards placed, {} instances, but the decks and masters hold {want}",
            st.cards.len()
        ));
    }
    for p in PlayerId::BOTH {
        let masters = st.zones.pile(Zone::Master(p));
        if masters.len() != 1 {
            return Err(format!("{p} has {} master cards in place", masters.len()));
        }
        if st.battle.is_none() && !st.zones.pile(Zone::Destroyed(p)).is_empty() {
            return Err(format!(
                "{p} has destroyed creatures waiting outside a battle (LB-5.1)"
            ));
        }
        for z in [
            Zone::Deck(p),
            Zone::Hand(p),
            Zone::Line(p, carddb::Line::Attack),
            Zone::Line(p, carddb::Line::Defense),
            Zone::Destroyed(p),
            Zone::Graveyard(p),
        ] {
            if let Some(c) = st
                .zones
                .pile(z)
                .iter()
                .find(|c| st.cards[c.index()].owner != p)
            {
                return Err(format!("{c} of {} is in {z}", st.cards[c.index()].owner));
            }
        }
    }
    Ok(())
}

impl Game {
    /// Checks conservation now (and reports the first violation seen after any event while
    /// paranoid, [`Game::set_paranoid`]). Errors: a text naming the violation.
    pub fn check_invariants(&self) -> Result<(), String> {
        if let Some(v) = &self.st.violation {
            return Err(v.clone());
        }
        conservation(&self.st)
    }
}
