//! The small state-changing helpers every rule goes through: each emits exactly one event
//! (cores, cards, orientation, draws, hooks fired), and the event log's `emit`.

use super::game::{Game, Phase};

use super::events::Event;
use super::types::{CORE, CoreLoc, Hook, SOUL_CORE, Zone};
use crate::core::{InstanceId, Orientation, PlayerId, TokenId};
use crate::rules::battle_spirits::script::WatchKind;
use crate::rules::battle_spirits::script::constants::READS_CORES;

impl Game {
    pub(crate) fn emit(&mut self, e: Event) {
        let keep = e.is_notice() || self.keeps_derived(&e);
        self.emit_keeping(e, keep);
    }

    /// [`Game::emit`], with whether the values derived from the state stay valid across
    /// it decided by the caller (`keep`).
    fn emit_keeping(&mut self, e: Event, keep: bool) {
        self.cached = None;
        if !keep {
            self.invalidate_constants();
        }
        if let Event::CoreMoved { from, to, .. } = &e {
            self.st.ledger.record(from.as_ref(), to.as_ref());
        }
        self.st.log.push(e);
        if self.strict
            && let Err(err) = self.check_invariants()
        {
            panic!(
                "invariant broken after event {} ({:?}): {err}",
                self.st.log.len() - 1,
                self.st.log.last()
            );
        }
    }

    /// Moves one core; `None` is the void. A field card whose level goes from one level
    /// to another because of it gets a `LevelChanged` event (BS-5.1: level from the
    /// cores on it); reaching or leaving its lowest level is the play or the depletion.
    pub(crate) fn move_core(&mut self, core: TokenId, to: Option<CoreLoc>) {
        let at = self.st.cores.get(core).at;
        let watched = [at, to].map(|l| self.level_watch(l));
        let levels = |g: &Game| [at, to].map(|l| g.level_from_cores(l));
        let before = levels(self);
        let from = self.st.cores.move_to(core, to);
        for loc in [from, to] {
            if let Some(CoreLoc::Card(c)) = loc {
                self.rt.const_memo.cores_changed(c); // see `memo`
            }
        }
        let soul = self.st.cores.get(core).tag == SOUL_CORE;
        // What is derived from the state reads cores only through levels, the
        // count area (BS-13.3) and the scripts that read them (`constants::READS_CORES`).
        let keep = before == levels(self)
            && !matches!(from, Some(CoreLoc::Count(_)))
            && !matches!(to, Some(CoreLoc::Count(_)))
            && self.cached_reads() & READS_CORES == 0;
        self.emit_keeping(
            Event::CoreMoved {
                core,
                soul,
                from,
                to,
            },
            keep,
        );
        match to {
            Some(CoreLoc::Reserve(p)) if from != to => {
                self.watch(WatchKind::CoreToReserve, None, p, 1)
            }
            Some(CoreLoc::Card(c)) if from != to => {
                self.watch(WatchKind::CoreOntoCard, Some(c), self.owner(c), 1)
            }
            _ => {}
        }
        // BS-0.3: a core from the void onto a card or into a reserve.
        if from.is_none() {
            match to {
                Some(CoreLoc::Reserve(p)) => self.watch(WatchKind::CoreFromVoid, None, p, 1),
                Some(CoreLoc::Card(c)) => {
                    self.watch(WatchKind::CoreFromVoid, Some(c), self.owner(c), 1)
                }
                _ => {}
            }
        }
        for (card, before) in watched.into_iter().flatten() {
            let after = self.level(card);
            if let (Some(_), Some(level)) = (before, after)
                && before != after
            {
                let bp = self.bp(card);
                self.emit(Event::LevelChanged { card, level, bp });
            }
        }
    }

    /// The field card at `loc` and its level now, unless it is the card being paid for
    /// or placed (its `Played` event reports its level).
    fn level_watch(&self, loc: Option<CoreLoc>) -> Option<(InstanceId, Option<u8>)> {
        let Some(CoreLoc::Card(card)) = loc else {
            return None;
        };
        let placing = match &self.st.phase {
            Phase::Pay(p) => p.card == card,
            Phase::Place(p) => p.pay.card == card,
            _ => false,
        } || self.rt.emptying == Some(card);
        (!placing && matches!(self.zone_of(card), Zone::Field(_))).then(|| (card, self.level(card)))
    }

    /// Brings a new core from the void to `to` (BS-0.3: the void is unlimited).
    pub(crate) fn core_from_void(&mut self, soul: bool, to: CoreLoc) {
        let id = self.st.cores.create(if soul { SOUL_CORE } else { CORE });
        self.move_core(id, Some(to));
    }

    /// One core (the soul core if `soul`) at `loc`.
    pub(crate) fn core_at(&self, loc: CoreLoc, soul: bool) -> Option<TokenId> {
        self.st
            .cores
            .first_at(&loc, if soul { SOUL_CORE } else { CORE })
    }

    /// Moves every core at `from` to `to`. A card emptied this way does not log the levels
    /// it passes through (it is leaving the field or being depleted).
    pub(crate) fn move_all_cores(&mut self, from: CoreLoc, to: Option<CoreLoc>) {
        let before = self.rt.emptying;
        if let CoreLoc::Card(c) = from {
            self.rt.emptying = Some(c);
        }
        for id in self.st.cores.ids_at(&from) {
            self.move_core(id, to);
        }
        self.rt.emptying = before;
    }

