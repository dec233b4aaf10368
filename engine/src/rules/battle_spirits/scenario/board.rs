//! Board set-up: a real [`Game`] whose decks hold exactly the scenario's cards, then every
//! card and core moved where the board says, and the turn, step and turn player set.
//! Also how a scenario's words name cards (`as` names, ids, names, `p2:` prefixes).

use std::collections::{BTreeMap, BTreeSet};

use carddb::CardId;
use carddb::error::did_you_mean;

use super::model::{Board, FieldCard, Preset, Side, StepSpec};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::brave::BraveLink;
use crate::rules::battle_spirits::config::MAX_OPTION;
use crate::rules::battle_spirits::game::Phase;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{CoreLoc, Event, Game, RulesConfig, Zone};
use crate::tools::scenario::bounds;
use crate::tools::scenario::names::card_named;

/// An error in a scenario's content, at a field path of its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Located {
    pub field: String,
    pub message: String,
    pub help: Option<String>,
}

impl From<bounds::OutOfBounds> for Located {
    fn from(e: bounds::OutOfBounds) -> Located {
        Located::new(e.field, e.message)
    }
}

impl Located {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Located {
        Located {
            field: field.into(),
            message: message.into(),
            help: None,
        }
    }
}

/// The game a board set up, and how the scenario's words find its cards.
pub(super) struct Table {
    pub game: Game,
    /// `as` names → the card they name.
    pub aliases: BTreeMap<String, InstanceId>,
    /// Filler copies (named only when nothing else matches).
    pub filler: BTreeSet<InstanceId>,
    /// Log length once the board is set: expectations read the log from here.
    pub start: usize,
}

/// The card id a scenario's word names: an id, or a card name (case-insensitive).
/// Errors: not in the library, with a did-you-mean over ids and names; a name two cards
/// share (`tools::scenario::names`).
pub(super) fn card_id(lib: &CardLibrary, word: &str) -> Result<CardId, (String, Option<String>)> {
    let cards = lib.iter().map(|d| (d.id.as_str(), d.name.as_str()));
    match card_named(word, cards) {
        Ok(Some(id)) => return Ok(id),
        Ok(None) => {}
        Err(e) => return Err((e, None)),
    }
    let help = did_you_mean(
        word,
        lib.iter().flat_map(|d| [d.id.as_str(), d.name.as_str()]),
    )
    .map(|s| format!("did you mean `{s}`?"));
    Err((format!("no card `{word}` in the packs"), help))
}

/// One card of a side and where it goes.
enum Dest {
    DeckTop,
    Filler,
    Hand,
    Tecoto,
    Trash,
    Burst,
    Field(usize),
    Brave { host: usize },
}

