//! A keyword's value: the text a gained keyword's modifier carries (`"2"`,
//! `"Purple/White"`), and what `keyword_value()` gives a script for the values a card holds
//! (the highest number, the colours, a word, a condition's parts).

use carddb::KeywordValue;
use carddb::keyword::ValueKind;
use rhai::Dynamic;

/// A gained keyword's modifier text (`"2"`, `"Purple/White"`, `""`) as a value.
pub(super) fn parse_value(s: &str) -> Option<KeywordValue> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<i64>() {
        return Some(KeywordValue::Number(n));
    }
    let parts: Vec<&str> = s
        .split(['/', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() > 1 {
        return Some(KeywordValue::List(
            parts
                .into_iter()
                .map(|p| KeywordValue::Word(p.to_string()))
                .collect(),
        ));
    }
    Some(KeywordValue::Word(s.to_string()))
}

fn words(v: &KeywordValue, out: &mut Vec<String>) {
    match v {
        KeywordValue::Number(n) => out.push(n.to_string()),
        KeywordValue::Word(w) => out.push(w.to_lowercase()),
        KeywordValue::List(l) => l.iter().for_each(|x| words(x, out)),
    }
}

fn highest(v: &KeywordValue) -> Option<i64> {
    match v {
        KeywordValue::Number(n) => Some(*n),
        KeywordValue::Word(w) => w.trim().parse().ok(),
        KeywordValue::List(l) => l.iter().filter_map(highest).max(),
    }
}

/// The script-side value of a keyword held with `values` (see `keyword_value`).
pub(super) fn value_dynamic(kind: ValueKind, values: &[KeywordValue]) -> Dynamic {
    match kind {
        ValueKind::None => Dynamic::UNIT,
        ValueKind::Number => Dynamic::from(values.iter().filter_map(highest).max().unwrap_or(0)),
        ValueKind::Colours => {
            let mut all = Vec::new();
            values.iter().for_each(|v| words(v, &mut all));
            all.sort();
            all.dedup();
            Dynamic::from(all.into_iter().map(Dynamic::from).collect::<rhai::Array>())
        }
        ValueKind::Word => {
            let mut all = Vec::new();
            values.iter().for_each(|v| words(v, &mut all));
            match all.first() {
                Some(w) => Dynamic::from(w.clone()),
                None => Dynamic::UNIT,
            }
        }
        // A condition keeps every part, as printed: costs `1/4` → "1/4", families
        // `Fabled Beast/Otherlander` → "fabled beast/otherlander".
        ValueKind::Condition => {
            let mut all = Vec::new();
            values.iter().for_each(|v| words(v, &mut all));
            if all.is_empty() {
                Dynamic::UNIT
            } else {
                Dynamic::from(all.join("/"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_merge_as_declared() {
        // "Only the highest activates" (keywords.json: Crush, Gale, Raid).
        let v = [KeywordValue::Number(1), KeywordValue::Number(3)];
        assert_eq!(value_dynamic(ValueKind::Number, &v).as_int().unwrap(), 3);
        assert_eq!(value_dynamic(ValueKind::Number, &[]).as_int().unwrap(), 0);
        let c = [
            parse_value("Purple/White").unwrap(),
            KeywordValue::Word("Red".into()),
            KeywordValue::Word("purple".into()),
        ];
        let arr = value_dynamic(ValueKind::Colours, &c).into_array().unwrap();
        let names: Vec<String> = arr.into_iter().map(|d| d.into_string().unwrap()).collect();
        assert_eq!(names, ["purple", "red", "white"]);
        assert_eq!(parse_value(" 2 "), Some(KeywordValue::Number(2)));
        // A condition written with several parts keeps them all (costs 1/4).
        let costs = [KeywordValue::List(vec![
            KeywordValue::Number(1),
            KeywordValue::Number(4),
        ])];
        let v = value_dynamic(ValueKind::Condition, &costs);
        assert_eq!(v.into_string().unwrap(), "1/4");
        assert_eq!(parse_value(""), None);
    }
}
