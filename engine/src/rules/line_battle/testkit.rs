//! Synthetic line-battle cards and decks for tests (no pack needed): creatures and
//! masters as `carddb::CardDef` values, fillers to make LB-0.1-legal decks, and a way to
//! put a card straight into a line to set up a board.

use std::collections::BTreeMap;

use carddb::{CardDef, CardId, CardKind, CreatureStats, Effect, Line, MasterStats, Symbols};

use super::game::Game;
use super::state::Zone;
use crate::core::{InstanceId, PlayerId};

fn blank(id: &str, kind: CardKind, cost: u32) -> CardDef {
    CardDef {
        id: id.into(),
        name: format!("Card {id}"),
        names: BTreeMap::new(),
        kind,
        cost,
        colours: vec![],
        reduction: BTreeMap::new(),
        ultimate_reduction: 0,
        symbols: Symbols::default(),
        families: vec![],
        levels: vec![],
        brave: None,
        ultimate: None,
        over_count: None,
        keywords: vec![],
        effects: vec![],
        creature: None,
        master: None,
        token: false,
        set: None,
        rarity: None,
    }
}

/// A creature costing `cost` DP with AT, DF, SH, playable into both lines.
pub fn creature(id: &str, cost: u32, at: u32, df: u32, sh: u32) -> CardDef {
    let mut d = blank(id, CardKind::Creature, cost);
    d.creature = Some(CreatureStats {
        at,
        df,
        sh,
        lines: vec![Line::Attack, Line::Defense],
    });
    d
}

/// A master with `lp` LP (`None`: the ruleset default).
pub fn master(id: &str, lp: Option<u32>) -> CardDef {
    let mut d = blank(id, CardKind::Master, 0);
    d.master = Some(MasterStats { lp });
    d
}

/// `def` with one more effect: a timing label and an inline rhai script.
pub fn with_script(mut def: CardDef, timing: &str, script: &str) -> CardDef {
    def.effects.push(Effect {
        timing: Some(timing.into()),
        script: Some(script.into()),
        ..Effect::default()
    });
    def
}

/// `def` with one more effect: a timing label and English text (read by the phrases).
pub fn with_text(mut def: CardDef, timing: &str, text: &str) -> CardDef {
    def.effects.push(Effect {
        timing: Some(timing.into()),
        text: BTreeMap::from([("en".to_string(), text.to_string())]),
        ..Effect::default()
    });
    def
}

/// Fourteen vanilla filler creatures `FILL-01` … `FILL-14` (AT 1, DF 1, cost 99: never
/// affordable, so they stay in hand and deck).
pub fn fillers() -> Vec<CardDef> {
    (1..=14)
        .map(|i| creature(&format!("FILL-{i:02}"), 99, 1, 1, 0))
        .collect()
}

/// A 40-card deck: `cards` first, then fillers (3 copies each) up to 40.
pub fn deck(cards: &[&str]) -> Vec<CardId> {
    let mut d: Vec<CardId> = cards.iter().map(|c| c.to_string()).collect();
    let mut i = 0;
    while d.len() < 40 {
        d.push(format!("FILL-{:02}", i / 3 + 1));
        i += 1;
    }
    d
}

impl Game {
    /// Test and scenario support: puts one `card` of `player` (from their hand, else their
    /// deck) into `line`, with a `CardMoved` event; `None` when they have no such card there.
    pub fn put_into_line(
        &mut self,
        player: PlayerId,
        card: &str,
        line: Line,
    ) -> Option<InstanceId> {
        let found = [Zone::Hand(player), Zone::Deck(player)]
            .into_iter()
            .find_map(|z| {
                self.st
                    .zones
                    .pile(z)
                    .iter()
                    .copied()
                    .find(|&c| self.st.card_id(c) == card)
            })?;
        self.st.move_card(found, Zone::Line(player, line));
        self.cached = None;
        Some(found)
    }

    /// Test support: puts one `card` of `player` from their deck into their hand;
    /// `None` when their deck has no such card.
    pub fn put_into_hand(&mut self, player: PlayerId, card: &str) -> Option<InstanceId> {
        let found = self
            .st
            .zones
            .pile(Zone::Deck(player))
            .iter()
            .copied()
            .find(|&c| self.st.card_id(c) == card)?;
        self.st.move_card(found, Zone::Hand(player));
        self.cached = None;
        Some(found)
    }

    /// Test support: sets a player's DP.
    pub fn set_dp(&mut self, player: PlayerId, dp: u32) {
        self.st.dp[player.index()] = dp;
        self.cached = None;
    }
}

/// Test support: answers `EndMain` (and `DoneOrdering`) until `player`'s main phase
/// `phase` (1 or 2) of a later turn asks. Panics when an effect question comes first or
/// the game ends.
pub fn advance_to_main(game: &mut Game, player: PlayerId, phase: u8) {
    use super::decision::Step;
    use super::decision::{Choice, DecisionKind};
    use super::state::Phase;
    // Leave the current decision first when it is already the wanted one.
    let mut first = true;
    loop {
        match game.next() {
            Step::Over(r) => panic!("the game ended: {r:?}"),
            Step::Decision(req) => {
                if !first
                    && req.kind == DecisionKind::MainAction
                    && req.player == player
                    && game.state().phase == Phase::Main(phase)
                {
                    return;
                }
                first = false;
                let c = match req.kind {
                    DecisionKind::MainAction => Choice::EndMain,
                    DecisionKind::Order => Choice::DoneOrdering,
                    DecisionKind::EffectChoice => panic!("an effect asks: {}", req.prompt),
                };
                game.answer(c).expect("legal");
            }
        }
    }
}

/// A game of `cards` (plus fillers and master `M`, LP from `master_lp`) where player 1 goes
/// first and each deck holds every card of `cards` once; stopped at player 2's first main
/// phase (turn 2), DP as the rules give.
pub fn board(cards: Vec<CardDef>, master_lp: Option<u32>) -> Game {
    use super::config::LineBattleConfig;
    board_with(
        cards,
        master_lp,
        &crate::script::ScriptSources::default(),
        LineBattleConfig::default(),
    )
}

/// [`board`] with pack files (phrases) and rules options (`first_player` is set to P1).
pub fn board_with(
    cards: Vec<CardDef>,
    master_lp: Option<u32>,
    sources: &crate::script::ScriptSources,
    config: super::config::LineBattleConfig,
) -> Game {
    let ids: Vec<String> = cards.iter().map(|c| c.id.clone()).collect();
    let refs: Vec<&str> = ids.iter().map(|s| s.as_str()).collect();
    let mut defs = fillers();
    defs.push(master("M", master_lp));
    defs.extend(cards);
    let lib = super::library::LineLibrary::new(defs, sources).expect("library builds");
    let config = super::config::LineBattleConfig {
        first_player: Some(PlayerId(0)),
        ..config
    };
    let d = deck(&refs);
    let mut g =
        Game::new(config, lib, [("M".into(), d.clone()), ("M".into(), d)], 7).expect("legal decks");
    advance_to_main(&mut g, PlayerId(1), 1);
    g
}
