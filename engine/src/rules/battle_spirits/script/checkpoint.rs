//! Where a step returns to when an effect asks a question (README "Effects and
//! decisions"): the step is undone, the game waits at the question, and the answer re-runs
//! the step from its start.
//!
//! Copying the whole state before every step that could ask cost about a tenth
//! of a game. Instead the state is copied every [`REPLAY_STEPS`] steps at most (a
//! *checkpoint*), and the steps run since are recorded: their answer, the answers they
//! replayed, and whether they ran without a snapshot (then their questions got the first
//! option). To undo a step, the state returns to the checkpoint and the recorded steps run
//! again. The game is deterministic (one seeded rng, inside the state), so they end where
//! they ended before; strict games check that they do, against a full copy of the state
//! taken before the step.

use super::super::game::{Phase, State};
use crate::core::Orientation;
use crate::rules::battle_spirits::{Choice, Game, StepName};

/// At most this many steps run again to undo one (a copy of the state costs
/// about as much as a few steps, and a question comes about once a game). Measured in
/// instructions for 20 greedy games, 4 and 16 both cost more than 8: real 27.82 M and
/// 28.36 M against 27.59 M, demo 24.58 M and 24.43 M against 24.30 M.
pub(crate) const REPLAY_STEPS: usize = 8;

/// A saved starting point. What only grows (log, answers) or never changes in play
/// (configuration, catalogue hash, card identities) is kept out of the copy (the decks are
/// shared, `SharedVec`): only orientations are saved for the cards.
pub(crate) struct Snapshot {
    state: State,
    log_len: usize,
    orientations: Vec<Orientation>,
}

/// A step run since the checkpoint, as [`Game::transaction`] ran it.
struct RanStep {
    base: Option<Choice>,
    answers: Vec<Choice>,
    /// It ran without a snapshot: its questions got their first option.
    no_snapshot: bool,
}

/// The parts of the state that any change outside a step (a test's or a tool's set-up, a
/// hook fired by hand, the draw at the decision cap) moves, taken when the last recorded
/// step ended: if they differ when the next step starts, the recorded steps no longer lead
/// to the state and a new checkpoint is taken. Every change by the engine's own moves logs
/// an event, so the log's length alone catches those.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    log: usize,
    cards: usize,
    turn: u32,
    phase: std::mem::Discriminant<Phase>,
    step: Option<StepName>,
    counts: [usize; 4],
}

/// The checkpoint and the steps run since it (`Runtime::checkpoint`). A copy of the game
/// starts without one.
pub(crate) struct Checkpoint {
    /// The copy; kept when it no longer applies, so the next copy reuses its memory.
    snap: Option<Box<Snapshot>>,
    /// Whether `snap` and `steps` lead to the state (`stamp` says when it was last so).
    live: bool,
    steps: Vec<RanStep>,
    stamp: Option<Stamp>,
    /// In strict games: the full state before the current step, to check an undo against.
    before: Option<Box<State>>,
    /// The log's length when the current step began (the question's preview starts there).
    step_log: usize,
    /// At most this many recorded steps ([`REPLAY_STEPS`]; 0: a copy before every step
    /// that may ask, as tests compare).
    pub(crate) limit: usize,
    /// Steps run again so far (tests check the replay was exercised).
    pub(crate) replayed: u64,
}

impl Default for Checkpoint {
    fn default() -> Self {
        Checkpoint {
            snap: None,
            live: false,
            steps: Vec::new(),
            stamp: None,
            before: None,
            step_log: 0,
            limit: REPLAY_STEPS,
            replayed: 0,
        }
    }
}

impl Clone for Checkpoint {
    fn clone(&self) -> Self {
        Checkpoint::default()
    }
}

impl std::fmt::Debug for Checkpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Checkpoint({} steps)", self.steps.len())
    }
}

impl Game {
    fn stamp(&self) -> Stamp {
        let st = &self.st;
        Stamp {
            log: st.log.len(),
            cards: st.cards.len(),
            turn: st.turn,
            phase: std::mem::discriminant(&st.phase),
            step: st.scripts.step,
            counts: [
                st.scripts.modifiers.len(),
                st.scripts.subs.len(),
                st.braves.len(),
                st.battle.is_some() as usize,
            ],
        }
    }

