//! Scenario tests for every card of the demo pack (`scripts/battle-spirits-demo`): each card is loaded from the pack folder with its scripts, put in the exact
//! situation its text is about, played or fired, and the values the rules and its text
//! give are asserted. Rule IDs refer to `docs/rules/battle-spirits.md`.
//!
//! The expected numbers are written out by hand from the card files (cost, reduction,
//! level table) and the rules (BS-5.2 payment, BS-5.1/5.3 levels), so a changed card or
//! a changed rule fails here.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use carddb::{CardDef, CardKind, Catalogue, Colour, Pack, Step as CardStep};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::script::host::{ScriptSources, generated, parse_text};
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scenario_with, scripted_magic,
    synthetic_cards, to_p1_main,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{CardLibrary, Choice, DecisionKind, Event, Game};

mod cards_red_green_blue;
mod cards_yellow_purple;
mod cli;
mod pack;
mod vanilla;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const PACK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/battle-spirits-demo");

// ---- loading the pack ------------------------------------------------------------------

struct Demo {
    cards: Vec<CardDef>,
    files: Vec<(String, String, String)>,
    pack_of: BTreeMap<String, String>,
}

/// The pack folder, loaded and validated once (the same path `cardscript --pack` takes).
fn demo() -> &'static Demo {
    static DEMO: OnceLock<Demo> = OnceLock::new();
    DEMO.get_or_init(|| {
        let pack = Pack::load(std::path::Path::new(PACK)).expect("the demo pack loads");
        let (cat, _) = Catalogue::build_in_memory(&[pack]).expect("the demo pack builds");
        Demo {
            cards: cat.cards().expect("cards"),
            files: cat.files().expect("files"),
            pack_of: cat.card_packs().expect("packs").into_iter().collect(),
        }
    })
}

fn def(id: &str) -> CardDef {
    demo()
        .cards
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{id} is not in the demo pack"))
        .clone()
}

fn sources() -> ScriptSources {
    let mut s = ScriptSources::default();
    for (pack, path, src) in &demo().files {
        s.add_file(pack, path, src);
    }
    s.pack_of = demo().pack_of.clone();
    s
}

/// Every demo card (with its scripts compiled, strictly: a broken script fails here),
/// the synthetic cards the testkit decks use, and `helpers`.
fn library(helpers: &[CardDef]) -> CardLibrary {
    let mut all = demo().cards.clone();
    all.extend(synthetic_cards());
    all.extend(helpers.iter().cloned());
    CardLibrary::with_scripts(all, &sources()).expect("every demo script compiles")
}

/// A game whose decks hold 3 copies of each of `ids` per player (plus `helpers`), P0 to
/// act in the main step of turn 1.
fn game_with(ids: &[&str], helpers: &[CardDef], seed: u64) -> Game {
    let mut extra: Vec<CardDef> = ids.iter().map(|id| def(id)).collect();
    extra.extend(helpers.iter().cloned());
    let mut g = scenario_with(library(helpers), &extra, seed);
    g.set_strict(true);
    g
}

fn game(ids: &[&str]) -> Game {
    game_with(ids, &[], 7)
}

/// A helper magic (not a demo card) that puts `n` cores in the user's count area, to set
/// up count situations (BS-13.2).
fn count_helper(n: u32) -> CardDef {
    scripted_magic(
        "T-COUNT",
        0,
        vec![effect("main", &format!("count_plus({n});"))],
    )
}

// ---- small readers ---------------------------------------------------------------------

fn count_area(g: &Game, p: PlayerId) -> u32 {
    g.cores_at(CoreLoc::Count(p))
}

/// The `Played` event of `card`: (cost, reduction, paid) (BS-5.2).
fn played(g: &Game, card: InstanceId) -> (u32, u32, u32) {
    g.log()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Played {
                card: c,
                cost,
                reduction,
                paid,
                ..
            } if *c == card => Some((*cost, *reduction, *paid)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{card} was not played"))
}

/// P0 gets 10 more reserve cores, `symbols` copies of `symbol_card` (one symbol of the
/// same colour each) on the field, and `id` in hand; returns that card.
fn ready(g: &mut Game, id: &str, symbol_card: &str, symbols: u32) -> InstanceId {
    give_reserve(g, P0, 10);
    for _ in 0..symbols {
        put(g, P0, symbol_card, Zone::Field(P0), 1);
    }
    put(g, P0, id, Zone::Hand(P0), 0)
}

/// Plays `c` (see [`ready`]), answering any effect choice with its first option; returns
/// its (cost, reduction, paid).
fn play_first(g: &mut Game, c: InstanceId) -> (u32, u32, u32) {
    play(g, c);
    while decision(g).kind == DecisionKind::EffectChoice {
        let first = decision(g).options[0].choice.clone();
        must(g, first);
    }
    played(g, c)
}

/// [`ready`] then [`play_first`].
fn play_with_symbols(
    g: &mut Game,
    id: &str,
    symbol_card: &str,
    symbols: u32,
) -> (InstanceId, (u32, u32, u32)) {
    let c = ready(g, id, symbol_card, symbols);
    let p = play_first(g, c);
    (c, p)
}

/// BS-5.2: the cost paid with `symbols` symbols of the card's colour on the field.
fn assert_cost(id: &str, symbol_card: &str, symbols: u32, expect: (u32, u32, u32)) {
    let mut g = game(&[id, symbol_card]);
    let (c, paid) = play_with_symbols(&mut g, id, symbol_card, symbols);
    assert_eq!(paid, expect, "{id}: (cost, reduction, paid) — BS-5.2");
    let kind = def(id).kind;
    if kind == CardKind::Magic {
        assert_eq!(
            g.zone_of(c),
            Zone::Trash(P0),
            "BS-5.2 step 6: magic to trash"
        );
    } else {
        assert_eq!(
            g.zone_of(c),
            Zone::Field(P0),
            "BS-5.2 step 6: stays on field"
        );
        // BS-5.1 / BS-12.2: the minimum level after the minimum cores.
        assert_eq!(g.level(c), Some(kind.minimum_level()), "{id}");
    }
}

/// BS-5.1 / BS-5.3: a copy with `cores` cores is at `level` with `bp` (0 for a nexus).
fn assert_levels(id: &str, rows: &[(u32, u8, u32)]) {
    let mut g = game(&[id]);
    for &(cores, level, bp) in rows {
        let c = put(&mut g, P1, id, Zone::Field(P1), cores);
        assert_eq!(
            (g.level(c), g.bp(c)),
            (Some(level), bp),
            "{id} with {cores} core(s)"
        );
    }
}

/// The rhai the grammar writes for effect `i` of `id` (the text is fully understood).
fn rhai_of(id: &str, i: usize) -> String {
    let d = def(id);
    let e = &d.effects[i];
    let (_, out) = parse_text(e).expect("English text");
    assert!(out.complete, "{id} effect {i} runs from its text");
    generated(e).expect("rhai")
}

// ---- red --------------------------------------------------------------------------------
// The red cards' effects are shown as boards in `scripts/battle-spirits-demo/tests/red.yaml`;
/// Cards that went from `p`'s deck to their trash after log index `from`.
fn milled(g: &Game, p: PlayerId, from: usize) -> Vec<InstanceId> {
    g.log()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::CardMoved {
                card,
                from: Zone::Deck(d),
                to: Zone::Trash(t),
            } if *d == p && *t == p => Some(*card),
            _ => None,
        })
        .collect()
}

fn cardscript(args: &[&str]) -> (bool, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cardscript runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), text)
}
