//! The quirks of the community data, one function each: "N/A" for none, costs as strings,
//! reductions per colour, symbols, level rows, keywords with values, timing labels left inside
//! `details`.

use super::*;

/// Quirk: "N/A" stands for "none" in `condition` and `details`.
pub(super) fn none_if_na(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty() && *s != "N/A")
}

/// Quirk: costs are strings (`"8"`); numbers are accepted too.
pub(super) fn parse_cost(v: &Value, quirk: &mut impl FnMut(&'static str)) -> Result<u32, Problem> {
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
pub(super) fn parse_reduction(
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
pub(super) fn parse_symbols(
    raw: &[String],
    quirk: &mut impl FnMut(&'static str),
) -> Result<Symbols, Problem> {
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
pub(super) fn parse_levels(
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
pub(super) fn parse_keyword(
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
    let value = match value {
        Some(v) => keyword_value(v).map_err(|m| ("effects.keywords", format!("`{name}`: {m}")))?,
        None => None,
    };
    Ok(Keyword {
        name: name.trim().to_lowercase(),
        value,
        levels: levels.to_vec(),
        timing: timing.map(str::to_string),
        steps: steps.to_vec(),
    })
}

/// A keyword's value; a number that is not a whole number a card can hold (an `i64`) is
/// an error, never dropped.
fn keyword_value(v: &Value) -> Result<Option<KeywordValue>, String> {
    Ok(match v {
        Value::Null => None,
        Value::Number(n) => Some(KeywordValue::Number(n.as_i64().ok_or_else(|| {
            format!(
                "keyword value {n} is not a whole number between {} and {}",
                i64::MIN,
                i64::MAX
            )
        })?)),
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(KeywordValue::Word(s.trim().to_string())),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(keyword_value)
                .collect::<Result<Vec<_>, _>>()?;
            Some(KeywordValue::List(items.into_iter().flatten().collect()))
        }
        Value::Bool(b) => Some(KeywordValue::Word(b.to_string())),
        Value::Object(_) => Some(KeywordValue::Word(v.to_string())),
    })
}

/// Quirk: some `details` still begin with their timing label ("When Summoned Select…"),
/// with `condition` "N/A" or repeating it. The label moves to the timing.
pub(super) fn split_timing(
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
pub(super) fn is_bare_keyword(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    !text.contains('.')
        && (1..=2).contains(&words.len())
        && words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase))
}

/// Quirk: a `details` that is only a timing label ("During Your Main Step", "When Opponent
/// Destroys This Spirit"): a listed label, or Title Case words opening with "When", "While"
/// or "During" and no period. The effect's text was lost in the data: there is nothing
/// to read or run.
pub(super) fn is_bare_label(text: &str, timings: &[String]) -> bool {
    let text = text.trim();
    if timings.iter().any(|t| t.eq_ignore_ascii_case(text)) {
        return true;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    !text.contains(['.', ',', ':'])
        && words.len() >= 2
        && ["When", "While", "During"].contains(&words[0])
        && words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase))
}
