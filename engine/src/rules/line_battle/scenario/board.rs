//! Board set-up: a real line-battle [`Game`] whose decks hold exactly the scenario's cards
//! (and fillers), then every card moved where the board says, LP and DP set, and the turn,
//! phase and turn player set. Also how a scenario's words name cards.

use std::collections::BTreeMap;

use carddb::error::did_you_mean;
use carddb::{CardId, CardKind, Line};

use super::model::{Board, PhaseSpec, Side};
use crate::core::{InstanceId, PlayerId};
use crate::rules::line_battle::state::{Phase, Zone};
use crate::rules::line_battle::{Game, LineBattleConfig, LineLibrary};
use crate::tools::scenario::Failure;
use crate::tools::scenario::bounds::{self, OutOfBounds};
use crate::tools::scenario::names::card_named;

/// A located failure of a scenario's content.
pub(super) type R<T> = Result<T, Box<Failure>>;

/// Where each card of a side goes: its field path, id, zone and `as` name.
type Places = Vec<(String, CardId, Zone, Option<String>)>;

/// The game a board set up, and how the scenario's words find its cards.
pub(super) struct Table {
    pub game: Game,
    /// `as` names → the card they name.
    pub aliases: BTreeMap<String, InstanceId>,
    /// Log length once the board is set: expectations read the log from here.
    pub start: usize,
}

/// The card id a scenario's word names: an id, or a card name (case-insensitive).
/// Errors: not in the library, with a did-you-mean over ids and names; a name two cards
/// share (`tools::scenario::names`).
pub(super) fn card_id(lib: &LineLibrary, word: &str) -> R<CardId> {
    let cards = lib.cards().map(|c| (c.id.as_str(), c.name.as_str()));
    match card_named(word, cards) {
        Ok(Some(id)) => return Ok(id),
        Ok(None) => {}
        Err(e) => return Err(Box::new(Failure::at("", e))),
    }
    let names: Vec<String> = lib
        .cards()
        .flat_map(|c| [c.id.clone(), c.name.clone()])
        .collect();
    Err(Box::new(Failure {
        help: did_you_mean(word, names.iter().map(String::as_str)),
        ..Failure::at("", format!("no card `{word}` in the packs"))
    }))
}

/// Sets up `board` on `lib`; `at` is the board's field path.
/// `own` lists the file's card ids by pack, its own pack first, for the default filler.
pub(super) fn set_up(
    board: &Board,
    seed: u64,
    lib: &LineLibrary,
    own: &[Vec<CardId>],
    at: &str,
) -> R<Table> {
    let located = |field: String| {
        move |f: Box<Failure>| {
            Box::new(Failure {
                field: field.clone(),
                ..*f
            })
        }
    };
    let out = |e: OutOfBounds| Box::new(Failure::at(&e.field, e.message));
    // Turns count from 1 (LB-0.3's first turn); a number past the bound would overflow.
    let turn = bounds::turn(board.turn, at).map_err(out)?;
    let mut decks: [(CardId, Vec<CardId>); 2] = Default::default();
    // Per player: (field path, card id, where it goes, its `as` name).
    let mut places: [Places; 2] = Default::default();
    for (p, side, name) in sides(board) {
        let at = format!("{at}.{name}");
        let i = p.index();
        // Checked before any card is made: a huge filler count would exhaust memory.
        let count = side.deck_filler.unwrap_or(10);
        bounds::deck_filler(count, &at).map_err(out)?;
        // LP from 1 (LB-0.4: 0 has lost) to a master card's own bound; DP from 0.
        if let Some(lp) = side.lp {
            bounds::count(lp, 1, &format!("{at}.lp"), "LP").map_err(out)?;
        }
        if let Some(dp) = side.dp {
            bounds::count(i64::from(dp), 0, &format!("{at}.dp"), "DP").map_err(out)?;
        }
        decks[i].0 = match &side.master {
            Some(m) => card_id(lib, m).map_err(located(format!("{at}.master")))?,
            None => lib
                .cards()
                .find(|c| c.kind == CardKind::Master)
                .map(|c| c.id.clone())
                .ok_or_else(|| {
                    Box::new(Failure::at(&at, "the packs have no master card (LB-0.1)"))
                })?,
        };
        let mut put = |list: &str, words: Vec<(&String, Option<String>)>, zone: Zone| {
            for (k, (w, alias)) in words.into_iter().enumerate() {
                let field = format!("{at}.{list}[{k}]");
                let id = card_id(lib, w).map_err(located(field.clone()))?;
                decks[i].1.push(id.clone());
                places[i].push((field, id, zone, alias));
            }
            Ok::<(), Box<Failure>>(())
        };
        put(
            "hand",
            side.hand.iter().map(|w| (w, None)).collect(),
            Zone::Hand(p),
        )?;
        put(
            "graveyard",
            side.graveyard.iter().map(|w| (w, None)).collect(),
            Zone::Graveyard(p),
        )?;
        for (list, line, cards) in [
            ("attack", Line::Attack, &side.attack),
            ("defense", Line::Defense, &side.defense),
        ] {
            let words = cards.iter().map(|c| (&c.card, c.alias.clone())).collect();
            put(list, words, Zone::Line(p, line))?;
        }
        put(
            "deck",
            side.deck.iter().map(|w| (w, None)).collect(),
            Zone::Deck(p),
        )?;
        if count > 0 {
            let filler = filler(lib, own, side).map_err(located(format!("{at}.filler")))?;
            decks[i]
                .1
                .extend(std::iter::repeat_n(filler, count as usize));
        }
    }
    let active = board.active.id();
    let first = if turn % 2 == 1 {
        active
    } else {
        active.other()
    };
    // The board is set by hand: no deck limits (the bounds above replace them), no
    // opening hand.
    let config = LineBattleConfig {
        deck_min: 0,
        max_copies: u32::MAX,
        hand_size: 0,
        first_player: Some(first),
        ..LineBattleConfig::default()
    };
    let mut g = Game::new_unsized(config, lib.clone(), decks, seed)
        .map_err(|e| Box::new(Failure::at(at, format!("the board cannot be set up: {e}"))))?;
    let mut aliases = BTreeMap::new();
    for p in PlayerId::BOTH {
        let mut top: Vec<InstanceId> = Vec::new();
        for (field, id, zone, alias) in &places[p.index()] {
            let c = g
                .state()
                .zones
                .pile(Zone::Deck(p))
                .iter()
                .copied()
                .find(|&c| g.state().card_id(c) == id && !top.contains(&c))
                .ok_or_else(|| Box::new(Failure::at(field, "the card is not in the deck")))?;
            if let Zone::Deck(_) = zone {
                top.push(c);
            } else {
                g.st.move_card(c, *zone);
            }
            if let Some(a) = alias {
                aliases.insert(a.clone(), c);
            }
        }
        // `deck:` is top card first; the top of a pile is its last card.
        let mut order: Vec<InstanceId> = g
            .state()
            .zones
            .pile(Zone::Deck(p))
            .iter()
            .copied()
            .filter(|c| !top.contains(c))
            .collect();
        order.extend(top.into_iter().rev());
        g.st.zones.reorder(Zone::Deck(p), order);
    }
    for (p, side, _) in sides(board) {
        if let Some(lp) = side.lp {
            g.st.lp[p.index()] = lp;
        }
        g.st.dp[p.index()] = side.dp.unwrap_or(g.st.config.dp_reset);
    }
    // Turns each player has begun by turn `turn` (LB-0.2's first-turn DP depends on it).
    let t = turn;
    g.st.first = first;
    g.st.turns_taken[first.index()] = t.div_ceil(2);
    g.st.turns_taken[first.other().index()] = t / 2;
    g.st.active = active;
    g.st.turn = t;
    g.st.phase = match board.phase {
        PhaseSpec::Start => {
            g.st.turn = t - 1;
            g.st.turns_taken[active.index()] -= 1;
            Phase::TurnStart
        }
        PhaseSpec::Main => Phase::Main(1),
        PhaseSpec::Battle => Phase::BattleStart,
        PhaseSpec::Main2 => Phase::Main(2),
        PhaseSpec::End => Phase::End,
    };
    g.cached = None;
    let start = g.log().len();
    Ok(Table {
        game: g,
        aliases,
        start,
    })
}

