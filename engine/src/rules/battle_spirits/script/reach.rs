//! Which effects a hook reaches (BS-8.1 automatic and optional effects, level-bound
//! effects, BS-9.2 brave forms, BS-6.6 "when destroyed" before the trash) and the BS-8.4
//! order of those due at once.

use super::hooks::{Trigger, Whose};
use super::run::whose_ok;
use super::state::{ModKind, Question, SubEvent, SubTrigger, Timing, WatchKind};

use crate::core::{InstanceId, Labelled, PlayerId};
use crate::rules::battle_spirits::{Choice, Event, Game, Hook, StepName, Zone};

/// One effect a hook reached, waiting to resolve (BS-8.4).
#[derive(Debug, Clone)]
pub(super) enum Reached {
    /// An effect of a card (`field`: it works only while the card stays on the field).
    Effect {
        card: InstanceId,
        effect: u32,
        controller: PlayerId,
        ev: Vec<InstanceId>,
        field: bool,
    },
    /// A set burst whose condition is met (BS-10.3): activation is asked when it resolves.
    Burst {
        card: InstanceId,
        effects: Vec<u32>,
        ev: Vec<InstanceId>,
    },
    /// A `when(…)` closure.
    Sub {
        sub: SubTrigger,
        ev: Vec<InstanceId>,
    },
}

impl Reached {
    /// Whether both are the same `when(…)` closure reached by the same event.
    fn same_closure(&self, other: &Reached) -> bool {
        matches!((self, other), (Reached::Sub { sub: a, ev: x }, Reached::Sub { sub: b, ev: y })
            if a == b && x == y)
    }

    /// Whether `other` is the same effect reached again: a field effect or a burst of the
    /// same card, or the same sub-trigger (a card's own effect is never reached twice).
    pub(super) fn same_effect(&self, other: &Reached) -> bool {
        match (self, other) {
            (
                Reached::Effect {
                    card: a,
                    effect: x,
                    field: true,
                    ..
                },
                Reached::Effect {
                    card: b,
                    effect: y,
                    field: true,
                    ..
                },
            ) => a == b && x == y,
            (Reached::Burst { card: a, .. }, Reached::Burst { card: b, .. }) => a == b,
            (Reached::Sub { sub: a, .. }, Reached::Sub { sub: b, .. }) => a == b,
            _ => false,
        }
    }

    pub(super) fn event_cards(&self) -> &[InstanceId] {
        match self {
            Reached::Effect { ev, .. } | Reached::Burst { ev, .. } | Reached::Sub { ev, .. } => ev,
        }
    }

    pub(super) fn add_event_cards(&mut self, cards: &[InstanceId]) {
        let (Reached::Effect { ev, .. } | Reached::Burst { ev, .. } | Reached::Sub { ev, .. }) =
            self;
        for c in cards {
            if !ev.contains(c) {
                ev.push(*c);
            }
        }
    }

    /// The card and effect index of the reached effect.
    pub(super) fn card_effect(&self) -> (InstanceId, u32) {
        match self {
            Reached::Effect { card, effect, .. } => (*card, *effect),
            Reached::Burst { card, effects, .. } => (*card, effects[0]),
            Reached::Sub { sub, .. } => (sub.card, sub.effect),
        }
    }
}

impl Game {
    // ---- which effects a hook reaches -------------------------------------------------

    /// [`Game::reach_card`] for the effects of `card` with trigger `t`, about `card` itself.
    fn reach_own(&self, out: &mut Vec<Reached>, card: InstanceId, t: Trigger) {
        self.reach_card(out, card, t.bit(), &|x| x == t, &[card]);
    }

    /// The effects of `card` matching `pred` (its controller is its owner), then (BS-9.2)
    /// the braved effects of the braves on it, as effects of the braved card. `bits`: as
    /// for [`Game::matching_of`].
    fn reach_card(
        &self,
        out: &mut Vec<Reached>,
        card: InstanceId,
        bits: u64,
        pred: &dyn Fn(Trigger) -> bool,
        ev: &[InstanceId],
    ) {
        let controller = self.owner(card);
        for effect in self.matching_of(card, bits, pred) {
            out.push(Reached::Effect {
                card,
                effect,
                controller,
                ev: ev.to_vec(),
                field: false,
            });
        }
        for card in self.braves_on(card) {
            for effect in self.matching_of(card, bits, pred) {
                out.push(Reached::Effect {
                    card,
                    effect,
                    controller,
                    ev: ev.to_vec(),
                    field: false,
                });
            }
        }
    }

