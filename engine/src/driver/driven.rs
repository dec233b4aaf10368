//! [`Driven`]: a typed game of any ruleset as a [`DynGame`].

use serde::Serialize;

use super::{DynGame, DynOption, DynRequest, Robot};
use crate::core::{GameResult, PlayerId, Rules, Step};
use crate::players::{Player, RandomPlayer, RequestOf, SearchPlayer, Searchable, Sight};

/// The search player's answer for a searchable ruleset (`Driven::searchable`).
type SearchFn<G> = fn(&G, &RequestOf<G>, u64, u32) -> <G as Rules>::Choice;

/// A typed game with what the plain form needs from its ruleset: the text of an event and
/// its greedy player. Robots keep their own state across calls (a random seat draws once
/// per decision, as `players::RandomPlayer` does).
pub struct Driven<G: Rules> {
    game: G,
    render: fn(&G, &G::Event) -> Option<String>,
    greedy: Box<dyn Player<G>>,
    random: [Option<(u64, RandomPlayer)>; 2],
    search: Option<SearchFn<G>>,
    answers: Vec<serde_json::Value>,
}

impl<G: Rules> Driven<G> {
    /// Wraps `game`; `render` gives an event's line for people, `greedy` the ruleset's
    /// greedy player.
    pub fn new(
        game: G,
        render: fn(&G, &G::Event) -> Option<String>,
        greedy: Box<dyn Player<G>>,
    ) -> Driven<G> {
        Driven {
            game,
            render,
            greedy,
            random: [None, None],
            search: None,
            answers: Vec::new(),
        }
    }

    /// The typed game.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: Searchable> Driven<G> {
    /// This game with [`Robot::Search`] answered by the search player (without it, the
    /// greedy player answers for it).
    pub fn searchable(mut self) -> Driven<G> {
        self.search = Some(|g, req, seed, budget| {
            SearchPlayer::with_budget(seed, budget).decide(&Sight::of(g, req.player), req)
        });
        self
    }
}

impl<G: Rules> Driven<G> {
    fn typed_answer(&mut self, choice: G::Choice) -> Result<(), String> {
        let json = serde_json::to_value(&choice).map_err(|e| e.to_string())?;
        self.game.answer(choice).map_err(|e| e.to_string())?;
        self.answers.push(json);
        // A cancel takes back the answers of the action it cancels.
        if let Some(n) = self.game.answers_len() {
            self.answers.truncate(n);
        }
        Ok(())
    }

    fn pending(&mut self) -> Result<crate::players::RequestOf<G>, String> {
        match self.game.next() {
            Step::Decision(r) => Ok(r),
            Step::Over(_) => Err("the game is over".to_string()),
        }
    }
}

impl<G: Rules> DynGame for Driven<G>
where
    G::View: Serialize,
{
    fn next(&mut self) -> Step<DynRequest, GameResult> {
        match self.game.next() {
            Step::Over(r) => Step::Over(r),
            Step::Decision(r) => Step::Decision(DynRequest {
                player: r.player,
                kind: format!("{:?}", r.kind),
                prompt: r.prompt,
                options: r
                    .options
                    .into_iter()
                    .map(|o| DynOption {
                        label: o.label,
                        choice: serde_json::to_value(&o.choice).unwrap_or_default(),
                    })
                    .collect(),
            }),
        }
    }

    fn answer_index(&mut self, index: usize) -> Result<(), String> {
        let req = self.pending()?;
        let n = req.options.len();
        let choice = req
            .options
            .into_iter()
            .nth(index)
            .ok_or_else(|| format!("no option {index}: this decision has {n}"))?
            .choice;
        self.typed_answer(choice)
    }

    fn answer_json(&mut self, choice: &serde_json::Value) -> Result<(), String> {
        let c: G::Choice = serde_json::from_value(choice.clone())
            .map_err(|e| format!("{choice} is not an answer of this game: {e}"))?;
        self.typed_answer(c)
    }

    fn robot_index(&mut self, robot: Robot, seed: u64) -> Result<usize, String> {
        let req = self.pending()?;
        let sight = Sight::of(&self.game, req.player);
        let choice = match robot {
            Robot::Greedy => self.greedy.decide(&sight, &req),
            Robot::Search { budget } => match self.search {
                Some(search) => search(&self.game, &req, seed, budget),
                None => self.greedy.decide(&sight, &req),
            },
            Robot::Random => {
                let seat = req.player.index();
                let answered = self.game.answered()[seat];
                let p = match &mut self.random[seat] {
                    Some((s, p)) if *s == seed => p,
                    slot => &mut slot.insert((seed, RandomPlayer::resumed(seed, answered))).1,
                };
                Player::<G>::decide(p, &sight, &req)
            }
        };
        req.options
            .iter()
            .position(|o| o.choice == choice)
            .ok_or_else(|| format!("the {robot:?} player gave an illegal answer {choice:?}"))
    }

    fn set_cancel(&mut self, seats: [bool; 2]) {
        self.game.set_cancel(seats);
    }

    fn only_pass(&mut self) -> bool {
        self.pending().is_ok_and(|r| G::only_pass(&r))
    }

    fn log_len(&self) -> usize {
        self.game.log().len()
    }

    fn event_json(&self, i: usize) -> String {
        serde_json::to_string(&self.game.log()[i]).unwrap_or_default()
    }

    fn event_text(&self, i: usize) -> Option<String> {
        (self.render)(&self.game, &self.game.log()[i])
    }

    fn redacted_event(&self, i: usize, seat: PlayerId) -> Option<crate::core::Redacted> {
        crate::core::GameEvent::redacted_for(&self.game.log()[i], seat)
    }

    fn view_json(&self, player: PlayerId) -> serde_json::Value {
        let mut v = serde_json::to_value(self.game.view(player)).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            let faces = serde_json::to_value(self.game.faces(player)).unwrap_or_default();
            o.insert("faces".to_string(), faces);
        }
        v
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.game.check_invariants()
    }

    fn answers_json(&self) -> Vec<serde_json::Value> {
        self.answers.clone()
    }

    fn card_seen_by(&self, n: u32, seat: PlayerId) -> Option<String> {
        self.game.card_seen_by(crate::core::InstanceId(n), seat)
    }
}
