//! Hostile effects that reach past one script run: closures
//! registered with `when(…)` stay inside the limits, and work that grows with what a
//! script asks for is bounded. Each case ends with a clear `EffectFailed` (or acts within
//! its limit) and the game goes on.

use std::time::{Duration, Instant};

use engine::core::PlayerId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, play, put, scenario, scripted_spirit,
};
use engine::{Event, Game};

const P0: PlayerId = PlayerId(0);

/// Plays a free spirit whose When Summoned effect is `script`; returns the game and the
/// time it took.
fn summon_with(id: &str, script: &str, seed: u64) -> (Game, Duration) {
    let card = scripted_spirit(id, 0, 1000, vec![effect("When Summoned", script)]);
    let mut g = scenario(vec![card], seed);
    g.set_strict(true);
    let c = put(&mut g, P0, id, Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let t = Instant::now();
    play(&mut g, c);
    let _ = decision(&mut g);
    (g, t.elapsed())
}

fn failures(g: &Game) -> Vec<String> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectFailed { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

/// Kind 1: a closure that destroys its own card when that card is destroyed, on a card
/// whose script then destroys itself.
#[test]
fn a_closure_destroying_its_own_card_stays_in_the_limits() {
    let (g, t) = summon_with(
        "HC-SELF",
        r#"when(ev_destroyed(this_card(), false, false), "turn", || destroy(this_card()));
           destroy(this_card());"#,
        1601,
    );
    assert!(t < Duration::from_secs(5), "{t:?}");
    // BS-6.6: destroyed once (a card being destroyed is not destroyed again); its
    // closure's own `destroy` finds it gone.
    let destroyed = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::Destroyed { .. }))
        .count();
    assert_eq!(destroyed, 1);
    assert!(failures(&g).is_empty(), "{:?}", failures(&g));
}

/// Kind 1: a closure whose action sets off its own event again, without end.
#[test]
fn a_closure_setting_off_its_own_event_is_cut_with_its_reason() {
    let (g, t) = summon_with(
        "HC-REG",
        r#"when(ev_exhausted(my_spirits()), || { refresh(my_spirits()); exhaust(my_spirits()); });
           exhaust(my_spirits());"#,
        1602,
    );
    assert!(t < Duration::from_secs(10), "{t:?}");
    // The watcher loop is cut after 1,000 happenings in one step, with its reason.
    assert!(
        failures(&g).iter().any(|f| f.contains("watcher loop")),
        "{:?}",
        failures(&g)
    );
}

/// Kind 2: a count larger than any card's fails the effect with its reason instead of
/// moving cores one by one for minutes; within the bound it acts (life has no cap, K14).
#[test]
fn a_huge_count_fails_the_effect_with_its_reason() {
    let (g, t) = summon_with("HC-LIFE", "gain_life(100000);", 1801);
    assert!(t < Duration::from_secs(5), "{t:?}");
    assert!(
        failures(&g)
            .iter()
            .any(|f| f.contains("n must be between 0 and 1000, got 100000")),
        "{:?}",
        failures(&g)
    );
    assert_eq!(g.life(P0), 5, "nothing half-done");
    let (g, _) = summon_with("HC-LIFE2", "gain_life(1000);", 1802);
    assert_eq!(g.life(P0), 1005);
}

