//! The JSON-lines protocol (version [`VERSION`], `docs/protocol.md`): a client — a person's
//! front end or an AI in any language — plays one or both seats of any game through lines
//! of JSON. [`Session`] does no I/O: it takes the client's lines and returns the lines to
//! send, so the command line, a server and tests share it.
//!
//! Out: `hello` once; `decision` when a client seat must answer (who, the kind, the
//! question, every legal option with a stable `id` — its index — its label and its choice
//! as JSON, the seat's view with hidden information hidden, and the events since the last
//! message); `error` for a line that is not a legal answer (nothing changes; the decision
//! stands); `over` with the result and the last events.
//! Events are per seat: a client that plays one seat gets each event as that seat may
//! see it ([`seat_event`]: the opponent's draw names no card); a client of both seats gets
//! the full log, as `play --log json` prints it.
//! In: `{"id": N}` (option N of the pending decision), `{"choice": <choice JSON>}`, or
//! `{"quit": true}`.

use serde::Serialize;

use super::{DynGame, DynOption, Robot};
use crate::core::{GameResult, PlayerId, Step};

/// The protocol's version, in every `hello`.
pub const VERSION: u32 = 1;

/// One message to the client.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// The first line: the protocol version, the game and who the client plays.
    Hello {
        version: u32,
        game: String,
        seed: u64,
        /// The seats the client answers for (0 = P1, 1 = P2).
        client_seats: Vec<usize>,
        /// Flash timings with nothing to use are passed without asking (sent when on).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        auto_pass: bool,
    },
    /// A client seat must answer.
    Decision {
        player: PlayerId,
        kind: String,
        prompt: String,
        options: Vec<ProtocolOption>,
        view: serde_json::Value,
        /// How many of the events sent before were taken back by a cancel (the last
        /// ones; sent when not 0): the game is as it was before them.
        #[serde(skip_serializing_if = "is_zero")]
        undone: usize,
        events: Vec<serde_json::Value>,
    },
    /// The last line was refused; the pending decision stands.
    Error { message: String },
    /// The game ended (or the client quit: `result` is `None`).
    Over {
        result: Option<GameResult>,
        events: Vec<serde_json::Value>,
    },
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A legal answer as the client sees it: `id` is what `{"id": N}` sends back.
#[derive(Debug, Clone, Serialize)]
pub struct ProtocolOption {
    pub id: usize,
    pub label: String,
    pub choice: serde_json::Value,
}

/// One game played through the protocol: robots answer their seats, the client the others.
pub struct Session {
    game: Box<dyn DynGame>,
    seats: [Option<Robot>; 2],
    seed: u64,
    sent: usize,
    /// Events sent and then taken back by a cancel, not yet reported.
    undone: usize,
    over: bool,
    auto_pass: bool,
}

impl Session {
    /// A session of `game`; `seats[i]` is the robot playing seat `i`, `None` for the
    /// client. Robots are seeded as in `cardscript play`: P1 `seed`, P2 `seed + 1`.
    /// The client's seats are offered a cancel while an action they chose is unpaid
    /// (`DynGame::set_cancel`); robots' seats are not.
    pub fn new(mut game: Box<dyn DynGame>, seats: [Option<Robot>; 2], seed: u64) -> Session {
        game.set_cancel([seats[0].is_none(), seats[1].is_none()]);
        Session {
            game,
            seats,
            seed,
            sent: 0,
            undone: 0,
            over: false,
            auto_pass: false,
        }
    }

    /// Auto-pass: a flash timing where a client seat can only pass (BS-6.2: nothing it
    /// could use or pay for) is passed for it without a `decision` line. The pass is an
    /// answer like any other (replays hold it).
    pub fn set_auto_pass(&mut self, on: bool) {
        self.auto_pass = on;
    }

    /// Whether the game is over (or the client quit).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The game.
    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// The first lines: `hello`, then the first client decision (or `over`).
    pub fn start(&mut self, game_name: &str) -> Vec<String> {
        let hello = Message::Hello {
            version: VERSION,
            game: game_name.to_string(),
            seed: self.seed,
            client_seats: (0..2).filter(|&i| self.seats[i].is_none()).collect(),
            auto_pass: self.auto_pass,
        };
        let mut out = vec![line(&hello)];
        out.push(self.advance());
        out
    }