    /// Moves a card to the top of a zone. A card leaving the field becomes upright; a token
    /// leaving it is removed from the game instead (keyword ruling K29).
    pub(crate) fn move_card(&mut self, card: InstanceId, to: Zone) {
        let to = self.token_destination(card, self.zone_of(card), to); // K29
        let from = self.st.zones.move_to(card, to);
        self.rt.const_memo.card_moved(card); // see `memo`
        if matches!(from, Zone::Field(_)) && !matches!(to, Zone::Field(_)) {
            self.forget_card(card);
            self.unlink_departing(card); // BS-9: a card off the field is in no brave link
            self.end_join_of(card); // a join for the battle ends when either card leaves
        }
        if !matches!(to, Zone::Field(_)) {
            self.st.cards[card.index()].orientation = Orientation::Upright;
        }
        self.emit(Event::CardMoved { card, from, to });
        if let Zone::Hand(p) = to
            && from != to
        {
            self.watch(WatchKind::AddedToHand, None, p, 1);
        }
        if let Zone::Field(_) = from {
            match to {
                Zone::Hand(p) => {
                    self.watch(WatchKind::ReturnedToHand, Some(card), p, 1);
                    self.watch(WatchKind::ReturnedToHandOrDeck, Some(card), p, 1);
                }
                Zone::Deck(p) => self.watch(WatchKind::ReturnedToHandOrDeck, Some(card), p, 1),
                _ => {}
            }
        }
    }

    /// Refreshes (upright) or exhausts (sideways) a card.
    pub(crate) fn set_exhausted(&mut self, card: InstanceId, exhausted: bool) {
        let o = if exhausted {
            Orientation::Sideways
        } else {
            Orientation::Upright
        };
        self.st.cards[card.index()].orientation = o;
        self.rt.const_memo.exhaustion_changed(card); // see `memo`
        self.emit(if exhausted {
            Event::Exhausted { card }
        } else {
            Event::Refreshed { card }
        });
        let kind = if exhausted {
            WatchKind::Exhausted
        } else {
            WatchKind::Refreshed
        };
        self.watch(kind, Some(card), self.owner(card), 1);
    }

    /// Draws one card; false if the deck is empty.
    pub(crate) fn draw(&mut self, p: PlayerId) -> bool {
        match self.st.zones.top(Zone::Deck(p)) {
            Some(c) => {
                self.move_card(c, Zone::Hand(p));
                // A player event: the draws of one effect add up to one happening.
                if self.st.turn > 0 {
                    self.watch(WatchKind::Draws, None, p, 1);
                    if self.st.scripts.step != Some(super::StepName::Draw) {
                        self.watch(WatchKind::DrawsOutsideDrawStep, None, p, 1);
                    }
                }
                true
            }
            None => false,
        }
    }

    /// Shuffles a player's deck with the game rng.
    pub(crate) fn shuffle_deck(&mut self, p: PlayerId) {
        let mut order = self.pile(Zone::Deck(p)).to_vec();
        self.st.rng.shuffle(&mut order);
        self.st.zones.reorder(Zone::Deck(p), order);
        self.emit(Event::Shuffled { player: p });
    }

    /// Fires a hook: queues it, then resolves the queue; each firing is logged and the
    /// effects it reaches run (`script::run`). Nothing runs while an effect question is
    /// being asked (the step will be undone).
    pub(crate) fn fire(&mut self, hook: Hook) {
        if self.halted() || self.ended_now() {
            return;
        }
        self.st.triggers.push(hook);
        while let Some(h) = self.st.triggers.pop() {
            self.emit(Event::Hook(h));
            self.dispatch(h);
        }
        self.report_constants();
        self.flush_watch();
        self.check_zero_bp(); // BS-5.3.1: what the hook's effects changed
    }

    /// BS-0.4: a player at 0 life loses at once — no effect or burst resolves after that.
    /// Ends the game if so; true when the game is over.
    pub(crate) fn ended_now(&mut self) -> bool {
        if matches!(self.st.phase, Phase::Over(_)) {
            return true;
        }
        self.st.turn > 0 && PlayerId::BOTH.iter().any(|p| self.life(*p) == 0) && self.check_losses()
    }

    /// Logs once per card per game that its effects are not supported yet (cards with
    /// scripts are supported).
    pub(crate) fn report_unsupported(&mut self, card: InstanceId) {
        if self.effects_of_instance(card).is_some() {
            return;
        }
        let def = self.def_of(card);
        // A keyword a pack declared with rules is supported.
        let kws = &self.host.keywords;
        let declared = |name: &str| {
            kws.index(name)
                .is_some_and(|i| kws.list[i].engine || !kws.list[i].effects.is_empty())
        };
        if def.effects.is_empty() && def.keywords.iter().all(|k| declared(&k.name)) {
            return;
        }
        let id = def.id.clone();
        if self.st.unsupported_reported.insert(id.clone()) {
            self.emit(Event::EffectsUnsupported { card: id });
        }
    }
}
