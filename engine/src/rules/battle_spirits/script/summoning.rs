//! Constants while a card's cost is read (BS-5.2; ruling BSS01-109: "while summoning"
//! effects). A view reads the cost of every hand card after every event (issue 15), so only
//! the effects that call `while_summoning` are run again, and their modifiers replace theirs
//! in the constants in force without a card being summoned.

use super::constants::{ConstMods, Constants};
use super::state::ModKind;
use crate::core::InstanceId;
use crate::rules::battle_spirits::game::Game;

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
        if base.summoning_spans.is_empty() {
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
}
