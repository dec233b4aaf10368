//! The game thread of `cardscript serve`: every game of the server, each a protocol
//! [`Session`] of the plain driver, and the API calls on them as JSON (`docs/serve.md`).

use std::collections::BTreeMap;
use std::sync::{Arc, mpsc};

use carddb::{Deck, DeckEntry, GameKind};
use engine::core::PlayerId;
use engine::driver::protocol::{Session, seat_event, seat_text};
use engine::driver::replay::AnyReplay;
use engine::driver::{GameOptions, Prepared, Robot};
use serde_json::{Value, json};

use super::super::any_game;
use super::super::play::rules_of;
use super::super::source::SourceArgs;

type Error = Box<dyn std::error::Error>;

/// One API call, with its path parameters and request body (JSON text).
pub enum Call {
    /// `GET /api/decks`.
    Decks,
    /// `POST /api/games`.
    NewGame(String),
    /// `GET /api/games/{id}?since=N`.
    State(usize, usize),
    /// `POST /api/games/{id}/answer`.
    Answer(usize, String),
    /// `GET /api/games/{id}/replay`.
    Replay(usize),
    /// `GET /api/games/{id}/log`.
    Log(usize),
    /// `POST /api/replays`.
    LoadReplay(String),
}

/// An HTTP reply: status, body, its content type and, for a download, its file name.
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub content_type: &'static str,
    pub attachment: Option<String>,
}

