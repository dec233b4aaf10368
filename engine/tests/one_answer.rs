//! Paying a cost and placing cores in one answer (BS-5.2 steps 5 and 6):
//! `Choice::PayAll` / `Choice::PlaceAll` leave the same game as the core-by-core answers,
//! the default whole payment is listed first, any whole payment is accepted or refused
//! with a reason, and the board shown while an effect question waits is the one after the
//! events before it.

use engine::core::{InstanceId, PlayerId};
use engine::players::{Player, Sight, play_game_capped};
use engine::rules::battle_spirits::testkit::{
    chooser, decision, give_reserve, must, play, put, scenario,
};
use engine::rules::battle_spirits::{CorePick, CoreSource, GreedyPlayer, Zone};
use engine::{AnswerError, Choice, DecisionKind, Game, Replay};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// P0's main step with R-04 (cost 4) in hand, 1 more reserve core and R-02 on the field
/// with 3 cores (LV2: 2 spare above its LV1 minimum of 1).
fn board() -> (Game, InstanceId, InstanceId) {
    let mut g = scenario(vec![], 5);
    g.set_strict(true);
    let field = put(&mut g, P0, "R-02", Zone::Field(P0), 3);
    let card = put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    (g, card, field)
}

fn summon(g: &mut Game, card: InstanceId) -> engine::DecisionRequest {
    must(g, Choice::Summon { card });
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::PayFrom);
    r
}

/// The same picks as single-core answers (then `DonePlacing` when placing).
fn core_by_core(g: &mut Game, picks: &[CorePick], place: bool) {
    for p in picks {
        let one = |soul| match place {
            false => Choice::PayFrom { from: p.from, soul },
            true => Choice::PlaceFrom { from: p.from, soul },
        };
        for _ in 0..p.cores {
            must(g, one(false));
        }
        if p.soul {
            must(g, one(true));
        }
    }
    if place {
        must(g, Choice::DonePlacing);
    }
}

fn picks(c: &Choice) -> Vec<CorePick> {
    match c {
        Choice::PayAll { from } | Choice::PlaceAll { from } => from.clone(),
        other => panic!("not a whole answer: {other:?}"),
    }
}

#[test]
fn bs_5_2_default_whole_payment_is_listed_first_and_single_cores_stay() {
    let (mut g, card, _) = board();
    let r = summon(&mut g, card);
    let Choice::PayAll { from } = &r.options[0].choice else {
        panic!("first option {:?}", r.options[0])
    };
    // BS-5.2: the default takes the reserve's ordinary cores first.
    assert_eq!(from[0].from, CoreSource::Reserve);
    assert!(
        r.options[0].label.starts_with("Pay all "),
        "{}",
        r.options[0].label
    );
    assert!(
        r.choices().any(|c| matches!(
            c,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false
            }
        )),
        "the core-by-core answers are still listed"
    );
}

#[test]
fn bs_5_2_one_answer_payment_and_placement_leave_the_same_game_as_core_by_core() {
    let (mut a, card, _) = board();
    let (mut b, _, _) = board();
    let from = a.log().len();
    // Every listed whole payment, then every listed whole placement, against the same
    // cores answered one at a time.
    let pays: Vec<Choice> = summon(&mut a, card)
        .choices()
        .filter(|c| c.is_shortcut())
        .cloned()
        .collect();
    assert!(pays.len() >= 2, "a default and an alternative: {pays:?}");
    for pay in pays {
        let (mut a, _, _) = board();
        let (mut b2, _, _) = board();
        summon(&mut a, card);
        summon(&mut b2, card);
        must(&mut a, pay.clone());
        core_by_core(&mut b2, &picks(&pay), false);
        let r = decision(&mut a);
        assert_eq!(r.kind, DecisionKind::PlaceCore);
        let place = r.options[0].choice.clone();
        must(&mut a, place.clone());
        core_by_core(&mut b2, &picks(&place), true);
        assert_eq!(a.log()[from..], b2.log()[from..], "{pay:?} then {place:?}");
        assert_eq!(a.view(P0), b2.view(P0));
        assert_eq!(a.view(P1), b2.view(P1));
        assert_eq!(decision(&mut a).kind, DecisionKind::MainAction);
    }
    // The summon happened: paid and placed, the card on the field.
    summon(&mut b, card);
    let pay = decision(&mut b).options[0].choice.clone();
    must(&mut b, pay);
    let place = decision(&mut b).options[0].choice.clone();
    must(&mut b, place);
    assert!(b.on_field(card) && b.cores_on(card) >= 1);
}

#[test]
fn bs_5_2_unlisted_whole_payment_is_accepted() {
    let (mut a, card, field) = board();
    let (mut b, _, _) = board();
    let r = summon(&mut a, card);
    summon(&mut b, card);
    let Choice::PayAll { from } = &r.options[0].choice else {
        unreachable!()
    };
    let n: u32 = from.iter().map(|p| p.cores + u32::from(p.soul)).sum();
    // All but 1 from the reserve, 1 from the field spirit: not necessarily listed.
    let mine = vec![
        CorePick {
            from: CoreSource::Reserve,
            cores: n - 1,
            soul: false,
        },
        CorePick {
            from: CoreSource::Card(field),
            cores: 1,
            soul: false,
        },
    ];
    must(&mut a, Choice::PayAll { from: mine.clone() });
    core_by_core(&mut b, &mine, false);
    assert_eq!(a.log(), b.log());
    assert_eq!(a.cores_on(field), 2);
}

