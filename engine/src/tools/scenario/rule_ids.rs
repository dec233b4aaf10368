//! The rule IDs a scenario's `rule:` may cite: those the project's rules reference defines
//! (`docs/rules/src/*.md`, read at build time), each of the file's own game.

use carddb::error::did_you_mean;

/// The reference sources, by the prefix of the IDs they define.
const SOURCES: &[(&str, &str)] = &[
    (
        "BS",
        include_str!("../../../../docs/rules/src/battle-spirits.md"),
    ),
    (
        "LB",
        include_str!("../../../../docs/rules/src/line-battle.md"),
    ),
];

/// The IDs the reference defines with `prefix` (`BS`, `LB`): the first word of a rule
/// line (`- BS-5.1.1 …`) or of a section heading (`## BS-5 …`).
pub fn ids(prefix: &str) -> Vec<&'static str> {
    SOURCES
        .iter()
        .filter(|(p, _)| *p == prefix)
        .flat_map(|(_, text)| {
            text.lines().filter_map(move |l| {
                let rest = l.strip_prefix("- ").or_else(|| l.strip_prefix("## "))?;
                let id = rest.split_whitespace().next()?;
                let num = id.strip_prefix(prefix)?.strip_prefix('-')?;
                let ok = !num.is_empty()
                    && num
                        .split('.')
                        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
                ok.then_some(id)
            })
        })
        .collect()
}

/// Checks each comma-separated ID of a `rule:` against the reference of the game whose
/// IDs start with `prefix`. Errors: the first unknown ID (or one of the other game), as a
/// message and a help (a did-you-mean).
pub fn check(rule: &str, prefix: &str) -> Result<(), (String, Option<String>)> {
    let known = ids(prefix);
    for id in rule.split(',').map(str::trim) {
        if known.contains(&id) {
            continue;
        }
        let other = SOURCES
            .iter()
            .find(|(p, _)| *p != prefix && id.starts_with(&format!("{p}-")));
        let message = match other {
            Some((p, _)) => {
                format!("`{id}` is a rule of another game ({p}); this file's rules are {prefix}-…")
            }
            None => format!("no rule `{id}` in the rules reference (docs/rules)"),
        };
        return Err((message, did_you_mean(id, known.iter().copied())));
    }
    Ok(())
}
