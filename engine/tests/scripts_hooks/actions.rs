//! Script actions and what they log: the actions of, `inert`, the right player asked, and
//! printed text run when there is no script.

use super::*;

#[test]
fn issue4_actions_heavy_exhaust_count_tecoto_life_ultimate_trigger() {
    let m = scripted_magic(
        "M-ALL",
        0,
        vec![effect(
            "main",
            r#"
            heavily_exhaust(opponent_spirits());
            count_plus(2);
            count_minus(1);
            put_into_tecoto(my_spirits());
            opponent_lose_life(1);
            mill(1);
            opponent_mill(1);
            "#,
        )],
    );
    let mut ult = engine::rules::battle_spirits::testkit::card(
        "U-T",
        carddb::CardKind::Ultimate,
        9,
        carddb::Colour::Red,
        0,
        0,
        &[(3, 2, 8000)],
    );
    ult.effects = vec![effect(
        "When This Spirit Attacks",
        "if ultimate_trigger() { gain_life(1); }",
    )];
    let mut g = strict(scenario(vec![m, ult], 23));
    let s = put(&mut g, P1, "R-02", Zone::Field(P1), 1);
    let mine = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "M-ALL", Zone::Hand(P0), 0);
    let (olife, otrash, trash) = (
        g.life(P1),
        g.pile(Zone::Trash(P1)).len(),
        g.pile(Zone::Trash(P0)).len(),
    );
    play(&mut g, c);
    assert!(g.is_exhausted(s));
    assert!(g.log().contains(&Event::HeavilyExhausted { card: s }));
    assert_eq!(
        g.cores_at(engine::rules::battle_spirits::CoreLoc::Count(P0)),
        1
    );
    assert_eq!(g.zone_of(mine), Zone::Tecoto(P0));
    assert_eq!(g.life(P1), olife - 1);
    assert_eq!(g.pile(Zone::Trash(P1)).len(), otrash + 1);
    assert_eq!(
        g.pile(Zone::Trash(P0)).len(),
        trash + 1 + 1,
        "milled card and the magic"
    );
    // BS-13.4: one refresh step turns a heavily exhausted card to exhausted.
    must(&mut g, Choice::EndMain);
    assert!(g.is_exhausted(s));
    // BS-12.5: Ultimate Trigger: the top of P0's deck is another copy (equal cost): a guard,
    // and the rest of the effect does not work.
    let u = put(&mut g, P1, "U-T", Zone::Field(P1), 2);
    let life = g.life(P1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: u });
    let hit = g.log().iter().find_map(|e| match e {
        Event::UltimateTrigger { hit, revealed, .. } => Some((*hit, g.def_of(*revealed).cost)),
        _ => None,
    });
    assert_eq!(hit, Some((false, 9)));
    assert_eq!(g.life(P1), life);
}

#[test]
fn inert_logs_one_event_with_its_reason_and_the_effect_ends() {
    let card = scripted_spirit(
        "S-UNS",
        0,
        1000,
        vec![effect(
            "When Summoned",
            r#"draw(1); inert("text not understood"); return; draw(5);"#,
        )],
    );
    let mut g = strict(scenario(vec![card], 24));
    let c = put(&mut g, P0, "S-UNS", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    let h = hand(&g, P0);
    play(&mut g, c);
    assert_eq!(
        hand(&g, P0),
        h - 1 + 1,
        "ran up to the inert call, not after"
    );
    let inert: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectInert { card, reason, .. } if *card == c => Some(reason.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(inert, vec!["text not understood".to_string()]);
}

#[test]
fn opponent_chooses_and_discard_ask_the_right_player() {
    let card = scripted_spirit(
        "S-OPP",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "destroy(opponent_chooses(opponent_spirits(), 1)); discard(1);",
        )],
    );
    let mut g = strict(scenario(vec![card], 25));
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let c = put(&mut g, P0, "S-OPP", Zone::Hand(P0), 0);
    give_reserve(&mut g, P0, 1);
    play(&mut g, c);
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::EffectChoice, P1),
        "the opponent chooses"
    );
    must(&mut g, Choice::Target { card: a });
    let r = decision(&mut g);
    assert_eq!(
        (r.kind, r.player),
        (DecisionKind::EffectChoice, P0),
        "you discard"
    );
    let first = match r.options[0].choice {
        Choice::Target { card } => card,
        ref o => panic!("{o:?}"),
    };
    must(&mut g, Choice::Target { card: first });
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
    assert_eq!(g.zone_of(first), Zone::Trash(P0));
}

fn with_text(mut e: carddb::Effect, text: &str) -> carddb::Effect {
    e.text = std::collections::BTreeMap::from([("en".to_string(), text.to_string())]);
    e
}

#[test]
fn text_without_a_script_runs_the_generated_rhai_and_a_script_wins_over_text() {
    let mut from_text = with_text(effect("When Summoned", ""), "Draw 2 cards.");
    from_text.script = None;
    let scripted = with_text(effect("When Summoned", "gain_life(1);"), "Draw 2 cards.");
    let mut unclear = with_text(
        effect("When Summoned", ""),
        "Juggle three moons while singing.",
    );
    unclear.script = None;
    let cards = vec![
        scripted_spirit("T-TXT", 0, 1000, vec![from_text]),
        scripted_spirit("T-SCR", 0, 1000, vec![scripted]),
        scripted_spirit("T-UNC", 0, 1000, vec![unclear]),
    ];
    let mut g = strict(scenario(cards, 36));
    give_reserve(&mut g, P0, 3);
    let t = put(&mut g, P0, "T-TXT", Zone::Hand(P0), 0);
    let h = hand(&g, P0);
    play(&mut g, t);
    assert_eq!(
        hand(&g, P0),
        h - 1 + 2,
        "the dsl's script for \"Draw 2 cards.\""
    );
    let life = g.life(P0);
    let s = put(&mut g, P0, "T-SCR", Zone::Hand(P0), 0);
    play(&mut g, s);
    assert_eq!(g.life(P0), life + 1, "the card's script, not its text");
    let u = put(&mut g, P0, "T-UNC", Zone::Hand(P0), 0);
    play(&mut g, u);
    let inert = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::EffectInert { card, .. } if *card == u))
        .count();
    assert_eq!(
        inert, 1,
        "text not understood: one EffectInert, nothing run"
    );
}