#[test]
fn bs_5_2_impossible_whole_payments_are_refused_with_a_reason_and_change_nothing() {
    let (mut g, card, field) = board();
    let r = summon(&mut g, card);
    let n: u32 = picks(&r.options[0].choice)
        .iter()
        .map(|p| p.cores + u32::from(p.soul))
        .sum();
    let before = g.to_json();
    let pick = |from, cores, soul| CorePick { from, cores, soul };
    let cases: Vec<(Vec<CorePick>, &str)> = vec![
        (
            vec![pick(CoreSource::Reserve, n - 1, false)],
            "takes exactly",
        ),
        (
            vec![pick(CoreSource::Card(field), n + 5, false)],
            "ordinary core(s), not",
        ),
        (
            vec![
                pick(CoreSource::Reserve, 1, false),
                pick(CoreSource::Reserve, n - 1, false),
            ],
            "named twice",
        ),
        (
            vec![pick(CoreSource::Card(InstanceId(9999)), n, false)],
            "not one of your field cards",
        ),
        (
            vec![
                pick(CoreSource::Reserve, n - 1, false),
                pick(CoreSource::Card(field), 0, true),
            ],
            "the soul core is not on Card R-02",
        ),
        (
            vec![
                pick(CoreSource::Reserve, n, false),
                pick(CoreSource::Card(field), 0, false),
            ],
            "no core is taken from Card R-02",
        ),
    ];
    for (bad, says) in cases {
        match g.answer(Choice::PayAll { from: bad.clone() }) {
            Err(AnswerError::Cores { reason }) => {
                assert!(reason.contains(says), "{bad:?}: {reason}")
            }
            other => panic!("{bad:?}: {other:?}"),
        }
        assert_eq!(g.to_json(), before, "a refused answer changes nothing");
    }
    // A whole placement in a payment decision is not an option at all.
    assert!(matches!(
        g.answer(Choice::PlaceAll { from: vec![] }),
        Err(AnswerError::NotAnOption { .. })
    ));
}

#[test]
fn bs_5_2_whole_placement_may_not_deplete_a_field_card() {
    let (mut g, card, field) = board();
    let pay = summon(&mut g, card).options[0].choice.clone();
    must(&mut g, pay);
    assert_eq!(decision(&mut g).kind, DecisionKind::PlaceCore);
    let before = g.to_json();
    // R-02's LV1 needs 1 core: taking all of its cores would deplete it (BS-5.3).
    let all = g.cores_on(field);
    match g.answer(Choice::PlaceAll {
        from: vec![CorePick {
            from: CoreSource::Card(field),
            cores: all,
            soul: false,
        }],
    }) {
        Err(AnswerError::Cores { reason }) => {
            assert!(reason.contains("below its minimum level"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.to_json(), before);
    // Too few for the lowest level.
    match g.answer(Choice::PlaceAll { from: vec![] }) {
        Err(AnswerError::Cores { reason }) => assert!(reason.contains("at least"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bs_5_2_games_with_whole_answers_replay_and_old_single_core_replays_load() {
    /// Greedy, except that payments and placements take the listed default whole answer.
    struct Whole(GreedyPlayer);
    impl Player<Game> for Whole {
        fn decide(&mut self, sight: &Sight<'_, Game>, req: &engine::DecisionRequest) -> Choice {
            match req.options.first() {
                Some(o) if o.choice.is_shortcut() => o.choice.clone(),
                _ => self.0.decide(sight, req),
            }
        }
    }
    for seed in 0..4u64 {
        let mut g = scenario(vec![], seed);
        g.set_strict(true);
        let mut players: [Box<dyn Player<Game>>; 2] = [
            Box::new(Whole(GreedyPlayer::new())),
            Box::new(GreedyPlayer::new()),
        ];
        play_game_capped(&mut g, &mut players, 5000).unwrap();
        assert!(g.answers().iter().any(Choice::is_shortcut), "seed {seed}");
        let again = Replay::of(&g).play(g.library().clone()).unwrap();
        assert_eq!(again.log_hash(), g.log_hash(), "seed {seed}");
        // A replay file of single-core answers (as written before whole answers existed).
        let mut old = scenario(vec![], seed);
        let mut greedy: [Box<dyn Player<Game>>; 2] =
            [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
        play_game_capped(&mut old, &mut greedy, 5000).unwrap();
        assert!(!old.answers().iter().any(Choice::is_shortcut));
        let json = serde_json::to_string(&Replay::of(&old)).unwrap();
        let loaded: Replay = serde_json::from_str(&json).unwrap();
        assert_eq!(
            loaded.play(old.library().clone()).unwrap().log_hash(),
            old.log_hash()
        );
    }
}

#[test]
fn the_board_shown_at_an_effect_question_is_after_the_events_before_it() {
    let mut g = scenario(vec![chooser()], 32);
    g.set_strict_scripts(true);
    let only = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    let c = put(&mut g, P0, "S-CHO", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    // The may question waits; its step (summon, destroy) is undone until the answer
    // (README "Effects and decisions") but the board shown is the one the question sees.
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert!(g.on_field(only), "the state is the one before the step");
    let me = g.view(P0);
    assert!(me.players[0].field.iter().any(|f| f.id == c), "summoned");
    let opp = g.view(P1);
    assert!(
        opp.players[1].field.iter().all(|f| f.id != only),
        "destroyed"
    );
    assert!(opp.players[1].trash.iter().any(|t| &**t == "B-01"));
    // The step re-runs from its placement, but a whole placement does not answer the
    // question.
    assert!(matches!(
        g.answer(Choice::PlaceAll { from: vec![] }),
        Err(AnswerError::NotAnOption { .. })
    ));
    // A save while it waits keeps that board.
    let loaded = Game::from_json(&g.to_json(), g.library().clone()).unwrap();
    assert_eq!(loaded.view(P0), me);
    must(&mut g, Choice::No);
    assert_eq!(g.view(P0).players[0].field, me.players[0].field);
}
