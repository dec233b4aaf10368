//! Battle Spirits' part of the shared tools (`crate::tools`): its card library, its
//! scenario words, its exercise and its explanations.

use std::path::Path;
use std::sync::Arc;

use carddb::{CardDef, Diagnostic, GameKind, LoadedKeyword};

use crate::driver::CardInput;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{RulesConfig, exercise, explain, scenario};
use crate::tools::exercise::{ExerciseConfig, ExerciseReport};
use crate::tools::explain::CardExplanation;
use crate::tools::scenario::ScenarioResult;
use crate::tools::{GameTools, ToolCards, cards_as};

/// The registry's entry (`rules::tools`).
pub static TOOLS: BattleSpiritsTools = BattleSpiritsTools;

/// Battle Spirits as [`GameTools`].
pub struct BattleSpiritsTools;

/// The deck format an exercise plays under: `saga` (default), `japanese` (BS-0.1) or
/// `casual`. Errors: another name, listing these.
pub fn exercise_rules(format: Option<&str>) -> Result<RulesConfig, String> {
    let name = format.unwrap_or("saga");
    RulesConfig::preset(name)
        .ok_or_else(|| format!("unknown format `{name}` (saga, japanese, casual)"))
}

impl GameTools for BattleSpiritsTools {
    fn game(&self) -> GameKind {
        GameKind::BattleSpirits
    }

    fn cards(&self, input: CardInput) -> Result<ToolCards, String> {
        let lib =
            CardLibrary::with_keywords(input.cards, &input.sources, &input.keywords, input.lenient)
                .map_err(|e| e.to_string())?;
        Ok(Arc::new(lib))
    }

    fn run_scenarios(
        &self,
        path: &Path,
        text: &str,
        cards: &ToolCards,
        pack_cards: &[Vec<carddb::CardId>],
    ) -> Result<Vec<ScenarioResult>, Diagnostic> {
        crate::tools::scenario::run_file::<scenario::BattleSpiritsScenarios>(
            path,
            text,
            cards_as(cards),
            pack_cards,
        )
    }

    fn exercise(
        &self,
        cards: &ToolCards,
        format: Option<&str>,
        cfg: &ExerciseConfig,
        progress: &(dyn Fn() + Sync),
    ) -> Result<ExerciseReport, String> {
        let library: &CardLibrary = cards_as(cards);
        let rules = exercise_rules(format)?;
        // A catalogue too small for the format fails once, saying why, not once per game.
        if let Err(e) = exercise::decks::deck(library, &rules, cfg.seed, 0) {
            let most = exercise::decks::most_cards(library, &rules);
            // The advice only when another format was asked for.
            let advice = if format == Some("casual") {
                ""
            } else {
                "; a small pack plays with `--format casual` (20–60 cards)"
            };
            return Err(format!(
                "the catalogue makes no legal {} deck: {e} (its card names allow at most \
                 {most} cards at {} copies each; the format needs {}){advice}",
                format.unwrap_or("saga"),
                rules.max_copies,
                rules.min_deck
            ));
        }
        Ok(exercise::exercise(library, &rules, cfg, progress))
    }

    fn explain(
        &self,
        card: &CardDef,
        own: &[Option<String>],
        keywords: &[LoadedKeyword],
        cards: &ToolCards,
    ) -> CardExplanation {
        explain::explain(card, own, keywords, cards_as(cards))
    }
}
