//! The workshop thread: the catalogue and card library it reads cards with, the pack
//! folders and scenario files it lists, and the answer to each call.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;

use carddb::{Catalogue, GameKind, LoadedKeyword, Pack};
use engine::tools::{GameTools, ToolCards};
use serde_json::{Value, json};

use super::super::games::Reply;
use super::Call;
use crate::cmd::source::{SourceArgs, load_packs};

type Error = Box<dyn std::error::Error>;

/// One scenario of a scenario file, as the card page lists it.
pub struct Scenario {
    /// The file as `cardscript test` is given it.
    pub file: PathBuf,
    pub name: String,
    /// The official ruling it encodes (`C#16`), if any.
    pub ruling: Option<String>,
    /// The card it is about (`card:`), if it says.
    pub card: Option<String>,
    /// Its YAML, lower case, to find the cards it names.
    pub text: String,
}

/// What the workshop reads cards with; rebuilt after each save.
pub struct Shop {
    pub source: SourceArgs,
    /// The canonical `--edit` folder.
    pub edit: Option<PathBuf>,
    /// The scenario folders: each pack folder's `tests/`, then `--scenarios`.
    pub scenario_dirs: Vec<PathBuf>,
    pub cat: Catalogue,
    pub game: GameKind,
    pub tools: &'static dyn GameTools,
    pub cards: ToolCards,
    pub declared: Vec<LoadedKeyword>,
    /// The packs as loaded (the embedded demo pack when no folder is given).
    pub packs: Vec<Pack>,
    pub scenarios: Vec<Scenario>,
    /// The game thread (told to read the catalogue again after a save).
    pub games: super::super::Tx,
}

