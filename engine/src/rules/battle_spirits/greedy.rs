//! A greedy player: summons the most expensive card it can pay from its reserve while
//! keeping its spirits alive (a brave directly onto its strongest eligible spirit when it
//! can, BS-5.1.1), braves a spirit-form brave onto its strongest eligible spirit (BS-9.1;
//! it never unbraves or swaps, so the main step always ends), levels spirits up with spare
//! reserve cores, attacks when the
//! opponent has no refreshed blocker that would win, blocks when its blocker wins or when
//! its life is low.

use carddb::{CardKind, LevelRow};

use super::Game;
use super::types::Zone;
use crate::core::{InstanceId, PlayerId};
use crate::players::{Player, Sight};
use crate::rules::battle_spirits::{
    Choice, CoreSource, DecisionKind, DecisionRequest, FieldCardView, View,
};

/// The greedy player (deterministic; no rng).
#[derive(Debug, Clone, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// A greedy player.
    pub fn new() -> GreedyPlayer {
        GreedyPlayer
    }
}

/// What the greedy player reads of the board: a built view, or the game itself read for
/// the same values, only those a decision needs (building the whole view cost a
/// fifth of a demo game's instructions). Either reads only what the seat's view shows.
#[derive(Clone, Copy)]
enum Board<'a> {
    /// A view given or kept (an effect question waiting, `Game::frozen_view`).
    View(&'a View),
    /// The game now, seen by this seat: its own hand, both fields, lives, reserve, battle.
    Live(&'a Game, PlayerId),
}

/// One field card as the greedy player reads it (`FieldCardView`'s values).
#[derive(Clone, Copy)]
enum Seen<'a> {
    View(&'a FieldCardView),
    Live(&'a Game, InstanceId),
}

impl<'a> Seen<'a> {
    fn id(self) -> InstanceId {
        match self {
            Seen::View(f) => f.id,
            Seen::Live(_, c) => c,
        }
    }

    fn kind(self) -> CardKind {
        match self {
            Seen::View(f) => f.kind,
            Seen::Live(g, c) => g.def_of(c).kind,
        }
    }

    fn exhausted(self) -> bool {
        match self {
            Seen::View(f) => f.exhausted,
            Seen::Live(g, c) => g.is_exhausted(c),
        }
    }

    fn braved_onto(self) -> Option<InstanceId> {
        match self {
            Seen::View(f) => f.braved_onto,
            Seen::Live(g, c) => g.host_of(c),
        }
    }

    fn cores(self) -> u32 {
        match self {
            Seen::View(f) => f.cores,
            Seen::Live(g, c) => g.cores_on(c),
        }
    }

    fn bp(self) -> u32 {
        match self {
            Seen::View(f) => f.bp,
            Seen::Live(g, c) => g.bp(c),
        }
    }

    fn symbols(self) -> u32 {
        match self {
            Seen::View(f) => f.symbols,
            Seen::Live(g, c) => g.symbols_of(c),
        }
    }

    /// The level table (the view's `levels` is the definition's, shared).
    fn levels(self) -> &'a [LevelRow] {
        match self {
            Seen::View(f) => &f.levels,
            Seen::Live(g, c) => &g.def_of(c).levels,
        }
    }
}

/// A field card's id, BP and symbols, read once.
#[derive(Clone, Copy)]
struct Fighter {
    id: InstanceId,
    bp: u32,
    symbols: u32,
}

impl<'a> Board<'a> {
    /// The board `sight` shows: the game itself unless only a view is at hand.
    fn of(sight: &'a Sight<'_, Game>) -> Board<'a> {
        match sight.seat() {
            Some((g, me)) if g.frozen_view(me).is_none() => Board::Live(g, me),
            _ => Board::View(sight.view()),
        }
    }

    fn seat(self, mine: bool) -> PlayerId {
        let me = match self {
            Board::View(v) => v.me,
            Board::Live(_, me) => me,
        };
        if mine { me } else { me.other() }
    }

    /// The field cards of the viewer (`mine`) or the opponent, in the view's order.
    fn field(self, mine: bool) -> impl Iterator<Item = Seen<'a>> {
        let p = self.seat(mine);
        let (view, live) = match self {
            Board::View(v) => (&v.players[p.index()].field[..], None),
            Board::Live(g, _) => (&[][..], Some((g, g.pile(Zone::Field(p))))),
        };
        let live = live
            .into_iter()
            .flat_map(|(g, cs)| cs.iter().map(move |&c| Seen::Live(g, c)));
        view.iter().map(Seen::View).chain(live)
    }

    /// Field card `id` of the viewer (`mine`) or the opponent, if it is there.
    fn find(self, mine: bool, id: InstanceId) -> Option<Seen<'a>> {
        self.field(mine).find(|f| f.id() == id)
    }

    fn life(self, mine: bool) -> u32 {
        let p = self.seat(mine);
        match self {
            Board::View(v) => v.players[p.index()].life,
            Board::Live(g, _) => g.life(p),
        }
    }

    /// The viewer's reserve.
    fn reserve(self) -> u32 {
        let p = self.seat(true);
        match self {
            Board::View(v) => v.players[p.index()].reserve,
            Board::Live(g, _) => g.reserve(p),
        }
    }

    fn attacker(self) -> Option<InstanceId> {
        match self {
            Board::View(v) => v.attacker,
            Board::Live(g, _) => g.battle_cards().map(|(a, _)| a),
        }
    }

    /// The viewer's hand cards costing at most `cost`.
    fn cheap_in_hand(self, cost: u32) -> usize {
        match self {
            Board::View(v) => (v.players[v.me.index()].hand.as_ref())
                .map_or(0, |h| h.iter().filter(|c| c.cost <= cost).count()),
            Board::Live(g, me) => (g.pile(Zone::Hand(me)).iter())
                .filter(|&&c| g.def_of(c).cost <= cost)
                .count(),
        }
    }

    /// The viewer's hand card `id`, if in hand: `(cost, to_pay, min_cores)` (`HandCardView`).
    fn hand_card(self, id: InstanceId) -> Option<(u32, u32, u32)> {
        match self {
            Board::View(v) => (v.players[v.me.index()].hand.as_deref())
                .unwrap_or_default()
                .iter()
                .find(|h| h.id == id)
                .map(|h| (h.cost, h.to_pay, h.min_cores)),
            Board::Live(g, me) => {
                if !g.pile(Zone::Hand(me)).contains(&id) {
                    return None;
                }
                let q = g.quote_card(me, id);
                Some((g.def_of(id).cost, q.to_pay, q.min_cores))
            }
        }
    }

    /// The viewer's field card `id` as a fighter, if it is there.
    fn fighter(self, id: InstanceId) -> Option<Fighter> {
        let f = self.find(true, id)?;
        Some(Fighter {
            id,
            bp: f.bp(),
            symbols: f.symbols(),
        })
    }
}

