//! Which effects of one card a hook reaches: those with a trigger the hook accepts, at a
//! level they work at, in the form they work in (BS-9.2 braves), then those of the
//! keywords the card has. A hook also names the bits ([`Trigger::bit`]) of the
//! triggers it accepts, so a card whose effects have none of them is skipped.

use super::hooks::Trigger;
use carddb::keyword::EffectZone;

use crate::core::InstanceId;
use crate::rules::battle_spirits::Game;

impl Game {
    /// Whether `card` is at one of `levels` (empty: any level); off the field, always.
    pub(crate) fn level_ok(&self, card: InstanceId, levels: &[u8]) -> bool {
        let card = self.unit_of(card); // a braved brave is at its host's level
        levels.is_empty()
            || !self.on_field(card)
            || self.level(card).is_some_and(|l| levels.contains(&l))
    }

    /// BS-9.2 / BS-5.1.1: whether effect `i` of `card` works in the brave's present form:
    /// a braved brave's `braved` effects only while braved, its other effects only while
    /// not; "when summoned" both ways. Always true for other kinds.
    pub(super) fn brave_form_ok(
        &self,
        card: InstanceId,
        i: usize,
        braved: bool,
        triggers: &[Trigger],
    ) -> bool {
        let d = self.def_of(card);
        d.kind != carddb::CardKind::Brave
            || d.effects.get(i).is_none_or(|e| e.braved == braved)
            || triggers.contains(&Trigger::WhenSummoned)
    }

    /// `pred(t)`, untested when `bits` lacks `t`'s bit ([`Trigger::bit`]). Strict games
    /// test it and check that `bits` has the bit when `pred` accepts it: the cards and
    /// keywords none of whose triggers are in `bits` are skipped untested.
    #[inline(always)] // The bit test, inline, spares most calls of `pred`
    pub(crate) fn wants(&self, bits: u64, pred: &dyn Fn(Trigger) -> bool, t: Trigger) -> bool {
        if !self.strict {
            return t.bit() & bits != 0 && pred(t);
        }
        let yes = pred(t);
        assert!(
            !yes || t.bit() & bits != 0,
            "a hook accepts the trigger {t:?}, whose bit its bits {bits:#x} miss"
        );
        yes
    }

    /// The set of the triggers of `card`'s own effects ([`Trigger::bit`]): per definition,
    /// computed when the library's scripts were built.
    #[inline]
    pub(super) fn trigger_bits_of(&self, card: InstanceId) -> u64 {
        match self.def_index.get(card.index()) {
            Some(&i) => self.host.trigger_bits_at(i),
            None => (self.effects_of_instance(card)).map_or(0, |effs| {
                Trigger::bits(effs.iter().flat_map(|e| &e.triggers))
            }),
        }
    }

    /// The effects of `card` with a trigger matching `pred`, at a level they work at, in
    /// the form they work in (BS-9.2).
    /// Then the effects of the keywords it has on the field.
    /// `bits` has the bit of every trigger `pred` accepts ([`Trigger::bit`]).
    pub(super) fn matching_of(
        &self,
        card: InstanceId,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
    ) -> Vec<u32> {
        self.matching_of_with(card, bits, pred, None)
    }

    /// [`Game::matching_of`], with what [`Game::keyword_triggers_wanted`] said for a
    /// caller that asked it once for many cards: `Some(false)` skips the
    /// keyword effects, `Some(true)` does not ask again. Strict games ask every time.
    pub(super) fn matching_of_with(
        &self,
        card: InstanceId,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
        keywords: Option<bool>,
    ) -> Vec<u32> {
        // A card none of whose triggers is in `bits` has no effect to test
        // (strict games test them all, `Game::wants`).
        let own = self.strict || self.trigger_bits_of(card) & bits != 0;
        let mut out: Vec<u32> = match self.effects_of_instance(card).filter(|_| own) {
            Some(effs) => {
                let braved = self.is_braved_brave(card);
                effs.iter()
                    .enumerate()
                    .filter(|(i, e)| {
                        e.triggers.iter().any(|t| self.wants(bits, pred, *t))
                            && self.zone_ok(card, e.zone) // hand/trash effects: `zones`
                            && self.level_ok(card, &e.levels)
                            && self.brave_form_ok(card, *i, braved, &e.triggers)
                    })
                    .map(|(i, _)| i as u32)
                    .collect()
            }
            None => Vec::new(),
        };
        let kws = &self.host.keywords;
        if !kws.list.is_empty()
            && (self.strict
                || (keywords != Some(false) && kws.may_trigger(EffectZone::Field, bits)))
            && self.on_field(card)
        {
            out.extend(match keywords {
                Some(true) if !self.strict => {
                    self.keyword_effects_wanted(card, EffectZone::Field, bits, pred)
                }
                _ => self.keyword_effects(card, EffectZone::Field, bits, pred),
            });
        }
        out
    }
}
