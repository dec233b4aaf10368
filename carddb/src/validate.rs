//! The checks serde cannot make: what a card author can get wrong in a well-typed card
//! (duplicate ids, level tables, kind-specific sections, script files, languages).

use std::collections::BTreeMap;

use crate::error::{Diagnostic, did_you_mean};
use crate::model::{CardDef, CardKind};
use crate::pack::LoadedCard;
use crate::source::PackFiles;
use crate::yamlfile::{YamlFile, join};

/// The largest cost or core count a card may give: far above any real card, low enough
/// that no sum of them can overflow.
pub const MAX_COUNT: u32 = 1_000;

/// Language tags a localised text may use.
pub const LANGUAGES: [&str; 3] = ["en", "ja", "th"];

/// Validates every card; appends one diagnostic per problem.
pub fn cards(files: &PackFiles, cards: &[LoadedCard], errors: &mut Vec<Diagnostic>) {
    let mut located: BTreeMap<&str, YamlFile> = BTreeMap::new();
    let mut first_of: BTreeMap<&str, &LoadedCard> = BTreeMap::new();
    for card in cards {
        let file = located
            .entry(card.file.as_str())
            .or_insert_with(|| YamlFile::new(files, &card.file, &files.files[&card.file]));
        let at = |field: &str, message: String, help: Option<String>| {
            file.error(&join(&card.prefix, field), message, help)
        };
        if let Some(first) = first_of.get(card.def.id.as_str()) {
            errors.push(at(
                "id",
                format!("duplicate card id `{}`", card.def.id),
                Some(format!(
                    "first defined in {}",
                    files.display_path(&first.file).display()
                )),
            ));
        } else {
            first_of.insert(card.def.id.as_str(), card);
        }
        for (field, message, help) in card_problems(files, &card.def) {
            errors.push(at(&field, message, help));
        }
    }
}

type Problem = (String, String, Option<String>);

