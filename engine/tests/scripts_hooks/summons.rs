//! Hooks of the main step (BS-5): when summoned, when deployed, when depleted, magic Main effects,
//! and after the opponent's "when summoned" resolves.

use super::*;

#[test]
fn bs_5_1_when_summoned_draws_after_the_spirit_is_on_the_field() {
    let card = scripted_spirit("S-SUM", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let mut g = strict(scenario(vec![card], 1));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-SUM", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(hand(&g, P0), before - 1 + 1, "played one, drew one");
    let played = pos(
        &g,
        |e| matches!(e, Event::Played { card, .. } if *card == c),
    );
    let hook = pos(&g, |e| *e == Event::Hook(Hook::WhenSummoned { card: c }));
    let run = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == c),
    );
    assert!(played < hook && hook < run);
    assert!(matches!(
        g.log()[run + 1],
        Event::CardMoved {
            from: Zone::Deck(_),
            to: Zone::Hand(_),
            ..
        }
    ));
}

#[test]
fn bs_5_4_when_deployed_nexus_effect_runs() {
    let mut nexus = engine::rules::battle_spirits::testkit::card(
        "N-DEP",
        carddb::CardKind::Nexus,
        0,
        carddb::Colour::Red,
        0,
        1,
        &[(1, 0, 0), (2, 2, 0)],
    );
    nexus.effects = vec![effect("When Placed", "gain_life(1);")];
    let mut g = strict(scenario(vec![nexus], 2));
    let n = put(&mut g, P0, "N-DEP", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, n);
    assert_eq!(g.life(P0), life + 1);
}

#[test]
fn bs_5_3_depletion_fires_when_depleted_not_when_destroyed() {
    let card = scripted_spirit(
        "S-DEP",
        0,
        1000,
        vec![
            effect("When Destroyed", "draw(1);"),
            effect("when_depleted", "gain_life(1);"),
        ],
    );
    let mut g = strict(scenario(vec![card], 7));
    let c = put(&mut g, P0, "S-DEP", Zone::Field(P0), 1);
    let (life, h) = (g.life(P0), hand(&g, P0));
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: engine::rules::battle_spirits::CoreSource::Card(c),
            to: engine::rules::battle_spirits::CoreSource::Reserve,
            soul: false,
        },
    );
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    assert_eq!(g.life(P0), life + 1);
    assert_eq!(hand(&g, P0), h, "depletion is not destruction");
}

#[test]
fn bs_5_5_magic_main_effect_runs_then_the_card_goes_to_the_trash() {
    let m = scripted_magic("M-DRW", 0, vec![effect("main", "draw(2);")]);
    let mut g = strict(scenario(vec![m], 13));
    let c = put(&mut g, P0, "M-DRW", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(hand(&g, P0), h - 1 + 2);
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
    let run = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == c),
    );
    let trash = pos(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Trash(_), .. } if *card == c),
    );
    assert!(run < trash, "BS-5.5: resolve, then the trash");
}

#[test]
fn bs_5_5_magic_with_main_and_flash_asks_which_in_the_main_step() {
    let m = scripted_magic(
        "M-TWO",
        0,
        vec![effect("main", "draw(1);"), effect("flash", "gain_life(2);")],
    );
    let mut g = strict(scenario(vec![m], 14));
    let c = put(&mut g, P0, "M-TWO", Zone::Hand(P0), 0);
    let life = g.life(P0);
    must(&mut g, Choice::UseMagic { card: c });
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::EffectChoice);
    assert_eq!(r.options.len(), 2);
    must(&mut g, Choice::OneOf { index: 1 });
    assert_eq!(g.life(P0), life + 2);
    assert_eq!(g.zone_of(c), Zone::Trash(P0));
}

#[test]
fn after_opponent_when_summoned_resolves() {
    let watcher = scripted_spirit(
        "S-RES",
        0,
        1000,
        vec![effect(
            "When Opponent Resolves a Spirit's \"When Summoned\" Effect",
            "gain_life(1);",
        )],
    );
    let summoner = scripted_spirit("S-SM2", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let mut g = strict(scenario(vec![watcher, summoner], 28));
    let w = put(&mut g, P1, "S-RES", Zone::Field(P1), 1);
    let s = put(&mut g, P0, "S-SM2", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let life = g.life(P1);
    play(&mut g, s);
    assert_eq!(g.life(P1), life + 1);
    let drew = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == s),
    );
    let after = pos(
        &g,
        |e| matches!(e, Event::EffectStarted { card, .. } if *card == w),
    );
    assert!(drew < after, "after the when-summoned effect");
}
