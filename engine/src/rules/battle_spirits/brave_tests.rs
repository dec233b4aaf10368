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

// ---- BS-9.1 -----------------------------------------------------------------------------

#[test]
fn bs_9_1_brave_onto_an_eligible_host_pays_nothing() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let low = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    // BS-9.1: cost 3 meets "cost 3 or more"; cost 1 does not.
    assert!(legal(&mut g, &Choice::Brave { brave: b, host }));
    assert!(!legal(
        &mut g,
        &Choice::Brave {
            brave: b,
            host: low
        }
    ));
    let reserve = g.reserve(P0);
    let label = decision(&mut g)
        .options
        .iter()
        .find(|o| o.choice == Choice::Brave { brave: b, host })
        .unwrap()
        .label
        .clone();
    assert_eq!(label, format!("Brave Card BR-A {b} onto Card R-03 {host}"));
    brave_onto(&mut g, b, host);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.braves_on(host), vec![b]);
    assert_eq!(g.reserve(P0), reserve, "BS-9.1: braving pays nothing");
    assert!(g.log().contains(&Event::Braved { brave: b, host }));
    // One braved spirit: the host fights, the brave does not on its own.
    assert!(g.refreshed_fighters(P0).contains(&host));
    assert!(!g.refreshed_fighters(P0).contains(&b));
    assert!(!g.is_spirit_like(b));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    g.check_invariants().unwrap();
}

#[test]
fn bs_9_1_illegal_brave_is_refused_and_changes_nothing() {
    let mut g = game();
    let blue = put(&mut g, P0, "BR-S", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    let before = g.to_json();
    let choice = Choice::Brave {
        brave: b,
        host: blue,
    };
    // BR-B needs a red host.
    assert!(matches!(
        g.answer(choice),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.to_json(), before);
    // A brave cannot host a brave; an unbraved brave cannot be unbraved.
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    for c in [
        Choice::Brave { brave: b, host: a },
        Choice::Unbrave { brave: b },
        Choice::SwapBraves {
            first: blue,
            second: a,
        },
    ] {
        assert!(matches!(g.answer(c), Err(AnswerError::NotAnOption { .. })));
    }
}

#[test]
fn bs_9_1_ultimates_only_when_the_condition_allows() {
    let mut g = game();
    let spirit = put(&mut g, P0, "BR-S", Zone::Field(P0), 1);
    let ult = put(&mut g, P0, "BR-U", Zone::Field(P0), 2);
    let c = put(&mut g, P0, "BR-C", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: c,
            host: spirit
        }
    ));
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: a,
            host: spirit
        }
    ));
    // BR-A (cost 3 or more, spirits only) refuses the cost-3 ultimate; BR-C allows it.
    assert!(!legal(
        &mut g,
        &Choice::Brave {
            brave: a,
            host: ult
        }
    ));
    assert!(legal(
        &mut g,
        &Choice::Brave {
            brave: c,
            host: ult
        }
    ));
    brave_onto(&mut g, c, ult);
    // Still an ultimate for targeting; LV3 8000 + 1000.
    assert_eq!(g.bp(ult), 9000);
    assert!(g.refreshed_fighters(P0).contains(&ult));
}

// ---- BS-9.2 -----------------------------------------------------------------------------

