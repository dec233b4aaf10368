//! What effects restrict or change on a card, read by the rules: who may block (BS-6.3),
//! who may or must attack and at what price (BS-6.1), the level a card is treated as
//! (level table, BS-5.3), families, and symbols (BS-5.2 step 3, BS-6.5.1). Each reads the
//! card's modifiers (`Game::mods_of`): stored ones and constant ones evaluated now.

use carddb::{CardKind, Colour, LevelRow};

use super::events::Event;
use super::game::Game;
use super::levels::FieldSymbols;
use super::types::{CoreLoc, PlayKind};
use crate::core::{InstanceId, Orientation, PlayerId};
use crate::rules::battle_spirits::script::constants::{LEVEL_MODS, SYMBOL_MODS};
use crate::rules::battle_spirits::script::{LifeCoreSink, ModKind, Protect, Query};

impl Game {
    /// BS-6.3: whether `blocker` may now be declared the blocker of `attacker`: a
    /// spirit/ultimate that may block (no "cannot block"), refreshed — or exhausted with
    /// "can block while exhausted" (never heavily exhausted, BS-13.4) — and not excluded by
    /// the attacker's "cannot be blocked (by …)".
    pub fn may_block(&self, blocker: InstanceId, attacker: InstanceId) -> bool {
        if !self.is_spirit_like(blocker) {
            return false;
        }
        let bm = self.mods_of(blocker);
        let while_exhausted = || {
            bm.iter().any(|m| match m {
                ModKind::BlockWhileExhausted => true,
                ModKind::BlockWhileExhaustedVs(q) => q.eval(self).contains(&attacker),
                _ => false,
            })
        };
        if self.is_exhausted(blocker)
            && (self.st.cards[blocker.index()].orientation == Orientation::UpsideDown
                || !while_exhausted())
        {
            return false;
        }
        !self.block_forbidden(blocker, attacker)
    }

    /// Whether an effect forbids `blocker` to block `attacker` whatever its orientation:
    /// its "cannot block", or the attacker's "cannot be blocked (by …)" (BS-6.3; ruling
    /// K21: such a spirit cannot be attacked by "attack that spirit" either).
    pub fn block_forbidden(&self, blocker: InstanceId, attacker: InstanceId) -> bool {
        self.mods_of(blocker).contains(&ModKind::CannotBlock)
            || self.mods_of(attacker).iter().any(|m| match m {
                ModKind::CannotBeBlocked(None) => true,
                ModKind::CannotBeBlocked(Some(q)) => q.eval(self).contains(&blocker),
                _ => false,
            })
    }

    /// BS-6.3: whether the defender must block `attacker` when one of their spirits can
    /// (`must_block`).
    pub fn must_be_blocked(&self, attacker: InstanceId) -> bool {
        self.mods_of(attacker).contains(&ModKind::MustBeBlocked)
    }

    /// BS-6.5.1: where the life cores `attacker`'s attack removes go (the reserve unless an
    /// effect replaces it; the latest such effect wins).
    pub fn life_core_sink(&self, attacker: InstanceId) -> LifeCoreSink {
        self.mods_of(attacker)
            .iter()
            .rev()
            .find_map(|m| match m {
                ModKind::LifeCoresTo(s) => Some(*s),
                _ => None,
            })
            .unwrap_or(LifeCoreSink::Reserve)
    }

    /// BS-6.5.1: the card whose effect keeps `attacker`'s attack from reducing `defender`'s
    /// life now, if any (`ModKind::AttacksCannotReduceLife`, stored or constant; the
    /// attacker is matched — its BP read — at this moment).
    pub fn life_kept_by(&self, attacker: InstanceId, defender: PlayerId) -> Option<InstanceId> {
        self.life_floors(attacker, defender)
            .into_iter()
            .find(|(_, to)| to.is_none())
            .map(|(c, _)| c)
    }

    /// "Attacks from … cannot reduce your life to N" (BS-6.5.1): the card whose effect keeps
    /// `attacker`'s attack from taking `defender`'s life below N + 1, and that least life
    /// (the highest such N wins), if any.
    pub fn life_floor(
        &self,
        attacker: InstanceId,
        defender: PlayerId,
    ) -> Option<(InstanceId, u32)> {
        self.life_floors(attacker, defender)
            .into_iter()
            .filter_map(|(c, to)| to.map(|n| (c, n.saturating_add(1))))
            .max_by_key(|(_, least)| *least)
    }

