//! The rule-checked actions effects take. Each goes through the same helpers as the
//! built-in rules and emits the same events (BS-6.6 destruction path, BS-5.3 depletion
//! after core moves, BS-12.5 Ultimate Trigger, BS-13.2 count, BS-13.4 heavy exhaustion).

use carddb::CardKind;

use super::prevent::Actor;
use super::state::{ModKind, Modifier, Protect, Until};
use crate::core::{InstanceId, Orientation, PlayerId};
use crate::rules::battle_spirits::brave::Otherwise;
use crate::rules::battle_spirits::script::WatchKind;
use crate::rules::battle_spirits::{CoreLoc, Event, Game, Hook, Zone};

impl Game {
    /// Whether a card is on its owner's field.
    pub fn on_field(&self, c: InstanceId) -> bool {
        self.zone_of(c) == Zone::Field(self.owner(c))
    }

    /// The current battle's attacker and blocker.
    pub fn battle_cards(&self) -> Option<(InstanceId, Option<InstanceId>)> {
        self.st.battle.as_ref().map(|b| (b.attacker, b.blocker))
    }

    /// Whether the soul core is on a card.
    pub fn soul_on(&self, c: InstanceId) -> bool {
        self.soul_at(CoreLoc::Card(c))
    }

    /// Whether a card has a keyword, printed or gained (`name` compared case-insensitively).
    /// On the field, a keyword a pack declares is had as its effects are: printed ones at
    /// their levels and printed timing ("While This Spirit Attacks"), or gained (card
    /// ruling ST02-013: a spirit whose keyword is printed for LV2 does not have it at LV1).
    pub fn has_keyword(&self, c: InstanceId, name: &str) -> bool {
        if self.on_field(c)
            && let Some(i) = self.host.keywords.index(name)
        {
            return self.held_keywords(c, &[]).iter().any(|h| h.index == i);
        }
        self.def_of(c)
            .keywords
            .iter()
            .any(|k| k.name.eq_ignore_ascii_case(name))
            || self
                .mods_of(c)
                .iter()
                .any(|m| matches!(m, ModKind::Keyword(k, _) if k.eq_ignore_ascii_case(name)))
    }

    /// Whether a card is one "with" a keyword, as a selection or a count names it: the
    /// keyword had now ([`Game::has_keyword`]) or printed at the card's current level
    /// whatever its printed timing. Rulings C#21 and C#72: a spirit whose Curse or Luster
    /// is printed "While This Spirit Attacks" is a spirit with it when not attacking.
    pub fn is_with_keyword(&self, c: InstanceId, name: &str) -> bool {
        self.has_keyword(c, name)
            || (self.on_field(c)
                && (self.def_of(c).keywords.iter())
                    .any(|k| k.name.eq_ignore_ascii_case(name) && self.level_ok(c, &k.levels)))
    }

    /// Adds a modifier given by an effect `by` controls (`None`: by no player) and logs it.
    pub(crate) fn add_modifier_by(
        &mut self,
        card: InstanceId,
        kind: ModKind,
        until: Until,
        by: Option<PlayerId>,
    ) {
        self.st.scripts.modifiers.push(Modifier {
            card,
            kind: kind.clone(),
            until,
            by,
        });
        self.emit(Event::ModifierAdded {
            card,
            modifier: kind,
            until,
        });
    }

    /// Destroys the cards by an effect of `by` at the same time (rulings-cards.json #76,
    /// #126): the ones on the field, not protected and not already being destroyed (BS-6.6:
    /// their "when destroyed" resolves once). Returns how many.
    pub(crate) fn effect_destroy_all(&mut self, cs: &[InstanceId], by: PlayerId) -> u32 {
        let mut list = Vec::new();
        for &c in cs {
            let c = self.unit_of(c); // BS-9.1: a braved card is destroyed as one
            if !self.on_field(c) || self.is_being_destroyed(c) || list.iter().any(|(x, _)| *x == c)
            {
                continue;
            }
            let source_card = self.st.scripts.destroying_source;
            let source = source_card.map(|s| self.kind_for_effects(s));
            let source_colours = source_card.map(|s| self.colours_of(s)).unwrap_or_default();
            let protected = self.mods_of(c).iter().any(|m| {
                matches!(m, ModKind::CannotBeDestroyed { by_opponent_only, protector, by_kind, by_colours }
                    if (!by_opponent_only || by != *protector)
                        && by_kind.is_none_or(|k| source == Some(k))
                        && (by_colours.is_empty()
                            || source_colours.iter().any(|x| by_colours.contains(x))))
            });
            if !protected {
                list.push((c, by != self.owner(c)));
            }
        }
        // A destroy effect inside a 0 BP destruction's "when destroyed" is not one at 0 BP.
        let before = std::mem::replace(&mut self.st.scripts.zero_bp_destruction, false);
        self.destroy_together(&list);
        self.st.scripts.zero_bp_destruction = before;
        list.len() as u32
    }