    /// Before a step (`Game::transaction`): makes sure the step can be undone if it may ask
    /// (`may_ask`), taking a new checkpoint when the recorded steps are too many or no
    /// longer lead to the state. Games whose constant runs are counted
    /// (`Game::observe_constants`) copy before every such step: a replay would count runs
    /// twice.
    pub(crate) fn begin_step(&mut self, may_ask: bool) {
        // The stamp is read only while a checkpoint applies (it is taken every step).
        let cp = &self.rt.checkpoint;
        let follows = cp.live
            && cp.steps.len() < cp.limit
            && self.rt.const_seen.is_none()
            && cp.stamp == Some(self.stamp());
        let cp = &mut self.rt.checkpoint;
        cp.step_log = self.st.log.len();
        if !follows {
            cp.live = false;
            cp.steps.clear();
            if may_ask {
                let snap = self.snapshot();
                let cp = &mut self.rt.checkpoint;
                cp.snap = Some(snap);
                cp.live = true;
            }
        }
        if self.strict && may_ask {
            self.rt.checkpoint.before = Some(Box::new(self.st.clone()));
        }
    }

    /// After a step that asked no question: it is recorded, if a checkpoint applies.
    pub(crate) fn end_step(&mut self, base: Option<Choice>, answers: Vec<Choice>) {
        let no_snapshot = self.rt.no_snapshot;
        self.rt.checkpoint.before = None;
        if self.rt.checkpoint.live {
            let stamp = self.stamp();
            let cp = &mut self.rt.checkpoint;
            cp.steps.push(RanStep {
                base,
                answers,
                no_snapshot,
            });
            cp.stamp = Some(stamp);
        }
    }

    /// The state was replaced from outside the steps (a cancelled action): the recorded
    /// steps no longer lead to it.
    pub(crate) fn forget_checkpoint(&mut self) {
        let cp = &mut self.rt.checkpoint;
        cp.live = false;
        cp.steps.clear();
        cp.stamp = None;
        cp.before = None;
    }

    /// The log's length when the current step began.
    pub(crate) fn step_log_start(&self) -> usize {
        self.rt.checkpoint.step_log
    }

    /// Undoes the current step after it asked a question: back to the checkpoint, then
    /// the recorded steps again. Panics if no checkpoint applies (a step that may not ask
    /// asked), or, in strict games, if the state is not the one the step began with.
    pub(crate) fn undo_step(&mut self) {
        let cp = &mut self.rt.checkpoint;
        assert!(cp.live, "a step without a checkpoint asked a question");
        cp.live = false;
        let steps = std::mem::take(&mut cp.steps);
        let before = cp.before.take();
        let snap = cp.snap.take().expect("a live checkpoint has its copy");
        let spare = self.restore(snap);
        self.rt.checkpoint.snap = Some(spare);
        self.rt.checkpoint.replayed += steps.len() as u64;
        for s in steps {
            self.rt.no_snapshot = s.no_snapshot;
            self.rt.answers = s.answers.into();
            self.rt.asked = None;
            self.rt.watch_resolved = 0;
            self.rt.questions = 0;
            if let Some(c) = s.base {
                self.apply(c);
            }
            self.advance_loop();
            assert!(
                self.rt.asked.is_none(),
                "a step run again asked a question it had not asked"
            );
        }
        self.rt.answers.clear();
        self.cached = None;
        if let Some(before) = before {
            assert!(
                *before == self.st,
                "undoing a step did not give back the state it began with; differing parts: {}",
                differing_parts(&before, &self.st)
            );
        }
    }

    /// A copy of the state into the checkpoint's memory.
    fn snapshot(&mut self) -> Box<Snapshot> {
        let log = std::mem::take(&mut self.st.log);
        let answers = std::mem::take(&mut self.st.answers);
        let hash = std::mem::take(&mut self.st.catalogue_hash);
        let cards = std::mem::take(&mut self.st.cards);
        let snap = match self.rt.checkpoint.snap.take() {
            Some(mut s) => {
                s.state.copy_from(&self.st);
                s.orientations.clear();
                s.orientations.extend(cards.iter().map(|c| c.orientation));
                s.log_len = log.len();
                s
            }
            None => Box::new(Snapshot {
                state: self.st.clone(),
                log_len: log.len(),
                orientations: cards.iter().map(|c| c.orientation).collect(),
            }),
        };
        self.st.log = log;
        self.st.answers = answers;
        self.st.catalogue_hash = hash;
        self.st.cards = cards;
        snap
    }

