//! Unit tests for the ruleset: one or more per rule ID, named `bs_<id>_…` after the rule
//! they check (rules reference `docs/rules/battle-spirits.md`).

use carddb::{CardDef, CardKind, Colour};

use super::*;
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::testkit::{card, synthetic_cards, synthetic_deck};
use crate::{CardLibrary, Replay};

mod battle;
mod burst;
mod cancel;
mod main_step;
mod mutants;
mod mutants_battle;
mod mutants_cores;
mod mutants_costs;
mod mutants_levels;
mod mutants_main;
mod mutants_resolve;
mod setup;
mod turn;
mod ultimate;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn extra_cards() -> Vec<CardDef> {
    use CardKind::*;
    use Colour::*;
    let mut m = card("X-M", Magic, 1, Red, 0, 0, &[]);
    m.effects.push(carddb::Effect {
        steps: vec![carddb::Step::Main],
        ..Default::default()
    });
    let mut flash = card("X-F", Magic, 1, Red, 0, 0, &[]);
    flash.effects.push(carddb::Effect {
        steps: vec![carddb::Step::Flash],
        ..Default::default()
    });
    let mut ult = card("X-ULT", Ultimate, 3, Red, 0, 0, &[(3, 2, 8000)]);
    ult.symbols.ultimate = 1;
    vec![
        // BS-5.2.1: spirit cost 5 with 3 red reduction.
        card("X-5R", Spirit, 5, Red, 3, 1, &[(1, 1, 5000), (2, 3, 7000)]),
        // BS-5.2.1: nexus cost 4 with 2 red reduction.
        card("X-N4", Nexus, 4, Red, 2, 1, &[(1, 0, 0), (2, 2, 0)]),
        card("X-SYM2", Spirit, 0, Red, 0, 2, &[(1, 1, 3000)]),
        m,
        ult,
        flash,
    ]
}

fn library() -> CardLibrary {
    let mut v = synthetic_cards();
    v.extend(extra_cards());
    CardLibrary::new(v)
}

fn cfg() -> RulesConfig {
    RulesConfig {
        first_player: Some(P0),
        ..RulesConfig::japanese()
    }
}

fn deck0() -> Vec<String> {
    let mut d = synthetic_deck("R");
    let n = d.len();
    for (i, x) in ["X-5R", "X-N4", "X-SYM2", "X-M", "X-M", "X-ULT", "X-F"]
        .iter()
        .enumerate()
    {
        d[n - 1 - i] = x.to_string();
    }
    d
}

fn new_game(cfg: RulesConfig) -> Game {
    let mut g = Game::new(cfg, library(), [deck0(), synthetic_deck("B")], 11).unwrap();
    g.set_strict(true);
    g
}

/// The label of option `c` of `r`; panics if `c` is not offered.
fn label_of(r: &DecisionRequest, c: &Choice) -> String {
    r.options
        .iter()
        .find(|o| o.choice == *c)
        .map(|o| o.label.clone())
        .unwrap_or_else(|| panic!("{c:?} not offered: {:?}", r.options))
}

fn req(g: &mut Game) -> DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("game over: {r:?}"),
    }
}

/// Keeps both hands; P0's turn 1 main step.
fn main1() -> Game {
    let mut g = new_game(cfg());
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    assert_eq!(req(&mut g).kind, DecisionKind::MainAction);
    g
}

/// P1's turn 2 main step.
fn main2() -> Game {
    let mut g = main1();
    g.answer(Choice::EndMain).unwrap();
    let r = req(&mut g);
    assert_eq!(
        (r.kind, r.player, g.turn()),
        (DecisionKind::MainAction, P1, 2)
    );
    g
}

/// An instance of `id` owned by `p` in hand or deck.
fn fetch(g: &Game, p: PlayerId, id: &str) -> InstanceId {
    [Zone::Hand(p), Zone::Deck(p)]
        .iter()
        .flat_map(|z| g.pile(*z).iter().copied())
        .find(|c| g.card_id(*c) == id)
        .unwrap_or_else(|| panic!("no {id} left for {p}"))
}

