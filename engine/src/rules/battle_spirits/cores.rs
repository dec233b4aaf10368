//! Core movement in the main step (BS-5.7) and depletion (BS-5.3).

use carddb::CardKind;

use super::decision::Choice;
use super::events::Event;
use super::game::Game;
use super::types::{CoreLoc, CoreSource, Hook, Zone};
use crate::core::{InstanceId, Labelled, PlayerId};

impl Game {
    /// Where the turn player may put a core in core movement: reserve and own spirits,
    /// ultimates, braves and nexuses (BS-5.7).
    fn move_targets(&self, p: PlayerId) -> Vec<CoreSource> {
        let mut v = vec![CoreSource::Reserve];
        for c in self.field(p) {
            // A braved brave holds no cores: its cores are its host's (BS-9.2).
            if self.def_of(c).kind != CardKind::Magic && !self.is_braved_brave(c) {
                v.push(CoreSource::Card(c));
            }
        }
        v
    }

    /// Whether the turn player could move at least one core.
    pub(crate) fn has_core_moves(&self) -> bool {
        let p = self.st.active;
        !self.field(p).is_empty() && self.available_cores(p) > 0
    }

    /// BS-5.7: every single-core move (from each source with cores to each other
    /// target, the soul core separately), then "done".
    pub(crate) fn move_options(&self) -> Vec<Labelled<Choice>> {
        let p = self.st.active;
        let targets = self.move_targets(p);
        let sources = self.core_sources(p, None);
        // Every move and "done" (no regrowth per option).
        let mut v = Vec::with_capacity(sources.len() * targets.len() + 1);
        for (from, soul) in sources {
            for &to in &targets {
                if to != from {
                    v.push(Labelled {
                        choice: Choice::MoveCore { from, to, soul },
                        label: self.lbl(|| {
                            format!(
                                "Move {} from {} to {}",
                                if soul { "the soul core" } else { "a core" },
                                self.source_label(from),
                                self.source_label(to)
                            )
                        }),
                    });
                }
            }
        }
        v.push(Labelled {
            choice: Choice::DoneMoving,
            label: self.lbl(|| "Done moving cores".into()),
        });
        v
    }

    /// Moves one core and depletes at once anything left below its minimum (BS-5.7, BS-5.3).
    pub(crate) fn move_one_core(&mut self, from: CoreSource, to: CoreSource, soul: bool) {
        let p = self.st.active;
        let core = self
            .core_at(from.loc(p), soul)
            .expect("listed source has the core");
        self.move_core(core, Some(to.loc(p)));
        self.check_depletion();
    }

    /// BS-5.3: every spirit/ultimate/brave with fewer cores than its minimum level needs
    /// is depleted, in field order, turn player's first.
    /// A level may change with the cores, and BP with it: BS-5.3.1 is checked after.
    pub(crate) fn check_depletion(&mut self) {
        self.check_depletion_except(None);
        self.check_zero_bp();
    }

    /// [`Game::check_depletion`] sparing `spare` (a card still receiving its cores,
    /// BS-5.2 step 6; the card being summoned is always spared until it is placed).
    pub(crate) fn check_depletion_except(&mut self, spare: Option<InstanceId>) {
        let a = self.st.active;
        let placing = self.placing_card();
        for p in [a, a.other()] {
            for c in self.field(p) {
                if Some(c) != spare
                    && Some(c) != placing
                    && self.is_spirit_like(c)
                    && self.cores_on(c) < self.def_of(c).minimum_cores()
                {
                    self.deplete(c);
                }
            }
        }
    }

    /// BS-5.3: "when depleted" first, then to the trash with its cores to the reserve.
    /// Not destruction: "when destroyed" does not fire.
    /// BS-9.8: a braved card is depleted as one card (its braves' braved "when depleted"
    /// effects included), then its braves may be kept with cores.
    pub(crate) fn deplete(&mut self, c: InstanceId) {
        let c = self.unit_of(c);
        let owner = self.owner(c);
        self.fire(Hook::WhenDepleted { card: c });
        if self.halted() || self.zone_of(c) != Zone::Field(owner) {
            return;
        }
        self.emit(Event::Depleted { card: c });
        // "has its cores reduced to zero" (by whose effect: `Game::watch` notes it).
        self.watch(super::script::WatchKind::Depleted, Some(c), owner, 1);
        if !self.braves_on(c).is_empty() {
            self.braved_card_to_trash(c);
        } else {
            self.move_all_cores(CoreLoc::Card(c), Some(CoreLoc::Reserve(owner)));
            self.move_card(c, Zone::Trash(owner));
        }
        // Keyword ruling K12: a spirit left without enough cores counts for "one of your
        // spirits is destroyed" (its own "when destroyed" still does not work, BS-5.3).
        self.after_destroyed(&[c]);
    }

