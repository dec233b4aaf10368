//! Whole line-battle games: 200 seeded greedy games (and 100 with seeded random answers)
//! on synthetic decks with effects finish, with conservation checked after every event;
//! the same seed gives the same log (`log_hash`).

use carddb::{CardDef, Line};
use engine::core::{GameRng, PlayerId, log_hash};
use engine::rules::line_battle::testkit::*;
use engine::rules::line_battle::{
    Game, GameResult, GreedyPlayer, LineBattleConfig, LineLibrary, Step,
};
use engine::script::ScriptSources;

fn cards() -> Vec<CardDef> {
    let mut v = vec![
        creature("C1", 1, 2, 1, 0),
        creature("C2", 2, 3, 2, 0),
        creature("C3", 3, 4, 3, 1),
        creature("C4", 4, 5, 4, 1),
        creature("C5", 5, 6, 5, 2),
        creature("C6", 6, 7, 6, 2),
        creature("C7", 2, 1, 5, 3),
        creature("C8", 3, 3, 3, 0),
        with_script(creature("E1", 3, 3, 2, 0), "When Played", "draw(1);"),
        with_script(
            creature("E2", 4, 4, 2, 0),
            "When Ordered to Attack",
            "at_plus(this_card(), 2);",
        ),
        with_script(
            creature("E3", 3, 2, 4, 1),
            "When Attacked",
            "df_plus(this_card(), 2);",
        ),
        with_script(
            creature("E4", 4, 4, 3, 0),
            "When Battle Succeeds",
            "gain_lp(2);",
        ),
        with_script(
            creature("E5", 5, 5, 3, 0),
            "When Played",
            "let t = choose_target(opponent_creatures()); if t != () { destroy(t); }",
        ),
        with_script(
            creature("E6", 2, 2, 2, 0),
            "At End of Battle",
            "damage_master(1);",
        ),
        with_script(
            creature("E7", 3, 3, 1, 0),
            "When Ordered to Attack",
            "if opponent_attack_line().len() > 0 { pass_through(this_card()); }",
        ),
        with_script(
            creature("E8", 4, 2, 2, 2),
            "When Attacked",
            "for c in opponent_attack_line() { if attack_target(c) == this_card() { cancel_order(c); } }",
        ),
        with_script(
            creature("E9", 2, 2, 2, 0),
            "Start Phase",
            "if may(\"Gain 1 DP?\") { gain_dp(1); }",
        ),
        with_script(
            creature("E10", 3, 3, 3, 0),
            "When Battles",
            "sh_plus(this_card(), 1);",
        ),
    ];
    let mut wall = creature("W1", 3, 0, 6, 3);
    wall.creature.as_mut().unwrap().lines = vec![Line::Defense];
    v.push(wall);
    v.push(master("M", None));
    v.push(master("M30", Some(30)));
    v
}

fn library() -> LineLibrary {
    LineLibrary::new(cards(), &ScriptSources::default()).unwrap()
}

fn deck_for(seed: u64) -> Vec<String> {
    // 3 copies of 14 of the 19 creatures (42 cards), chosen by the seed.
    let ids: Vec<String> = cards()
        .into_iter()
        .filter(|c| c.creature.is_some())
        .map(|c| c.id)
        .collect();
    let mut rng = GameRng::new(seed);
    let mut pick = ids.clone();
    rng.shuffle(&mut pick);
    pick.into_iter()
        .take(14)
        .flat_map(|c| [c.clone(), c.clone(), c])
        .collect()
}