fn to_hand(g: &mut Game, p: PlayerId, id: &str) -> InstanceId {
    let c = fetch(g, p, id);
    if g.zone_of(c) != Zone::Hand(p) {
        g.move_card(c, Zone::Hand(p));
    }
    c
}

fn on_field(g: &mut Game, p: PlayerId, id: &str, cores: u32) -> InstanceId {
    let c = fetch(g, p, id);
    g.move_card(c, Zone::Field(p));
    for _ in 0..cores {
        g.core_from_void(false, CoreLoc::Card(c));
    }
    c
}

fn set_reserve(g: &mut Game, p: PlayerId, n: u32) {
    while g.reserve(p) < n {
        g.core_from_void(false, CoreLoc::Reserve(p));
    }
    while g.reserve(p) > n {
        let c = g.core_at(CoreLoc::Reserve(p), false).expect("a plain core");
        g.move_core(c, None);
    }
}

fn played(g: &Game) -> Event {
    g.log()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Played { .. }))
        .cloned()
        .expect("a card was played")
}

/// Answers every PayFrom with the reserve (plain first); returns how many were asked.
fn pay_from_reserve(g: &mut Game) -> u32 {
    let mut n = 0;
    loop {
        let r = req(g);
        if r.kind != DecisionKind::PayFrom {
            return n;
        }
        let plain = Choice::PayFrom {
            from: CoreSource::Reserve,
            soul: false,
        };
        let c = if r.is_legal(&plain) {
            plain
        } else {
            r.options[0].choice.clone()
        };
        g.answer(c).unwrap();
        n += 1;
    }
}

fn place_from_reserve(g: &mut Game, n: u32) {
    for _ in 0..n {
        let r = req(g);
        assert_eq!(r.kind, DecisionKind::PlaceCore);
        let plain = Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        };
        let c = if r.is_legal(&plain) {
            plain
        } else {
            Choice::PlaceFrom {
                from: CoreSource::Reserve,
                soul: true,
            }
        };
        g.answer(c).unwrap();
    }
    g.answer(Choice::DonePlacing).unwrap();
}

fn count_hooks(g: &Game, f: impl Fn(&Hook) -> bool) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::Hook(h) if f(h)))
        .count()
}

// ---- replay, rendering and rules options, inside the crate -----------------------------

#[test]
fn replay_of_a_partial_game_has_the_same_log() {
    let mut g = main2();
    g.answer(Choice::EndMain).unwrap();
    let r = Replay::of(&g);
    let g2 = r.play(g.library().clone()).unwrap();
    assert_eq!(g2.log_hash(), g.log_hash());
}

#[test]
fn render_summon_line_reads_like_the_issue_example() {
    let mut g = main1();
    let c = to_hand(&mut g, P0, "R-01");
    g.answer(Choice::Summon { card: c }).unwrap();
    pay_from_reserve(&mut g);
    place_from_reserve(&mut g, 1);
    assert_eq!(
        render_event(&played(&g), &g),
        "P1 summons Card R-01 (cost 1, paid 1 core from reserve), LV1 BP 1000"
    );
    let n = to_hand(&mut g, P0, "R-N");
    g.answer(Choice::Deploy { card: n }).unwrap();
    pay_from_reserve(&mut g);
    g.answer(Choice::DonePlacing).unwrap();
    assert_eq!(
        render_event(&played(&g), &g),
        // Cost 3, 2 red reduction, 1 red symbol on the field → 2 paid.
        "P1 deploys Card R-N (cost 3, paid 2 cores from reserve), LV1"
    );
}

#[test]
fn a_rules_option_out_of_range_is_refused_before_anything_is_built() {
    let lib = library();
    let mut config = RulesConfig::japanese();
    config.starting_reserve = 100_000_000;
    let decks = [
        crate::rules::battle_spirits::testkit::synthetic_deck("R"),
        crate::rules::battle_spirits::testkit::synthetic_deck("B"),
    ];
    let err = Game::new(config, lib, decks, 1).err().unwrap();
    assert_eq!(
        err.to_string(),
        "rules option `starting_reserve` is 100000000; at most 1000"
    );
}