    /// BS-6.6 / BS-8.4: destroys several cards at the same time (equal BP in battle, one
    /// effect destroying several; `(card, by_opponent)`): every "when destroyed" hook is
    /// logged while all of them are still on the field, the effects they reach resolve as
    /// one set in the turn player's order — an effect reached through several of them is
    /// due once (rulings-cards.json #76, #126) — then each card still on the field goes to
    /// the trash with its cores to its owner's reserve. One card: [`Game::destroy_with`].
    /// A card already being destroyed is left out (BS-6.6: one destruction, one "when
    /// destroyed"); the cards are marked `being_destroyed` until this returns.
    pub(crate) fn destroy_together(&mut self, cs: &[(InstanceId, bool)]) {
        let cs: Vec<(InstanceId, bool)> = cs
            .iter()
            .map(|&(c, b)| (self.unit_of(c), b))
            .filter(|(c, _)| !self.is_being_destroyed(*c))
            .collect();
        if cs.len() <= 1 {
            for &(c, by_opponent) in &cs {
                self.destroy_with(c, by_opponent);
            }
            return;
        }
        if self.halted() {
            return;
        }
        for &(c, _) in &cs {
            self.st.scripts.destroyed_this_turn.push(c);
            self.st.scripts.being_destroyed.push(c);
        }
        self.invalidate_constants(); // no event of its own (`derived`)
        self.would_be_destroyed(&cs); // replacements first ("… instead")
        // BS-6.6 replaced (rulings C#37, C#77): a card kept is not destroyed at all.
        let kept: Vec<InstanceId> = (cs.iter().map(|(c, _)| *c))
            .filter(|c| self.destruction_replaced(*c))
            .collect();
        (self.st.scripts.being_destroyed).retain(|x| !kept.contains(x));
        let cs: Vec<(InstanceId, bool)> =
            cs.into_iter().filter(|(c, _)| !kept.contains(c)).collect();
        let hooks: Vec<Hook> = cs
            .iter()
            .map(|&(card, by_opponent)| Hook::WhenDestroyed { card, by_opponent })
            .collect();
        self.dispatch_together(&hooks);
        for &(c, _) in &cs {
            let owner = self.owner(c);
            if self.halted() {
                break;
            }
            if self.zone_of(c) != Zone::Field(owner) {
                continue; // a "when destroyed" effect already moved it
            }
            self.emit(Event::Destroyed { card: c });
            if self.destroyed_to_hand_instead(c) {
                continue; // ruling C#194: to the hand instead of the trash
            }
            if !self.braves_on(c).is_empty() {
                self.braved_card_to_trash(c); // BS-9.8
                continue;
            }
            self.move_all_cores(CoreLoc::Card(c), Some(CoreLoc::Reserve(owner)));
            self.move_card(c, Zone::Trash(owner));
        }
        self.st
            .scripts
            .being_destroyed
            .retain(|x| !cs.iter().any(|(c, _)| c == x));
        (self.st.scripts.destroyed_to_hand).retain(|x| !cs.iter().any(|(c, _)| c == x));
        (self.st.scripts.destruction_replaced).retain(|x| !cs.iter().any(|(c, _)| *c == x.0));
        // A card a replacement sent to the hand was destroyed too (ruling C#194).
        let gone: Vec<InstanceId> = cs
            .iter()
            .map(|(c, _)| *c)
            .filter(|c| {
                matches!(
                    self.zone_of(*c),
                    Zone::Trash(_) | Zone::Removed(_) | Zone::Hand(_)
                )
            })
            .collect();
        self.after_destroyed(&gone); // together: none of them reaches the others (K13)
        self.check_zero_bp(); // BS-5.3.1: a constant bonus may have left with them
    }

    /// BS-6.6: "when destroyed" first (the card is still on the field), then to the trash
    /// with its cores to the owner's reserve. The one destruction path, battle and effects.
    /// A card already being destroyed (its "when destroyed" pending or resolving) is not
    /// destroyed again: nothing happens.
    ///
    /// BS-9.8: a braved card counts as one spirit destroyed (one "when destroyed" firing
    /// for the host, its braves' braved "when destroyed" effects included); then its cores
    /// go to the reserve, the host to the trash, and each brave is kept with cores or
    /// goes to the trash.
    pub(crate) fn destroy_with(&mut self, c: InstanceId, by_opponent: bool) {
        let c = self.unit_of(c);
        if self.is_being_destroyed(c) {
            return;
        }
        self.st.scripts.being_destroyed.push(c);
        self.destroy_one(c, by_opponent);
        self.st.scripts.being_destroyed.retain(|x| *x != c);
        self.st.scripts.destroyed_to_hand.retain(|x| *x != c); // unused if it left early
        (self.st.scripts.destruction_replaced).retain(|x| x.0 != c);
        self.check_zero_bp(); // BS-5.3.1: a constant bonus may have left with it
    }

    fn destroy_one(&mut self, c: InstanceId, by_opponent: bool) {
        let owner = self.owner(c);
        self.st.scripts.destroyed_this_turn.push(c);
        self.invalidate_constants(); // no event of its own (`derived`)
        self.would_be_destroyed(&[(c, by_opponent)]); // replacements first ("… instead")
        if self.halted() || self.destruction_replaced(c) {
            return; // BS-6.6 replaced (rulings C#37, C#77): not destroyed
        }
        self.fire(Hook::WhenDestroyed {
            card: c,
            by_opponent,
        });
        if self.halted() || self.zone_of(c) != Zone::Field(owner) {
            return; // a "when destroyed" effect already moved it
        }
        self.emit(Event::Destroyed { card: c });
        if self.destroyed_to_hand_instead(c) {
            // Ruling C#194: to the hand instead of the trash; still destroyed.
        } else if !self.braves_on(c).is_empty() {
            self.braved_card_to_trash(c);
        } else {
            self.move_all_cores(CoreLoc::Card(c), Some(CoreLoc::Reserve(owner)));
            self.move_card(c, Zone::Trash(owner));
        }
        self.after_destroyed(&[c]);
    }

    /// Whether `c`'s destruction is in progress (BS-6.6): its "when destroyed" is pending
    /// or resolving. Such a card is no target of another destruction.
    pub fn is_being_destroyed(&self, c: InstanceId) -> bool {
        self.st.scripts.being_destroyed.contains(&c)
    }
}