#[test]
fn bs_9_2_bp_cores_symbols_colours_and_cost_of_the_braved_card() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    let r06 = g.library().def("R-06").clone();
    // cost 6, red reduction 3; field: R-03 (1 red symbol) → pay 5 before braving.
    let before = g.quote(P0, &r06).to_pay;
    brave_onto(&mut g, b, host);
    // BS-9.2: the brave's cores move onto the host (2 cores: still LV1 of R-03).
    assert_eq!(g.cores_on(b), 0);
    assert_eq!(g.cores_on(host), 2);
    assert_eq!(g.level(host), Some(1));
    // BP: R-03 LV1 3000 + "when braved BP +2000" = 5000.
    assert_eq!(g.bp(host), 5000);
    // Symbols: R-03's red + BR-B's blue, each counted once on the field.
    let fs = g.field_symbols(P0);
    assert_eq!(fs.colours.get(&Colour::Red), Some(&1));
    assert_eq!(fs.colours.get(&Colour::Blue), Some(&1));
    assert_eq!(g.symbols_of(host), 2);
    assert_eq!(
        g.quote(P0, &r06).to_pay,
        before,
        "a blue symbol reduces no red cost"
    );
    // Colours and cost for effects.
    assert_eq!(g.colours_of(host), vec![Colour::Red, Colour::Blue]);
    assert_eq!(g.cost_of(host), 5);
    // Effect queries: one spirit (the braved card), which has cost ≥ 5 and is blue.
    let life = g.life(P0);
    let q1 = put(&mut g, P0, "BR-Q1", Zone::Hand(P0), 0);
    crate::rules::battle_spirits::testkit::play(&mut g, q1);
    assert_eq!(
        g.life(P0),
        life + 1,
        "my_spirits() counts the braved card once"
    );
    let q2 = put(&mut g, P0, "BR-Q2", Zone::Hand(P0), 0);
    crate::rules::battle_spirits::testkit::play(&mut g, q2);
    assert_eq!(g.life(P0), life + 2, "cost 3 + 2 = 5 and blue (BS-9.2)");
    // The view shows which brave is on which host.
    let v = g.view(P0);
    let me = &v.players[0];
    assert_eq!(
        me.field.iter().find(|f| f.id == b).unwrap().braved_onto,
        Some(host)
    );
    assert_eq!(
        me.field.iter().find(|f| f.id == host).unwrap().braves,
        vec![b]
    );
    assert_eq!(me.field.iter().find(|f| f.id == host).unwrap().bp, 5000);
}

#[test]
fn bs_9_2_red_symbols_of_the_brave_reduce_costs_once() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let r06 = g.library().def("R-06").clone();
    assert_eq!(g.quote(P0, &r06).to_pay, 4); // 6 − min(3, 2 red symbols)
    brave_onto(&mut g, b, host);
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&2));
    assert_eq!(
        g.quote(P0, &r06).to_pay,
        4,
        "BS-9.2: symbols counted exactly once"
    );
    assert_eq!(g.bp(host), 3000 + 3000);
}

#[test]
fn bs_9_2_braved_effects_work_through_the_host_and_spirit_form_ones_do_not() {
    let mut g = game();
    to_turn3(&mut g);
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Attack { attacker: host }));
    assert!(!r.is_legal(&Choice::Attack { attacker: b }));
    let (life0, life1) = (g.life(P0), g.life(P1));
    must(&mut g, Choice::Attack { attacker: host });
    // The braved "when attacks" ran as the host's effect (this_card() = host): +1000.
    assert_eq!(g.bp(host), 3000 + 2000 + 1000);
    // The spirit-form "when attacks" (gain 1 life) did not run.
    assert_eq!(g.life(P0), life0);
    crate::rules::battle_spirits::testkit::pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    // BS-6.5.1 with BS-9.2: the braved card's symbols (1 + 1) in life.
    assert_eq!(g.life(P1), life1 - 2);
}

// ---- BS-9.3 -----------------------------------------------------------------------------

#[test]
fn bs_9_3_one_brave_per_host_by_default() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, a, host);
    assert!(matches!(
        g.answer(Choice::Brave { brave: b, host }),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.braves_on(host), vec![a]);
}

#[test]
fn bs_9_3_more_braves_per_host_as_a_rules_option() {
    let mut g = game_with(RulesConfig {
        first_player: Some(P0),
        braves_per_host: 2,
        ..RulesConfig::japanese()
    });
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    brave_onto(&mut g, a, host);
    assert_eq!(g.braves_on(host), vec![b, a]);
    // 3 cores on R-03: LV2 5000, + 2000 + 3000.
    assert_eq!(g.bp(host), 10_000);
    assert_eq!(g.cost_of(host), 3 + 2 + 3);
    let bad = RulesConfig {
        braves_per_host: 5000,
        ..RulesConfig::japanese()
    };
    assert!(bad.check().unwrap_err().contains("braves_per_host"));
}

