//! Hostile effects that reach past one script run (issue 16 kinds 1 and 2): closures
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
        failures(&g).iter().any(|f| f.contains("at most 1000")),
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

/// Issue 16 kind 7: with strict scripts, a failing script's message names its file and
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

/// Kind 2: watchers are bounded (1,000 waiting at once): registering without end fails
/// the effect with its reason, quickly.
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
            .any(|f| f.contains("more than 1000 `when` watchers")),
        "{:?}",
        failures(&g)
    );
}