    /// Every "attacks … cannot reduce life (to N)" now applying to `attacker`'s attack on
    /// `defender`: the card whose effect it is and its N (stored, then constant).
    fn life_floors(
        &self,
        attacker: InstanceId,
        defender: PlayerId,
    ) -> Vec<(InstanceId, Option<u32>)> {
        let keeps = |k: &ModKind| match k {
            ModKind::AttacksCannotReduceLife {
                attackers,
                whose,
                protector,
                to,
            } if crate::rules::battle_spirits::script::run::whose_ok(
                *whose, defender, *protector,
            ) && attackers.eval(self).contains(&attacker) =>
            {
                Some(*to)
            }
            _ => None,
        };
        let mut out: Vec<(InstanceId, Option<u32>)> = (self.st.scripts.modifiers.iter())
            .filter_map(|m| keeps(&m.kind).map(|to| (m.card, to)))
            .collect();
        if self.host.has_constant {
            let constant = self.constant_mods();
            out.extend((constant.mods.iter()).filter_map(|(c, k)| keeps(k).map(|to| (*c, to))));
        }
        out
    }

    /// BS-8.1: the most cards an effect of `by` may discard from `owner`'s deck at a time
    /// ("no more than one card is discarded", "cards cannot be discarded from your deck";
    /// the lowest such limit wins), if any.
    pub fn deck_discard_limit(&self, owner: PlayerId, by: PlayerId) -> Option<u32> {
        let limit = |k: &ModKind| match k {
            ModKind::DeckDiscardLimit {
                max,
                opponent_only,
                protector,
            } if *protector == owner && (!opponent_only || by != owner) => Some(*max),
            _ => None,
        };
        let stored = (self.st.scripts.modifiers.iter()).filter_map(|m| limit(&m.kind));
        let constant: Vec<u32> = if self.host.has_constant {
            (self.constant_mods().mods.iter())
                .filter_map(|(_, k)| limit(k))
                .collect()
        } else {
            Vec::new()
        };
        stored.chain(constant).min()
    }

    /// BS-8.1 "cannot": whether player `p` cannot draw by the effect of card `source` now
    /// ("neither player may draw by nexus effects"): a `NoDrawsBy` of the source's kind
    /// for that player, stored or constant.
    pub fn draw_forbidden(&self, p: PlayerId, source: InstanceId) -> bool {
        let kind = self.kind_for_effects(source);
        let bars = |k: &ModKind| match k {
            ModKind::NoDrawsBy {
                kind: k,
                whose,
                giver,
            } => {
                *k == kind
                    && match whose.as_str() {
                        "your" => p == *giver,
                        "opponent" => p != *giver,
                        _ => true,
                    }
            }
            _ => false,
        };
        (self.st.scripts.modifiers.iter()).any(|m| bars(&m.kind))
            || (self.host.has_constant && (self.constant_mods().mods.iter()).any(|(_, k)| bars(k)))
    }

    /// BS-6.1: cores `c`'s controller must pay for it to attack ("cannot attack unless
    /// they pay N cores"; several such effects add up), from the reserve or their field
    /// cards (BS-5.2 step 5).
    pub fn attack_tax(&self, c: InstanceId) -> u32 {
        self.mods_of(c)
            .iter()
            .map(|m| if let ModKind::AttackTax(n) = m { *n } else { 0 })
            .sum()
    }

    /// BS-6.1: cores that must move from `c` to its controller's reserve for it to attack
    /// ("unless they remove a core from it and place it into their reserve"; several such
    /// effects add up).
    pub fn attack_cores_to_reserve(&self, c: InstanceId) -> u32 {
        self.mods_of(c)
            .iter()
            .map(|m| match m {
                ModKind::AttackCoresToReserve(n) => *n,
                _ => 0,
            })
            .sum()
    }

    /// "Cores that would go into your opponent's life are put on this nexus
    /// instead" (BS-8.1): where cores an effect places into `to` go — a field card's with
    /// `LifeCoresHere` for that life (the first such card, turn player's first), else `to`.
    pub(crate) fn life_dest(&self, to: CoreLoc) -> CoreLoc {
        let CoreLoc::Life(p) = to else { return to };
        if !self.host.has_constant && self.st.scripts.modifiers.is_empty() {
            return to;
        }
        let a = self.st.active;
        for side in [a, a.other()] {
            for &c in self.pile(super::types::Zone::Field(side)) {
                let here = self.mods_of(c).iter().any(|m| {
                    matches!(m, ModKind::LifeCoresHere { whose, giver }
                        if crate::rules::battle_spirits::script::run::whose_ok(*whose, p, *giver))
                });
                if here {
                    return CoreLoc::Card(c);
                }
            }
        }
        to
    }