/// The own field card that reaches its next level with the fewest reserve cores, if the
/// reserve can pay for it: `(card, cores needed)`.
fn level_up_target(board: Board<'_>) -> Option<(InstanceId, u32)> {
    let reserve = board.reserve();
    board
        .field(true)
        .filter(|f| {
            matches!(
                f.kind(),
                CardKind::Spirit | CardKind::Ultimate | CardKind::Brave
            ) && f.braved_onto().is_none() // a braved brave holds no cores (BS-9.2)
        })
        .filter_map(|f| {
            let cores = f.cores();
            let next = f.levels().iter().find(|r| r.cores > cores)?;
            Some((f.id(), next.cores - cores))
        })
        .filter(|(_, need)| *need <= reserve)
        .min_by_key(|(id, need)| (*need, *id))
}

/// The answers that need no look at the board: an effect's first option, passing on
/// flash, and paying or placing from the reserve.
fn without_looking(req: &DecisionRequest) -> Option<Choice> {
    match req.kind {
        // Effect choices: the first option (yes; the first target).
        DecisionKind::EffectChoice => Some(req.options[0].choice.clone()),
        DecisionKind::FlashOrPass => Some(Choice::Pass),
        DecisionKind::PayFrom | DecisionKind::PlaceCore => {
            if req.kind == DecisionKind::PlaceCore && req.is_legal(&Choice::DonePlacing) {
                return Some(Choice::DonePlacing);
            }
            [false, true]
                .into_iter()
                .map(|soul| match req.kind {
                    DecisionKind::PayFrom => Choice::PayFrom {
                        from: CoreSource::Reserve,
                        soul,
                    },
                    _ => Choice::PlaceFrom {
                        from: CoreSource::Reserve,
                        soul,
                    },
                })
                .find(|c| req.is_legal(c))
        }
        _ => None,
    }
}

