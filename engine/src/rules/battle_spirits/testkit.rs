//! Synthetic cards and decks for tests, benchmarks and demos (no pack needed).

use std::collections::BTreeMap;

use carddb::{CardDef, CardId, CardKind, Colour, Effect, LevelRow, Symbols};

use crate::rules::battle_spirits::library::CardLibrary;

/// A card definition with the given fields and nothing else.
/// `levels`: `(level, cores, bp)` rows; `bp` 0 means none (nexus).
pub fn card(
    id: &str,
    kind: CardKind,
    cost: u32,
    colour: Colour,
    reduction: u8,
    symbols: u8,
    levels: &[(u8, u32, u32)],
) -> CardDef {
    CardDef {
        id: id.into(),
        name: format!("Card {id}"),
        names: BTreeMap::new(),
        kind,
        cost,
        colours: vec![colour],
        reduction: if reduction > 0 {
            BTreeMap::from([(colour, reduction)])
        } else {
            BTreeMap::new()
        },
        ultimate_reduction: 0,
        symbols: Symbols {
            colours: if symbols > 0 {
                BTreeMap::from([(colour, symbols)])
            } else {
                BTreeMap::new()
            },
            ..Symbols::default()
        },
        families: vec![],
        over_count: None,
        levels: levels
            .iter()
            .map(|&(level, cores, bp)| LevelRow {
                level,
                cores,
                bp: (bp > 0).then_some(bp),
            })
            .collect(),
        brave: None,
        ultimate: None,
        keywords: vec![],
        effects: vec![],
        creature: None,
        master: None,
        token: false,
        set: None,
        rarity: None,
    }
}

/// 16 synthetic cards: spirits of cost 0–6 in red and blue, two nexuses, a red [Main]
/// magic and a blue [Flash] magic.
pub fn synthetic_cards() -> Vec<CardDef> {
    use CardKind::*;
    use Colour::*;
    let mut v = Vec::new();
    for (i, col) in [Red, Blue].into_iter().enumerate() {
        let p = if i == 0 { "R" } else { "B" };
        v.push(card(
            &format!("{p}-00"),
            Spirit,
            0,
            col,
            0,
            1,
            &[(1, 1, 1000), (2, 3, 3000)],
        ));
        v.push(card(
            &format!("{p}-01"),
            Spirit,
            1,
            col,
            1,
            1,
            &[(1, 1, 1000), (2, 2, 3000)],
        ));
        v.push(card(
            &format!("{p}-02"),
            Spirit,
            2,
            col,
            1,
            1,
            &[(1, 1, 2000), (2, 3, 4000)],
        ));
        v.push(card(
            &format!("{p}-03"),
            Spirit,
            3,
            col,
            2,
            1,
            &[(1, 1, 3000), (2, 3, 5000)],
        ));
        v.push(card(
            &format!("{p}-04"),
            Spirit,
            4,
            col,
            2,
            1,
            &[(1, 1, 4000), (2, 4, 6000), (3, 6, 9000)],
        ));
        v.push(card(
            &format!("{p}-06"),
            Spirit,
            6,
            col,
            3,
            2,
            &[(1, 1, 6000), (2, 4, 9000), (3, 6, 12000)],
        ));
        v.push(card(
            &format!("{p}-N"),
            Nexus,
            3,
            col,
            2,
            1,
            &[(1, 0, 0), (2, 2, 0)],
        ));
        // Red magic is [Main], blue magic is [Flash].
        let mut m = card(&format!("{p}-M"), Magic, 2, col, 1, 0, &[]);
        m.effects.push(Effect {
            steps: vec![if i == 0 {
                carddb::Step::Main
            } else {
                carddb::Step::Flash
            }],
            text: BTreeMap::from([("en".to_string(), "Draw 1 card.".to_string())]),
            ..Effect::default()
        });
        v.push(m);
    }
    v
}

/// The keyword declarations of the embedded Saga base pack (`scripts/battle-spirits-saga/`,
///) and the sources of their scripts.
pub fn saga_keywords() -> (Vec<carddb::LoadedKeyword>, crate::script::ScriptSources) {
    let pack = carddb::base::saga().expect("the embedded Saga pack loads");
    // Its scripts, labels, phrases and keyword files (the text the packs add).
    let (sources, keywords) = crate::script::ScriptSources::of_packs([&pack]);
    (keywords, sources)
}