    /// Puts the state back to `s`, keeping the log up to it, the answers and their counts
    /// (given between steps, never in one), the catalogue hash and the cards (their orientations from `s`); returns `s`'s memory, for reuse.
    fn restore(&mut self, mut s: Box<Snapshot>) -> Box<Snapshot> {
        let mut log = std::mem::take(&mut self.st.log);
        log.truncate(s.log_len);
        let answers = std::mem::take(&mut self.st.answers);
        let answered = self.st.answered;
        let hash = std::mem::take(&mut self.st.catalogue_hash);
        let mut cards = std::mem::take(&mut self.st.cards);
        if cards.len() != s.orientations.len() {
            // Tokens made since (K27) are unmade; they are made again.
            cards.truncate(s.orientations.len());
            self.rt.asking = None;
        }
        for (c, o) in cards.iter_mut().zip(&s.orientations) {
            c.orientation = *o;
        }
        std::mem::swap(&mut self.st, &mut s.state);
        self.st.log = log;
        self.st.answers = answers;
        self.st.answered = answered;
        self.st.catalogue_hash = hash;
        self.st.cards = cards;
        self.invalidate_constants();
        self.rt.const_memo.clear();
        s
    }
}

/// The top-level parts of two states that differ, with both values (a strict game's
/// message when an undo went wrong).
fn differing_parts(a: &State, b: &State) -> String {
    let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) else {
        return "(not serialisable)".into();
    };
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return String::new();
    };
    let parts: Vec<String> = (a.iter())
        .filter(|(k, v)| b.get(k.as_str()) != Some(*v))
        .map(|(k, v)| format!("{k}: {v} then, {} now", b[k.as_str()]))
        .collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use crate::CardLibrary;
    use crate::players::{Player, RandomPlayer, play_game_capped};
    use crate::rules::battle_spirits::testkit::{chooser, scenario_with, synthetic_cards};
    use crate::rules::battle_spirits::{Choice, Game, GreedyPlayer};

    /// A strict game with choosing effects (README "Effects and decisions"), its steps
    /// recorded up to `limit` (0: a copy before every step that may ask).
    fn played(seed: u64, limit: usize) -> Game {
        let mut all = synthetic_cards();
        all.push(chooser());
        let mut g = scenario_with(CardLibrary::new(all), &[chooser()], seed);
        g.set_strict(true);
        g.set_strict_scripts(true);
        g.rt.checkpoint.limit = limit;
        let mut players: [Box<dyn Player<Game>>; 2] = [
            Box::new(GreedyPlayer::new()),
            Box::new(RandomPlayer::new(seed)),
        ];
        play_game_capped(&mut g, &mut players, 2_000).expect("the game ends");
        g
    }

    #[test]
    fn questions_undo_their_step_by_running_the_recorded_steps_again() {
        // A question asked steps after the checkpoint returns to the state its
        // step began with (strict games assert it at every undo), and the game goes on
        // exactly as with a copy before every step: same log, same state.
        let (mut replayed, mut asked) = (0, 0);
        for seed in 0..12 {
            let g = played(seed, super::REPLAY_STEPS);
            let copied = played(seed, 0);
            assert_eq!(g.log(), copied.log(), "seed {seed}");
            assert_eq!(g.to_json(), copied.to_json(), "seed {seed}");
            asked += (g.answers().iter())
                .filter(|c| matches!(c, Choice::Target { .. } | Choice::Yes | Choice::No))
                .count();
            assert_eq!(copied.rt.checkpoint.replayed, 0);
            replayed += g.rt.checkpoint.replayed;
        }
        assert!(asked > 0, "no effect asked");
        assert!(replayed > 0, "no question came after a recorded step");
    }
}
