//! Levels and BP from the level table (BS-5.1, BS-5.3), and field symbols (BS-5.2 step 3).

use std::collections::BTreeMap;

use carddb::{CardKind, Colour, LevelRow};

use super::game::Game;
use super::types::CoreLoc;
use crate::core::{InstanceId, PlayerId};

/// Symbols on one player's field: per colour, and ultimate symbols (BS-12.4).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSymbols {
    /// Symbols per colour.
    pub colours: BTreeMap<Colour, u32>,
    /// Symbols of several colours, each counting once as any one of them.
    pub multi: Vec<Vec<Colour>>,
    /// Ultimate symbols (BS-12.4).
    pub ultimate: u32,
}

impl Game {
    /// Cores on a field card.
    pub fn cores_on(&self, card: InstanceId) -> u32 {
        self.cores_at(CoreLoc::Card(card))
    }

    /// The level row a field card is at, from its cores; `None` below its lowest row. A
    /// card an effect treats as another level reads that level's row (its BP); with too
    /// few cores for its lowest row it has none all the same (rulings BSS01-134, BSS02-059).
    pub fn level_row(&self, card: InstanceId) -> Option<&LevelRow> {
        let real = self.def_of(card).level_for_cores(self.cores_on(card))?;
        match self.treated_level(card) {
            Some(n) => self.row_for_level(card, n),
            None => Some(real),
        }
    }

    /// The level a field card is at: from its cores, or the level an effect treats it as
    /// (level-bound effects follow it).
    pub fn level(&self, card: InstanceId) -> Option<u8> {
        let real = self.def_of(card).level_for_cores(self.cores_on(card))?;
        Some(self.treated_level(card).unwrap_or(real.level))
    }

    /// The BP of a field card at its level (0 when it has none), plus its braves' "when
    /// braved BP +" (BS-9.2) and the BP of a card joined to it for the battle, with the BP modifiers of effects (turn/battle ones and
    /// constant ones evaluated now, BS-8.1), never below 0.
    pub fn bp(&self, card: InstanceId) -> u32 {
        let mut base = self.level_row(card).and_then(|r| r.bp).unwrap_or(0);
        // BS-9.2: the braves' "when braved BP +".
        base += self.brave_bp_bonus(card);
        // A card joined to it for the battle adds its BP (`link_for_battle`).
        if self.st.scripts.battle_join.is_some() {
            base += self.joined_bp(card);
        }
        if self.in_over_count(card) {
            // BS-13.3: the OC BP bonus, like a braved bonus, whatever the level.
            base += self
                .def_of(card)
                .over_count
                .as_ref()
                .map_or(0, |o| o.bp_bonus);
        }
        let delta = self.bp_delta(card);
        if delta == 0 {
            return base;
        }
        (i64::from(base) + delta).clamp(0, i64::from(u32::MAX)) as u32
    }

    /// BS-13.3: whether a field card is in over count: its controller's count area holds at
    /// least its OC condition's cores (whatever its level).
    pub fn in_over_count(&self, card: InstanceId) -> bool {
        self.def_of(card).over_count.as_ref().is_some_and(|oc| {
            let owner = self.owner(card);
            self.zone_of(card) == super::types::Zone::Field(owner)
                && self.cores_at(CoreLoc::Count(owner)) >= oc.count
        })
    }

    /// Whether a card fights as a spirit: spirits, ultimates, and braves in spirit form. A
    /// braved brave is part of its host (BS-9.1): it does not fight or deplete on its own.
    pub fn is_spirit_like(&self, card: InstanceId) -> bool {
        match self.def_of(card).kind {
            CardKind::Spirit | CardKind::Ultimate => true,
            CardKind::Brave => !self.is_braved_brave(card),
            _ => false,
        }
    }

    /// BS-5.2 step 3: the symbols of every card on `p`'s field, as effects make them count
    /// (`Game::card_symbols`).
    pub fn field_symbols(&self, p: PlayerId) -> std::rc::Rc<FieldSymbols> {
        // Cached until the next event while no cost is being read (`while_summoning`).
        let cache = self.rt.summoning.get().is_none();
        if cache && let Some(s) = &self.rt.symbols_cache.borrow()[p.index()] {
            return s.clone();
        }
        let s = std::rc::Rc::new(self.field_symbols_now(p));
        if cache {
            self.rt.symbols_cache.borrow_mut()[p.index()] = Some(s.clone());
        }
        s
    }

    fn field_symbols_now(&self, p: PlayerId) -> FieldSymbols {
        let mut s = FieldSymbols::default();
        for c in self.pile(super::types::Zone::Field(p)) {
            let one = self.card_symbols(*c);
            for (col, n) in one.colours {
                *s.colours.entry(col).or_default() += n;
            }
            s.multi.extend(one.multi);
            s.ultimate += one.ultimate;
        }
        s
    }
}
