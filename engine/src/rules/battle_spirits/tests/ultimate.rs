//! BS-12: an ultimate's summoning condition, its level 3, and its symbols reducing only ultimate
//! costs.

use super::*;

#[test]
fn bs_12_1_ultimate_needs_its_condition_and_bs_12_2_level_3() {
    let mut lib_cards = synthetic_cards();
    let mut extras = extra_cards();
    let ult = extras.iter_mut().find(|c| c.id == "X-ULT").unwrap();
    ult.ultimate = Some(carddb::UltimateCondition {
        count: 1,
        kind: CardKind::Spirit,
        colour: Some(Colour::Red),
        family: None,
        min_level: None,
        min_cost: None,
        text: Default::default(),
    });
    lib_cards.extend(extras);
    let mut g = Game::new(
        cfg(),
        CardLibrary::new(lib_cards),
        [deck0(), synthetic_deck("B")],
        11,
    )
    .unwrap();
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    let u = to_hand(&mut g, P0, "X-ULT");
    set_reserve(&mut g, P0, 8);
    assert!(!req(&mut g).is_legal(&Choice::Summon { card: u }));
    on_field(&mut g, P0, "R-00", 1);
    assert!(req(&mut g).is_legal(&Choice::Summon { card: u }));
    g.answer(Choice::Summon { card: u }).unwrap();
    pay_from_reserve(&mut g);
    assert!(
        !req(&mut g).is_legal(&Choice::DonePlacing),
        "needs 2 cores for LV3"
    );
    place_from_reserve(&mut g, 2);
    assert_eq!(g.level(u), Some(3));
}

#[test]
fn bs_12_4_ultimate_symbols_reduce_only_ultimate_reduction() {
    let lib = library();
    let mut d = lib.def("X-5R").clone();
    let field = levels::FieldSymbols {
        ultimate: 3,
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &field), 0);
    d.ultimate_reduction = 2;
    assert_eq!(cost::reduction(&d, &field), 2);
}