#[test]
fn bs_9_3_old_configs_load_with_one_brave_per_host() {
    let mut v = serde_json::to_value(RulesConfig::japanese()).unwrap();
    v.as_object_mut().unwrap().remove("braves_per_host");
    let c: RulesConfig = serde_json::from_value(v).unwrap();
    assert_eq!(c.braves_per_host, 1);
}

// ---- BS-9.4 -----------------------------------------------------------------------------

#[test]
fn bs_9_4_braving_an_exhausted_host_or_with_an_exhausted_brave_exhausts_the_braved_card() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    g.set_exhausted(b, true);
    brave_onto(&mut g, b, host);
    assert!(g.is_exhausted(host), "BS-9.4: the brave was exhausted");

    let host2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let b2 = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    assert!(!g.is_exhausted(host2));
    brave_onto(&mut g, b2, host2);
    assert!(!g.is_exhausted(host2), "both refreshed: refreshed");

    let host3 = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let b3 = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    g.set_exhausted(host3, true);
    brave_onto(&mut g, b3, host3);
    assert!(g.is_exhausted(host3), "BS-9.4: the host was exhausted");
}

// ---- BS-5.1.1 ---------------------------------------------------------------------------

#[test]
fn bs_5_1_1_a_brave_summoned_directly_onto_a_host() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    g.set_exhausted(host, true);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    let hand = g.pile(Zone::Hand(P0)).len();
    let reserve = g.reserve(P0);
    let choice = Choice::SummonOnto { card: b, host };
    let r = decision(&mut g);
    assert!(r.is_legal(&choice));
    assert!(
        r.is_legal(&Choice::Summon { card: b }),
        "spirit form still offered"
    );
    must(&mut g, choice);
    // Pay the cost (2, no reduction) core by core; no core placement.
    for _ in 0..2 {
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::PayFrom);
        must(
            &mut g,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false,
            },
        );
    }
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.reserve(P0), reserve - 2);
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.cores_on(b), 0);
    assert_eq!(g.cores_on(host), 1);
    assert_eq!(g.bp(host), 3000 + 2000);
    assert!(g.is_exhausted(host), "BS-9.4: exhaustion carries over");
    // Its "when summoned" (draw 1) worked: −1 brave +1 drawn.
    assert_eq!(g.pile(Zone::Hand(P0)).len(), hand);
    assert!(
        g.log()
            .contains(&Event::Hook(Hook::WhenSummoned { card: b }))
    );
}

#[test]
fn bs_5_1_1_the_host_keeps_its_minimum_level_while_paying() {
    let mut g = game();
    // The host may pay while it keeps its minimum level (1 core).
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 2);
    let b = put(&mut g, P0, "BR-B", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::SummonOnto { card: b, host }));
    must(&mut g, Choice::SummonOnto { card: b, host });
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(host),
        soul: false
    }));
    must(
        &mut g,
        Choice::PayFrom {
            from: CoreSource::Card(host),
            soul: false,
        },
    );
    // One core left on the host: it may no longer pay.
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::PayFrom {
        from: CoreSource::Card(host),
        soul: false
    }));
}

// ---- BS-9.5 -----------------------------------------------------------------------------

fn keep_question(g: &mut Game) -> crate::DecisionRequest {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{r:?}");
    r
}

#[test]
fn bs_9_5_unbrave_and_keep_with_a_core() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    let reserve = g.reserve(P0);
    must(&mut g, Choice::Unbrave { brave: b });
    let r = keep_question(&mut g);
    assert_eq!(r.player, P0);
    assert!(!r.is_legal(&Choice::DonePlacing), "below the minimum level");
    assert!(r.is_legal(&Choice::DropBrave));
    let before = g.to_json();
    assert!(matches!(
        g.answer(Choice::DonePlacing),
        Err(AnswerError::NotAnOption { .. })
    ));
    assert_eq!(g.to_json(), before, "an illegal answer changes nothing");
    must(
        &mut g,
        Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    let r = keep_question(&mut g);
    assert!(r.is_legal(&Choice::DonePlacing));
    must(&mut g, Choice::DonePlacing);
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(g.host_of(b), None);
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.cores_on(b), 1);
    assert_eq!(g.reserve(P0), reserve - 1);
    assert_eq!(g.bp(host), 3000);
    assert_eq!(g.bp(b), 2000);
    assert!(g.log().contains(&Event::Unbraved { brave: b, host }));
    // Loop guard: an unbraved brave is not braved again this turn.
    assert!(!legal(&mut g, &Choice::Brave { brave: b, host }));
    to_turn3(&mut g);
    assert!(legal(&mut g, &Choice::Brave { brave: b, host }));
}

