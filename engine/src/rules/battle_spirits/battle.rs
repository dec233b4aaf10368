//! The attack step (BS-6): declare attack (6.1), flash timings (6.2/6.4), block (6.3,
//! 6.3.1; an effect's "attack that spirit", rulings K16–K22), battle resolution (6.5.1
//! life, 6.5.2 BP), destruction (6.6), end (6.7).

use super::decision::Choice;
use super::events::Event;
use super::game::{Battle, Game, Phase};
use super::types::{CoreLoc, FlashWindow, Hook, Zone};
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::script::{LifeCoreSink, ModKind, WatchKind};

impl Game {
    /// Refreshed spirits/ultimates of `p` (attackers or blockers, BS-6.1, BS-6.3).
    pub fn refreshed_fighters(&self, p: PlayerId) -> Vec<InstanceId> {
        self.field(p)
            .into_iter()
            .filter(|c| self.is_spirit_like(*c) && !self.is_exhausted(*c))
            .collect()
    }

    fn fighter_label(&self, verb: &str, c: InstanceId) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        format!(
            "{verb} with {} {} (LV{} BP {})",
            self.name(c),
            c,
            self.level(c).unwrap_or(0),
            self.bp(c)
        )
    }

    /// BS-6.1: the spirits that may attack now (`Game::may_attack`: refreshed, no "cannot
    /// attack", attack tax payable).
    pub(crate) fn attack_options(&self) -> Vec<Labelled<Choice>> {
        let fighters = self.refreshed_fighters(self.st.active);
        // With room for "end the attack step".
        let mut v = Vec::with_capacity(fighters.len() + 1);
        v.extend(
            fighters
                .into_iter()
                .filter(|c| self.may_attack(*c))
                .map(|c| {
                    let tax = self.attack_tax(c);
                    let mut label = self.fighter_label("Attack", c);
                    if tax > 0 && !self.rt.no_labels {
                        label.push_str(&format!(", paying {tax} core(s)"));
                    }
                    Labelled {
                        choice: Choice::Attack { attacker: c },
                        label,
                    }
                }),
        );
        v
    }

    /// Whether any spirit may attack now (`attack_options` is not empty), without building
    /// the options.
    pub(crate) fn any_attack_option(&self) -> bool {
        // `refreshed_fighters`, read in place (asked after every step).
        (self.pile(Zone::Field(self.st.active)).iter())
            .any(|&c| self.is_spirit_like(c) && !self.is_exhausted(c) && self.may_attack(c))
    }

    /// Whether any spirit may block the current attacker (`block_options` is not empty).
    pub(crate) fn any_block_option(&self) -> bool {
        let Some((attacker, _)) = self.battle_cards() else {
            return false;
        };
        (self.pile(Zone::Field(self.st.active.other())).iter())
            .any(|&c| self.may_block(c, attacker))
    }

    /// BS-6.1: the attack options and, unless a spirit that must attack if able can
    /// attack, ending the attack step.
    pub(crate) fn attack_options_with_end(&self) -> Vec<Labelled<Choice>> {
        let mut v = self.attack_options();
        let forced = v.iter().any(|o| match o.choice {
            Choice::Attack { attacker } => self.must_attack(attacker),
            _ => false,
        });
        if !forced {
            v.push(Labelled {
                choice: Choice::EndAttack,
                label: self.lbl(|| "End the attack step".into()),
            });
        }
        v
    }

    /// BS-6.3: the defender's spirits that may block the current attacker
    /// (`Game::may_block`).
    pub(crate) fn block_options(&self) -> Vec<Labelled<Choice>> {
        let Some((attacker, _)) = self.battle_cards() else {
            return Vec::new();
        };
        let field = self.pile(Zone::Field(self.st.active.other()));
        // With room for "do not block".
        let mut v = Vec::with_capacity(field.len() + 1);
        v.extend(
            (field.iter())
                .filter(|&&c| self.may_block(c, attacker))
                .map(|&c| Labelled {
                    choice: Choice::Block { blocker: c },
                    label: self.fighter_label("Block", c),
                }),
        );
        v
    }

    /// BS-6.3: the block options and "do not block" — not offered while the attacker must
    /// be blocked (`must_block`) and one of the defender's spirits can block it.
    pub(crate) fn block_options_with_none(&self) -> Vec<Labelled<Choice>> {
        let mut v = self.block_options();
        if !v.is_empty()
            && self
                .battle_cards()
                .is_some_and(|(a, _)| self.must_be_blocked(a))
        {
            return v;
        }
        v.push(Labelled {
            choice: Choice::NoBlock,
            label: self.lbl(|| "Do not block".into()),
        });
        v
    }

    /// BS-6.2 / BS-5.6 / BS-11: in a flash timing only [Flash] effects may be used: a
    /// magic from hand with a [Flash] effect that `p` can pay for (either player), or
    /// pass. (Flash effects of field cards plug in here with.)
    pub(crate) fn flash_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::with_capacity(4);
        // Distinct cards by definition number (no string comparisons); the
        // cores `p` can pay with, counted once when a magic is found.
        let mut seen: Vec<(u32, Zone)> = Vec::new();
        let mut available = None;
        for (c, zone) in self.usable_cards(p) {
            let n = self.def_number(c);
            let d = self.lib.at(n);
            if d.kind != carddb::CardKind::Magic
                || seen.contains(&(n, zone))
                || !d
                    .effects
                    .iter()
                    .any(|e| e.steps.contains(&carddb::Step::Flash))
            {
                continue;
            }
            seen.push((n, zone));
            let available = *available.get_or_insert_with(|| self.available_cores(p));
            if let Some((_, q)) = self.playable_with(p, c, available) {
                v.push(Labelled {
                    choice: Choice::UseMagic { card: c },
                    label: self.lbl(|| {
                        format!("Use {} [Flash] (cost {}, pay {})", d.name, q.cost, q.to_pay)
                    }),
                });
            }
        }
        // Flash effects of field cards, each once per turn.
        v.extend(self.field_effect_options(p, true));
        v.push(Labelled {
            choice: Choice::Pass,
            label: self.lbl(|| "Pass".into()),
        });
        v
    }

    /// BS-6.1: exhaust the attacker, "when attacks", then the first flash timing with the
    /// defender first (BS-6.2).
    /// An attack tax ("cannot attack unless they pay N cores") is paid first, core by core
    /// (`Phase::AttackTax`, BS-5.2 step 5 sources).
    pub(crate) fn declare_attack(&mut self, attacker: InstanceId) {
        let tax = self.attack_tax(attacker);
        if tax > 0 {
            self.st.phase = Phase::AttackTax {
                attacker,
                remaining: tax,
            };
            return;
        }
        self.attack_after_tax(attacker);
    }

    /// BS-6.1 / BS-5.2 step 5: where a core of an attack tax may come from: the reserve and
    /// the player's field cards.
    pub(crate) fn tax_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        self.core_sources(p, None)
            .into_iter()
            .map(|(from, soul)| Labelled {
                choice: Choice::PayFrom { from, soul },
                label: self.lbl(|| {
                    format!(
                        "Pay {} from {}",
                        if soul { "the soul core" } else { "a core" },
                        self.source_label(from)
                    )
                }),
            })
            .collect()
    }

    /// One core of an attack tax to the trash; depletion follows at once (BS-5.3). When all
    /// is paid the attack is declared — unless the attacker left the field or was
    /// exhausted meanwhile (then no attack; the player may declare another).
    pub(crate) fn pay_tax_one(&mut self, from: super::types::CoreSource, soul: bool) {
        let Phase::AttackTax {
            attacker,
            remaining,
        } = self.st.phase
        else {
            unreachable!()
        };
        let p = self.owner(attacker);
        let core = self
            .core_at(from.loc(p), soul)
            .expect("listed source has the core");
        self.move_core(core, Some(CoreLoc::Trash(p)));
        self.st.phase = Phase::AttackTax {
            attacker,
            remaining: remaining - 1,
        };
        self.check_depletion();
        if !self.on_field(attacker) || self.is_exhausted(attacker) {
            self.st.phase = Phase::AttackDeclare;
        } else if remaining == 1 {
            self.attack_after_tax(attacker);
        }
    }

    /// BS-6.1: the attacker's own cores an effect takes to declare its attack ("unless they
    /// remove a core from it and place it into their reserve") go to its controller's
    /// reserve — other cores before the soul core, which the player keeps on it if they can
    /// (the digest is silent on the choice; keeping the soul core is what a player wants) —
    /// then depletion (BS-5.3). A spirit destroyed so does not attack (ruling ST02-016).
    fn attack_after_tax(&mut self, attacker: InstanceId) {
        let n = self.attack_cores_to_reserve(attacker);
        if n > 0 {
            let p = self.owner(attacker);
            for _ in 0..n {
                let at = CoreLoc::Card(attacker);
                let Some(core) = self.core_at(at, false).or_else(|| self.core_at(at, true)) else {
                    break;
                };
                self.move_core(core, Some(CoreLoc::Reserve(p)));
            }
            self.check_depletion();
            if !self.on_field(attacker) {
                self.st.phase = Phase::AttackDeclare;
                return;
            }
        }
        self.attack_declared(attacker);
    }

    fn attack_declared(&mut self, attacker: InstanceId) {
        self.set_exhausted(attacker, true);
        let bp = self.bp(attacker);
        self.emit(Event::AttackDeclared { attacker, bp });
        // The spirit is attacking while its "when attacks" effects resolve.
        self.st.battle = Some(Battle {
            attacker,
            blocker: None,
            blocked: false,
        });
        self.battle_changed(); // no event of its own (`derived`)
        self.fire(Hook::WhenAttacks { card: attacker });
        // An effect made it attack a spirit: that block is declared, so the flash timing
        // before the block declaration is skipped (rulings K17, K20, K22).
        let window = if self.st.battle.as_ref().is_some_and(|b| b.blocked) {
            FlashWindow::AfterBlock
        } else {
            FlashWindow::AfterAttack
        };
        self.st.phase = Phase::Flash {
            window,
            to_act: self.st.active.other(),
            passes: 0,
        };
    }

    /// BS-6.2: a pass; two passes in a row end the timing. (A used flash would reset
    /// `passes` to 0 and hand priority over.)
    pub(crate) fn flash_pass(&mut self) {
        let Phase::Flash {
            window,
            to_act,
            passes,
        } = self.st.phase
        else {
            unreachable!()
        };
        self.emit(Event::FlashPassed {
            player: to_act,
            window,
        });
        self.st.phase = if passes + 1 >= 2 {
            match window {
                // An effect made the attacker attack a spirit: its block is declared, the
                // rest of the battle goes on normally (ruling K17): the flash timing after
                // the block.
                FlashWindow::AfterAttack if self.st.battle.as_ref().is_some_and(|b| b.blocked) => {
                    Phase::Flash {
                        window: FlashWindow::AfterBlock,
                        to_act: self.st.active.other(),
                        passes: 0,
                    }
                }
                FlashWindow::AfterAttack => Phase::Block,
                FlashWindow::AfterBlock => Phase::BattleResolve,
            }
        } else {
            Phase::Flash {
                window,
                to_act: to_act.other(),
                passes: passes + 1,
            }
        };
    }

    /// BS-6.3: exhaust the blocker, "when blocks", then the second flash timing (BS-6.4),
    /// defender first.
    pub(crate) fn declare_block(&mut self, blocker: InstanceId) {
        self.set_exhausted(blocker, true);
        let battle = self.st.battle.as_mut().expect("a battle is on");
        battle.blocker = Some(blocker);
        battle.blocked = true;
        let attacker = battle.attacker;
        self.emit(Event::BlockDeclared { blocker, attacker });
        self.watch(WatchKind::Blocked, Some(attacker), self.owner(attacker), 1);
        self.fire(Hook::WhenBlocks { card: blocker });
        self.st.phase = Phase::Flash {
            window: FlashWindow::AfterBlock,
            to_act: self.st.active.other(),
            passes: 0,
        };
    }

    /// "Attack that spirit" (an effect of the attacker's controller, rulings K16–K22):
    /// `target`, an opponent's spirit on the field, is declared the blocker of the current,
    /// not yet blocked, battle at once, even if it is exhausted (K16; a refreshed one is
    /// exhausted, BS-6.3); no other spirit can block (K18) and no life is lost (K17,
    /// BS-6.3.1); its "when blocks" effects resolve now, right after the effect that made
    /// the attack (K19); the flash timing before the block declaration is skipped (K17,
    /// K20, K22) and the battle goes on normally. A spirit that cannot block (or cannot
    /// block this attacker) is not attacked: the battle goes on as if nothing happened
    /// (K21). `Err` gives the reason nothing happened.
    pub(crate) fn attack_spirit(&mut self, target: InstanceId, by: PlayerId) -> Result<(), String> {
        let Some(b) = self.st.battle.as_ref() else {
            return Err("no battle is on".into());
        };
        let attacker = b.attacker;
        if b.blocked || self.owner(attacker) != by {
            return Err("no unblocked battle of this effect's controller".into());
        }
        if self.owner(target) == by || !self.on_field(target) || !self.is_spirit_like(target) {
            return Err("not an opponent's spirit on the field".into());
        }
        if self.block_forbidden(target, attacker) {
            return Err("the spirit cannot block this attack (ruling K21)".into());
        }
        if !self.is_exhausted(target) {
            self.set_exhausted(target, true);
        }
        if let Some(b) = self.st.battle.as_mut() {
            b.blocker = Some(target);
            b.blocked = true;
        }
        self.emit(Event::BlockDeclared {
            blocker: target,
            attacker,
        });
        self.watch(WatchKind::Blocked, Some(attacker), self.owner(attacker), 1);
        self.fire(Hook::WhenBlocks { card: target });
        Ok(())
    }

    /// BS-6.3: no block; the second flash timing is skipped.
    pub(crate) fn no_block(&mut self) {
        let attacker = self.st.battle.as_ref().expect("a battle is on").attacker;
        self.emit(Event::NotBlocked { attacker });
        self.st.phase = Phase::BattleResolve;
    }

    /// Whether the battle ends before its block or flash timings are over (BS-6.7): an
    /// effect ended it, or the attacking spirit left the field (returned, destroyed,
    /// depleted …) — with no attacker no block is declared against it (BS-6.3), no life is
    /// taken for its symbols (BS-6.5.1) and no BP is compared (BS-6.5.2).
    pub(crate) fn battle_cut_short(&self) -> bool {
        self.st.scripts.end_battle
            || (self.st.battle.as_ref()).is_some_and(|b| !self.on_field(b.attacker))
    }

    /// Whether `c` cannot be destroyed in battle now (BS-6.6: a modifier, stored or
    /// constant; ruling C#177).
    pub(crate) fn battle_proof(&self, c: InstanceId) -> bool {
        self.mods_of(c)
            .iter()
            .any(|m| matches!(m, ModKind::CannotBeDestroyedInBattle))
    }

    /// BS-6.5 … BS-6.7.
    pub(crate) fn resolve_battle(&mut self) {
        let b = self.st.battle.clone().expect("a battle is on");
        let me = self.st.active;
        let def = me.other();
        let on_field = |g: &Game, c: InstanceId| g.zone_of(c) == Zone::Field(g.owner(c));
        if self.st.scripts.end_battle {
            // BS-6.7: an effect ended the battle: no life taken, no BP compared.
            self.st.scripts.end_battle = false;
            self.invalidate_constants(); // no event of its own (`derived`)
        } else if !b.blocked {
            // BS-6.5.1: life → reserve, as many as the attacker's symbols — unless an
            // effect keeps such an attack from reducing it (ruling C#53: nothing reduced).
            let kept = (on_field(self, b.attacker))
                .then(|| self.life_kept_by(b.attacker, def))
                .flatten();
            if let Some(by) = kept {
                self.emit(Event::LifeKept {
                    player: def,
                    attacker: b.attacker,
                    by,
                });
            } else if on_field(self, b.attacker) {
                let n = self.symbols_of(b.attacker); // BS-9.2: a braved card's symbols
                // Where the cores go: the reserve, unless an effect replaces it.
                let to = match self.life_core_sink(b.attacker) {
                    LifeCoreSink::Reserve => Some(CoreLoc::Reserve(def)),
                    LifeCoreSink::Trash => Some(CoreLoc::Trash(def)),
                    LifeCoreSink::Void => None,
                };
                // "cannot reduce your life to N": taken down to N + 1 only. The digest is
                // silent; the attack still reduces what it can, the rest is kept (LifeKept when
                // nothing is taken).
                let floor = self.life_floor(b.attacker, def);
                let mut taken = 0;
                for _ in 0..n {
                    if floor.is_some_and(|(_, least)| self.life(def) <= least) {
                        break;
                    }
                    let Some(core) = self
                        .core_at(CoreLoc::Life(def), false)
                        .or_else(|| self.core_at(CoreLoc::Life(def), true))
                    else {
                        break;
                    };
                    self.move_core(core, to);
                    taken += 1;
                }
                match floor {
                    Some((by, _)) if taken == 0 && n > 0 => self.emit(Event::LifeKept {
                        player: def,
                        attacker: b.attacker,
                        by,
                    }),
                    _ => self.emit(Event::LifeReduced {
                        player: def,
                        amount: taken,
                        by: b.attacker,
                        left: self.life(def),
                    }),
                }
                if self.ended_now() {
                    return; // BS-0.4: life 0 ends the game at once
                }
                if taken > 0 {
                    self.watch(WatchKind::ReducesLife, Some(b.attacker), def, taken);
                    self.watch(WatchKind::LifeReduced, None, def, taken);
                }
                self.fire(Hook::AfterLifeReduced { player: def });
            }
        } else if let Some(bl) = b.blocker {
            // BS-6.3.1: blocked → no life loss even if the blocker is gone.
            if on_field(self, b.attacker) && on_field(self, bl) {
                // BS-6.5.2 / BS-6.6: lower BP destroyed; equal BP both.
                let (abp, bbp) = (self.bp(b.attacker), self.bp(bl));
                self.emit(Event::BattleCompared {
                    attacker: b.attacker,
                    attacker_bp: abp,
                    blocker: bl,
                    blocker_bp: bbp,
                });
                // BS-6.5.2: the card with the higher BP wins the comparison.
                if abp != bbp {
                    let winner = if abp > bbp { b.attacker } else { bl };
                    self.watch(
                        WatchKind::WinsComparison,
                        Some(winner),
                        self.owner(winner),
                        1,
                    );
                }
                // BS-6.6: the lower BP is destroyed; equal BP: both, at the same time —
                // unless it cannot be destroyed in battle (ruling C#177).
                let mut lost = Vec::new();
                if abp <= bbp && !self.battle_proof(b.attacker) {
                    lost.push((b.attacker, true));
                }
                if bbp <= abp && !self.battle_proof(bl) {
                    lost.push((bl, true));
                }
                self.st.scripts.battle_destruction = true;
                self.destroy_together(&lost);
                self.st.scripts.battle_destruction = false;
            }
        }
        // BS-6.7: "when a battle with one of your spirits ends": each card of the battle,
        // and those of them still on the field.
        for c in std::iter::once(b.attacker).chain(b.blocker) {
            let owner = self.owner(c);
            self.watch(WatchKind::BattleEndsWith, Some(c), owner, 1);
            if self.on_field(c) {
                self.watch(WatchKind::BattleEndsOnField, Some(c), owner, 1);
            }
        }
        // BS-6.7: "when the battle ends" effects, then "during this battle" effects end;
        // the turn player may attack again.
        self.fire(Hook::BattleEnds {
            attacker: b.attacker,
            blocker: b.blocker,
        });
        self.emit(Event::BattleEnded {
            attacker: b.attacker,
        });
        self.st.battle = None;
        self.end_battle_join();
        self.st.scripts.battle_magic.clear();
        self.battle_changed(); // no event of its own (`derived`)
        self.end_battle_effects();
        self.st.phase = Phase::AttackDeclare;
    }
}
