//! The line battle in `cardscript exercise` (`tools::exercise`): LB-0.1-legal decks drawn
//! from every creature of the catalogue (three copies each, a master each), one game
//! played with greedy and random players, and what its log says of each effect.

use std::collections::BTreeMap;

use carddb::{CardDef, CardId, CardKind};

use super::events::Event;
use super::{Game, GreedyPlayer, LineBattleConfig, LineLibrary};
use crate::core::{GameRng, InstanceId};
use crate::driver::sim::panic_message;
use crate::players::{PlayError, Player, RandomPlayer, play_game_capped};
use crate::tools::exercise::{ExerciseConfig, Exercised, Outcome, Seen};

/// A line-battle catalogue exercised under the LB-0 defaults.
pub struct LineBattleExercise<'a> {
    pub library: &'a LineLibrary,
    pub config: LineBattleConfig,
}

impl LineBattleExercise<'_> {
    /// The creatures that go in decks, by id (masters apart).
    fn creatures(&self) -> Vec<CardId> {
        let mut v: Vec<CardId> = (self.library.cards())
            .filter(|c| c.creature.is_some() && !c.token)
            .map(|c| c.id.clone())
            .collect();
        v.sort();
        v
    }

    /// The masters, by id.
    fn masters(&self) -> Vec<CardId> {
        let mut v: Vec<CardId> = (self.library.cards())
            .filter(|c| c.kind == CardKind::Master)
            .map(|c| c.id.clone())
            .collect();
        v.sort();
        v
    }

    /// Distinct creatures per deck: enough at `max_copies` each for `deck_min` (LB-0.1).
    fn distinct(&self) -> usize {
        (self.config.deck_min.div_ceil(self.config.max_copies.max(1)) as usize).max(1)
    }

    /// Deck `n` of a run seeded `seed`: a master, and the `n`-th slice of creatures in the
    /// order of its pass (reshuffled each pass), `max_copies` each, cut to `deck_min`.
    /// Errors: too few creatures for a legal deck.
    pub fn deck(&self, seed: u64, n: u64) -> Result<(CardId, Vec<CardId>), String> {
        let ids = self.creatures();
        let masters = self.masters();
        let per = self.distinct();
        let copies = self.config.max_copies as usize;
        if ids.len() * copies < self.config.deck_min as usize || masters.is_empty() {
            let n = |k: usize, one: &str| format!("{k} {one}{}", if k == 1 { "" } else { "s" });
            return Err(format!(
                "{} at {copies} copies and {} make no deck of {} (LB-0.1)",
                n(ids.len(), "creature"),
                n(masters.len(), "master"),
                self.config.deck_min
            ));
        }
        let per_pass = self.decks_per_pass() as u64;
        let (pass, slot) = (n / per_pass, (n % per_pass) as usize);
        let mut order = ids.clone();
        GameRng::new(seed ^ pass.wrapping_mul(0x9E37_79B9_7F4A_7C15)).shuffle(&mut order);
        let mut deck = Vec::new();
        for k in 0..per.min(order.len()) {
            let id = &order[(slot * per + k) % order.len()];
            deck.extend(std::iter::repeat_n(id.clone(), copies));
        }
        deck.truncate(self.config.deck_min.max(1) as usize);
        Ok((masters[n as usize % masters.len()].clone(), deck))
    }
}

impl Exercised for LineBattleExercise<'_> {
    fn cards(&self) -> Vec<&CardDef> {
        let mut v: Vec<&CardDef> = self.library.cards().collect();
        v.sort_by(|a, b| a.id.cmp(&b.id));
        v
    }

    fn gaps(&self, card: &CardDef, index: usize) -> Vec<String> {
        let compiled = self.library.compiled();
        match compiled.effect(&card.id, index as u32) {
            Some(e) => e.script.as_ref().err().cloned().into_iter().collect(),
            None => vec!["cannot run: no script and no English text".into()],
        }
    }

    fn decks_per_pass(&self) -> usize {
        self.creatures().len().div_ceil(self.distinct()).max(1)
    }

    // A master is never in the main deck (LB-0.1): its deck's `master` line names it.
    fn never_in_a_deck(&self, card: &CardDef) -> bool {
        card.token || card.kind == CardKind::Master
    }

    fn play(&self, cfg: &ExerciseConfig, k: u64) -> Outcome {
        let seed = cfg.seed.wrapping_add(k);
        let mut out = Outcome::default();
        let (a, b) = match (self.deck(cfg.seed, 2 * k), self.deck(cfg.seed, 2 * k + 1)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                out.failure = Some(format!("seed {seed}: no legal deck: {e}"));
                return out;
            }
        };
        out.decks = [a.1.clone(), b.1.clone()];
        let mut game = match Game::new(self.config.clone(), self.library.clone(), [a, b], seed) {
            Ok(g) => g,
            Err(e) => {
                out.failure = Some(format!("seed {seed}: {e}"));
                return out;
            }
        };
        game.set_strict_scripts(false);
        let player = |random: bool, salt: u64| -> Box<dyn Player<Game>> {
            if random {
                Box::new(RandomPlayer::new(seed ^ salt))
            } else {
                Box::new(GreedyPlayer)
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
        out.seen = observe(&game);
        out
    }
}

/// What `game`'s log says of each effect: a run is an `EffectStarted`; it acted when no
/// `EffectInert` or `EffectFailed` of that card and effect followed before its next start.
fn observe(game: &Game) -> BTreeMap<(CardId, u32), Seen> {
    let mut seen: BTreeMap<(CardId, u32), Seen> = BTreeMap::new();
    let mut open: BTreeMap<(InstanceId, u32), bool> = BTreeMap::new();
    let st = game.state();
    let key = |card: InstanceId, effect: u32| (st.card_id(card).to_string(), effect);
    let compiled = game.library().compiled();
    for e in game.log() {
        match e {
            Event::EffectStarted { card, effect, .. } => {
                let s = seen.entry(key(*card, *effect)).or_default();
                s.started += 1;
                if open.insert((*card, *effect), true) == Some(true) {
                    s.fired += 1;
                }
            }
            Event::EffectInert {
                card,
                effect,
                reason,
            } => {
                let s = seen.entry(key(*card, *effect)).or_default();
                *s.inert.entry(reason.clone()).or_default() += 1;
                open.insert((*card, *effect), false);
            }
            Event::EffectFailed {
                card,
                effect,
                line,
                reason,
            } => {
                let (id, eff) = key(*card, *effect);
                let origin = compiled.effect(&id, eff).map_or_else(
                    || format!("card {id} effect {eff}"),
                    |c| c.origin.to_string(),
                );
                let at = match line {
                    Some(l) => format!("{origin}:{l}: {reason}"),
                    None => format!("{origin}: {reason}"),
                };
                let s = seen.entry((id, eff)).or_default();
                *s.threw.entry(at).or_default() += 1;
                open.insert((*card, *effect), false);
            }
            _ => {}
        }
    }
    for ((card, effect), clean) in open {
        if clean {
            seen.entry(key(card, effect)).or_default().fired += 1;
        }
    }
    seen
}