#[test]
fn bs_9_5_unbrave_without_cores_goes_to_the_trash() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::Unbrave { brave: b });
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.cores_on(host), 2, "the cores stay on the host");
    assert_eq!(g.bp(host), 3000);
}

// ---- BS-9.6 -----------------------------------------------------------------------------

#[test]
fn bs_9_6_a_host_that_stops_meeting_the_condition_keeps_its_brave() {
    let mut g = game();
    // BR-C needs a blue host; R-03 is blue this turn only.
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "BR-C", Zone::Field(P0), 1);
    assert!(!legal(&mut g, &Choice::Brave { brave: c, host }));
    g.add_modifier_by(host, ModKind::Colour(Colour::Blue), Until::Turn, None);
    g.cached = None;
    brave_onto(&mut g, c, host);
    to_turn3(&mut g);
    assert!(!g.meets_brave_condition(c, host), "no longer blue");
    assert_eq!(g.host_of(c), Some(host), "BS-9.6: not forced off");
    assert_eq!(g.bp(host), 3000 + 1000);
}

// ---- BS-9.7 -----------------------------------------------------------------------------

#[test]
fn bs_9_7_swap_braves_at_once() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    brave_onto(&mut g, b, h2);
    let reserve = g.reserve(P0);
    let choice = Choice::SwapBraves {
        first: h1,
        second: h2,
    };
    assert!(legal(&mut g, &choice));
    must(&mut g, choice.clone());
    assert_eq!(g.host_of(a), Some(h2));
    assert_eq!(g.host_of(b), Some(h1));
    assert_eq!(g.reserve(P0), reserve, "no cores needed in between");
    assert_eq!((g.cores_on(h1), g.cores_on(h2)), (2, 2));
    assert_eq!(g.bp(h1), 3000 + 2000);
    assert_eq!(g.bp(h2), 4000 + 3000);
    assert!(g.log().contains(&Event::Unbraved { brave: a, host: h1 }));
    assert!(g.log().contains(&Event::Braved { brave: a, host: h2 }));
    // Loop guard: each brave swaps at most once a turn.
    assert!(!legal(&mut g, &choice));
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
}

#[test]
fn bs_9_7_swap_onto_an_exhausted_host_exhausts_it() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let h2 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, a, h1);
    g.set_exhausted(h1, true);
    must(
        &mut g,
        Choice::SwapBraves {
            first: h1,
            second: h2,
        },
    );
    // BS-9.4 through BS-9.7: the brave was part of an exhausted card.
    assert!(g.is_exhausted(h2));
    assert_eq!(g.host_of(a), Some(h2));
}

#[test]
fn bs_9_7_swap_needs_both_conditions_and_can_move_onto_a_free_host() {
    let mut g = game();
    let h1 = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let big = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let h3 = put(&mut g, P0, "R-04", Zone::Field(P0), 1);
    let a = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, h1);
    brave_onto(&mut g, a, big);
    // BR-B may not go onto R-06 (cost 6 > 4): no swap of h1 and big.
    let bad = Choice::SwapBraves {
        first: h1,
        second: big,
    };
    assert!(matches!(
        g.answer(bad),
        Err(AnswerError::NotAnOption { .. })
    ));
    // Moving BR-B onto R-04 (no brave) is a swap too.
    must(
        &mut g,
        Choice::SwapBraves {
            first: h1,
            second: h3,
        },
    );
    assert_eq!(g.host_of(b), Some(h3));
    assert!(g.braves_on(h1).is_empty());
    assert_eq!(g.bp(h1), 3000);
    assert_eq!(g.bp(h3), 4000 + 2000);
}

