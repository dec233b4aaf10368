//! Scenario tests for every card of the demo pack (`scripts/battle-spirits-demo`, issue 7
//! item 1): each card is loaded from the pack folder with its scripts, put in the exact
//! situation its text is about, played or fired, and the values the rules and its text
//! give are asserted. Rule IDs refer to `shared/rules/battle-spirits.md`.
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

// ---- vanilla spirits: cost and levels ----------------------------------------------------

/// A card with no effect: its payment with full reduction (BS-5.2) and its level table.
macro_rules! vanilla {
    ($name:ident, $id:literal, $sym:literal x $n:literal => $cost:literal - $red:literal = $paid:literal,
     [$(($cores:literal, $lv:literal, $bp:literal)),* $(,)?]) => {
        #[test]
        fn $name() {
            // BS-5.2 steps 1-5: cost − min(reduction, symbols on the field).
            assert_cost($id, $sym, $n, ($cost, $red, $paid));
            // BS-5.1 / BS-5.3: level table.
            assert_levels($id, &[$(($cores, $lv, $bp)),*]);
            assert!(def($id).effects.is_empty());
        }
    };
}

vanilla!(demo_r01_cinder_pup, "DEMO-R01", "DEMO-R09" x 1 => 1 - 1 = 0, [(1, 1, 1000), (3, 2, 3000)]);
vanilla!(demo_r03_ashwing_hatchling, "DEMO-R03", "DEMO-R09" x 2 => 2 - 2 = 0,
    [(1, 1, 1000), (2, 2, 3000), (4, 3, 5000)]);
vanilla!(demo_r05_emberscale_raptor, "DEMO-R05", "DEMO-R09" x 1 => 3 - 1 = 2,
    [(1, 1, 2000), (3, 2, 5000), (5, 3, 7000)]);
vanilla!(demo_r06_magma_tortoise, "DEMO-R06", "DEMO-R09" x 2 => 4 - 2 = 2, [(1, 1, 4000), (4, 2, 6000)]);
vanilla!(demo_r08_cindercrown_wyrm, "DEMO-R08", "DEMO-R09" x 3 => 6 - 3 = 3,
    [(1, 1, 6000), (4, 2, 9000), (6, 3, 12000)]);
vanilla!(demo_r09_sparkling_squire, "DEMO-R09", "DEMO-R01" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 2000)]);
vanilla!(demo_r10_bellows_knight, "DEMO-R10", "DEMO-R09" x 2 => 4 - 2 = 2,
    [(1, 1, 4000), (3, 2, 6000), (4, 3, 8000)]);
vanilla!(demo_g01_moss_sprite, "DEMO-G01", "DEMO-G09" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 3000)]);
vanilla!(demo_g02_thornback_beetle, "DEMO-G02", "DEMO-G01" x 1 => 2 - 1 = 1, [(1, 1, 2000), (3, 2, 4000)]);
vanilla!(demo_g04_canopy_stalker, "DEMO-G04", "DEMO-G01" x 2 => 3 - 2 = 1, [(1, 1, 3000), (3, 2, 5000)]);
vanilla!(demo_g06_bramble_elk, "DEMO-G06", "DEMO-G01" x 1 => 4 - 1 = 3,
    [(1, 1, 4000), (3, 2, 6000), (5, 3, 8000)]);
vanilla!(demo_g07_hive_matron_quillis, "DEMO-G07", "DEMO-G01" x 3 => 5 - 3 = 2,
    [(1, 1, 4000), (3, 2, 7000), (5, 3, 9000)]);
vanilla!(demo_g08_elder_oakheart, "DEMO-G08", "DEMO-G01" x 3 => 6 - 3 = 3,
    [(1, 1, 6000), (4, 2, 8000), (6, 3, 11000)]);
vanilla!(demo_g09_dewdrop_larva, "DEMO-G09", "DEMO-G01" x 1 => 1 - 1 = 0, [(1, 1, 1000), (3, 2, 3000)]);
vanilla!(demo_g10_vine_sentinel, "DEMO-G10", "DEMO-G01" x 2 => 4 - 2 = 2,
    [(1, 1, 3000), (2, 2, 5000), (4, 3, 7000)]);