/// The problems of one card, as (field path, message, help).
pub fn card_problems(files: &PackFiles, c: &CardDef) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    let mut push =
        |f: &str, m: String, h: Option<&str>| out.push((f.to_string(), m, h.map(str::to_string)));
    if c.id.trim().is_empty() || c.id.chars().any(char::is_whitespace) {
        push(
            "id",
            format!("card id `{}` must be non-empty with no spaces", c.id),
            None,
        );
    }
    if c.name.trim().is_empty() {
        push("name", "card name is empty".into(), None);
    }
    if c.cost > MAX_COUNT {
        push(
            "cost",
            format!("cost {} is more than {MAX_COUNT}", c.cost),
            None,
        );
    }
    for (i, colour) in c.colours.iter().enumerate() {
        if c.colours[..i].contains(colour) {
            push(
                &format!("colours[{i}]"),
                format!("colour `{colour}` is listed twice"),
                None,
            );
        }
    }
    // Level table (BS-5.1, BS-5.3, BS-12.2).
    match c.kind {
        CardKind::Magic if !c.levels.is_empty() => push(
            "levels",
            "a magic card has no level table".into(),
            Some("remove `levels`"),
        ),
        CardKind::Magic => {}
        _ if c.levels.is_empty() => push(
            "levels",
            format!("a {} needs a level table", c.kind),
            Some(if c.kind == CardKind::Nexus {
                "e.g. `levels: [{level: 1, cores: 0}, {level: 2, cores: 2}]`"
            } else {
                "e.g. `levels: [{level: 1, cores: 1, bp: 3000}]`"
            }),
        ),
        _ => {}
    }
    for (i, row) in c.levels.iter().enumerate() {
        let f = format!("levels[{i}]");
        if row.level == 0 {
            push(&format!("{f}.level"), "levels start at 1".into(), None);
        }
        if row.cores > MAX_COUNT {
            push(
                &format!("{f}.cores"),
                format!("{} cores is more than {MAX_COUNT}", row.cores),
                None,
            );
        }
        match (c.kind, row.bp) {
            (CardKind::Nexus, Some(_)) => push(
                &format!("{f}.bp"),
                "a nexus level has no BP".into(),
                Some("remove `bp`"),
            ),
            (CardKind::Spirit | CardKind::Ultimate | CardKind::Brave, None) => push(
                &format!("{f}.bp"),
                format!("missing field `bp` for a {} level", c.kind),
                None,
            ),
            _ => {}
        }
        if let Some(prev) = i.checked_sub(1).map(|j| &c.levels[j]) {
            if row.level <= prev.level {
                push(
                    &format!("{f}.level"),
                    format!(
                        "levels must rise: level {} comes after level {}",
                        row.level, prev.level
                    ),
                    None,
                );
            }
            if row.cores <= prev.cores {
                push(
                    &format!("{f}.cores"),
                    format!(
                        "cores must rise: level {} needs {} core(s), level {} already needs {}",
                        row.level, row.cores, prev.level, prev.cores
                    ),
                    None,
                );
            }
        }
    }
    if matches!(
        c.kind,
        CardKind::Spirit | CardKind::Ultimate | CardKind::Brave
    ) && c.levels.first().is_some_and(|r| r.cores == 0)
    {
        push(
            "levels[0].cores",
            format!("a {}'s lowest level needs at least 1 core (BS-5.3)", c.kind),
            None,
        );
    }
    if c.kind == CardKind::Ultimate {
        if let Some(first) = c.levels.first()
            && first.level != 3
        {
            push(
                "levels[0].level",
                format!(
                    "an ultimate's lowest level must be 3 (BS-12.2), not {}",
                    first.level
                ),
                None,
            );
        }
        if c.ultimate.is_none() {
            push(
                "ultimate",
                "an ultimate needs a summon condition (BS-12.1)".into(),
                Some("e.g. `ultimate: {count: 1, colour: red}`"),
            );
        }
    } else if c.ultimate.is_some() {
        push(
            "ultimate",
            format!(
                "only an ultimate has a summon condition; this card is a {}",
                c.kind
            ),
            None,
        );
    }
    if c.kind == CardKind::Brave {
        match &c.brave {
            None => push(
                "brave",
                "a brave needs a brave condition (BS-9.1)".into(),
                Some("e.g. `brave: {condition: {min_cost: 3}, bp_bonus: 3000}`"),
            ),
            Some(b)
                if b.condition.min_cost.is_none()
                    && b.condition.max_cost.is_none()
                    && b.condition.colours.is_empty()
                    && b.condition.families.is_empty() =>
            {
                push(
                    "brave.condition",
                    "a brave condition needs at least one of min_cost, max_cost, colours, families (BS-9.1)".into(),
                    Some("e.g. `condition: {min_cost: 3}`"),
                )
            }
            Some(_) => {}
        }
    } else if c.brave.is_some() {
        push(
            "brave",
            format!(
                "only a brave has a brave condition; this card is a {}",
                c.kind
            ),
            None,
        );
    }
    if c.over_count.is_some() && !matches!(c.kind, CardKind::Spirit | CardKind::Ultimate) {
        push(
            "over_count",
            format!(
                "only a spirit or an ultimate has an OC condition (BS-13.3); this card is a {}",
                c.kind
            ),
            None,
        );
    }
    for (i, e) in c.effects.iter().enumerate() {
        if e.braved && c.kind != CardKind::Brave {
            push(
                &format!("effects[{i}].braved"),
                format!(
                    "only a brave has braved effects (BS-9.2); this card is a {}",
                    c.kind
                ),
                None,
            );
        }
    }
    let known_levels: Vec<u8> = c.levels.iter().map(|r| r.level).collect();
    let level_ok = |l: &u8| c.kind == CardKind::Magic || known_levels.contains(l);
    for (i, e) in c.effects.iter().enumerate() {
        let f = format!("effects[{i}]");
        for (j, l) in e.levels.iter().enumerate() {
            if !level_ok(l) {
                push(
                    &format!("{f}.levels[{j}]"),
                    format!("level {l} is not in the card's level table {known_levels:?}"),
                    None,
                );
            }
        }
        for lang in e.text.keys() {
            if !LANGUAGES.contains(&lang.as_str()) {
                let help = did_you_mean(lang, LANGUAGES).map(|s| format!("did you mean `{s}`?"));
                out_lang(&mut push, &format!("{f}.text.{lang}"), lang, help);
            }
        }
        if e.script.is_some() && e.script_file.is_some() {
            push(
                &format!("{f}.script_file"),
                "give `script` or `script_file`, not both".into(),
                None,
            );
        }
        if let Some(path) = &e.script_file {
            if !files.files.contains_key(path) {
                let known: Vec<&str> = files.under("effects", &[".rhai"]).map(|(p, _)| p).collect();
                let help = did_you_mean(path, known.iter().copied())
                    .map(|s| format!("did you mean `{s}`?"));
                push(
                    &format!("{f}.script_file"),
                    format!("script file `{path}` does not exist in the pack"),
                    help.as_deref(),
                );
            } else if !path.starts_with("effects/") || !path.ends_with(".rhai") {
                push(
                    &format!("{f}.script_file"),
                    format!("script file `{path}` must be an `effects/*.rhai` file"),
                    None,
                );
            }
        }
        if e.text.is_empty() && e.script.is_none() && e.script_file.is_none() {
            push(
                &f,
                "an effect needs its printed `text`, a `script`, or both".into(),
                None,
            );
        }
    }
    for (i, k) in c.keywords.iter().enumerate() {
        if k.name.trim().is_empty() {
            push(
                &format!("keywords[{i}].name"),
                "keyword name is empty".into(),
                None,
            );
        }
        for (j, l) in k.levels.iter().enumerate() {
            if !level_ok(l) {
                push(
                    &format!("keywords[{i}].levels[{j}]"),
                    format!("level {l} is not in the card's level table {known_levels:?}"),
                    None,
                );
            }
        }
    }
    for lang in c.names.keys() {
        if !LANGUAGES.contains(&lang.as_str()) {
            let help = did_you_mean(lang, LANGUAGES).map(|s| format!("did you mean `{s}`?"));
            out_lang(&mut push, &format!("names.{lang}"), lang, help);
        }
    }
    out
}

fn out_lang(
    push: &mut impl FnMut(&str, String, Option<&str>),
    field: &str,
    lang: &str,
    help: Option<String>,
) {
    let help = help.unwrap_or_else(|| format!("use one of {}", LANGUAGES.join(", ")));
    push(field, format!("unknown language tag `{lang}`"), Some(&help));
}
