//! Costs read for a view: the constants "while summoning" are evaluated per hand
//! card (BS-5.2 step 3; ruling BSS01-109), cached until the next event, and the view's
//! costs agree with what playing the card pays.

mod support;

use carddb::Colour;
use engine::Event;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{effect, give_reserve, play, put, scripted_spirit};
use support::rulings::*;

/// S-DBL's symbol counts as two while a spirit costing 6 or more is summoned; S-SYM gains a
/// blue symbol (another constant, kept while S-DBL's is read again). R-06 (cost 6, 3 red
/// reduction) sees 3 red symbols, R-04 (cost 4, 2 red reduction) 2, in the same view.
#[test]
fn bs_5_2_each_hand_card_reads_its_own_while_summoning_constants() {
    let dbl = scripted_spirit(
        "S-DBL",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_summoning(cost_at_least(my_hand(), 6)) { symbols_as(this_card(), 2, \"\", \"while\"); }",
        )],
    );
    let sym = scripted_spirit(
        "S-SYM",
        0,
        3000,
        vec![effect(
            "constant",
            "gain_symbols(this_card(), 1, \"blue\", \"while\");",
        )],
    );
    let mut g = game(vec![dbl, sym], 301);
    put(&mut g, P0, "S-DBL", Zone::Field(P0), 1);
    put(&mut g, P0, "S-SYM", Zone::Field(P0), 1);
    let r04 = put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    let field = g.field_symbols(P0);
    assert_eq!(field.colours.get(&Colour::Red), Some(&2));
    assert_eq!(field.colours.get(&Colour::Blue), Some(&1));
    assert_eq!(to_pay(&g, "R-06"), 6 - 3, "S-DBL doubled: 3 red symbols");
    assert_eq!(to_pay(&g, "R-04"), 4 - 2, "not doubled: 2 red symbols");
    // Read again in the same state (cached), then after the events of a summon.
    assert_eq!(to_pay(&g, "R-06"), 3);
    give_reserve(&mut g, P0, 6);
    play(&mut g, r04);
    let paid = g.log().iter().find_map(|e| match e {
        Event::Played { card, paid, .. } if *card == r04 => Some(*paid),
        _ => None,
    });
    assert_eq!(paid, Some(2), "R-04 paid what the view said");
    // R-04 on the field adds a red symbol: 3 without S-DBL's doubling, 4 with it; R-06's
    // reduction stays capped at its 3 symbols.
    assert_eq!(g.field_symbols(P0).colours.get(&Colour::Red), Some(&3));
    assert_eq!(to_pay(&g, "R-06"), 3);
}

/// BS-5.2 step 1: a constant effect of the opponent's field card reads the card being paid
/// ("while your opponent summons a spirit, it costs 5"): P1's S-LEVY gives P0's spirit
/// cards a cost of 5 while they are paid, and leaves P0's magic alone. The quote reads it
/// although nothing on P0's field, nor the card itself, reads a card being paid.
#[test]
fn bs_5_2_an_opponents_constant_changes_the_cost_of_the_card_being_paid() {
    let levy = scripted_spirit(
        "S-LEVY",
        0,
        3000,
        vec![effect(
            "constant",
            "if while_summoning(opponent_spirits()) { cost_as(card_being_paid(), 5, \"while\"); }",
        )],
    );
    let mut g = game(vec![levy], 302);
    let r04 = put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    assert_eq!(
        to_pay(&g, "R-04"),
        4,
        "no S-LEVY: the printed cost, no red symbol"
    );
    put(&mut g, P1, "S-LEVY", Zone::Field(P1), 1);
    assert_eq!(
        to_pay(&g, "R-04"),
        5,
        "S-LEVY: a cost of 5 while it is paid"
    );
    put(&mut g, P1, "S-LEVY", Zone::Field(P1), 1);
    assert_eq!(to_pay(&g, "R-04"), 5, "a cost read as 5 twice is 5");
    give_reserve(&mut g, P0, 6);
    play(&mut g, r04);
    let paid = g.log().iter().find_map(|e| match e {
        Event::Played { card, paid, .. } if *card == r04 => Some(*paid),
        _ => None,
    });
    assert_eq!(paid, Some(5), "R-04 paid what the view said");
}

/// BS-5.2 step 1, a keyword's script: the constant keyword Tithe of a field spirit reads
/// the card being paid ("while you summon a spirit, it costs 3"). The paid card has no
/// keyword of its own; its quote reads Tithe all the same.
#[test]
fn bs_5_2_a_field_cards_keyword_changes_the_cost_of_the_card_being_paid() {
    use carddb::keyword::{KeywordDef, KeywordEffect, KeywordKind, ValueKind};
    let tithe = carddb::LoadedKeyword {
        def: KeywordDef {
            name: "Tithe".into(),
            names: Default::default(),
            kind: KeywordKind::Constant,
            value: ValueKind::None,
            description: "While you summon a spirit, it costs 3.".into(),
            engine: false,
            phrase: false,
            effects: vec![KeywordEffect {
                timing: None,
                zone: Default::default(),
                steps: vec![],
                script: Some(
                    "if while_summoning(my_spirits()) { cost_as(card_being_paid(), 3, \"while\"); }"
                        .into(),
                ),
                script_file: None,
            }],
        },
        pack: "mine".into(),
        file: "keywords/tithe.yaml".into(),
    };
    let mut holder = scripted_spirit("S-TITHE", 0, 3000, vec![]);
    holder.keywords.push(carddb::Keyword {
        name: "tithe".into(),
        value: None,
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(holder.clone());
    let sources = engine::script::ScriptSources::default();
    let lib = engine::CardLibrary::with_keywords(all, &sources, &[tithe], false).unwrap();
    let mut g = engine::rules::battle_spirits::testkit::scenario_with(lib, &[holder], 303);
    g.set_strict(true);
    g.set_strict_scripts(true);
    put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    put(&mut g, P0, "S-TITHE", Zone::Field(P0), 1);
    // S-TITHE's red symbol meets one of R-04's two red reduction symbols.
    assert_eq!(
        to_pay(&g, "R-04"),
        3 - 1,
        "Tithe: a cost of 3, less 1 reduction"
    );
}
