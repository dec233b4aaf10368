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
///
/// The piles lie end to end in one vector (a game copy clones three vectors, not one per
/// pile); a save holds them as `{"piles": [[zone, [ids…]], …], "location": […]}`.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    from = "ZonesRepr<Z>",
    into = "ZonesRepr<Z>",
    bound(serialize = "Z: Serialize + Copy", deserialize = "Z: Deserialize<'de>")
)]
pub struct Zones<Z> {
    /// Every pile's instances, pile after pile in `piles` order.
    ids: Vec<InstanceId>,
    /// Each pile's zone, start in `ids` and length, in the order the piles were first used.
    piles: Vec<(Z, u32, u32)>,
    /// Zone of each instance, indexed by `InstanceId`.
    location: Vec<Option<Z>>,
}

/// A copy into an earlier copy reuses its memory (a step's snapshot).
impl<Z: Copy> Clone for Zones<Z> {
    fn clone(&self) -> Self {
        Zones {
            ids: self.ids.clone(),
            piles: self.piles.clone(),
            location: self.location.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        super::copy::copy_into(&mut self.ids, &source.ids);
        super::copy::copy_into(&mut self.piles, &source.piles);
        super::copy::copy_into(&mut self.location, &source.location);
    }
}

/// The saved shape of [`Zones`]: one vector per pile.
#[derive(Serialize, Deserialize)]
struct ZonesRepr<Z> {
    piles: Vec<(Z, Vec<InstanceId>)>,
    location: Vec<Option<Z>>,
}

impl<Z: Clone> From<Zones<Z>> for ZonesRepr<Z> {
    fn from(z: Zones<Z>) -> Self {
        let piles = (z.piles.iter())
            .map(|(k, s, n)| (k.clone(), z.ids[*s as usize..(*s + *n) as usize].to_vec()))
            .collect();
        ZonesRepr {
            piles,
            location: z.location,
        }
    }
}

impl<Z> From<ZonesRepr<Z>> for Zones<Z> {
    fn from(r: ZonesRepr<Z>) -> Self {
        let mut ids = Vec::new();
        let mut piles = Vec::with_capacity(r.piles.len());
        for (k, v) in r.piles {
            piles.push((k, ids.len() as u32, v.len() as u32));
            ids.extend(v);
        }
        Zones {
            ids,
            piles,
            location: r.location,
        }
    }
}

impl<Z> Default for Zones<Z> {
    fn default() -> Self {
        Zones {
            ids: Vec::new(),
            piles: Vec::new(),
            location: Vec::new(),
        }
    }
}

impl<Z: Copy + PartialEq + std::fmt::Debug> Zones<Z> {
    /// The index of `z` in `piles`, the pile made (empty, last) if new.
    fn pile_index(&mut self, z: Z) -> usize {
        match self.piles.iter().position(|(k, _, _)| *k == z) {
            Some(i) => i,
            None => {
                self.piles.push((z, self.ids.len() as u32, 0));
                self.piles.len() - 1
            }
        }
    }

    /// Puts `id` on top of pile `i`.
    fn push_onto(&mut self, i: usize, id: InstanceId) {
        let (_, s, n) = self.piles[i];
        self.ids.insert((s + n) as usize, id);
        self.piles[i].2 += 1;
        for p in &mut self.piles[i + 1..] {
            p.1 += 1;
        }
    }

    /// Puts a new instance on top of `z`. Panics if it is already in a zone.
    pub fn insert(&mut self, id: InstanceId, z: Z) {
        if self.location.len() <= id.index() {
            self.location.resize(id.index() + 1, None);
        }
        assert!(self.location[id.index()].is_none(), "{id} already placed");
        self.location[id.index()] = Some(z);
        let i = self.pile_index(z);
        self.push_onto(i, id);
    }

    /// Moves an instance to the top of `z`; returns the zone it left.
    pub fn move_to(&mut self, id: InstanceId, z: Z) -> Z {
        let from = self.location[id.index()].expect("instance is placed");
        let f = self.pile_index(from);
        let (_, s, n) = self.piles[f];
        let pos = self.ids[s as usize..(s + n) as usize]
            .iter()
            .position(|&x| x == id)
            .expect("index agrees");
        self.ids.remove(s as usize + pos);
        self.piles[f].2 -= 1;
        for p in &mut self.piles[f + 1..] {
            p.1 -= 1;
        }
        self.location[id.index()] = Some(z);
        let i = self.pile_index(z);
        self.push_onto(i, id);
        from
    }

    /// The pile of `z`, bottom first.
    pub fn pile(&self, z: Z) -> &[InstanceId] {
        self.piles
            .iter()
            .find(|(k, _, _)| *k == z)
            .map_or(&[], |(_, s, n)| &self.ids[*s as usize..(*s + *n) as usize])
    }

    /// Replaces the order of pile `z` (same members), for shuffles.
    pub fn reorder(&mut self, z: Z, order: Vec<InstanceId>) {
        let i = self.pile_index(z);
        let (_, s, n) = self.piles[i];
        debug_assert_eq!(n as usize, order.len());
        self.ids[s as usize..(s + n) as usize].copy_from_slice(&order);
    }

    /// Lays `dealt` into the piles `places`, bottom first, each pile keeping its size (the
    /// first pile's count of ids, then the next's): a search's re-deal of hidden cards
    /// (`players::search`). `dealt` must hold exactly the instances those piles hold now.
    pub fn redeal(&mut self, places: &[Z], dealt: &[InstanceId]) {
        let mut at = 0;
        for &z in places {
            let i = self.pile_index(z);
            let (_, s, n) = self.piles[i];
            let part = &dealt[at..at + n as usize];
            self.ids[s as usize..(s + n) as usize].copy_from_slice(part);
            for id in part {
                self.location[id.index()] = Some(z);
            }
            at += n as usize;
        }
        debug_assert_eq!(at, dealt.len(), "a re-deal keeps every pile's count");
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
        for (z, s, n) in &self.piles {
            for id in &self.ids[*s as usize..(*s + *n) as usize] {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<InstanceId> {
        v.iter().map(|&i| InstanceId(i)).collect()
    }

    #[test]
    fn moves_keep_each_pile_in_order_and_the_saved_shape_is_one_list_per_pile() {
        let mut z: Zones<u8> = Zones::default();
        for i in 0..4 {
            z.insert(InstanceId(i), 0);
        }
        z.insert(InstanceId(4), 2);
        assert_eq!(z.move_to(InstanceId(1), 1), 0);
        assert_eq!(z.move_to(InstanceId(3), 2), 0);
        assert_eq!(z.move_to(InstanceId(4), 1), 2);
        assert_eq!(z.pile(0), &ids(&[0, 2])[..]);
        assert_eq!(z.pile(1), &ids(&[1, 4])[..]);
        assert_eq!(z.pile(2), &ids(&[3])[..]);
        assert_eq!(z.pile(9), &[] as &[InstanceId]);
        assert_eq!(z.top(1), Some(InstanceId(4)));
        z.reorder(0, ids(&[2, 0]));
        assert_eq!(z.pile(0), &ids(&[2, 0])[..]);
        assert_eq!(z.verify(), Ok(5));
        // The save keeps the piles in the order they were first used (2 before 1).
        let json = serde_json::to_string(&z).unwrap();
        assert_eq!(
            json,
            r#"{"piles":[[0,[2,0]],[2,[3]],[1,[1,4]]],"location":[0,1,0,2,1]}"#
        );
        let back: Zones<u8> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, z);
    }
}