vanilla!(demo_b01_brinepup_scout, "DEMO-B01", "DEMO-B02" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 3000)]);

#[test]
fn bs_5_2_partial_reduction_pays_the_difference() {
    // BS-5.2.1: the reduction is capped by the symbols on the field: Cindercrown Wyrm
    // (cost 6, 3 red reduction) with 1 red symbol pays 5, with none pays 6; a green
    // symbol reduces nothing of a red cost.
    assert_cost("DEMO-R08", "DEMO-R09", 1, (6, 1, 5));
    assert_cost("DEMO-R08", "DEMO-R09", 0, (6, 0, 6));
    assert_cost("DEMO-R08", "DEMO-G01", 3, (6, 0, 6));
}

// ---- red --------------------------------------------------------------------------------
// The red cards' effects are shown as boards in `scripts/battle-spirits-demo/tests/red.yaml`;
// their printed costs and level tables stay checked here.

#[test]
fn demo_red_costs_and_levels() {
    assert_cost("DEMO-R02", "DEMO-R09", 1, (2, 1, 1));
    assert_levels("DEMO-R02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-R04", "DEMO-R09", 2, (3, 2, 1));
    assert_levels("DEMO-R04", &[(1, 1, 3000), (3, 2, 5000)]);
    assert_cost("DEMO-R07", "DEMO-R09", 3, (5, 3, 2));
    assert_levels("DEMO-R07", &[(1, 1, 5000), (3, 2, 7000), (5, 3, 10000)]);
    assert_cost("DEMO-R11", "DEMO-R09", 1, (3, 1, 2));
    assert_levels("DEMO-R11", &[(0, 1, 0), (2, 2, 0)]);
    assert_cost("DEMO-R12", "DEMO-R09", 0, (3, 0, 3));
}

// ---- green ------------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/green.yaml`.

#[test]
fn demo_green_costs_and_levels() {
    assert_levels("DEMO-G03", &[(1, 1, 2000), (2, 2, 3000), (4, 3, 4000)]);
    assert_cost("DEMO-G05", "DEMO-G01", 2, (3, 2, 1));
    assert_levels("DEMO-G05", &[(1, 1, 2000), (2, 2, 4000), (4, 3, 6000)]);
    assert_levels("DEMO-G11", &[(0, 1, 0), (3, 2, 0)]);
    assert_cost("DEMO-G12", "DEMO-G01", 1, (2, 1, 1));
}

// ---- blue -------------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/blue.yaml`; Riptide Reversal's burst:
// `tests/scenarios/bs-10-burst.yaml`.

#[test]
fn demo_blue_costs_and_levels() {
    assert_cost("DEMO-B02", "DEMO-B01", 1, (2, 1, 1));
    assert_levels("DEMO-B02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-B03", "DEMO-B01", 2, (3, 2, 1));
    assert_levels("DEMO-B03", &[(1, 1, 2000), (2, 2, 4000), (4, 3, 6000)]);
    assert_cost("DEMO-B06", "DEMO-B01", 2, (3, 2, 1));
    assert_cost("DEMO-B08", "DEMO-B01", 1, (3, 1, 2));
    assert_levels("DEMO-B08", &[(0, 1, 0), (2, 2, 0)]);
}

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

#[test]
fn demo_b04_anchorplate_brave_data_and_spirit_form() {
    // BS-9.1 / BS-9.2: the brave's condition and bonus as the card file gives them.
    let d = def("DEMO-B04");
    assert_eq!(d.kind, CardKind::Brave);
    let b = d.brave.as_ref().expect("a brave part");
    assert_eq!(b.bp_bonus, 3000);
    assert_eq!(b.condition.min_cost, Some(2));
    assert_eq!(b.condition.colours, vec![Colour::Blue, Colour::Yellow]);
    assert!(!d.effects[0].braved && d.effects[1].braved);
    // The braved effect compiles to the intended rhai (BS-9.2: it works only braved).
    assert!(rhai_of("DEMO-B04", 1).contains("opponent_mill(3)"));
    // Spirit form (BS-5.1.1): summoned on its own, it draws 1.
    let mut g = game(&["DEMO-B04", "DEMO-B01"]);
    let c = ready(&mut g, "DEMO-B04", "DEMO-B01", 2);
    let before = hand(&g, P0);
    let paid = play_first(&mut g, c);
    assert_eq!(paid, (3, 2, 1)); // BS-5.2
    assert_eq!(g.zone_of(c), Zone::Field(P0));
    assert_eq!(hand(&g, P0), before - 1 + 1);
    assert_levels("DEMO-B04", &[(1, 1, 3000), (3, 2, 5000)]);
}