    /// Field cards of both players, turn player's first, in field order, with
    /// `pred(trigger, controller)`; each must still be on the field when its turn comes.
    /// `bits`: as for [`Game::matching_of`].
    pub(super) fn reach_field(
        &self,
        out: &mut Vec<Reached>,
        bits: u64,
        pred: &dyn Fn(Trigger, PlayerId) -> bool,
        ev: &[InstanceId],
    ) {
        let a = self.st.active;
        // No field effect of this game waits for this hook (strict games check it does not).
        let none = self.field_bits & bits == 0
            || !(self.field_triggers.iter()).any(|&t| pred(t, a) || pred(t, a.other()));
        if none && !self.strict {
            return;
        }
        let before = out.len();
        for p in [a, a.other()] {
            for &c in self.pile(Zone::Field(p)) {
                // A braved brave's effects are reached through its host (BS-9.2).
                if self.is_braved_brave(c) {
                    continue;
                }
                for card in std::iter::once(c).chain(self.braves_on(c)) {
                    for effect in self.matching_of(card, bits, &|t| pred(t, p)) {
                        out.push(Reached::Effect {
                            card,
                            effect,
                            controller: p,
                            ev: ev.to_vec(),
                            field: true,
                        });
                    }
                }
            }
        }
        assert!(
            !none || out.len() == before,
            "a hook reached a field effect whose trigger the game's field triggers miss"
        );
    }

    /// The burst set by `p`, if it has a [Burst] effect of condition `burst` (BS-10.3).
    fn reach_burst(&self, out: &mut Vec<Reached>, p: PlayerId, burst: Trigger, ev: &[InstanceId]) {
        for &c in self.pile(Zone::Burst(p)) {
            let effects = self.matching_of(c, burst.bit(), &|t| t.is_burst() && t == burst);
            if !effects.is_empty() {
                out.push(Reached::Burst {
                    card: c,
                    effects,
                    ev: ev.to_vec(),
                });
            }
        }
    }

    /// Sub-triggers (`when(…)` closures) matching `pred`.
    pub(super) fn reach_subs(
        &self,
        out: &mut Vec<Reached>,
        pred: impl Fn(&Game, &SubTrigger) -> bool,
        card: Option<InstanceId>,
    ) {
        let standing = self.constant_mods();
        for s in self.st.scripts.subs.iter().chain(&standing.watchers) {
            if pred(self, s) {
                out.push(Reached::Sub {
                    sub: s.clone(),
                    ev: card.into_iter().collect(),
                });
            }
        }
    }

    /// The effects a "when destroyed" hook of `card` reaches (BS-6.6): its own, the owner's
    /// field and burst when the opponent destroyed it, the sub-triggers watching for it
    /// and, in a destruction by BP comparison, those watching for the card that destroyed
    /// it (even when that card is destroyed at the same time).
    fn reach_destroyed(&self, due: &mut Vec<Reached>, card: InstanceId, by_opponent: bool) {
        use Trigger as T;
        // BS-6.6: resolves while the card is still on the field.
        self.reach_card(
            due,
            card,
            T::WhenDestroyed.bit() | T::WhenDestroyedByOpponent.bit(),
            &|t| t == T::WhenDestroyed || (by_opponent && t == T::WhenDestroyedByOpponent),
            &[card],
        );
        let owner = self.owner(card);
        if by_opponent && self.is_spirit_like(card) {
            self.reach_field(
                due,
                T::WhenOpponentDestroysYourSpirit.bit(),
                &|t, p| p == owner && t == T::WhenOpponentDestroysYourSpirit,
                &[card],
            );
            self.reach_burst(due, owner, T::BurstOpponentDestroysYourSpirit, &[card]);
        }
        // "Destroyed in battle": by BP comparison (BS-6.6), not by an effect used
        // while a battle is on (rulings-cards.json #193) — nor by an effect that the
        // comparison's destruction triggered (ruling C#96): only the battle's own cards.
        let in_battle = self.st.scripts.battle_destruction
            && self
                .battle_cards()
                .is_some_and(|(a, b)| card == a || b == Some(card));
        self.reach_subs(
            due,
            |g, s| match &s.event {
                SubEvent::Destroyed {
                    subject,
                    by_opponent: bo,
                    in_battle: ib,
                } => (!bo || by_opponent) && (!ib || in_battle) && g.in_query(subject, card),
                // BS-5.3.1: only a destruction at 0 BP.
                SubEvent::DestroyedAtZeroBp { subject } => {
                    g.st.scripts.zero_bp_destruction && g.in_query(subject, card)
                }
                _ => false,
            },
            Some(card),
        );
        if !in_battle && let Some(source) = self.st.scripts.destroying_source {
            self.reach_subs(
                due,
                |g, s| match &s.event {
                    SubEvent::DestroysByEffect { subject, victims }
                    | SubEvent::Destroys { subject, victims } => {
                        g.in_query(subject, source) && g.in_query(victims, card)
                    }
                    // "one of your effects": the effect's card is controlled by `whose`.
                    SubEvent::DestroyedByEffectOf { victims, whose } => {
                        super::run::whose_ok(*whose, g.owner(source), s.controller)
                            && g.in_query(victims, card)
                    }
                    _ => false,
                },
                Some(card),
            );
        }
        if in_battle
            && let Some((a, b)) = self.battle_cards()
            && let Some(destroyer) = if card == a { b } else { Some(a) }
        {
            self.reach_subs(
                due,
                |g, s| {
                    matches!(&s.event, SubEvent::DestroysInBattle { subject, victims }
                        | SubEvent::Destroys { subject, victims }
                        if g.in_query(subject, destroyer) && g.in_query(victims, card))
                },
                Some(card),
            );
        }
    }

