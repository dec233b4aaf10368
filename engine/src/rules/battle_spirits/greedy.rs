//! A greedy player: summons the most expensive card it can pay from its reserve while
//! keeping its spirits alive (a brave directly onto its strongest eligible spirit when it
//! can, BS-5.1.1), braves a spirit-form brave onto its strongest eligible spirit (BS-9.1;
//! it never unbraves or swaps, so the main step always ends), levels spirits up with spare
//! reserve cores, attacks when the
//! opponent has no refreshed blocker that would win, blocks when its blocker wins or when
//! its life is low.

use carddb::CardKind;

use super::Game;
use crate::core::InstanceId;
use crate::players::{Player, Sight};
use crate::rules::battle_spirits::{Choice, CoreSource, DecisionKind, DecisionRequest, View};

/// The greedy player (deterministic; no rng).
#[derive(Debug, Clone, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// A greedy player.
    pub fn new() -> GreedyPlayer {
        GreedyPlayer
    }
}

/// The own field card that reaches its next level with the fewest reserve cores, if the
/// reserve can pay for it: `(card, cores needed)`.
fn level_up_target(view: &View) -> Option<(InstanceId, u32)> {
    let me = &view.players[view.me.index()];
    me.field
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                CardKind::Spirit | CardKind::Ultimate | CardKind::Brave
            ) && f.braved_onto.is_none() // a braved brave holds no cores (BS-9.2)
        })
        .filter_map(|f| {
            let next = f.levels.iter().find(|r| r.cores > f.cores)?;
            Some((f.id, next.cores - f.cores))
        })
        .filter(|(_, need)| *need <= me.reserve)
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
        let view = sight.view();
        let me = &view.players[view.me.index()];
        let opp = &view.players[view.me.other().index()];
        let has = |c: &Choice| req.is_legal(c);
        let first = || req.options[0].choice.clone();
        match req.kind {
            DecisionKind::EffectChoice | DecisionKind::FlashOrPass => {
                unreachable!("answered without looking")
            }
            DecisionKind::Mulligan => {
                let cheap = me
                    .hand
                    .as_ref()
                    .map_or(0, |h| h.iter().filter(|c| c.cost <= 3).count());
                if cheap >= 2 || !has(&Choice::Mulligan) {
                    Choice::Keep
                } else {
                    Choice::Mulligan
                }
            }
            DecisionKind::MainAction => {
                // Most expensive card payable from the reserve alone; a brave onto the
                // strongest host rather than on its own (BS-5.1.1: no cores to place).
                let hand = me.hand.as_deref().unwrap_or_default();
                let bp_of =
                    |id: InstanceId| me.field.iter().find(|f| f.id == id).map_or(0, |f| f.bp);
                let best = req
                    .choices()
                    .filter_map(|c| {
                        let (id, need_min, host_bp) = match c {
                            Choice::Summon { card } | Choice::Deploy { card } => (*card, true, 0),
                            Choice::SummonOnto { card, host } => (*card, false, 1 + bp_of(*host)),
                            _ => return None,
                        };
                        let h = hand.iter().find(|h| h.id == id)?;
                        let need = h.to_pay + if need_min { h.min_cores } else { 0 };
                        (need <= me.reserve).then_some(((h.cost, host_bp), c.clone()))
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
                if level_up_target(view).is_some() && has(&Choice::MoveCores) {
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
                            let cores = me.field.iter().find(|f| f.id == *id)?.cores;
                            Some((cores, c.clone()))
                        }
                        _ => None,
                    })
                    .max_by_key(|(n, _)| *n)
                    .map_or_else(first, |(_, c)| c)
            }
            DecisionKind::CoreMovement => match level_up_target(view) {
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
                let best_blocker = opp
                    .field
                    .iter()
                    .filter(|f| {
                        !f.exhausted
                            && f.kind != CardKind::Nexus
                            && f.kind != CardKind::Magic
                            && f.braved_onto.is_none()
                    })
                    .map(|f| f.bp)
                    .max();
                let attackers: Vec<_> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Attack { attacker } => me.field.iter().find(|f| f.id == *attacker),
                        _ => None,
                    })
                    .collect();
                let lethal = attackers.iter().map(|a| a.symbols).sum::<u32>() >= opp.life
                    && attackers.len()
                        > opp
                            .field
                            .iter()
                            .filter(|f| {
                                !f.exhausted && f.kind != CardKind::Nexus && f.braved_onto.is_none()
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
                let attacker = view
                    .attacker
                    .and_then(|a| opp.field.iter().find(|f| f.id == a));
                let (abp, asym) = attacker.map_or((0, 1), |a| (a.bp, a.symbols));
                let blockers: Vec<_> = req
                    .choices()
                    .filter_map(|c| match c {
                        Choice::Block { blocker } => me.field.iter().find(|f| f.id == *blocker),
                        _ => None,
                    })
                    .collect();
                // A blocker that wins: the weakest such.
                if let Some(b) = blockers
                    .iter()
                    .filter(|b| b.bp > abp)
                    .min_by_key(|b| (b.bp, b.id))
                {
                    return Choice::Block { blocker: b.id };
                }
                // Survive: chump-block with the weakest; so too when a block must be
                // declared ("do not block" is not offered, BS-6.3).
                if me.life <= asym || me.life <= 2 || !req.is_legal(&Choice::NoBlock) {
                    let weakest = blockers.iter().min_by_key(|b| (b.bp, b.id));
                    if let Some(b) = weakest {
                        return Choice::Block { blocker: b.id };
                    }
                }
                Choice::NoBlock
            }
        }
    }
}