#[test]
fn demo_b04_anchorplate_brave_braved_onto_harbor_sentry() {
    let mut g = game(&["DEMO-B04", "DEMO-B02", "DEMO-B01", "DEMO-R04"]);
    to_p1_main(&mut g);
    let host = put(&mut g, P1, "DEMO-B02", Zone::Field(P1), 1); // blue, cost 2
    let low = put(&mut g, P1, "DEMO-B01", Zone::Field(P1), 1); // blue, cost 1
    let red = put(&mut g, P1, "DEMO-R04", Zone::Field(P1), 1); // red, cost 3
    let b = put(&mut g, P1, "DEMO-B04", Zone::Field(P1), 1);
    // BS-9.1: "a blue or yellow spirit of cost 2 or more".
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Brave { brave: b, host }));
    assert!(
        !r.is_legal(&Choice::Brave {
            brave: b,
            host: low
        }),
        "cost 1"
    );
    assert!(
        !r.is_legal(&Choice::Brave {
            brave: b,
            host: red
        }),
        "red"
    );
    let reserve = g.reserve(P1);
    must(&mut g, Choice::Brave { brave: b, host });
    assert_eq!(g.reserve(P1), reserve, "BS-9.1: braving pays nothing");
    // BS-9.2: cores 1 + 1 = 2 (Harbor Sentry LV1, 2000) + 3000; 2 symbols.
    assert_eq!((g.host_of(b), g.cores_on(host)), (Some(host), 2));
    assert_eq!((g.bp(host), g.symbols_of(host)), (2000 + 3000, 2));
    must(&mut g, Choice::EndMain);
    assert!(!decision(&mut g).is_legal(&Choice::Attack { attacker: b }));
    let mark = g.log().len();
    let life = g.life(P0);
    must(&mut g, Choice::Attack { attacker: host });
    // The braved effect works through the host: 3 cards of P0's deck to the trash.
    assert_eq!(milled(&g, P0, mark).len(), 3);
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(
        g.life(P0),
        life - 2,
        "BS-6.5.1: the braved card's 2 symbols"
    );
}

#[test]
fn demo_b04_anchorplate_brave_spirit_form_attack_discards_nothing() {
    // BS-9.2: a braved effect works only while braved.
    let mut g = game(&["DEMO-B04"]);
    to_p1_main(&mut g);
    let b = put(&mut g, P1, "DEMO-B04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let mark = g.log().len();
    must(&mut g, Choice::Attack { attacker: b });
    assert!(milled(&g, P0, mark).is_empty());
}

#[test]
fn demo_b04_anchorplate_brave_summoned_onto_a_host() {
    // BS-5.1.1: from hand straight onto a host: pay 3 − min(2, 1 blue symbol) = 2, no core
    // placed, and its "when summoned" (draw 1) still works.
    let mut g = game(&["DEMO-B04", "DEMO-B02"]);
    let host = put(&mut g, P0, "DEMO-B02", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "DEMO-B04", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 5);
    let (h, r) = (hand(&g, P0), g.reserve(P0));
    must(&mut g, Choice::SummonOnto { card: b, host });
    while decision(&mut g).kind == DecisionKind::PayFrom {
        let c = decision(&mut g).options[0].choice.clone();
        must(&mut g, c);
    }
    assert_eq!(g.reserve(P0), r - 2);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.bp(host), 2000 + 3000);
    assert_eq!(hand(&g, P0), h - 1 + 1);
}

