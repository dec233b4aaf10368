//! The main step (BS-5): summon (BS-5.1), deploy (BS-5.4), use magic (BS-5.5), paying a
//! cost core by core (BS-5.2 step 5) and placing the minimum-level cores (BS-5.2 step 6).

use super::decision::Choice;
use super::events::Event;
use super::game::{AfterPlay, Game, Payment, Phase, Placement};
use super::types::{CoreLoc, CoreSource, Hook, PlayKind, Zone};
use crate::core::{InstanceId, Labelled, PlayerId};

impl Game {
    /// Human text for a core source.
    pub fn source_label(&self, s: CoreSource) -> String {
        match s {
            CoreSource::Reserve => "reserve".to_string(),
            CoreSource::Card(c) => format!("{} {}", self.name(c), c),
        }
    }

    /// Cards `p` may use like hand cards: the hand, then tecoto (BS-13.1: its cards are
    /// used by paying their cost, like hand cards).
    pub(crate) fn usable_cards(
        &self,
        p: PlayerId,
    ) -> impl Iterator<Item = (InstanceId, Zone)> + '_ {
        [Zone::Hand(p), Zone::Tecoto(p)]
            .into_iter()
            .flat_map(move |z| self.pile(z).iter().map(move |c| (*c, z)))
    }

    /// The main-step actions of the turn player: one play option per distinct playable
    /// card in hand or tecoto, setting a burst, field effects, core movement if any move
    /// is possible, and ending the step.
    pub(crate) fn main_options(&self) -> Vec<Labelled<Choice>> {
        let p = self.st.active;
        // Room for the usual options at once (no regrowth per option).
        let mut v = Vec::with_capacity(16);
        // Distinct cards by definition number, one per card id (no string
        // comparisons); the cores `p` can pay with are counted once.
        let mut seen: Vec<(u32, Zone)> = Vec::with_capacity(8);
        let available = self.available_cores(p);
        for (c, zone) in self.usable_cards(p) {
            let id = self.def_number(c);
            if seen.contains(&(id, zone)) {
                continue;
            }
            seen.push((id, zone));
            if let Some((kind, q)) = self.playable_with(p, c, available) {
                let (choice, verb) = match kind {
                    PlayKind::Summon => (Choice::Summon { card: c }, "Summon"),
                    PlayKind::Deploy => (Choice::Deploy { card: c }, "Deploy"),
                    PlayKind::UseMagic => (Choice::UseMagic { card: c }, "Use"),
                };
                v.push(Labelled {
                    choice,
                    label: self.lbl(|| {
                        format!(
                            "{verb} {}{} (cost {}, pay {}{})",
                            self.name(c),
                            if matches!(zone, Zone::Tecoto(_)) {
                                " from tecoto"
                            } else {
                                ""
                            },
                            q.cost,
                            q.to_pay,
                            if q.min_cores > 0 {
                                format!(", then place {}", q.min_cores)
                            } else {
                                String::new()
                            }
                        )
                    }),
                });
            }
        }
        // BS-5.1.1, BS-9.1, BS-9.5, BS-9.7: braves.
        v.extend(self.summon_onto_options(p));
        v.extend(self.brave_options(p));
        // BS-5.8: set a burst, once per turn.
        v.extend(self.set_burst_options(p));
        // [Main]/[Flash] effects of field cards (BS-5.6), each once per turn.
        v.extend(self.field_effect_options(p, false));
        if self.has_core_moves() {
            v.push(Labelled {
                choice: Choice::MoveCores,
                label: self.lbl(|| "Move cores".into()),
            });
        }
        v.push(Labelled {
            choice: Choice::EndMain,
            label: self.lbl(|| "End the main step".into()),
        });
        v
    }

    /// Sources a player can take a core from, with whether the soul core is there:
    /// reserve and own field cards with cores, except `except` (BS-5.2 step 5).
    pub(crate) fn core_sources(
        &self,
        p: PlayerId,
        except: Option<InstanceId>,
    ) -> Vec<(CoreSource, bool)> {
        // Two entries per source at most (no regrowth per source).
        let mut v = Vec::with_capacity(2 * (1 + self.pile(Zone::Field(p)).len()));
        let mut push = |s: CoreSource, loc: CoreLoc| {
            let n = self.cores_at(loc);
            let soul = self.soul_at(loc);
            if n > u32::from(soul) {
                v.push((s, false));
            }
            if soul {
                v.push((s, true));
            }
        };
        push(CoreSource::Reserve, CoreLoc::Reserve(p));
        for &c in self.pile(Zone::Field(p)) {
            if Some(c) != except {
                push(CoreSource::Card(c), CoreLoc::Card(c));
            }
        }
        v
    }

    fn core_label(&self, verb: &str, s: CoreSource, soul: bool) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        format!(
            "{verb} {} from {}",
            if soul { "the soul core" } else { "a core" },
            self.source_label(s)
        )
    }

    pub(crate) fn pay_options(&self, pm: &Payment) -> Vec<Labelled<Choice>> {
        self.core_sources(pm.player, None)
            .into_iter()
            // BS-5.1.1: the host of a brave summoned onto it keeps its minimum level.
            .filter(|(s, _)| match (pm.onto, s) {
                (Some(h), CoreSource::Card(c)) if *c == h => {
                    self.cores_on(h) > self.def_of(h).minimum_cores()
                }
                _ => true,
            })
            .map(|(from, soul)| Labelled {
                choice: Choice::PayFrom { from, soul },
                label: self.core_label("Pay", from, soul),
            })
            .collect()
    }

    pub(crate) fn place_options(&self, pl: &Placement) -> Vec<Labelled<Choice>> {
        let sources = self.core_sources(pl.pay.player, Some(pl.pay.card));
        // With room for "done".
        let mut v = Vec::with_capacity(sources.len() + 1);
        v.extend(sources.into_iter().map(|(from, soul)| Labelled {
            choice: Choice::PlaceFrom { from, soul },
            label: self.core_label("Place", from, soul),
        }));
        // An effect that resolved during the summoning (one triggered by an additional
        // cost, `script::zones`) may have spent the cores the summon was offered with: with
        // no core left anywhere, the card is placed as it is and depleted at once (BS-5.3).
        if pl.placed >= pl.min || v.is_empty() {
            v.push(Labelled {
                choice: Choice::DonePlacing,
                label: self.lbl(|| {
                    format!(
                        "Done ({} core{} on it{})",
                        pl.placed,
                        if pl.placed == 1 { "" } else { "s" },
                        if pl.placed < pl.min {
                            ": too few, it will be depleted"
                        } else {
                            ""
                        }
                    )
                }),
            });
        }
        v
    }

    /// Starts playing a hand card: the payment decisions follow (BS-5.2). There is no
    /// limit on how many cards a field holds (BS-5.2.2).
    pub(crate) fn start_play(&mut self, card: InstanceId, kind: PlayKind, then: AfterPlay) {
        self.start_play_with(card, kind, then, None);
    }

    /// BS-5.1.1: starts summoning a brave directly onto `host`: the payment decisions
    /// follow, then it is braved at once (no core placement).
    pub(crate) fn start_play_onto(&mut self, card: InstanceId, host: InstanceId) {
        self.start_play_with(card, PlayKind::Summon, AfterPlay::Main, Some(host));
    }

    fn start_play_with(
        &mut self,
        card: InstanceId,
        kind: PlayKind,
        then: AfterPlay,
        onto: Option<InstanceId>,
    ) {
        let p = self.owner(card);
        // BS-5.1: an additional summoning cost is paid first (`script::zones`).
        if kind == PlayKind::Summon && !self.pay_additional_summon_cost(card, p) {
            return; // a question: this step will be re-run with the answer
        }
        let q = self.quote_card(p, card);
        self.report_paid_card(card);
        self.use_up_paid_cost_rules(p, card);
        // The additional cost may have removed what made the summon affordable (a spirit
        // whose symbols reduced the cost, BS-5.2): with too few cores left anywhere the
        // card stays in the hand, and the effect that took them says why.
        let payable =
            self.reserve(p) + self.field(p).iter().map(|c| self.cores_on(*c)).sum::<u32>();
        if kind == PlayKind::Summon && q.to_pay > payable {
            let effect = self
                .own_effects_with(
                    card,
                    crate::rules::battle_spirits::script::Trigger::AdditionalSummonCost,
                )
                .first()
                .copied()
                .unwrap_or(0);
            let reason = format!(
                "after its additional summoning cost, {} cannot be paid: {} core(s) to pay, {payable} left",
                self.name(card),
                q.to_pay
            );
            self.emit(Event::EffectInert {
                card,
                effect,
                reason,
            });
            return;
        }
        self.st.phase = Phase::Pay(Payment {
            player: p,
            card,
            kind,
            cost: q.cost,
            reduction: q.reduction,
            remaining: q.to_pay,
            // A source per core paid (no regrowth per core).
            from: Vec::with_capacity(q.to_pay.min(8) as usize),
            then,
            onto,
        });
        if q.to_pay == 0 {
            self.finish_payment();
        }
    }

    /// BS-5.2 step 5: one paid core goes to the trash.
    pub(crate) fn pay_one(&mut self, from: CoreSource, soul: bool) {
        let Phase::Pay(mut pm) = self.st.phase.clone() else {
            unreachable!()
        };
        let core = self
            .core_at(from.loc(pm.player), soul)
            .expect("listed source has the core");
        self.move_core(core, Some(CoreLoc::Trash(pm.player)));
        pm.remaining -= 1;
        pm.from.push(from);
        let done = pm.remaining == 0;
        self.st.phase = Phase::Pay(pm);
        // BS-5.2 step 5 moves the whole cost to the trash in one step, and BS-5.3 depletes
        // what it left below its minimum only then: a spirit emptied by the first core
        // must not fire its effects (a burst paying from the reserve) while the rest of
        // the cost is still unpaid.
        if done {
            self.check_depletion();
            self.finish_payment();
        }
    }

    /// After payment: a magic resolves (vanilla for now) and goes to the trash (BS-5.5);
    /// a permanent enters the field and cores are placed on it (BS-5.2 step 6).
    fn finish_payment(&mut self) {
        let Phase::Pay(pm) = self.st.phase.clone() else {
            unreachable!()
        };
        let p = pm.player;
        if pm.kind == PlayKind::UseMagic {
            self.emit(Event::Played {
                player: p,
                card: pm.card,
                kind: pm.kind,
                cost: pm.cost,
                reduction: pm.reduction,
                paid: pm.from.len() as u32,
                from: pm.from.clone(),
                cores: 0,
                level: None,
                bp: None,
            });
            self.report_unsupported(pm.card);
            // "Magic used during this battle" (`magic_used_this_battle`).
            if self.st.battle.is_some() && !self.st.scripts.battle_magic.contains(&(pm.card, p)) {
                self.st.scripts.battle_magic.push((pm.card, p));
                self.invalidate_constants(); // no event of its own (`derived`)
            }
            // BS-5.5: choose its Main or Flash effect, resolve it, then the trash.
            let flash = matches!(pm.then, AfterPlay::Flash { .. });
            if !self.resolve_magic(pm.card, p, flash) {
                return; // an effect question: this step will be re-run with the answer
            }
            // "Return this card to your hand after its effect resolves": the hand instead.
            let to_hand = self.st.scripts.magic_to_hand.take() == Some(pm.card);
            if matches!(self.zone_of(pm.card), Zone::Hand(_) | Zone::Tecoto(_)) {
                let owner = self.owner(pm.card);
                let to = if to_hand {
                    Zone::Hand(owner)
                } else {
                    Zone::Trash(p)
                };
                if self.zone_of(pm.card) != to {
                    self.move_card(pm.card, to);
                }
            }
            self.fire(Hook::WhenUsed { card: pm.card });
            self.check_depletion();
            self.st.phase = match pm.then {
                AfterPlay::Main => Phase::Main,
                // BS-6.2: after a use, the other player has priority; passes start over.
                AfterPlay::Flash { window, user } => Phase::Flash {
                    window,
                    to_act: user.other(),
                    passes: 0,
                },
            };
            return;
        }
        if let Some(host) = pm.onto {
            self.finish_summon_onto(pm, host);
            return;
        }
        self.move_card(pm.card, Zone::Field(p));
        let min = self.def_of(pm.card).minimum_cores();
        let pl = Placement {
            pay: pm,
            placed: 0,
            min,
        };
        let nothing_to_place = self.core_sources(p, Some(pl.pay.card)).is_empty();
        self.st.phase = Phase::Place(pl);
        if nothing_to_place && min == 0 {
            self.finish_placement();
        }
    }

    /// BS-5.2 step 6: one core onto the new card.
    pub(crate) fn place_one(&mut self, from: CoreSource, soul: bool) {
        let Phase::Place(mut pl) = self.st.phase.clone() else {
            unreachable!()
        };
        let core = self
            .core_at(from.loc(pl.pay.player), soul)
            .expect("listed source has the core");
        self.move_core(core, Some(CoreLoc::Card(pl.pay.card)));
        pl.placed += 1;
        let spare = pl.pay.card;
        self.st.phase = Phase::Place(pl);
        self.check_depletion_except(Some(spare)); // BS-5.3, at once
    }

    /// The card is on the field with its cores: log it, fire "when summoned", then
    /// deplete any card that paid or placed below its minimum (BS-5.3).
    pub(crate) fn finish_placement(&mut self) {
        let Phase::Place(pl) = self.st.phase.clone() else {
            unreachable!()
        };
        let c = pl.pay.card;
        let pm = &pl.pay;
        self.emit(Event::Played {
            player: pm.player,
            card: c,
            kind: pm.kind,
            cost: pm.cost,
            reduction: pm.reduction,
            paid: pm.from.len() as u32,
            from: pm.from.clone(),
            cores: self.cores_on(c),
            level: self.level(c),
            bp: self.level_row(c).and_then(|r| r.bp),
        });
        self.report_unsupported(c);
        // The card is placed: from here its level changes are logged (`LevelChanged`).
        self.st.phase = Phase::Main;
        self.fire(Hook::WhenSummoned { card: c });
        self.check_depletion();
    }
}
