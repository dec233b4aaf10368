//! Loading a pack folder (`pack.yaml`, `cards/*.yaml`, `effects/*.rhai`, `lib/*.rhai`,
//! `keywords/*`, `decks/*`) into validated definitions. Every mistake is reported, all at once.

use serde::{Deserialize, Serialize};

use crate::deck;
use crate::error::{Diagnostic, Diagnostics, LoadError};
use crate::keyword::{self, KeywordDef};
use crate::lang::{LabelDef, Located, PhraseDef};
use crate::model::{CardDef, Deck};
use crate::source::PackFiles;
use crate::validate;
use crate::yamlfile::YamlFile;

/// Which rules a pack's cards are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    BattleSpirits,
    LineBattle,
}

impl GameKind {
    /// The name used in `pack.yaml` (`battle-spirits`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::BattleSpirits => "battle-spirits",
            GameKind::LineBattle => "line-battle",
        }
    }

    /// Every game, in a stable order.
    pub const ALL: [GameKind; 2] = [GameKind::BattleSpirits, GameKind::LineBattle];

    /// The game named `name` (`line-battle`), if any.
    pub fn parse(name: &str) -> Option<GameKind> {
        Self::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// Another pack this one needs: its name and a semver range (`">=1.0, <2"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dependency {
    pub name: String,
    #[serde(default = "any_version")]
    pub version: String,
}

fn any_version() -> String {
    "*".to_string()
}

/// `pack.yaml`: the pack's name, version, game, dependencies and overlay priority.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub name: String,
    /// A semver version (`1.2.0`).
    pub version: String,
    pub game: GameKind,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub depends: Vec<Dependency>,
    /// Overlay order: a pack of higher priority overrides cards of lower priority by id;
    /// on equal priority the later pack on the command line wins.
    #[serde(default)]
    pub priority: i32,
    /// Which printed text of its cards runs when an effect has both and no script: `en`
    /// (the default) or `ja`; an effect's own `text_language` wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_language: Option<String>,
}

/// A card together with the file it came from, for error messages and overrides.
#[derive(Debug, Clone)]
pub struct LoadedCard {
    pub def: CardDef,
    /// Path relative to the pack (`cards/DEMO-001.yaml`).
    pub file: String,
    /// Where the card stands in its file: empty for a one-card file, `[i]` in a sequence.
    pub prefix: String,
}

/// A named deck of the pack (file stem → deck).
#[derive(Debug, Clone)]
pub struct LoadedDeck {
    pub deck: Deck,
    pub file: String,
}

/// A validated pack.
#[derive(Debug, Clone)]
pub struct Pack {
    pub manifest: Manifest,
    pub cards: Vec<LoadedCard>,
    pub decks: Vec<LoadedDeck>,
    /// Keyword declarations (`keywords/*.yaml`) with their files.
    pub keywords: Vec<(KeywordDef, String)>,
    pub files: PackFiles,
    /// Timing labels the pack adds (`labels/*.yaml`).
    pub labels: Vec<Located<LabelDef>>,
    /// Text phrases the pack adds (`phrases/*.yaml`).
    pub phrases: Vec<Located<PhraseDef>>,
    /// Effects of other packs' cards this pack replaces (`overlays/*.yaml`).
    pub effect_overlays: Vec<Located<crate::effect_overlay::EffectOverlay>>,
}

impl Pack {
    /// Reads and validates the pack folder at `dir`.
    ///
    /// Errors: [`LoadError::Io`] when a file cannot be read, [`LoadError::Invalid`] with
    /// every mistake found (file, line, column, field).
    pub fn load(dir: &std::path::Path) -> Result<Pack, LoadError> {
        Pack::from_files(PackFiles::read_dir(dir)?)
    }

    /// The pack's keyword declarations, with the pack's name and each file.
    pub fn loaded_keywords(&self) -> Vec<crate::keyword::LoadedKeyword> {
        self.keywords
            .iter()
            .map(|(def, file)| crate::keyword::LoadedKeyword {
                def: def.clone(),
                pack: self.manifest.name.clone(),
                file: file.clone(),
            })
            .collect()
    }

    /// The pack's rhai files (`effects/`, `lib/`, `keywords/`): path → source.
    pub fn script_files(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files
            .under("effects", &[".rhai"])
            .chain(self.files.under("lib", &[".rhai"]))
            .chain(self.files.under("keywords", &[".rhai"]))
    }