impl Player<Game> for GreedyPlayer {
    fn decide(&mut self, sight: &Sight<'_, Game>, req: &DecisionRequest) -> Choice {
        if let Some(c) = without_looking(req) {
            return c;
        }
        let board = Board::of(sight);
        let has = |c: &Choice| req.is_legal(c);
        let first = || req.options[0].choice.clone();
        match req.kind {
            DecisionKind::EffectChoice | DecisionKind::FlashOrPass => {
                unreachable!("answered without looking")
            }
            DecisionKind::Mulligan => {
                if board.cheap_in_hand(3) >= 2 || !has(&Choice::Mulligan) {
                    Choice::Keep
                } else {
                    Choice::Mulligan
                }
            }
            DecisionKind::MainAction => {
                // Most expensive card payable from the reserve alone; a brave onto the
                // strongest host rather than on its own (BS-5.1.1: no cores to place).
                let reserve = board.reserve();
                let bp_of = |id: InstanceId| board.find(true, id).map_or(0, |f| f.bp());
                let best = req
                    .choices()
                    .filter_map(|c| {
                        let (id, need_min, host) = match c {
                            Choice::Summon { card } | Choice::Deploy { card } => {
                                (*card, true, None)
                            }
                            Choice::SummonOnto { card, host } => (*card, false, Some(*host)),
                            _ => return None,
                        };
                        let (cost, to_pay, min_cores) = board.hand_card(id)?;
                        let need = to_pay + if need_min { min_cores } else { 0 };
                        if need > reserve {
                            return None;
                        }
                        let host_bp = host.map_or(0, |h| 1 + bp_of(h));
                        Some(((cost, host_bp), c.clone()))
                    })
                    .max_by_key(|(key, _)| *key);
                if let Some((_, c)) = best {
                    return c;
                }
                // BS-9.1: brave a spirit-form brave onto the strongest host.
                let brave = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Brave { host, .. } => Some((bp_of(*host), c.clone())),
                        _ => None,
                    })
                    .max_by_key(|(bp, _)| *bp);
                if let Some((_, c)) = brave {
                    return c;
                }
                if level_up_target(board).is_some() && has(&Choice::MoveCores) {
                    return Choice::MoveCores;
                }
                Choice::EndMain
            }
            DecisionKind::PayFrom | DecisionKind::PlaceCore => {
                // From the field card with the most cores.
                req.choices()
                    .filter_map(|c| match c {
                        Choice::PayFrom {
                            from: CoreSource::Card(id),
                            ..
                        }
                        | Choice::PlaceFrom {
                            from: CoreSource::Card(id),
                            ..
                        } => {
                            let cores = board.find(true, *id)?.cores();
                            Some((cores, c.clone()))
                        }
                        _ => None,
                    })
                    .max_by_key(|(n, _)| *n)
                    .map_or_else(first, |(_, c)| c)
            }
            DecisionKind::CoreMovement => match level_up_target(board) {
                Some((id, _)) => {
                    for soul in [false, true] {
                        let c = Choice::MoveCore {
                            from: CoreSource::Reserve,
                            to: CoreSource::Card(id),
                            soul,
                        };
                        if has(&c) {
                            return c;
                        }
                    }
                    Choice::DoneMoving
                }
                None => Choice::DoneMoving,
            },
            DecisionKind::AttackOrEnd => {
                let best_blocker = board
                    .field(false)
                    .filter(|f| {
                        !f.exhausted()
                            && f.kind() != CardKind::Nexus
                            && f.kind() != CardKind::Magic
                            && f.braved_onto().is_none()
                    })
                    .map(|f| f.bp())
                    .max();
                let attackers: Vec<Fighter> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Attack { attacker } => board.fighter(*attacker),
                        _ => None,
                    })
                    .collect();
                let lethal = attackers.iter().map(|a| a.symbols).sum::<u32>() >= board.life(false)
                    && attackers.len()
                        > board
                            .field(false)
                            .filter(|f| {
                                !f.exhausted()
                                    && f.kind() != CardKind::Nexus
                                    && f.braved_onto().is_none()
                            })
                            .count();
                let pick = attackers
                    .iter()
                    .filter(|a| lethal || best_blocker.is_none_or(|b| a.bp > b))
                    .max_by_key(|a| (a.bp, a.id));
                match pick {
                    Some(a) => Choice::Attack { attacker: a.id },
                    // BS-6.1: a spirit that must attack leaves no "end" option.
                    None if !req.is_legal(&Choice::EndAttack) => attackers
                        .iter()
                        .max_by_key(|a| (a.bp, a.id))
                        .map_or(Choice::EndAttack, |a| Choice::Attack { attacker: a.id }),
                    None => Choice::EndAttack,
                }
            }
            DecisionKind::BlockOrNot => {
                let attacker = board.attacker().and_then(|a| board.find(false, a));
                let (abp, asym) = attacker.map_or((0, 1), |a| (a.bp(), a.symbols()));
                let blockers: Vec<(u32, InstanceId)> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Block { blocker } => {
                            board.find(true, *blocker).map(|b| (b.bp(), b.id()))
                        }
                        _ => None,
                    })
                    .collect();
                // A blocker that wins: the weakest such.
                if let Some(&(_, id)) = blockers.iter().filter(|b| b.0 > abp).min() {
                    return Choice::Block { blocker: id };
                }
                // Survive: chump-block with the weakest; so too when a block must be
                // declared ("do not block" is not offered, BS-6.3).
                let life = board.life(true);
                if (life <= asym || life <= 2 || !req.is_legal(&Choice::NoBlock))
                    && let Some(&(_, id)) = blockers.iter().min()
                {
                    return Choice::Block { blocker: id };
                }
                Choice::NoBlock
            }
        }
    }
}
