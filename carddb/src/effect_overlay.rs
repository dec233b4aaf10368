//! `overlays/*.yaml`: a pack replaces ONE effect of a card another pack defines, by the
//! card's id and the effect's number, with a script or a new text, and leaves the card's
//! other effects, keywords and numbers as they are.
//!
//! ```yaml
//! # overlays/anchorplate.yaml
//! card: DEMO-B04
//! effect: 1                 # 0-based, as `lint` and `explain` number effects
//! script_file: effects/anchorplate.rhai   # or `script: |`, or `text: {en: …}`
//! ```

use serde::{Deserialize, Serialize};

use crate::error::Diagnostic;
use crate::lang::Located;
use crate::model::{CardDef, Localised};
use crate::source::PackFiles;
use crate::yamlfile::{YamlFile, join};

/// One effect of another pack's card, replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectOverlay {
    /// The id of the card (defined by a pack loaded before this one).
    pub card: String,
    /// The effect's number on the card (0-based).
    pub effect: usize,
    /// The new script, inline.
    #[serde(default)]
    pub script: Option<String>,
    /// Or the new script in this pack's `effects/`.
    #[serde(default)]
    pub script_file: Option<String>,
    /// Or a new printed text (read by the text grammar like any card's).
    #[serde(default)]
    pub text: Option<Localised>,
    /// Why the effect is replaced (for people).
    #[serde(default)]
    pub description: Option<String>,
}

/// Every overlay of the pack, each checked: exactly one of `script`, `script_file`,
/// `text`, and a script file that exists under `effects/`.
pub fn read(files: &PackFiles, errors: &mut Vec<Diagnostic>) -> Vec<Located<EffectOverlay>> {
    let all: Vec<Located<EffectOverlay>> = crate::lang::read_all(files, "overlays", errors);
    for o in &all {
        let file = YamlFile::new(files, &o.file, &files.files[&o.file]);
        let d = &o.def;
        let n = [
            d.script.is_some(),
            d.script_file.is_some(),
            d.text.is_some(),
        ]
        .iter()
        .filter(|x| **x)
        .count();
        if n != 1 {
            errors.push(file.error(
                &join(&o.prefix, "card"),
                "an overlay needs exactly one of `script`, `script_file` or `text`",
                None,
            ));
        }
        if let Some(p) = &d.script_file
            && !files.files.contains_key(p)
        {
            errors.push(file.error(
                &join(&o.prefix, "script_file"),
                format!("no script file `{p}` in this pack"),
                Some("script files live under `effects/`".into()),
            ));
        }
    }
    all
}

/// `card` with the overlay's effect replaced (its levels, timing, steps and zone kept).
/// Errors: the message when the card has no such effect.
pub fn apply(card: &CardDef, o: &EffectOverlay, files: &PackFiles) -> Result<CardDef, String> {
    let mut c = card.clone();
    let count = c.effects.len();
    let Some(e) = c.effects.get_mut(o.effect) else {
        return Err(format!(
            "card {} has {count} effect(s): there is no effect {} (effects are numbered from 0)",
            card.id, o.effect
        ));
    };
    e.script = None;
    e.script_file = None;
    if let Some(s) = &o.script {
        e.script = Some(s.clone());
    } else if let Some(p) = &o.script_file {
        // Inlined: the card's own pack does not hold this pack's file.
        e.script = files.files.get(p).cloned();
    } else if let Some(t) = &o.text {
        e.text = t.clone();
    }
    Ok(c)
}