/// The synthetic cards plus `extra` as a library with the Saga keywords declared: a card
/// with a declared keyword has its effects. The base pack's own cards (its token cards) are in it too.
/// Panics if a keyword script does not compile.
pub fn saga_library(extra: &[CardDef]) -> CardLibrary {
    let (keywords, sources) = saga_keywords();
    let mut all = synthetic_cards();
    let pack = carddb::base::saga().expect("the embedded Saga pack loads");
    all.extend(pack.cards.into_iter().map(|c| c.def));
    all.extend(extra.iter().cloned());
    CardLibrary::with_keywords(all, &sources, &keywords, false).expect("Saga keywords compile")
}

/// [`scenario`] with the Saga keywords declared ([`saga_library`]).
pub fn saga_scenario(extra: Vec<CardDef>, seed: u64) -> Game {
    scenario_with(saga_library(&extra), &extra, seed)
}

/// The synthetic cards as a library.
pub fn synthetic_library() -> CardLibrary {
    CardLibrary::new(synthetic_cards())
}

/// A legal Japanese-format deck (40 cards, at most 3 copies) of one colour (`"R"` or `"B"`)
/// with some of the other colour mixed in.
pub fn synthetic_deck(main: &str) -> Vec<CardId> {
    let other = if main == "R" { "B" } else { "R" };
    let mut d = Vec::new();
    for (suffix, n) in [
        ("00", 3),
        ("01", 3),
        ("02", 3),
        ("03", 3),
        ("04", 3),
        ("06", 3),
        ("N", 3),
        ("M", 3),
    ] {
        for _ in 0..n {
            d.push(format!("{main}-{suffix}"));
        }
    }
    for (suffix, n) in [
        ("00", 3),
        ("01", 3),
        ("02", 3),
        ("03", 3),
        ("04", 3),
        ("06", 1),
    ] {
        for _ in 0..n {
            d.push(format!("{other}-{suffix}"));
        }
    }
    d.truncate(40);
    d
}

// ---- scripted scenarios ---------------------------------------------------------

use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Choice, CoreLoc, Game, RulesConfig, Step, Zone};

/// One effect: `timing` is a printed label ("When Summoned"), a dsl hook name
/// ("when_summoned"), `"main"` / `"flash"` (magic or field [Main]/[Flash]) or `"constant"`;
/// `script` is inline rhai.
pub fn effect(timing: &str, script: &str) -> Effect {
    let (timing, steps) = match timing {
        "main" => (None, vec![carddb::Step::Main]),
        "flash" => (None, vec![carddb::Step::Flash]),
        "constant" => (None, vec![]),
        t => (Some(t.to_string()), vec![]),
    };
    Effect {
        timing,
        steps,
        script: Some(script.to_string()),
        ..Effect::default()
    }
}

/// A red spirit (cost `cost`; LV1: 1 core, `bp` BP; LV2: 3 cores, `bp` + 2000) with effects.
pub fn scripted_spirit(id: &str, cost: u32, bp: u32, effects: Vec<Effect>) -> CardDef {
    let mut c = card(
        id,
        CardKind::Spirit,
        cost,
        Colour::Red,
        0,
        1,
        &[(1, 1, bp), (2, 3, bp + 2000)],
    );
    c.effects = effects;
    c
}

/// A free spirit (S-CHO, 1000 BP) whose "when summoned" asks two questions: destroy one
/// opposing spirit (a target choice), then "you may draw a card" (a yes/no).
pub fn chooser() -> CardDef {
    scripted_spirit(
        "S-CHO",
        0,
        1000,
        vec![effect(
            "when_summoned",
            r#"
            let t = choose_targets(opponent_spirits(), 1);
            destroy(t);
            if may("Draw a card?") { draw(1); }
            "#,
        )],
    )
}

/// A red magic (cost `cost`) with effects.
pub fn scripted_magic(id: &str, cost: u32, effects: Vec<Effect>) -> CardDef {
    let mut c = card(id, CardKind::Magic, cost, Colour::Red, 0, 0, &[]);
    c.effects = effects;
    c
}