/// Plays one game; `random`: answers drawn from a seeded rng instead of greedy.
fn play(lib: &LineLibrary, seed: u64, random: bool) -> (GameResult, Game) {
    let decks = [
        ("M".to_string(), deck_for(seed)),
        ("M30".to_string(), deck_for(seed + 1)),
    ];
    let mut g = Game::new(LineBattleConfig::default(), lib.clone(), decks, seed).unwrap();
    g.set_paranoid(true);
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut greedy = GreedyPlayer;
    for _ in 0..20_000 {
        match g.next() {
            Step::Over(r) => {
                g.check_invariants()
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                return (r, g);
            }
            Step::Decision(req) => {
                let c = if random {
                    req.options[rng.below(req.options.len() as u64) as usize]
                        .choice
                        .clone()
                } else {
                    greedy.choose(&g, &req)
                };
                g.answer(c).unwrap();
                g.check_invariants()
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
        }
    }
    panic!("seed {seed}: no end after 20,000 decisions");
}

#[test]
fn two_hundred_greedy_games_finish_with_conservation_after_every_event() {
    let lib = library();
    let mut wins = [0u32; 3];
    let mut turns = 0u64;
    let mut by_lp = 0;
    for seed in 0..200 {
        let (r, g) = play(&lib, seed, false);
        by_lp += u32::from(r.reason.contains("LP reached 0"));
        wins[r.winner.map_or(2, |p: PlayerId| p.index())] += 1;
        turns += u64::from(g.state().turn);
    }
    eprintln!(
        "greedy: P1 {} P2 {} draws {} (by LP {by_lp}) mean turns {:.1}",
        wins[0],
        wins[1],
        wins[2],
        turns as f64 / 200.0
    );
    assert_eq!(wins.iter().sum::<u32>(), 200);
    // LB-0.4 ends every game (master LP or an empty deck), none reaches the turn cap. The
    // synthetic walls (DF 6, SH 3) rarely fall, so LB-4.4 keeps most masters safe.
    assert_eq!(wins[2], 0, "no game reaches the turn cap");
    assert!(by_lp >= 20, "master LP decides some games: {by_lp}");
}

#[test]
fn hundred_random_answer_games_finish_with_conservation() {
    let lib = library();
    for seed in 1000..1100 {
        play(&lib, seed, true);
    }
}

#[test]
fn the_same_seed_gives_the_same_log() {
    let lib = library();
    for seed in [3, 77, 150] {
        let (_, a) = play(&lib, seed, false);
        let (_, b) = play(&lib, seed, false);
        assert_eq!(log_hash(a.log()), log_hash(b.log()), "seed {seed}");
        let (_, c) = play(&lib, seed, true);
        let (_, d) = play(&lib, seed, true);
        assert_eq!(
            log_hash(c.log()),
            log_hash(d.log()),
            "seed {seed}, random answers"
        );
    }
    let (_, x) = play(&lib, 3, false);
    let (_, y) = play(&lib, 4, false);
    assert_ne!(
        log_hash(x.log()),
        log_hash(y.log()),
        "different seeds differ"
    );
}

#[test]
fn a_save_mid_question_restores_and_a_replay_gives_the_same_log() {
    use engine::rules::line_battle::{DecisionKind, SavedGame};
    let lib = library();
    // Find a game that stops at an effect question, save there, go on both ways.
    for seed in 0..50 {
        let decks = [
            ("M".to_string(), deck_for(seed)),
            ("M30".to_string(), deck_for(seed + 1)),
        ];
        let mut g = Game::new(
            LineBattleConfig::default(),
            lib.clone(),
            decks.clone(),
            seed,
        )
        .unwrap();
        let mut greedy = GreedyPlayer;
        let mut saved = None;
        let finish = |g: &mut Game, greedy: &mut GreedyPlayer| loop {
            match g.next() {
                Step::Over(r) => return r,
                Step::Decision(req) => {
                    let c = greedy.choose(g, &req);
                    g.answer(c).unwrap();
                }
            }
        };
        loop {
            match g.next() {
                Step::Over(_) => break,
                Step::Decision(req) => {
                    if req.kind == DecisionKind::EffectChoice && saved.is_none() {
                        let json = serde_json::to_string(&g.save()).unwrap();
                        saved = Some(serde_json::from_str::<SavedGame>(&json).unwrap());
                    }
                    let c = greedy.choose(&g, &req);
                    g.answer(c).unwrap();
                }
            }
        }
        let Some(saved) = saved else { continue };
        let mut r = Game::restore(lib.clone(), saved).unwrap();
        finish(&mut r, &mut greedy);
        assert_eq!(
            log_hash(r.log()),
            log_hash(g.log()),
            "restored game, seed {seed}"
        );
        let replayed = Game::replay(
            LineBattleConfig::default(),
            lib.clone(),
            decks,
            seed,
            g.answers(),
        )
        .unwrap();
        assert_eq!(
            log_hash(replayed.log()),
            log_hash(g.log()),
            "replay, seed {seed}"
        );
        return;
    }
    panic!("no game asked an effect question in 50 seeds");
}

#[test]
fn every_event_of_a_game_renders_in_english() {
    use engine::rules::line_battle::render_event;
    let (_, g) = play(&library(), 11, false);
    let text: Vec<String> = g.log().iter().map(|e| render_event(e, &g)).collect();
    assert!(text.iter().all(|t| !t.is_empty()));
    assert!(text.iter().any(|t| t.starts_with("— Turn 2: ")), "turns");
    assert!(text.iter().any(|t| t.contains(" attacks ")), "attacks");
    assert!(text.last().unwrap().starts_with("Game over: "));
}
