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

use carddb::{CardKind, Colour};
use serde::{Deserialize, Serialize};

use super::decision::Choice;
use super::events::Event;
use super::game::{AfterPlay, Game, Phase};
use super::types::{CoreLoc, CoreSource, PlayKind, Zone};
use crate::core::{InstanceId, Labelled, Orientation, PlayerId};
use crate::rules::battle_spirits::script::Question;

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
        self.braves_on(card)
            .into_iter()
            .fold(self.card_symbols(card).total(), |n, b| {
                n + self.card_symbols(b).total()
            })
            + self.joined_symbols(card)
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
    fn condition_ok(&self, brave: InstanceId, host: InstanceId, skip: &[InstanceId]) -> bool {
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
    fn can_host(&self, brave: InstanceId, host: InstanceId) -> bool {
        let p = self.owner(brave);
        brave != host
            && self.owner(host) == p
            && self.zone_of(host) == Zone::Field(p)
            && !self.is_braved_brave(host)
            && self.braves_on(host).len() < self.st.config.braves_per_host as usize
            && self.condition_ok(brave, host, &[brave])
    }

    /// Hosts on `p`'s field that `brave` may go onto now.
    fn hosts_for(&self, brave: InstanceId, p: PlayerId) -> Vec<InstanceId> {
        self.field(p)
            .into_iter()
            .filter(|h| self.can_host(brave, *h))
            .collect()
    }

    /// Whether `brave` made move `m` this turn (loop guard).
    fn acted(&self, brave: InstanceId, m: BraveMove) -> bool {
        self.st
            .brave_moves
            .iter()
            .any(|(b, t, x)| *b == brave && *t == self.st.turn && *x == m)
    }

    fn mark_acted(&mut self, brave: InstanceId, m: BraveMove) {
        let turn = self.st.turn;
        self.st.brave_moves.retain(|(_, t, _)| *t == turn);
        self.st.brave_moves.push((brave, turn, m));
    }

    fn pair_label(&self, verb: &str, a: InstanceId, b: InstanceId) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        format!("{verb} {} {a} onto {} {b}", self.name(a), self.name(b))
    }

    // ---- main-step options ------------------------------------------------------------

    /// BS-5.1.1: `SummonOnto` options: each distinct brave in `p`'s hand or tecoto
    /// (BS-13.1) that `p` can pay for without taking the host below its minimum level,
    /// onto each host it may go on.
    pub(crate) fn summon_onto_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        let mut seen: Vec<(&str, Zone)> = Vec::new();
        for (c, zone) in self.usable_cards(p) {
            let d = self.def_of(c);
            if d.kind != CardKind::Brave || seen.contains(&(d.id.as_str(), zone)) {
                continue;
            }
            seen.push((&d.id, zone));
            let q = self.quote_card(p, c);
            for h in self.hosts_for(c, p) {
                let kept = self.cores_on(h).min(self.def_of(h).minimum_cores());
                if self.available_cores(p) - kept >= q.to_pay {
                    v.push(Labelled {
                        choice: Choice::SummonOnto { card: c, host: h },
                        label: self.lbl(|| {
                            format!(
                                "{} (cost {}, pay {})",
                                self.pair_label("Summon", c, h),
                                q.cost,
                                q.to_pay
                            )
                        }),
                    });
                }
            }
        }
        v
    }

    /// BS-9.1, BS-9.5, BS-9.7: the Brave, Unbrave and Swap options of the turn player.
    pub(crate) fn brave_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        let field = self.field(p);
        for &b in &field {
            if self.def_of(b).kind != CardKind::Brave || self.acted(b, BraveMove::Unbrave) {
                continue;
            }
            match self.host_of(b) {
                None => {
                    for h in self.hosts_for(b, p) {
                        v.push(Labelled {
                            choice: Choice::Brave { brave: b, host: h },
                            label: self.pair_label("Brave", b, h),
                        });
                    }
                }
                Some(h) => v.push(Labelled {
                    choice: Choice::Unbrave { brave: b },
                    label: self
                        .lbl(|| format!("Unbrave {} {b} from {} {h}", self.name(b), self.name(h))),
                }),
            }
        }
        for &first in &field {
            for &second in &field {
                if first != second && self.can_swap(first, second) {
                    v.push(Labelled {
                        choice: Choice::SwapBraves { first, second },
                        label: self.lbl(|| {
                            format!(
                                "Swap the braves of {} {first} and {} {second}",
                                self.name(first),
                                self.name(second)
                            )
                        }),
                    });
                }
            }
        }
        v
    }

    /// BS-9.7: whether the braves of `first` (at least one) and of `second` (maybe none)
    /// can exchange hosts: every moving brave meets its new host's condition, none moved
    /// this turn, and `second` is a spirit/ultimate that is not itself a brave.
    fn can_swap(&self, first: InstanceId, second: InstanceId) -> bool {
        let (a, b) = (self.braves_on(first), self.braves_on(second));
        // With braves on both sides, list each pair once (first < second).
        if a.is_empty() || (!b.is_empty() && first > second) {
            return false;
        }
        let p = self.owner(first);
        let moving: Vec<InstanceId> = a.iter().chain(&b).copied().collect();
        self.owner(second) == p
            && self.zone_of(second) == Zone::Field(p)
            && !self.is_braved_brave(second)
            && self.def_of(second).kind != CardKind::Brave
            && a.len() <= self.st.config.braves_per_host as usize
            && a.iter().chain(&b).all(|x| !self.acted(*x, BraveMove::Swap))
            && a.iter().all(|x| self.condition_ok(*x, second, &moving))
            && b.iter().all(|x| self.condition_ok(*x, first, &moving))
    }

    // ---- actions ------------------------------------------------------------------------

    /// Makes the link and logs it; BS-9.4: if either is exhausted the braved card is.
    fn link(&mut self, brave: InstanceId, host: InstanceId, either_exhausted: bool) {
        self.st.braves.push(BraveLink { brave, host });
        self.emit(Event::Braved { brave, host });
        if either_exhausted && !self.is_exhausted(host) {
            self.set_exhausted(host, true);
        }
    }

    /// Ends the link of `brave` (if any) and logs it; the brave takes its host's
    /// orientation (it was part of that card).
    pub(crate) fn unlink(&mut self, brave: InstanceId) -> Option<InstanceId> {
        let host = self.host_of(brave)?;
        self.st.braves.retain(|l| l.brave != brave);
        self.emit(Event::Unbraved { brave, host });
        let o = self.st.cards[host.index()].orientation;
        if self.zone_of(brave) == Zone::Field(self.owner(brave))
            && self.st.cards[brave.index()].orientation != o
        {
            match o {
                Orientation::UpsideDown => {
                    self.heavily_exhaust(brave);
                }
                o => self.set_exhausted(brave, o != Orientation::Upright),
            }
        }
        Some(host)
    }

    /// A card leaving the field ends its links: a brave leaving stops being braved; a host
    /// leaving by a path that does not handle its braves leaves them on the field in spirit
    /// form (then depleted if they hold too few cores, BS-5.3).
    pub(crate) fn unlink_departing(&mut self, card: InstanceId) {
        if self.st.braves.is_empty() {
            return;
        }
        let gone: Vec<InstanceId> = self
            .st
            .braves
            .iter()
            .filter(|l| l.brave == card || l.host == card)
            .map(|l| l.brave)
            .collect();
        for b in gone {
            self.unlink(b);
        }
    }

    /// BS-9.1 / BS-9.2 / BS-9.4: a spirit-form brave goes onto `host`, paying nothing; its
    /// cores move onto the host; if either was exhausted the braved card is exhausted.
    pub(crate) fn brave_onto(&mut self, brave: InstanceId, host: InstanceId) {
        let exhausted = self.is_exhausted(brave) || self.is_exhausted(host);
        // BS-9.2: the cores on the brave go onto the host (they are the braved card's).
        for core in self.st.cores.ids_at(&CoreLoc::Card(brave)) {
            self.move_core(core, Some(CoreLoc::Card(host)));
        }
        self.link(brave, host, exhausted);
        self.check_depletion();
    }

    /// BS-9.5: the brave comes off; its owner may place cores on it to keep it as a
    /// spirit-form brave, else it goes to the trash.
    pub(crate) fn unbrave(&mut self, brave: InstanceId) {
        self.mark_acted(brave, BraveMove::Unbrave);
        self.unlink(brave);
        self.keep_or_else(brave, Otherwise::Trash);
        self.check_depletion();
    }

    /// BS-9.7: the braves of `first` and `second` exchange hosts at once (no cores are
    /// needed in between); BS-9.4 applies to each new braved card.
    pub(crate) fn swap_braves(&mut self, first: InstanceId, second: InstanceId) {
        let (a, b) = (self.braves_on(first), self.braves_on(second));
        let (ea, eb) = (self.is_exhausted(first), self.is_exhausted(second));
        for x in a.iter().chain(&b) {
            self.mark_acted(*x, BraveMove::Swap);
            self.st.braves.retain(|l| l.brave != *x);
        }
        for &x in &a {
            self.emit(Event::Unbraved {
                brave: x,
                host: first,
            });
        }
        for &x in &b {
            self.emit(Event::Unbraved {
                brave: x,
                host: second,
            });
        }
        for &x in &a {
            self.link(x, second, ea);
        }
        for &x in &b {
            self.link(x, first, eb);
        }
    }

    /// BS-5.1.1: after paying for a brave summoned onto `host`: it enters the field and is
    /// braved at once (BS-9.4 exhaustion carries over), without core placement; then its
    /// "when summoned" fires as a brave effect. If the host is gone (an effect during the
    /// payment), the brave stays as a spirit if cores are placed on it, else the trash.
    pub(crate) fn finish_summon_onto(
        &mut self,
        pm: super::game::Payment,
        host: InstanceId,
    ) -> bool {
        let (p, c) = (pm.player, pm.card);
        self.move_card(c, Zone::Field(p));
        let ok = self.can_host(c, host);
        if ok {
            let exhausted = self.is_exhausted(host);
            self.link(c, host, exhausted);
        }
        self.emit(Event::Played {
            player: p,
            card: c,
            kind: PlayKind::Summon,
            cost: pm.cost,
            reduction: pm.reduction,
            paid: pm.from.len() as u32,
            from: pm.from.clone(),
            cores: self.cores_on(self.unit_of(c)),
            level: self.level(self.unit_of(c)),
            bp: ok.then(|| self.bp(host)),
        });
        self.report_unsupported(c);
        if !ok && !self.keep_or_else(c, Otherwise::Trash) {
            return false;
        }
        if self.on_field(c) {
            self.fire(super::types::Hook::WhenSummoned { card: c });
        }
        self.check_depletion();
        debug_assert!(matches!(pm.then, AfterPlay::Main));
        self.st.phase = Phase::Main;
        true
    }

    // ---- keeping a brave that came off (BS-9.5, BS-9.8, BS-9.9) ------------------------

    /// The card whose minimum-level cores are being placed (BS-5.2 step 6), if any.
    pub(crate) fn placing_card(&self) -> Option<InstanceId> {
        match &self.st.phase {
            Phase::Place(pl) => Some(pl.pay.card),
            _ => None,
        }
    }

    /// The owner of `brave` (now off its host, on the field with no cores) places cores on
    /// it one at a time (from the reserve or own field cards, BS-5.2 step 6) to keep it as
    /// a spirit-form brave; else it goes to the trash or follows its host. Each core is one
    /// question (an `EffectChoice` decision: this can happen in the middle of any
    /// procedure, e.g. a battle or an effect, so it uses the step-transaction questions of
    /// `script::run`). Options: `DonePlacing` once the minimum level is reached,
    /// `PlaceFrom{from, soul}`, `DropBrave` while below it. Returns false if the step
    /// stopped for the question (nothing more may run).
    pub(crate) fn keep_or_else(&mut self, brave: InstanceId, otherwise: Otherwise) -> bool {
        let p = self.owner(brave);
        let min = self.def_of(brave).minimum_cores();
        let mut placed = 0;
        loop {
            if self.halted() || self.zone_of(brave) != Zone::Field(p) {
                return !self.halted();
            }
            let mut options = Vec::new();
            if placed >= min {
                options.push(Labelled {
                    choice: Choice::DonePlacing,
                    label: self
                        .lbl(|| format!("Keep {} {brave} with {placed} core(s)", self.name(brave))),
                });
            }
            // Not from the card still being summoned (BS-5.2 step 6 is not over).
            let placing = self.placing_card();
            let sources: Vec<_> = self
                .core_sources(p, Some(brave))
                .into_iter()
                .filter(|(s, _)| placing.is_none_or(|c| *s != CoreSource::Card(c)))
                .collect();
            let label = |g: &Game, s: CoreSource, soul: bool| {
                format!(
                    "Place {} from {} on {} {brave}",
                    if soul { "the soul core" } else { "a core" },
                    g.source_label(s),
                    g.name(brave)
                )
            };
            for (from, soul) in sources.iter().filter(|(s, _)| *s == CoreSource::Reserve) {
                options.push(Labelled {
                    choice: Choice::PlaceFrom {
                        from: *from,
                        soul: *soul,
                    },
                    label: self.lbl(|| label(self, *from, *soul)),
                });
            }
            if placed < min {
                options.push(Labelled {
                    choice: Choice::DropBrave,
                    label: match otherwise {
                        Otherwise::Trash => {
                            format!("Put {} {brave} into the trash", self.name(brave))
                        }
                        Otherwise::Follow(z, _) => format!(
                            "Let {} {brave} follow its spirit to the {}",
                            self.name(brave),
                            z.name()
                        ),
                    },
                });
            }
            for (from, soul) in sources.iter().filter(|(s, _)| *s != CoreSource::Reserve) {
                options.push(Labelled {
                    choice: Choice::PlaceFrom {
                        from: *from,
                        soul: *soul,
                    },
                    label: self.lbl(|| label(self, *from, *soul)),
                });
            }
            let q = Question {
                player: p,
                prompt: format!(
                    "Keep {} {brave} on the field? Place cores on it ({placed} placed, at least {min})",
                    self.name(brave)
                ),
                options,
            };
            match self.ask(q) {
                None => return false,
                Some(Choice::DonePlacing) => return true,
                Some(Choice::PlaceFrom { from, soul }) => {
                    let core = self
                        .core_at(from.loc(p), soul)
                        .expect("listed source has the core");
                    self.move_core(core, Some(CoreLoc::Card(brave)));
                    placed += 1;
                    // BS-5.3 at once, sparing the brave still receiving its cores.
                    self.check_depletion_except(Some(brave));
                }
                Some(_) => {
                    // Cores placed so far go back to the reserve with it leaving.
                    self.move_all_cores(CoreLoc::Card(brave), Some(CoreLoc::Reserve(p)));
                    match otherwise {
                        Otherwise::Trash => self.move_card(brave, Zone::Trash(p)),
                        Otherwise::Follow(Zone::Deck(_), bottom) => {
                            self.effect_return_to_deck(brave, bottom);
                        }
                        Otherwise::Follow(z, _) => self.move_card(brave, z),
                    }
                    return true;
                }
            }
        }
    }

    /// BS-9.8: a braved card destroyed or depleted, after its effects resolved: all cores
    /// on it go to the reserve, the host goes to the trash, then each brave is kept with
    /// cores or goes to the trash. Returns false if the step stopped for a question.
    pub(crate) fn braved_card_to_trash(&mut self, host: InstanceId) -> bool {
        let owner = self.owner(host);
        let braves = self.braves_on(host);
        for b in &braves {
            self.unlink(*b);
        }
        self.move_all_cores(CoreLoc::Card(host), Some(CoreLoc::Reserve(owner)));
        self.move_card(host, Zone::Trash(owner));
        self.keep_braves(braves, Otherwise::Trash)
    }

    /// Each of `braves` (just off their host) is kept with cores or goes `otherwise`.
    /// Returns false if the step stopped for a question.
    pub(crate) fn keep_braves(&mut self, braves: Vec<InstanceId>, otherwise: Otherwise) -> bool {
        for b in braves {
            if !self.keep_or_else(b, otherwise) {
                return false;
            }
        }
        true
    }

    /// Detaches the braves of `host` (logged) before it leaves the field; the braves.
    pub(crate) fn detach_braves(&mut self, host: InstanceId) -> Vec<InstanceId> {
        let braves = self.braves_on(host);
        for b in &braves {
            self.unlink(*b);
        }
        braves
    }
}

#[cfg(test)]
#[path = "brave_tests/mod.rs"]
mod tests;
