//! Effects that work from somewhere other than the field, and what a card asks of its own
//! summoning. An effect's `zone:` (`carddb::EffectZone`) says where its card must be:
//! `field` (the default) keeps the rules of `run` (field cards, a magic being used, a set
//! burst); `hand` and `trash` effects are reached here, from both players' hands and
//! trashes, turn player's first (BS-8.4 orders them with the rest):
//! - [`Trigger::YourSpiritsBattleEnds`] at the end of a battle (BS-6.7), for each player
//!   whose spirit fought in it, with that spirit as `event_cards()`;
//! - [`Trigger::YourSpiritDestroyed`] once a destroyed or depleted spirit is in the trash
//!   (BS-6.6, BS-5.3), its controller's effects only, with the spirits as `event_cards()`;
//!   a card destroyed together with them is not reached (keyword ruling K13);
//! - [Flash] / [Main] effects are offered as `UseEffect` like field ones (BS-5.6, BS-6.2).
//!
//! An activated effect (here or on the field) whose script defines `fn can_use()` is
//! offered only while that function, run read-only, returns `true` ([`Game::usable_now`]).
//!
//! A card's [`Trigger::SummonRequirement`] effects (read-only, their value must be `true`)
//! decide whether it may be summoned at all, and its [`Trigger::AdditionalSummonCost`]
//! effects are paid as each summoning starts, by the rules or by an effect, free or not
//! (BS-5.1; keyword ruling K4), before the BS-5.2 cost is read.

use std::rc::Rc;

use carddb::EffectZone;
use rhai::{Dynamic, Scope};

use super::ctx::{self, RunCtx};
use super::hooks::Trigger;
use super::reach::Reached;
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::{Choice, Game, Zone};

impl Game {
    /// Whether an effect with `zone` works where `card` is now: a field effect wherever
    /// the rules of `run` reach it, a hand or trash effect only there.
    pub(crate) fn zone_ok(&self, card: InstanceId, zone: EffectZone) -> bool {
        match zone {
            EffectZone::Field => true,
            EffectZone::Hand => matches!(self.zone_of(card), Zone::Hand(_)),
            EffectZone::Trash => matches!(self.zone_of(card), Zone::Trash(_)),
        }
    }

    /// Whether a reached effect of `card` may still resolve where the card is now: a hand or
    /// trash effect only while its card is still there (it may have left meanwhile).
    pub(crate) fn still_works_there(&self, card: InstanceId, effect: u32) -> bool {
        self.host
            .effect(self.card_id(card), effect)
            .is_none_or(|e| e.zone.is_field() || self.zone_ok(card, e.zone))
    }

    /// The hand/trash effects of `card` that work where it is, with a trigger matching
    /// `pred`: its own, then those of the keywords it has. `bits`: as for
    /// [`Game::matching_of`].
    fn zone_matching(
        &self,
        card: InstanceId,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
    ) -> Vec<u32> {
        let zone = match self.zone_of(card) {
            Zone::Hand(_) => EffectZone::Hand,
            Zone::Trash(_) => EffectZone::Trash,
            _ => return Vec::new(),
        };
        // As in `matching_of`.
        let own = self.strict || self.trigger_bits_of(card) & bits != 0;
        let mut out: Vec<u32> = match self.effects_of_instance(card).filter(|_| own) {
            Some(effs) => (effs.iter().enumerate())
                .filter(|(_, e)| {
                    e.zone == zone && e.triggers.iter().any(|t| self.wants(bits, pred, *t))
                })
                .map(|(i, _)| i as u32)
                .collect(),
            None => Vec::new(),
        };
        // Off the field a card has its printed keywords and those an effect gives cards
        // there (ruling C#140: "spirit cards in your hand gain Swift"), when the game's
        // bits say some card may give one (`Game::note_def`).
        let printed = !self.def_of(card).keywords.is_empty();
        let gained =
            || self.off_field_bits & bits != 0 && self.may_hold_keyword(card, &[], true, |_| true);
        if !self.host.keywords.list.is_empty() && (printed || gained()) {
            out.extend(self.keyword_effects(card, zone, bits, pred));
        }
        out
    }

