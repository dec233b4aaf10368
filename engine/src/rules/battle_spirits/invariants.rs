//! Conservation (BS-0.5): every core is in exactly one place and the event-derived
//! ledger agrees with the state; every card is in exactly one zone and none is lost.
//! Settled decisions (BS-5.3): no spirit is left short of cores when the game asks.

use thiserror::Error;

use super::game::{Game, Phase};
use super::types::{CoreLoc, SOUL_CORE, Zone};
use crate::core::PlayerId;

/// A broken invariant, with what was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InvariantError {
    #[error("cores not conserved (BS-0.5): {0}")]
    Cores(String),
    #[error("cards not conserved: {0}")]
    Cards(String),
    #[error("a rule left unapplied at a decision: {0}")]
    Unsettled(String),
}

impl Game {
    /// Checks BS-0.5 and card conservation:
    /// - the ledger kept from `CoreMoved` events equals the core table at every location,
    ///   and cores in game = cores taken from the void − cores returned to it;
    /// - every core on a card sits on a card that is on the field;
    /// - each player's soul core (if the config has one) exists exactly once: in the game,
    ///   or in the void where an effect placed it (it never comes back, BSS01-001 rulings);
    /// - every card is in exactly one zone and the card count equals the deck sizes plus
    ///   the tokens made (keyword ruling K27);
    /// - BS-9: every brave link joins a brave and a non-brave of one player's field, the
    ///   brave holds no cores and is in one link, a host holds at most `braves_per_host`.
    ///
    /// Errors: the first violation found.
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        self.st
            .ledger
            .verify(&self.st.cores)
            .map_err(InvariantError::Cores)?;
        let mut souls = 0;
        for (id, t) in self.st.cores.iter() {
            if let Some(CoreLoc::Card(c)) = t.at
                && !matches!(self.st.zones.zone_of(c), Some(Zone::Field(_)))
            {
                return Err(InvariantError::Cores(format!(
                    "core {id:?} is on {c}, which is not on the field"
                )));
            }
            if t.tag == SOUL_CORE {
                souls += 1;
            }
        }
        let want = if self.st.config.soul_core && self.st.config.starting_reserve > 0 {
            2
        } else {
            0
        };
        if souls != want {
            return Err(InvariantError::Cores(format!(
                "{souls} soul cores made, expected {want}"
            )));
        }
        let placed = self.st.zones.verify().map_err(InvariantError::Cards)?;
        let decks: usize = self.st.decks.iter().map(Vec::len).sum();
        // Keyword ruling K27: tokens made by effects are the only cards beyond the decks.
        let tokens = self.st.cards.get(decks..).unwrap_or(&[]);
        let total = decks
            + tokens
                .iter()
                .filter(|c| self.lib.def(&c.card).token)
                .count();
        if placed != total || self.st.cards.len() != total {
            return Err(InvariantError::Cards(format!(
                "{placed} cards placed, {} instances, {total} in the decks",
                self.st.cards.len()
            )));
        }
        for p in PlayerId::BOTH {
            for c in self.pile(Zone::Field(p)) {
                if self.owner(*c) != p {
                    return Err(InvariantError::Cards(format!("{c} on the wrong field")));
                }
            }
        }
        self.check_brave_links().map_err(InvariantError::Cards)
    }

    /// BS-5.3: at a decision of the main step or the attack step (an action, an attack, a
    /// block or a flash timing, with no effect question waiting), every spirit on the field
    /// holds at least its lowest level's cores, and none has its BP lowered to 0 (BS-5.3.1):
    /// each procedure that takes cores from a card or lowers a BP checks before the game
    /// asks again. (A payment, a placement or an attack
    /// tax may leave a card short until it ends, BS-5.2 step 6; those decisions are not
    /// checked.) Strict games check this at every such decision ([`Game::next`]).
    ///
    /// Errors: [`InvariantError::Unsettled`] naming the first card short of cores.
    pub fn check_settled(&self) -> Result<(), InvariantError> {
        let asks = matches!(
            self.st.phase,
            Phase::Main | Phase::AttackDeclare | Phase::Block | Phase::Flash { .. }
        );
        if !asks || self.st.scripts.pending.is_some() {
            return Ok(());
        }
        for p in PlayerId::BOTH {
            for c in self.pile(Zone::Field(p)) {
                if !self.is_spirit_like(*c) {
                    continue;
                }
                let min = self.def_of(*c).minimum_cores();
                if self.cores_on(*c) < min {
                    return Err(InvariantError::Unsettled(format!(
                        "{c} holds {} core(s), below its lowest level's {min} (BS-5.3)",
                        self.cores_on(*c)
                    )));
                }
                if !self.is_being_destroyed(*c) && self.bp_lowered_to_zero(*c) {
                    return Err(InvariantError::Unsettled(format!(
                        "{c} has its BP lowered to 0 and is on the field (BS-5.3.1)"
                    )));
                }
            }
        }
        Ok(())
    }

    /// BS-9.1 / BS-9.2 / BS-9.3: the brave links are sound.
    fn check_brave_links(&self) -> Result<(), String> {
        for (i, l) in self.st.braves.iter().enumerate() {
            let p = self.owner(l.brave);
            let field = Zone::Field(p);
            if self.zone_of(l.brave) != field || self.zone_of(l.host) != field {
                return Err(format!("brave link {} → {} off the field", l.brave, l.host));
            }
            if self.def_of(l.brave).kind != carddb::CardKind::Brave
                || self.def_of(l.host).kind == carddb::CardKind::Brave
            {
                return Err(format!(
                    "brave link {} → {} of wrong kinds",
                    l.brave, l.host
                ));
            }
            if self.cores_on(l.brave) > 0 {
                return Err(format!("braved brave {} holds cores", l.brave));
            }
            if self.st.braves[..i].iter().any(|m| m.brave == l.brave) {
                return Err(format!("brave {} in two links", l.brave));
            }
            if self.braves_on(l.host).len() > self.st.config.braves_per_host as usize {
                return Err(format!("{} holds too many braves", l.host));
            }
        }
        Ok(())
    }
}
