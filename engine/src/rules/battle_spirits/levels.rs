//! Levels and BP from the level table (BS-5.1, BS-5.3), and field symbols (BS-5.2 step 3).

use carddb::{CardKind, Colour, LevelRow};

use super::game::Game;
use super::types::CoreLoc;
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::script::constants::SYMBOL_MODS;

/// Symbols on one player's field: per colour, and ultimate symbols (BS-12.4).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSymbols {
    /// Symbols per colour.
    pub colours: ColourTally,
    /// Symbols of several colours, each counting once as any one of them.
    pub multi: Vec<Vec<Colour>>,
    /// Ultimate symbols (BS-12.4).
    pub ultimate: u32,
}

/// A count per colour, like a `BTreeMap<Colour, u32>` (a colour present with 0 differs from
/// one absent; colours iterate in the printed order, `Colour::ALL`) in a fixed table: no
/// allocation when symbols are counted after every event.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColourTally([Option<u32>; 6]);

impl ColourTally {
    /// The count of `c`, if present.
    pub fn get(&self, c: &Colour) -> Option<&u32> {
        self.0[*c as usize].as_ref()
    }

    /// Sets the count of `c`; returns the count it replaces.
    pub fn insert(&mut self, c: Colour, n: u32) -> Option<u32> {
        self.0[c as usize].replace(n)
    }

    /// Adds `n` to the count of `c` (present from then on).
    pub fn add(&mut self, c: Colour, n: u32) {
        *self.0[c as usize].get_or_insert(0) += n;
    }

    /// The counts present, in colour order.
    pub fn values(&self) -> impl Iterator<Item = &u32> {
        self.0.iter().flatten()
    }

    /// The counts present, to change in place.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut u32> {
        self.0.iter_mut().flatten()
    }

    /// `(colour, count)` for each colour present, in colour order.
    pub fn iter(&self) -> impl Iterator<Item = (Colour, u32)> + '_ {
        (Colour::ALL.iter().zip(&self.0)).filter_map(|(c, n)| Some((*c, (*n)?)))
    }
}

