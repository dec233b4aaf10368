//! Replay files of `cardscript serve`'s games: written as `play --replay` reads them, and
//! loaded to play on.

use carddb::{Deck, DeckEntry, GameKind};
use engine::driver::replay::AnyReplay;
use serde_json::{Value, json};

use super::super::super::play::rules_of;
use super::{Games, Reply, Seat};

impl Games {
    /// The replay file of game `id`, in the form `cardscript play --replay` reads for this
    /// game: Battle Spirits' own (`engine::Replay`, with the rules of the game's format),
    /// or the plain driver's (`AnyReplay`) for the other games.
    pub(super) fn replay_file(&self, id: usize) -> Result<Value, String> {
        let p = &self.games[&id];
        let answers = p.session.game().answers_json();
        let hash = p.hash.clone();
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
    pub(super) fn load_replay(&mut self, body: &str) -> Result<Reply, Reply> {
        #[derive(serde::Deserialize)]
        struct Load {
            replay: Value,
            seats: Option<[Seat; 2]>,
            #[serde(default)]
            open: Vec<usize>,
        }
        self.make_room()?;
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
                return Err(format!("a replay of {}, not {}", r.game, self.kind.name()).into());
            }
            let format = r.decks[0]
                .format
                .clone()
                .or_else(|| r.decks[1].format.clone());
            (r, format)
        };
        let game = any.play(self.prepared(format.as_deref())?.as_ref())?;
        let seats = req.seats.unwrap_or([Seat::Human, Seat::Human]);
        let seating = super::Seating {
            seats,
            open: &req.open,
            auto_pass: false,
        };
        self.start(game, any.decks, format, any.seed, seating)
    }
}
