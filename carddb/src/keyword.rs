//! Keyword declarations (`keywords/*.yaml` of a pack): a keyword's name, kind,
//! the value cards write after it, and the effects every card that has it gets, written
//! in rhai. The rules of a keyword live in pack data, not in the engine: the engine runs
//! a keyword's effects like effects of the card that has the keyword.
//!
//! Shape of one file (one keyword):
//! ```yaml
//! name: Crush              # as printed; cards match it case-insensitively
//! names: { ja: ... }       # optional, other languages
//! kind: triggered          # see KeywordKind
//! value: number            # see ValueKind: what a card writes after the name
//! description: ...         # the rules in plain words
//! effects:
//!   - timing: When This Spirit Attacks   # none: constant
//!     script_file: keywords/crush.rhai   # or `script:` inline
//! ```

use serde::{Deserialize, Serialize};

use crate::error::{Diagnostic, did_you_mean};
use crate::model::{Localised, Step};
use crate::source::PackFiles;
use crate::yamlfile::YamlFile;

/// What kind of rule a keyword is (documentation and checks; the effects say what it does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeywordKind {
    /// Works while the card has it (BS-8.1).
    Constant,
    /// Works when its timing happens.
    Triggered,
    /// Used by its controller in a flash or main timing.
    Activated,
    /// Adds a requirement or cost to summoning the card.
    SummonRequirement,
    /// A way to summon the card other than the main step's.
    AlternativeSummon,
    /// Changes a cost.
    CostChange,
    /// Protects the card from effects.
    Protection,
}

/// What a card writes after the keyword's name (`{Crush 2}`, `Armor: Purple/White`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueKind {
    /// Nothing (`{Blessed}`).
    #[default]
    None,
    /// A number (`{Crush 2}`; none written = 0).
    Number,
    /// One or more colours (`Armor: Purple/White`).
    Colours,
    /// A condition in card words (`Ascend: Costs 6 or more`).
    Condition,
    /// A word.
    Word,
}

/// Where a card must be for an effect to work (a keyword's, or a card's own `zone:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EffectZone {
    /// On the field (the default).
    #[default]
    Field,
    /// In its owner's hand.
    Hand,
    /// In its owner's trash.
    Trash,
}

/// One effect a keyword gives every card that has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeywordEffect {
    /// A timing label the engine knows (`When This Spirit Attacks`); none = constant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<String>,
    /// Where the card must be for the effect to work.
    #[serde(default, skip_serializing_if = "is_field")]
    pub zone: EffectZone,
    /// For an activated keyword: the steps it is used in (`flash`, `main`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// Inline rhai.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// A rhai file of the pack (`keywords/crush.rhai`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script_file: Option<String>,
}

fn is_field(z: &EffectZone) -> bool {
    z.is_field()
}

impl EffectZone {
    /// Whether this is the default, the field.
    pub fn is_field(&self) -> bool {
        *self == EffectZone::Field
    }
}

/// A keyword declared by a pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeywordDef {
    /// The name as printed (`Crush`, `A.T. Field`); matched case-insensitively.
    pub name: String,
    /// The name in other languages, by language tag.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub names: Localised,
    pub kind: KeywordKind,
    /// What a card writes after the name.
    #[serde(default)]
    pub value: ValueKind,
    /// The rules in plain words.
    #[serde(default)]
    pub description: String,
    /// The rules are the engine's own (only Burst, BS-10): no effects here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub engine: bool,
    /// The effects every card with the keyword has while it has it.
    #[serde(default)]
    pub effects: Vec<KeywordEffect>,
    /// The rules are a text phrase of the pack (`phrases/*.yaml`): the keyword introduces
    /// card text it governs ("…. Chain Blue: …") and gives no effect of its own. The
    /// pack must then declare a phrase that starts with the keyword's name.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phrase: bool,
}

impl KeywordDef {
    /// The lower-case name cards use (`crush`, `a.t. field`).
    pub fn key(&self) -> String {
        self.name.to_lowercase()
    }

    /// Whether the keyword has rules: the engine's, a phrase of its pack, or at least one
    /// effect.
    pub fn has_rules(&self) -> bool {
        self.engine || self.phrase || !self.effects.is_empty()
    }
}

/// A keyword declaration with the pack and file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedKeyword {
    pub def: KeywordDef,
    /// The declaring pack's name.
    pub pack: String,
    /// Path relative to the pack (`keywords/crush.yaml`).
    pub file: String,
}

/// Reads and checks every `keywords/*.yaml` of `files`: the YAML shape (unknown fields
/// with a did-you-mean), one keyword per name, an effect has a script and only one, a
/// script file exists in the pack, `engine: true` only without effects.
pub fn read_all(files: &PackFiles, errors: &mut Vec<Diagnostic>) -> Vec<(KeywordDef, String)> {
    let mut out: Vec<(KeywordDef, String)> = Vec::new();
    for (rel, text) in files.under("keywords", &[".yaml", ".yml"]) {
        let file = YamlFile::new(files, rel, text);
        let def: KeywordDef = match file.value(text).and_then(|v| file.typed(v, "")) {
            Ok(d) => d,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some((_, other)) = out.iter().find(|(d, _)| d.key() == def.key()) {
            errors.push(file.error(
                "name",
                format!("a second declaration of the keyword `{}`", def.name),
                Some(format!(
                    "{} declares it already",
                    files.display_path(other).display()
                )),
            ));
        }
        if def.name.trim().is_empty() {
            errors.push(file.error("name", "the keyword has no name", None));
        }
        if def.engine && !def.effects.is_empty() {
            errors.push(file.error(
                "effects",
                "a keyword whose rules are the engine's (`engine: true`) has no effects",
                None,
            ));
        }
        for (i, e) in def.effects.iter().enumerate() {
            let at = format!("effects[{i}]");
            match (&e.script, &e.script_file) {
                (None, None) => errors.push(file.error(
                    &at,
                    "the effect has no script",
                    Some("give it `script:` (inline rhai) or `script_file:`".into()),
                )),
                (Some(_), Some(_)) => errors.push(file.error(
                    &format!("{at}.script_file"),
                    "the effect has both `script` and `script_file`",
                    Some("keep one".into()),
                )),
                (None, Some(path)) if !files.files.contains_key(path) => {
                    let known: Vec<&str> = files
                        .under("keywords", &[".rhai"])
                        .chain(files.under("lib", &[".rhai"]))
                        .map(|(p, _)| p)
                        .collect();
                    errors.push(file.error(
                        &format!("{at}.script_file"),
                        format!("no file `{path}` in this pack"),
                        did_you_mean(path, known.iter().copied()),
                    ));
                }
                _ => {}
            }
        }
        out.push((def, rel.to_string()));
    }
    out
}
