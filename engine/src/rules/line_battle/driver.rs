//! The line battle in the registry of games (`rules::driver`): a catalogue's cards
//! prepared as a [`LineLibrary`] with the LB-0 defaults, games driven in plain form.

use std::sync::Arc;

use carddb::{CardId, CardKind, Deck, GameKind};

use super::{Game, GreedyPlayer, LineBattleConfig, LineLibrary, render_event};
use crate::driver::{CardInput, Driven, DynGame, GameDriver, GameOptions, Prepared};

/// The line-battle driver.
pub struct LineBattleDriver;

/// The one instance the registry returns.
pub static DRIVER: LineBattleDriver = LineBattleDriver;

struct PreparedCards {
    library: LineLibrary,
    config: LineBattleConfig,
}

impl GameDriver for LineBattleDriver {
    fn game(&self) -> GameKind {
        GameKind::LineBattle
    }

    fn prepare(&self, input: CardInput, preset: Option<&str>) -> Result<Arc<dyn Prepared>, String> {
        match preset.unwrap_or("default") {
            "default" | "line-battle" => {}
            other => {
                return Err(format!(
                    "no rules preset {other:?} (default; every LB-0 option has its default)"
                ));
            }
        }
        let library = if input.lenient {
            LineLibrary::lenient(input.cards, &input.sources)
        } else {
            LineLibrary::new(input.cards, &input.sources)
        }
        .map_err(|e| e.to_string())?;
        // Strict: a script that calls a function this game does not have fails now (text
        // the phrases do not cover stays inert, with its reason, as in Battle Spirits).
        if !input.lenient {
            let broken: Vec<String> = library
                .gaps()
                .into_iter()
                .filter(|(id, i, _)| {
                    library
                        .get(id)
                        .and_then(|d| d.effects.get(*i as usize))
                        .is_some_and(|e| e.script.is_some() || e.script_file.is_some())
                })
                .map(|(id, i, why)| format!("card {id} effect {i}: {why}"))
                .collect();
            if !broken.is_empty() {
                return Err(broken.join("\n"));
            }
        }
        Ok(Arc::new(PreparedCards {
            library,
            config: LineBattleConfig::default(),
        }))
    }
}

/// A deck's master and main deck (LB-0.1): the deck's `master` entry (carddb's
/// line-battle deck format), else its one entry whose card is a master; the main deck is
/// every other card. Errors: no master, or more than one.
pub fn split_deck(lib: &LineLibrary, deck: &Deck) -> Result<(CardId, Vec<CardId>), String> {
    let is_master = |id: &str| lib.get(id).is_some_and(|d| d.kind == CardKind::Master);
    let mut masters: Vec<CardId> = deck.master.iter().map(|e| e.card.clone()).collect();
    let mut main = Vec::new();
    for id in deck.card_ids() {
        if is_master(&id) {
            masters.push(id);
        } else {
            main.push(id);
        }
    }
    match masters.as_slice() {
        [m] => Ok((m.clone(), main)),
        [] => Err(format!(
            "deck {}: no master card (LB-0.1: one master per deck)",
            deck.name
        )),
        many => Err(format!(
            "deck {}: {} master cards ({}); LB-0.1 allows one",
            deck.name,
            many.len(),
            many.join(", ")
        )),
    }
}

impl Prepared for PreparedCards {
    fn hash(&self) -> String {
        self.library.hash().to_string()
    }

    fn new_game(
        &self,
        decks: [&Deck; 2],
        options: GameOptions,
    ) -> Result<Box<dyn DynGame>, String> {
        let d0 = split_deck(&self.library, decks[0])?;
        let d1 = split_deck(&self.library, decks[1])?;
        let mut g = Game::new(
            self.config.clone(),
            self.library.clone(),
            [d0, d1],
            options.seed,
        )
        .map_err(|e| e.to_string())?;
        g.set_paranoid(options.check_every_event);
        g.set_strict_scripts(options.strict_scripts);
        Ok(Box::new(
            Driven::new(g, render, Box::new(GreedyPlayer)).searchable(),
        ))
    }
}

fn render(g: &Game, e: &super::Event) -> Option<String> {
    Some(render_event(e, g))
}
