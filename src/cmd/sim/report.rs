//! The balance report of `cardscript sim --report FILE.html` (and `--json`): a pure
//! function of a run's decks and its per-game records ([`GameRecord`], game-index order),
//! so a run split into shards gives the same report once their records are concatenated.
//!
//! Per pairing: the first seat's win rate with its 95 % Wilson interval and the distribution
//! of game lengths (turns). Per card: games in a deck, games in which its seat played it, the
//! seat's win rate when it was played and when it was not (with intervals); cards never
//! played are flagged. Effects that stayed inert or failed (`EffectInert` / `EffectFailed`
//! in the games' logs) are counted per card.

use std::collections::{BTreeMap, BTreeSet};

use engine::rules::battle_spirits::sim::{GameRecord, pairings};
use serde::Serialize;

/// z of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A proportion `hits / n` with its 95 % Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    pub hits: u64,
    pub n: u64,
    /// `hits / n` (0 when `n` is 0).
    pub rate: f64,
    /// The interval's bounds (0 and 1 when `n` is 0: nothing is known).
    pub low: f64,
    pub high: f64,
}

impl Rate {
    /// `hits` of `n` with the Wilson score interval at 95 %: centre
    /// `(p + z²/2n) / (1 + z²/n)`, half-width `z √(p(1−p)/n + z²/4n²) / (1 + z²/n)`.
    pub fn wilson(hits: u64, n: u64) -> Rate {
        if n == 0 {
            return Rate {
                hits,
                n,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let nf = n as f64;
        let p = hits as f64 / nf;
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / denom;
        let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / denom;
        Rate {
            hits,
            n,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// How long the finished games of a pairing were, in turns.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Lengths {
    /// Finished games.
    pub games: u64,
    pub min: u32,
    /// The lower median (the `⌈n/2⌉`-th shortest game).
    pub median: u32,
    pub max: u32,
    pub mean: f64,
    /// `(turns, games)` for every length that occurred, shortest first.
    pub histogram: Vec<(u32, u64)>,
}

impl Lengths {
    fn of(turns: &[u32]) -> Lengths {
        if turns.is_empty() {
            return Lengths::default();
        }
        let mut t = turns.to_vec();
        t.sort_unstable();
        let mut histogram: Vec<(u32, u64)> = Vec::new();
        for &x in &t {
            match histogram.last_mut() {
                Some((v, c)) if *v == x => *c += 1,
                _ => histogram.push((x, 1)),
            }
        }
        Lengths {
            games: t.len() as u64,
            min: t[0],
            median: t[(t.len() - 1) / 2],
            max: t[t.len() - 1],
            mean: t.iter().map(|&x| f64::from(x)).sum::<f64>() / t.len() as f64,
            histogram,
        }
    }
}

/// One pairing: deck `p1` in the first seat against deck `p2`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairBalance {
    pub p1: String,
    pub p2: String,
    pub games: u64,
    pub p1_wins: u64,
    pub p2_wins: u64,
    pub draws: u64,
    /// Games that did not finish (failures).
    pub unfinished: u64,
    /// P1's wins over all the pairing's games.
    pub p1_win_rate: Rate,
    pub turns: Lengths,
}

/// One cell of the deck-against-deck matrix: `deck`'s wins over its games against
/// `against`, from either seat (a mirror match counts both seats).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatrixCell {
    pub deck: String,
    pub against: String,
    pub win_rate: Rate,
}

/// One card over the seats whose deck holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardBalance {
    pub id: String,
    pub name: String,
    /// The decks that hold it.
    pub decks: Vec<String>,
    /// Seat-games whose deck held it (a mirror match counts twice).
    pub games_in_deck: u64,
    /// Of those, the ones in which that seat played it at least once.
    pub games_played: u64,
    /// Times it was played over all games.
    pub times_played: u64,
    /// The seat's win rate in the games it played the card.
    pub win_when_played: Rate,
    /// The seat's win rate in the games it held the card but did not play it.
    pub win_when_not_played: Rate,
    /// In a deck, never played.
    pub never_played: bool,
    /// Games in which one of its effects was inert (unsupported).
    pub inert_games: u64,
    /// `EffectFailed` events of its effects.
    pub failed: u64,
}

/// The balance report of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Balance {
    /// Who played the seats (`greedy`, `search(48)` …).
    pub players: [String; 2],
    pub games: u64,
    pub pairs: Vec<PairBalance>,
    /// Every deck against every deck it met, row by row.
    pub matrix: Vec<MatrixCell>,
    /// Every card of the decks, by id.
    pub cards: Vec<CardBalance>,
    /// Ids of the cards that were in a deck and never played.
    pub never_played: Vec<String>,
    /// Inert effects (`EffectInert`) over all games.
    pub effects_inert: u64,
    /// Failed effects (`EffectFailed`) as "card id effect N: reason", with how many times.
    pub effects_failed: BTreeMap<String, u64>,
}

