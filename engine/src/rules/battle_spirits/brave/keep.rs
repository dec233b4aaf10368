//! Keeping a brave that came off its host (BS-9.5, BS-9.8, BS-9.9): its owner places cores on it
//! to keep it as a spirit-form brave, else it goes to the trash or follows its host.

use super::*;

impl Game {
    /// The card whose minimum-level cores are being placed (BS-5.2 step 6), if any.
    pub(crate) fn placing_card(&self) -> Option<InstanceId> {
        match &self.st.phase {
            Phase::Place(pl) => Some(pl.pay.card),
            _ => None,
        }
    }

    /// The owner of `brave` (now off its host, on the field with no cores) places cores on
    /// it one at a time (from the reserve or own field cards, BS-5.2 step 6) to keep it as
    /// a spirit-form brave; else it goes to the trash or follows its host. Each core is one
    /// question (an `EffectChoice` decision: this can happen in the middle of any
    /// procedure, e.g. a battle or an effect, so it uses the step-transaction questions of
    /// `script::run`). Options: `DonePlacing` once the minimum level is reached,
    /// `PlaceFrom{from, soul}`, `DropBrave` while below it. Returns false if the step
    /// stopped for the question (nothing more may run).
    pub(crate) fn keep_or_else(&mut self, brave: InstanceId, otherwise: Otherwise) -> bool {
        let p = self.owner(brave);
        let min = self.def_of(brave).minimum_cores();
        let mut placed = 0;
        loop {
            if self.halted() || self.zone_of(brave) != Zone::Field(p) {
                return !self.halted();
            }
            let mut options = Vec::new();
            if placed >= min {
                options.push(Labelled {
                    choice: Choice::DonePlacing,
                    label: self
                        .lbl(|| format!("Keep {} {brave} with {placed} core(s)", self.name(brave))),
                });
            }
            // Not from the card still being summoned (BS-5.2 step 6 is not over).
            let placing = self.placing_card();
            let sources: Vec<_> = self
                .core_sources(p, Some(brave))
                .into_iter()
                .filter(|(s, _)| placing.is_none_or(|c| *s != CoreSource::Card(c)))
                .collect();
            let label = |g: &Game, s: CoreSource, soul: bool| {
                format!(
                    "Place {} from {} on {} {brave}",
                    if soul { "the soul core" } else { "a core" },
                    g.source_label(s),
                    g.name(brave)
                )
            };
            for (from, soul) in sources.iter().filter(|(s, _)| *s == CoreSource::Reserve) {
                options.push(Labelled {
                    choice: Choice::PlaceFrom {
                        from: *from,
                        soul: *soul,
                    },
                    label: self.lbl(|| label(self, *from, *soul)),
                });
            }
            if placed < min {
                options.push(Labelled {
                    choice: Choice::DropBrave,
                    label: match otherwise {
                        Otherwise::Trash => {
                            format!("Put {} {brave} into the trash", self.name(brave))
                        }
                        Otherwise::Follow(z, _) => format!(
                            "Let {} {brave} follow its spirit to the {}",
                            self.name(brave),
                            z.name()
                        ),
                    },
                });
            }
            for (from, soul) in sources.iter().filter(|(s, _)| *s != CoreSource::Reserve) {
                options.push(Labelled {
                    choice: Choice::PlaceFrom {
                        from: *from,
                        soul: *soul,
                    },
                    label: self.lbl(|| label(self, *from, *soul)),
                });
            }
            let q = Question {
                player: p,
                prompt: format!(
                    "Keep {} {brave} on the field? Place cores on it ({placed} placed, at least {min})",
                    self.name(brave)
                ),
                options,
            };
            match self.ask(q) {
                None => return false,
                Some(Choice::DonePlacing) => return true,
                Some(Choice::PlaceFrom { from, soul }) => {
                    let core = self
                        .core_at(from.loc(p), soul)
                        .expect("listed source has the core");
                    self.move_core(core, Some(CoreLoc::Card(brave)));
                    placed += 1;
                    // BS-5.3 at once, sparing the brave still receiving its cores.
                    self.check_depletion_except(Some(brave));
                }
                Some(_) => {
                    // Cores placed so far go back to the reserve with it leaving.
                    self.move_all_cores(CoreLoc::Card(brave), Some(CoreLoc::Reserve(p)));
                    match otherwise {
                        Otherwise::Trash => self.move_card(brave, Zone::Trash(p)),
                        Otherwise::Follow(Zone::Deck(_), bottom) => {
                            self.effect_return_to_deck(brave, bottom, None);
                        }
                        Otherwise::Follow(z, _) => self.move_card(brave, z),
                    }
                    return true;
                }
            }
        }
    }

    /// BS-9.8: a braved card destroyed or depleted, after its effects resolved: all cores
    /// on it go to the reserve, the host goes to the trash, then each brave is kept with
    /// cores or goes to the trash. Returns false if the step stopped for a question.
    pub(crate) fn braved_card_to_trash(&mut self, host: InstanceId) -> bool {
        let owner = self.owner(host);
        let braves = self.braves_on(host);
        for b in &braves {
            self.unlink(*b);
        }
        self.move_all_cores(CoreLoc::Card(host), Some(CoreLoc::Reserve(owner)));
        self.move_card(host, Zone::Trash(owner));
        self.keep_braves(braves, Otherwise::Trash)
    }

    /// Each of `braves` (just off their host) is kept with cores or goes `otherwise`.
    /// Returns false if the step stopped for a question.
    pub(crate) fn keep_braves(&mut self, braves: Vec<InstanceId>, otherwise: Otherwise) -> bool {
        for b in braves {
            if !self.keep_or_else(b, otherwise) {
                return false;
            }
        }
        true
    }

    /// Detaches the braves of `host` (logged) before it leaves the field; the braves.
    pub(crate) fn detach_braves(&mut self, host: InstanceId) -> Vec<InstanceId> {
        let braves = self.braves_on(host);
        for b in &braves {
            self.unlink(*b);
        }
        braves
    }
}
