//! Cost arithmetic (BS-5.2 steps 1–4, BS-5.2.1, BS-12.4) and affordability.

use carddb::{CardDef, CardKind, Colour, Step as EffectStep};

use super::game::Game;
use super::levels::FieldSymbols;
use super::script::constants::{COST_MODS, kind_bits};
use super::script::state::{ModKind, PaidCostChange};
use super::types::{CoreLoc, PlayKind, Zone};
use crate::core::{InstanceId, PlayerId};

/// What playing a card costs now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostQuote {
    /// The printed cost.
    pub cost: u32,
    /// Cores saved by reduction symbols.
    pub reduction: u32,
    /// Cores to pay: `cost − reduction`, never below 0 (BS-5.2 step 4).
    pub to_pay: u32,
    /// Cores that must then be placed on it (BS-5.1; 0 for nexus and magic).
    pub min_cores: u32,
}

/// BS-5.2 step 4 and BS-12.4: reduction = Σ per colour min(reduction symbols, field
/// symbols of that colour) + min(ultimate reduction, field ultimate symbols).
/// A multi-colour symbol counts once, for any one of its colours: each is matched to a
/// colour whose reduction is still unmet, as many as a matching allows.
pub fn reduction(def: &CardDef, field: &FieldSymbols) -> u32 {
    reduction_of(
        def.reduction.iter().map(|(c, n)| (*c, u32::from(*n))),
        def,
        field,
    )
}

/// [`reduction`] with the reduction symbols `reds` (per colour, each colour once) in place
/// of the printed ones (BS-5.2 step 2: symbols an effect adds are counted with them).
fn reduction_of(
    reds: impl Iterator<Item = (Colour, u32)>,
    def: &CardDef,
    field: &FieldSymbols,
) -> u32 {
    // Unmet reduction per colour (`Colour as usize`): a fixed table, no allocation.
    let mut unmet = [0u32; 6];
    let mut colours = 0;
    for (c, n) in reds {
        let have = field.colours.get(&c).copied().unwrap_or(0);
        let used = n.min(have);
        colours += used;
        unmet[c as usize] = n - used;
    }
    colours
        + match_multi(&field.multi, &mut unmet)
        + u32::from(def.ultimate_reduction).min(field.ultimate)
}

/// The most multi-colour symbols that can each cover one unmet reduction of one of their
/// colours (exhaustive search: a field rarely shows more than a few such symbols).
fn match_multi(multi: &[Vec<Colour>], unmet: &mut [u32; 6]) -> u32 {
    let Some((first, rest)) = multi.split_first() else {
        return 0;
    };
    let mut best = match_multi(rest, unmet);
    for c in first {
        let i = *c as usize;
        if unmet[i] > 0 {
            unmet[i] -= 1;
            best = best.max(1 + match_multi(rest, unmet));
            unmet[i] += 1;
        }
    }
    best
}

impl Game {
    /// The cost of `def` for player `p` with `p`'s field as it is (BS-5.2).
    pub fn quote(&self, p: PlayerId, def: &CardDef) -> CostQuote {
        let red = reduction(def, &self.field_symbols(p));
        CostQuote {
            cost: def.cost,
            reduction: red,
            to_pay: def.cost.saturating_sub(red),
            min_cores: def.minimum_cores(),
        }
    }

    /// The cost of hand card `card` for `p` now (BS-5.2), read while `card` is the card
    /// being summoned: effects "while summoning …" (`while_summoning`) apply to it
    /// (ruling BSS01-109: its nexus's symbol counts as three white symbols).
    pub fn quote_card(&self, p: PlayerId, card: InstanceId) -> CostQuote {
        let cached = self.rt.quote_cache.borrow();
        if let Some((_, _, q)) = cached.iter().find(|(x, c, _)| *x == p && *c == card) {
            return *q;
        }
        drop(cached);
        let q = self.quote_card_now(p, card);
        self.rt.quote_cache.borrow_mut().push((p, card, q));
        q
    }

    fn quote_card_now(&self, p: PlayerId, card: InstanceId) -> CostQuote {
        let def = self.def_of(card);
        let reads = |c: InstanceId| match self.def_index.get(c.index()) {
            Some(&d) => self.host.summoning_by_def[d as usize],
            None => self.host.summoning_cards.contains(self.card_id(c)),
        };
        // An effect of a card on either field ("while your opponent summons …"), or the
        // paid card's own, may read the card being paid. So may a keyword's script, held
        // by any card (`ScriptHost::summoning_elsewhere`).
        let field_reads = |q: &PlayerId| self.pile(Zone::Field(*q)).iter().any(|&c| reads(c));
        let watched = self.host.summoning_elsewhere
            || (!self.host.summoning_cards.is_empty()
                && (PlayerId::BOTH.iter().any(field_reads)
                    || (!self.on_field(card) && reads(card))));
        if !watched {
            return self.cost_changed(p, card, self.quote(p, def));
        }
        // The constants are cached per card being summoned (`Runtime::const_cache_summoning`).
        let before = self.rt.summoning.replace(Some(card));
        let q = self.cost_changed(p, card, self.quote(p, def));
        self.rt.summoning.set(before);
        q
    }

