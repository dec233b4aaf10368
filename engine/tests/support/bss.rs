//! Test support: reads the real card data in `../shared/data/bss/` (test input only; never
//! copied into the repository) into `CardDef`s with a minimal converter, and its deck
//! lists. The real importer lives in carddb; this is only enough to play the cards.

use std::collections::BTreeMap;
use std::path::PathBuf;

use carddb::{CardDef, CardKind, Colour, Effect, LevelRow, Step, Symbols};
use serde_json::Value;

/// `shared/data/bss`, if present.
pub fn data_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bss");
    d.join("cards.jsonl").exists().then_some(d)
}

fn colour(s: &str) -> Option<Colour> {
    Colour::parse(s.split('/').next().unwrap_or(""))
}

fn counts(v: &Value) -> BTreeMap<Colour, u8> {
    let mut m = BTreeMap::new();
    for s in v.as_array().into_iter().flatten() {
        if let Some(c) = s.as_str().and_then(colour) {
            *m.entry(c).or_default() += 1;
        }
    }
    m
}

/// One line of `cards.jsonl` as a `CardDef` (effects kept as text, never run).
pub fn convert(v: &Value) -> CardDef {
    let kind = match v["cardType"].as_str().unwrap_or("") {
        "NEXUS" => CardKind::Nexus,
        "MAGIC" => CardKind::Magic,
        _ => CardKind::Spirit,
    };
    let levels = v["core_requirements"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| LevelRow {
            level: r["level"].as_u64().unwrap_or(1) as u8,
            cores: r["cores"].as_u64().unwrap_or(0) as u32,
            bp: match (kind, r["battlePoints"].as_u64()) {
                (CardKind::Nexus, _) | (_, None) => None,
                (_, Some(bp)) => Some(bp as u32),
            },
        })
        .collect();
    let effects = v["effects"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| Effect {
            steps: e["steps"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|s| match s.as_str() {
                    Some("Main") => Some(Step::Main),
                    Some("Flash") => Some(Step::Flash),
                    _ => None,
                })
                .collect(),
            text: BTreeMap::from([(
                "en".to_string(),
                e["details"].as_str().unwrap_or("").to_string(),
            )]),
            ..Effect::default()
        })
        .collect();
    CardDef {
        id: v["ID"].as_str().unwrap().to_string(),
        name: v["name"].as_str().unwrap().to_string(),
        names: BTreeMap::new(),
        kind,
        cost: v["cost"].as_str().and_then(|c| c.parse().ok()).unwrap_or(0),
        colours: v["color"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().and_then(colour))
            .collect(),
        reduction: counts(&v["reduction"]),
        ultimate_reduction: 0,
        symbols: Symbols {
            colours: counts(&v["symbols"]),
            ultimate: 0,
        },
        families: vec![],
        levels,
        brave: None,
        ultimate: None,
        keywords: vec![],
        effects,
        set: None,
        rarity: None,
    }
}

/// Every card of `cards.jsonl`.
pub fn cards(dir: &std::path::Path) -> Vec<CardDef> {
    std::fs::read_to_string(dir.join("cards.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| convert(&serde_json::from_str(l).unwrap()))
        .collect()
}

/// Every deck under `decks/` as (name, card ids), in name order.
pub fn decks(dir: &std::path::Path) -> Vec<(String, Vec<String>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let mut ids = Vec::new();
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let (n, rest) = line.split_once('x').unwrap();
                let id = rest.trim().split(':').next().unwrap().trim();
                for _ in 0..n.trim().parse::<usize>().unwrap() {
                    ids.push(id.to_string());
                }
            }
            (f.file_stem().unwrap().to_string_lossy().to_string(), ids)
        })
        .collect()
}