    /// The spirits whose BP an effect has brought to 0 are destroyed, together (BS-5.3.1,
    /// BS-8.4; rulings-cards.json #54, #92, #95, #127, #130, #132, #136, #195; two at once
    /// reach a "when one of your spirits is destroyed" effect once, #76). Not an effect's
    /// destruction: protection from "destroy" effects does not stop it (#121). `by`: the
    /// effect's controller. A card already being destroyed is left alone (BS-6.6).
    /// Returns how many.
    pub(crate) fn destroy_if_no_bp(&mut self, cs: &[InstanceId], by: PlayerId) -> usize {
        let list: Vec<(InstanceId, bool)> = cs
            .iter()
            .copied()
            .filter(|&c| {
                self.on_field(c)
                    && !self.is_being_destroyed(c)
                    && self.is_spirit_like(c)
                    && self.level_row(c).and_then(|r| r.bp).is_some()
                    && self.bp(c) == 0
            })
            .map(|c| (c, by != self.owner(c)))
            .collect();
        // What "destroyed via reducing its BP to 0" watches; the flag nests with
        // `check_zero_bp`'s.
        let before = std::mem::replace(&mut self.st.scripts.zero_bp_destruction, true);
        self.destroy_together(&list);
        self.st.scripts.zero_bp_destruction = before;
        list.len()
    }

    /// BS-5.3.1: whether `c` has a BP (its level row gives one) that modifiers lowered to 0:
    /// such a spirit is destroyed at once. A printed BP of 0 with nothing lowering it is not.
    pub(crate) fn bp_lowered_to_zero(&self, c: InstanceId) -> bool {
        self.level_row(c).and_then(|r| r.bp).is_some() && self.bp(c) == 0 && self.bp_delta(c) < 0
    }

    /// BS-5.3.1: every spirit/ultimate whose BP effects have brought to 0 is destroyed at
    /// once — also when a bonus that kept it above 0 ends (end of battle, end of turn, its
    /// source leaving the field). Called wherever BP can change (an effect resolved, a hook
    /// resolved, cores moved, a card destroyed, battle or turn effects ended).
    ///
    /// A card counts when it has a BP at its level (a nexus never does), its BP is 0 and
    /// its modifiers lower it (a printed 0 BP is not "becoming 0"); cards already being
    /// destroyed and the card being placed are skipped. The ones found together are
    /// destroyed together (BS-6.6/BS-8.4) — "by the opponent" when a lowering modifier on
    /// it was given by its owner's opponent's effect (a constant one's giver is not known:
    /// not by the opponent) — then the check repeats. Cheap
    /// when no lowering modifier and no constant effect exists; not re-entrant (a check
    /// reached from inside the destruction it causes returns at once).
    pub(crate) fn check_zero_bp(&mut self) {
        if self.rt.checking_bp || self.halted() {
            return;
        }
        let lowering = |m: &Modifier| matches!(m.kind, ModKind::Bp(n) if n < 0);
        // Only a BP-lowering modifier, stored or constant, takes a spirit to 0 here.
        let constant_lowers = || {
            self.host.has_constant
                && self.const_kinds & super::constants::BP_MODS != 0
                && (self.constant_mods().mods.iter())
                    .any(|(_, k)| matches!(k, ModKind::Bp(n) if *n < 0))
        };
        if !self.st.scripts.modifiers.iter().any(lowering) && !constant_lowers() {
            return;
        }
        self.rt.checking_bp = true;
        loop {
            let a = self.st.active;
            let placing = self.placing_card();
            let mut zero = Vec::new();
            for p in [a, a.other()] {
                for c in self.field(p) {
                    if Some(c) != placing
                        && self.is_spirit_like(c)
                        && !self.is_being_destroyed(c)
                        && self.bp_lowered_to_zero(c)
                    {
                        let owner = self.owner(c);
                        let by_opponent = self.st.scripts.modifiers.iter().any(|m| {
                            m.card == c && lowering(m) && m.by.is_some_and(|p| p != owner)
                        });
                        zero.push((c, by_opponent));
                    }
                }
            }
            if zero.is_empty() || self.halted() {
                break;
            }
            // BS-5.3.1: what "destroyed via reducing its BP to 0" watches.
            let before = std::mem::replace(&mut self.st.scripts.zero_bp_destruction, true);
            self.destroy_together(&zero);
            self.st.scripts.zero_bp_destruction = before;
            if zero.iter().all(|(c, _)| self.on_field(*c)) {
                break; // nothing left the field: a loop would find them again
            }
        }
        self.rt.checking_bp = false;
    }

