//! Unit tests of braves, one or more per rule ID (BS-5.1.1, BS-9.1 … BS-9.9), on synthetic
//! cards: `BR-A` (red brave, cost 3, bonus +3000, hosts of cost 3 or more), `BR-B` (blue
//! brave, cost 2, bonus +2000, red hosts of cost 4 or less, with effects), `BR-C` (white
//! brave, cost 1, bonus +1000, blue hosts, ultimates allowed).

use carddb::{BraveCondition, CardDef, CardKind, Colour};

use super::super::*;
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::script::{ModKind, Until};
use crate::rules::battle_spirits::testkit::{card, decision, effect, must, put, synthetic_cards};
use crate::{CardLibrary, DecisionKind};

mod braved;
mod braving;
mod leaving;
mod mutants;
mod mutants_actions;
mod mutants_keep;
mod unbrave;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn brave(id: &str, cost: u32, colour: Colour, bonus: u32, condition: BraveCondition) -> CardDef {
    let mut c = card(
        id,
        CardKind::Brave,
        cost,
        colour,
        0,
        1,
        &[(1, 1, 2000), (2, 3, 4000)],
    );
    c.brave = Some(carddb::Brave {
        condition,
        bp_bonus: bonus,
    });
    c
}

fn braved(mut e: carddb::Effect) -> carddb::Effect {
    e.braved = true;
    e
}

fn extra() -> Vec<CardDef> {
    let a = brave(
        "BR-A",
        3,
        Colour::Red,
        3000,
        BraveCondition {
            min_cost: Some(3),
            ..Default::default()
        },
    );
    let mut b = brave(
        "BR-B",
        2,
        Colour::Blue,
        2000,
        BraveCondition {
            max_cost: Some(4),
            colours: vec![Colour::Red],
            ..Default::default()
        },
    );
    b.effects = vec![
        // BS-5.1.1: works both ways.
        effect("When Summoned", "draw(1);"),
        // BS-9.2: braved effects, as effects of the host.
        braved(effect(
            "When This Spirit Attacks",
            "bp_plus(this_card(), 1000, \"turn\");",
        )),
        // Spirit form only: must not work while braved.
        effect("When This Spirit Attacks", "gain_life(1);"),
        braved(effect("When Destroyed", "gain_life(1);")),
    ];
    let c = brave(
        "BR-C",
        1,
        Colour::White,
        1000,
        BraveCondition {
            colours: vec![Colour::Blue],
            ultimates: true,
            ..Default::default()
        },
    );
    let mut q1 = card("BR-Q1", CardKind::Magic, 0, Colour::Red, 0, 0, &[]);
    q1.effects = vec![effect("main", "gain_life(count(my_spirits()));")];
    let mut q2 = card("BR-Q2", CardKind::Magic, 0, Colour::Red, 0, 0, &[]);
    q2.effects = vec![effect(
        "main",
        "gain_life(count(my_spirits().cost_at_least(5).colour(\"blue\")));",
    )];
    let mut back = card("BR-BACK", CardKind::Magic, 0, Colour::Red, 0, 0, &[]);
    back.effects = vec![effect("main", "return_to_hand(my_spirits());")];
    let blue = card(
        "BR-S",
        CardKind::Spirit,
        3,
        Colour::Blue,
        0,
        1,
        &[(1, 1, 3000), (2, 3, 5000)],
    );
    let ult = card(
        "BR-U",
        CardKind::Ultimate,
        3,
        Colour::Blue,
        0,
        1,
        &[(3, 2, 8000)],
    );
    let mut tec = card("BR-TEC", CardKind::Magic, 0, Colour::Red, 0, 0, &[]);
    tec.effects = vec![effect("main", "put_into_tecoto(my_spirits());")];
    let mut m = brave("BR-M", 1, Colour::Red, 1000, BraveCondition::default());
    m.effects = vec![
        braved(effect("main", "gain_life(1);")),
        effect("main", "draw(1);"),
    ];
    vec![a, b, c, q1, q2, back, ult, blue, tec, m]
}