    /// Hand, then trash, effects of both players' cards (turn player's first) with
    /// `pred(trigger, controller)`; `skip`: cards not reached. `bits`: as for
    /// [`Game::matching_of`].
    fn reach_zones(
        &self,
        out: &mut Vec<Reached>,
        bits: u64,
        pred: &dyn Fn(Trigger, PlayerId) -> bool,
        ev: &[InstanceId],
        skip: &[InstanceId],
    ) {
        // No hand or trash effect of this game's cards has a trigger of `bits`
        // (strict games check that none is reached).
        let none = self.off_field_bits & bits == 0;
        if !self.host.zone_effects || (none && !self.strict) {
            return;
        }
        let before = out.len();
        let a = self.st.active;
        for p in [a, a.other()] {
            for z in [Zone::Hand(p), Zone::Trash(p)] {
                for &card in self.pile(z) {
                    if skip.contains(&card) {
                        continue;
                    }
                    for effect in self.zone_matching(card, bits, &|t| pred(t, p)) {
                        out.push(Reached::Effect {
                            card,
                            effect,
                            controller: p,
                            ev: ev.to_vec(),
                            field: false,
                        });
                    }
                }
            }
        }
        assert!(
            !none || out.len() == before,
            "a hook reached a hand or trash effect whose trigger the game's bits miss"
        );
    }

    /// BS-6.7: the battle `fought` (attacker, blocker) ended: "when your spirit's battle
    /// ends" effects of each player who fought in it, on the field, in the hands and in the
    /// trashes, with that player's fighters as `event_cards()`.
    pub(super) fn reach_battle_ended(&self, out: &mut Vec<Reached>, fought: &[InstanceId]) {
        for p in PlayerId::BOTH {
            let ev: Vec<InstanceId> = fought
                .iter()
                .copied()
                .filter(|c| self.owner(*c) == p)
                .collect();
            if ev.is_empty() {
                continue;
            }
            let ends = Trigger::YourSpiritsBattleEnds;
            let pred = |t: Trigger, q: PlayerId| q == p && t == ends;
            self.reach_field(out, ends.bit(), &pred, &ev);
            self.reach_zones(out, ends.bit(), &pred, &ev, &[]);
        }
    }

    /// BS-6.6 / BS-5.3: `cards` (destroyed or depleted together) are off the field: the
    /// effects of their controllers that wait for "one of your spirits is destroyed"
    /// resolve now (BS-8.4 order), each controller's with that player's cards. Cards of
    /// `cards` themselves are not reached (keyword ruling K13).
    pub(crate) fn after_destroyed(&mut self, cards: &[InstanceId]) {
        if !self.host.has_effects() || self.halted() {
            return;
        }
        let mut due = Vec::new();
        for p in PlayerId::BOTH {
            let ev: Vec<InstanceId> = cards
                .iter()
                .copied()
                .filter(|c| self.owner(*c) == p && self.def_of(*c).kind.is_permanent())
                .filter(|c| self.def_of(*c).kind != carddb::CardKind::Nexus)
                .collect();
            if ev.is_empty() {
                continue;
            }
            let destroyed = Trigger::YourSpiritDestroyed;
            let pred = |t: Trigger, q: PlayerId| q == p && t == destroyed;
            self.reach_field(&mut due, destroyed.bit(), &pred, &ev);
            self.reach_zones(&mut due, destroyed.bit(), &pred, &ev, cards);
        }
        if !due.is_empty() {
            // BS-8.1: "does not work" rules (ruling C#13).
            self.drop_silenced(&mut due, super::state::Timing::Destroyed);
            self.resolve_simultaneous(due);
        }
    }

