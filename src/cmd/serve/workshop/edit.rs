//! The workshop's edits (only with `--edit DIR`): a card file or deck checked as `db build`
//! checks the packs, with the edited text read from memory, and saved only when nothing
//! is wrong; and the deck builder's legality check (BS-0.1, LB-0.1 formats).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::super::games::Reply;
use super::paths::{inside, write_atomic};
use super::shop::Shop;
use crate::cmd::checks::{Checked, check_all_with};

/// The refusal of a write or edit check when the server was started without `--edit`.
pub const NO_EDIT: &str =
    "editing is off: start the server with `cardscript serve --edit DIR` to edit that pack folder";

#[derive(serde::Deserialize)]
struct Edit {
    path: String,
    text: String,
}

#[derive(serde::Deserialize)]
struct DeckReq {
    #[serde(default)]
    name: Option<String>,
    text: String,
    #[serde(default)]
    format: Option<String>,
}

fn diag(d: &carddb::Diagnostic, root: Option<&Path>, edited: &str) -> Value {
    let file = root
        .and_then(|r| d.file.strip_prefix(r).ok())
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| d.file.display().to_string());
    json!({
        "file": file,
        "here": file == edited,
        "line": d.line,
        "column": d.column,
        "field": d.field,
        "message": d.message,
        "help": d.help,
    })
}

impl Shop {
    /// The `--edit` folder as `--pack` gave it, and canonical.
    fn edit_dirs(&self) -> Result<(PathBuf, PathBuf), Reply> {
        let root = self
            .edit
            .clone()
            .ok_or_else(|| Reply::error(403, NO_EDIT))?;
        let given = (self.source.packs.iter())
            .find(|p| p.canonicalize().is_ok_and(|c| c == root))
            .cloned()
            .ok_or_else(|| Reply::error(500, "the --edit folder is not one of the packs"))?;
        Ok((given, root))
    }

    /// Every check of `db build` on the packs with `rel` of the edited folder read as
    /// `text`; the diagnostics as JSON (`here`: in the edited file).
    fn checked(&self, rel: &str, text: &str) -> Result<(Checked, Value), Reply> {
        let (given, root) = self.edit_dirs()?;
        let checked = check_all_with(&self.source.packs, false, Some((&given, rel, text)))
            .map_err(|e| Reply::error(400, e.to_string()))?;
        // The diagnostics name files under the folder as given.
        let errors: Vec<Value> = (checked.errors.iter())
            .map(|d| diag(d, Some(&given), rel))
            .collect();
        let _ = root;
        Ok((checked, Value::Array(errors)))
    }

    /// `{path, text}`: the edit checked, nothing written; with what the engine would
    /// understand of the card the text defines (explain's words), when it reads.
    pub fn check(&self, body: &str) -> Reply {
        self.check_inner(body).unwrap_or_else(|r| r)
    }

    fn check_inner(&self, body: &str) -> Result<Reply, Reply> {
        let req: Edit = parse(body)?;
        let (_, root) = self.edit_dirs()?;
        inside(&root, &req.path).map_err(|e| Reply::error(400, e))?;
        let (checked, errors) = self.checked(&req.path, &req.text)?;
        let explain = explain_edited(&checked, &req.path);
        Ok(Reply::json(&json!({
            "ok": checked.errors.is_empty(),
            "errors": errors,
            "explain": explain,
        })))
    }

    /// `{path, text}`: saved atomically when every check passes, else refused (422) with
    /// the errors and the file untouched; the workshop's catalogue is then rebuilt.
    pub fn save(&mut self, body: &str) -> Reply {
        let r = (|| {
            let req: Edit = parse(body)?;
            self.save_file(&req.path, &req.text)
        })();
        r.unwrap_or_else(|r| r)
    }

    fn save_file(&mut self, rel: &str, text: &str) -> Result<Reply, Reply> {
        let (_, root) = self.edit_dirs()?;
        let target = inside(&root, rel).map_err(|e| Reply::error(400, e))?;
        let (checked, errors) = self.checked(rel, text)?;
        if !checked.errors.is_empty() {
            return Ok(Reply {
                status: 422,
                ..Reply::json(&json!({
                    "error": format!("not saved: {} error(s); the file is untouched", checked.errors.len()),
                    "errors": errors,
                }))
            });
        }
        drop(checked);
        write_atomic(&target, text).map_err(|e| Reply::error(500, e))?;
        if let Err(e) = self.reload() {
            return Err(Reply::error(500, format!("saved, but cannot reload: {e}")));
        }
        Ok(Reply::json(&json!({ "saved": rel })))
    }