    /// BS-5.1: how many summons this turn were of cards `q` matches wherever they are now
    /// (summoned from the hand, `Played`, or by an effect, `SummonedByEffect`): the log
    /// back to the turn's start.
    pub fn summons_this_turn(&self, q: &Query) -> i64 {
        let mut n = 0;
        for e in self.st.log.iter().rev() {
            let card = match e {
                Event::TurnBegan { .. } => break,
                Event::Played {
                    card,
                    kind: PlayKind::Summon,
                    ..
                }
                | Event::SummonedByEffect { card } => *card,
                _ => continue,
            };
            if q.matches_ignoring_zone(self, card) {
                n += 1;
            }
        }
        n
    }

    /// BS-6.1: whether `c` may attack now: a refreshed spirit/ultimate without "cannot
    /// attack" whose controller has the cores for its attack tax.
    pub fn may_attack(&self, c: InstanceId) -> bool {
        self.is_spirit_like(c)
            && !self.is_exhausted(c)
            && !self.forbidden(c, &ModKind::CannotAttack)
            && self.available_cores(self.owner(c)) >= self.attack_tax(c)
    }

    /// BS-6.1: whether `c` must attack if able ("must attack if able").
    pub fn must_attack(&self, c: InstanceId) -> bool {
        self.mods_of(c).contains(&ModKind::MustAttack)
    }

    /// The level `card` is treated as by an effect ("treated as LV1", "as its highest
    /// level"; the latest such effect wins), `None` when none applies.
    pub(crate) fn treated_level(&self, card: InstanceId) -> Option<u8> {
        let def = self.def_of(card);
        let mods = self.mods_of(card);
        if !mods.may_have(LEVEL_MODS) {
            return None;
        }
        mods.iter().rev().find_map(|m| match m {
            ModKind::Level(n) => Some(*n),
            ModKind::HighestLevel => def.levels.iter().map(|r| r.level).max(),
            _ => None,
        })
    }

    /// The row of `card`'s level table whose BP it has when treated as level `n`: the
    /// highest row at or below `n` (a card treated as LV3 with only two rows fights at LV2).
    pub(crate) fn row_for_level(&self, card: InstanceId, n: u8) -> Option<&LevelRow> {
        let def = self.def_of(card);
        def.levels
            .iter()
            .rev()
            .find(|r| r.level <= n)
            .or(def.levels.first())
    }

    /// Whether `c` belongs to the family `f` (spirit type; compared without case): printed,
    /// or gained by an effect while on the field. A card's whole name also counts: "one of
    /// your Emerald Sanctuary nexuses" names a card with no spirit type (the digest is
    /// silent; every card of the real data named like a family is of that family).
    pub fn has_family(&self, c: InstanceId, f: &str) -> bool {
        let def = self.def_of(c);
        def.name.eq_ignore_ascii_case(f)
            || def.families.iter().any(|x| x.eq_ignore_ascii_case(f))
            || (self.on_field(c)
                && self.mods_of(c).iter().any(|m| match m {
                    ModKind::Family(x) => x.eq_ignore_ascii_case(f),
                    ModKind::AllFamilies => true,
                    _ => false,
                }))
    }

    /// `c`'s families (spirit types): printed, then gained by an effect while on the field.
    pub fn families_of(&self, c: InstanceId) -> Vec<String> {
        let mut out = self.def_of(c).families.clone();
        if self.on_field(c) {
            for m in self.mods_of(c).iter() {
                if let ModKind::Family(x) = m {
                    out.push(x.clone());
                }
            }
        }
        out
    }

