//! What one player may see: own hand in full, the opponent's hand as a count, decks as
//! counts, everything on the field and in the trashes. Texts are shared with the card
//! library (`Arc<str>`; serialised as plain strings): a view copies no string.

use std::sync::Arc;

use carddb::{CardKind, LevelRow};
use serde::{Deserialize, Serialize};

use super::game::{Game, Phase};
use super::types::{CoreLoc, Zone};
use crate::core::{InstanceId, Orientation, PlayerId};

/// A card in the viewer's own hand, with what it would cost now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandCardView {
    /// The card instance.
    pub id: InstanceId,
    /// The card definition id.
    pub card: Arc<str>,
    /// The card name (English).
    pub name: Arc<str>,
    /// The card kind.
    pub kind: CardKind,
    /// The printed cost.
    pub cost: u32,
    /// Cores to pay now after reductions (BS-5.2).
    pub to_pay: u32,
    /// Cores to place for the minimum level.
    pub min_cores: u32,
}

/// A card on a field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldCardView {
    /// The card instance.
    pub id: InstanceId,
    /// The card definition id.
    pub card: Arc<str>,
    /// The card name (English).
    pub name: Arc<str>,
    /// The card kind.
    pub kind: CardKind,
    /// Cores on the card (soul core included).
    pub cores: u32,
    /// Whether the soul core is on it.
    pub soul_core: bool,
    /// Its level from its cores (BS-5.1).
    pub level: Option<u8>,
    /// Its BP at that level (0 if none).
    pub bp: u32,
    /// Exhausted (sideways or upside down).
    pub exhausted: bool,
    /// BS-13.4: heavily exhausted (upside down; `exhausted` is true too): it refreshes
    /// only to exhausted.
    #[serde(default)]
    pub heavily_exhausted: bool,
    /// Total symbols (life an unblocked attack takes, BS-6.5.1).
    pub symbols: u32,
    /// The card's level table.
    pub levels: Arc<[LevelRow]>,
    /// BS-9.1: the host this brave is braved onto (then its cores, level, BP and
    /// orientation are the host's; it is not a card of its own in play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braved_onto: Option<InstanceId>,
    /// BS-9.1: the braves braved onto this card (its BP, symbols include theirs, BS-9.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub braves: Vec<InstanceId>,
}

/// One player's side as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Cores in life.
    pub life: u32,
    /// Cores in the reserve.
    pub reserve: u32,
    /// Whether the soul core is in the reserve.
    pub reserve_soul_core: bool,
    /// Cores in the trash.
    pub trash_cores: u32,
    /// Cores in the count area (BS-13.2).
    pub count: u32,
    /// Cards in the deck (order hidden).
    pub deck: u32,
    /// Cards in hand.
    pub hand_count: u32,
    /// The hand, only for the viewer's own side.
    pub hand: Option<Vec<HandCardView>>,
    /// Cards on the field, in the order they entered.
    pub field: Vec<FieldCardView>,
    /// Card ids in the trash, bottom first.
    pub trash: Vec<Arc<str>>,
    /// Whether a burst is set (BS-10.1; both players see that one is).
    #[serde(default)]
    pub burst_set: bool,
    /// The set burst's card name, only for the viewer's own side (it is face down).
    #[serde(default)]
    pub burst: Option<Arc<str>>,
    /// Card names in tecoto, face up (BS-13.1).
    #[serde(default)]
    pub tecoto: Vec<Arc<str>>,
}

/// What a player sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The viewer.
    pub me: PlayerId,
    /// The turn number (1 = first player's first turn).
    pub turn: u32,
    /// The turn player.
    pub active: PlayerId,
    /// Indexed by `PlayerId::index()`.
    pub players: [PlayerView; 2],
    /// The current attacker and blocker, if a battle is on.
    pub attacker: Option<InstanceId>,
    /// The blocking card, if any.
    pub blocker: Option<InstanceId>,
    /// The step of the turn (BS-1 … BS-7): `mulligan` (before the first turn), `start`
    /// (start, core, draw and refresh steps, BS-1 to BS-4), `main` (BS-5), `attack`
    /// (BS-6, its flash timings and block included), `end` (BS-7) or `over`.
    #[serde(default)]
    pub step: String,
}

