//! Mid-script choices: the game stops at an `EffectChoice` decision, can be
//! saved there, resumes the effect with the answer (identically after a load and in a
//! replay), and refuses an illegal answer without changing anything.

use engine::core::PlayerId;
use engine::players::{Player, RandomPlayer, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    chooser, decision, effect, give_reserve, must, play, put, scenario, scripted_spirit,
};
use engine::{AnswerError, CardLibrary, Choice, DecisionKind, Game, Replay};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn stopped_game() -> (Game, [engine::core::InstanceId; 2]) {
    let mut g = scenario(vec![chooser()], 31);
    g.set_strict(true);
    g.set_strict_scripts(true);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let b = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let c = put(&mut g, P0, "S-CHO", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    (g, [a, b])
}

#[test]
fn choice_stops_the_game_and_nothing_of_the_effect_has_happened_yet() {
    let (mut g, [a, b]) = stopped_game();
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert_eq!(r.player, P0);
    assert!(r.is_legal(&Choice::Target { card: a }) && r.is_legal(&Choice::Target { card: b }));
    assert!(g.on_field(a) && g.on_field(b));
}

#[test]
fn choice_save_load_answer_continues_identically() {
    let (mut g, [_, b]) = stopped_game();
    let saved = g.to_json();
    let mut loaded = Game::from_json(&saved, g.library().clone()).unwrap();
    assert_eq!(loaded.current_request(), g.current_request());
    for game in [&mut g, &mut loaded] {
        must(game, Choice::Target { card: b });
        assert_eq!(
            decision(game).kind,
            DecisionKind::EffectChoice,
            "the may question"
        );
        // Save again in the middle of the second question.
        let again = Game::from_json(&game.to_json(), game.library().clone()).unwrap();
        *game = again;
        must(game, Choice::Yes);
        assert_eq!(game.zone_of(b), Zone::Trash(P1));
    }
    assert_eq!(g.log_hash(), loaded.log_hash());
    assert_eq!(g.to_json(), loaded.to_json());
    // (Replays of whole games with choices: `games_with_choosing_effects_…` below; this
    // game was arranged with testkit moves a replay does not hold.)
}

#[test]
fn illegal_effect_answer_is_a_typed_error_and_changes_nothing() {
    let (mut g, _) = stopped_game();
    let before = g.to_json();
    for bad in [
        Choice::EndMain,
        Choice::Yes,
        Choice::Target {
            card: engine::core::InstanceId(0),
        },
    ] {
        match g.answer(bad.clone()) {
            Err(AnswerError::NotAnOption { kind, choice }) => {
                assert_eq!(kind, DecisionKind::EffectChoice);
                assert_eq!(choice, bad);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(g.to_json(), before);
    }
}

#[test]
fn forced_choice_asks_nothing() {
    let mut g = scenario(vec![chooser()], 32);
    g.set_strict_scripts(true);
    let only = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let c = put(&mut g, P0, "S-CHO", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    // One target: chosen without a decision; only the may question is asked. While it
    // waits, the state is the one before the step (README "Effects and decisions") and
    // `pending_preview` shows the events so far.
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::No) && r.options.len() == 2);
    assert!(
        g.pending_preview()
            .contains(&engine::Event::Destroyed { card: only })
    );
    must(&mut g, Choice::No);
    assert_eq!(g.zone_of(only), Zone::Trash(P1));
}

#[test]
fn games_with_choosing_effects_finish_and_replay_identically() {
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(chooser());
    let lib = CardLibrary::new(all);
    for seed in 0..20u64 {
        let mut g =
            engine::rules::battle_spirits::testkit::scenario_with(lib.clone(), &[chooser()], seed);
        g.set_strict(true);
        g.set_strict_scripts(true);
        let mut players: [Box<dyn Player<Game>>; 2] = [
            Box::new(GreedyPlayer::new()),
            Box::new(RandomPlayer::new(seed)),
        ];
        play_game_capped(&mut g, &mut players, 5000).unwrap();
        assert!(g.result().is_some());
        let again = Replay::of(&g).play(lib.clone()).unwrap();
        assert_eq!(again.log_hash(), g.log_hash(), "seed {seed}");
    }
}

/// BS-6.6 inside battle resolution: a "when destroyed" effect asks mid-resolution; the game
/// is saved there, loaded, answered, and the battle finishes identically.
#[test]
fn bs_6_6_question_inside_battle_resolution_survives_save_and_load() {
    let card = scripted_spirit(
        "S-WDQ",
        0,
        1000,
        vec![effect(
            "When Destroyed",
            "if may(\"Draw a card?\") { draw(1); }",
        )],
    );
    let mut g = scenario(vec![card], 33);
    g.set_strict(true);
    g.set_strict_scripts(true);
    must(&mut g, Choice::EndMain);
    let b = put(&mut g, P0, "S-WDQ", Zone::Field(P0), 1);
    let a = put(&mut g, P1, "B-06", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    engine::rules::battle_spirits::testkit::pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    must(&mut g, Choice::Pass);
    must(&mut g, Choice::Pass);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    let mut loaded = Game::from_json(&g.to_json(), g.library().clone()).unwrap();
    let h = g.pile(Zone::Hand(P0)).len();
    for game in [&mut g, &mut loaded] {
        must(game, Choice::Yes);
        assert_eq!(game.zone_of(b), Zone::Trash(P0));
        assert_eq!(game.pile(Zone::Hand(P0)).len(), h + 1);
        assert_eq!(decision(game).kind, DecisionKind::AttackOrEnd);
    }
    assert_eq!(g.log_hash(), loaded.log_hash());
}

#[test]
fn when_life_is_lost_sub_trigger() {
    let card = scripted_spirit(
        "S-LLS",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "when(ev_lose_life(), || { gain_life(2); });",
        )],
    );
    let m = engine::rules::battle_spirits::testkit::scripted_magic(
        "M-LL",
        0,
        vec![effect("main", "lose_life(1);")],
    );
    let mut g = scenario(vec![card, m], 34);
    g.set_strict(true);
    g.set_strict_scripts(true);
    let c = put(&mut g, P0, "S-LLS", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let m = put(&mut g, P0, "M-LL", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, m);
    assert_eq!(g.life(P0), life - 1 + 2);
}

/// "Select any number of your opponent's spirits with a combined total of 3000 or fewer BP
/// and destroy them": the choice stops offering cards over the budget.
#[test]
fn combined_bp_budget_limits_the_choice() {
    let card = scripted_spirit(
        "S-CMB",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "destroy(choose_targets_any_number(opponent_spirits().combined_bp_at_most(3000)));",
        )],
    );
    let mut g = scenario(vec![card], 35);
    g.set_strict_scripts(true);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1); // 1000
    let b = put(&mut g, P1, "B-02", Zone::Field(P1), 1); // 2000
    let c = put(&mut g, P1, "B-03", Zone::Field(P1), 1); // 3000
    let s = put(&mut g, P0, "S-CMB", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, s);
    must(&mut g, Choice::Target { card: b });
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Target { card: a }));
    assert!(
        !r.is_legal(&Choice::Target { card: c }),
        "2000 + 3000 > 3000"
    );
    must(&mut g, Choice::Target { card: a });
    // Budget spent: nothing else can be chosen; both are destroyed.
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(b), Zone::Trash(P1));
    assert!(g.on_field(c));
}
