//! The line battle's part of the shared tools (`crate::tools`): its card library, its
//! scenario words, its exercise and its explanations.

use std::path::Path;
use std::sync::Arc;

use carddb::{CardDef, Diagnostic, GameKind, LoadedKeyword};

use super::exercise::LineBattleExercise;
use super::scenario::LineBattleScenarios;
use super::{LineBattleConfig, LineLibrary};
use crate::driver::CardInput;
use crate::script::ScriptOrigin;
use crate::tools::exercise::{ExerciseConfig, ExerciseReport};
use crate::tools::explain::{CardExplanation, EffectExplanation};
use crate::tools::scenario::ScenarioResult;
use crate::tools::{GameTools, ToolCards, cards_as};

/// The registry's entry (`rules::tools`).
pub static TOOLS: LineBattleTools = LineBattleTools;

/// The line battle as [`GameTools`].
pub struct LineBattleTools;

impl GameTools for LineBattleTools {
    fn game(&self) -> GameKind {
        GameKind::LineBattle
    }

    fn cards(&self, input: CardInput) -> Result<ToolCards, String> {
        let lib = if input.lenient {
            LineLibrary::lenient(input.cards, &input.sources)
        } else {
            LineLibrary::new(input.cards, &input.sources)
        }
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
        crate::tools::scenario::run_file::<LineBattleScenarios>(
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
        if let Some(f) = format.filter(|f| *f != "line-battle") {
            return Err(format!(
                "unknown format `{f}` for a line-battle catalogue (line-battle: LB-0.1)"
            ));
        }
        let game = LineBattleExercise {
            library: cards_as(cards),
            config: LineBattleConfig::default(),
        };
        // A catalogue too small for LB-0.1 fails once, saying why, not once per game.
        game.deck(cfg.seed, 0)
            .map_err(|e| format!("the catalogue makes no legal line-battle deck: {e}"))?;
        Ok(crate::tools::exercise::exercise(&game, cfg, progress))
    }

    fn explain(
        &self,
        card: &CardDef,
        _own: &[Option<String>],
        _keywords: &[LoadedKeyword],
        cards: &ToolCards,
    ) -> CardExplanation {
        let lib: &LineLibrary = cards_as(cards);
        let compiled = lib.compiled();
        let mut out = CardExplanation::default();
        for (i, e) in card.effects.iter().enumerate() {
            let Some(ce) = compiled.effect(&card.id, i as u32) else {
                continue;
            };
            let timing = e.timing.clone().unwrap_or_else(|| ce.timing.label().into());
            let own = !matches!(ce.origin, ScriptOrigin::Generated { .. });
            let (runs, understood, cannot_act) = match (&ce.script, own) {
                (Ok(_), true) => (
                    "own script",
                    vec!["runs its own script (a script wins over the text)".to_string()],
                    vec![],
                ),
                (Err(why), true) => (
                    "own script",
                    vec!["has its own script (a script wins over the text)".to_string()],
                    vec![format!("it {why}")],
                ),
                (Ok(_), false) => (
                    "text",
                    vec![format!(
                        "reads its text through the pack's phrases; it works at: {}",
                        ce.timing.label()
                    )],
                    vec![],
                ),
                (Err(why), false) => (
                    "inert",
                    vec![
                        format!("not understood: {why}"),
                        "inert until scripted (see `cardscript lint`)".to_string(),
                    ],
                    vec![],
                ),
            };
            out.effects.push(EffectExplanation {
                timing,
                runs: runs.into(),
                understood,
                cannot_act,
                script: (!ce.source.is_empty()).then(|| ce.source.clone()),
            });
        }
        out
    }
}