#[test]
fn demo_b05_keelbreaker_leviathan_draws_for_discarded_magic() {
    assert_cost("DEMO-B05", "DEMO-B01", 3, (5, 3, 2));
    assert_levels("DEMO-B05", &[(1, 1, 5000), (3, 2, 7000), (5, 3, 10000)]);
    // Script effects/DEMO-B05.rhai: mill 3, draw 1 per magic among them, at most 2.
    let mut drew_some = false;
    for seed in 1..=12 {
        let mut g = game_with(&["DEMO-B05"], &[], seed);
        g.set_strict_scripts(true);
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 3); // LV2
        must(&mut g, Choice::EndMain);
        let h = hand(&g, P1);
        let mark = g.log().len();
        must(&mut g, Choice::Attack { attacker: a });
        let gone = milled(&g, P0, mark);
        assert_eq!(gone.len(), 3, "seed {seed}");
        let magic = gone
            .iter()
            .filter(|c| g.def_of(**c).kind == CardKind::Magic)
            .count();
        assert_eq!(hand(&g, P1), h + magic.min(2), "seed {seed}");
        drew_some |= magic > 0;
    }
    assert!(drew_some, "some seed discards a magic card");
}

#[test]
fn demo_b05_keelbreaker_leviathan_does_nothing_at_level_1() {
    let mut g = game(&["DEMO-B05"]);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let mark = g.log().len();
    must(&mut g, Choice::Attack { attacker: a });
    assert!(milled(&g, P0, mark).is_empty(), "[LV2][LV3] only");
}

#[test]
fn demo_b07_riptide_reversal_main_and_burst_text() {
    assert!(def("DEMO-B07").has_burst()); // BS-10.6: it may be set
    assert_eq!(def("DEMO-B07").effects[0].steps, vec![CardStep::Burst]);
    // The burst text compiles with its follow-up (BS-10.4).
    let burst = rhai_of("DEMO-B07", 0);
    assert!(burst.contains("return_to_hand") && burst.contains("pay_cost_to_activate"));
    // From the hand only the [Main] effect is used (BS-5.5): draw 2.
    let mut g = game(&["DEMO-B07", "DEMO-B01"]);
    let c = ready(&mut g, "DEMO-B07", "DEMO-B01", 2);
    let before = hand(&g, P0);
    let paid = play_first(&mut g, c);
    assert_eq!(paid, (4, 2, 2));
    assert_eq!(hand(&g, P0), before - 1 + 2);
}

/// BS-5.8 / BS-10.1: P0 sets `id` from hand face down as the burst, in the main step.
fn set_burst(g: &mut Game, id: &str) -> InstanceId {
    let c = put(g, P0, id, Zone::Hand(P0), 0);
    must(g, Choice::SetBurst { card: c });
    assert_eq!(g.zone_of(c), Zone::Burst(P0));
    c
}

/// Answers every pending effect question with yes (activate the burst, pay its cost) or
/// the first option.
fn yes_to_all(g: &mut Game) {
    while decision(g).kind == DecisionKind::EffectChoice {
        let r = decision(g);
        let yes = r.is_legal(&Choice::Yes);
        must(
            g,
            if yes {
                Choice::Yes
            } else {
                r.options[0].choice.clone()
            },
        );
    }
}

// ---- yellow -----------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/yellow.yaml`.

#[test]
fn demo_yellow_costs_and_levels() {
    assert_cost("DEMO-Y01", "DEMO-Y02", 1, (1, 1, 0));
    assert_levels("DEMO-Y01", &[(1, 1, 1000), (2, 2, 2000)]);
    assert_levels("DEMO-Y02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-Y03", "DEMO-Y01", 2, (3, 2, 1));
    assert_levels("DEMO-Y03", &[(1, 1, 3000), (3, 2, 5000), (5, 3, 7000)]);
    assert!(def("DEMO-Y03").has_burst());
    assert_cost("DEMO-Y07", "DEMO-Y01", 2, (3, 2, 1));
    assert_cost("DEMO-Y08", "DEMO-Y01", 2, (4, 2, 2));
    assert!(def("DEMO-Y08").has_burst()); // BS-10.6
}

