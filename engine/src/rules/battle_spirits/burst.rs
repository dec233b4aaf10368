//! Bursts (BS-10, BS-5.8): setting a burst from hand once per turn, overwriting the old
//! one, activating it when its condition is met (no cost), and paying the card's cost to
//! use its Main/Flash effect as part of the burst (BS-10.4).

use super::decision::Choice;
use super::events::Event;
use super::game::Game;
use super::types::{CoreLoc, Zone};
use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::script::WatchKind;
use crate::rules::battle_spirits::script::hooks::Trigger;
use crate::rules::battle_spirits::script::state::Question;

impl Game {
    /// The card `p` has set in the burst area, if any (BS-10.1: at most one).
    pub fn burst_of(&self, p: PlayerId) -> Option<InstanceId> {
        self.pile(Zone::Burst(p)).last().copied()
    }

    /// Whether `p` has already set a burst this turn (BS-5.8: once per turn).
    pub fn burst_set_this_turn(&self, p: PlayerId) -> bool {
        self.st.burst_set_turn[p.index()] == self.st.turn
    }

    /// BS-5.8 / BS-10.1 / BS-10.6: `SetBurst` for each distinct hand card with a [Burst]
    /// effect, unless `p` set one this turn. Never from tecoto; never a card without one.
    pub(crate) fn set_burst_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        if self.burst_set_this_turn(p) {
            return v;
        }
        let mut seen: Vec<&str> = Vec::new();
        for &c in self.pile(Zone::Hand(p)) {
            let d = self.def_of(c);
            if seen.contains(&d.id.as_str()) || !d.has_burst() {
                continue;
            }
            seen.push(&d.id);
            let over = match self.burst_of(p) {
                Some(old) => format!(" (replacing {}, which goes to the trash)", self.name(old)),
                None => String::new(),
            };
            v.push(Labelled {
                choice: Choice::SetBurst { card: c },
                label: self.lbl(|| format!("Set {} as your burst{over}", d.name)),
            });
        }
        v
    }

    /// BS-10.1: sets `card` face down in the burst area; a burst already set goes to the
    /// trash. BS-10.2: it holds no cores.
    pub(crate) fn set_burst(&mut self, card: InstanceId) {
        let p = self.owner(card);
        let replaced = self.burst_of(p);
        if let Some(old) = replaced {
            self.move_card(old, Zone::Trash(p));
        }
        self.move_card(card, Zone::Burst(p));
        self.st.burst_set_turn[p.index()] = self.st.turn;
        self.emit(Event::BurstSet {
            player: p,
            card,
            replaced,
        });
        self.watch(WatchKind::SetsBurst, Some(card), p, 1);
    }

    /// BS-10.3: the owner of a set burst whose condition is met may activate it, at no
    /// cost, in any step of either turn: its [Burst] effects matching `pred` resolve, then
    /// the card goes to the trash unless an effect moved it (a burst summon). Returns
    /// false when the activation question stopped the step.
    pub(crate) fn activate_burst(
        &mut self,
        card: InstanceId,
        effects: &[u32],
        event_cards: &[InstanceId],
    ) -> bool {
        let p = self.owner(card);
        if self.zone_of(card) != Zone::Burst(p) || effects.is_empty() {
            return true;
        }
        let q = Question {
            player: p,
            prompt: format!("Activate your burst {}?", self.name(card)),
            options: vec![
                Labelled {
                    choice: Choice::Yes,
                    label: self.lbl(|| format!("Activate {} (no cost)", self.name(card))),
                },
                Labelled {
                    choice: Choice::No,
                    label: self.lbl(|| "Keep it set".into()),
                },
            ],
        };
        match self.ask(q) {
            Some(Choice::Yes) => {}
            Some(_) => return true,
            None => return false,
        }
        self.emit(Event::BurstActivated { card });
        for &i in effects {
            self.run_effect(card, i, p, event_cards.to_vec());
        }
        if !self.halted() && self.zone_of(card) == Zone::Burst(p) {
            self.move_card(card, Zone::Trash(p));
        }
        !self.halted()
    }

    /// Resolves `card`'s [Main] (or [Flash]) effect now without paying its cost, as part of
    /// the running effect. False when it has none.
    pub(crate) fn activate_free(&mut self, card: InstanceId, p: PlayerId, which: Trigger) -> bool {
        let Some(effect) = self.first_effect_with(card, which) else {
            return false;
        };
        self.run_effect(card, effect, p, vec![card]);
        true
    }

    /// The index of `card`'s first effect with trigger `which` ([Main] or [Flash]).
    fn first_effect_with(&self, card: InstanceId, which: Trigger) -> Option<u32> {
        self.effects_of_instance(card)
            .and_then(|v| v.iter().position(|e| e.triggers.contains(&which)))
            .map(|i| i as u32)
    }

    /// Cores `p` could pay with automatically: reserve, then cores above each own field
    /// card's minimum (so nothing is depleted). BS-5.2 step 5 sources.
    pub(crate) fn spare_cores(&self, p: PlayerId) -> u32 {
        self.reserve(p)
            + self
                .field(p)
                .iter()
                .map(|c| {
                    self.cores_on(*c)
                        .saturating_sub(self.def_of(*c).minimum_cores())
                })
                .sum::<u32>()
    }

    /// BS-10.4: "you may then pay this card's cost to activate its main (flash) effect":
    /// if `p` can pay the cost (with reductions, BS-5.2), asks; on yes pays it — reserve
    /// first, then spare cores of field cards in field order, never depleting — and
    /// resolves the card's [Main] (or [Flash]) effect as part of the burst effect.
    /// `Ok(false)` when not paid; `Err(())` when the question stopped the step.
    pub(crate) fn pay_to_activate(
        &mut self,
        card: InstanceId,
        p: PlayerId,
        which: Trigger,
    ) -> Result<bool, ()> {
        let Some(effect) = self.first_effect_with(card, which) else {
            return Ok(false);
        };
        let q = self.quote_card(p, card);
        if self.spare_cores(p) < q.to_pay {
            return Ok(false);
        }
        let question = Question {
            player: p,
            prompt: format!(
                "Pay {} core(s) to use the {} effect of {}?",
                q.to_pay,
                if which == Trigger::Main {
                    "Main"
                } else {
                    "Flash"
                },
                self.name(card)
            ),
            options: vec![
                Labelled {
                    choice: Choice::Yes,
                    label: self.lbl(|| format!("Pay {}", q.to_pay)),
                },
                Labelled {
                    choice: Choice::No,
                    label: self.lbl(|| "Do not pay".into()),
                },
            ],
        };
        match self.ask(question) {
            Some(Choice::Yes) => {}
            Some(_) => return Ok(false),
            None => return Err(()),
        }
        self.pay_spare(p, q.to_pay);
        self.run_effect(card, effect, p, vec![card]);
        Ok(true)
    }

    /// Pays `n` cores to `p`'s trash (BS-5.2 step 5) as [`Game::spare_cores`] counts them:
    /// reserve first, then cores above each field card's minimum in field order, ordinary
    /// cores before the soul core. The caller checked that `n` are spare.
    pub(crate) fn pay_spare(&mut self, p: PlayerId, n: u32) {
        self.move_spare(p, n, CoreLoc::Trash(p));
    }

    /// Moves `n` of `p`'s spare cores ([`Game::pay_spare`]'s order) to `to`.
    pub(crate) fn move_spare(&mut self, p: PlayerId, n: u32, to: CoreLoc) {
        let mut left = n;
        let mut sources = vec![CoreLoc::Reserve(p)];
        sources.extend(self.field(p).into_iter().map(CoreLoc::Card));
        for loc in sources {
            let keep = match loc {
                CoreLoc::Card(c) => self.def_of(c).minimum_cores(),
                _ => 0,
            };
            while left > 0 && self.cores_at(loc) > keep {
                let core = self
                    .core_at(loc, false)
                    .or_else(|| self.core_at(loc, true))
                    .expect("counted");
                self.move_core(core, Some(to));
                left -= 1;
            }
        }
    }
}
