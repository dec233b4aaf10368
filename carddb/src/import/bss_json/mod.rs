//! `cardscript import bss-json`: the community JSON-lines card format (one card object per
//! line: `name`, `ID`, `set`, `color[]`, `cost` (a string), `reduction[]`, `symbols[]`,
//! `cardType`, `subType[]`, `rarity`, `effects[]`, `core_requirements[]`) → a pack.
//!
//! Each quirk of the data is handled in one named function below, with its own test.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde_json::Value;

use crate::error::{Diagnostic, Diagnostics, LoadError};
use crate::model::{
    CardDef, CardKind, Colour, ColourCounts, Effect, Keyword, KeywordValue, LevelRow, Step, Symbols,
};
use crate::source::PackFiles;

mod quirks;
use quirks::{
    is_bare_keyword, is_bare_label, none_if_na, parse_cost, parse_keyword, parse_levels,
    parse_reduction, parse_symbols, split_timing,
};

/// Timing labels printed on Saga cards. Labels found in the file's own `condition` fields
/// are added to these when stripping labels left inside `details`.
pub const SAGA_TIMINGS: &[&str] = &[
    "When Summoned",
    "When This Spirit Attacks",
    "When This Spirit Blocks",
    "When This Spirit Attacks or Blocks",
    "While This Spirit Attacks",
    "While This Spirit Blocks",
    "While This Spirit Attacks or Blocks",
    "When Destroyed",
    "When Destroyed By Opponent",
    "During Your Attack Step",
    "During Opponent's Attack Step",
    "During Either Attack Step",
    "During Your Turn",
    "During Opponent's Turn",
    "During Opponent's End Step",
    "During Either Main Step",
    "End of Opponent's Turn",
    "When Placed",
    "When You Lose Life",
    "When Opponent Destroys Your Spirit",
];

#[derive(Deserialize)]
struct RawCard {
    name: String,
    #[serde(rename = "ID")]
    id: String,
    #[serde(default)]
    set: Option<String>,
    #[serde(default)]
    color: Vec<String>,
    cost: Value,
    #[serde(default)]
    reduction: Value,
    #[serde(default)]
    symbols: Vec<String>,
    #[serde(rename = "cardType")]
    card_type: String,
    #[serde(rename = "subType", default)]
    sub_type: Vec<String>,
    #[serde(default)]
    rarity: Option<String>,
    #[serde(default)]
    effects: Vec<RawEffect>,
    #[serde(default)]
    core_requirements: Vec<RawLevel>,
}

#[derive(Deserialize)]
struct RawEffect {
    #[serde(default)]
    levels: Vec<u8>,
    #[serde(default)]
    condition: Option<String>,
    #[serde(default)]
    keywords: Vec<Value>,
    #[serde(default)]
    details: Option<String>,
    #[serde(default)]
    steps: Vec<String>,
}

#[derive(Deserialize)]
struct RawLevel {
    level: u8,
    cores: u32,
    #[serde(rename = "battlePoints", default)]
    battle_points: Option<u32>,
}

/// What an import produced: the pack's files, how many cards, and how often each quirk
/// was met.
#[derive(Debug, Clone)]
pub struct Imported {
    pub files: PackFiles,
    pub cards: usize,
    pub quirks: BTreeMap<&'static str, usize>,
}