#[test]
fn demo_y04_radiant_aegis_data_and_spirit_form_block() {
    let d = def("DEMO-Y04");
    let b = d.brave.as_ref().expect("a brave part"); // BS-9.1
    assert_eq!((b.bp_bonus, b.condition.max_cost), (2000, Some(4)));
    assert!(rhai_of("DEMO-Y04", 1).contains("draw(1)"));
    assert_cost("DEMO-Y04", "DEMO-Y01", 1, (2, 1, 1));
    assert_levels("DEMO-Y04", &[(1, 1, 2000), (2, 2, 4000)]);
    // Spirit form: blocking at level 1 it fights with 2000 + 3000.
    let mut g = game(&["DEMO-Y04"]);
    let b = put(&mut g, P0, "DEMO-Y04", Zone::Field(P0), 1);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1); // 4000
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    assert_eq!(g.bp(b), 5000);
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1)); // BS-6.6
}

#[test]
fn demo_y04_radiant_aegis_braved_draws_when_the_host_attacks() {
    let mut g = game(&["DEMO-Y04", "DEMO-B02", "DEMO-B05"]);
    to_p1_main(&mut g);
    let host = put(&mut g, P1, "DEMO-B02", Zone::Field(P1), 1); // blue, cost 2
    let big = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 1); // blue, cost 5
    let b = put(&mut g, P1, "DEMO-Y04", Zone::Field(P1), 1);
    // BS-9.1: "a yellow or blue spirit of cost 4 or less".
    assert!(!decision(&mut g).is_legal(&Choice::Brave {
        brave: b,
        host: big
    }));
    must(&mut g, Choice::Brave { brave: b, host });
    assert_eq!(g.bp(host), 2000 + 2000); // BS-9.2
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: host });
    assert_eq!(hand(&g, P1), h + 1, "the braved effect: draw 1");
}

#[test]
fn demo_y04_radiant_aegis_spirit_form_attack_draws_nothing() {
    let mut g = game(&["DEMO-Y04"]);
    to_p1_main(&mut g);
    let b = put(&mut g, P1, "DEMO-Y04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: b });
    assert_eq!(hand(&g, P1), h, "BS-9.2: braved effects work only braved");
}

#[test]
fn demo_y05_solar_archon_needs_a_yellow_spirit_and_starts_at_level_3() {
    // BS-12.1: no yellow spirit on the field — it cannot be summoned.
    let mut g = game(&["DEMO-Y05", "DEMO-Y01"]);
    give_reserve(&mut g, P0, 10);
    put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let u = put(&mut g, P0, "DEMO-Y05", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::Summon { card: u }), "BS-12.1");
    // With Glimmer Moths (yellow spirits, 1 symbol each) it can; 3 symbols reduce 3.
    let mut g = game(&["DEMO-Y05", "DEMO-Y01"]);
    let (c, paid) = play_with_symbols(&mut g, "DEMO-Y05", "DEMO-Y01", 3);
    assert_eq!(paid, (6, 3, 3)); // BS-5.2
    // BS-12.2: placed at level 3 with 1 core.
    assert_eq!((g.cores_on(c), g.level(c), g.bp(c)), (1, Some(3), 7000));
    assert_levels("DEMO-Y05", &[(1, 3, 7000), (3, 4, 9000), (5, 5, 12000)]);
    // BS-12.4: its symbol is an ultimate symbol.
    assert_eq!(def("DEMO-Y05").symbols.ultimate, 1);
}

#[test]
fn demo_y05_solar_archon_ultimate_trigger() {
    // BS-12.5: attacking, the top card of P0's deck goes to the trash; if its cost is
    // below 6 (a hit) one of P0's spirits is destroyed, else (a guard) nothing happens.
    let (mut hits, mut guards) = (0, 0);
    for seed in 1..=40 {
        let mut g = game_with(&["DEMO-Y05"], &[], seed);
        g.set_strict_scripts(true);
        let victim = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "DEMO-Y05", Zone::Field(P1), 1);
        must(&mut g, Choice::EndMain);
        let mark = g.log().len();
        must(&mut g, Choice::Attack { attacker: a });
        let top = milled(&g, P0, mark);
        assert_eq!(top.len(), 1, "seed {seed}");
        let hit = g.def_of(top[0]).cost < 6;
        let expect = if hit {
            Zone::Trash(P0)
        } else {
            Zone::Field(P0)
        };
        assert_eq!(g.zone_of(victim), expect, "seed {seed}");
        if hit { hits += 1 } else { guards += 1 }
    }
    assert!(
        hits > 0 && guards > 0,
        "both outcomes seen: {hits} hits, {guards} guards"
    );
}

