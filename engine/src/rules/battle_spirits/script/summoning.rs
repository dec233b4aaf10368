//! Constants while a card's cost is read (BS-5.2; ruling BSS01-109: "while summoning"
//! effects). A view reads the cost of every hand card after every event, so only
//! the effects that call `while_summoning` are run again, and their modifiers replace theirs
//! in the constants in force without a card being summoned. The paid card's own effects that
//! read its cost being paid ("when summoning this spirit from your hand, …", "this card costs
//! 4 in your hand if …") are evaluated then too, from the hand.

use super::constants::{ConstMods, Constants};
use super::hooks::Trigger;
use super::state::ModKind;
use crate::core::InstanceId;
use crate::rules::battle_spirits::game::Game;
use carddb::EffectZone;

impl Game {
    /// The constants while the cost of `card` is read, from those in force without it: each
    /// effect calling `while_summoning` evaluated again with `card`, its modifiers in place
    /// of its earlier ones. `None` (evaluate everything again) when a `lib/` module or a
    /// keyword may call `while_summoning`, when such a run gives a watcher or a failure, when
    /// its modifiers give keywords (the keywords' constants read them), or while constant
    /// runs are observed (`exercise` counts every run).
    pub(super) fn constants_while_summoning(&self, card: InstanceId) -> Option<ConstMods> {
        if self.host.summoning_elsewhere || self.rt.const_seen.is_some() {
            return None;
        }
        self.rt.summoning.set(None);
        let base = self.constant_mods();
        self.rt.summoning.set(Some(card));
        let own = self.paid_card_reads(card);
        if base.summoning_spans.is_empty() && !own {
            return Some(base);
        }
        let gives_keyword =
            |m: &[(InstanceId, ModKind)]| m.iter().any(|(_, k)| matches!(k, ModKind::Keyword(..)));
        let battle = self.battle_cards();
        let mut mods = Vec::with_capacity(base.mods.len());
        let mut at = 0;
        self.rt.computing_const.set(true);
        let mut ok = true;
        let mut same = true;
        let mut reads = base.reads;
        for &(p, c, i, start, end, clean) in &base.summoning_spans {
            let e = self
                .effects_of_instance(c)
                .and_then(|effs| effs.get(i as usize));
            let (Some(e), true) = (e, clean && !gives_keyword(&base.mods[start..end])) else {
                ok = false;
                break;
            };
            let mut one = Constants::default();
            self.apply_constant(p, c, i, e, &battle, &mut one);
            if !one.watchers.is_empty() || !one.failed.is_empty() || gives_keyword(&one.mods) {
                ok = false;
                break;
            }
            reads |= one.reads;
            same &= one.mods[..] == base.mods[start..end];
            mods.extend_from_slice(&base.mods[at..start]);
            mods.append(&mut one.mods);
            at = end;
        }
        // The paid card's own effects (BS-5.2, from the hand): added after the field's.
        let mut tail = Vec::new();
        if ok && own {
            let mut one = Constants::default();
            self.apply_paid_card(card, &battle, &mut one);
            if !one.watchers.is_empty() || !one.failed.is_empty() || gives_keyword(&one.mods) {
                ok = false;
            }
            reads |= one.reads;
            same &= one.mods.is_empty();
            tail = one.mods;
        }
        self.rt.computing_const.set(false);
        if !ok {
            return None;
        }
        if same && reads == base.reads {
            // The very constants in force: what is derived from them is shared too
            // (`Game::field_symbols`).
            return Some(base);
        }
        mods.extend_from_slice(&base.mods[at..]);
        mods.append(&mut tail);
        Some(
            Constants {
                mods,
                watchers: base.watchers.clone(),
                failed: base.failed.clone(),
                summoning_spans: Vec::new(),
                kinds: 0,
                reads,
            }
            .sealed(),
        )
    }

    /// Whether `card`, off the field, has a constant effect of its own that reads the cost
    /// being paid (`while_paying(this_card())` …): it is evaluated while `card` is paid
    /// (BS-5.2; "when summoning this spirit from your hand, …").
    pub(crate) fn paid_card_reads(&self, card: InstanceId) -> bool {
        !self.on_field(card)
            && (self.effects_of_instance(card).is_some_and(|effs| {
                effs.iter()
                    .any(|e| e.reads_summoning && e.triggers.iter().any(|t| t.is_constant()))
            }) || !self.paid_keyword_effects(card).is_empty())
    }

    /// The `zone: hand` constant effects of `card`'s printed keywords that read the cost
    /// being paid (a `cost-change` keyword, `docs/pack-format.md`), by effect number.
    fn paid_keyword_effects(&self, card: InstanceId) -> Vec<u32> {
        if !self.host.summoning_elsewhere || self.def_of(card).keywords.is_empty() {
            return Vec::new();
        }
        let constant = |t: Trigger| t.is_constant();
        let mut v = self.keyword_effects(card, EffectZone::Hand, u64::MAX, &constant);
        v.retain(|&n| {
            self.effect_of_instance(card, n)
                .is_some_and(|e| e.reads_summoning)
        });
        v
    }

    /// Evaluates into `out` the constant effects of `card` (being paid, off the field) that
    /// read the cost being paid, controlled by its owner (BS-5.2).
    pub(super) fn apply_paid_card(
        &self,
        card: InstanceId,
        battle: &Option<(InstanceId, Option<InstanceId>)>,
        out: &mut Constants,
    ) {
        if !self.paid_card_reads(card) {
            return;
        }
        let p = self.owner(card);
        for (i, e) in self
            .effects_of_instance(card)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if e.reads_summoning && e.triggers.iter().any(|t| t.is_constant()) {
                self.apply_constant(p, card, i as u32, e, battle, out);
            }
        }
        for n in self.paid_keyword_effects(card) {
            if let Some(e) = self.effect_of_instance(card, n) {
                self.apply_constant(p, card, n, e, battle, out);
            }
        }
    }
}