/// Kind 2: a script that asks without end (`may` in a loop): each answer re-runs the
/// step, so questions are bounded per step (200); past that the effect fails with its
/// reason, and answering took bounded time.
#[test]
fn questions_without_end_are_cut_with_a_reason() {
    use engine::{Choice, DecisionKind};
    let card = scripted_spirit(
        "HC-ASK",
        0,
        1000,
        vec![effect(
            "When Summoned",
            r#"for i in 0..100000 { may("again?"); }"#,
        )],
    );
    let mut g = scenario(vec![card], 1803);
    let c = put(&mut g, P0, "HC-ASK", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let t = Instant::now();
    play(&mut g, c);
    let mut asked = 0;
    while decision(&mut g).kind == DecisionKind::EffectChoice {
        asked += 1;
        g.answer(Choice::Yes).unwrap();
    }
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    assert_eq!(asked, 200);
    assert!(
        failures(&g)
            .iter()
            .any(|f| f.contains("more than 200 questions")),
        "{:?}",
        failures(&g)
    );
}

/// With strict scripts, a failing script's message names its file and
/// line, not only the card.
#[test]
fn a_strict_script_error_names_the_rhai_file_and_line() {
    use engine::CardLibrary;
    use engine::script::ScriptSources;
    let mut e = effect("When Summoned", "");
    e.script = None;
    e.script_file = Some("effects/boom.rhai".into());
    let card = scripted_spirit("HC-BOOM", 0, 1000, vec![e]);
    let mut src = ScriptSources::default();
    src.add_file("mine", "effects/boom.rhai", "let x = 1;\nthrow \"boom\";\n");
    src.pack_of.insert("HC-BOOM".into(), "mine".into());
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(card.clone());
    let lib = CardLibrary::with_scripts(all, &src).unwrap();
    let mut g = engine::rules::battle_spirits::testkit::scenario_with(lib, &[card], 1804);
    g.set_strict_scripts(true);
    let c = put(&mut g, P0, "HC-BOOM", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play(&mut g, c)));
    std::panic::set_hook(hook);
    let msg = match r {
        Err(p) => p.downcast_ref::<String>().cloned().unwrap_or_default(),
        Ok(()) => panic!("the script did not fail"),
    };
    assert!(msg.contains("mine/effects/boom.rhai:2"), "{msg}");
    assert!(msg.contains("boom"), "{msg}");
}

/// Kind 2: watchers are bounded (20 from one effect): registering without end fails the
/// effect with its reason, quickly.
#[test]
fn watchers_without_end_are_cut_with_a_reason() {
    let (g, t) = summon_with(
        "HC-WATCH",
        "for i in 0..100000 { when(ev_exhausted(my_spirits()), || draw(0)); }",
        1805,
    );
    assert!(t < Duration::from_secs(5), "{t:?}");
    assert!(
        failures(&g)
            .iter()
            .any(|f| f.contains("more than 20 `when` watchers from one effect")),
        "{:?}",
        failures(&g)
    );
}

/// The closures of `card` that ran: each watcher reached runs once (BS-8.4), logged as
/// one more start of its card's effect.
fn closure_runs(g: &Game, card: engine::core::InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

/// Plays a free magic whose [Main] effect exhausts all of P0's spirits; the turn player
/// orders the closures it reaches (BS-8.4), here in the order listed.
fn exhaust_mine(g: &mut Game) {
    use engine::{Choice, DecisionKind};
    let m = put(g, P0, "HC-EXH", Zone::Hand(P0), 0);
    play(g, m);
    while decision(g).kind == DecisionKind::EffectChoice {
        g.answer(Choice::OneOf { index: 0 }).unwrap();
    }
}

fn exhauster() -> carddb::CardDef {
    engine::rules::battle_spirits::testkit::scripted_magic(
        "HC-EXH",
        0,
        vec![effect("main", "exhaust(my_spirits());")],
    )
}

/// Kind 5: one card's When Summoned registers 1,000 watchers in a loop. Each happening
/// resolves every watcher it reaches one by one (BS-8.4), so its work grows with the
/// square of their number: one effect keeps at most 20 waiting, the 21st fails the effect
/// with the cap, one exhaustion then runs exactly 20 closures (copies of one closure,
/// resolved without an order question), and the game finishes.
#[test]
fn one_effect_registering_a_thousand_watchers_is_held_to_twenty() {
    use engine::players::{Player, play_game_capped};
    use engine::rules::battle_spirits::GreedyPlayer;
    let card = scripted_spirit(
        "HC-MANY",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "for i in 0..1000 { when(ev_exhausted(my_spirits()), || draw(0)); }",
        )],
    );
    let mut g = scenario(vec![card, exhauster()], 1806);
    let c = put(&mut g, P0, "HC-MANY", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let _ = decision(&mut g);
    assert_eq!(
        failures(&g),
        ["more than 20 `when` watchers from one effect of this card"]
    );
    let fail_card = g.log().iter().find_map(|e| match e {
        Event::EffectFailed { card, .. } => Some(*card),
        _ => None,
    });
    assert_eq!(fail_card, Some(c), "the failure names the card");
    assert_eq!(closure_runs(&g, c), 1, "only the When Summoned so far");
    exhaust_mine(&mut g);
    assert_eq!(
        closure_runs(&g, c),
        1 + 20,
        "20 watchers alive, each ran once"
    );
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    play_game_capped(&mut g, &mut players, 50_000).expect("the game finishes");
}

