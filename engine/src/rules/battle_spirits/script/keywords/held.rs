//! Which keywords a card has now — printed (at the levels and timing printed with it) or
//! gained from a modifier — its keyword effects wanted at a trigger, and `keyword_value()`.

use super::*;

/// One keyword a card has now, with every value it has it with.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldKeyword {
    pub index: usize,
    pub values: Vec<KeywordValue>,
}

impl Game {
    /// The keyword index of each printed keyword of `c` (`None` for one without rules),
    /// looked up at library build; `None` when `c` is not indexed.
    fn printed_keyword_indices(&self, c: InstanceId) -> Option<&[Option<u32>]> {
        (self.def_index.get(c.index()))
            .and_then(|&d| self.host.printed_keywords_by_def.get(d as usize))
            .map(Vec::as_slice)
    }

    /// Whether `c` may hold a keyword `want` accepts now: a printed one (looked up per
    /// definition, whatever its level), or any keyword a modifier gives (stored, in `extra`,
    /// or with `constants` from the constants in force). `false` lets a caller skip reading
    /// its keywords; `true` may be wrong only that way.
    pub(crate) fn may_hold_keyword(
        &self,
        c: InstanceId,
        extra: &[(InstanceId, ModKind)],
        constants: bool,
        want: impl Fn(&CompiledKeyword) -> bool,
    ) -> bool {
        let kws = &self.host.keywords;
        let printed = self.printed_keyword_indices(c);
        let printed_wanted = match printed {
            Some(p) => p.iter().flatten().any(|&i| want(&kws.list[i as usize])),
            None => !self.def_of(c).keywords.is_empty(),
        };
        let gained = |x: InstanceId, k: &ModKind| x == c && matches!(k, ModKind::Keyword(..));
        printed_wanted
            || self
                .st
                .scripts
                .modifiers
                .iter()
                .any(|m| gained(m.card, &m.kind))
            || extra.iter().any(|(x, k)| gained(*x, k))
            || constants && self.const_kinds & super::super::constants::KEYWORD_MODS != 0 && {
                let k = self.constant_mods();
                k.kinds & super::super::constants::KEYWORD_MODS != 0
                    && k.mods.iter().any(|(x, m)| gained(*x, m))
            }
    }