    /// The pack's files a card library reads, as the catalogue stores them: its rhai
    /// (`effects/`, `lib/`), the text it adds (`labels/`, `phrases/`) and its
    /// keyword declarations with their rhai (`keywords/`): path → source, in that order.
    pub fn source_files(&self) -> impl Iterator<Item = (&str, &str)> {
        let f = &self.files;
        f.under("effects", &[".rhai"])
            .chain(f.under("lib", &[".rhai"]))
            .chain(f.under("labels", &[".yaml", ".yml"]))
            .chain(f.under("phrases", &[".yaml", ".yml"]))
            .chain(f.under("keywords", &[".rhai", ".yaml", ".yml"]))
    }

    /// Validates a pack already in memory. Errors as [`Pack::load`].
    pub fn from_files(files: PackFiles) -> Result<Pack, LoadError> {
        match Pack::from_files_partial(files) {
            (Some(pack), errors) if errors.is_empty() => Ok(pack),
            (_, errors) => Err(LoadError::Invalid(Diagnostics(errors))),
        }
    }

    /// Reads the pack folder at `dir` as far as it reads: see [`Pack::from_files_partial`].
    ///
    /// Errors: [`LoadError::Io`] when a file cannot be read.
    pub fn load_partial(
        dir: &std::path::Path,
    ) -> Result<(Option<Pack>, Vec<Diagnostic>), LoadError> {
        Ok(Pack::from_files_partial(PackFiles::read_dir(dir)?))
    }

    /// Every mistake of a pack in memory (file, line, column, field), and the pack as far as
    /// it reads, so that later checks (labels, keywords, scripts, dependencies) still see the
    /// rest in the same run: the cards of a file with a mistake are left out; the
    /// pack is `None` only when `pack.yaml` is missing or does not read.
    pub fn from_files_partial(files: PackFiles) -> (Option<Pack>, Vec<Diagnostic>) {
        let mut errors = Vec::new();
        let manifest = read_manifest(&files, &mut errors);
        // Card files are read in parallel (rayon); cards and errors are kept in
        // file order, as a reading one file after another gives them.
        let card_files: Vec<(&str, &str)> = files.under("cards", &[".yaml", ".yml"]).collect();
        let read: Vec<(Vec<LoadedCard>, Vec<Diagnostic>)> = {
            use rayon::prelude::*;
            card_files
                .par_iter()
                .map(|(rel, text)| {
                    let (mut cards, mut errors) = (Vec::new(), Vec::new());
                    read_cards(&files, rel, text, &mut cards, &mut errors);
                    (cards, errors)
                })
                .collect()
        };
        let mut cards = Vec::new();
        for (mut c, mut e) in read {
            cards.append(&mut c);
            errors.append(&mut e);
        }
        // The pack's text language goes with each effect into the catalogue.
        if let Some(l) = manifest
            .as_ref()
            .and_then(|m| m.text_language.as_ref())
            .filter(|l| crate::model::RUN_LANGUAGES.contains(&l.as_str()))
        {
            for e in cards.iter_mut().flat_map(|c| c.def.effects.iter_mut()) {
                e.text_language.get_or_insert_with(|| l.clone());
            }
        }
        validate::cards(
            &files,
            manifest.as_ref().map(|m| m.game),
            &cards,
            &mut errors,
        );
        let (labels, phrases) = crate::lang::read(&files, &mut errors);
        let keywords = keyword::read_all(&files, &mut errors);
        let effect_overlays = crate::effect_overlay::read(&files, &mut errors);
        // A keyword whose rules are a phrase needs that phrase in this pack.
        for (def, rel) in keywords.iter().filter(|(d, _)| d.phrase) {
            let prefix = def.name.to_lowercase();
            if !phrases
                .iter()
                .any(|p| p.def.template.to_lowercase().starts_with(&prefix))
            {
                let text = files.files.get(rel).map(String::as_str).unwrap_or_default();
                errors.push(YamlFile::new(&files, rel, text).error(
                    "phrase",
                    format!(
                        "`{}` says its rules are a phrase, but no phrase of this pack starts with `{}`",
                        def.name, def.name
                    ),
                    Some("add one to phrases/*.yaml, or declare the keyword's effects".into()),
                ));
            }
        }
        let mut decks = Vec::new();
        for (rel, text) in files.under("decks", &[".txt", ".yaml", ".yml"]) {
            // A deck with malformed lines keeps its other lines, checked below in the
            // same run; its errors keep the pack from loading (`from_files`).
            let (deck, mut errs) = deck::parse_lenient(&files, rel, text);
            errors.append(&mut errs);
            if let Some(d) = deck {
                if let Some(first) = decks.iter().find(|x: &&LoadedDeck| x.deck.name == d.name) {
                    errors.push(Diagnostic {
                        file: files.display_path(rel),
                        line: 1,
                        column: 1,
                        field: String::new(),
                        message: format!("a second deck named `{}`", d.name),
                        help: Some(format!(
                            "{} has that name already",
                            files.display_path(&first.file).display()
                        )),
                    });
                }
                decks.push(LoadedDeck {
                    deck: d,
                    file: rel.to_string(),
                })
            }
        }
        // A pack that depends on others may use their cards in its decks: its decks are
        // checked when the packs are overlaid (`overlay::resolve`), with the cards of the
        // packs it depends on. A pack alone: against every card that read, even one with a
        // mistake of its own, so that a deck is not blamed for a card misspelt elsewhere.
        let alone = manifest.as_ref().is_some_and(|m| m.depends.is_empty());
        if alone {
            let lookup = |id: &str| cards.iter().find(|c| c.def.id == id).map(|c| &c.def);
            let ids: Vec<&str> = cards.iter().map(|c| c.def.id.as_str()).collect();
            for d in &decks {
                // Pack decks are checked for unknown cards here; format limits are the
                // ruleset's, checked by `deck check` and at game setup.
                errors.extend(deck::check_cards(&files, &d.file, &d.deck, &lookup, &ids));
            }
        }
        // A card file with a mistake is left out of later checks; the rest go on.
        let broken: std::collections::BTreeSet<std::path::PathBuf> =
            errors.iter().map(|d| d.file.clone()).collect();
        cards.retain(|c| !broken.contains(&files.display_path(&c.file)));
        let pack = manifest.map(|manifest| Pack {
            manifest,
            cards,
            decks,
            keywords,
            files,
            labels,
            phrases,
            effect_overlays,
        });
        (pack, errors)
    }
}