/// Computes the balance report of `records` (in game-index order) of games between `decks`
/// (name, card ids), whose cards are named by `names`, played by `players`.
pub fn balance(
    decks: &[(String, Vec<String>)],
    names: &BTreeMap<String, String>,
    players: [String; 2],
    records: &[GameRecord],
) -> Balance {
    let pairs = pairings(decks.len());
    let mut turns: Vec<Vec<u32>> = vec![Vec::new(); pairs.len()];
    let mut pair_counts = vec![[0u64; 5]; pairs.len()]; // games, p1, p2, draws, unfinished
    let n = decks.len();
    let mut cell = vec![(0u64, 0u64); n * n];
    // card → (in deck, played, times, wins played, wins not played, inert games, failed)
    let mut card: BTreeMap<&str, [u64; 7]> = BTreeMap::new();
    let deck_sets: Vec<BTreeSet<&str>> = decks
        .iter()
        .map(|d| d.1.iter().map(String::as_str).collect())
        .collect();
    for set in &deck_sets {
        for c in set {
            card.entry(c).or_default();
        }
    }
    let mut effects_failed: BTreeMap<String, u64> = BTreeMap::new();
    let mut effects_inert = 0;
    for r in records {
        let c = &mut pair_counts[r.pair];
        c[0] += 1;
        match (r.finished, r.winner) {
            (false, _) => c[4] += 1,
            (true, Some(0)) => c[1] += 1,
            (true, Some(_)) => c[2] += 1,
            (true, None) => c[3] += 1,
        }
        if r.finished {
            turns[r.pair].push(r.turns);
        }
        for seat in 0..2 {
            let (me, them) = (r.decks[seat], r.decks[1 - seat]);
            let won = u64::from(r.finished && r.winner == Some(seat));
            let e = &mut cell[me * n + them];
            e.0 += won;
            e.1 += 1;
            let played: BTreeSet<&str> = r.played[seat].iter().map(String::as_str).collect();
            for id in &deck_sets[me] {
                let s = card.entry(id).or_default();
                s[0] += 1;
                if played.contains(id) {
                    s[1] += 1;
                    s[3] += won;
                } else {
                    s[4] += won;
                }
            }
            for id in &r.played[seat] {
                card.entry(id.as_str()).or_default()[2] += 1;
            }
        }
        for id in &r.inert {
            card.entry(id.as_str()).or_default()[5] += 1;
        }
        for f in &r.failed_effects {
            let id = f.split(' ').next().unwrap_or_default();
            card.entry(id).or_default()[6] += 1;
            *effects_failed.entry(f.clone()).or_default() += 1;
        }
        effects_inert += r.effects.inert;
    }
    let pairs_out = pairs
        .iter()
        .zip(pair_counts.iter().zip(&turns))
        .map(|(&(a, b), (c, t))| PairBalance {
            p1: decks[a].0.clone(),
            p2: decks[b].0.clone(),
            games: c[0],
            p1_wins: c[1],
            p2_wins: c[2],
            draws: c[3],
            unfinished: c[4],
            p1_win_rate: Rate::wilson(c[1], c[0]),
            turns: Lengths::of(t),
        })
        .collect();
    let matrix = (0..n * n)
        .filter(|&i| cell[i].1 > 0)
        .map(|i| MatrixCell {
            deck: decks[i / n].0.clone(),
            against: decks[i % n].0.clone(),
            win_rate: Rate::wilson(cell[i].0, cell[i].1),
        })
        .collect();
    let cards: Vec<CardBalance> = card
        .into_iter()
        .map(|(id, s)| CardBalance {
            id: id.to_string(),
            name: names.get(id).cloned().unwrap_or_default(),
            decks: decks
                .iter()
                .zip(&deck_sets)
                .filter(|(_, set)| set.contains(id))
                .map(|(d, _)| d.0.clone())
                .collect(),
            games_in_deck: s[0],
            games_played: s[1],
            times_played: s[2],
            win_when_played: Rate::wilson(s[3], s[1]),
            win_when_not_played: Rate::wilson(s[4], s[0] - s[1].min(s[0])),
            never_played: s[0] > 0 && s[1] == 0,
            inert_games: s[5],
            failed: s[6],
        })
        .collect();
    Balance {
        players,
        games: records.len() as u64,
        pairs: pairs_out,
        matrix,
        never_played: cards
            .iter()
            .filter(|c| c.never_played)
            .map(|c| c.id.clone())
            .collect(),
        cards,
        effects_inert,
        effects_failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wilson 95 % intervals computed by hand (p̂, z = 1.96):
    /// 7/10 → centre 0.6445, half-width 0.2477 → [0.3968, 0.8922];
    /// 0/10 → [0, z²/(n+z²)] = [0, 0.2775]; 50/100 → [0.4038, 0.5962].
    #[test]
    fn wilson_intervals_match_hand_computed_values() {
        let close = |a: f64, b: f64| (a - b).abs() < 5e-5;
        let r = Rate::wilson(7, 10);
        assert!(
            close(r.rate, 0.7) && close(r.low, 0.3968) && close(r.high, 0.8922),
            "{r:?}"
        );
        let r = Rate::wilson(0, 10);
        assert!(close(r.low, 0.0) && close(r.high, 0.2775), "{r:?}");
        let r = Rate::wilson(50, 100);
        assert!(close(r.low, 0.4038) && close(r.high, 0.5962), "{r:?}");
        let r = Rate::wilson(0, 0);
        assert_eq!((r.low, r.high), (0.0, 1.0));
    }

    fn record(pair: usize, decks: [usize; 2], winner: Option<usize>, turns: u32) -> GameRecord {
        GameRecord {
            pair,
            decks,
            finished: true,
            winner,
            turns,
            ..GameRecord::default()
        }
    }

    /// Per card: a card played in the games its seat won and held in the ones it lost has
    /// win rates 1 (played) and 0 (not played); a card never played is flagged.
    #[test]
    fn per_card_figures_split_games_by_whether_the_card_was_played() {
        let decks = vec![
            ("A".to_string(), vec!["x".to_string(), "y".to_string()]),
            ("B".to_string(), vec!["z".to_string()]),
        ];
        let mut g1 = record(0, [0, 1], Some(0), 4);
        g1.played[0] = vec!["x".into(), "x".into()];
        g1.played[1] = vec!["z".into()];
        let mut g2 = record(0, [0, 1], Some(1), 6);
        g2.played[1] = vec!["z".into()];
        let g3 = record(0, [0, 1], None, 9);
        let b = balance(
            &decks,
            &BTreeMap::new(),
            ["greedy".into(), "greedy".into()],
            &[g1, g2, g3],
        );
        let p = &b.pairs[0];
        assert_eq!((p.games, p.p1_wins, p.p2_wins, p.draws), (3, 1, 1, 1));
        assert_eq!((p.turns.min, p.turns.median, p.turns.max), (4, 6, 9));
        let x = b.cards.iter().find(|c| c.id == "x").unwrap();
        assert_eq!((x.games_in_deck, x.games_played, x.times_played), (3, 1, 2));
        assert_eq!((x.win_when_played.hits, x.win_when_played.n), (1, 1));
        assert_eq!(
            (x.win_when_not_played.hits, x.win_when_not_played.n),
            (0, 2)
        );
        let z = b.cards.iter().find(|c| c.id == "z").unwrap();
        assert_eq!((z.games_played, z.win_when_played.hits), (2, 1));
        assert_eq!(b.never_played, vec!["y".to_string()]);
        let a_vs_b = b.matrix.iter().find(|c| c.deck == "A").unwrap();
        assert_eq!((a_vs_b.win_rate.hits, a_vs_b.win_rate.n), (1, 3));
    }
}
