//! Battle Spirits in `cardscript exercise` (`tools::exercise`): legal decks drawn from the
//! whole catalogue ([`decks`]), one game played with greedy and random players, what its
//! log says of each effect ([`observe`]), and each effect's static gaps
//! (`script::support`).

pub mod decks;
pub mod observe;
pub mod partners;

use std::collections::BTreeMap;

use carddb::CardDef;

use crate::driver::sim::panic_message;
use crate::players::{PlayError, Player, RandomPlayer, play_game_capped};
use crate::rules::battle_spirits::GreedyPlayer;
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::script::support;
use crate::rules::battle_spirits::{Game, RulesConfig};
pub use crate::tools::exercise::{
    EffectReport, ExerciseConfig, ExerciseReport, ExerciseTotals, Exercised, Outcome, Seen,
    TEXT_WIDTH, causes,
};
use observe::observe;

/// A Battle Spirits catalogue exercised under a deck format (BS-0.1).
pub struct BattleSpiritsExercise<'a> {
    pub library: &'a CardLibrary,
    pub config: &'a RulesConfig,
    /// What the library's card texts name and who has it (read once for every deck).
    pub partners: partners::Partners,
}

/// Plays `cfg.games` games over `library` under `config` (deck size and copies, BS-0.1):
/// [`crate::tools::exercise::exercise`] of a [`BattleSpiritsExercise`].
pub fn exercise(
    library: &CardLibrary,
    config: &RulesConfig,
    cfg: &ExerciseConfig,
    progress: &(dyn Fn() + Sync),
) -> ExerciseReport {
    let partners = partners::Partners::new(library);
    let game = BattleSpiritsExercise {
        library,
        config,
        partners,
    };
    crate::tools::exercise::exercise(&game, cfg, progress)
}

impl Exercised for BattleSpiritsExercise<'_> {
    fn cards(&self) -> Vec<&CardDef> {
        self.library.iter().collect()
    }

    fn gaps(&self, card: &CardDef, i: usize) -> Vec<String> {
        static_gaps(self.library, card, i)
    }

    fn decks_per_pass(&self) -> usize {
        decks::decks_per_pass(self.library)
    }

    // A token is never in a deck (keyword ruling K28): effects make it.
    fn never_in_a_deck(&self, card: &CardDef) -> bool {
        card.token
    }

    fn play(&self, cfg: &ExerciseConfig, k: u64) -> Outcome {
        play_one(self, cfg, k)
    }

    fn keyword_row(&self, effect: u32) -> Option<EffectReport> {
        keyword_row(self.library, effect)
    }
}

/// Game `k`: decks `2k` and `2k + 1`; players by `k % 4` (greedy/greedy, greedy/random,
/// random/greedy, random/random).
fn play_one(ex: &BattleSpiritsExercise, cfg: &ExerciseConfig, k: u64) -> Outcome {
    let (library, config) = (ex.library, ex.config);
    let seed = cfg.seed.wrapping_add(k);
    let mut out = Outcome {
        decks: [Vec::new(), Vec::new()],
        seen: BTreeMap::new(),
        capped: None,
        failure: None,
    };
    let (a, b) = match (
        decks::deck_with(library, config, &ex.partners, cfg.seed, 2 * k),
        decks::deck_with(library, config, &ex.partners, cfg.seed, 2 * k + 1),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            out.failure = Some(format!("seed {seed}: no legal deck: {e}"));
            return out;
        }
    };
    out.decks = [a.clone(), b.clone()];
    let mut game = match Game::new(config.clone(), library.clone(), [a, b], seed) {
        Ok(g) => g,
        Err(e) => {
            out.failure = Some(format!("seed {seed}: {e}"));
            return out;
        }
    };
    game.set_strict_scripts(false);
    game.observe_constants();
    let player = |random: bool, salt: u64| -> Box<dyn Player<Game>> {
        if random {
            Box::new(RandomPlayer::new(seed ^ salt))
        } else {
            Box::new(GreedyPlayer::new())
        }
    };
    let mut players = [
        player(k % 4 >= 2, 0x5EED_0001),
        player(k % 2 == 1, 0x5EED_0002),
    ];
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play_game_capped(&mut game, &mut players, cfg.decision_cap)
    }));
    match played {
        Ok(Ok(_)) => {}
        Ok(Err(e @ PlayError::DecisionCapExceeded(_))) => {
            out.capped = Some(format!("seed {seed}: {e}"));
        }
        Ok(Err(e)) => out.failure = Some(format!("seed {seed}: {e}")),
        Err(p) => out.failure = Some(format!("seed {seed}: {}", panic_message(&*p))),
    }
    if out.failure.is_none()
        && let Err(e) = game.check_invariants()
    {
        out.failure = Some(format!("seed {seed}: {e}"));
    }
    out.seen = observe(&game, library);
    out
}

/// The static gaps of every effect (plain words), by (card id, index).
fn static_gaps(library: &CardLibrary, card: &carddb::CardDef, i: usize) -> Vec<String> {
    let scripts = library.scripts();
    match scripts.effects_of(&card.id).and_then(|v| v.get(i)) {
        Some(ce) => match &ce.script {
            Ok(ast) => support::gaps(ast, library.keyword_rules())
                .iter()
                .map(ToString::to_string)
                .collect(),
            Err(why) => vec![format!("cannot run: {why}")],
        },
        None => vec!["cannot run: no script and no English text".into()],
    }
}

/// The row of keyword effect number `effect` (`script::keywords`):
/// the keyword's name, its effect's index, its timing and script origin as text, and the
/// static gaps of its compiled script. `None` for a number of no declared keyword.
fn keyword_row(library: &CardLibrary, effect: u32) -> Option<EffectReport> {
    let scripts = library.scripts();
    let (k, kw) = scripts.keywords.of_effect(effect)?;
    let j = effect - crate::rules::battle_spirits::script::keywords::effect_number(k, 0);
    let ce = kw.effects.get(j as usize)?;
    Some({
        let origin = ce
            .origin
            .as_ref()
            .map_or_else(|| "(inline script)".to_string(), ToString::to_string);
        EffectReport {
            card: kw.name.clone(),
            effect: j,
            text: format!("keyword {}: {origin}", kw.name),
            gaps: match &ce.script {
                Ok(ast) => support::gaps(ast, library.keyword_rules())
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                Err(why) => vec![format!("cannot run: {why}")],
            },
            ..EffectReport::default()
        }
    })
}

#[cfg(test)]
mod tests;
