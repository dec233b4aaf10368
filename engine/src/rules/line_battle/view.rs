//! What one player may see: their own hand, both fields, graveyards, LP and DP, the
//! orders of the battle; the opponent's hand and both decks only as counts.

use carddb::{CardId, Line};
use serde::Serialize;

use super::battle::value;
use super::decision::Target;
use super::game::Game;
use super::state::{Phase, Stat, Zone};
use crate::core::{InstanceId, PlayerId};

/// A creature on the field with its numbers now and its DP cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CreatureView {
    pub id: InstanceId,
    pub card: CardId,
    pub cost: u32,
    pub at: u32,
    pub df: u32,
    pub sh: u32,
}

/// A card in one's own hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandCard {
    pub id: InstanceId,
    pub card: CardId,
    /// Its DP cost (LB-0.3).
    pub cost: u32,
}

/// One player's side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub master: CardId,
    pub lp: i64,
    pub dp: u32,
    /// The hand, for its owner only.
    pub hand: Option<Vec<HandCard>>,
    pub hand_count: usize,
    pub deck_count: usize,
    pub attack_line: Vec<CreatureView>,
    pub defense_line: Vec<CreatureView>,
    pub graveyard: Vec<CardId>,
}

impl SideView {
    /// The creature `id` on this side's field and its line.
    pub fn creature(&self, id: InstanceId) -> Option<(&CreatureView, Line)> {
        self.attack_line
            .iter()
            .find(|c| c.id == id)
            .map(|c| (c, Line::Attack))
            .or_else(|| {
                self.defense_line
                    .iter()
                    .find(|c| c.id == id)
                    .map(|c| (c, Line::Defense))
            })
    }
}

/// The game as `me` sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub me: PlayerId,
    pub turn: u32,
    pub active: PlayerId,
    pub sides: [SideView; 2],
    /// The orders of the battle in progress: attacker and target.
    pub orders: Vec<(InstanceId, Target)>,
    /// The phase of the turn: `start`, `draw`, `main 1`, `main 2`, `battle start`,
    /// `orders` (LB-1.1), `perform` (LB-2), `battles` (LB-3), `damage` (LB-4),
    /// `end of battle` (LB-5), `end` or `over`.
    pub phase: String,
}

impl Game {
    /// The game as `me` sees it (hidden information hidden).
    pub fn view(&self, me: PlayerId) -> View {
        let st = &self.st;
        let cost = |c: InstanceId| self.lib.get(st.card_id(c)).map_or(0, |d| d.cost);
        let creatures = |p, l| {
            st.line(p, l)
                .into_iter()
                .map(|c| CreatureView {
                    id: c,
                    card: st.card_id(c).to_string(),
                    cost: cost(c),
                    at: value(&self.lib, st, c, Stat::At),
                    df: value(&self.lib, st, c, Stat::Df),
                    sh: value(&self.lib, st, c, Stat::Sh),
                })
                .collect()
        };
        let side = |p: PlayerId| {
            let hand = st.zones.pile(Zone::Hand(p));
            SideView {
                master: st.decks[p.index()].0.clone(),
                lp: st.lp[p.index()],
                dp: st.dp[p.index()],
                hand: (p == me).then(|| {
                    hand.iter()
                        .map(|&c| HandCard {
                            id: c,
                            card: st.card_id(c).to_string(),
                            cost: cost(c),
                        })
                        .collect()
                }),
                hand_count: hand.len(),
                deck_count: st.zones.pile(Zone::Deck(p)).len(),
                attack_line: creatures(p, Line::Attack),
                defense_line: creatures(p, Line::Defense),
                graveyard: st
                    .zones
                    .pile(Zone::Graveyard(p))
                    .iter()
                    .map(|&c| st.card_id(c).to_string())
                    .collect(),
            }
        };
        let phase = match &st.phase {
            Phase::TurnStart => "start".to_string(),
            Phase::Draw => "draw".to_string(),
            Phase::Main(n) => format!("main {n}"),
            Phase::BattleStart => "battle start".to_string(),
            Phase::Orders => "orders".to_string(),
            Phase::Perform => "perform".to_string(),
            Phase::Battles => "battles".to_string(),
            Phase::Damage => "damage".to_string(),
            Phase::EndBattle | Phase::AfterBattle => "end of battle".to_string(),
            Phase::End => "end".to_string(),
            Phase::Over(_) => "over".to_string(),
        };
        View {
            phase,
            me,
            turn: st.turn,
            active: st.active,
            sides: [side(PlayerId(0)), side(PlayerId(1))],
            orders: st
                .battle
                .as_ref()
                .map(|b| {
                    b.orders
                        .iter()
                        .filter(|o| !o.ended)
                        .map(|o| (o.attacker, o.target))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}