#[test]
fn demo_y06_prism_sanctum_pumps_ultimates_only_in_your_turn() {
    assert_cost("DEMO-Y06", "DEMO-Y01", 1, (3, 1, 2));
    assert_levels("DEMO-Y06", &[(0, 1, 0), (2, 2, 0)]);
    // Script effects/DEMO-Y06.rhai (BS-12.3: only effects naming ultimates reach them).
    let mut g = game(&["DEMO-Y06", "DEMO-Y05", "DEMO-Y01"]);
    g.set_strict_scripts(true);
    put(&mut g, P0, "DEMO-Y06", Zone::Field(P0), 0);
    let u = put(&mut g, P0, "DEMO-Y05", Zone::Field(P0), 1);
    let s = put(&mut g, P0, "DEMO-Y01", Zone::Field(P0), 1);
    assert_eq!((g.bp(u), g.bp(s)), (7000 + 1000, 1000));
    to_p1_main(&mut g);
    assert_eq!(g.bp(u), 7000, "not during the opponent's turn");
}

#[test]
fn demo_y08_sunflare_judgment_bursts_after_life_is_reduced() {
    // BS-6.5.1 / BS-10.3: an unblocked attack takes 1 life, the burst gives 1 back; paying
    // its cost (BS-10.4) destroys the 4000 BP attacker.
    let mut g = game(&["DEMO-Y08"]);
    set_burst(&mut g, "DEMO-Y08");
    give_reserve(&mut g, P0, 4);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let life = g.life(P0);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    yes_to_all(&mut g);
    assert_eq!(g.life(P0), life - 1 + 1);
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
}

// ---- purple -----------------------------------------------------------------------------

#[test]
fn demo_p01_gravebloom_imp_cost_and_levels() {
    assert_cost("DEMO-P01", "DEMO-P02", 1, (1, 1, 0));
    assert_levels("DEMO-P01", &[(1, 1, 1000), (3, 2, 3000)]);
    assert_eq!(def("DEMO-P01").effects[0].text["en"], "Count +1.");
}

#[test]
fn demo_p02_ossuary_seer_cost_and_levels() {
    assert_cost("DEMO-P02", "DEMO-P01", 1, (2, 1, 1));
    assert_levels("DEMO-P02", &[(1, 1, 1000), (2, 2, 3000)]);
}

#[test]
fn demo_p03_hollow_lantern_cost_and_levels() {
    assert_cost("DEMO-P03", "DEMO-P01", 1, (2, 1, 1));
    assert_levels("DEMO-P03", &[(1, 1, 2000), (3, 2, 4000)]);
}

#[test]
fn demo_p04_dusk_warden_cost_and_levels() {
    assert_cost("DEMO-P04", "DEMO-P01", 2, (4, 2, 2));
    assert_levels("DEMO-P04", &[(1, 1, 3000), (3, 2, 5000), (5, 3, 7000)]);
}

#[test]
fn demo_p05_nightglass_revenant_cost_levels_and_oc_data() {
    assert_cost("DEMO-P05", "DEMO-P01", 2, (4, 2, 2));
    assert_levels("DEMO-P05", &[(1, 1, 4000), (3, 2, 6000)]);
    let oc = def("DEMO-P05").over_count.expect("an OC condition"); // BS-13.3
    assert_eq!((oc.count, oc.bp_bonus), (3, 3000));
}

#[test]
fn demo_p06_tally_of_bones_cost() {
    assert_cost("DEMO-P06", "DEMO-P01", 1, (2, 1, 1));
}

#[test]
fn demo_p07_veil_of_dread_cost() {
    assert_cost("DEMO-P07", "DEMO-P01", 2, (3, 2, 1));
}

