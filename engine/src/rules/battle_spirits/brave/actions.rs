//! The main step's brave actions (BS-9): the Brave / Unbrave / Swap options and what they do
//! (BS-9.1, BS-9.5, BS-9.7), summoning a brave directly onto a host (BS-5.1.1), linking and
//! unlinking a brave and its host.

use super::*;

impl Game {
    // ---- main-step options ------------------------------------------------------------

    /// BS-5.1.1: `SummonOnto` options: each distinct brave in `p`'s hand or tecoto
    /// (BS-13.1) that `p` can pay for without taking the host below its minimum level,
    /// onto each host it may go on.
    pub(crate) fn summon_onto_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        let mut seen: Vec<(&str, Zone)> = Vec::new();
        for (c, zone) in self.usable_cards(p) {
            let d = self.def_of(c);
            if d.kind != CardKind::Brave || seen.contains(&(d.id.as_str(), zone)) {
                continue;
            }
            seen.push((&d.id, zone));
            let q = self.quote_card(p, c);
            for h in self.hosts_for(c, p) {
                let kept = self.cores_on(h).min(self.def_of(h).minimum_cores());
                if self.available_cores(p) - kept >= q.to_pay {
                    v.push(Labelled {
                        choice: Choice::SummonOnto { card: c, host: h },
                        label: self.lbl(|| {
                            format!(
                                "{} (cost {}, pay {})",
                                self.pair_label("Summon", c, h),
                                q.cost,
                                q.to_pay
                            )
                        }),
                    });
                }
            }
        }
        v
    }

    /// BS-9.1, BS-9.5, BS-9.7: the Brave, Unbrave and Swap options of the turn player.
    pub(crate) fn brave_options(&self, p: PlayerId) -> Vec<Labelled<Choice>> {
        let mut v = Vec::new();
        let field = self.field(p);
        for &b in &field {
            if self.def_of(b).kind != CardKind::Brave || self.acted(b, BraveMove::Unbrave) {
                continue;
            }
            match self.host_of(b) {
                None => {
                    for h in self.hosts_for(b, p) {
                        v.push(Labelled {
                            choice: Choice::Brave { brave: b, host: h },
                            label: self.pair_label("Brave", b, h),
                        });
                    }
                }
                Some(h) => v.push(Labelled {
                    choice: Choice::Unbrave { brave: b },
                    label: self
                        .lbl(|| format!("Unbrave {} {b} from {} {h}", self.name(b), self.name(h))),
                }),
            }
        }
        for &first in &field {
            for &second in &field {
                if first != second && self.can_swap(first, second) {
                    v.push(Labelled {
                        choice: Choice::SwapBraves { first, second },
                        label: self.lbl(|| {
                            format!(
                                "Swap the braves of {} {first} and {} {second}",
                                self.name(first),
                                self.name(second)
                            )
                        }),
                    });
                }
            }
        }
        v
    }

    /// BS-9.7: whether the braves of `first` (at least one) and of `second` (maybe none)
    /// can exchange hosts: every moving brave meets its new host's condition, none moved
    /// this turn, and `second` is a spirit/ultimate that is not itself a brave.
    fn can_swap(&self, first: InstanceId, second: InstanceId) -> bool {
        let (a, b) = (self.braves_on(first), self.braves_on(second));
        // With braves on both sides, list each pair once (first < second).
        if a.is_empty() || (!b.is_empty() && first > second) {
            return false;
        }
        let p = self.owner(first);
        let moving: Vec<InstanceId> = a.iter().chain(&b).copied().collect();
        self.owner(second) == p
            && self.zone_of(second) == Zone::Field(p)
            && !self.is_braved_brave(second)
            && self.def_of(second).kind != CardKind::Brave
            && a.len() <= self.st.config.braves_per_host as usize
            && a.iter().chain(&b).all(|x| !self.acted(*x, BraveMove::Swap))
            && a.iter().all(|x| self.condition_ok(*x, second, &moving))
            && b.iter().all(|x| self.condition_ok(*x, first, &moving))
    }

    // ---- actions ------------------------------------------------------------------------

    /// Makes the link and logs it; BS-9.4: if either is exhausted the braved card is.
    fn link(&mut self, brave: InstanceId, host: InstanceId, either_exhausted: bool) {
        self.st.braves.push(BraveLink { brave, host });
        self.emit(Event::Braved { brave, host });
        if either_exhausted && !self.is_exhausted(host) {
            self.set_exhausted(host, true);
        }
    }

    /// Ends the link of `brave` (if any) and logs it; the brave takes its host's
    /// orientation (it was part of that card).
    pub(crate) fn unlink(&mut self, brave: InstanceId) -> Option<InstanceId> {
        let host = self.host_of(brave)?;
        self.st.braves.retain(|l| l.brave != brave);
        self.emit(Event::Unbraved { brave, host });
        let o = self.st.cards[host.index()].orientation;
        if self.zone_of(brave) == Zone::Field(self.owner(brave))
            && self.st.cards[brave.index()].orientation != o
        {
            match o {
                Orientation::UpsideDown => {
                    self.heavily_exhaust(brave);
                }
                o => self.set_exhausted(brave, o != Orientation::Upright),
            }
        }
        Some(host)
    }

    /// A card leaving the field ends its links: a brave leaving stops being braved; a host
    /// leaving by a path that does not handle its braves leaves them on the field in spirit
    /// form (then depleted if they hold too few cores, BS-5.3).
    pub(crate) fn unlink_departing(&mut self, card: InstanceId) {
        if self.st.braves.is_empty() {
            return;
        }
        let gone: Vec<InstanceId> = self
            .st
            .braves
            .iter()
            .filter(|l| l.brave == card || l.host == card)
            .map(|l| l.brave)
            .collect();
        for b in gone {
            self.unlink(b);
        }
    }

    /// BS-9.1 / BS-9.2 / BS-9.4: a spirit-form brave goes onto `host`, paying nothing; its
    /// cores move onto the host; if either was exhausted the braved card is exhausted.
    pub(crate) fn brave_onto(&mut self, brave: InstanceId, host: InstanceId) {
        let exhausted = self.is_exhausted(brave) || self.is_exhausted(host);
        // BS-9.2: the cores on the brave go onto the host (they are the braved card's).
        for core in self.st.cores.ids_at(&CoreLoc::Card(brave)) {
            self.move_core(core, Some(CoreLoc::Card(host)));
        }
        self.link(brave, host, exhausted);
        self.check_depletion();
    }

    /// BS-9.5: the brave comes off; its owner may place cores on it to keep it as a
    /// spirit-form brave, else it goes to the trash.
    pub(crate) fn unbrave(&mut self, brave: InstanceId) {
        self.mark_acted(brave, BraveMove::Unbrave);
        self.unlink(brave);
        self.keep_or_else(brave, Otherwise::Trash);
        self.check_depletion();
    }

    /// BS-9.7: the braves of `first` and `second` exchange hosts at once (no cores are
    /// needed in between); BS-9.4 applies to each new braved card.
    pub(crate) fn swap_braves(&mut self, first: InstanceId, second: InstanceId) {
        let (a, b) = (self.braves_on(first), self.braves_on(second));
        let (ea, eb) = (self.is_exhausted(first), self.is_exhausted(second));
        for x in a.iter().chain(&b) {
            self.mark_acted(*x, BraveMove::Swap);
            self.st.braves.retain(|l| l.brave != *x);
        }
        for &x in &a {
            self.emit(Event::Unbraved {
                brave: x,
                host: first,
            });
        }
        for &x in &b {
            self.emit(Event::Unbraved {
                brave: x,
                host: second,
            });
        }
        for &x in &a {
            self.link(x, second, ea);
        }
        for &x in &b {
            self.link(x, first, eb);
        }
    }

    /// BS-5.1.1: after paying for a brave summoned onto `host`: it enters the field and is
    /// braved at once (BS-9.4 exhaustion carries over), without core placement; then its
    /// "when summoned" fires as a brave effect. If the host is gone (an effect during the
    /// payment), the brave stays as a spirit if cores are placed on it, else the trash.
    pub(crate) fn finish_summon_onto(
        &mut self,
        pm: crate::rules::battle_spirits::game::Payment,
        host: InstanceId,
    ) -> bool {
        let (p, c) = (pm.player, pm.card);
        self.move_card(c, Zone::Field(p));
        let ok = self.can_host(c, host);
        if ok {
            let exhausted = self.is_exhausted(host);
            self.link(c, host, exhausted);
        }
        self.emit(Event::Played {
            player: p,
            card: c,
            kind: PlayKind::Summon,
            cost: pm.cost,
            reduction: pm.reduction,
            paid: pm.from.len() as u32,
            from: pm.from.clone(),
            cores: self.cores_on(self.unit_of(c)),
            level: self.level(self.unit_of(c)),
            bp: ok.then(|| self.bp(host)),
        });
        self.report_unsupported(c);
        if !ok && !self.keep_or_else(c, Otherwise::Trash) {
            return false;
        }
        if self.on_field(c) {
            self.fire(crate::rules::battle_spirits::types::Hook::WhenSummoned { card: c });
        }
        self.check_depletion();
        debug_assert!(matches!(pm.then, AfterPlay::Main));
        self.st.phase = Phase::Main;
        true
    }
}