impl FromIterator<(Colour, u32)> for ColourTally {
    /// A later count of a colour replaces an earlier one, as when collecting into a map.
    fn from_iter<I: IntoIterator<Item = (Colour, u32)>>(iter: I) -> Self {
        let mut t = ColourTally::default();
        for (c, n) in iter {
            t.insert(c, n);
        }
        t
    }
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
        self.level_and_row(card)?.1
    }

    /// A field card's level ([`Game::level`]) and level row ([`Game::level_row`]), its
    /// cores and level modifiers read once (a view reads both of every field
    /// card); `None` below its lowest row.
    pub(crate) fn level_and_row(&self, card: InstanceId) -> Option<(u8, Option<&LevelRow>)> {
        let real = self.def_of(card).level_for_cores(self.cores_on(card))?;
        Some(match self.treated_level(card) {
            Some(n) => (n, self.row_for_level(card, n)),
            None => (real.level, Some(real)),
        })
    }

    /// The level from the cores alone of the card at `loc` (`None` elsewhere or below its
    /// lowest row): what a core move can change of the derived values.
    pub(crate) fn level_from_cores(&self, loc: Option<CoreLoc>) -> Option<Option<u8>> {
        let Some(CoreLoc::Card(c)) = loc else {
            return None;
        };
        Some(
            self.def_of(c)
                .level_for_cores(self.cores_on(c))
                .map(|r| r.level),
        )
    }

    /// The level a field card is at: from its cores, or the level an effect treats it as
    /// (level-bound effects follow it).
    pub fn level(&self, card: InstanceId) -> Option<u8> {
        self.level_and_row(card).map(|(level, _)| level)
    }

    /// The BP of a field card at its level (0 when it has none), plus its braves' "when
    /// braved BP +" (BS-9.2) and the BP of a card joined to it for the battle, with the BP modifiers of effects (turn/battle ones and
    /// constant ones evaluated now, BS-8.1), never below 0.
    pub fn bp(&self, card: InstanceId) -> u32 {
        self.bp_at_row(card, self.level_row(card))
    }

    /// [`Game::bp`] with the card's level row already read ([`Game::level_and_row`]).
    pub(crate) fn bp_at_row(&self, card: InstanceId, row: Option<&LevelRow>) -> u32 {
        let mut base = row.and_then(|r| r.bp).unwrap_or(0);
        // BS-5.1: the level table's BP an effect reads otherwise ("treat the LV1 BP as …").
        if let Some(r) = row
            && r.bp.is_some()
            && let Some(n) = self.level_bp_as(card, r.level)
        {
            base = n;
        }
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
        // Cached until the next event (`check_derived`), unless a cost is being read with
        // constants of its own (`while_summoning`, `script::summoning`).
        let cache = self.rt.summoning.get().is_none() || !self.host.has_constant || {
            let now = self.constant_mods();
            let base = self.rt.const_cache.borrow();
            base.as_ref().is_some_and(|b| std::rc::Rc::ptr_eq(b, &now))
        };
        if cache && let Some(s) = &self.rt.symbols_cache.borrow()[p.index()] {
            return s.clone();
        }
        let s = std::rc::Rc::new(self.field_symbols_now(p));
        if cache {
            self.rt.symbols_cache.borrow_mut()[p.index()] = Some(s.clone());
        }
        s
    }

    /// Whether one of the symbols on `p`'s field is of a colour `c` has ("magic cards that
    /// do not share a color with any of the symbols on their field"); a multi-colour symbol
    /// counts as each of its colours. Read afresh, never from the cache: it may be read
    /// while constants are computed.
    pub(crate) fn shares_field_symbol_colour(&self, p: PlayerId, c: InstanceId) -> bool {
        let s = self.field_symbols_now(p);
        let colours = self.colours_of(c);
        colours.iter().any(|col| {
            s.colours.get(col).is_some_and(|n| *n > 0) || s.multi.iter().any(|m| m.contains(col))
        })
    }

    fn field_symbols_now(&self, p: PlayerId) -> FieldSymbols {
        let mut s = FieldSymbols::default();
        for &c in self.pile(super::types::Zone::Field(p)) {
            // A card no effect can change counts its printed symbols, read in
            // place (`Game::card_symbols` would copy them first).
            if !(self.on_field(c) && self.mods_of(c).may_have(SYMBOL_MODS)) {
                let d = &self.def_of(c).symbols;
                for (col, n) in &d.colours {
                    s.colours.add(*col, u32::from(*n));
                }
                s.multi.extend(d.multi.iter().cloned());
                s.ultimate += u32::from(d.ultimate);
                continue;
            }
            let one = self.card_symbols(c);
            for (col, n) in one.colours.iter() {
                s.colours.add(col, n);
            }
            s.multi.extend(one.multi);
            s.ultimate += one.ultimate;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_tally_reads_like_the_map_it_replaces() {
        use std::collections::BTreeMap;
        let pairs = [(Colour::Blue, 2), (Colour::Red, 0), (Colour::Blue, 3)];
        let t: ColourTally = pairs.into_iter().collect();
        let m: BTreeMap<Colour, u32> = pairs.into_iter().collect();
        let listed: Vec<(Colour, u32)> = m.iter().map(|(c, n)| (*c, *n)).collect();
        assert_eq!(t.iter().collect::<Vec<_>>(), listed);
        // A colour present with 0 is not one absent (as in the map).
        assert_eq!(t.get(&Colour::Red), Some(&0));
        assert_eq!(t.get(&Colour::Green), None);
        assert_ne!(t, ColourTally::default().iter().collect());
        let mut u = t;
        u.add(Colour::Green, 4);
        u.values_mut().for_each(|n| *n *= 2);
        assert_eq!(u.values().sum::<u32>(), 14);
        assert_eq!(u.insert(Colour::Green, 1), Some(8));
    }
}