fn game_with(cfg: RulesConfig) -> Game {
    let extra = extra();
    let mut all = synthetic_cards();
    all.extend(extra.iter().cloned());
    let lib = CardLibrary::new(all);
    let mut decks = [
        crate::rules::battle_spirits::testkit::synthetic_deck("R"),
        crate::rules::battle_spirits::testkit::synthetic_deck("B"),
    ];
    for d in decks.iter_mut() {
        let n = d.len();
        let mut k = 0;
        for c in &extra {
            for _ in 0..2 {
                k += 1;
                d[n - k] = c.id.clone();
            }
        }
    }
    let mut g = Game::new(cfg, lib, decks, 5).unwrap();
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    g.set_strict(true);
    g.set_strict_scripts(true);
    g
}

/// P0's turn 1 main step, strict.
fn game() -> Game {
    game_with(RulesConfig {
        first_player: Some(P0),
        ..RulesConfig::japanese()
    })
}

/// Ends P0's turn 1 and P1's turn 2: P0's turn 3 main step.
fn to_turn3(g: &mut Game) {
    must(g, Choice::EndMain);
    assert_eq!(decision(g).player, P1);
    must(g, Choice::EndMain);
    while decision(g).player == P1 {
        let r = decision(g);
        let c = if r.is_legal(&Choice::EndAttack) {
            Choice::EndAttack
        } else {
            r.options[0].choice.clone()
        };
        g.answer(c).unwrap();
    }
    assert_eq!(g.turn(), 3);
}

fn legal(g: &mut Game, c: &Choice) -> bool {
    decision(g).is_legal(c)
}

/// Braves `b` onto `h` with the Brave action (BS-9.1).
fn brave_onto(g: &mut Game, b: InstanceId, h: InstanceId) {
    must(g, Choice::Brave { brave: b, host: h });
}

/// Unbraves `b` (BS-9.5) and keeps it on the field with one core from the reserve.
fn unbrave_keeping_one(g: &mut Game, b: InstanceId) {
    must(g, Choice::Unbrave { brave: b });
    keep_question(g);
    let core = Choice::PlaceFrom {
        from: CoreSource::Reserve,
        soul: false,
    };
    must(g, core);
    must(g, Choice::DonePlacing);
}

fn keep_question(g: &mut Game) -> crate::DecisionRequest {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{r:?}");
    r
}

// ---- save / resume ------------------------------------------------------------------------

#[test]
fn braved_cards_survive_save_and_resume() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::Unbrave { brave: b });
    // Saved while the keep-brave question waits.
    let json = g.to_json();
    let mut h = Game::from_json(&json, g.library().clone()).unwrap();
    assert_eq!(h.to_json(), json);
    for x in [&mut g, &mut h] {
        must(x, Choice::DropBrave);
    }
    assert_eq!(g.log_hash(), h.log_hash());
    // And a save with a braved card.
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    let h = Game::from_json(&g.to_json(), g.library().clone()).unwrap();
    assert_eq!(h.host_of(b), Some(host));
    assert_eq!(h.bp(host), 6000);
    assert_eq!(h.brave_links(), g.brave_links());
}

#[test]
fn old_saves_without_braves_still_load() {
    let g = game();
    let mut v: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
    let st = v["state"].as_object_mut().unwrap();
    st.remove("braves");
    st.remove("brave_moves");
    let h = Game::from_json(&v.to_string(), g.library().clone()).unwrap();
    assert!(h.brave_links().is_empty());
}

#[test]
fn brave_events_render_in_english() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    assert_eq!(
        render_event(&Event::Braved { brave: b, host }, &g),
        format!("P1's Card BR-A {b} braves onto Card R-03 {host}")
    );
    assert_eq!(
        render_event(&Event::Unbraved { brave: b, host }, &g),
        format!("P1's Card BR-A {b} comes off Card R-03 {host}")
    );
}