    /// The symbols of one card with its effects applied (BS-5.2 step 3, BS-6.5.1):
    /// "count its symbols as N colour" replaces them, "each symbol as N" multiplies them,
    /// then gained symbols are added.
    pub fn card_symbols(&self, c: InstanceId) -> FieldSymbols {
        let d = &self.def_of(c).symbols;
        let mut s = FieldSymbols {
            colours: d.colours.iter().map(|(k, n)| (*k, u32::from(*n))).collect(),
            multi: d.multi.clone(),
            ultimate: u32::from(d.ultimate),
        };
        if !self.on_field(c) {
            return s;
        }
        let mods = self.mods_of(c);
        if !mods.may_have(SYMBOL_MODS) {
            return s;
        }
        for m in mods.iter() {
            match m {
                ModKind::SymbolsAs(n, Some(col)) => {
                    s = FieldSymbols::default();
                    s.colours.insert(*col, *n);
                }
                ModKind::SymbolsAs(n, None) => {
                    s.colours.values_mut().for_each(|k| *k *= n);
                    s.multi = s
                        .multi
                        .iter()
                        .flat_map(|m| std::iter::repeat_n(m.clone(), *n as usize))
                        .collect();
                    s.ultimate *= n;
                }
                _ => {}
            }
        }
        for m in mods.iter() {
            if let ModKind::GainSymbols(n, col) = m {
                s.colours.add(*col, *n);
            }
        }
        // BS-5.2 step 3: each symbol counts once, as its own colour or one of these.
        for m in mods.iter() {
            if let ModKind::SymbolColoursAlso(also) = m {
                let widen = |mut v: Vec<Colour>| {
                    v.extend(also.iter().filter(|c| !v.contains(c)).collect::<Vec<_>>());
                    v
                };
                let mut multi: Vec<Vec<Colour>> = Vec::new();
                for (col, n) in s.colours.iter() {
                    for _ in 0..n {
                        multi.push(widen(vec![col]));
                    }
                }
                multi.extend(std::mem::take(&mut s.multi).into_iter().map(widen));
                s.colours = Default::default();
                s.multi = multi;
            }
        }
        s
    }

    /// `card_symbols(c).total()`, without building the symbols when no effect can change
    /// them (a field card's symbols are counted for every attack and view).
    pub(crate) fn card_symbol_total(&self, c: InstanceId) -> u32 {
        if self.on_field(c) && self.mods_of(c).may_have(SYMBOL_MODS) {
            return self.card_symbols(c).total();
        }
        self.def_of(c).symbols.total()
    }

    /// Whether `c` is protected from `what` by an effect of `source` controlled by `by`
    /// ("cannot be exhausted / returned / selected by your opponent's effects"; a
    /// protection from some colours only holds against a source of one of them). A
    /// protection holds for the protector's own cards only: it never keeps the opponent's
    /// effects from acting on the opponent's own cards (ruling C#44).
    pub fn protected_from(
        &self,
        c: InstanceId,
        by: PlayerId,
        what: Protect,
        source: InstanceId,
    ) -> bool {
        self.mods_of(c).iter().any(|m| match m {
            ModKind::Protected {
                what: w,
                protector,
                colours,
                kinds,
                sources,
            } => {
                *w == what
                    && *protector != by
                    && self.owner(c) == *protector
                    && (colours.is_empty()
                        || self.colours_of(source).iter().any(|x| colours.contains(x)))
                    && (kinds.is_empty() || kinds.contains(&self.kind_for_effects(source)))
                    && (sources.as_ref()).is_none_or(|q| q.matches_ignoring_zone(self, source))
            }
            _ => false,
        })
    }

    /// `while_summoning(q)`: whether the card whose cost is being read now (BS-5.2) is a
    /// spirit, ultimate, brave or nexus that matches `q` (its owner and kind, then filters;
    /// the card is still in the hand).
    pub fn summoning_matches(&self, q: &Query) -> bool {
        self.rt
            .summoning
            .get()
            .is_some_and(|c| self.def_of(c).kind != CardKind::Magic)
            && self.paying_matches(q)
    }

    /// `while_paying(q)`: whether the card whose cost is being read now (BS-5.2) — of any
    /// kind: summoned, deployed or a magic used — matches `q` (its owner and kind, then
    /// filters; the card is still in the hand).
    pub fn paying_matches(&self, q: &Query) -> bool {
        (self.rt.summoning.get()).is_some_and(|c| q.matches_ignoring_zone(self, c))
    }
}

impl FieldSymbols {
    /// Every symbol counted once: coloured, multi-colour and ultimate (BS-6.5.1).
    pub fn total(&self) -> u32 {
        self.colours.values().sum::<u32>() + self.multi.len() as u32 + self.ultimate
    }
}