#[test]
fn demo_p08_cryptgate_spire_counts_purple_spirits_up_to_2() {
    assert_levels("DEMO-P08", &[(0, 1, 0), (2, 2, 0)]);
    // Script effects/DEMO-P08.rhai (BS-5.4 when deployed, BS-13.2 count).
    for (purple, expect) in [(0u32, 0u32), (1, 1), (3, 2)] {
        let mut g = game(&["DEMO-P08", "DEMO-P01", "DEMO-P02"]);
        g.set_strict_scripts(true);
        give_reserve(&mut g, P0, 5);
        put(&mut g, P0, "R-03", Zone::Field(P0), 1); // red: does not count
        for k in 0..purple {
            let id = if k < 2 { "DEMO-P01" } else { "DEMO-P02" };
            put(&mut g, P0, id, Zone::Field(P0), 1);
        }
        let n = put(&mut g, P0, "DEMO-P08", Zone::Hand(P0), 0);
        play(&mut g, n);
        // BS-5.2: cost 3, purple reduction 1, capped by the purple symbols.
        assert_eq!(played(&g, n), (3, purple.min(1), 3 - purple.min(1)));
        assert_eq!(count_area(&g, P0), expect, "{purple} purple spirit(s)");
    }
}

#[test]
fn demo_p09_ledger_of_the_lost_spends_the_count_to_draw() {
    assert_cost("DEMO-P09", "DEMO-P01", 2, (3, 2, 1));
    // Script effects/DEMO-P09.rhai: count 3 → 0, draw 3 (BS-13.2).
    let mut g = game_with(&["DEMO-P09"], &[count_helper(3)], 7);
    g.set_strict_scripts(true);
    give_reserve(&mut g, P0, 5);
    let h = put(&mut g, P0, "T-COUNT", Zone::Hand(P0), 0);
    play(&mut g, h);
    assert_eq!(count_area(&g, P0), 3);
    let m = put(&mut g, P0, "DEMO-P09", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, m);
    assert_eq!(count_area(&g, P0), 0);
    assert_eq!(hand(&g, P0), before - 1 + 3);
    // With an empty count area it draws nothing.
    let mut g = game(&["DEMO-P09"]);
    g.set_strict_scripts(true);
    give_reserve(&mut g, P0, 5);
    let m = put(&mut g, P0, "DEMO-P09", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, m);
    assert_eq!(hand(&g, P0), before - 1);
}

// ---- the pack as a whole ----------------------------------------------------------------

#[test]
fn every_demo_effect_runs_from_text_or_script() {
    // Scripts compile strictly (a syntax error or a missing file fails `library`); every
    // other effect's English text is fully understood by the grammar, timing included —
    // what `cardscript lint` reports as "runs from its text". No allow-list.
    let lib = library(&[]);
    assert!(lib.len() >= 48);
    for c in &demo().cards {
        for (i, e) in c.effects.iter().enumerate() {
            if e.script.is_some() || e.script_file.is_some() {
                continue;
            }
            let (_, out) = parse_text(e)
                .unwrap_or_else(|| panic!("{} effect {i}: no English text and no script", c.id));
            assert!(
                out.complete && out.timing_mapped,
                "{} effect {i} is not fully understood: {:?}",
                c.id,
                out.unparsed
            );
            let rhai = generated(e).expect("rhai");
            assert!(!rhai.contains("inert("), "{} effect {i}:\n{rhai}", c.id);
        }
    }
}

#[test]
fn the_pack_has_every_kind_and_mechanic() {
    let cards = &demo().cards;
    assert!(cards.len() >= 48, "{} cards", cards.len());
    let colours: std::collections::BTreeSet<Colour> = cards
        .iter()
        .flat_map(|c| c.colours.iter().copied())
        .collect();
    assert!(colours.len() >= 4, "{colours:?}");
    for kind in [
        CardKind::Spirit,
        CardKind::Ultimate,
        CardKind::Brave,
        CardKind::Nexus,
        CardKind::Magic,
    ] {
        assert!(cards.iter().any(|c| c.kind == kind), "{kind}");
    }
    let spirit_levels = |n: usize| {
        cards
            .iter()
            .any(|c| c.kind == CardKind::Spirit && c.levels.len() == n)
    };
    assert!(spirit_levels(2) && spirit_levels(3));
    let magic_steps = |s: CardStep| {
        cards
            .iter()
            .any(|c| c.kind == CardKind::Magic && c.effects.iter().any(|e| e.steps.contains(&s)))
    };
    assert!(magic_steps(CardStep::Main) && magic_steps(CardStep::Flash));
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Magic && c.has_burst())
    );
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Spirit && c.has_burst())
    );
    assert!(cards.iter().any(|c| c.over_count.is_some()));
    assert!(
        cards
            .iter()
            .filter(|c| c.kind == CardKind::Brave)
            .all(|c| c.brave.is_some() && c.effects.iter().any(|e| e.braved))
    );
}

