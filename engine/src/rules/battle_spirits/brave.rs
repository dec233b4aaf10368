//! Braves (BS-9, BS-5.1.1): which brave is on which host, the brave condition, the
//! braved card's values (BP, symbols, colours, cost), the Brave / Unbrave / Swap actions
//! of the main step, summoning a brave directly onto a host, and keeping a brave that
//! comes off its host (BS-9.5, BS-9.8, BS-9.9).
//!
//! A braved brave stays in `Zone::Field(owner)` but is part of its host: it holds no cores,
//! it is not an attacker, blocker, core source or core-movement target, it is not depleted
//! on its own, queries over the field do not list it, and its `braved` effects run as
//! effects of the host (see `script::run`). The host is "the braved spirit/ultimate".
//!
//! Loop guard, so the main step always makes progress: a brave unbraved this turn may not
//! be braved or unbraved again this turn, and each brave takes part in at most one swap
//! per turn. (Brave, then swap, then unbrave in one turn is fine.)
//!
//! This file: the links and the braved card's values; `brave/actions.rs`: the main-step
//! options and actions; `brave/keep.rs`: keeping a brave that came off its host.

use carddb::{CardKind, Colour};
use serde::{Deserialize, Serialize};

use super::decision::Choice;
use super::events::Event;
use super::game::{AfterPlay, Game, Phase};
use super::types::{CoreLoc, CoreSource, PlayKind, Zone};
use crate::core::{InstanceId, Labelled, Orientation, PlayerId};
use crate::rules::battle_spirits::script::Question;

mod actions;
mod keep;

/// One brave braved onto one host (BS-9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BraveLink {
    /// The brave card.
    pub brave: InstanceId,
    /// The spirit/ultimate it is braved onto.
    pub host: InstanceId,
}

/// A brave move the loop guard remembers for the rest of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BraveMove {
    /// BS-9.5: unbraved.
    Unbrave,
    /// BS-9.7: swapped.
    Swap,
}

/// How a brave that comes off its host ended, when its owner does not keep it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Otherwise {
    /// BS-9.5, BS-9.8: to the trash.
    Trash,
    /// BS-9.9: it follows its host to this zone (hand, or deck top/bottom).
    Follow(Zone, bool),
}

impl Game {
    // ---- queries ---------------------------------------------------------------------

    /// The host a brave is braved onto, if it is braved (BS-9.1).
    pub fn host_of(&self, brave: InstanceId) -> Option<InstanceId> {
        self.st
            .braves
            .iter()
            .find(|l| l.brave == brave)
            .map(|l| l.host)
    }

    /// The braves braved onto `host`, in the order they were braved (BS-9.3).
    pub fn braves_on(&self, host: InstanceId) -> Vec<InstanceId> {
        self.st
            .braves
            .iter()
            .filter(|l| l.host == host)
            .map(|l| l.brave)
            .collect()
    }

    /// Every brave link now (brave, host), in the order they were made.
    pub fn brave_links(&self) -> &[BraveLink] {
        &self.st.braves
    }

    /// Whether `card` is a brave braved onto a host (then it is part of its host).
    pub fn is_braved_brave(&self, card: InstanceId) -> bool {
        !self.st.braves.is_empty() && self.host_of(card).is_some()
    }

    /// The card that acts for `card`: its host if `card` is a braved brave, else itself
    /// (BS-9.1: the braved card is one spirit/ultimate).
    pub fn unit_of(&self, card: InstanceId) -> InstanceId {
        self.host_of(card).unwrap_or(card)
    }

    /// BS-9.2: the BP the braves on `host` add to it ("when braved BP +").
    pub(crate) fn brave_bp_bonus(&self, host: InstanceId) -> u32 {
        if self.st.braves.is_empty() {
            return 0;
        }
        self.braves_on(host)
            .into_iter()
            .filter_map(|b| self.def_of(b).brave.as_ref().map(|x| x.bp_bonus))
            .sum()
    }

    /// BS-9.2: a card's colours, a braved card's including its braves' colours (each once).
    pub fn colours_of(&self, card: InstanceId) -> Vec<Colour> {
        let mut v = self.def_of(card).colours.clone();
        for b in self.braves_on(card) {
            for c in &self.def_of(b).colours {
                if !v.contains(c) {
                    v.push(*c);
                }
            }
        }
        v
    }

