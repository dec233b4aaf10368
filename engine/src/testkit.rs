//! Synthetic cards and decks for tests, benchmarks and demos (no pack needed).

use std::collections::BTreeMap;

use carddb::{CardDef, CardId, CardKind, Colour, Effect, LevelRow, Symbols};

use crate::library::CardLibrary;

/// A card definition with the given fields and nothing else.
/// `levels`: `(level, cores, bp)` rows; `bp` 0 means none (nexus).
pub fn card(
    id: &str,
    kind: CardKind,
    cost: u32,
    colour: Colour,
    reduction: u8,
    symbols: u8,
    levels: &[(u8, u32, u32)],
) -> CardDef {
    CardDef {
        id: id.into(),
        name: format!("Card {id}"),
        names: BTreeMap::new(),
        kind,
        cost,
        colours: vec![colour],
        reduction: if reduction > 0 {
            BTreeMap::from([(colour, reduction)])
        } else {
            BTreeMap::new()
        },
        ultimate_reduction: 0,
        symbols: Symbols {
            colours: if symbols > 0 {
                BTreeMap::from([(colour, symbols)])
            } else {
                BTreeMap::new()
            },
            ..Symbols::default()
        },
        families: vec![],
        levels: levels
            .iter()
            .map(|&(level, cores, bp)| LevelRow {
                level,
                cores,
                bp: (bp > 0).then_some(bp),
            })
            .collect(),
        brave: None,
        ultimate: None,
        keywords: vec![],
        effects: vec![],
        set: None,
        rarity: None,
    }
}

/// 16 synthetic cards: spirits of cost 0–6 in red and blue, two nexuses, a red [Main]
/// magic and a blue [Flash] magic.
pub fn synthetic_cards() -> Vec<CardDef> {
    use CardKind::*;
    use Colour::*;
    let mut v = Vec::new();
    for (i, col) in [Red, Blue].into_iter().enumerate() {
        let p = if i == 0 { "R" } else { "B" };
        v.push(card(
            &format!("{p}-00"),
            Spirit,
            0,
            col,
            0,
            1,
            &[(1, 1, 1000), (2, 3, 3000)],
        ));
        v.push(card(
            &format!("{p}-01"),
            Spirit,
            1,
            col,
            1,
            1,
            &[(1, 1, 1000), (2, 2, 3000)],
        ));
        v.push(card(
            &format!("{p}-02"),
            Spirit,
            2,
            col,
            1,
            1,
            &[(1, 1, 2000), (2, 3, 4000)],
        ));
        v.push(card(
            &format!("{p}-03"),
            Spirit,
            3,
            col,
            2,
            1,
            &[(1, 1, 3000), (2, 3, 5000)],
        ));
        v.push(card(
            &format!("{p}-04"),
            Spirit,
            4,
            col,
            2,
            1,
            &[(1, 1, 4000), (2, 4, 6000), (3, 6, 9000)],
        ));
        v.push(card(
            &format!("{p}-06"),
            Spirit,
            6,
            col,
            3,
            2,
            &[(1, 1, 6000), (2, 4, 9000), (3, 6, 12000)],
        ));
        v.push(card(
            &format!("{p}-N"),
            Nexus,
            3,
            col,
            2,
            1,
            &[(1, 0, 0), (2, 2, 0)],
        ));
        // Red magic is [Main], blue magic is [Flash].
        let mut m = card(&format!("{p}-M"), Magic, 2, col, 1, 0, &[]);
        m.effects.push(Effect {
            steps: vec![if i == 0 {
                carddb::Step::Main
            } else {
                carddb::Step::Flash
            }],
            text: BTreeMap::from([("en".to_string(), "Draw 1 card.".to_string())]),
            ..Effect::default()
        });
        v.push(m);
    }
    v
}

/// The synthetic cards as a library.
pub fn synthetic_library() -> CardLibrary {
    CardLibrary::new(synthetic_cards())
}

/// A legal Japanese-format deck (40 cards, at most 3 copies) of one colour (`"R"` or `"B"`)
/// with some of the other colour mixed in.
pub fn synthetic_deck(main: &str) -> Vec<CardId> {
    let other = if main == "R" { "B" } else { "R" };
    let mut d = Vec::new();
    for (suffix, n) in [
        ("00", 3),
        ("01", 3),
        ("02", 3),
        ("03", 3),
        ("04", 3),
        ("06", 3),
        ("N", 3),
        ("M", 3),
    ] {
        for _ in 0..n {
            d.push(format!("{main}-{suffix}"));
        }
    }
    for (suffix, n) in [
        ("00", 3),
        ("01", 3),
        ("02", 3),
        ("03", 3),
        ("04", 3),
        ("06", 1),
    ] {
        for _ in 0..n {
            d.push(format!("{other}-{suffix}"));
        }
    }
    d.truncate(40);
    d
}
