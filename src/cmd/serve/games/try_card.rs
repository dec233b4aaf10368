//! "Try this card" (the workshop's button, `POST /api/try`): a game against the greedy
//! player with the card in the human's opening hand. No hand is set by hand: the human's
//! deck is one of the catalogue's decks with one copy of the card put in (for another
//! card of the deck), and the first seed from the one asked whose deal puts it in the
//! opening hand is played, so the game is an ordinary seeded game whose replay plays back.

use carddb::{CardKind, Deck, DeckEntry};
use engine::core::PlayerId;
use engine::driver::GameOptions;
use engine::driver::protocol::Session;
use serde_json::Value;

use super::{Games, Reply, Seat, Seating};

/// Seeds tried at most for a deal with the card in the opening hand.
const SEEDS: u64 = 200;

impl Games {
    /// `{card, seed?}`: a new game, the human (P1) against the greedy player, with `card`
    /// in P1's opening hand; its answer is `new_game`'s (`{"id", "tokens"}`) and `seed`.
    /// Refused (400): an unknown card, a token or master (never in a main deck), no deck;
    /// (409) no deal within [`SEEDS`] seeds.
    pub(super) fn try_card(&mut self, body: &str) -> Result<Reply, Reply> {
        #[derive(serde::Deserialize)]
        struct Try {
            card: String,
            seed: Option<u64>,
        }
        let req: Try = serde_json::from_str(body).map_err(|e| format!("bad request: {e}"))?;
        let def = self.cat.card(&req.card).map_err(|e| e.to_string())?;
        if def.token || def.kind == CardKind::Master {
            return Err(format!("`{}` is never in a main deck: nothing to try", def.id).into());
        }
        let base = (self.decks.iter())
            .find(|d| d.entries.iter().any(|e| e.card == def.id))
            .or(self.decks.first())
            .ok_or("the catalogue has no deck to try the card in")?;
        let mine = with_card(base, &def);
        let other = self.decks.get(1).unwrap_or(base).clone();
        self.make_room()?;
        let format = mine.format.clone();
        let prepared = self.prepared(format.as_deref())?;
        let first = req.seed.unwrap_or(1);
        for seed in first..first.saturating_add(SEEDS) {
            let options = GameOptions {
                seed,
                ..GameOptions::default()
            };
            let game = prepared.new_game([&mine, &other], options)?;
            let mut probe = Session::new(game, [None, Some(engine::driver::Robot::Greedy)], seed);
            probe.start(self.kind.name());
            if !in_hand(&probe.game().view_json(PlayerId(0)), &def.id) {
                continue;
            }
            let game = prepared.new_game([&mine, &other], options)?;
            let seating = Seating {
                seats: [Seat::Human, Seat::Greedy],
                open: &[],
                auto_pass: false,
            };
            let mut reply = self.start(game, [mine, other], format, seed, seating)?;
            if let Ok(mut v) = serde_json::from_str::<Value>(&reply.body) {
                v["seed"] = seed.into();
                reply.body = v.to_string();
            }
            return Ok(reply);
        }
        Err(Reply::error(
            409,
            format!(
                "no deal from seed {first} on put `{}` in the opening hand",
                def.id
            ),
        ))
    }
}

/// `base` with one copy of `card` in it: unchanged when it holds the card, else one copy
/// of its most numerous card gives way (the deck's size stays, and one copy is within
/// every format's limit, BS-0.1, LB-0.1).
fn with_card(base: &Deck, card: &carddb::CardDef) -> Deck {
    let mut deck = base.clone();
    if deck.entries.iter().any(|e| e.card == card.id) {
        return deck;
    }
    if let Some(most) = deck.entries.iter_mut().max_by_key(|e| e.count) {
        most.count -= 1;
    }
    deck.entries.retain(|e| e.count > 0);
    deck.entries.push(DeckEntry {
        count: 1,
        card: card.id.clone(),
        name: Some(card.name.clone()),
        line: 0,
    });
    deck.name = format!("{} with {}", base.name, card.id);
    deck
}

/// Whether P1's hand in `view` (`view_json`) holds a copy of `id`.
fn in_hand(view: &Value, id: &str) -> bool {
    view["players"][0]["hand"]
        .as_array()
        .is_some_and(|h| h.iter().any(|c| c["card"] == id))
}