    /// Hooks that happen at the same time (BS-8.4): each is logged, the effects they reach
    /// resolve as one set; an effect reached through several of them is due once, with
    /// all their cards (a condition met several times at once works once:
    /// rulings-cards.json #68, #76, #126).
    pub(crate) fn dispatch_together(&mut self, hooks: &[Hook]) {
        for h in hooks {
            self.emit(Event::Hook(*h));
        }
        if !self.host.has_effects() && self.st.scripts.subs.is_empty() {
            return;
        }
        let mut due: Vec<Reached> = Vec::new();
        for h in hooks {
            let mut one = Vec::new();
            match *h {
                Hook::WhenDestroyed { card, by_opponent } => {
                    self.reach_destroyed(&mut one, card, by_opponent)
                }
                other => unreachable!("{other:?} is not dispatched together"),
            }
            for r in one {
                match due.iter_mut().find(|d| d.same_effect(&r)) {
                    Some(d) => d.add_event_cards(r.event_cards()),
                    None => due.push(r),
                }
            }
        }
        self.drop_silenced(&mut due, Timing::Destroyed); // BS-8.1 "does not work"
        self.resolve_simultaneous(due);
    }

    /// BS-8.4: resolves effects that became due at the same time. With more than one, the
    /// turn player chooses which resolves next (a decision; the rest wait); effects that
    /// one of them triggers resolve inside it (`Game::fire` is re-entrant), before the
    /// rest of the chosen order. Constant effects (group A) need no resolving: they apply
    /// whenever a value is read.
    pub(super) fn resolve_simultaneous(&mut self, mut due: Vec<Reached>) {
        while !due.is_empty() {
            if self.halted() || self.ended_now() {
                return;
            }
            // Copies of one closure (same card, function, values and event) resolve
            // the same in any order: nothing to choose (BS-8.4).
            let i = if due.len() == 1 || due.iter().all(|r| r.same_closure(&due[0])) {
                0
            } else {
                let options = due
                    .iter()
                    .enumerate()
                    .map(|(k, r)| Labelled {
                        choice: Choice::OneOf { index: k as u32 },
                        label: self.reached_label(r),
                    })
                    .collect();
                // BS-8.4: the turn player orders them, whoever controls them.
                let chooser = self.st.active;
                let q = Question {
                    player: chooser,
                    prompt: "Several effects happen at once: choose the one that resolves next"
                        .into(),
                    options,
                };
                match self.ask(q) {
                    Some(Choice::OneOf { index }) => {
                        let (card, effect) = due[index as usize].card_effect();
                        self.emit(Event::OrderChosen {
                            card,
                            effect,
                            chooser: Some(chooser),
                        });
                        index as usize
                    }
                    _ => return,
                }
            };
            match due.remove(i) {
                Reached::Effect {
                    card,
                    effect,
                    controller,
                    ev,
                    field,
                } => {
                    if (!field || self.on_field(card)) && self.still_works_there(card, effect) {
                        self.run_effect(card, effect, controller, ev);
                    }
                }
                Reached::Burst { card, effects, ev } => {
                    self.activate_burst(card, &effects, &ev);
                }
                Reached::Sub { sub, ev } => self.run_closure(&sub, ev),
            }
        }
    }

    fn reached_label(&self, r: &Reached) -> String {
        if self.rt.no_labels {
            return String::new();
        }
        let (card, effect) = r.card_effect();
        let text = self
            .def_of(card)
            .effects
            .get(effect as usize)
            .and_then(|e| e.text.get("en"))
            .map(|t| format!(": {t}"))
            .unwrap_or_default();
        match r {
            Reached::Burst { .. } => format!("Burst of {} {card}", self.name(card)),
            Reached::Sub { .. } => format!("Delayed effect of {} {card}", self.name(card)),
            Reached::Effect { .. } => format!("{} {card}{text}", self.name(card)),
        }
    }

