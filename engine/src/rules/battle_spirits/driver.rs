//! Battle Spirits in the registry of games (`rules::driver`): a catalogue's cards prepared
//! as a [`CardLibrary`], games started with the Saga or Japanese rules preset (BS-0.1), driven in plain form.

use std::sync::Arc;

use carddb::{Deck, GameKind};

use super::{CardLibrary, Game, GreedyPlayer, RulesConfig, is_detail, render_event};
use crate::driver::{CardInput, Driven, DynGame, GameDriver, GameOptions, Prepared};

/// The Battle Spirits driver.
pub struct BattleSpiritsDriver;

/// The one instance the registry returns.
pub static DRIVER: BattleSpiritsDriver = BattleSpiritsDriver;

struct PreparedCards {
    library: CardLibrary,
    config: RulesConfig,
}

impl GameDriver for BattleSpiritsDriver {
    fn game(&self) -> GameKind {
        GameKind::BattleSpirits
    }

    fn prepare(&self, input: CardInput, preset: Option<&str>) -> Result<Arc<dyn Prepared>, String> {
        let name = preset.unwrap_or("saga");
        let config = RulesConfig::preset(name)
            .ok_or_else(|| format!("no rules preset {name:?} (saga, japanese, casual; BS-0.1)"))?;
        let library =
            CardLibrary::with_keywords(input.cards, &input.sources, &input.keywords, input.lenient)
                .map_err(|e| e.to_string())?;
        Ok(Arc::new(PreparedCards { library, config }))
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
        let mut g = Game::new(
            self.config.clone(),
            self.library.clone(),
            [decks[0].card_ids(), decks[1].card_ids()],
            options.seed,
        )
        .map_err(|e| e.to_string())?;
        g.set_strict(options.check_every_event);
        g.set_strict_scripts(options.strict_scripts);
        Ok(Box::new(
            Driven::new(g, render, Box::new(GreedyPlayer::new())).searchable(),
        ))
    }
}

fn render(g: &Game, e: &super::Event) -> Option<String> {
    (!is_detail(e)).then(|| render_event(e, g))
}
