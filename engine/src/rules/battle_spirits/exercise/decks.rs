//! Legal decks drawn from a whole catalogue so that, over enough games, every card is in
//! some deck (`cardscript exercise`). Cards are grouped by colour (a one-colour
//! deck reduces costs, BS-5.2, so its cards get played), shuffled with the run's seed, and
//! cut into decks of [`DISTINCT`] cards in a cycle; every pass over the catalogue reshuffles.

use std::collections::BTreeMap;

use carddb::CardId;

use crate::core::{GameRng, PlayerId};
use crate::rules::battle_spirits::RulesConfig;
use crate::rules::battle_spirits::deck::{DeckError, check_deck};
use crate::rules::battle_spirits::library::CardLibrary;

/// Distinct cards per deck (each with up to 3 copies: 17 × 3 ≥ 50).
pub const DISTINCT: usize = 17;

/// The cards of the library in deck order for pass `pass`: grouped by first colour (none
/// last), each group shuffled with `seed` and the pass.
fn order(library: &CardLibrary, seed: u64, pass: u64) -> Vec<CardId> {
    let mut groups: BTreeMap<usize, Vec<CardId>> = BTreeMap::new();
    // Keyword ruling K28: a token is never in a deck.
    for d in library.iter().filter(|d| !d.token) {
        let g = d.colours.first().map_or(usize::MAX, |c| *c as usize);
        groups.entry(g).or_default().push(d.id.clone());
    }
    let mut rng = GameRng::new(seed ^ pass.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut out = Vec::new();
    for (_, mut ids) in groups {
        rng.shuffle(&mut ids);
        out.extend(ids);
    }
    out
}

/// How many decks it takes to put every card of `library` in one.
pub fn decks_per_pass(library: &CardLibrary) -> usize {
    let cards = library.iter().filter(|d| !d.token).count(); // K28: tokens in no deck
    cards.div_ceil(DISTINCT).max(1)
}

/// The most cards a legal deck of `library` can hold under `config`: its distinct card
/// names (tokens aside, K28) times the copies a name may have (BS-0.1).
pub fn most_cards(library: &CardLibrary, config: &RulesConfig) -> usize {
    let mut names: Vec<&str> = (library.iter())
        .filter(|d| !d.token)
        .map(|d| d.name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names.len() * config.max_copies as usize
}

/// Deck number `n` (0-based) of a run seeded `seed`: the `n`-th slice of [`DISTINCT`]
/// cards of the catalogue in the order of its pass, three copies each (fewer when a name
/// would pass `config.max_copies`), topped up to `config.min_deck` with more copies, then
/// more cards, and checked by the rules' own deck check (BS-0.1).
/// Errors: the deck check's, when the catalogue cannot make a legal deck.
pub fn deck(
    library: &CardLibrary,
    config: &RulesConfig,
    seed: u64,
    n: u64,
) -> Result<Vec<CardId>, DeckError> {
    let per_pass = decks_per_pass(library) as u64;
    let pass = n / per_pass;
    let ids = order(library, seed, pass);
    let start = ((n % per_pass) as usize) * DISTINCT;
    let size = config.min_deck as usize;
    let mut per_name: BTreeMap<String, u32> = BTreeMap::new();
    let mut deck: Vec<CardId> = Vec::with_capacity(size);
    let copies = config.max_copies.min(3);
    let mut chosen: Vec<CardId> = Vec::new();
    // The slice, then (when a name repeats or the catalogue is small) the cards after it.
    for id in ids.iter().cycle().skip(start).take(ids.len()) {
        if deck.len() >= size {
            break;
        }
        let name = library.def(id).name.clone();
        let used = per_name.entry(name).or_default();
        let k = copies.min(config.max_copies.saturating_sub(*used));
        if k == 0 {
            continue;
        }
        *used += k;
        for _ in 0..k {
            deck.push(id.clone());
        }
        chosen.push(id.clone());
        if chosen.len() >= DISTINCT
            && deck.len() + top_up_room(library, config, &chosen, &per_name) >= size
        {
            break;
        }
    }
    // Top up with more copies of the cards chosen, up to the copy limit.
    for id in &chosen {
        let used = per_name
            .get_mut(&library.def(id).name)
            .expect("chosen cards are counted");
        while *used < config.max_copies && deck.len() < size {
            *used += 1;
            deck.push(id.clone());
        }
    }
    deck.truncate(size);
    check_deck(config, library, PlayerId(0), &deck)?;
    Ok(deck)
}

/// How many more copies the chosen cards can still take.
fn top_up_room(
    library: &CardLibrary,
    config: &RulesConfig,
    chosen: &[CardId],
    per_name: &BTreeMap<String, u32>,
) -> usize {
    let mut names: Vec<&str> = chosen
        .iter()
        .map(|id| library.def(id).name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
        .iter()
        .map(|n| {
            config
                .max_copies
                .saturating_sub(per_name.get(*n).copied().unwrap_or(0)) as usize
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_are_legal_and_one_pass_holds_every_card() {
        // BS-0.1 (saga): 50 cards, at most 4 copies of a name.
        let lib = crate::rules::battle_spirits::testkit::synthetic_library();
        let cfg = RulesConfig::saga();
        let mut seen = std::collections::BTreeSet::new();
        for n in 0..decks_per_pass(&lib) as u64 {
            let d = deck(&lib, &cfg, 7, n).expect("a legal deck");
            assert_eq!(d.len(), 50);
            seen.extend(d);
        }
        assert_eq!(
            seen.len(),
            lib.len(),
            "every card is in a deck of the first pass"
        );
        assert_eq!(deck(&lib, &cfg, 7, 3), deck(&lib, &cfg, 7, 3), "seeded");
    }
}