    /// BS-9.2: a card's cost for effects, a braved card's being its cost plus its braves'.
    pub fn cost_of(&self, card: InstanceId) -> u32 {
        self.braves_on(card)
            .into_iter()
            .fold(self.def_of(card).cost, |n, b| {
                n.saturating_add(self.def_of(b).cost)
            })
    }

    /// BS-9.2 / BS-6.5.1: a card's total symbols, a braved card's including its braves'.
    /// Effects that change symbols count (`Game::card_symbols`; ruling BSS02-009).
    /// A card joined to it for the battle adds its symbols (`link_for_battle`).
    pub fn symbols_of(&self, card: InstanceId) -> u32 {
        let own = self.card_symbol_total(card);
        let braves = (self.st.braves.iter())
            .filter(|l| l.host == card)
            .map(|l| self.card_symbol_total(l.brave))
            .sum::<u32>();
        own + braves + self.joined_symbols(card)
    }

    /// BS-9.1 / BS-9.6: whether `host` meets `brave`'s brave condition now: a spirit (or
    /// an ultimate if the condition allows it), cost within `min_cost..=max_cost`, one of
    /// the colours (an effect's "also treated as" colour counts), one of the families
    /// (absent fields do not restrict). The host's values are without `brave` itself (and,
    /// with several braves per host, with the others, BS-9.2). A braved host that stops
    /// meeting it keeps its brave (BS-9.6): this is checked only when braving.
    pub fn meets_brave_condition(&self, brave: InstanceId, host: InstanceId) -> bool {
        self.condition_ok(brave, host, &[brave])
    }

    /// [`Game::meets_brave_condition`] with the braves in `skip` left out of the host.
    pub(super) fn condition_ok(
        &self,
        brave: InstanceId,
        host: InstanceId,
        skip: &[InstanceId],
    ) -> bool {
        let Some(b) = &self.def_of(brave).brave else {
            return false;
        };
        let c = &b.condition;
        let h = self.def_of(host);
        let kind_ok = h.kind == CardKind::Spirit || (c.ultimates && h.kind == CardKind::Ultimate);
        let mut cost = h.cost;
        let mut colours = h.colours.clone();
        for m in self.mods_of(host).iter() {
            if let crate::rules::battle_spirits::script::ModKind::Colour(x) = m {
                colours.push(*x);
            }
        }
        for o in self.braves_on(host) {
            if !skip.contains(&o) {
                cost = cost.saturating_add(self.def_of(o).cost);
                colours.extend(self.def_of(o).colours.iter().copied());
            }
        }
        kind_ok
            && c.min_cost.is_none_or(|m| cost >= m)
            && c.max_cost.is_none_or(|m| cost <= m)
            && (c.colours.is_empty() || c.colours.iter().any(|x| colours.contains(x)))
            && (c.families.is_empty() || c.families.iter().any(|f| h.families.contains(f)))
    }

    /// Whether `brave` may go onto `host` now: both on the same field, `host` is not a
    /// brave, has room (BS-9.3, `RulesConfig::braves_per_host`) and meets the condition
    /// (BS-9.1).
    pub(super) fn can_host(&self, brave: InstanceId, host: InstanceId) -> bool {
        let p = self.owner(brave);
        brave != host
            && self.owner(host) == p
            && self.zone_of(host) == Zone::Field(p)
            && !self.is_braved_brave(host)
            && self.braves_on(host).len() < self.st.config.braves_per_host as usize
            && self.condition_ok(brave, host, &[brave])
    }

    /// Hosts on `p`'s field that `brave` may go onto now.
    pub(super) fn hosts_for(&self, brave: InstanceId, p: PlayerId) -> Vec<InstanceId> {
        self.field(p)
            .into_iter()
            .filter(|h| self.can_host(brave, *h))
            .collect()
    }

    /// Whether `brave` made move `m` this turn (loop guard).
    pub(super) fn acted(&self, brave: InstanceId, m: BraveMove) -> bool {
        self.st
            .brave_moves
            .iter()
            .any(|(b, t, x)| *b == brave && *t == self.st.turn && *x == m)
    }

    pub(super) fn mark_acted(&mut self, brave: InstanceId, m: BraveMove) {
        let turn = self.st.turn;
        self.st.brave_moves.retain(|(_, t, _)| *t == turn);
        self.st.brave_moves.push((brave, turn, m));
    }

    pub(super) fn pair_label(&self, verb: &str, a: InstanceId, b: InstanceId) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        format!("{verb} {} {a} onto {} {b}", self.name(a), self.name(b))
    }
}

#[cfg(test)]
#[path = "brave_tests/mod.rs"]
mod tests;