fn read_manifest(files: &PackFiles, errors: &mut Vec<Diagnostic>) -> Option<Manifest> {
    let text = files.files.get("pack.yaml")?;
    let file = YamlFile::new(files, "pack.yaml", text);
    let manifest: Manifest = match file.value(text).and_then(|v| file.typed(v, "")) {
        Ok(m) => m,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    if semver::Version::parse(&manifest.version).is_err() {
        errors.push(file.error(
            "version",
            format!("`{}` is not a semver version", manifest.version),
            Some("write it as MAJOR.MINOR.PATCH, e.g. `1.0.0`".into()),
        ));
    }
    if manifest.name.trim().is_empty() {
        errors.push(file.error(
            "name",
            "the pack has an empty name",
            Some("name it, e.g. `name: ember-expansion`".into()),
        ));
    } else if manifest.name.trim() != manifest.name || manifest.name.contains(['/', '\\']) {
        errors.push(file.error(
            "name",
            format!("`{}` is not a usable pack name", manifest.name),
            Some("use letters, digits and `-`, without spaces around or slashes".into()),
        ));
    }
    if let Some(l) = &manifest.text_language
        && !crate::model::RUN_LANGUAGES.contains(&l.as_str())
    {
        errors.push(file.error(
            "text_language",
            format!("`{l}` is not a language whose card text runs"),
            Some("`en` or `ja`".into()),
        ));
    }
    for (i, dep) in manifest.depends.iter().enumerate() {
        if dep.name == manifest.name {
            errors.push(file.error(
                &format!("depends[{i}].name"),
                format!("the pack `{}` depends on itself", dep.name),
                Some("remove this entry".into()),
            ));
        }
        if semver::VersionReq::parse(&dep.version).is_err() {
            errors.push(file.error(
                &format!("depends[{i}].version"),
                format!("`{}` is not a version range", dep.version),
                Some("e.g. `>=1.0, <2`, `^1.2` or `*`".into()),
            ));
        }
    }
    Some(manifest)
}

/// A cards file holds one card (a mapping) or several (a sequence of mappings).
fn read_cards(
    files: &PackFiles,
    rel: &str,
    text: &str,
    out: &mut Vec<LoadedCard>,
    errors: &mut Vec<Diagnostic>,
) {
    let file = YamlFile::new(files, rel, text);
    let value = match file.value(text) {
        Ok(v) => v,
        Err(e) => return errors.push(e),
    };
    let items = crate::yamlfile::entries(value);
    for (prefix, item) in items {
        match file.typed::<CardDef>(item, &prefix) {
            Ok(def) => out.push(LoadedCard {
                def,
                file: rel.to_string(),
                prefix,
            }),
            Err(e) => errors.push(e),
        }
    }
}
