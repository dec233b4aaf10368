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
            Err((field, message)) => errors.push(diag(source, line, 1, field, message)),
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

/// Quirk: "N/A" stands for "none" in `condition` and `details`.
fn none_if_na(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty() && *s != "N/A")
}

/// Quirk: costs are strings (`"8"`); numbers are accepted too.
fn parse_cost(v: &Value, quirk: &mut impl FnMut(&'static str)) -> Result<u32, Problem> {
    match v {
        Value::String(s) => {
            quirk("cost as string");
            s.trim()
                .parse()
                .map_err(|_| ("cost", format!("cost `{s}` is not a number")))
        }
        Value::Number(n) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or(("cost", format!("cost {n} is not a whole number"))),
        other => Err(("cost", format!("cost {other} is not a number"))),
    }
}

/// Quirks: one entry per reduction symbol, `—` for "no reduction", colours in any case.
fn parse_reduction(
    raw: &[String],
    quirk: &mut impl FnMut(&'static str),
) -> Result<ColourCounts, Problem> {
    let mut out = ColourCounts::new();
    for r in raw {
        let r = r.trim();
        if r == "—" || r == "-" || r.is_empty() {
            quirk("reduction dash for none");
            continue;
        }
        if r.chars().next().is_some_and(char::is_uppercase) {
            quirk("capitalised colour");
        }
        let c = Colour::parse(r).ok_or(("reduction", format!("unknown reduction colour `{r}`")))?;
        *out.entry(c).or_default() += 1;
    }
    Ok(out)
}

/// Quirk: a two-colour symbol is written `red/purple`; it counts once, as either colour.
fn parse_symbols(raw: &[String], quirk: &mut impl FnMut(&'static str)) -> Result<Symbols, Problem> {
    let mut out = Symbols::default();
    for s in raw {
        let parts: Vec<&str> = s.split('/').map(str::trim).collect();
        let colours = parts
            .iter()
            .map(|p| Colour::parse(p).ok_or(("symbols", format!("unknown symbol colour `{p}`"))))
            .collect::<Result<Vec<_>, _>>()?;
        if colours.len() > 1 {
            quirk("two-colour symbol");
            out.multi.push(colours);
        } else {
            *out.colours.entry(colours[0]).or_default() += 1;
        }
    }
    Ok(out)
}

/// Quirk: a nexus's level table gives 0 BP; a nexus has no BP.
fn parse_levels(
    kind: CardKind,
    raw: &[RawLevel],
    quirk: &mut impl FnMut(&'static str),
) -> Vec<LevelRow> {
    raw.iter()
        .map(|r| LevelRow {
            level: r.level,
            cores: r.cores,
            bp: if kind == CardKind::Nexus {
                if r.battle_points.is_some() {
                    quirk("nexus BP 0");
                }
                None
            } else {
                r.battle_points
            },
        })
        .collect()
}

/// Quirk: keywords come in two shapes, `{keyword_name, keyword_modifier}` and
/// `{keyword, target, value}`; modifiers are null, a number, a word, or a list.
fn parse_keyword(
    v: &Value,
    levels: &[u8],
    timing: Option<&str>,
    steps: &[Step],
    quirk: &mut impl FnMut(&'static str),
) -> Result<Keyword, Problem> {
    let (name, value) = if let Some(name) = v.get("keyword_name") {
        (name, v.get("keyword_modifier"))
    } else if let Some(name) = v.get("keyword") {
        quirk("keyword object {keyword, target, value}");
        (
            name,
            v.get("value")
                .filter(|x| !x.is_null())
                .or_else(|| v.get("target")),
        )
    } else {
        return Err((
            "effects.keywords",
            format!("a keyword object without a name: {v}"),
        ));
    };
    let name = name.as_str().ok_or((
        "effects.keywords",
        format!("keyword name {name} is not text"),
    ))?;
    Ok(Keyword {
        name: name.trim().to_lowercase(),
        value: value.and_then(keyword_value),
        levels: levels.to_vec(),
        timing: timing.map(str::to_string),
        steps: steps.to_vec(),
    })
}

fn keyword_value(v: &Value) -> Option<KeywordValue> {
    match v {
        Value::Null => None,
        Value::Number(n) => n.as_i64().map(KeywordValue::Number),
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(KeywordValue::Word(s.trim().to_string())),
        Value::Array(items) => Some(KeywordValue::List(
            items.iter().filter_map(keyword_value).collect(),
        )),
        Value::Bool(b) => Some(KeywordValue::Word(b.to_string())),
        Value::Object(_) => Some(KeywordValue::Word(v.to_string())),
    }
}

/// Quirk: some `details` still begin with their timing label ("When Summoned Select…"),
/// with `condition` "N/A" or repeating it. The label moves to the timing.
fn split_timing(
    condition: Option<String>,
    details: &str,
    timings: &[String],
    quirk: &mut impl FnMut(&'static str),
) -> (Option<String>, String) {
    for t in timings {
        let n = t.len();
        let starts = details.len() > n
            && details.is_char_boundary(n)
            && details[..n].eq_ignore_ascii_case(t)
            && details[n..].starts_with([' ', ':', '\n']);
        if starts {
            let same = condition
                .as_deref()
                .is_none_or(|c| c.eq_ignore_ascii_case(t));
            if same {
                quirk("timing left in details");
                let rest = details[n..]
                    .trim_start_matches([' ', ':', '\n'])
                    .to_string();
                return (Some(condition.unwrap_or_else(|| t.clone())), rest);
            }
        }
    }
    (condition, details.to_string())
}

/// A details text that is only a keyword's name (one or two capitalised words, no period).
fn is_bare_keyword(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    !text.contains('.')
        && (1..=2).contains(&words.len())
        && words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted<T>(f: impl FnOnce(&mut dyn FnMut(&'static str)) -> T) -> (T, Vec<&'static str>) {
        let mut seen = Vec::new();
        let out = f(&mut |q| seen.push(q));
        (out, seen)
    }

    #[test]
    fn cost_as_string_is_a_number() {
        let (cost, q) = counted(|q| parse_cost(&Value::String("8".into()), &mut |s| q(s)));
        assert_eq!(cost.unwrap(), 8);
        assert_eq!(q, ["cost as string"]);
        assert!(parse_cost(&Value::String("X".into()), &mut |_| {}).is_err());
    }

    #[test]
    fn reduction_entries_count_per_colour_and_dash_means_none() {
        let raw: Vec<String> = ["red", "red", "Purple", "—"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (r, q) = counted(|q| parse_reduction(&raw, &mut |s| q(s)));
        let r = r.unwrap();
        assert_eq!(r.get(&Colour::Red), Some(&2));
        assert_eq!(r.get(&Colour::Purple), Some(&1));
        assert_eq!(r.len(), 2);
        assert!(q.contains(&"reduction dash for none") && q.contains(&"capitalised colour"));
    }

    #[test]
    fn two_colour_symbol_counts_once_as_either_colour() {
        let raw = vec!["red/purple".to_string()];
        let s = parse_symbols(&raw, &mut |_| {}).unwrap();
        assert_eq!(s.total(), 1);
        assert_eq!(s.of_colour(Colour::Red), 1);
        assert_eq!(s.of_colour(Colour::Purple), 1);
        assert_eq!(s.of_colour(Colour::Blue), 0);
    }

    #[test]
    fn nexus_bp_zero_becomes_no_bp() {
        let raw = vec![RawLevel {
            level: 1,
            cores: 0,
            battle_points: Some(0),
        }];
        assert_eq!(parse_levels(CardKind::Nexus, &raw, &mut |_| {})[0].bp, None);
        assert_eq!(
            parse_levels(CardKind::Spirit, &raw, &mut |_| {})[0].bp,
            Some(0)
        );
    }

    #[test]
    fn keyword_objects_of_both_shapes() {
        let a: Value = serde_json::json!({"keyword_name": "Crush", "keyword_modifier": 2});
        let b: Value = serde_json::json!({"keyword": "A.T. Field", "target": null, "value": null});
        let c: Value =
            serde_json::json!({"keyword_name": "Armor", "keyword_modifier": ["Red", "White"]});
        let ka =
            parse_keyword(&a, &[1], Some("When This Spirit Attacks"), &[], &mut |_| {}).unwrap();
        assert_eq!(
            (ka.name.as_str(), ka.value),
            ("crush", Some(KeywordValue::Number(2)))
        );
        assert_eq!(ka.timing.as_deref(), Some("When This Spirit Attacks"));
        let (kb, q) = counted(|q| parse_keyword(&b, &[], None, &[], &mut |s| q(s)));
        let kb = kb.unwrap();
        assert_eq!((kb.name.as_str(), kb.value), ("a.t. field", None));
        assert_eq!(q, ["keyword object {keyword, target, value}"]);
        let kc = parse_keyword(&c, &[], None, &[], &mut |_| {}).unwrap();
        assert_eq!(
            kc.value,
            Some(KeywordValue::List(vec![
                KeywordValue::Word("Red".into()),
                KeywordValue::Word("White".into())
            ]))
        );
    }

    #[test]
    fn timing_left_in_details_moves_to_the_timing() {
        let timings: Vec<String> = SAGA_TIMINGS.iter().map(|s| s.to_string()).collect();
        let mut sorted = timings.clone();
        sorted.sort_by_key(|t| std::cmp::Reverse(t.len()));
        let (t, text) = split_timing(None, "When Summoned Draw 1 card.", &sorted, &mut |_| {});
        assert_eq!(
            (t.as_deref(), text.as_str()),
            (Some("When Summoned"), "Draw 1 card.")
        );
        // The longer label wins over its prefix.
        let (t, _) = split_timing(
            None,
            "When This Spirit Attacks or Blocks Draw 1 card.",
            &sorted,
            &mut |_| {},
        );
        assert_eq!(t.as_deref(), Some("When This Spirit Attacks or Blocks"));
        // Text that merely starts like a label is left alone.
        let (t, text) = split_timing(None, "When Summonedness grows, draw.", &sorted, &mut |_| {});
        assert_eq!((t, text.as_str()), (None, "When Summonedness grows, draw."));
    }

    #[test]
    fn na_means_none() {
        assert_eq!(none_if_na(Some("N/A")), None);
        assert_eq!(none_if_na(Some("When Summoned")), Some("When Summoned"));
    }

    #[test]
    fn a_whole_line_imports_and_a_bad_line_is_named() {
        let good = r#"{"name":"Test Drake","ID":"T-1","set":"T","color":["Red"],"cost":"3","reduction":["red"],"symbols":["red"],"cardType":"SPIRIT","subType":["Dragon"],"rarity":"C","effects":[{"levels":[],"condition":"N/A","keywords":[],"details":"N/A","steps":[]},{"levels":[1,2],"condition":"N/A","keywords":[],"details":"When Summoned Draw 1 card.","steps":[]}],"core_requirements":[{"level":1,"battlePoints":2000,"cores":1},{"level":2,"battlePoints":4000,"cores":3}]}"#;
        let out = import(std::path::Path::new("x.jsonl"), good, "t").unwrap();
        assert_eq!(out.cards, 1);
        let yaml = &out.files.files["cards/T-1.yaml"];
        let def: CardDef = serde_yaml::from_str(yaml).unwrap();
        assert_eq!(def.cost, 3);
        assert_eq!(def.effects.len(), 1, "the empty entry is dropped");
        assert_eq!(def.effects[0].timing.as_deref(), Some("When Summoned"));
        let bad = format!("{good}\n{{\"name\": 5}}\n");
        let err = import(std::path::Path::new("x.jsonl"), &bad, "t").unwrap_err();
        assert_eq!(err.diagnostics()[0].line, 2);
    }
}