    /// Whether `target` is unaffected by the effect of `source` controlled by `controller`
    /// (a modifier `Unaffected`; BS-10.5: bursts are stopped too). Spirits, ultimates and
    /// braves are all "spirit effects" here.
    pub fn unaffected(&self, target: InstanceId, source: InstanceId, controller: PlayerId) -> bool {
        if self.st.scripts.modifiers.is_empty() && !self.host.has_constant {
            return false;
        }
        let kind = self.kind_for_effects(source);
        self.mods_of(target).iter().any(|m| match m {
            ModKind::Unaffected {
                by,
                opponent_only,
                protector,
            } => by.is_none_or(|b| b == kind) && (!opponent_only || controller != *protector),
            _ => false,
        })
    }

    /// A card's kind as protections from "spirit", "nexus" or "magic" effects read it:
    /// ultimates and braves are spirits.
    pub(crate) fn kind_for_effects(&self, c: InstanceId) -> CardKind {
        match self.def_of(c).kind {
            CardKind::Ultimate | CardKind::Brave => CardKind::Spirit,
            k => k,
        }
    }

    /// Exhausts (`true`) or refreshes a field card; an exhaustion by an effect of `by`
    /// that a protection prevents does not happen (`Game::prevented`).
    pub(crate) fn effect_orient(
        &mut self,
        c: InstanceId,
        exhaust: bool,
        by: Option<Actor>,
    ) -> bool {
        let c = self.unit_of(c); // BS-9.1: a braved card is one card
        if exhaust && self.on_field(c) && self.prevented(c, Protect::Exhausted, by) {
            return false;
        }
        if !self.on_field(c) || self.is_exhausted(c) == exhaust {
            // BS-13.4: a refresh turns a heavily exhausted card to exhausted.
            if !exhaust
                && self.on_field(c)
                && self.st.cards[c.index()].orientation == Orientation::UpsideDown
            {
                self.set_exhausted(c, true);
                self.fire(Hook::WhenRefreshed { card: c }); // BS-13.4
                return true;
            }
            return false;
        }
        self.set_exhausted(c, exhaust);
        if !exhaust {
            self.fire(Hook::WhenRefreshed { card: c }); // BS-4.2
        }
        true
    }

    /// BS-13.4: heavy exhaustion (upside down; counts as exhausted).
    pub(crate) fn heavily_exhaust(&mut self, c: InstanceId) -> bool {
        let c = self.unit_of(c); // BS-9.1: a braved card is one card
        if !self.on_field(c) {
            return false;
        }
        self.st.cards[c.index()].orientation = Orientation::UpsideDown;
        self.rt.const_memo.exhaustion_changed(c); // see `memo`
        self.emit(Event::HeavilyExhausted { card: c });
        true
    }

    /// A field card leaves with its cores going to its owner's reserve.
    fn leave_field(&mut self, c: InstanceId, to: Zone) {
        let owner = self.owner(c);
        self.move_all_cores(CoreLoc::Card(c), Some(CoreLoc::Reserve(owner)));
        self.move_card(c, to);
    }

    /// Returns a card (field, trash) to its owner's hand. BS-9.9: a braved card's braves
    /// stay as spirits if cores are placed on them, else they follow it. A field card a
    /// protection keeps from `by`'s effects stays (`Game::prevented`).
    pub(crate) fn effect_return_to_hand(&mut self, c: InstanceId, by: Option<Actor>) -> bool {
        let c = self.unit_of(c);
        let owner = self.owner(c);
        match self.zone_of(c) {
            Zone::Field(_) if self.prevented(c, Protect::Returned, by) => return false,
            Zone::Field(_) => {
                let braves = self.detach_braves(c);
                self.leave_field(c, Zone::Hand(owner));
                self.keep_braves(braves, Otherwise::Follow(Zone::Hand(owner), false));
            }
            // BS-5.5: the magic now resolving goes to the hand, not the trash, once its
            // effect has resolved ("return this card to your hand after its effect
            // resolves").
            Zone::Hand(_) | Zone::Tecoto(_) if self.resolving_magic() == Some(c) => {
                self.st.scripts.magic_to_hand = Some(c);
            }
            Zone::Trash(_) | Zone::Deck(_) | Zone::Tecoto(_) => {
                self.move_card(c, Zone::Hand(owner))
            }
            _ => return false,
        }
        true
    }