/// Kind 5: six cards each registering 20 watchers (the most one effect may keep) exceed
/// the 100 a game keeps waiting: the sixth card's effect fails with that cap at its first
/// watcher, and one exhaustion of the six spirits (six happenings) reaches the 100
/// closures each time (BS-8.4): 600 runs.
#[test]
fn watchers_of_many_cards_are_held_to_a_hundred_in_the_game() {
    let card = scripted_spirit(
        "HC-TWENTY",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "for i in 0..20 { when(ev_exhausted(my_spirits()), || draw(0)); }",
        )],
    );
    let mut cards: Vec<_> = (0..6)
        .map(|k| {
            let mut c = card.clone();
            c.id = format!("HC-TWENTY{k}");
            c.name = format!("Card {}", c.id);
            c
        })
        .collect();
    cards.push(exhauster());
    let mut g = scenario(cards, 1807);
    let mut copies = Vec::new();
    for k in 0..6 {
        let c = put(&mut g, P0, &format!("HC-TWENTY{k}"), Zone::Hand(P0), 0);
        give_reserve(&mut g, P0, 1);
        play(&mut g, c);
        let _ = decision(&mut g);
        copies.push(c);
    }
    assert_eq!(
        failures(&g),
        ["more than 100 `when` watchers at once (each happening checks them all)"]
    );
    exhaust_mine(&mut g);
    let runs: usize = copies.iter().map(|&c| closure_runs(&g, c) - 1).sum();
    assert_eq!(runs, 6 * 100);
}

/// Kind 5: a constant effect giving 1,000 standing watchers (BS-8.1) fails whole with
/// the per-effect cap: none of them stands, so attacks reach no closure, and a whole
/// game with the card on the field finishes.
#[test]
fn a_constant_effect_giving_a_thousand_watchers_fails_whole() {
    use engine::players::{Player, play_game_capped};
    use engine::rules::battle_spirits::GreedyPlayer;
    let card = scripted_spirit(
        "HC-STAND",
        0,
        1000,
        vec![effect(
            "constant",
            r#"for i in 0..1000 { when(ev_exhausted(my_spirits()), "while", || draw(0)); }"#,
        )],
    );
    let mut g = scenario(vec![card, exhauster()], 1808);
    let c = put(&mut g, P0, "HC-STAND", Zone::Field(P0), 1);
    exhaust_mine(&mut g);
    assert_eq!(closure_runs(&g, c), 0);
    assert!(
        failures(&g)
            .iter()
            .any(|f| f.contains("more than 20 `when` watchers from one effect")),
        "{:?}",
        failures(&g)
    );
    let mut players: [Box<dyn Player<Game>>; 2] =
        [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
    play_game_capped(&mut g, &mut players, 50_000).expect("the game finishes");
}

/// Kind 6: a count past the bound on either side (`i64::MAX`, a negative) fails the effect
/// with both bounds, in every function that takes a count, and nothing moves (BS-0.3: the
/// void gives no core).
#[test]
fn a_count_out_of_bounds_names_both_bounds() {
    for (i, (call, got)) in [
        (
            r#"cores_from_void_to("reserve", 9223372036854775807);"#,
            "9223372036854775807",
        ),
        (r#"cores_from_void_to("reserve", -1);"#, "-1"),
        ("draw(-3);", "-3"),
        ("deck_top(-1);", "-1"),
        ("gain_life(1001);", "1001"),
    ]
    .into_iter()
    .enumerate()
    {
        let id = format!("HC-N{i}");
        let (g, _) = summon_with(&id, call, 1810 + i as u64);
        assert_eq!(
            failures(&g),
            [format!("n must be between 0 and 1000, got {got}")],
            "{call}"
        );
        assert_eq!(g.life(P0), 5, "{call}");
    }
    let (g, _) = summon_with(
        "HC-UPTO",
        r#"move_cores_up_to("reserve", "trash", -5);"#,
        1820,
    );
    assert_eq!(
        failures(&g),
        ["n (or -1 for any number) must be between 0 and 1000, got -5"]
    );
}