    /// The declared keywords `c` has now: printed ones at their levels and printed timing
    /// (a constant timing such as "While This Spirit Attacks"), and gained ones
    /// (`gain_keyword`, constant effects). `extra` adds modifiers being collected.
    pub(crate) fn held_keywords(
        &self,
        c: InstanceId,
        extra: &[(InstanceId, ModKind)],
    ) -> Vec<HeldKeyword> {
        let kws = &self.host.keywords;
        if kws.list.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<HeldKeyword> = Vec::new();
        let mut add = |index: usize, value: Option<KeywordValue>| {
            let i = match out.iter().position(|h| h.index == index) {
                Some(i) => i,
                None => {
                    out.push(HeldKeyword {
                        index,
                        values: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            if let Some(v) = value {
                out[i].values.push(v);
            }
        };
        let printed = self.printed_keyword_indices(c);
        for (n, k) in self.def_of(c).keywords.iter().enumerate() {
            let index = match printed {
                Some(p) => p.get(n).copied().flatten().map(|i| i as usize),
                None => kws.index(&k.name),
            };
            let Some(index) = index else {
                continue;
            };
            if !self.level_ok(c, &k.levels) || !self.printed_timing_holds(c, k.timing.as_deref()) {
                continue;
            }
            add(index, k.value.clone());
        }
        let stored = self.st.scripts.modifiers.iter().map(|m| (m.card, &m.kind));
        let constant = self.constant_mods();
        let consts = constant.mods.iter().map(|(x, k)| (*x, k));
        let more = extra.iter().map(|(x, k)| (*x, k));
        for (x, kind) in stored.chain(consts).chain(more) {
            if x != c {
                continue;
            }
            if let ModKind::Keyword(name, modifier) = kind
                && let Some(index) = kws.index(name)
            {
                add(index, parse_value(modifier));
            }
        }
        out
    }

    /// Whether a printed keyword's timing holds now (no timing: always). Only the
    /// constant timings can hold or not; another label means the keyword is for that
    /// moment, which its own effects already name.
    fn printed_timing_holds(&self, c: InstanceId, timing: Option<&str>) -> bool {
        let Some(t) = timing.and_then(hooks::from_label) else {
            return true;
        };
        let battle = self.battle_cards();
        let p = self.owner(c);
        t.iter().any(|t| match *t {
            Trigger::WhileAttacking => battle.is_some_and(|(x, _)| x == c),
            Trigger::WhileBlocking => battle.is_some_and(|(_, b)| b == Some(c)),
            Trigger::DuringTurn(w) => whose_ok(w, p, self.st.active),
            Trigger::DuringStep(w, s) => {
                self.st.scripts.step == Some(s) && whose_ok(w, p, self.st.active)
            }
            _ => true,
        })
    }

    /// Whether some keyword effect of `zone` has a trigger `pred` accepts: when not,
    /// [`Game::keyword_effects`] finds none for any card. `bits` has the bit of every
    /// trigger `pred` accepts ([`Trigger::bit`]).
    pub(crate) fn keyword_triggers_wanted(
        &self,
        zone: EffectZone,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
    ) -> bool {
        let kws = &self.host.keywords;
        // No keyword effect of that zone has a trigger of `bits` (strict games
        // test every trigger, `Game::wants`).
        if !self.strict && !kws.may_trigger(zone, bits) {
            return false;
        }
        (kws.triggers.iter().zip(&kws.trigger_bits)).any(|(&(z, t), &b)| {
            z == zone && (self.strict || b & bits != 0) && self.wants(bits, pred, t)
        })
    }

    /// The keyword effects of `c` (on the field) whose triggers match `pred`, as effect
    /// numbers; `bits` has the bit of every trigger `pred` accepts ([`Trigger::bit`]).
    pub(crate) fn keyword_effects(
        &self,
        c: InstanceId,
        zone: EffectZone,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
    ) -> Vec<u32> {
        if !self.keyword_triggers_wanted(zone, bits, pred) {
            return Vec::new();
        }
        self.keyword_effects_wanted(c, zone, bits, pred)
    }

    /// [`Game::keyword_effects`] once [`Game::keyword_triggers_wanted`] has said yes.
    pub(crate) fn keyword_effects_wanted(
        &self,
        c: InstanceId,
        zone: EffectZone,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
    ) -> Vec<u32> {
        let mut out = Vec::new();
        let kws = &self.host.keywords;
        // Effect `j` of `kw` is of `zone` and has a wanted trigger.
        let effect_wanted = |kw: &CompiledKeyword, j: usize| {
            kw.zones[j] == zone
                && (kw.effects[j].triggers.iter()).any(|t| self.wants(bits, pred, *t))
        };
        let wanted = |kw: &CompiledKeyword| (0..kw.effects.len()).any(|j| effect_wanted(kw, j));
        if !self.may_hold_keyword(c, &[], true, wanted) {
            return out;
        }
        for h in self.held_keywords(c, &[]) {
            let kw = &kws.list[h.index];
            for j in (0..kw.effects.len()).filter(|&j| effect_wanted(kw, j)) {
                out.push(effect_number(h.index, j));
            }
        }
        out
    }

    /// Why keyword effect `effect` does nothing on `c`: `c` prints that keyword with a
    /// value its declaration does not take (`Feast 2` while Feast is declared `value:
    /// none`) — a gap `db build --allow-gaps` listed; the effect is inert with this reason
    /// rather than run without its value. `None` for a card effect or a value that fits.
    pub(crate) fn keyword_value_gap(&self, c: InstanceId, effect: u32) -> Option<String> {
        let (index, kw) = self.host.keywords.of_effect(effect)?;
        let printed = self.printed_keyword_indices(c);
        let kind = super::super::vocab::value_kind(kw.value);
        for (n, k) in self.def_of(c).keywords.iter().enumerate() {
            let i = match printed {
                Some(p) => p.get(n).copied().flatten().map(|i| i as usize),
                None => self.host.keywords.index(&k.name),
            };
            if i != Some(index) {
                continue;
            }
            let text = k.value.as_ref().map(super::super::vocab::value_text);
            if let Err(why) = kind.check(text.as_deref()) {
                return Some(format!(
                    "keyword `{}` {why}: no pack declares that value ({})",
                    kw.name,
                    super::super::declare_help::value(&kw.name, kind.name(), text.as_deref())
                ));
            }
        }
        None
    }

    /// `keyword_value()` for the keyword effect `effect` running on `c`: the highest number,
    /// the colours (union, lower case), the condition's words, or `()`.
    pub(crate) fn keyword_value(&self, c: InstanceId, effect: u32) -> Dynamic {
        let Some((index, kw)) = self.host.keywords.of_effect(effect) else {
            return Dynamic::UNIT;
        };
        let gained = self.rt.const_gained.borrow().clone();
        let held = self.held_keywords(c, &gained);
        let values = held
            .iter()
            .find(|h| h.index == index)
            .map(|h| h.values.clone())
            .unwrap_or_default();
        value_dynamic(kw.value, &values)
    }
}