impl Shop {
    /// Answers calls until the server stops. The workshop's catalogue is opened at its
    /// first call (a server only played on never builds it); when it does not open, every
    /// call is answered with why.
    pub fn serve(
        source: SourceArgs,
        edit: Option<PathBuf>,
        more: Vec<PathBuf>,
        games: super::super::Tx,
        rx: mpsc::Receiver<(Call, mpsc::Sender<Reply>)>,
    ) {
        let mut shop: Option<Result<Shop, String>> = None;
        for (call, reply) in rx {
            let opened = shop.get_or_insert_with(|| {
                Shop::open(source.clone(), edit.clone(), more.clone(), games.clone())
                    .map_err(|e| e.to_string())
            });
            let r = match opened {
                Ok(shop) => {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| shop.handle(call)))
                        .unwrap_or_else(|p| {
                            Reply::error(500, engine::driver::sim::panic_message(p.as_ref()))
                        })
                }
                Err(e) => Reply::error(500, format!("the workshop's catalogue: {e}")),
            };
            let _ = reply.send(r);
        }
    }

    fn open(
        source: SourceArgs,
        edit: Option<PathBuf>,
        more: Vec<PathBuf>,
        games: super::super::Tx,
    ) -> Result<Shop, Error> {
        let cat = source.open()?;
        let game = cat.game()?;
        let (tools, cards) = source.tool_cards(&cat, true)?;
        let declared = cat.keywords()?;
        let packs = if source.packs.is_empty() {
            vec![Pack::from_files(crate::cmd::source::demo_files())?]
        } else {
            load_packs(&source.packs)?
        };
        let mut scenario_dirs: Vec<PathBuf> =
            source.packs.iter().map(|p| p.join("tests")).collect();
        scenario_dirs.extend(more);
        let scenarios = super::tests_run::index(&source, &scenario_dirs);
        Ok(Shop {
            source,
            edit,
            scenario_dirs,
            cat,
            game,
            tools,
            cards,
            declared,
            packs,
            scenarios,
            games,
        })
    }

    /// Reopens the catalogue after a save, and has the game thread read it again (new
    /// games and tried cards play the saved cards).
    pub fn reload(&mut self) -> Result<(), Error> {
        let more = self.scenario_dirs[self.source.packs.len()..].to_vec();
        *self = Shop::open(
            self.source.clone(),
            self.edit.clone(),
            more,
            self.games.clone(),
        )?;
        let (tx, rx) = mpsc::channel();
        let call = super::super::games::Call::Reload(self.source.clone());
        self.games
            .send((call, tx))
            .map_err(|_| "the game thread stopped")?;
        let r = rx.recv().map_err(|_| "the game thread stopped")?;
        if r.status != 200 {
            return Err(r.body.into());
        }
        Ok(())
    }

    fn handle(&mut self, call: Call) -> Reply {
        let r = match call {
            Call::Info => self.info(),
            Call::Search(q) => self.search(&q),
            Call::Card(id) => self.card_page(&id),
            Call::Check(body) => return self.check(&body),
            Call::Save(body) => return self.save(&body),
            Call::Test(body) => return self.test(&body),
            Call::DeckCheck(body) => return self.deck_check(&body),
            Call::DeckSave(body) => return self.deck_save(&body),
        };
        r.map(|v| Reply::json(&v))
            .unwrap_or_else(|e| Reply::error(400, e.to_string()))
    }

    fn info(&self) -> Result<Value, Error> {
        let defs = self.cat.cards()?;
        let mut families: Vec<&str> = defs
            .iter()
            .flat_map(|c| c.families.iter().map(String::as_str))
            .collect();
        families.sort_unstable();
        families.dedup();
        let mut keywords: Vec<&str> = defs
            .iter()
            .flat_map(|c| c.keywords.iter().map(|k| k.name.as_str()))
            .collect();
        keywords.sort_unstable();
        keywords.dedup();
        let mut kinds: Vec<&str> = defs.iter().map(|c| c.kind.name()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let formats: &[&str] = match self.game {
            GameKind::BattleSpirits => &["saga", "japanese", "casual"],
            _ => &["line-battle", "casual"],
        };
        Ok(json!({
            "game": self.game.name(),
            "cards": defs.len(),
            "packs": self.packs.iter().map(|p| p.manifest.name.clone()).collect::<Vec<_>>(),
            "edit": self.edit.as_ref().map(|e| e.display().to_string()),
            "edit_pack": self.edit_pack().map(|p| p.manifest.name.clone()),
            // Only Battle Spirits cards have colours.
            "colours": if self.game == GameKind::BattleSpirits {
                json!(["red", "purple", "green", "white", "yellow", "blue"])
            } else {
                json!([])
            },
            "kinds": kinds,
            "families": families,
            "keywords": keywords,
            "formats": formats,
        }))
    }

    /// The pack loaded from the `--edit` folder.
    pub fn edit_pack(&self) -> Option<&Pack> {
        let edit = self.edit.as_ref()?;
        self.packs
            .iter()
            .find(|p| p.files.origin.canonicalize().is_ok_and(|o| &o == edit))
    }

    /// Search by name and text (the catalogue's FTS index), colour, cost, kind, family,
    /// keyword and pack; `limit` (default 60) hits at most.
    fn search(&self, q: &BTreeMap<String, String>) -> Result<Value, Error> {
        let get = |k: &str| q.get(k).map(|s| s.trim()).filter(|s| !s.is_empty());
        let colour = get("colour")
            .map(|c| carddb::Colour::parse(c).ok_or(format!("unknown colour `{c}`")))
            .transpose()?;
        let kind = get("kind")
            .map(|k| carddb::CardKind::parse(k).ok_or(format!("unknown kind `{k}`")))
            .transpose()?;
        let cost = get("cost")
            .map(|c| {
                c.parse::<u32>()
                    .map_err(|_| format!("cost `{c}` is not a number"))
            })
            .transpose()?;
        let limit = get("limit")
            .and_then(|l| l.parse::<usize>().ok())
            .unwrap_or(60);
        let hits = self.cat.search(&carddb::SearchQuery {
            text: get("q").map(str::to_string),
            colour,
            kind,
            cost_min: cost,
            cost_max: cost,
            family: get("family").map(str::to_string),
            limit: Some(u32::MAX),
        })?;
        let keyword = get("keyword").map(str::to_lowercase);
        let pack = get("pack");
        let mut cards = Vec::new();
        let mut total = 0;
        for h in hits {
            if pack.is_some_and(|p| p != h.pack) {
                continue;
            }
            if let Some(k) = &keyword {
                let def = self.cat.card(&h.id)?;
                if !def.keywords.iter().any(|x| x.name.to_lowercase() == *k) {
                    continue;
                }
            }
            total += 1;
            if cards.len() < limit {
                cards.push(json!({
                    "id": h.id, "name": h.name, "kind": h.kind, "cost": h.cost,
                    "colours": h.colours, "pack": h.pack,
                }));
            }
        }
        Ok(json!({ "cards": cards, "total": total }))
    }

    /// A card's page: its data (for the face), what the engine understood of each
    /// effect (`explain`'s words and rhai), its file (and whether it may be edited), and
    /// the scenarios and rulings that name it.
    fn card_page(&self, id: &str) -> Result<Value, Error> {
        let c = self.cat.card(id)?;
        let (lines, explained) = crate::cmd::explain::explain_card(
            &self.cat,
            self.tools,
            &self.cards,
            &self.declared,
            &c,
            true,
        )?;
        let pack = self.cat.pack_of(id)?;
        let loaded = self
            .packs
            .iter()
            .flat_map(|p| p.cards.iter().map(move |c| (p, c)))
            .rfind(|(_, l)| l.def.id == id);
        let (file, yaml, editable) = match loaded {
            Some((p, l)) => {
                let mine = self.edit_pack().is_some_and(|e| std::ptr::eq(e, p));
                (
                    Some(l.file.clone()),
                    p.files.files.get(&l.file).cloned(),
                    mine && l.prefix.is_empty(),
                )
            }
            None => (None, None, false),
        };
        let lower_id = id.to_lowercase();
        let lower_name = c.name.to_lowercase();
        let scenarios: Vec<Value> = self
            .scenarios
            .iter()
            .filter(|s| {
                s.card.as_deref() == Some(id)
                    || s.text.contains(&lower_id)
                    || s.text.contains(&lower_name)
            })
            .map(|s| {
                json!({ "file": s.file.display().to_string(), "name": s.name, "ruling": s.ruling })
            })
            .collect();
        Ok(json!({
            "card": serde_json::to_value(&c)?,
            "pack": pack,
            "game": self.game.name(),
            "lines": lines,
            "explain": explained,
            "file": file,
            "yaml": yaml,
            "editable": editable,
            "edit_mode": self.edit.is_some(),
            "scenarios": scenarios,
        }))
    }
}
