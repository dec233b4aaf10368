//! The default deck filler of a board (`filler:` not given): a card that does nothing when
//! drawn and that a deck may hold, from the scenario's own packs first.

use super::board::Located;
use crate::rules::battle_spirits::library::CardLibrary;
use carddb::{CardDef, CardId, CardKind};

/// The filler of a deck when the side names none. `own` lists card ids by pack, the
/// scenario's own pack first, then the packs it depends on (empty: the whole library is
/// one pack). The first spirit by id without effects or keywords of the first pack that
/// has one, else the first card of any kind by the same order; never a token (keyword
/// ruling K28: a token is never in a deck). `at` is the side's field path.
pub(super) fn default_filler(
    lib: &CardLibrary,
    own: &[Vec<CardId>],
    at: &str,
) -> Result<CardId, Located> {
    let all: Vec<CardId> = lib.iter().map(|d| d.id.clone()).collect();
    let groups: Vec<&[CardId]> = own
        .iter()
        .map(Vec::as_slice)
        .chain(std::iter::once(all.as_slice()))
        .collect();
    let first = |keep: &dyn Fn(&CardDef) -> bool| {
        groups.iter().find_map(|ids| {
            ids.iter()
                .filter(|id| lib.get(id).is_some_and(|d| !d.token && keep(d)))
                .min()
                .cloned()
        })
    };
    let vanilla =
        |d: &CardDef| d.kind == CardKind::Spirit && d.effects.is_empty() && d.keywords.is_empty();
    first(&vanilla)
        .or_else(|| first(&|_| true))
        .ok_or_else(|| Located {
            field: format!("{at}.filler"),
            message: "the packs hold no card a deck may hold (tokens are never in a deck)".into(),
            help: Some(
                "name the card under the deck with `filler:` (or `deck_filler: 0` for no filler)"
                    .into(),
            ),
        })
}
