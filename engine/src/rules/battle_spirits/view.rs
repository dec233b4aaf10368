//! What one player may see: own hand in full, the opponent's hand as a count, decks as
//! counts, everything on the field and in the trashes.

use carddb::{CardKind, LevelRow};
use serde::{Deserialize, Serialize};

use super::game::{Game, Phase};
use super::types::{CoreLoc, Zone};
use crate::core::{InstanceId, PlayerId};

/// A card in the viewer's own hand, with what it would cost now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandCardView {
    pub id: InstanceId,
    pub card: String,
    pub name: String,
    pub kind: CardKind,
    pub cost: u32,
    /// Cores to pay now after reductions (BS-5.2).
    pub to_pay: u32,
    /// Cores to place for the minimum level.
    pub min_cores: u32,
}

/// A card on a field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldCardView {
    pub id: InstanceId,
    pub card: String,
    pub name: String,
    pub kind: CardKind,
    pub cores: u32,
    pub soul_core: bool,
    pub level: Option<u8>,
    pub bp: u32,
    pub exhausted: bool,
    /// Total symbols (life an unblocked attack takes, BS-6.5.1).
    pub symbols: u32,
    /// The card's level table.
    pub levels: Vec<LevelRow>,
}

/// One player's side as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub life: u32,
    pub reserve: u32,
    pub reserve_soul_core: bool,
    pub trash_cores: u32,
    pub count: u32,
    pub deck: u32,
    pub hand_count: u32,
    /// The hand, only for the viewer's own side.
    pub hand: Option<Vec<HandCardView>>,
    pub field: Vec<FieldCardView>,
    pub trash: Vec<String>,
}

/// What a player sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub me: PlayerId,
    pub turn: u32,
    pub active: PlayerId,
    /// Indexed by `PlayerId::index()`.
    pub players: [PlayerView; 2],
    /// The current attacker and blocker, if a battle is on.
    pub attacker: Option<InstanceId>,
    pub blocker: Option<InstanceId>,
}

impl Game {
    /// The view of player `me`.
    pub fn view(&self, me: PlayerId) -> View {
        let side = |p: PlayerId| {
            let hand = (p == me).then(|| {
                self.pile(Zone::Hand(p))
                    .iter()
                    .map(|&c| {
                        let d = self.def_of(c);
                        let q = self.quote(p, d);
                        HandCardView {
                            id: c,
                            card: d.id.clone(),
                            name: d.name.clone(),
                            kind: d.kind,
                            cost: d.cost,
                            to_pay: q.to_pay,
                            min_cores: q.min_cores,
                        }
                    })
                    .collect()
            });
            PlayerView {
                life: self.life(p),
                reserve: self.reserve(p),
                reserve_soul_core: self.soul_at(CoreLoc::Reserve(p)),
                trash_cores: self.cores_at(CoreLoc::Trash(p)),
                count: self.cores_at(CoreLoc::Count(p)),
                deck: self.pile(Zone::Deck(p)).len() as u32,
                hand_count: self.pile(Zone::Hand(p)).len() as u32,
                hand,
                field: self
                    .field(p)
                    .into_iter()
                    .map(|c| {
                        let d = self.def_of(c);
                        FieldCardView {
                            id: c,
                            card: d.id.clone(),
                            name: d.name.clone(),
                            kind: d.kind,
                            cores: self.cores_on(c),
                            soul_core: self.soul_at(CoreLoc::Card(c)),
                            level: self.level(c),
                            bp: self.bp(c),
                            exhausted: self.is_exhausted(c),
                            symbols: d.symbols.total(),
                            levels: d.levels.clone(),
                        }
                    })
                    .collect(),
                trash: self
                    .pile(Zone::Trash(p))
                    .iter()
                    .map(|c| self.card_id(*c).to_string())
                    .collect(),
            }
        };
        let battle = self.st.battle.as_ref();
        let _ = matches!(self.st.phase, Phase::Over(_));
        View {
            me,
            turn: self.st.turn,
            active: self.st.active,
            players: [side(PlayerId(0)), side(PlayerId(1))],
            attacker: battle.map(|b| b.attacker),
            blocker: battle.and_then(|b| b.blocker),
        }
    }
}