    /// The magic being used whose effect is resolving now (BS-5.5), if any.
    fn resolving_magic(&self) -> Option<InstanceId> {
        match &self.st.phase {
            crate::rules::battle_spirits::game::Phase::Pay(pm)
                if pm.kind == crate::rules::battle_spirits::types::PlayKind::UseMagic =>
            {
                Some(pm.card)
            }
            _ => None,
        }
    }

    /// Puts a card on top or at the bottom of its owner's deck. BS-9.9: a braved card's
    /// braves stay as spirits if cores are placed on them, else they follow it. A field
    /// card a protection keeps from `by`'s effects stays (`Game::prevented`).
    pub(crate) fn effect_return_to_deck(
        &mut self,
        c: InstanceId,
        bottom: bool,
        by: Option<Actor>,
    ) -> bool {
        let c = self.unit_of(c);
        let owner = self.owner(c);
        let mut braves = Vec::new();
        match self.zone_of(c) {
            Zone::Field(_) if self.prevented(c, Protect::Returned, by) => return false,
            Zone::Field(_) => {
                braves = self.detach_braves(c);
                self.leave_field(c, Zone::Deck(owner));
            }
            Zone::Deck(_) => return false,
            _ => self.move_card(c, Zone::Deck(owner)),
        }
        // A token is removed from the game instead (keyword ruling K29): no deck order.
        if bottom && self.zone_of(c) == Zone::Deck(owner) {
            let mut order = self.pile(Zone::Deck(owner)).to_vec();
            let top = order.pop().expect("just put there");
            order.insert(0, top);
            self.st.zones.reorder(Zone::Deck(owner), order);
        }
        self.keep_braves(braves, Otherwise::Follow(Zone::Deck(owner), bottom));
        true
    }

    /// BS-13.1: puts a card into its owner's tecoto (face up).
    pub(crate) fn put_into_tecoto(&mut self, c: InstanceId) -> bool {
        let c = self.unit_of(c);
        let owner = self.owner(c);
        match self.zone_of(c) {
            // Like BS-9.9: the braves stay with cores placed on them, else follow it.
            Zone::Field(_) => {
                let braves = self.detach_braves(c);
                self.leave_field(c, Zone::Tecoto(owner));
                self.keep_braves(braves, Otherwise::Follow(Zone::Tecoto(owner), false));
            }
            Zone::Tecoto(_) => return false,
            _ => self.move_card(c, Zone::Tecoto(owner)),
        }
        true
    }

    /// `p` draws up to `n` cards (fewer when the deck runs out); how many were drawn.
    pub(crate) fn draw_n(&mut self, p: PlayerId, n: u32) -> u32 {
        (0..n).take_while(|_| self.draw(p)).count() as u32
    }

    /// Puts the top `n` cards of `p`'s deck into the trash by an effect of `by`, no more
    /// than a deck discard limit allows (`Game::deck_discard_limit`); the cards moved.
    pub(crate) fn mill(&mut self, p: PlayerId, n: u32, by: PlayerId) -> Vec<InstanceId> {
        let n = self.deck_discard_limit(p, by).map_or(n, |m| n.min(m));
        let mut v = Vec::new();
        for _ in 0..n {
            let Some(c) = self.st.zones.top(Zone::Deck(p)) else {
                break;
            };
            self.move_card(c, Zone::Trash(p));
            v.push(c);
        }
        v
    }

    /// Discards a hand card to the trash, unless a protection keeps it from `by`'s
    /// effects (`Game::prevented`: "your opponent's effects cannot discard …").
    pub(crate) fn discard(&mut self, c: InstanceId, by: Option<Actor>) -> bool {
        let owner = self.owner(c);
        if self.zone_of(c) != Zone::Hand(owner) || self.prevented(c, Protect::Discarded, by) {
            return false;
        }
        self.move_card(c, Zone::Trash(owner));
        self.watch(WatchKind::Discarded, Some(c), owner, 1);
        true
    }

    /// Moves up to `n` cores (ordinary ones first, then the soul core) from `from` to `to`
    /// (`None`: the void), then depletes what fell below its minimum (BS-5.3).
    pub(crate) fn move_cores_n(&mut self, from: CoreLoc, to: Option<CoreLoc>, n: u32) -> u32 {
        let mut k = 0;
        while k < n {
            let Some(core) = self
                .core_at(from, false)
                .or_else(|| self.core_at(from, true))
            else {
                break;
            };
            self.move_core(core, to);
            k += 1;
        }
        k
    }