// ---- BS-9.8 -----------------------------------------------------------------------------

/// P0's braved R-03 + BR-B (5000 BP) attacks into P1's blocker of `blocker_bp` — set up
/// on turn 3; returns (host, brave, blocker).
fn braved_attack_into(g: &mut Game, blocker: &str) -> (InstanceId, InstanceId, InstanceId) {
    to_turn3(g);
    let host = put(g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(g, P0, "BR-B", Zone::Field(P0), 1);
    let bl = put(g, P1, blocker, Zone::Field(P1), 4);
    brave_onto(g, b, host);
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: host });
    crate::rules::battle_spirits::testkit::pass_flashes(g);
    must(g, Choice::Block { blocker: bl });
    (host, b, bl)
}

#[test]
fn bs_9_8_braved_card_destroyed_in_battle_brave_kept_with_a_core() {
    let mut g = game();
    // B-06 at 4 cores: LV2 9000 > 5000 + 1000 (when attacks) → the braved card loses.
    let (host, b, _) = braved_attack_into(&mut g, "B-06");
    let life = g.life(P0);
    let reserve = g.reserve(P0);
    g.answer(Choice::Pass).unwrap();
    g.answer(Choice::Pass).unwrap();
    // BS-9.8: the host is in the trash and its 2 cores in the reserve; the owner is asked.
    let r = keep_question(&mut g);
    assert_eq!(r.player, P0);
    // The events are undone until the answer; answer: keep it with a reserve core.
    must(
        &mut g,
        Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
    );
    must(&mut g, Choice::DonePlacing);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
    assert_eq!(g.host_of(b), None);
    assert_eq!(g.cores_on(b), 1);
    assert_eq!(g.reserve(P0), reserve + 2 - 1);
    // One "when destroyed" firing, for the host, braved effect included (gain 1 life).
    let destroyed: Vec<_> = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::Hook(Hook::WhenDestroyed { .. })))
        .collect();
    assert_eq!(destroyed.len(), 1);
    assert!(g.log().contains(&Event::Hook(Hook::WhenDestroyed {
        card: host,
        by_opponent: true
    })));
    assert_eq!(g.life(P0), life + 1);
    // The kept brave is exhausted like the attacking braved card was.
    assert!(g.is_exhausted(b));
}

#[test]
fn bs_9_8_braved_card_destroyed_brave_not_kept_goes_to_the_trash() {
    let mut g = game();
    let (host, b, _) = braved_attack_into(&mut g, "B-06");
    g.answer(Choice::Pass).unwrap();
    g.answer(Choice::Pass).unwrap();
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert_eq!(g.cores_on(host), 0);
}

#[test]
fn bs_9_8_braved_card_depleted_no_when_destroyed() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 0);
    let b = put(&mut g, P0, "BR-B", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    assert_eq!(g.cores_on(host), 1);
    let life = g.life(P0);
    // Move the braved card's only core away: depleted at once (BS-5.3).
    must(&mut g, Choice::MoveCores);
    must(
        &mut g,
        Choice::MoveCore {
            from: CoreSource::Card(host),
            to: CoreSource::Reserve,
            soul: false,
        },
    );
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Trash(P0));
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    assert!(g.log().contains(&Event::Depleted { card: host }));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::Hook(Hook::WhenDestroyed { .. }))),
        "BS-5.3: depletion is not destruction"
    );
    assert_eq!(g.life(P0), life, "the braved 'when destroyed' did not work");
}

#[test]
fn bs_9_8_a_braved_brave_is_never_depleted_on_its_own() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    must(&mut g, Choice::MoveCores);
    let r = decision(&mut g);
    // It is not a core-movement target (its cores are its host's).
    assert!(!r.choices().any(|c| matches!(
        c,
        Choice::MoveCore {
            to: CoreSource::Card(x),
            ..
        } if *x == b
    )));
    must(&mut g, Choice::DoneMoving);
    assert_eq!(g.host_of(b), Some(host));
}

// ---- BS-9.9 -----------------------------------------------------------------------------