/// A game on the synthetic decks plus `extra` cards (each put 3 times into both decks),
/// P0 first, both hands kept: P0's turn 1 main step. Strict invariants and strict scripts
/// are off; set them as the test needs.
pub fn scenario(extra: Vec<CardDef>, seed: u64) -> Game {
    let mut all = synthetic_cards();
    all.extend(extra.iter().cloned());
    scenario_with(CardLibrary::new(all), &extra, seed)
}

/// [`scenario`] with a library built by the caller (which must hold `extra`).
pub fn scenario_with(lib: CardLibrary, extra: &[CardDef], seed: u64) -> Game {
    let mut decks = [synthetic_deck("R"), synthetic_deck("B")];
    for d in decks.iter_mut() {
        let n = d.len();
        let mut k = 0;
        for c in extra {
            for _ in 0..3 {
                k += 1;
                d[n - k] = c.id.clone();
            }
        }
    }
    let cfg = RulesConfig {
        first_player: Some(PlayerId(0)),
        ..RulesConfig::japanese()
    };
    let mut g = Game::new(cfg, lib, decks, seed).expect("synthetic decks are legal");
    g.answer(Choice::Keep).expect("keep");
    g.answer(Choice::Keep).expect("keep");
    g
}

/// Puts a copy of `id` owned by `p` (not already in `zone`) into `zone`; on the field it
/// gets `cores` cores from the void. Logged like any move. Panics if no copy is left.
/// Into the hand, an earlier copy already there is returned instead (the main step offers
/// the first copy of each card).
pub fn put(g: &mut Game, p: PlayerId, id: &str, zone: Zone, cores: u32) -> InstanceId {
    if zone == Zone::Hand(p)
        && let Some(c) = g.pile(zone).iter().copied().find(|c| g.card_id(*c) == id)
    {
        return c;
    }
    let c = (0..g.st.cards.len() as u32)
        .map(InstanceId)
        .find(|c| {
            g.card_id(*c) == id && g.owner(*c) == p && g.zone_of(*c) != zone && !g.on_field(*c)
        })
        .unwrap_or_else(|| panic!("no copy of {id} left for {p}"));
    g.move_card(c, zone);
    for _ in 0..cores {
        g.core_from_void(false, CoreLoc::Card(c));
    }
    g.cached = None;
    c
}

/// Adds `n` cores from the void to `p`'s reserve.
pub fn give_reserve(g: &mut Game, p: PlayerId, n: u32) {
    for _ in 0..n {
        g.core_from_void(false, CoreLoc::Reserve(p));
    }
    g.cached = None;
}

/// Moves `p`'s soul core (BS-0.2) from wherever it is to `to`. Logged like any move.
/// Panics if `p` has none in the game.
pub fn put_soul_core(g: &mut Game, p: PlayerId, to: CoreLoc) {
    let owner = |g: &Game, l: CoreLoc| match l {
        CoreLoc::Card(c) => g.owner(c),
        CoreLoc::Reserve(q) | CoreLoc::Life(q) | CoreLoc::Trash(q) | CoreLoc::Count(q) => q,
    };
    let core =
        g.st.cores
            .iter()
            .find(|(_, t)| {
                t.tag == crate::rules::battle_spirits::types::SOUL_CORE
                    && t.at.is_some_and(|l| owner(g, l) == p)
            })
            .map(|(id, _)| id)
            .unwrap_or_else(|| panic!("{p} has no soul core in the game"));
    g.move_core(core, Some(to));
    g.cached = None;
}

/// The current decision, panicking if the game is over.
pub fn decision(g: &mut Game) -> crate::DecisionRequest {
    match g.next() {
        Step::Decision(r) => r,
        Step::Over(r) => panic!("game over: {r:?}"),
    }
}

/// Plays a hand card (`Summon` / `Deploy` / `UseMagic` as listed), paying with the first
/// listed source and placing the minimum cores; stops at any other decision.
pub fn play(g: &mut Game, card: InstanceId) {
    use crate::DecisionKind as K;
    let r = decision(g);
    let c = r
        .choices()
        .find(|c| {
            matches!(c, Choice::Summon { card: x } | Choice::Deploy { card: x } | Choice::UseMagic { card: x } if *x == card)
        })
        .cloned()
        .unwrap_or_else(|| panic!("{card} cannot be played: {:?}", r.options));
    g.answer(c).expect("listed");
    loop {
        let Step::Decision(r) = g.next() else { return };
        let c = match r.kind {
            // The first single-core answer (whole payments are shortcuts, BS-5.2).
            K::PayFrom | K::PlaceCore if r.is_legal(&Choice::DonePlacing) => Choice::DonePlacing,
            K::PayFrom | K::PlaceCore => r
                .choices()
                .find(|c| !c.is_shortcut())
                .expect("a single-core answer")
                .clone(),
            _ => return,
        };
        g.answer(c).expect("listed");
    }
}