/// Sets up `board` on `lib` with the rules `preset`; `own` lists the scenario's packs'
/// card ids for the default filler (`Parsed::pack_cards`); `at` is the board's field path.
pub(super) fn set_up(
    board: &Board,
    preset: Preset,
    seed: u64,
    lib: &CardLibrary,
    own: &[Vec<CardId>],
    at: &str,
) -> Result<Table, Located> {
    // Turns count from 1 (BS-0.6); a number past the bound would overflow as turns pass.
    let turn = bounds::turn(board.turn, at)?;
    let mut decks: [Vec<CardId>; 2] = [vec![], vec![]];
    let mut dests: [Vec<Dest>; 2] = [vec![], vec![]];
    for (p, side, name) in sides(board) {
        let at = format!("{at}.{name}");
        list(
            lib,
            own,
            side,
            &at,
            &mut decks[p.index()],
            &mut dests[p.index()],
        )?;
    }
    let first = if turn % 2 == 1 {
        board.active.id()
    } else {
        board.active.id().other()
    };
    let base = match preset {
        Preset::Japanese => RulesConfig::japanese(),
        Preset::Saga => RulesConfig::saga(),
    };
    // The board is set by hand: no deck limits, no opening cores or cards, no mulligan.
    let config = RulesConfig {
        min_deck: 0,
        max_deck: None,
        max_copies: MAX_OPTION,
        starting_life: 0,
        // One core of reserve makes each player's soul core (BS-0.2); set-up moves it.
        starting_reserve: u32::from(base.soul_core),
        opening_hand: 0,
        mulligans: 0,
        first_player: Some(first),
        ..base
    };
    let mut g = Game::new(config, lib.clone(), decks.clone(), seed)
        .map_err(|e| Located::new(at, format!("the board cannot be set up: {e}")))?;
    let mut aliases = BTreeMap::new();
    let mut filler = BTreeSet::new();
    let mut offset = 0u32;
    for (p, side, name) in sides(board) {
        let at = format!("{at}.{name}");
        let ids: Vec<InstanceId> = (0..decks[p.index()].len() as u32)
            .map(|i| InstanceId(offset + i))
            .collect();
        offset += ids.len() as u32;
        place(&mut g, p, side, &at, &ids, &dests[p.index()], &mut aliases)?;
        for (i, d) in dests[p.index()].iter().enumerate() {
            if matches!(d, Dest::Filler) {
                filler.insert(ids[i]);
            }
        }
    }
    let active = board.active.id();
    g.st.first = first;
    match board.step {
        StepSpec::Start => {
            g.st.turn = turn - 1;
            g.st.active = if g.st.turn > 0 {
                active.other()
            } else {
                active
            };
            g.st.phase = Phase::TurnStart;
        }
        s => {
            g.st.turn = turn;
            g.st.active = active;
            g.st.phase = match s {
                StepSpec::Attack => Phase::AttackStart,
                StepSpec::End => Phase::EndStep,
                _ => Phase::Main,
            };
            // In the main step already (its start has passed): "during the main step"
            // effects apply. The other steps set it when they begin.
            if s == StepSpec::Main {
                g.st.scripts.step = Some(crate::rules::battle_spirits::StepName::Main);
            }
            // The turn has begun: what happened "this turn" is read from here, never
            // from the board's own set-up moves (BS-7.1).
            g.emit(Event::TurnBegan {
                turn: g.st.turn,
                player: active,
            });
        }
    }
    // Set-up moves are no happenings for watchers.
    g.st.scripts.watch_queue.clear();
    g.cached = None;
    g.invalidate_constants(); // the board was written, not played
    g.rt.const_memo.clear();
    if let Err(e) = g.check_invariants() {
        return Err(Located::new(at, format!("the board breaks a rule: {e}")));
    }
    let start = g.log().len();
    Ok(Table {
        game: g,
        aliases,
        filler,
        start,
    })
}