impl Game {
    /// The view of player `me`. While an effect question waits, the board as it was when
    /// the question was asked (after the events of `pending_preview`), not the state the
    /// undone step will re-run from (README "Effects and decisions").
    pub fn view(&self, me: PlayerId) -> View {
        match self.frozen_view(me) {
            Some(v) => v.clone(),
            None => self.live_view(me),
        }
    }

    /// The view kept while an effect question waits ([`Game::view`]); `None` when the
    /// view is the current state's.
    pub(crate) fn frozen_view(&self, me: PlayerId) -> Option<&View> {
        let views = self.st.scripts.pending.as_ref()?.views.as_ref()?;
        Some(&views[me.index()])
    }

    /// The view of player `me` from the current state.
    fn live_view(&self, me: PlayerId) -> View {
        let side = |p: PlayerId| {
            let hand = (p == me).then(|| {
                self.pile(Zone::Hand(p))
                    .iter()
                    .map(|&c| {
                        let d = self.def_of(c);
                        let f = self.face_of(c);
                        let q = self.quote_card(p, c);
                        HandCardView {
                            id: c,
                            card: f.id.clone(),
                            name: f.name.clone(),
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
                        let f = self.face_of(c);
                        let row = self.level_and_row(c);
                        FieldCardView {
                            id: c,
                            card: f.id.clone(),
                            name: f.name.clone(),
                            kind: self.def_of(c).kind,
                            cores: self.cores_on(c),
                            soul_core: self.soul_at(CoreLoc::Card(c)),
                            level: row.map(|(l, _)| l),
                            bp: self.bp_at_row(c, row.and_then(|(_, r)| r)),
                            exhausted: self.is_exhausted(c),
                            heavily_exhausted: self.st.cards[c.index()].orientation
                                == Orientation::UpsideDown,
                            symbols: self.symbols_of(c),
                            levels: f.levels.clone(),
                            braved_onto: self.host_of(c),
                            braves: self.braves_on(c),
                        }
                    })
                    .collect(),
                trash: self
                    .pile(Zone::Trash(p))
                    .iter()
                    .map(|&c| self.face_of(c).id.clone())
                    .collect(),
                burst_set: self.burst_of(p).is_some(),
                burst: self
                    .burst_of(p)
                    .filter(|_| p == me)
                    .map(|c| self.face_of(c).name.clone()),
                tecoto: self
                    .pile(Zone::Tecoto(p))
                    .iter()
                    .map(|&c| self.face_of(c).name.clone())
                    .collect(),
            }
        };
        let battle = self.st.battle.as_ref();
        View {
            me,
            turn: self.st.turn,
            active: self.st.active,
            players: [side(PlayerId(0)), side(PlayerId(1))],
            attacker: battle.map(|b| b.attacker),
            blocker: battle.and_then(|b| b.blocker),
            step: self.step_name().to_string(),
        }
    }

    /// The step the game is in, for the view ([`View::step`]). A payment is in the
    /// attack step while a battle is on (a flash paid for, BS-6.2), else in the main step.
    fn step_name(&self) -> &'static str {
        match &self.st.phase {
            Phase::Mulligan(_) => "mulligan",
            Phase::TurnStart => "start",
            Phase::Main | Phase::Place(_) | Phase::CoreMove => "main",
            Phase::Pay(_) if self.st.battle.is_some() => "attack",
            Phase::Pay(_) => "main",
            Phase::AttackStart
            | Phase::AttackDeclare
            | Phase::AttackTax { .. }
            | Phase::Flash { .. }
            | Phase::Block
            | Phase::BattleResolve => "attack",
            Phase::EndStep => "end",
            Phase::Over(_) => "over",
        }
    }
}
