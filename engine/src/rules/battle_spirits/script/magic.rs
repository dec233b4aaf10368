//! Activated effects: magic Main/Flash resolution (BS-5.5) and field [Main]/[Flash]
//! effects.

use super::hooks::Trigger;
use super::state::Question;
use carddb::keyword::EffectZone;

use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::game::Phase;
use crate::rules::battle_spirits::{Choice, Game};

impl Game {
    // ---- activated effects: magic (BS-5.5) and field [Main]/[Flash] effects -----------

    /// BS-5.5: a magic's effects usable now (Main in the main step, Flash in both).
    pub(crate) fn magic_effects(&self, card: InstanceId, flash_timing: bool) -> Vec<u32> {
        let bits = Trigger::Flash.bit() | Trigger::Main.bit();
        self.matching_of(card, bits, &|t| {
            t == Trigger::Flash || (!flash_timing && t == Trigger::Main)
        })
    }

    /// BS-5.5: resolve a magic: choose its Main or Flash effect if both can be used (a
    /// decision), run it. Returns false if the step stopped for a question.
    pub(crate) fn resolve_magic(
        &mut self,
        card: InstanceId,
        player: PlayerId,
        flash: bool,
    ) -> bool {
        let effs = self.magic_effects(card, flash);
        let chosen = match effs.len() {
            0 => return true,
            1 => effs[0],
            _ => {
                let d = self.def_of(card);
                let options = effs
                    .iter()
                    .enumerate()
                    .map(|(k, i)| {
                        let e = &d.effects[*i as usize];
                        let step = if e.steps.contains(&carddb::Step::Main) {
                            "Main"
                        } else {
                            "Flash"
                        };
                        Labelled {
                            choice: Choice::OneOf { index: k as u32 },
                            label: self.lbl(|| {
                                format!(
                                    "[{step}] {}",
                                    e.text.get("en").cloned().unwrap_or_default()
                                )
                            }),
                        }
                    })
                    .collect();
                let q = Question {
                    player,
                    prompt: format!("{}: use its Main or its Flash effect?", d.name),
                    options,
                };
                match self.ask(q) {
                    Some(Choice::OneOf { index }) => effs[index as usize],
                    _ => return false,
                }
            }
        };
        self.run_effect(card, chosen, player, vec![card]);
        !self.halted()
    }

    /// Field [Main]/[Flash] effects `p` may use now (each once per turn).
    pub(crate) fn field_effect_options(
        &self,
        p: PlayerId,
        flash_timing: bool,
    ) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        if !self.host.has_effects() {
            return v;
        }
        // Only the bits of the triggers `want` accepts (in a flash timing, a
        // keyword with [Main] effects only is skipped untested).
        let (bits, want): (u64, &dyn Fn(Trigger) -> bool) = if flash_timing {
            (Trigger::Flash.bit(), &|t| t == Trigger::Flash)
        } else {
            (Trigger::Flash.bit() | Trigger::Main.bit(), &|t| {
                t == Trigger::Flash || t == Trigger::Main
            })
        };
        // Asked once for every field card.
        let keywords = Some(self.keyword_triggers_wanted(EffectZone::Field, bits, want));
        for &c in self.pile(crate::rules::battle_spirits::Zone::Field(p)) {
            for i in self.matching_of_with(c, bits, want, keywords) {
                if !self.st.scripts.activated.contains(&(c, i)) && self.usable_now(c, i, p) {
                    v.push(Labelled {
                        choice: Choice::UseEffect { card: c, effect: i },
                        label: self.lbl(|| format!("Use the effect of {} {c}", self.name(c))),
                    });
                }
            }
        }
        v.extend(self.zone_effect_options(p, flash_timing)); // hand/trash effects
        v
    }

    /// Uses a field card's [Main]/[Flash] effect (BS-6.2: it resolves completely).
    pub(crate) fn use_field_effect(&mut self, card: InstanceId, effect: u32) {
        self.st.scripts.activated.insert((card, effect));
        let p = self.owner(card);
        self.run_effect(card, effect, p, vec![card]);
        if let Phase::Flash { window, to_act, .. } = self.st.phase {
            self.st.phase = Phase::Flash {
                window,
                to_act: to_act.other(),
                passes: 0,
            };
        }
    }
}