    /// `q` (the printed cost of `card` for `p`) as the cost modifiers on `card` change it
    /// (BS-5.2): step 1 the cost read (`CostAs`, the last given wins), step 2 reduction
    /// symbols gained (`GainReduction`), step 4 every reduction symbol met
    /// (`ReductionFulfilled`) and cores taken off what is paid (`CostReduced`); what is paid
    /// never goes below 0 (ruling C#58).
    fn cost_changed(&self, p: PlayerId, card: InstanceId, q: CostQuote) -> CostQuote {
        let mods = self.mods_of(card);
        let (ruled_cost, ruled_off) = self.paid_cost_rules(p, card);
        if !mods.may_have(COST_MODS) && ruled_cost.is_none() && ruled_off == 0 {
            return q;
        }
        let def = self.def_of(card);
        let (mut cost, mut off, mut fulfilled) = (ruled_cost.unwrap_or(q.cost), ruled_off, false);
        let mut reds = [0u32; 6];
        let mut gained = false;
        let mut also: Vec<InstanceId> = Vec::new();
        for (c, n) in &def.reduction {
            reds[*c as usize] = u32::from(*n);
        }
        for m in mods.iter() {
            match m {
                ModKind::CostAs(n) => cost = *n,
                ModKind::CostReduced(n) => off = off.saturating_add(*n),
                ModKind::GainReduction(n, c) => {
                    reds[*c as usize] = reds[*c as usize].saturating_add(*n);
                    gained = true;
                }
                ModKind::ReductionFulfilled => fulfilled = true,
                ModKind::SymbolsFrom(q) => {
                    for c in q.eval(self) {
                        if !also.contains(&c) && !self.on_field(c) {
                            also.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let reduction = if fulfilled {
            reds.iter().sum::<u32>() + u32::from(def.ultimate_reduction)
        } else if gained || !also.is_empty() {
            let each = Colour::ALL.iter().map(|c| (*c, reds[*c as usize]));
            let field = self.field_symbols(p);
            if also.is_empty() {
                reduction_of(each.filter(|(_, n)| *n > 0), def, &field)
            } else {
                // BS-5.2 step 3 with those cards' printed symbols counted as well.
                let mut more = (*field).clone();
                for c in also {
                    let d = &self.def_of(c).symbols;
                    for (col, n) in &d.colours {
                        more.colours.add(*col, u32::from(*n));
                    }
                    more.multi.extend(d.multi.iter().cloned());
                    more.ultimate += u32::from(d.ultimate);
                }
                reduction_of(each.filter(|(_, n)| *n > 0), def, &more)
            }
        } else {
            q.reduction
        };
        CostQuote {
            cost,
            reduction,
            to_pay: cost.saturating_sub(reduction.saturating_add(off)),
            min_cores: q.min_cores,
        }
    }

    /// The player rules on what `p`'s card `card` costs while paid (`ModKind::PaidCost`,
    /// BS-5.2): the cost read (step 1; the last given wins) and the cores taken off what is
    /// paid (step 4).
    fn paid_cost_rules(&self, p: PlayerId, card: InstanceId) -> (Option<u32>, u32) {
        let (mut cost, mut off) = (None, 0u32);
        if self.owner(card) != p {
            return (cost, off);
        }
        for m in &self.st.scripts.modifiers {
            if let ModKind::PaidCost {
                cards,
                change,
                giver,
                ..
            } = &m.kind
                && *giver == p
                && cards.matches_ignoring_zone(self, card)
            {
                match change {
                    PaidCostChange::Reduced(n) => off = off.saturating_add(*n),
                    PaidCostChange::As(n) => cost = Some(*n),
                    PaidCostChange::AsLife => cost = Some(self.life(p)),
                }
            }
        }
        (cost, off)
    }

    /// Whether a modifier may change what a card costs (BS-5.2): a constant of this game
    /// that gives one ([`COST_MODS`]), one stored, or a player's rule (`ModKind::PaidCost`).
    fn cost_may_change(&self) -> bool {
        self.const_kinds & COST_MODS != 0
            || (self.st.scripts.modifiers.iter()).any(|m| {
                kind_bits(&m.kind) & COST_MODS != 0 || matches!(m.kind, ModKind::PaidCost { .. })
            })
    }

    /// `p` pays for `card` now: each "next card" rule that changes its cost is used up
    /// (`ModKind::PaidCost` with `once`, BS-5.2).
    pub(crate) fn use_up_paid_cost_rules(&mut self, p: PlayerId, card: InstanceId) {
        if self.owner(card) != p {
            return;
        }
        let used: Vec<usize> = (self.st.scripts.modifiers.iter().enumerate())
            .filter(|(_, m)| {
                matches!(&m.kind, ModKind::PaidCost { cards, giver, once: true, .. }
                    if *giver == p && cards.matches_ignoring_zone(self, card))
            })
            .map(|(i, _)| i)
            .collect();
        if used.is_empty() {
            return;
        }
        for i in used.into_iter().rev() {
            self.st.scripts.modifiers.remove(i);
        }
        self.invalidate_constants(); // no event of its own (`derived`)
    }

    /// Cores `p` can pay or place with: reserve and every own field card (BS-5.2 step 5;
    /// never trash, life or count area).
    pub fn available_cores(&self, p: PlayerId) -> u32 {
        self.reserve(p)
            + self
                .pile(Zone::Field(p))
                .iter()
                .map(|c| self.cores_at(CoreLoc::Card(*c)))
                .sum::<u32>()
    }

    /// BS-12.1: whether an ultimate's summon condition holds on `p`'s field.
    pub fn ultimate_condition_met(&self, p: PlayerId, def: &CardDef) -> bool {
        let Some(cond) = &def.ultimate else {
            return true;
        };
        let n = self
            .pile(Zone::Field(p))
            .iter()
            .filter(|c| {
                let d = self.def_of(**c);
                d.kind == cond.kind
                    && cond.colour.is_none_or(|col| d.colours.contains(&col))
                    && cond.family.as_ref().is_none_or(|f| self.has_family(**c, f))
                    && cond
                        .min_level
                        .is_none_or(|l| self.level(**c).unwrap_or(0) >= l)
                    && cond.min_cost.is_none_or(|m| d.cost >= m)
            })
            .count() as u32;
        n >= cond.count
    }

    /// How `p` could play hand card `card` now, if at all: its kind is playable in the
    /// main step and `p` has the cores to pay and to reach the minimum level.
    pub fn playable(&self, p: PlayerId, card: InstanceId) -> Option<(PlayKind, CostQuote)> {
        self.playable_with(p, card, self.available_cores(p))
    }

    /// [`Game::playable`] with `available` = [`Game::available_cores`]`(p)`, counted once
    /// by a caller asking about several cards.
    pub(crate) fn playable_with(
        &self,
        p: PlayerId,
        card: InstanceId,
        available: u32,
    ) -> Option<(PlayKind, CostQuote)> {
        let def = self.def_of(card);
        let kind = match def.kind {
            CardKind::Spirit | CardKind::Brave => PlayKind::Summon,
            CardKind::Ultimate => {
                if !self.ultimate_condition_met(p, def) {
                    return None;
                }
                PlayKind::Summon
            }
            CardKind::Nexus => PlayKind::Deploy,
            CardKind::Magic => {
                // BS-5.5: a magic is used for its [Main] or [Flash] effect; a card whose
                // only effects are [Burst] cannot be used from the hand.
                let usable = def.effects.is_empty()
                    || def.effects.iter().any(|e| {
                        e.steps.is_empty()
                            || e.steps.contains(&EffectStep::Main)
                            || e.steps.contains(&EffectStep::Flash)
                    });
                if !usable {
                    return None;
                }
                PlayKind::UseMagic
            }
            // Line-battle kinds are refused when a catalogue is built for Battle Spirits.
            CardKind::Creature | CardKind::Master => return None,
        };
        // BS-5.1, BS-5.4, BS-5.5: an effect forbids playing it ("cannot use magic cards …").
        if self.host.has_constant || !self.st.scripts.modifiers.is_empty() {
            let forbidden = self.mods_of(card).contains(&ModKind::CannotBePlayed);
            if forbidden {
                return None;
            }
        }
        // BS-5.1: a summoning requirement the card declares (`script::zones`).
        if kind == PlayKind::Summon && !self.summon_requirement_met(card, p) {
            return None;
        }
        // BS-5.2 step 4: reduction takes off at most the card's reduction symbols. When
        // no modifier can change a cost, a card whose cost less all of them, and its
        // lowest level's cores (BS-5.1), is more than `available` is not quoted (reading a
        // quote, and the constants it needs, is the costly part). Not while exercise
        // counts constant runs: what a quote runs stays counted.
        if available < least_to_pay(def) && self.rt.const_seen.is_none() && !self.cost_may_change()
        {
            return None;
        }
        let q = self.quote_card(p, card);
        // Saturating: a card of absurd cost is simply unaffordable.
        (available >= q.to_pay.saturating_add(q.min_cores)).then_some((kind, q))
    }
}

/// The fewest cores `def` can take to play with no cost modifier (BS-5.1, BS-5.2): its
/// cost less every reduction symbol it has (coloured and ultimate), then its lowest level's
/// cores.
fn least_to_pay(def: &CardDef) -> u32 {
    let symbols = (def.reduction.values().map(|n| u32::from(*n)))
        .chain(std::iter::once(u32::from(def.ultimate_reduction)))
        .sum::<u32>();
    (def.cost.saturating_sub(symbols)).saturating_add(def.minimum_cores())
}