    /// Resolves the effects a hook reaches (called by `Game::fire` after logging it).
    pub(crate) fn dispatch(&mut self, h: Hook) {
        if !self.host.has_effects() && self.st.scripts.subs.is_empty() {
            return;
        }
        use Trigger as T;
        let mut due = Vec::new();
        match h {
            Hook::WhenSummoned { card } => {
                let nexus = self.def_of(card).kind == carddb::CardKind::Nexus;
                // BS-5.4: deploying a nexus is its own happening, not a summon.
                let kind = if nexus {
                    WatchKind::Deploys
                } else {
                    WatchKind::Summons
                };
                self.watch(kind, Some(card), self.owner(card), 1);
                if !nexus && self.came_from_trash(card) {
                    self.watch(
                        WatchKind::SummonedFromTrash,
                        Some(card),
                        self.owner(card),
                        1,
                    );
                }
                // BS-5.1 / BS-5.1.1 (a brave summoned onto a host too: a brave effect), BS-5.4.
                let pred = |t| t == T::WhenSummoned || (nexus && t == T::WhenDeployed);
                let bits = T::WhenSummoned.bit() | if nexus { T::WhenDeployed.bit() } else { 0 };
                self.reach_card(&mut due, card, bits, &pred, &[card]);
                // Whether the card has such an effect itself (`reach_card` adds its own first).
                let resolved = (due.iter())
                    .any(|r| matches!(r, Reached::Effect { card: c, .. } if *c == card));
                let opp = self.owner(card).other();
                self.reach_burst(&mut due, opp, T::BurstOpponentSummons, &[card]);
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Summoned { subject } if g.in_query(subject, card)),
                    Some(card),
                );
                self.drop_silenced(&mut due, Timing::Summoned); // BS-8.1 "does not work"
                self.resolve_simultaneous(due);
                if resolved && !nexus {
                    // After the opponent's "when summoned" effect resolved.
                    let mut after = Vec::new();
                    let field = T::WhenOpponentResolvesWhenSummoned;
                    let field_pred = |t, p| p == opp && t == field;
                    self.reach_field(&mut after, field.bit(), &field_pred, &[card]);
                    self.reach_burst(
                        &mut after,
                        opp,
                        T::BurstOpponentWhenSummonedResolved,
                        &[card],
                    );
                    self.resolve_simultaneous(after);
                }
                return;
            }
            Hook::WhenAttacks { card } => {
                if self.mods_of(card).contains(&ModKind::BlockEffectsOnAttack) {
                    // Rulings C#181, C#182: its "when blocks" effects work too; an
                    // "attacks or blocks" effect matches once.
                    let bits = T::WhenAttacks.bit() | T::WhenBlocks.bit();
                    let pred = |t| t == T::WhenAttacks || t == T::WhenBlocks;
                    self.reach_card(&mut due, card, bits, &pred, &[card]);
                } else {
                    self.reach_own(&mut due, card, T::WhenAttacks);
                }
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Attacks { subject } | SubEvent::AttacksOrBlocks { subject } if g.in_query(subject, card)),
                    Some(card),
                );
            }
            Hook::WhenBlocks { card } => {
                self.reach_own(&mut due, card, T::WhenBlocks);
                self.reach_subs(
                    &mut due,
                    |g, s| matches!(&s.event, SubEvent::Blocks { subject } | SubEvent::AttacksOrBlocks { subject } if g.in_query(subject, card)),
                    Some(card),
                );
            }
            Hook::WhenDestroyed { card, by_opponent } => {
                self.reach_destroyed(&mut due, card, by_opponent);
            }
            // BS-5.3: depletion fires only "when depleted", never "when destroyed".
            Hook::WhenDepleted { card } => self.reach_own(&mut due, card, T::WhenDepleted),
            // BS-4.2 / BS-13.4.
            Hook::WhenRefreshed { card } => self.reach_own(&mut due, card, T::WhenRefreshed),
            Hook::AfterLifeReduced { player } => {
                let field = T::WhenYouLoseLife;
                self.reach_field(
                    &mut due,
                    field.bit(),
                    &|t, p| p == player && t == field,
                    &[],
                );
                self.reach_burst(&mut due, player, T::BurstLifeReduced, &[]);
                self.reach_subs(
                    &mut due,
                    |_, s| {
                        matches!(s.event, SubEvent::LifeReduced { opponent } if (s.controller != player) == opponent)
                    },
                    None,
                );
            }
            Hook::StepStart { player, step } => {
                let from = self.st.scripts.step.replace(step);
                self.step_changed(from, Some(step));
                self.reach_field(
                    &mut due,
                    T::StartOfStep(Whose::Either, step).bit(),
                    &|t, p| matches!(t, T::StartOfStep(w, s) if s == step && whose_ok(w, p, player)),
                    &[],
                );
            }
            Hook::StepEnd { player, step } => {
                self.reach_field(
                    &mut due,
                    T::EndOfStep(Whose::Either, step).bit(),
                    &|t, p| matches!(t, T::EndOfStep(w, s) if s == step && whose_ok(w, p, player)),
                    &[],
                );
                self.resolve_simultaneous(std::mem::take(&mut due));
                if step == StepName::Draw {
                    // BS-3.1: "after your draw", once the step's draw is done.
                    self.reach_subs(
                        &mut due,
                        |_, s| matches!(s.event, SubEvent::DrawStepDrawn) && s.controller == player,
                        None,
                    );
                    self.resolve_simultaneous(std::mem::take(&mut due));
                }
                if step == StepName::End {
                    // BS-7.1: "at the end of this turn".
                    self.reach_field(
                        &mut due,
                        T::EndOfTurn(Whose::Either).bit(),
                        &|t, p| matches!(t, T::EndOfTurn(w) if whose_ok(w, p, player)),
                        &[],
                    );
                    self.reach_subs(
                        &mut due,
                        |_, s| matches!(s.event, SubEvent::EndOfTurn),
                        None,
                    );
                    self.resolve_simultaneous(std::mem::take(&mut due));
                }
                let from = self.st.scripts.step.take();
                self.step_changed(from, None);
            }
            Hook::BattleEnds { attacker, blocker } => {
                self.reach_own(&mut due, attacker, T::WhenBattleEnds);
                if let Some(b) = blocker {
                    self.reach_own(&mut due, b, T::WhenBattleEnds);
                }
                self.reach_subs(
                    &mut due,
                    |_, s| matches!(s.event, SubEvent::BattleEnds),
                    Some(attacker),
                );
                let fought: Vec<InstanceId> = std::iter::once(attacker).chain(blocker).collect();
                self.reach_battle_ended(&mut due, &fought);
            }
            Hook::WhenUsed { card } => {
                self.watch(WatchKind::UsesMagic, Some(card), self.owner(card), 1)
            }
            // A pack event reaches the effects whose label names it, by whose
            // card it is about: this card, or any field card of the side `which` names.
            Hook::PackEvent { name, card } => {
                use super::hooks::Which;
                let owner = self.owner(card);
                let bits = T::OnEvent(name, Which::This).bit();
                self.reach_card(
                    &mut due,
                    card,
                    bits,
                    &|t| t == T::OnEvent(name, Which::This),
                    &[card],
                );
                self.reach_field(
                    &mut due,
                    bits,
                    &|t, p| match t {
                        T::OnEvent(n, w) if n == name => match w {
                            Which::This => false,
                            Which::Yours => p == owner,
                            Which::Opponents => p != owner,
                            Which::Any => true,
                        },
                        _ => false,
                    },
                    &[card],
                );
            }
        }
        // BS-8.1: "does not work" rules, where the hook's effects are collected.
        let timing = match h {
            Hook::WhenAttacks { .. } => Some(Timing::Attacks),
            Hook::WhenBlocks { .. } => Some(Timing::Blocks),
            Hook::WhenDestroyed { .. } => Some(Timing::Destroyed),
            _ => None,
        };
        if let Some(t) = timing {
            self.drop_silenced(&mut due, t);
        }
        self.resolve_simultaneous(due);
    }

    /// Whether `card`, now on the field, last moved there from its owner's trash (a spirit
    /// "summoned from your trash"; only looked for when some script watches it).
    fn came_from_trash(&self, card: InstanceId) -> bool {
        if !self.host.watched.contains(&WatchKind::SummonedFromTrash) {
            return false;
        }
        let owner = self.owner(card);
        (self.st.log.iter().rev())
            .find_map(|e| match e {
                Event::CardMoved { card: c, from, to }
                    if *c == card && matches!(to, Zone::Field(_)) =>
                {
                    Some(*from == Zone::Trash(owner))
                }
                _ => None,
            })
            .unwrap_or(false)
    }

    fn in_query(&self, q: &super::query::Query, card: InstanceId) -> bool {
        q.eval(self).contains(&card)
    }
}
