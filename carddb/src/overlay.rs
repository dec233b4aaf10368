//! Combining several packs into one card set: dependencies are checked, and a pack of
//! higher priority (or, on equal priority, a later one) overrides cards by id. Every
//! override is reported.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::error::{Diagnostic, Diagnostics, LoadError};
use crate::pack::{LoadedCard, Pack};

/// A card of one pack replaced by the same id in another, or one effect of it replaced
/// by an overlay (`overlays/*.yaml`: `id` is then `CARD effect N`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    pub id: String,
    /// The pack whose card is used.
    pub by_pack: String,
    /// The pack whose card was replaced.
    pub over_pack: String,
}

/// The resolved card set: for each id (sorted), the card and the index of its pack in the
/// overlay order.
pub struct Resolved<'a> {
    pub order: Vec<&'a Pack>,
    pub cards: BTreeMap<&'a str, (Cow<'a, LoadedCard>, &'a Pack)>,
    pub overrides: Vec<Override>,
}

/// Orders `packs` by priority (stable: equal priority keeps the given order), checks
/// every dependency, and resolves overrides.
///
/// Errors: [`LoadError::Invalid`] naming `pack.yaml` and the `depends[i]` entry that is
/// missing or whose version does not match; or two packs with the same name.
pub fn resolve(packs: &[Pack]) -> Result<Resolved<'_>, LoadError> {
    let mut errors = Vec::new();
    let mut order: Vec<&Pack> = packs.iter().collect();
    order.sort_by_key(|p| p.manifest.priority);
    let mut names: BTreeMap<&str, &Pack> = BTreeMap::new();
    for p in &order {
        if names.insert(p.manifest.name.as_str(), p).is_some() {
            errors.push(manifest_error(
                p,
                "name",
                format!("two packs are named `{}`", p.manifest.name),
                None,
            ));
        }
    }
    if let Some(first) = order.first() {
        for p in &order {
            if p.manifest.game != first.manifest.game {
                errors.push(manifest_error(
                    p,
                    "game",
                    format!(
                        "pack `{}` is for {}, but `{}` is for {}: one catalogue holds one game",
                        p.manifest.name,
                        p.manifest.game.name(),
                        first.manifest.name,
                        first.manifest.game.name()
                    ),
                    None,
                ));
            }
        }
    }
    for p in &order {
        for (i, dep) in p.manifest.depends.iter().enumerate() {
            let field = format!("depends[{i}]");
            match names.get(dep.name.as_str()) {
                None => errors.push(manifest_error(
                    p,
                    &field,
                    format!(
                        "needs pack `{}` {}, which is not loaded",
                        dep.name, dep.version
                    ),
                    Some(loaded_like(&dep.name, names.keys().copied())),
                )),
                Some(found) => {
                    let req = semver::VersionReq::parse(&dep.version);
                    let ver = semver::Version::parse(&found.manifest.version);
                    if let (Ok(req), Ok(ver)) = (req, ver)
                        && !req.matches(&ver)
                    {
                        errors.push(manifest_error(
                            p,
                            &format!("{field}.version"),
                            format!(
                                "needs `{}` {}, but version {ver} is loaded",
                                dep.name, dep.version
                            ),
                            None,
                        ));
                    }
                }
            }
        }
    }
    if errors.is_empty() {
        errors.extend(dependent_decks(&order, &names));
    }
    if !errors.is_empty() {
        return Err(LoadError::Invalid(Diagnostics(errors)));
    }
    let mut cards: BTreeMap<&str, (Cow<LoadedCard>, &Pack)> = BTreeMap::new();
    let mut overrides = Vec::new();
    for p in &order {
        for c in &p.cards {
            if let Some((_, old)) = cards.insert(c.def.id.as_str(), (Cow::Borrowed(c), p)) {
                overrides.push(Override {
                    id: c.def.id.clone(),
                    by_pack: p.manifest.name.clone(),
                    over_pack: old.manifest.name.clone(),
                });
            }
        }
    }
    // Effect overlays, in overlay order: each replaces one effect of the card as the packs
    // before it left it.
    for p in &order {
        for o in &p.effect_overlays {
            let text = p.files.files.get(&o.file).map(String::as_str).unwrap_or("");
            let file = crate::yamlfile::YamlFile::new(&p.files, &o.file, text);
            let at = |f: &str| crate::yamlfile::join(&o.prefix, f);
            let Some((card, from)) = cards.get_mut(o.def.card.as_str()) else {
                let ids: Vec<&str> = cards.keys().copied().collect();
                errors.push(file.error(
                    &at("card"),
                    format!("no card `{}` to overlay", o.def.card),
                    Some(match crate::error::did_you_mean(&o.def.card, ids) {
                        Some(n) => format!(
                            "did you mean `{n}`? The card's pack must be loaded before this one"
                        ),
                        None => "the card's pack must be loaded before this one".into(),
                    }),
                ));
                continue;
            };
            match crate::effect_overlay::apply(&card.def, &o.def, &p.files) {
                Ok(def) => {
                    overrides.push(Override {
                        id: format!("{} effect {}", o.def.card, o.def.effect),
                        by_pack: p.manifest.name.clone(),
                        over_pack: from.manifest.name.clone(),
                    });
                    *card = Cow::Owned(LoadedCard {
                        def,
                        file: card.file.clone(),
                        prefix: card.prefix.clone(),
                    });
                }
                Err(m) => errors.push(file.error(&at("effect"), m, None)),
            }
        }
    }
    if !errors.is_empty() {
        return Err(LoadError::Invalid(Diagnostics(errors)));
    }
    Ok(Resolved {
        order,
        cards,
        overrides,
    })
}

