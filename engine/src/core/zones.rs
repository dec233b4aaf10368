//! Card instances and zones: ordered piles of instance ids keyed by a ruleset's zone
//! type, with an index from instance to zone so every card is in exactly one zone.

use serde::{Deserialize, Serialize};

use super::ids::{InstanceId, PlayerId};

/// How a card lies: upright, turned sideways, or turned upside down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Orientation {
    /// Upright.
    Upright,
    /// Turned sideways.
    Sideways,
    /// Turned upside down.
    UpsideDown,
}

/// One physical card in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardInstance {
    /// The card instance.
    pub id: InstanceId,
    /// The card definition's id.
    pub card: String,
    /// The player who owns it.
    pub owner: PlayerId,
    /// How it lies.
    pub orientation: Orientation,
}

/// Ordered piles per zone. The top of a pile is its *last* element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zones<Z> {
    piles: Vec<(Z, Vec<InstanceId>)>,
    /// Zone of each instance, indexed by `InstanceId`.
    location: Vec<Option<Z>>,
}

impl<Z> Default for Zones<Z> {
    fn default() -> Self {
        Zones {
            piles: Vec::new(),
            location: Vec::new(),
        }
    }
}

impl<Z: Copy + PartialEq + std::fmt::Debug> Zones<Z> {
    fn pile_mut(&mut self, z: Z) -> &mut Vec<InstanceId> {
        if let Some(i) = self.piles.iter().position(|(k, _)| *k == z) {
            &mut self.piles[i].1
        } else {
            self.piles.push((z, Vec::new()));
            &mut self.piles.last_mut().expect("just pushed").1
        }
    }

    /// Puts a new instance on top of `z`. Panics if it is already in a zone.
    pub fn insert(&mut self, id: InstanceId, z: Z) {
        if self.location.len() <= id.index() {
            self.location.resize(id.index() + 1, None);
        }
        assert!(self.location[id.index()].is_none(), "{id} already placed");
        self.location[id.index()] = Some(z);
        self.pile_mut(z).push(id);
    }

    /// Moves an instance to the top of `z`; returns the zone it left.
    pub fn move_to(&mut self, id: InstanceId, z: Z) -> Z {
        let from = self.location[id.index()].expect("instance is placed");
        let pile = self.pile_mut(from);
        let pos = pile.iter().position(|&x| x == id).expect("index agrees");
        pile.remove(pos);
        self.location[id.index()] = Some(z);
        self.pile_mut(z).push(id);
        from
    }

    /// The pile of `z`, bottom first.
    pub fn pile(&self, z: Z) -> &[InstanceId] {
        self.piles
            .iter()
            .find(|(k, _)| *k == z)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// Replaces the order of pile `z` (same members), for shuffles.
    pub fn reorder(&mut self, z: Z, order: Vec<InstanceId>) {
        let pile = self.pile_mut(z);
        debug_assert_eq!(pile.len(), order.len());
        *pile = order;
    }

    /// The top instance of `z`.
    pub fn top(&self, z: Z) -> Option<InstanceId> {
        self.pile(z).last().copied()
    }

    /// The zone an instance is in.
    pub fn zone_of(&self, id: InstanceId) -> Option<Z> {
        self.location.get(id.index()).copied().flatten()
    }

    /// Checks that every indexed instance is in exactly one pile and each pile entry
    /// agrees with the index. Returns the number of placed instances.
    pub fn verify(&self) -> Result<usize, String> {
        let mut seen = vec![0u8; self.location.len()];
        for (z, pile) in &self.piles {
            for id in pile {
                if self.location.get(id.index()).copied().flatten() != Some(*z) {
                    return Err(format!("{id} in pile {z:?} but indexed elsewhere"));
                }
                seen[id.index()] += 1;
            }
        }
        for (i, n) in seen.iter().enumerate() {
            let placed = self.location[i].is_some();
            if (placed && *n != 1) || (!placed && *n != 0) {
                return Err(format!("#{i} appears {n} times"));
            }
        }
        Ok(seen.iter().filter(|&&n| n == 1).count())
    }
}