impl Reply {
    fn json(v: &Value) -> Reply {
        Reply {
            status: 200,
            body: v.to_string(),
            content_type: "application/json",
            attachment: None,
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
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
}

impl Seat {
    fn robot(self) -> Option<Robot> {
        match self {
            Seat::Human => None,
            Seat::Greedy => Some(Robot::Greedy),
            Seat::Random => Some(Robot::Random),
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
    games: Vec<Played>,
}

impl Games {
    /// Opens and prepares the catalogue `source` names (scripts lenient, as `play`
    /// without `--strict`; the game's own rules, Battle Spirits' Saga, BS-0.1) and checks
    /// its decks, each against its own format.
    pub fn open(source: &SourceArgs) -> Result<Games, Error> {
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
            games: Vec::new(),
        })
    }

    /// Answers calls until the server stops. A panic in one call is caught and answered
    /// as an error; the other games go on.
    pub fn serve(mut self, rx: mpsc::Receiver<(Call, mpsc::Sender<Reply>)>) {
        std::panic::set_hook(Box::new(|_| {}));
        for (call, reply) in rx {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle(call)))
                .unwrap_or_else(|p| {
                    Reply::error(500, engine::driver::sim::panic_message(p.as_ref()))
                });
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
        let known = |id: usize, n: usize| {
            (id < n)
                .then_some(())
                .ok_or_else(|| Reply::error(404, format!("no game {id}")))
        };
        let n = self.games.len();
        match call {
            Call::Decks => Reply::json(&json!({
                "game": self.kind.name(),
                "decks": self.decks.iter().map(|d| json!({ "name": d.name, "cards": d.len() }))
                    .collect::<Vec<_>>(),
                "seats": ["human", "greedy", "random"],
                "cards": self.cards,
            })),
            Call::NewGame(body) => self
                .new_game(&body)
                .unwrap_or_else(|e| Reply::error(400, e)),
            Call::State(id, since) => match known(id, n) {
                Ok(()) => Reply::json(&self.state(id, since)),
                Err(r) => r,
            },
            Call::Answer(id, body) => match known(id, n) {
                Ok(()) => self.answer(id, &body),
                Err(r) => r,
            },
            Call::Replay(id) => match known(id, n)
                .and_then(|()| self.replay_file(id).map_err(|e| Reply::error(500, e)))
            {
                Ok(v) => Reply {
                    attachment: Some(format!("cardscript-game-{id}.json")),
                    ..Reply::json(&v)
                },
                Err(r) => r,
            },
            Call::Log(id) => match known(id, n) {
                Ok(()) => {
                    let g = self.games[id].session.game();
                    let body: String = (0..g.log_len()).map(|i| g.event_json(i) + "\n").collect();
                    Reply {
                        status: 200,
                        body,
                        content_type: "text/plain; charset=utf-8",
                        attachment: None,
                    }
                }
                Err(r) => r,
            },
            Call::LoadReplay(body) => self
                .load_replay(&body)
                .unwrap_or_else(|e| Reply::error(400, e)),
        }
    }

    fn new_game(&mut self, body: &str) -> Result<Reply, String> {
        #[derive(serde::Deserialize)]
        struct NewGame {
            deck_a: Option<String>,
            deck_b: Option<String>,
            seed: Option<u64>,
            seats: Option<[Seat; 2]>,
        }
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
        Ok(self.start(game, decks, format, seed, seats))
    }

    fn start(
        &mut self,
        game: Box<dyn engine::driver::DynGame>,
        decks: [Deck; 2],
        format: Option<String>,
        seed: u64,
        seats: [Seat; 2],
    ) -> Reply {
        let mut session = Session::new(game, [seats[0].robot(), seats[1].robot()], seed);
        let lines = session.start(self.kind.name());
        let last = parse(lines.last());
        self.games.push(Played {
            session,
            format,
            decks,
            seed,
            seats,
            last,
        });
        Reply::json(&json!({ "id": self.games.len() - 1 }))
    }

    fn answer(&mut self, id: usize, body: &str) -> Reply {
        let p = &mut self.games[id];
        if p.session.is_over() {
            return Reply::error(409, "the game is over");
        }
        let since = serde_json::from_str::<Value>(body)
            .ok()
            .and_then(|v| v.get("since").and_then(Value::as_u64))
            .unwrap_or(0) as usize;
        let reply = parse(p.session.input(body).last());
        // A refused answer changes nothing: the decision stands.
        if reply["type"] == "error" && !p.session.is_over() {
            return Reply::error(400, reply["message"].as_str().unwrap_or("refused"));
        }
        p.last = reply;
        Reply::json(&self.state(id, since))
    }

    /// The game as the page shows it: the decision for the seat that must answer (its
    /// options with their ids), that seat's view, and the log from event `since` on as the
    /// client's seat may see it (the full log for hot-seat).
    fn state(&self, id: usize, since: usize) -> Value {
        let p = &self.games[id];
        let g = p.session.game();
        let decision = (p.last["type"] == "decision").then(|| {
            json!({
                "player": p.last["player"],
                "kind": p.last["kind"],
                "prompt": p.last["prompt"],
                "options": p.last["options"],
            })
        });
        let log_viewer = p.session.viewer();
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
            "viewer": viewer.index(),
            "view": g.view_json(viewer),
            "log_len": n,
            "log": log,
        })
    }

    /// The replay file of game `id`, in the form `cardscript play --replay` reads for this
    /// game: Battle Spirits' own (`engine::Replay`, with the rules of the game's format),
    /// or the plain driver's (`AnyReplay`) for the other games.
    fn replay_file(&self, id: usize) -> Result<Value, String> {
        let p = &self.games[id];
        let answers = p.session.game().answers_json();
        let hash = self.prepared[&None].hash();
        if self.kind == GameKind::BattleSpirits {
            let config = rules_of(p.format.as_deref()).map_err(|e| e.to_string())?;
            let v = json!({
                "catalogue_hash": hash,
                "decks": [p.decks[0].card_ids(), p.decks[1].card_ids()],
                "seed": p.seed,
                "config": config,
                "answers": answers,
            });
            // Checked against the type `play --replay` reads.
            serde_json::from_value::<engine::Replay>(v.clone()).map_err(|e| e.to_string())?;
            Ok(v)
        } else {
            let r = AnyReplay {
                game: self.kind.name().to_string(),
                hash,
                decks: p.decks.clone(),
                seed: p.seed,
                answers,
            };
            serde_json::to_value(r).map_err(|e| e.to_string())
        }
    }

    /// `{"replay": <a replay file>, "seats": [...]}`: the replay's game after its last
    /// answer, then played on by the seats given (default: human both).
    fn load_replay(&mut self, body: &str) -> Result<Reply, String> {
        #[derive(serde::Deserialize)]
        struct Load {
            replay: Value,
            seats: Option<[Seat; 2]>,
        }
        let req: Load = serde_json::from_str(body).map_err(|e| format!("bad request: {e}"))?;
        let (any, format) = if self.kind == GameKind::BattleSpirits {
            let r: engine::Replay = serde_json::from_value(req.replay.clone())
                .map_err(|e| format!("not a Battle Spirits replay file: {e}"))?;
            // The format whose rules the replay was played with (BS-0.1).
            let format = engine::rules::battle_spirits::RulesConfig::preset(&r.config.name)
                .filter(|c| *c == r.config)
                .map(|_| r.config.name.as_str())
                .ok_or("the replay's rules are none of saga, japanese or casual")?;
            let deck = |i: usize, ids: &[carddb::CardId]| Deck {
                name: format!("P{} (replay)", i + 1),
                entries: ids
                    .iter()
                    .map(|c| DeckEntry {
                        count: 1,
                        card: c.clone(),
                        name: None,
                        line: 0,
                    })
                    .collect(),
                master: None,
                format: Some(format.to_string()),
            };
            let any = AnyReplay {
                game: self.kind.name().to_string(),
                hash: r.catalogue_hash,
                decks: [deck(0, &r.decks[0]), deck(1, &r.decks[1])],
                seed: r.seed,
                answers: req.replay["answers"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default(),
            };
            (any, Some(format.to_string()))
        } else {
            let r: AnyReplay = serde_json::from_value(req.replay)
                .map_err(|e| format!("not a replay file: {e}"))?;
            if r.game != self.kind.name() {
                return Err(format!("a replay of {}, not {}", r.game, self.kind.name()));
            }
            let format = r.decks[0]
                .format
                .clone()
                .or_else(|| r.decks[1].format.clone());
            (r, format)
        };
        let game = any.play(self.prepared(format.as_deref())?.as_ref())?;
        let seats = req.seats.unwrap_or([Seat::Human, Seat::Human]);
        Ok(self.start(game, any.decks, format, any.seed, seats))
    }
}

/// A card's name and text for the page: its keywords, then each effect's English text
/// (else its first language's).
fn card_info(d: &carddb::CardDef) -> Value {
    let mut text: Vec<String> = d.keywords.iter().map(|k| k.name.clone()).collect();
    text.extend(
        d.effects
            .iter()
            .filter_map(|e| e.text.get("en").or_else(|| e.text.values().next()).cloned()),
    );
    json!({ "name": d.name, "text": text.join("\n") })
}

fn parse(line: Option<&String>) -> Value {
    line.and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or(Value::Null)
}
