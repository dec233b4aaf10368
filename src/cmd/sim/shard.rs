//! `sim --shard K/N --out FILE`: one slice of a run, written as a mergeable shard file.
//!
//! Game `k` of a run (counted over all pairings, in pairing order) is deterministic from
//! the run and `k` (seed + k), so any machine can play any slice. Shard K of N plays the
//! games `[total·(K−1)/N, total·K/N)`; its file holds the run's identity (what makes two
//! runs the same run), the slice, one record per game and the names of the cards it
//! mentions, which is all `sim merge` needs to print the unsharded report.

use std::collections::BTreeMap;
use std::ops::Range;

use engine::rules::battle_spirits::sim::{GameRecord, PlayerKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The shard file format's version, checked by `sim merge`.
pub const FORMAT_VERSION: u32 = 1;

/// `K/N`: shard K (1-based) of N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSpec {
    /// This shard, 1..=N.
    pub k: u64,
    /// How many shards the run is split into.
    pub n: u64,
}

impl std::str::FromStr for ShardSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard takes K/N with 1 ≤ K ≤ N (e.g. 2/4), got `{s}`");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(ShardSpec { k, n })
    }
}

impl ShardSpec {
    /// The game indices of this shard among `total` games (contiguous, sizes differ by at
    /// most one, all N shards cover `0..total` once).
    pub fn games(self, total: u64) -> Range<u64> {
        let at = |i: u64| (u128::from(total) * u128::from(i) / u128::from(self.n)) as u64;
        at(self.k - 1)..at(self.k)
    }
}

/// A deck of the run: its name, its card list and the list's SHA-256 (ids in order, one a
/// line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckIdentity {
    /// The name the report prints.
    pub name: String,
    /// SHA-256 hex of the card ids, each followed by a newline.
    pub hash: String,
    /// The card ids (the balance report counts each card's decks and games).
    pub cards: Vec<String>,
}

impl DeckIdentity {
    /// The identity of deck `name` with cards `ids`.
    pub fn new(name: &str, ids: &[String]) -> DeckIdentity {
        let mut h = Sha256::new();
        for id in ids {
            h.update(id.as_bytes());
            h.update(b"\n");
        }
        let hash = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
        DeckIdentity {
            name: name.to_string(),
            hash,
            cards: ids.to_vec(),
        }
    }
}

/// Everything that makes the games of a run what they are: shards agree on all of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunIdentity {
    /// The catalogue's content hash.
    pub catalogue: String,
    /// The decks, in the order given (pairings follow it).
    pub decks: Vec<DeckIdentity>,
    /// Who plays P1 and P2.
    pub players: [PlayerKind; 2],
    /// Rollouts per decision of a search seat.
    pub search_budget: u32,
    /// Seed of game 0.
    pub seed: u64,
    /// Games per pairing.
    pub games: u64,
    /// The format asked for (`--format`, else the first deck file's), `None`: the default.
    pub format: Option<String>,
    /// Conservation checked after every event.
    pub check: bool,
    /// Script errors fatal.
    pub strict: bool,
    /// How many shards the run is split into.
    pub shards: u64,
}

/// A shard file: `sim --shard K/N --out FILE` writes it, `sim merge` reads it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShardFile {
    /// [`FORMAT_VERSION`].
    pub cardscript_sim_shard: u32,
    /// The run this shard belongs to.
    pub run: RunIdentity,
    /// Which shard (1-based; `run.shards` in all).
    pub shard: u64,
    /// The game indices it played, `[start, end)`.
    pub games: [u64; 2],
    /// Names of the run's deck cards and of the cards its records mention, by id (the
    /// reports print them).
    pub names: BTreeMap<String, String>,
    /// One record per game, in game index order.
    pub records: Vec<GameRecord>,
}

impl ShardFile {
    /// The file for shard `spec` of `run`, with card names from `name`.
    pub fn new(
        run: RunIdentity,
        spec: ShardSpec,
        games: Range<u64>,
        records: Vec<GameRecord>,
        name: &dyn Fn(&str) -> String,
    ) -> ShardFile {
        let names = (run.decks.iter())
            .flat_map(|d| &d.cards)
            .chain(
                records
                    .iter()
                    .flat_map(|r| r.played.iter().flatten().chain(&r.inert)),
            )
            .map(|id| (id.clone(), name(id)))
            .collect();
        ShardFile {
            cardscript_sim_shard: FORMAT_VERSION,
            run,
            shard: spec.k,
            games: [games.start, games.end],
            names,
            records,
        }
    }

    /// Writes the file as JSON to `out`, or to standard output when `None`.
    pub fn write(&self, out: Option<&std::path::Path>) -> Result<(), Box<dyn std::error::Error>> {
        let json = serde_json::to_string(self)?;
        match out {
            Some(p) => std::fs::write(p, json + "\n")
                .map_err(|e| format!("cannot write {}: {e}", p.display()))?,
            None => say!("{json}"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once_in_order() {
        for total in [0u64, 1, 7, 28, 2800] {
            for n in 1..=9 {
                let mut next = 0;
                for k in 1..=n {
                    let g = ShardSpec { k, n }.games(total);
                    assert_eq!(g.start, next, "total {total}, shard {k}/{n}");
                    assert!(g.end - g.start <= total.div_ceil(n));
                    next = g.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(ShardSpec { k: 2, n: 4 }.games(10), 2..5);
    }

    #[test]
    fn a_shard_is_k_of_n() {
        assert_eq!("3/4".parse(), Ok(ShardSpec { k: 3, n: 4 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0"] {
            let e = bad.parse::<ShardSpec>().unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
    }
}