#[test]
fn every_demo_card_has_a_test_here_or_in_the_packs_scenarios() {
    let src = include_str!("demo_pack.rs");
    // The pack's own scenario files (`cardscript test`): a card is tested there when a
    // scenario's name starts with the card's name.
    let dir = std::path::Path::new(PACK).join("tests");
    let mut scenarios = String::new();
    for e in std::fs::read_dir(&dir).expect("the demo pack has tests/") {
        scenarios += &std::fs::read_to_string(e.unwrap().path()).unwrap();
    }
    // The demo pack's own cards (not the base pack's Supsprite tokens).
    for c in demo().cards.iter().filter(|c| c.id.starts_with("DEMO-")) {
        let short = c.id.trim_start_matches("DEMO-").to_lowercase();
        let (f, v) = (
            format!("fn demo_{short}_"),
            format!("vanilla!(demo_{short}_"),
        );
        let named = format!("- name: {}", c.name);
        assert!(
            src.contains(&f) || src.contains(&v) || scenarios.contains(&named),
            "no test for {} (looked for `{f}`, `{v}` and a scenario named `{} …`)",
            c.id,
            c.name
        );
    }
}

#[test]
fn every_demo_deck_is_saga_legal() {
    // BS-0.1 Saga: 50–60 cards, at most 4 copies; every id is a demo card.
    let decks = std::fs::read_dir(format!("{PACK}/decks")).expect("decks folder");
    let mut n = 0;
    for f in decks {
        let path = f.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("deck text");
        let mut total = 0;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (count, rest) = line.split_once("x ").expect("`Nx ID: Name`");
            let (id, name) = rest.split_once(": ").expect("`ID: Name`");
            let count: u32 = count.parse().expect("count");
            assert!((1..=4).contains(&count), "{}: {line}", path.display());
            assert_eq!(def(id).name, name, "{}", path.display());
            total += count;
        }
        assert!((50..=60).contains(&total), "{}: {total}", path.display());
        n += 1;
    }
    assert!(n >= 4);
}

// ---- the pack through the command line, as a card author checks it ----------------------

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

#[test]
fn lint_reports_every_demo_effect_from_text_or_script() {
    let (ok, out) = cardscript(&["lint", "scripts/battle-spirits-demo"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("4 scripted, 0 partly understood, 0 without text"),
        "{out}"
    );
}

#[test]
fn deck_check_accepts_every_demo_deck() {
    // BS-0.1 Saga, checked by the same code `play` and `sim` use.
    for deck in ["red-ember", "green-grove", "dawn-tide", "gloom-grove"] {
        let file = format!("scripts/battle-spirits-demo/decks/{deck}.txt");
        let (ok, out) = cardscript(&[
            "deck",
            "--pack",
            "scripts/battle-spirits-demo",
            "check",
            &file,
        ]);
        assert!(
            ok && out.contains("50 cards, legal in the saga format"),
            "{out}"
        );
    }
}

#[test]
fn every_demo_deck_pairing_plays_whole_games_with_no_inert_or_failed_effect() {
    // 4 decks: 10 pairings (mirrors included), 4 games each, BS-0.5 conservation checked
    // after every event, scripts strict.
    let (ok, out) = cardscript(&[
        "sim",
        "--pack",
        "scripts/battle-spirits-demo",
        "--games",
        "4",
        "--check",
        "--strict",
        "--json",
        "--threads",
        "2",
    ]);
    assert!(ok, "{out}");
    let r: serde_json::Value = serde_json::from_str(&out).expect("JSON report");
    assert_eq!(r["games"], 40);
    assert_eq!(r["pairs"].as_array().expect("pairs").len(), 10);
    assert_eq!(r["effects"]["inert"], 0, "{}", r["inert"]);
    assert_eq!(r["effects"]["failed"], 0);
    assert_eq!(r["failures"].as_array().expect("failures").len(), 0);
}
