//! The game thread of `cardscript serve`: every game of the server, each a protocol
//! [`Session`] of the plain driver, and the API calls on them as JSON (`docs/serve.md`).

use std::collections::BTreeMap;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use carddb::{Deck, GameKind};
use engine::core::PlayerId;
use engine::driver::protocol::{Session, seat_event, seat_text};
use engine::driver::{GameOptions, Prepared, Robot};
use serde_json::{Value, json};

use super::super::any_game;
use super::super::source::SourceArgs;
use super::access::{new_token, same_token};

mod reload;
mod replays;
mod try_card;

use reload::card_info;

type Error = Box<dyn std::error::Error>;

/// One API call, with its path parameters and request body (JSON text).
pub enum Call {
    /// `GET /api/decks`.
    Decks,
    /// `POST /api/games`.
    NewGame(String),
    /// `POST /api/replays`.
    LoadReplay(String),
    /// `POST /api/try` (`try_card`).
    TryCard(String),
    /// The workshop saved a pack file: the catalogue again (`reload`).
    Reload(SourceArgs),
    /// A call on game `id` with the seat tokens the request carries.
    Game(usize, Vec<String>, GameCall),
}

/// A call on one game (`/api/games/{id}/…`).
pub enum GameCall {
    /// `GET /api/games/{id}?since=N`.
    State(usize),
    /// `POST /api/games/{id}/answer`.
    Answer(String),
    /// `GET /api/games/{id}/replay`.
    Replay,
    /// `GET /api/games/{id}/log`.
    Log,
    /// `POST /api/games/{id}/join`.
    Join(String),
}

/// How many games the server keeps, and when an unfinished one may make room.
#[derive(Clone, Copy)]
pub struct Limits {
    /// Games kept at most; a new one past it evicts one (finished first, then the one idle
    /// longest) or is refused.
    pub max_games: usize,
    /// An unfinished game untouched this long may be evicted for a new one.
    pub idle: Duration,
}

/// An HTTP reply: status, body, its content type and, for a download, its file name.
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub content_type: &'static str,
    pub attachment: Option<String>,
}

/// A refused request (400) with its reason.
impl From<String> for Reply {
    fn from(message: String) -> Reply {
        Reply::error(400, message)
    }
}

impl From<&str> for Reply {
    fn from(message: &str) -> Reply {
        Reply::error(400, message)
    }
}