    /// [Main]/[Flash] effects of `p`'s hand and trash cards usable now (BS-5.6: Flash in
    /// every flash timing, Main only in the main step), each once per turn like field
    /// ones; answered with `UseEffect`.
    pub(crate) fn zone_effect_options(
        &self,
        p: PlayerId,
        flash_timing: bool,
    ) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        let want = |t: Trigger| t == Trigger::Flash || (!flash_timing && t == Trigger::Main);
        let bits = Trigger::Flash.bit() | Trigger::Main.bit();
        // As in `reach_zones`.
        let none = self.off_field_bits & bits == 0;
        if !self.host.zone_effects || (none && !self.strict) {
            return v;
        }
        for z in [Zone::Hand(p), Zone::Trash(p)] {
            for &c in self.pile(z) {
                for i in self.zone_matching(c, bits, &want) {
                    if !self.st.scripts.activated.contains(&(c, i)) && self.usable_now(c, i, p) {
                        v.push(Labelled {
                            choice: Choice::UseEffect { card: c, effect: i },
                            label: self.lbl(|| {
                                format!(
                                    "Use the effect of {} {c} from the {}",
                                    self.name(c),
                                    z.name()
                                )
                            }),
                        });
                    }
                }
            }
        }
        assert!(
            !none || v.is_empty(),
            "a hand or trash effect is usable whose trigger the game's bits miss"
        );
        v
    }

    /// Whether `p` may use the [Main]/[Flash] effect `effect` of `card` now: its script's
    /// `fn can_use()` (run read-only) returns `true`, or the script defines none. An
    /// activated effect is offered only then (a summon it could not pay is no option).
    pub(crate) fn usable_now(&self, card: InstanceId, effect: u32, p: PlayerId) -> bool {
        let e = self.effect_of_instance(card, effect);
        let Some((Ok(ast), calls)) = e.map(|e| (&e.script, &e.calls)) else {
            return true;
        };
        if !ast
            .iter_functions()
            .any(|f| f.name == "can_use" && f.params.is_empty())
        {
            return true;
        }
        let mut rc = RunCtx::new(card, effect, p);
        rc.this = self.unit_of(card);
        let _g = ctx::enter_ref(self, Rc::new(rc));
        super::warm::call_warm(&self.host.engine, ast, &self.host.can_use_call, calls)
            .ok()
            .and_then(|d| d.as_bool().ok())
            .unwrap_or(false)
    }

    /// The effects of `card` with trigger `t`, wherever it is and whatever their `zone:`
    /// says: its own, then those of the keywords it has.
    pub(crate) fn own_effects_with(&self, card: InstanceId, t: Trigger) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .effects_of_instance(card)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.triggers.contains(&t))
            .map(|(i, _)| i as u32)
            .collect();
        let printed = !self.def_of(card).keywords.is_empty();
        if !self.host.keywords.list.is_empty() && (printed || self.on_field(card)) {
            for zone in [EffectZone::Field, EffectZone::Hand, EffectZone::Trash] {
                out.extend(self.keyword_effects(card, zone, t.bit(), &|x| x == t));
            }
        }
        out
    }

    /// BS-5.1: whether every summoning requirement of `card` holds for `p` now (each
    /// [`Trigger::SummonRequirement`] script, run read-only, returns `true`; a script
    /// that fails or returns anything else means no).
    pub fn summon_requirement_met(&self, card: InstanceId, p: PlayerId) -> bool {
        let effs = self.own_effects_with(card, Trigger::SummonRequirement);
        if effs.is_empty() {
            return true;
        }
        effs.into_iter().all(|i| {
            let Some(Ok(ast)) = self.host.effect(self.card_id(card), i).map(|e| &e.script) else {
                return false;
            };
            let rc = Rc::new(RunCtx::new(card, i, p));
            let _g = ctx::enter_ref(self, rc);
            self.host
                .engine
                .eval_ast_with_scope::<Dynamic>(&mut Scope::new(), ast)
                .ok()
                .and_then(|d| d.as_bool().ok())
                .unwrap_or(false)
        })
    }

    /// BS-5.1 (keyword ruling K4): pays `card`'s additional summoning costs for `p` (its
    /// [`Trigger::AdditionalSummonCost`] effects run in order, asking as they need).
    /// False when the step stopped for a question (nothing more may run).
    pub(crate) fn pay_additional_summon_cost(&mut self, card: InstanceId, p: PlayerId) -> bool {
        for i in self.own_effects_with(card, Trigger::AdditionalSummonCost) {
            self.run_effect(card, i, p, vec![card]);
            if self.halted() {
                return false;
            }
        }
        true
    }
}