/// `g` with strict invariants (BS-0.5 after every event) and strict scripts (a failing
/// script panics): how scenario tests run.
pub fn strict(mut g: Game) -> Game {
    g.set_strict(true);
    g.set_strict_scripts(true);
    g
}

/// Cards in `p`'s hand.
pub fn hand_size(g: &Game, p: PlayerId) -> usize {
    g.pile(Zone::Hand(p)).len()
}

/// From a [`scenario`] (P0's turn 1 main step): P0 ends its main step (no attack step on
/// the first turn, BS-0.6), up to P1's turn 2 main step. Panics if the game goes elsewhere.
pub fn to_p1_main(g: &mut Game) {
    must(g, Choice::EndMain);
    assert_eq!(decision(g).kind, crate::DecisionKind::MainAction);
    assert_eq!(g.active(), PlayerId(1));
}

/// Answers `choice`, panicking if it is not legal.
pub fn must(g: &mut Game, choice: Choice) {
    let r = decision(g);
    if let Err(e) = g.answer(choice) {
        panic!("{e}; options were {:?}", r.options);
    }
}

/// Passes every flash timing until another kind of decision comes.
pub fn pass_flashes(g: &mut Game) {
    while decision(g).kind == crate::DecisionKind::FlashOrPass {
        g.answer(Choice::Pass).expect("pass is always legal");
    }
}

/// The synthetic cards with a scripted effect on most cards (when summoned draw 1 or
/// destroy a chosen spirit with 3000 BP or less, when attacks BP +1000, when destroyed
/// gain 1 life, during your attack step all your spirits +1000, magic draw 1).
pub fn scripted_synthetic_cards() -> Vec<CardDef> {
    let mut cards = synthetic_cards();
    for c in cards.iter_mut() {
        let e = match c.id.as_str() {
            "R-01" | "B-01" => effect("When Summoned", "draw(1);"),
            "R-02" | "B-02" => effect(
                "When This Spirit Attacks",
                "bp_plus(this_card(), 1000, \"turn\");",
            ),
            "R-03" | "B-03" => effect("When Destroyed", "gain_life(1);"),
            "R-04" | "B-04" => effect(
                "When Summoned",
                "destroy(choose_targets(opponent_spirits().bp_at_most(3000), 1));",
            ),
            "R-06" | "B-06" => effect(
                "During Your Attack Step",
                "bp_plus(my_spirits(), 1000, \"while\");",
            ),
            "R-M" => effect("main", "draw(1);"),
            "B-M" => effect("flash", "draw(1);"),
            _ => continue,
        };
        c.effects = vec![e];
    }
    cards
}

/// A triggered keyword "Glimmer" declared by pack `mine` in `keywords/glimmer.yaml`, with
/// one effect at `timing` running `script` (`None`: an effect with no script).
pub fn glimmer_keyword(timing: &str, script: Option<&str>) -> carddb::LoadedKeyword {
    use carddb::keyword::{KeywordDef, KeywordEffect, KeywordKind, ValueKind};
    carddb::LoadedKeyword {
        def: KeywordDef {
            name: "Glimmer".into(),
            names: Default::default(),
            kind: KeywordKind::Triggered,
            value: ValueKind::None,
            description: "test".into(),
            engine: false,
            phrase: false,
            effects: vec![KeywordEffect {
                timing: Some(timing.into()),
                zone: Default::default(),
                steps: vec![],
                script: script.map(str::to_string),
                script_file: None,
            }],
        },
        pack: "mine".into(),
        file: "keywords/glimmer.yaml".into(),
    }
}

/// A spirit whose one "When Summoned" effect runs the pack script file `path`.
pub fn file_spirit(id: &str, path: &str) -> CardDef {
    let mut e = effect("When Summoned", "");
    e.script = None;
    e.script_file = Some(path.to_string());
    scripted_spirit(id, 0, 1000, vec![e])
}