impl Reply {
    /// A 200 with `v`.
    pub fn json(v: &Value) -> Reply {
        Reply {
            status: 200,
            body: v.to_string(),
            content_type: "application/json",
            attachment: None,
        }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: json!({ "error": message.into() }).to_string(),
            content_type: "application/json",
            attachment: None,
        }
    }

    /// The game thread is gone (it stopped on a panic it could not catch).
    pub fn gone() -> Reply {
        Reply::error(500, "the game thread stopped")
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
enum Seat {
    Human,
    Greedy,
    Random,
    /// The search player at its default budget.
    Search,
}

impl Seat {
    fn robot(self) -> Option<Robot> {
        match self {
            Seat::Human => None,
            Seat::Greedy => Some(Robot::Greedy),
            Seat::Random => Some(Robot::Random),
            Seat::Search => Some(Robot::Search {
                budget: engine::players::search::DEFAULT_BUDGET,
            }),
        }
    }
}

struct Played {
    session: Session,
    /// The format the game is played in (the first deck's that names one; `None`: the
    /// game's own), which names its rules (Battle Spirits: BS-0.1).
    format: Option<String>,
    decks: [Deck; 2],
    seed: u64,
    seats: [Seat; 2],
    /// The last protocol message of the session (`decision`, `over` or a robot's `error`).
    last: Value,
    /// Each human seat's token (`None`: a robot's seat).
    tokens: [Option<String>; 2],
    /// Human seats whose token no one has taken yet (`join` hands it out once).
    open: [bool; 2],
    /// When a call last named the game (eviction takes the one idle longest).
    touched: Instant,
    /// The hash of the catalogue it is played on (its replay's; kept over a reload).
    hash: String,
}

impl Played {
    /// The human seats whose tokens the caller gave.
    fn held(&self, given: &[String]) -> Vec<usize> {
        (0..2)
            .filter(|&i| {
                self.tokens[i]
                    .as_ref()
                    .is_some_and(|t| !self.open[i] && given.iter().any(|g| same_token(g, t)))
            })
            .collect()
    }

    fn humans(&self) -> Vec<usize> {
        (0..2).filter(|&i| self.tokens[i].is_some()).collect()
    }
}

/// The catalogue, prepared once per rules preset, and every game started since the server
/// started.
pub struct Games {
    kind: GameKind,
    cat: carddb::Catalogue,
    /// By format (`None`: the game's own).
    prepared: BTreeMap<Option<String>, Arc<dyn Prepared>>,
    decks: Vec<Deck>,
    /// Card id → name and text (the page's hover text).
    cards: BTreeMap<String, Value>,
    /// By id; ids are never reused.
    games: BTreeMap<usize, Played>,
    next_id: usize,
    limits: Limits,
    /// Whether the last new game was refused for the limit (logged once a burst).
    refusing: bool,
}

impl Games {
    /// Opens and prepares the catalogue `source` names (scripts lenient, as `play`
    /// without `--strict`; the game's own rules, Battle Spirits' Saga, BS-0.1) and checks
    /// its decks, each against its own format.
    pub fn open(source: &SourceArgs, limits: Limits) -> Result<Games, Error> {
        let cat = source.open()?;
        let kind = cat.game()?;
        let mut prepared = BTreeMap::new();
        prepared.insert(None, any_game::prepare(&cat, kind, true, None)?);
        let defs = cat.cards()?;
        let decks = cat
            .decks()?
            .into_iter()
            .map(|(_, d)| any_game::deck(&cat, &defs, Some(&d.name), 0, None))
            .collect::<Result<Vec<_>, _>>()?;
        let cards = defs
            .iter()
            .map(|d| (d.id.to_string(), card_info(d)))
            .collect();
        Ok(Games {
            kind,
            cat,
            prepared,
            decks,
            cards,
            games: BTreeMap::new(),
            next_id: 0,
            limits,
            refusing: false,
        })
    }

    /// Answers calls until the server stops. A panic in one call is caught and answered
    /// as an error (500), and the other games go on; the panic itself is printed on stderr
    /// by the standard hook, with where it happened.
    pub fn serve(mut self, rx: mpsc::Receiver<(Call, mpsc::Sender<Reply>)>) {
        for (call, reply) in rx {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle(call)))
                .unwrap_or_else(|p| {
                    Reply::error(500, engine::driver::sim::panic_message(p.as_ref()))
                });
            // A failure inside the server; a refusal for load (503) is logged once a burst.
            if r.status == 500 {
                eprintln!("serve: answered {}: {}", r.status, r.body);
            }
            let _ = reply.send(r);
        }
    }

    /// The catalogue prepared for the rules of `format` (prepared once, on first use).
    fn prepared(&mut self, format: Option<&str>) -> Result<Arc<dyn Prepared>, String> {
        let key = format.map(str::to_string);
        if let Some(p) = self.prepared.get(&key) {
            return Ok(p.clone());
        }
        let p = any_game::prepare(&self.cat, self.kind, true, format).map_err(|e| e.to_string())?;
        self.prepared.insert(key, p.clone());
        Ok(p)
    }

    fn handle(&mut self, call: Call) -> Reply {
        match call {
            Call::Decks => Reply::json(&json!({
                "game": self.kind.name(),
                "decks": self.decks.iter().map(|d| json!({ "name": d.name, "cards": d.len() }))
                    .collect::<Vec<_>>(),
                "seats": ["human", "greedy", "random", "search"],
                "cards": self.cards,
            })),
            Call::NewGame(body) => self.new_game(&body).unwrap_or_else(|e| e),
            Call::LoadReplay(body) => self.load_replay(&body).unwrap_or_else(|e| e),
            Call::TryCard(body) => self.try_card(&body).unwrap_or_else(|e| e),
            Call::Reload(source) => self.reload(&source),
            Call::Game(id, tokens, call) => {
                let Some(p) = self.games.get_mut(&id) else {
                    return Reply::error(
                        404,
                        format!("no game {id} (never made, or evicted to make room)"),
                    );
                };
                p.touched = Instant::now();
                self.game_call(id, &tokens, call).unwrap_or_else(|r| r)
            }
        }
    }

    /// A call on game `id`, which exists. Every call but `join` needs a token of a human
    /// seat (none when no seat is human); answering needs the deciding seat's.
    fn game_call(&mut self, id: usize, tokens: &[String], call: GameCall) -> Result<Reply, Reply> {
        let p = &self.games[&id];
        let held = p.held(tokens);
        let humans = p.humans();
        let needs_seat = !matches!(call, GameCall::Join(_)) && !humans.is_empty();
        if needs_seat && held.is_empty() {
            return Err(if tokens.is_empty() {
                Reply::error(
                    401,
                    "this game needs a seat's token (Authorization: Bearer TOKEN)",
                )
            } else {
                Reply::error(403, "no seat of this game has that token")
            });
        }
        match call {
            GameCall::State(since) => Ok(Reply::json(&self.state(id, since, &held))),
            GameCall::Answer(body) => self.answer(id, &body, &held),
            GameCall::Join(body) => self.join(id, &body),
            GameCall::Replay | GameCall::Log => {
                // A replay or the full log shows every hidden card: to a caller that holds
                // every human seat, or to any seat once the game is over.
                if held.len() < humans.len() && !p.session.is_over() {
                    return Err(Reply::error(
                        403,
                        "the replay and the log show both seats' hidden cards: they need every human seat's token until the game is over",
                    ));
                }
                if matches!(call, GameCall::Log) {
                    let g = p.session.game();
                    let body: String = (0..g.log_len()).map(|i| g.event_json(i) + "\n").collect();
                    return Ok(Reply {
                        status: 200,
                        body,
                        content_type: "text/plain; charset=utf-8",
                        attachment: None,
                    });
                }
                let v = self.replay_file(id).map_err(|e| Reply::error(500, e))?;
                Ok(Reply {
                    attachment: Some(format!("cardscript-game-{id}.json")),
                    ..Reply::json(&v)
                })
            }
        }
    }

    /// `{"seat": N}` (default: the first open seat): hands out an open human seat's token,
    /// once.
    fn join(&mut self, id: usize, body: &str) -> Result<Reply, Reply> {
        #[derive(serde::Deserialize)]
        struct Join {
            seat: Option<usize>,
        }
        let req: Join = serde_json::from_str(if body.trim().is_empty() { "{}" } else { body })
            .map_err(|e| Reply::error(400, format!("bad request: {e}")))?;
        let p = self.games.get_mut(&id).expect("checked by the caller");
        let seat = match req.seat {
            Some(s) if s < 2 && p.open[s] => s,
            Some(s) => return Err(Reply::error(409, format!("seat {s} is not open to join"))),
            None => (0..2)
                .find(|&s| p.open[s])
                .ok_or_else(|| Reply::error(409, "no seat of this game is open to join"))?,
        };
        p.open[seat] = false;
        Ok(Reply::json(
            &json!({ "id": id, "seat": seat, "token": p.tokens[seat] }),
        ))
    }

    fn new_game(&mut self, body: &str) -> Result<Reply, Reply> {
        #[derive(serde::Deserialize)]
        struct NewGame {
            deck_a: Option<String>,
            deck_b: Option<String>,
            seed: Option<u64>,
            seats: Option<[Seat; 2]>,
            #[serde(default)]
            open: Vec<usize>,
            /// Flash timings where a human seat can only pass are passed for it.
            #[serde(default)]
            auto_pass: bool,
        }
        self.make_room()?;
        let req: NewGame = serde_json::from_str(body).map_err(|e| format!("bad request: {e}"))?;
        let deck = |name: Option<&String>, index: usize| -> Result<Deck, String> {
            match name {
                Some(n) => self
                    .decks
                    .iter()
                    .find(|d| &d.name == n)
                    .cloned()
                    .ok_or_else(|| {
                        let known: Vec<&str> = self.decks.iter().map(|d| d.name.as_str()).collect();
                        format!("no deck `{n}` (known: {})", known.join(", "))
                    }),
                // One deck plays its mirror match, as in `play` and `sim`.
                None => self
                    .decks
                    .get(index)
                    .or(self.decks.first())
                    .cloned()
                    .ok_or_else(|| "the catalogue has no deck".to_string()),
            }
        };
        let decks = [deck(req.deck_a.as_ref(), 0)?, deck(req.deck_b.as_ref(), 1)?];
        let seed = req.seed.unwrap_or(1);
        let options = GameOptions {
            seed,
            ..GameOptions::default()
        };
        let format = decks[0].format.clone().or_else(|| decks[1].format.clone());
        let game = self
            .prepared(format.as_deref())?
            .new_game([&decks[0], &decks[1]], options)?;
        let seats = req.seats.unwrap_or([Seat::Human, Seat::Greedy]);
        let seating = Seating {
            seats,
            open: &req.open,
            auto_pass: req.auto_pass,
        };
        self.start(game, decks, format, seed, seating)
    }

    /// Room for one more game: at the limit, the finished game touched longest ago goes,
    /// else the unfinished one idle longest if it has been idle long enough (`Limits`);
    /// else 503.
    fn make_room(&mut self) -> Result<(), Reply> {
        if self.games.len() < self.limits.max_games {
            self.refusing = false;
            return Ok(());
        }
        let oldest = |finished: bool| {
            self.games
                .iter()
                .filter(|(_, p)| p.session.is_over() == finished)
                .min_by_key(|(_, p)| p.touched)
                .map(|(&id, p)| (id, p.touched))
        };
        let evict = oldest(true)
            .or_else(|| oldest(false).filter(|(_, touched)| touched.elapsed() >= self.limits.idle));
        match evict {
            Some((id, _)) => {
                self.games.remove(&id);
                self.refusing = false;
                Ok(())
            }
            None => {
                let message = format!(
                    "the server keeps at most {} games and all are in play (none finished, none idle for {} s): try again later",
                    self.limits.max_games,
                    self.limits.idle.as_secs()
                );
                if !self.refusing {
                    eprintln!("serve: refusing new games: {message}");
                }
                self.refusing = true;
                Err(Reply::error(503, message))
            }
        }
    }

    /// Adds a game; its answer is `{"id": N, "tokens": [T|null, T|null]}`: each human
    /// seat's token, `null` for a robot's seat or a seat in `open` (handed out by `join`).
    fn start(
        &mut self,
        game: Box<dyn engine::driver::DynGame>,
        decks: [Deck; 2],
        format: Option<String>,
        seed: u64,
        seating: Seating<'_>,
    ) -> Result<Reply, Reply> {
        let Seating {
            seats,
            open,
            auto_pass,
        } = seating;
        let mut tokens = [None, None];
        let mut is_open = [false, false];
        for i in 0..2 {
            if seats[i] == Seat::Human {
                tokens[i] = Some(new_token().map_err(|e| Reply::error(500, e))?);
                is_open[i] = open.contains(&i);
            } else if open.contains(&i) {
                return Err(format!("seat {i} is a robot's: it cannot be open to join").into());
            }
        }
        let mut session = Session::new(game, [seats[0].robot(), seats[1].robot()], seed);
        session.set_auto_pass(auto_pass);
        let lines = session.start(self.kind.name());
        let last = parse(lines.last());
        let id = self.next_id;
        self.next_id += 1;
        self.games.insert(
            id,
            Played {
                session,
                format,
                decks,
                seed,
                seats,
                last,
                tokens: tokens.clone(),
                open: is_open,
                touched: Instant::now(),
                hash: self.prepared[&None].hash(),
            },
        );
        let shown: Vec<Option<String>> = (0..2)
            .map(|i| tokens[i].clone().filter(|_| !is_open[i]))
            .collect();
        Ok(Reply::json(&json!({ "id": id, "tokens": shown })))
    }

    /// Answers the decision: only the deciding seat's token may.
    fn answer(&mut self, id: usize, body: &str, held: &[usize]) -> Result<Reply, Reply> {
        let p = self.games.get_mut(&id).expect("checked by the caller");
        if p.session.is_over() {
            return Err(Reply::error(409, "the game is over"));
        }
        let decider = p.last["player"].as_u64().map(|s| s as usize);
        if decider.is_some_and(|d| !held.contains(&d)) {
            return Err(Reply::error(
                403,
                "the decision is the other seat's: only its token may answer it",
            ));
        }
        let since = serde_json::from_str::<Value>(body)
            .ok()
            .and_then(|v| v.get("since").and_then(Value::as_u64))
            .unwrap_or(0) as usize;
        let reply = parse(p.session.input(body).last());
        // A refused answer changes nothing: the decision stands.
        if reply["type"] == "error" && !p.session.is_over() {
            return Err(Reply::error(
                400,
                reply["message"].as_str().unwrap_or("refused"),
            ));
        }
        p.last = reply;
        Ok(Reply::json(&self.state(id, since, held)))
    }

    /// The game as the caller's seats see it (`held`: the human seats whose tokens it
    /// gave; all of them, or none, when no seat is human): the decision with its options
    /// when it is a held seat's (else only whose it is), that seat's view (else the first
    /// held seat's), and the log from event `since` on as the held seat may see it (the
    /// full log when the caller holds both seats, or no seat is human).
    fn state(&self, id: usize, since: usize, held: &[usize]) -> Value {
        let p = &self.games[&id];
        let g = p.session.game();
        let decider = p.last["player"].as_u64().map(|s| s as usize);
        let mine = p.humans().is_empty() || decider.is_some_and(|d| held.contains(&d));
        let decision = (p.last["type"] == "decision" && mine).then(|| {
            json!({
                "player": p.last["player"],
                "kind": p.last["kind"],
                "prompt": p.last["prompt"],
                "options": p.last["options"],
            })
        });
        let log_viewer = match (p.humans().len(), held) {
            (0, _) => p.session.viewer(),
            (_, [one]) => Some(PlayerId(*one as u8)),
            _ => None,
        };
        let viewer = decision
            .as_ref()
            .and_then(|d| d["player"].as_u64())
            .map(|s| PlayerId(s as u8))
            .or(log_viewer)
            .unwrap_or(PlayerId(0));
        let n = g.log_len();
        let log: Vec<Value> = (since.min(n)..n)
            .map(|i| {
                json!({
                    "i": i,
                    "text": seat_text(g, i, log_viewer),
                    "event": seat_event(g, i, log_viewer),
                })
            })
            .collect();
        json!({
            "id": id,
            "game": self.kind.name(),
            "seed": p.seed,
            "seats": p.seats,
            "decks": [p.decks[0].name, p.decks[1].name],
            "over": p.session.is_over(),
            "result": p.last.get("result"),
            "error": (p.last["type"] == "error").then(|| p.last["message"].clone()),
            "decision": decision,
            "to_answer": (p.last["type"] == "decision").then(|| p.last["player"].clone()),
            "viewer": viewer.index(),
            "view": g.view_json(viewer),
            "log_len": n,
            "log": log,
        })
    }
}

/// Who plays a new game's seats: robots or people, the human seats left open for `join`,
/// and whether people's pass-only flash timings are passed for them (BS-6.2).
struct Seating<'a> {
    seats: [Seat; 2],
    open: &'a [usize],
    auto_pass: bool,
}

fn parse(line: Option<&String>) -> Value {
    line.and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or(Value::Null)
}