fn sides(board: &Board) -> [(PlayerId, &Side, &'static str); 2] {
    [
        (PlayerId(0), &board.p1, "p1"),
        (PlayerId(1), &board.p2, "p2"),
    ]
}

/// The cards of one side, in deck order, with where each goes.
fn list(
    lib: &CardLibrary,
    own: &[Vec<CardId>],
    side: &Side,
    at: &str,
    deck: &mut Vec<CardId>,
    dests: &mut Vec<Dest>,
) -> Result<(), Located> {
    let mut add = |word: &str, field: String, dest: Dest| -> Result<(), Located> {
        let id = card_id(lib, word).map_err(|(message, help)| Located {
            field,
            message,
            help,
        })?;
        deck.push(id);
        dests.push(dest);
        Ok(())
    };
    for (i, c) in side.deck.iter().enumerate() {
        add(c, format!("{at}.deck[{i}]"), Dest::DeckTop)?;
    }
    bounds::deck_filler(side.deck_filler, at)?;
    let count = side.deck_filler;
    let filler = match &side.filler {
        Some(f) => f.clone(),
        None if count == 0 => String::new(),
        None => super::filler::default_filler(lib, own, at)?,
    };
    for _ in 0..count {
        add(&filler, format!("{at}.filler"), Dest::Filler)?;
    }
    for (i, c) in side.hand.iter().enumerate() {
        add(c, format!("{at}.hand[{i}]"), Dest::Hand)?;
    }
    for (i, c) in side.tecoto.iter().enumerate() {
        add(c, format!("{at}.tecoto[{i}]"), Dest::Tecoto)?;
    }
    for (i, c) in side.trash.iter().enumerate() {
        add(c, format!("{at}.trash[{i}]"), Dest::Trash)?;
    }
    if let Some(b) = &side.burst {
        add(b, format!("{at}.burst"), Dest::Burst)?;
    }
    for (i, f) in side.field.iter().enumerate() {
        add(&f.card, format!("{at}.field[{i}].card"), Dest::Field(i))?;
        for (j, b) in f.braves.iter().enumerate() {
            add(
                b,
                format!("{at}.field[{i}].braves[{j}]"),
                Dest::Brave { host: i },
            )?;
        }
    }
    Ok(())
}

/// Moves one side's cards and cores into place.
fn place(
    g: &mut Game,
    p: PlayerId,
    side: &Side,
    at: &str,
    ids: &[InstanceId],
    dests: &[Dest],
    aliases: &mut BTreeMap<String, InstanceId>,
) -> Result<(), Located> {
    let mut field: BTreeMap<usize, InstanceId> = BTreeMap::new();
    let mut tops = Vec::new();
    let mut fill = Vec::new();
    for (&c, d) in ids.iter().zip(dests) {
        match d {
            Dest::DeckTop => tops.push(c),
            Dest::Filler => fill.push(c),
            Dest::Hand => g.move_card(c, Zone::Hand(p)),
            Dest::Tecoto => g.move_card(c, Zone::Tecoto(p)),
            Dest::Trash => g.move_card(c, Zone::Trash(p)),
            Dest::Burst => g.move_card(c, Zone::Burst(p)),
            Dest::Field(i) => {
                g.move_card(c, Zone::Field(p));
                field.insert(*i, c);
            }
            Dest::Brave { host } => {
                g.move_card(c, Zone::Field(p));
                g.st.braves.push(BraveLink {
                    brave: c,
                    host: field[host],
                });
                g.emit(Event::Braved {
                    brave: c,
                    host: field[host],
                });
            }
        }
    }
    // The deck's top is the last card of its pile.
    fill.extend(tops.into_iter().rev());
    g.st.zones.reorder(Zone::Deck(p), fill);
    for (i, f) in side.field.iter().enumerate() {
        if let Some(a) = &f.alias
            && aliases.insert(a.clone(), field[&i]).is_some()
        {
            return Err(Located::new(
                format!("{at}.field[{i}].as"),
                format!("the name `{a}` is given twice"),
            ));
        }
    }
    // Cores. The soul core's place counts it among that place's cores.
    let soul_at = soul_place(side, at, &field, aliases)?;
    let token = g.core_at(CoreLoc::Reserve(p), true);
    match (token, soul_at) {
        (Some(t), None) => g.move_core(t, None),
        (None, Some(_)) => {
            return Err(Located::new(
                format!("{at}.soul_core"),
                "these rules have no soul core: write `soul_core: none`",
            ));
        }
        _ => {}
    }
    let piles = [
        (CoreLoc::Life(p), side.life, "life"),
        (CoreLoc::Reserve(p), side.reserve, "reserve"),
        (CoreLoc::Trash(p), side.trash_cores, "trash_cores"),
        (CoreLoc::Count(p), side.count, "count"),
    ];
    for (loc, n, name) in piles {
        let soul = token.filter(|_| soul_at == Some(loc));
        cores(g, loc, n, soul, &format!("{at}.{name}"))?;
    }
    for (i, f) in side.field.iter().enumerate() {
        let c = field[&i];
        let n = field_cores(g, f, c, &format!("{at}.field[{i}]"))?;
        cores(
            g,
            CoreLoc::Card(c),
            n,
            token.filter(|_| soul_at == Some(CoreLoc::Card(c))),
            &format!("{at}.field[{i}].cores"),
        )?;
        if f.heavily_exhausted {
            g.heavily_exhaust(c);
        } else if f.exhausted {
            g.set_exhausted(c, true);
        }
    }
    Ok(())
}

/// Where the side's soul core goes (`None`: nowhere).
fn soul_place(
    side: &Side,
    at: &str,
    field: &BTreeMap<usize, InstanceId>,
    aliases: &BTreeMap<String, InstanceId>,
) -> Result<Option<CoreLoc>, Located> {
    let p = PlayerId(if at.ends_with("p2") { 1 } else { 0 });
    let word = side.soul_core.as_str();
    Ok(Some(match word {
        "none" => return Ok(None),
        "reserve" => CoreLoc::Reserve(p),
        "life" => CoreLoc::Life(p),
        "trash" => CoreLoc::Trash(p),
        "count" => CoreLoc::Count(p),
        w => {
            let card = aliases.get(w).copied().or_else(|| {
                side.field
                    .iter()
                    .position(|f| f.card.eq_ignore_ascii_case(w))
                    .map(|i| field[&i])
            });
            match card {
                Some(c) => CoreLoc::Card(c),
                None => {
                    let mut words = vec!["reserve", "life", "trash", "count", "none"];
                    words.extend(aliases.keys().map(String::as_str));
                    return Err(Located {
                        field: format!("{at}.soul_core"),
                        message: format!("`{w}` is no place on this side"),
                        help: did_you_mean(w, words).map(|s| format!("did you mean `{s}`?")),
                    });
                }
            }
        }
    }))
}

/// The cores a field card starts with: `cores`, else the fewest for `level`, else for its
/// lowest level.
fn field_cores(g: &Game, f: &FieldCard, c: InstanceId, at: &str) -> Result<u32, Located> {
    if let Some(n) = f.cores {
        return Ok(n);
    }
    let def = g.def_of(c);
    match f.level {
        Some(l) => def
            .levels
            .iter()
            .find(|r| r.level == l)
            .map(|r| r.cores)
            .ok_or_else(|| {
                Located::new(
                    format!("{at}.level"),
                    format!("{} has no level {l}", def.id),
                )
            }),
        None => Ok(def.levels.iter().map(|r| r.cores).min().unwrap_or(0)),
    }
}

/// `n` cores to `loc` (from the void), one of them the soul core `soul` when given.
fn cores(
    g: &mut Game,
    loc: CoreLoc,
    n: u32,
    soul: Option<crate::core::TokenId>,
    at: &str,
) -> Result<(), Located> {
    if soul.is_some() && n == 0 {
        return Err(Located::new(
            at,
            "the soul core is here, so at least 1 core must be",
        ));
    }
    if n > MAX_OPTION {
        return Err(Located::new(at, format!("at most {MAX_OPTION} cores")));
    }
    if let Some(t) = soul {
        g.move_core(t, Some(loc));
    }
    for _ in u32::from(soul.is_some())..n {
        g.core_from_void(false, loc);
    }
    Ok(())
}

impl Table {
    /// Whether `card` is what `word` names: an `as` name, else (after an optional `p1:` /
    /// `p2:` owner prefix) the card's id or name, case-insensitive.
    pub fn names(&self, word: &str, card: InstanceId) -> bool {
        if let Some(&c) = self.aliases.get(word) {
            return c == card;
        }
        let g = &self.game;
        let (owner, rest) = match word.split_once(':') {
            Some(("p1", r)) => (Some(PlayerId(0)), r.trim()),
            Some(("p2", r)) => (Some(PlayerId(1)), r.trim()),
            _ => (None, word),
        };
        if owner.is_some_and(|o| g.owner(card) != o) {
            return false;
        }
        if let Some(&c) = self.aliases.get(rest) {
            return c == card;
        }
        g.card_id(card).eq_ignore_ascii_case(rest) || g.name(card).eq_ignore_ascii_case(rest)
    }

    /// Whether `word` names some card of this game; else a message and a did-you-mean over
    /// the `as` names, ids and names of the game's cards.
    pub fn known(&self, word: &str) -> Result<(), (String, Option<String>)> {
        let n = self.game.st.cards.len() as u32;
        if (0..n).any(|c| self.names(word, InstanceId(c))) {
            return Ok(());
        }
        let g = &self.game;
        let mut words: Vec<&str> = self.aliases.keys().map(String::as_str).collect();
        for c in (0..n).map(InstanceId) {
            words.push(g.card_id(c));
            words.push(g.name(c));
        }
        let help = did_you_mean(word, words).map(|s| format!("did you mean `{s}`?"));
        Err((format!("no card `{word}` in this game"), help))
    }

    /// The one card `word` names: an `as` name, else a unique copy (fillers only when no
    /// other copy matches). Errors: none or several (then name them with `as` or `p1:`).
    pub fn one(&self, word: &str) -> Result<InstanceId, String> {
        if let Some(&c) = self.aliases.get(word) {
            return Ok(c);
        }
        let all: Vec<InstanceId> = (0..self.game.st.cards.len() as u32)
            .map(InstanceId)
            .filter(|c| self.names(word, *c))
            .collect();
        let named: Vec<InstanceId> = all
            .iter()
            .copied()
            .filter(|c| !self.filler.contains(c))
            .collect();
        let pick = if named.is_empty() { all } else { named };
        match pick.as_slice() {
            [c] => Ok(*c),
            [] => Err(format!("no card `{word}` in this game")),
            _ => Err(format!(
                "`{word}` names {} cards; give one an `as:` name or write `p1:{word}` / `p2:{word}`",
                pick.len()
            )),
        }
    }
}