    /// Moves up to `n` ordinary cores (never the soul core) from `from` to `to`.
    pub(crate) fn move_ordinary_cores_n(
        &mut self,
        from: CoreLoc,
        to: Option<CoreLoc>,
        n: u32,
    ) -> u32 {
        let mut k = 0;
        while k < n {
            let Some(core) = self.core_at(from, false) else {
                break;
            };
            self.move_core(core, to);
            k += 1;
        }
        k
    }

    /// Life loss by an effect: life → reserve, then "after your life is reduced".
    pub(crate) fn lose_life(&mut self, p: PlayerId, n: u32) -> u32 {
        let k = self.move_cores_n(CoreLoc::Life(p), Some(CoreLoc::Reserve(p)), n);
        if k > 0 {
            self.emit(Event::LifeLost {
                player: p,
                amount: k,
                left: self.life(p),
            });
            self.watch(WatchKind::LifeReduced, None, p, k);
            self.fire(Hook::AfterLifeReduced { player: p });
        }
        k
    }

    /// Life gain: cores from the void into life.
    pub(crate) fn gain_life(&mut self, p: PlayerId, n: u32) {
        // BS-8.1: "placed on this spirit instead" — then no life is gained.
        let to = self.life_dest(CoreLoc::Life(p));
        for _ in 0..n {
            self.core_from_void(false, to);
        }
        if n > 0 && to == CoreLoc::Life(p) {
            self.watch(WatchKind::LifeIncreases, None, p, n);
        }
    }

    /// BS-13.2: count +n (from the void) or −n (back to the void).
    pub(crate) fn count_change(&mut self, p: PlayerId, n: i64) {
        if n >= 0 {
            for _ in 0..n {
                self.core_from_void(false, CoreLoc::Count(p));
            }
        } else {
            self.move_cores_n(CoreLoc::Count(p), None, n.unsigned_abs() as u32);
        }
    }

    /// BS-12.5 Ultimate Trigger: the top card of the opponent's deck goes to the trash; a hit
    /// when `ultimate`'s cost is higher than that card's, else a guard. Not a deck discard.
    pub(crate) fn ultimate_trigger(&mut self, ultimate: InstanceId, controller: PlayerId) -> bool {
        let opp = controller.other();
        let Some(top) = self.st.zones.top(Zone::Deck(opp)) else {
            return false;
        };
        self.move_card(top, Zone::Trash(opp));
        let hit = self.def_of(ultimate).cost > self.def_of(top).cost;
        self.emit(Event::UltimateTrigger {
            card: ultimate,
            revealed: top,
            hit,
        });
        hit
    }

    /// Summons a spirit by an effect (free: no cost), placing its minimum cores from the
    /// controller's reserve (BS-5.2 step 6) — with `spare`, from the reserve first, then
    /// cores above the lowest level of their field cards — then "when summoned". False if
    /// it cannot.
    pub(crate) fn effect_summon(
        &mut self,
        c: InstanceId,
        controller: PlayerId,
        exhausted: bool,
        spare: bool,
    ) -> bool {
        let d = self.def_of(c);
        if !matches!(
            d.kind,
            CardKind::Spirit | CardKind::Brave | CardKind::Ultimate
        ) || self.on_field(c)
            || self.owner(c) != controller
        {
            return false;
        }
        // BS-12.1: an ultimate's summon condition applies to every way of summoning.
        if d.kind == CardKind::Ultimate && !self.ultimate_condition_met(controller, d) {
            return false;
        }
        // BS-5.1: a summoning requirement, then its additional cost, even when the summon
        // is free (keyword ruling K4).
        if !self.summon_requirement_met(c, controller)
            || !self.pay_additional_summon_cost(c, controller)
        {
            return false;
        }
        let min = self.def_of(c).minimum_cores();
        let have = if spare {
            self.spare_cores(controller)
        } else {
            self.reserve(controller)
        };
        if have < min {
            return false;
        }
        self.move_card(c, Zone::Field(controller));
        if spare {
            self.move_spare(controller, min, CoreLoc::Card(c));
        } else {
            self.move_cores_n(CoreLoc::Reserve(controller), Some(CoreLoc::Card(c)), min);
        }
        if exhausted {
            self.set_exhausted(c, true);
        }
        self.emit(Event::SummonedByEffect { card: c });
        self.fire(Hook::WhenSummoned { card: c });
        self.check_depletion();
        true
    }
}
