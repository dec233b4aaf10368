//! Game set-up (BS-0.1 deck check, BS-0.2 cores, shuffle, opening hand, mulligan).

use carddb::CardId;

use super::config::RulesConfig;
use super::deck::check_deck_indexed;
use super::events::Event;
use super::game::{Game, Phase, SetupError, State};
use super::types::{CoreLoc, Zone};
use crate::core::{
    CardInstance, GameRng, InstanceId, Orientation, PlayerId, TokenLedger, TokenTable,
    TriggerQueue, Zones,
};
use crate::rules::battle_spirits::library::CardLibrary;

impl Game {
    /// Sets up a game: checks both decks (BS-0.1), creates the cards and cores, shuffles,
    /// decides who goes first (config or seeded rng), draws opening hands (BS-0.2).
    /// The first decision is the first player's mulligan.
    /// Errors: [`SetupError::Config`] for a rules option out of range,
    /// [`SetupError::Deck`] naming the player and the card or count.
    pub fn new(
        config: RulesConfig,
        library: CardLibrary,
        decks: [Vec<CardId>; 2],
        seed: u64,
    ) -> Result<Game, SetupError> {
        config.check().map_err(SetupError::Config)?;
        let mut defs = [Vec::new(), Vec::new()];
        for p in PlayerId::BOTH {
            defs[p.index()] = check_deck_indexed(&config, &library, p, &decks[p.index()])?;
        }
        let mut rng = GameRng::new(seed);
        let first = config
            .first_player
            .unwrap_or_else(|| PlayerId(rng.below(2) as u8));
        let st = State {
            catalogue_hash: library.hash().to_string(),
            config,
            seed,
            decks: Vec::from(decks).into(),
            rng,
            cards: Vec::new(),
            zones: Zones::default(),
            cores: TokenTable::default(),
            ledger: TokenLedger::default(),
            turn: 0,
            active: first,
            first,
            phase: Phase::Mulligan(first),
            battle: None,
            mulligans_used: [0, 0],
            unsupported_reported: Default::default(),
            triggers: TriggerQueue::default(),
            losses: Vec::new(),
            // Room for a whole game's events and answers (about 290 and 90 with
            // the starter decks), so the log is not copied as it grows.
            log: Vec::with_capacity(512).into(),
            answers: Vec::with_capacity(128).into(),
            answered: [0, 0],
            burst_set_turn: [0; 2],
            scripts: Default::default(),
            braves: Vec::new(),
            brave_moves: Vec::new(),
        };
        let mut g = Game {
            host: library.scripts(),
            lib: library,
            st,
            strict: false,
            cached: None,
            rt: Default::default(),
            def_index: Vec::new(),
            const_kinds: 0,
            field_triggers: Vec::new(),
            field_bits: 0,
            off_field_bits: 0,
        };
        g.note_defs();
        // The decks are shared with the state, not copied.
        let decks = g.st.decks.clone();
        g.st.cards.reserve(defs.iter().map(Vec::len).sum());
        for p in PlayerId::BOTH {
            for (card, &def) in decks[p.index()].iter().zip(&defs[p.index()]) {
                let id = InstanceId(g.st.cards.len() as u32);
                g.st.cards.push(CardInstance {
                    id,
                    card: card.clone(),
                    owner: p,
                    orientation: Orientation::Upright,
                });
                g.st.zones.insert(id, Zone::Deck(p));
                g.set_def_index(id, def);
            }
        }
        g.emit(Event::GameStarted { first });
        for p in PlayerId::BOTH {
            g.shuffle_deck(p);
            // BS-0.2: 5 cores in life, 4 in reserve of which one is the soul core.
            for _ in 0..g.st.config.starting_life {
                g.core_from_void(false, CoreLoc::Life(p));
            }
            let soul = g.st.config.soul_core && g.st.config.starting_reserve > 0;
            if soul {
                g.core_from_void(true, CoreLoc::Reserve(p));
            }
            for _ in u32::from(soul)..g.st.config.starting_reserve {
                g.core_from_void(false, CoreLoc::Reserve(p));
            }
            // BS-0.2: 4 cards.
            for _ in 0..g.st.config.opening_hand {
                g.draw(p);
            }
        }
        Ok(g)
    }

    /// Applies a mulligan answer (BS-0.2): a mulligan shuffles the hand into the deck and
    /// draws a new hand; keeping the *first* hand draws `keep_bonus_draw` extra (Saga).
    pub(crate) fn answer_mulligan(&mut self, p: PlayerId, mulligan: bool) {
        let used = self.st.mulligans_used[p.index()];
        let mut done = true;
        if mulligan {
            self.emit(Event::Mulligan { player: p });
            for c in self.pile(Zone::Hand(p)).to_vec() {
                self.move_card(c, Zone::Deck(p));
            }
            self.shuffle_deck(p);
            for _ in 0..self.st.config.opening_hand {
                self.draw(p);
            }
            self.st.mulligans_used[p.index()] += 1;
            done = self.st.mulligans_used[p.index()] >= self.st.config.mulligans;
        } else {
            self.emit(Event::KeptHand { player: p });
            if used == 0 {
                for _ in 0..self.st.config.keep_bonus_draw {
                    self.draw(p);
                }
            }
        }
        if done {
            self.st.phase = if p == self.st.first {
                Phase::Mulligan(p.other())
            } else {
                Phase::TurnStart
            };
        }
    }
}