/// The decks of packs that depend on others, checked for unknown cards against the pack's
/// own cards and those of every pack it depends on, directly or not (a mod
/// pack's deck may mix its cards with its base pack's). A pack without dependencies had
/// its decks checked when it was loaded.
fn dependent_decks(order: &[&Pack], names: &BTreeMap<&str, &Pack>) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for p in order.iter().filter(|p| !p.manifest.depends.is_empty()) {
        // The pack and its dependencies, each once (a cycle ends where it started).
        let mut seen: Vec<&Pack> = vec![p];
        let mut i = 0;
        while i < seen.len() {
            for dep in &seen[i].manifest.depends {
                if let Some(d) = names.get(dep.name.as_str())
                    && !seen.iter().any(|s| s.manifest.name == d.manifest.name)
                {
                    seen.push(d);
                }
            }
            i += 1;
        }
        // Earlier in `seen` wins: the pack's own card before a dependency's of the same id.
        let mut by_id: BTreeMap<&str, &crate::model::CardDef> = BTreeMap::new();
        for s in seen.iter().rev() {
            for c in &s.cards {
                by_id.insert(c.def.id.as_str(), &c.def);
            }
        }
        let ids: Vec<&str> = by_id.keys().copied().collect();
        let lookup = |id: &str| by_id.get(id).copied();
        for d in &p.decks {
            errors.extend(crate::deck::check_cards(
                &p.files, &d.file, &d.deck, &lookup, &ids,
            ));
        }
    }
    errors
}

fn manifest_error(p: &Pack, field: &str, message: String, help: Option<String>) -> Diagnostic {
    let text = p
        .files
        .files
        .get("pack.yaml")
        .map(String::as_str)
        .unwrap_or("");
    let file = crate::yamlfile::YamlFile::new(&p.files, "pack.yaml", text);
    file.error(field, message, help)
}

/// Help for a dependency no loaded pack has: the nearest loaded pack's name (a misspelt
/// `depends` entry), else how to load it. `loaded` in a fixed order (the names' map).
fn loaded_like<'a>(wanted: &str, loaded: impl IntoIterator<Item = &'a str>) -> String {
    match crate::error::did_you_mean(wanted, loaded) {
        Some(near) => format!(
            "did you mean `{near}`, which is loaded? Else add that pack to the command line before this one"
        ),
        None => "add that pack to the command line before this one".into(),
    }
}