    /// `{text, format}`: a deck list (the community text format) checked against the
    /// catalogue and the format: its count, and each rule it breaks at its line.
    pub fn deck_check(&self, body: &str) -> Reply {
        let r = (|| {
            let req: DeckReq = parse(body)?;
            let rel = "decks/deck.txt";
            let files = carddb::PackFiles::from_memory("deck", [(rel, req.text.as_str())]);
            let (deck, mut errors) = carddb::deck::parse_lenient(&files, rel, &req.text);
            let count = deck.as_ref().map_or(0, |d| d.len());
            let mut format_name = None;
            if let Some(deck) = deck {
                let format = match &req.format {
                    Some(f) if !f.is_empty() => carddb::DeckFormat::named(f),
                    _ => carddb::format::format_for(None, &deck, self.game),
                }
                .map_err(|e| Reply::error(400, e))?;
                format_name = Some(json!({ "name": format.name, "rule": format.rule() }));
                let cards = self
                    .cat
                    .cards()
                    .map_err(|e| Reply::error(500, e.to_string()))?;
                let df = carddb::deck::DeckFile {
                    deck,
                    files,
                    rel: rel.into(),
                };
                errors.extend(carddb::deck::check(&df, &cards, &format));
            }
            let errors: Vec<Value> = errors
                .iter()
                .map(|d| diag(d, Some(Path::new("deck")), rel))
                .collect();
            Ok(Reply::json(&json!({
                "count": count,
                "legal": errors.is_empty(),
                "format": format_name,
                "errors": errors,
            })))
        })();
        r.unwrap_or_else(|r: Reply| r)
    }

    /// `{name, text}`: the deck saved as `decks/NAME.txt` of the edited pack, checked
    /// with the pack first as [`Shop::save`].
    pub fn deck_save(&mut self, body: &str) -> Reply {
        let r = (|| {
            let req: DeckReq = parse(body)?;
            let name = req.name.unwrap_or_default();
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(Reply::error(
                    400,
                    "a deck's name is letters, digits, `-` and `_`",
                ));
            }
            let (_, root) = self.edit_dirs()?;
            let decks = root.join("decks");
            if std::fs::symlink_metadata(&decks).is_err() {
                std::fs::create_dir(&decks).map_err(|e| Reply::error(500, e.to_string()))?;
            }
            self.save_file(&format!("decks/{name}.txt"), &req.text)
        })();
        r.unwrap_or_else(|r| r)
    }
}

fn parse<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, Reply> {
    serde_json::from_str(body).map_err(|e| Reply::error(400, format!("bad request: {e}")))
}

/// What the engine understands of the card `rel` defines in the checked packs, as the
/// card page shows it; `null` when the card does not read or the packs do not build.
fn explain_edited(checked: &Checked, rel: &str) -> Value {
    let Some(cat) = &checked.catalogue else {
        return Value::Null;
    };
    let Some(def) = (checked.packs.iter())
        .flat_map(|p| p.cards.iter())
        .rfind(|c| c.file == rel)
        .map(|c| c.def.clone())
    else {
        return Value::Null;
    };
    let r = (|| -> Result<Value, Box<dyn std::error::Error>> {
        let game = cat.game()?;
        let tools = engine::rules::tools(game).ok_or("no tools for this game")?;
        let cards: engine::tools::ToolCards = match &checked.library {
            Some(lib) => std::sync::Arc::new(lib.clone()),
            None => tools.cards(engine::driver::CardInput::of_catalogue(cat, true)?)?,
        };
        let declared = cat.keywords()?;
        let (lines, explain) =
            crate::cmd::explain::explain_card(cat, tools, &cards, &declared, &def, true)?;
        Ok(json!({ "card": def, "lines": lines, "explain": explain }))
    })();
    r.unwrap_or_else(|e| json!({ "error": e.to_string() }))
}