    /// Handles one line from the client; returns the lines to send.
    pub fn input(&mut self, text: &str) -> Vec<String> {
        if self.over {
            return vec![line(&Message::Error {
                message: "the game is over".to_string(),
            })];
        }
        let refused = |message: String| vec![line(&Message::Error { message })];
        let v: serde_json::Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => return refused(format!("not JSON: {e}")),
        };
        let answered = if v.get("quit").and_then(|q| q.as_bool()) == Some(true) {
            self.over = true;
            return vec![line(&Message::Over {
                result: None,
                events: self.new_events(),
            })];
        } else if let Some(id) = v.get("id") {
            match id.as_u64() {
                Some(i) => self.game.answer_index(i as usize),
                None => Err(format!("`id` must be an option number, got {id}")),
            }
        } else if let Some(c) = v.get("choice") {
            self.game.answer_json(c)
        } else if let Some(on) = v.get("auto_pass") {
            match on.as_bool() {
                Some(on) => {
                    self.auto_pass = on;
                    Ok(())
                }
                None => Err(format!("`auto_pass` must be true or false, got {on}")),
            }
        } else {
            Err(
                r#"expected {"id": N}, {"choice": …}, {"auto_pass": true|false} or {"quit": true}"#
                    .to_string(),
            )
        };
        match answered {
            Ok(()) => vec![self.advance()],
            Err(e) => refused(e),
        }
    }

    /// Lets the robots play until a client seat must answer or the game ends.
    fn advance(&mut self) -> String {
        loop {
            match self.game.next() {
                Step::Over(r) => {
                    self.over = true;
                    return line(&Message::Over {
                        result: Some(r),
                        events: self.new_events(),
                    });
                }
                Step::Decision(req) => {
                    let seat = req.player.index();
                    match self.seats[seat] {
                        Some(robot) => {
                            let seed = self.seed.wrapping_add(seat as u64);
                            let answer = self
                                .game
                                .robot_index(robot, seed)
                                .and_then(|i| self.game.answer_index(i));
                            if let Err(message) = answer {
                                self.over = true;
                                return line(&Message::Error { message });
                            }
                        }
                        None if self.auto_pass && self.game.only_pass() => {
                            if let Err(message) = self.game.answer_index(0) {
                                self.over = true;
                                return line(&Message::Error { message });
                            }
                        }
                        None => {
                            let view = self.game.view_json(req.player);
                            let events = self.new_events();
                            return line(&Message::Decision {
                                player: req.player,
                                kind: req.kind,
                                prompt: req.prompt,
                                options: req
                                    .options
                                    .into_iter()
                                    .enumerate()
                                    .map(|(id, DynOption { label, choice })| ProtocolOption {
                                        id,
                                        label,
                                        choice,
                                    })
                                    .collect(),
                                view,
                                undone: std::mem::take(&mut self.undone),
                                events,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The seat whose view the events take: the client's one seat; `None` (the full log)
    /// when the client plays both seats, or none.
    pub fn viewer(&self) -> Option<PlayerId> {
        match self.seats {
            [None, Some(_)] => Some(PlayerId(0)),
            [Some(_), None] => Some(PlayerId(1)),
            _ => None,
        }
    }

    fn new_events(&mut self) -> Vec<serde_json::Value> {
        let n = self.game.log_len();
        // A cancel shortened the log: the events past its end no longer stand.
        if n < self.sent {
            self.undone += self.sent - n;
            self.sent = n;
        }
        let viewer = self.viewer();
        let events = (self.sent..n)
            .map(|i| seat_event(self.game.as_ref(), i, viewer))
            .collect();
        self.sent = n;
        events
    }
}

/// Event `i` of `game` as `viewer` may see it: the full log's event when `viewer` is
/// `None` or the event hides nothing from it, else its redacted form (the hidden card as
/// `null`, [`DynGame::redacted_event`]).
pub fn seat_event(game: &dyn DynGame, i: usize, viewer: Option<PlayerId>) -> serde_json::Value {
    match viewer.and_then(|s| game.redacted_event(i, s)) {
        Some(r) => r.json,
        None => serde_json::from_str(&game.event_json(i)).unwrap_or_default(),
    }
}

/// Event `i` of `game` in words as `viewer` may see it (`None`: a detail the text log
/// leaves out).
pub fn seat_text(game: &dyn DynGame, i: usize, viewer: Option<PlayerId>) -> Option<String> {
    match viewer.and_then(|s| game.redacted_event(i, s)) {
        Some(r) => game.event_text(i).map(|_| r.text),
        None => game.event_text(i),
    }
}

fn line(m: &Message) -> String {
    serde_json::to_string(m).expect("protocol messages serialise")
}