#[test]
fn bs_9_9_returned_to_hand_the_brave_follows_or_stays() {
    for keep in [false, true] {
        let mut g = game();
        let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
        let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
        brave_onto(&mut g, b, host);
        let back = put(&mut g, P0, "BR-BACK", Zone::Hand(P0), 0);
        must(&mut g, Choice::UseMagic { card: back });
        let r = keep_question(&mut g);
        assert!(r.is_legal(&Choice::DropBrave));
        if keep {
            must(
                &mut g,
                Choice::PlaceFrom {
                    from: CoreSource::Reserve,
                    soul: false,
                },
            );
            must(&mut g, Choice::DonePlacing);
        } else {
            must(&mut g, Choice::DropBrave);
        }
        assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
        assert_eq!(g.zone_of(host), Zone::Hand(P0));
        if keep {
            assert_eq!(g.zone_of(b), Zone::Field(P0));
            assert_eq!(g.cores_on(b), 1);
        } else {
            assert_eq!(g.zone_of(b), Zone::Hand(P0), "BS-9.9: it follows its host");
        }
        assert_eq!(g.host_of(b), None);
    }
}

#[test]
fn bs_9_9_returned_to_the_deck_bottom_the_brave_follows() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    // An effect returns the braved card (named by its brave) to the deck bottom, outside
    // any step: the question gets the first option when nothing can record an answer, so
    // drive it as the rules do: `effect_return_to_deck` with replayed answers.
    g.rt.answers = [Choice::DropBrave].into_iter().collect();
    g.rt.no_snapshot = false;
    assert!(g.effect_return_to_deck(b, true));
    g.rt.answers.clear();
    assert!(g.rt.asked.is_none());
    assert_eq!(g.zone_of(host), Zone::Deck(P0));
    assert_eq!(g.zone_of(b), Zone::Deck(P0));
    let deck = g.pile(Zone::Deck(P0));
    assert_eq!(
        &deck[..2],
        &[b, host],
        "both at the bottom, the brave below"
    );
    g.check_invariants().unwrap();
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

#[test]
fn bs_5_1_1_from_tecoto_too() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-B", Zone::Tecoto(P0), 0);
    // BS-13.1: tecoto cards are used like hand cards.
    must(&mut g, Choice::SummonOnto { card: b, host });
    while decision(&mut g).kind == DecisionKind::PayFrom {
        must(
            &mut g,
            Choice::PayFrom {
                from: CoreSource::Reserve,
                soul: false,
            },
        );
    }
    assert_eq!(g.host_of(b), Some(host));
    assert_eq!(g.zone_of(b), Zone::Field(P0));
}

#[test]
fn bs_9_9_like_put_into_tecoto_the_brave_follows_unless_kept() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let b = put(&mut g, P0, "BR-A", Zone::Field(P0), 1);
    brave_onto(&mut g, b, host);
    let tec = put(&mut g, P0, "BR-TEC", Zone::Hand(P0), 0);
    must(&mut g, Choice::UseMagic { card: tec });
    keep_question(&mut g);
    must(&mut g, Choice::DropBrave);
    assert_eq!(g.zone_of(host), Zone::Tecoto(P0));
    assert_eq!(g.zone_of(b), Zone::Tecoto(P0));
    assert_eq!(g.host_of(b), None);
}

#[test]
fn bs_9_2_main_effects_by_form() {
    let mut g = game();
    let host = put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let m = put(&mut g, P0, "BR-M", Zone::Field(P0), 1);
    // Spirit form: only its spirit-form [Main] effect (1).
    assert!(!legal(&mut g, &Choice::UseEffect { card: m, effect: 0 }));
    assert!(legal(&mut g, &Choice::UseEffect { card: m, effect: 1 }));
    brave_onto(&mut g, m, host);
    // Braved: only its braved [Main] effect (0), as the braved card's.
    assert!(legal(&mut g, &Choice::UseEffect { card: m, effect: 0 }));
    assert!(!legal(&mut g, &Choice::UseEffect { card: m, effect: 1 }));
    let life = g.life(P0);
    must(&mut g, Choice::UseEffect { card: m, effect: 0 });
    assert_eq!(g.life(P0), life + 1);
}