fn sides(board: &Board) -> [(PlayerId, &Side, &'static str); 2] {
    [
        (PlayerId(0), &board.p1, "p1"),
        (PlayerId(1), &board.p2, "p2"),
    ]
}

/// The filler card of a side: its `filler`, else from `own` (the file's card ids by pack,
/// own pack first, then the whole library) the first creature by id without effects of
/// the first pack that has one, else the first creature of any kind by the same order
/// (LB-0.1: a main deck holds creatures only).
fn filler(lib: &LineLibrary, own: &[Vec<CardId>], side: &Side) -> R<CardId> {
    if let Some(f) = &side.filler {
        return card_id(lib, f);
    }
    let all: Vec<CardId> = lib.cards().map(|c| c.id.clone()).collect();
    let groups: Vec<&[CardId]> = own
        .iter()
        .map(Vec::as_slice)
        .chain(std::iter::once(all.as_slice()))
        .collect();
    let first = |keep: &dyn Fn(&carddb::CardDef) -> bool| {
        groups.iter().find_map(|ids| {
            ids.iter()
                .filter(|id| lib.get(id).is_some_and(|c| c.creature.is_some() && keep(c)))
                .min()
                .cloned()
        })
    };
    first(&|c| c.effects.is_empty())
        .or_else(|| first(&|_| true))
        .ok_or_else(|| {
            Box::new(Failure {
                help: Some(
                    "name the card under the deck with `filler:` (or `deck_filler: 0` for no \
                     filler)"
                        .into(),
                ),
                ..Failure::at("", "the packs hold no creature a deck may hold (LB-0.1)")
            })
        })
}

impl Table {
    /// The card a scenario's word names: an `as` name, else the first card of that id or
    /// name, looking at `player`'s cards first when given (`p2:` prefix: that player's).
    pub fn find(&self, word: &str, player: Option<PlayerId>) -> Option<InstanceId> {
        if let Some(c) = self.aliases.get(word) {
            return Some(*c);
        }
        let (player, word) = match word.split_once(':') {
            Some(("p1", w)) => (Some(PlayerId(0)), w.trim()),
            Some(("p2", w)) => (Some(PlayerId(1)), w.trim()),
            _ => (player, word),
        };
        let id = card_id(self.game.library(), word).ok()?;
        let st = self.game.state();
        let mut all: Vec<InstanceId> = (0..st.cards.len()).map(|i| InstanceId(i as u32)).collect();
        // The field first, then the waiting destroyed, then hands, graveyards, decks.
        all.sort_by_key(|&c| {
            let z = st.zone(c);
            let rank = match z {
                Zone::Line(..) => 0,
                Zone::Destroyed(_) => 1,
                Zone::Hand(_) => 2,
                Zone::Graveyard(_) => 3,
                Zone::Master(_) => 4,
                Zone::Deck(_) => 5,
            };
            (player.is_some_and(|p| z.owner() != p), rank)
        });
        all.into_iter().find(|&c| st.card_id(c) == id)
    }
}
