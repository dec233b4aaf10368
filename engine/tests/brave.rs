//! Braves in whole games (BS-5.1.1, BS-9): random and greedy players on decks with braves
//! finish every game with conservation (BS-0.5) checked after every event, and the brave
//! actions actually happen.

use carddb::{BraveCondition, CardDef, CardKind, Colour};
use engine::core::PlayerId;
use engine::players::{Player, RandomPlayer, play_game};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::testkit::{card, effect, synthetic_cards, synthetic_deck};
use engine::rules::battle_spirits::{Event, RulesConfig};
use engine::{CardLibrary, Game};

fn brave(id: &str, cost: u32, colour: Colour, bonus: u32, cond: BraveCondition) -> CardDef {
    let mut c = card(
        id,
        CardKind::Brave,
        cost,
        colour,
        1,
        1,
        &[(1, 1, 2000), (2, 3, 4000)],
    );
    c.brave = Some(carddb::Brave {
        condition: cond,
        bp_bonus: bonus,
    });
    c
}

fn cards() -> Vec<CardDef> {
    let mut v = synthetic_cards();
    let red = brave(
        "G-BR-R",
        2,
        Colour::Red,
        3000,
        BraveCondition {
            min_cost: Some(2),
            ..Default::default()
        },
    );
    let mut blue = brave(
        "G-BR-B",
        3,
        Colour::Blue,
        2000,
        BraveCondition {
            colours: vec![Colour::Blue, Colour::Red],
            ..Default::default()
        },
    );
    let mut attack = effect(
        "When This Spirit Attacks",
        "bp_plus(this_card(), 1000, \"turn\");",
    );
    attack.braved = true;
    let mut destroyed = effect("When Destroyed", "gain_life(1);");
    destroyed.braved = true;
    blue.effects = vec![
        effect("When Summoned", "draw(1);"),
        attack,
        destroyed,
        effect("When This Spirit Attacks", "gain_life(1);"),
    ];
    // BS-9.9 and BS-9.8 by effects: return a spirit to hand, destroy a spirit.
    let mut back = card("G-BACK", CardKind::Magic, 1, Colour::Red, 0, 0, &[]);
    back.effects = vec![effect(
        "main",
        "return_to_hand(choose_targets(opponent_spirits().or(my_spirits()), 1));",
    )];
    let mut kill = card("G-KILL", CardKind::Magic, 1, Colour::Blue, 0, 0, &[]);
    kill.effects = vec![effect(
        "flash",
        "destroy(choose_targets(opponent_spirits(), 1));",
    )];
    v.extend([red, blue, back, kill]);
    v
}

fn deck(main: &str) -> Vec<String> {
    let mut d = synthetic_deck(main);
    let n = d.len();
    for (i, id) in ["G-BR-R", "G-BR-B", "G-BACK", "G-KILL"].iter().enumerate() {
        for k in 0..3 {
            d[n - 1 - (i * 3 + k)] = id.to_string();
        }
    }
    d
}

#[test]
fn games_with_braves_finish_with_cores_conserved() {
    let lib = CardLibrary::new(cards());
    let (mut braved, mut unbraved, mut finished) = (0, 0, 0);
    for seed in 0..300u64 {
        let mut g = Game::new(
            RulesConfig::japanese(),
            lib.clone(),
            [deck("R"), deck("B")],
            seed,
        )
        .unwrap();
        g.set_strict(true);
        let greedy_seat = (seed % 3) as usize; // 2: random vs random
        let mut players: [Box<dyn Player<Game>>; 2] = [
            if greedy_seat == 0 {
                Box::new(GreedyPlayer::new())
            } else {
                Box::new(RandomPlayer::new(seed))
            },
            if greedy_seat == 1 {
                Box::new(GreedyPlayer::new())
            } else {
                Box::new(RandomPlayer::new(seed + 1000))
            },
        ];
        let r = play_game(&mut g, &mut players).unwrap();
        assert!(
            r.winner
                .is_none_or(|w| w == PlayerId(0) || w == PlayerId(1))
        );
        g.check_invariants().unwrap();
        finished += 1;
        braved += g
            .log()
            .iter()
            .filter(|e| matches!(e, Event::Braved { .. }))
            .count();
        unbraved += g
            .log()
            .iter()
            .filter(|e| matches!(e, Event::Unbraved { .. }))
            .count();
    }
    eprintln!("{finished} games, {braved} braves, {unbraved} unbraves");
    assert_eq!(finished, 300);
    assert!(braved > 50, "braves happened: {braved}");
    assert!(unbraved > 10, "braves came off: {unbraved}");
}

#[test]
fn greedy_against_greedy_with_braves_finishes() {
    let lib = CardLibrary::new(cards());
    for seed in 0..30u64 {
        let mut g = Game::new(
            RulesConfig::japanese(),
            lib.clone(),
            [deck("R"), deck("B")],
            seed,
        )
        .unwrap();
        g.set_strict(true);
        let mut players: [Box<dyn Player<Game>>; 2] =
            [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
        play_game(&mut g, &mut players).unwrap();
    }
}

#[test]
fn games_with_braves_replay_identically() {
    let lib = CardLibrary::new(cards());
    for seed in 0..20u64 {
        let mut g = Game::new(
            RulesConfig::japanese(),
            lib.clone(),
            [deck("R"), deck("B")],
            seed,
        )
        .unwrap();
        let mut players: [Box<dyn Player<Game>>; 2] = [
            Box::new(RandomPlayer::new(seed)),
            Box::new(GreedyPlayer::new()),
        ];
        play_game(&mut g, &mut players).unwrap();
        let again = engine::Replay::of(&g).play(lib.clone()).unwrap();
        assert_eq!(again.log_hash(), g.log_hash(), "seed {seed}");
    }
}
