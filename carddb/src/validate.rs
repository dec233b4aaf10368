//! The checks serde cannot make: what a card author can get wrong in a well-typed card
//! (duplicate ids, level tables, kind-specific sections, script files, languages), and
//! whether each card's kind belongs to its pack's game. The line battle's own checks are
//! in [`line_battle`].

use std::collections::BTreeMap;

use crate::error::{Diagnostic, did_you_mean};
use crate::model::{CardDef, CardKind};
use crate::pack::{GameKind, LoadedCard};
use crate::source::PackFiles;
use crate::yamlfile::{YamlFile, join};

/// The largest cost or core count a card may give: far above any real card, low enough
/// that no sum of them can overflow.
pub const MAX_COUNT: u32 = 1_000;

/// Language tags a localised text may use.
pub const LANGUAGES: [&str; 3] = ["en", "ja", "th"];

pub mod line_battle;

/// Validates every card for the pack's `game` (`None` when `pack.yaml` could not be read:
/// then each card is checked by its own kind only); appends one diagnostic per problem.
pub fn cards(
    files: &PackFiles,
    game: Option<GameKind>,
    cards: &[LoadedCard],
    errors: &mut Vec<Diagnostic>,
) {
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
        for (field, message, help) in card_problems(files, game, &card.def) {
            errors.push(at(&field, message, help));
        }
    }
}

pub(crate) type Problem = (String, String, Option<String>);

/// The problems of one card of a pack for `game` (`None`: unknown, the kind's own game is
/// assumed), as (field path, message, help).
pub fn card_problems(files: &PackFiles, game: Option<GameKind>, c: &CardDef) -> Vec<Problem> {
    let mut out = common_problems(files, c);
    let game_of_kind = if c.kind.is_line_battle() {
        GameKind::LineBattle
    } else {
        GameKind::BattleSpirits
    };
    if let Some(game) = game.filter(|g| *g != game_of_kind) {
        out.push(wrong_game(game, c.kind));
    }
    match game_of_kind {
        GameKind::LineBattle => line_battle::problems(c, &mut out),
        GameKind::BattleSpirits => battle_spirits_problems(c, &mut out),
    }
    out
}

fn wrong_game(game: GameKind, kind: CardKind) -> Problem {
    let (message, help) = match game {
        GameKind::LineBattle => (
            format!("a line-battle pack has only creature and master cards, not a {kind}"),
            "use `kind: creature` or `kind: master`, or `game: battle-spirits` in pack.yaml",
        ),
        GameKind::BattleSpirits => (
            format!("a {kind} is a line-battle card; this pack is for battle-spirits"),
            "use spirit, ultimate, brave, nexus or magic, or `game: line-battle` in pack.yaml",
        ),
    };
    ("kind".into(), message, Some(help.into()))
}

/// The checks every card gets, whatever its game: id, name, cost, colours, effect texts
/// and scripts, names.
fn common_problems(files: &PackFiles, c: &CardDef) -> Vec<Problem> {
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
    for (i, e) in c.effects.iter().enumerate() {
        let f = format!("effects[{i}]");
        for lang in e.text.keys() {
            if !LANGUAGES.contains(&lang.as_str()) {
                let help = did_you_mean(lang, LANGUAGES).map(|s| format!("did you mean `{s}`?"));
                out_lang(&mut push, &format!("{f}.text.{lang}"), lang, help);
            }
        }
        if let Some(l) = &e.text_language
            && !crate::model::RUN_LANGUAGES.contains(&l.as_str())
        {
            push(
                &format!("{f}.text_language"),
                format!("`{l}` is not a language whose text runs"),
                Some("`en` or `ja`"),
            );
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
    for lang in c.names.keys() {
        if !LANGUAGES.contains(&lang.as_str()) {
            let help = did_you_mean(lang, LANGUAGES).map(|s| format!("did you mean `{s}`?"));
            out_lang(&mut push, &format!("names.{lang}"), lang, help);
        }
    }
    out
}

/// The Battle Spirits checks: level tables, the sections of braves, ultimates and over
/// count, effect and keyword levels.
fn battle_spirits_problems(c: &CardDef, out: &mut Vec<Problem>) {
    let mut push =
        |f: &str, m: String, h: Option<&str>| out.push((f.to_string(), m, h.map(str::to_string)));
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
        for (j, l) in e.levels.iter().enumerate() {
            if !level_ok(l) {
                push(
                    &format!("effects[{i}].levels[{j}]"),
                    format!("level {l} is not in the card's level table {known_levels:?}"),
                    None,
                );
            }
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
    if c.creature.is_some() || c.master.is_some() {
        let field = if c.creature.is_some() {
            "creature"
        } else {
            "master"
        };
        push(
            field,
            format!("`{field}` is a line-battle section; a {} has none", c.kind),
            Some(&format!("remove `{field}`")),
        );
    }
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