/// Converts the JSON-lines `text` (read from `source`, shown in errors) into a pack named
/// `pack_name`: `pack.yaml` and one `cards/ID.yaml` per card.
///
/// Errors: [`LoadError::Invalid`] with one diagnostic per line that is not a card (line
/// and field named); nothing is produced then.
pub fn import(
    source: &std::path::Path,
    text: &str,
    pack_name: &str,
) -> Result<Imported, LoadError> {
    let mut quirks = BTreeMap::new();
    let mut errors = Vec::new();
    let mut raws = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(line);
        match serde_path_to_error::deserialize::<_, RawCard>(&mut de) {
            Ok(raw) => raws.push((i + 1, raw)),
            Err(e) => {
                let message = e.inner().to_string();
                let message = message
                    .split(" at line ")
                    .next()
                    .unwrap_or_default()
                    .to_string();
                errors.push(diag(
                    source,
                    i + 1,
                    e.inner().column(),
                    &e.path().to_string(),
                    message,
                ))
            }
        }
    }
    if !valid_pack_name(pack_name) {
        return Err(LoadError::Invalid(Diagnostics(vec![diag(
            source,
            1,
            1,
            "--name",
            format!("`{pack_name}` is not a pack name: use letters, digits, `-` and `_`"),
        )])));
    }
    let mut timings: BTreeSet<String> = SAGA_TIMINGS.iter().map(|s| s.to_string()).collect();
    // "During Your Draw Step" and the like, for every step and side.
    for side in ["Your", "Opponent's", "Either"] {
        for step in ["Start", "Core", "Draw", "Refresh", "Main", "Attack", "End"] {
            timings.insert(format!("During {side} {step} Step"));
        }
    }
    for (_, raw) in &raws {
        for e in &raw.effects {
            if let Some(c) = none_if_na(e.condition.as_deref()) {
                timings.insert(c.to_string());
            }
        }
    }
    // Longest first, so "When This Spirit Attacks or Blocks" wins over "When This Spirit Attacks".
    let mut timings: Vec<String> = timings.into_iter().collect();
    timings.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let mut files = BTreeMap::new();
    let mut seen = BTreeSet::new();
    for (line, raw) in raws {
        match convert(&raw, &timings, &mut quirks) {
            Ok(def) => {
                if !seen.insert(def.id.clone()) {
                    errors.push(diag(
                        source,
                        line,
                        1,
                        "ID",
                        format!("duplicate card id `{}`", def.id),
                    ));
                    continue;
                }
                let yaml = serde_yaml::to_string(&def).expect("a card serialises");
                files.insert(format!("cards/{}.yaml", file_stem(&def.id)), yaml);
            }
            Err((field, message)) => errors.push(diag(
                source,
                line,
                1,
                field,
                format!("card `{}`: {message}", raw.id),
            )),
        }
    }
    if raws_empty(&files, &errors) {
        errors.push(diag(source, 1, 1, "", "no card in the file".into()));
    }
    if !errors.is_empty() {
        return Err(LoadError::Invalid(Diagnostics(errors)));
    }
    let cards = files.len();
    files.insert(
        "pack.yaml".to_string(),
        format!(
            "name: {pack_name}\nversion: 1.0.0\ngame: battle-spirits\ndescription: imported by cardscript from {}\n",
            source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
        ),
    );
    Ok(Imported {
        files: PackFiles {
            origin: std::path::PathBuf::from(pack_name),
            files,
        },
        cards,
        quirks,
    })
}

fn diag(
    source: &std::path::Path,
    line: usize,
    column: usize,
    field: &str,
    message: String,
) -> Diagnostic {
    Diagnostic {
        file: source.to_path_buf(),
        line,
        column,
        field: field.to_string(),
        message,
        help: None,
    }
}

fn raws_empty(files: &BTreeMap<String, String>, errors: &[Diagnostic]) -> bool {
    files.is_empty() && errors.is_empty()
}

/// A pack name: letters, digits, `-`, `_` and `.`, not empty.
fn valid_pack_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A card id made safe as a file name (`/` and spaces become `_`).
fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

