//! A card joined to the attacker for one battle (`link_for_battle`): while joined, the
//! attacker's BP is raised by the card's BP and its symbols by the card's symbols (for life,
//! BS-6.5.1; the field's symbols still count each card once, BS-5.2 step 3). One join per
//! battle; it ends at once when either card leaves the field, and with the battle (BS-6.7).

use super::events::Event;
use super::game::Game;
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::script::BattleJoin;

impl Game {
    /// The card joined to `attacker` now (both on the field), if any.
    pub fn joined_to(&self, attacker: InstanceId) -> Option<InstanceId> {
        self.st
            .scripts
            .battle_join
            .filter(|j| j.active && j.attacker == attacker)
            .map(|j| j.card)
    }

    /// Whether `card` is in a join now, as the attacker or as the joined card.
    pub fn in_join(&self, card: InstanceId) -> bool {
        self.st
            .scripts
            .battle_join
            .is_some_and(|j| j.active && (j.attacker == card || j.card == card))
    }

    /// Joins `card` to the attacker of the current battle for that battle, on behalf of
    /// `by`. Refused (with the reason, nothing changes) unless a battle is on, `attacker`
    /// is its attacker and `by` controls it, `card` is another of `by`'s spirits on the
    /// field, and this battle had no join yet (one join per battle; a joined card cannot
    /// join again).
    pub(crate) fn join_for_battle(
        &mut self,
        attacker: InstanceId,
        card: InstanceId,
        by: PlayerId,
    ) -> Result<(), String> {
        let Some((a, _)) = self.battle_cards() else {
            return Err("no battle is on".into());
        };
        if a != attacker || self.owner(attacker) != by {
            return Err("the card is not the attacker of its controller's battle".into());
        }
        if card == attacker
            || self.owner(card) != by
            || !self.on_field(card)
            || !self.is_spirit_like(card)
        {
            return Err(
                "only another spirit of the attacker's controller on the field can join it".into(),
            );
        }
        if self.st.scripts.battle_join.is_some() {
            return Err("this battle already had a join (one per battle)".into());
        }
        self.st.scripts.battle_join = Some(BattleJoin {
            attacker,
            card,
            active: true,
        });
        self.invalidate_constants(); // the join's BP is read before its event
        let bp = self.bp(attacker);
        self.emit(Event::JoinedForBattle { attacker, card, bp });
        Ok(())
    }

    /// A card left the field: a join it is in ends at once.
    pub(crate) fn end_join_of(&mut self, card: InstanceId) {
        let Some(j) = self.st.scripts.battle_join else {
            return;
        };
        if j.active && (j.attacker == card || j.card == card) {
            self.st.scripts.battle_join = Some(BattleJoin { active: false, ..j });
            self.emit(Event::JoinEnded {
                attacker: j.attacker,
                card: j.card,
            });
        }
    }

    /// BS-6.7: the battle ended; so did its join.
    pub(crate) fn end_battle_join(&mut self) {
        if let Some(j) = self.st.scripts.battle_join.take()
            && j.active
        {
            self.emit(Event::JoinEnded {
                attacker: j.attacker,
                card: j.card,
            });
        }
    }

    /// The BP the card joined to `attacker` adds to it (0 without a join).
    pub(crate) fn joined_bp(&self, attacker: InstanceId) -> u32 {
        self.joined_to(attacker).map_or(0, |c| self.bp(c))
    }

    /// The symbols the card joined to `attacker` adds to it (BS-6.5.1; 0 without a join).
    pub(crate) fn joined_symbols(&self, attacker: InstanceId) -> u32 {
        self.joined_to(attacker).map_or(0, |c| self.symbols_of(c))
    }
}