type Problem = (&'static str, String);

fn convert(
    raw: &RawCard,
    timings: &[String],
    quirks: &mut BTreeMap<&'static str, usize>,
) -> Result<CardDef, Problem> {
    let mut quirk = |q: &'static str| *quirks.entry(q).or_default() += 1;
    let kind = match raw.card_type.to_ascii_uppercase().as_str() {
        "SPIRIT" => CardKind::Spirit,
        "NEXUS" => CardKind::Nexus,
        "MAGIC" => CardKind::Magic,
        "ULTIMATE" => CardKind::Ultimate,
        "BRAVE" => CardKind::Brave,
        other => return Err(("cardType", format!("unknown card type `{other}`"))),
    };
    let cost = parse_cost(&raw.cost, &mut quirk)?;
    let colours = raw
        .color
        .iter()
        .map(|c| Colour::parse(c).ok_or(("color", format!("unknown colour `{c}`"))))
        .collect::<Result<Vec<_>, _>>()?;
    let reduction = match &raw.reduction {
        Value::Array(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|v| v.as_str().unwrap_or_default().to_string())
                .collect();
            parse_reduction(&items, &mut quirk)?
        }
        // Quirk: a card with no reduction has the string "—" instead of a list.
        Value::String(s) => parse_reduction(std::slice::from_ref(s), &mut quirk)?,
        Value::Null => ColourCounts::new(),
        other => {
            return Err((
                "reduction",
                format!("reduction {other} is not a list of colours"),
            ));
        }
    };
    let symbols = parse_symbols(&raw.symbols, &mut quirk)?;
    let levels = parse_levels(kind, &raw.core_requirements, &mut quirk);
    let mut keywords = Vec::new();
    let mut effects = Vec::new();
    for e in &raw.effects {
        let condition = none_if_na(e.condition.as_deref()).map(str::to_string);
        let details = none_if_na(e.details.as_deref());
        let steps = e
            .steps
            .iter()
            .map(|s| match s.to_ascii_lowercase().as_str() {
                "main" => Ok(Step::Main),
                "flash" => Ok(Step::Flash),
                "burst" => Ok(Step::Burst),
                other => Err(("effects.steps", format!("unknown step `{other}`"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut has_burst = false;
        for k in &e.keywords {
            let kw = parse_keyword(k, &e.levels, condition.as_deref(), &steps, &mut quirk)?;
            has_burst |= kw.name == "burst";
            keywords.push(kw);
        }
        let Some(details) = details else {
            if e.keywords.is_empty() {
                quirk("empty effect entry dropped");
            }
            continue;
        };
        let (timing, text) = split_timing(condition, details, timings, &mut quirk);
        // A timing label whose effect text the data lost (nothing left after a label, as
        // "While This Spirit Attacks Curse" leaves a keyword): no effect to import.
        if e.keywords.is_empty() && text == details && is_bare_label(details, timings) {
            quirk("timing label without its effect text dropped");
            continue;
        }
        // A keyword name left alone as the details ("While This Spirit Attacks Curse").
        if e.keywords.is_empty() && is_bare_keyword(&text) {
            quirk("keyword left in details");
            keywords.push(Keyword {
                name: text.to_lowercase(),
                value: None,
                levels: e.levels.clone(),
                timing,
                steps,
            });
            continue;
        }
        let mut steps = steps;
        if has_burst && !steps.contains(&Step::Burst) {
            steps.insert(0, Step::Burst);
        }
        effects.push(Effect {
            levels: e.levels.clone(),
            timing,
            steps,
            text: BTreeMap::from([("en".to_string(), text)]),
            braved: false,
            zone: Default::default(),
            script: None,
            script_file: None,
            text_language: None,
        });
    }
    Ok(CardDef {
        over_count: None,
        id: raw.id.clone(),
        name: raw.name.clone(),
        names: BTreeMap::new(),
        kind,
        cost,
        colours,
        reduction,
        ultimate_reduction: 0,
        symbols,
        // Quirk: some cards list an empty family `""`.
        families: raw
            .sub_type
            .iter()
            .filter(|f| !f.trim().is_empty())
            .cloned()
            .collect(),
        levels,
        brave: None,
        ultimate: None,
        keywords,
        effects,
        creature: None,
        master: None,
        token: false,
        set: raw.set.clone(),
        rarity: raw.rarity.clone(),
    })
}

#[cfg(test)]
mod tests;
