//! When values derived from the state (constant effects, field symbols, costs) must be
//! read again: after an event that changes the state, and where a part of the
//! state that has no event of its own changes (the step, the battle …: those places call
//! `invalidate_constants`). In strict games a cached read checks that no such part changed
//! since it was computed, so a place that forgets is caught by the tests.

use super::constants::{READS_BATTLE, READS_CORES, READS_EXHAUSTION, READS_PILES, step_bit};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Event, Game, StepName, Zone};

/// The parts of the state constant effects can read that change without an event of their
/// own: turn, turn player, step (BS-1 … BS-7), the battle (BS-6), its join and its
/// ending, and how many stored modifiers, braves, cards destroyed this turn and magics
/// used this battle there are. (The phase is not in it: effects read the step, BS-8.1.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DerivedKey {
    turn: u32,
    active: PlayerId,
    step: Option<StepName>,
    battle: Option<(InstanceId, Option<InstanceId>, bool)>,
    ends: (bool, bool, Option<bool>),
    counts: [u32; 4],
}

impl Event {
    /// Whether this event only records a moment or an outcome: the state change behind it
    /// (if any) has its own event or invalidates the derived values itself, so they stay
    /// valid across it. (`LifeReduced` follows the core moves it counts; `Played` is not
    /// one: "the cost of this card spent a soul core" reads it from the log.)
    pub(crate) fn is_notice(&self) -> bool {
        matches!(
            self,
            Event::Hook(_)
                | Event::LifeReduced { .. }
                | Event::FlashPassed { .. }
                | Event::NotBlocked { .. }
                | Event::EffectStarted { .. }
                | Event::EffectFailed { .. }
                | Event::EffectInert { .. }
                | Event::EffectsUnsupported { .. }
                | Event::LevelChanged { .. }
                | Event::BattleCompared { .. }
                | Event::OrderChosen { .. }
                | Event::LifeKept { .. }
                | Event::DestructionReplaced { .. }
                | Event::HandCardRevealed { .. }
        )
    }
}

impl Game {
    /// What the constants cached now may have read beyond the field (their `reads`,
    /// `constants::reads_named_in`); 0 when none are cached.
    pub(crate) fn cached_reads(&self) -> u8 {
        let main = self.rt.const_cache.borrow().as_ref().map_or(0, |c| c.reads);
        (self.rt.const_cache_summoning.borrow().iter()).fold(main, |r, (_, c)| r | c.reads)
    }

    /// Whether event `e` (not a notice) leaves the derived values valid: the end of a
    /// turn; an attack, a block or a battle's end when no constant cached now reads the
    /// battle; a card moving between piles off the field, or one exhausted or refreshed,
    /// when no constant cached now read that part (field symbols and costs never read it);
    /// a card played
    /// (its moves and payment have their own events) when none read cores (whether its
    /// cost spent a soul core, `soul_core_spent`, reads its `Played` event). A core move
    /// decides for itself (`Game::move_core`).
    pub(crate) fn keeps_derived(&self, e: &Event) -> bool {
        match e {
            Event::Played { .. } => self.cached_reads() & READS_CORES == 0,
            Event::CardMoved { from, to, .. } => {
                !matches!(from, Zone::Field(_))
                    && !matches!(to, Zone::Field(_))
                    && self.cached_reads() & READS_PILES == 0
            }
            Event::Exhausted { .. } | Event::Refreshed { .. } => {
                self.cached_reads() & READS_EXHAUSTION == 0
            }
            // BS-7.1: the turn's "this turn" parts end before it (`end_turn_effects`, which
            // reads again what they changed); the turn player changes with `TurnBegan`.
            Event::TurnEnded { .. } => true,
            // BS-6: the battle's own change has no event (`battle_changed`); the exhaustion
            // and the moves of a declaration have theirs.
            Event::AttackDeclared { .. }
            | Event::BlockDeclared { .. }
            | Event::BattleEnded { .. } => self.cached_reads() & READS_BATTLE == 0,
            _ => false,
        }
    }

    fn derived_key(&self) -> DerivedKey {
        let st = &self.st;
        let s = &st.scripts;
        DerivedKey {
            turn: st.turn,
            active: st.active,
            step: s.step.filter(|&x| self.const_kinds & step_bit(x) != 0),
            battle: st
                .battle
                .as_ref()
                .map(|b| (b.attacker, b.blocker, b.blocked)),
            ends: (
                s.end_battle,
                s.end_attack_step,
                s.battle_join.map(|j| j.active),
            ),
            counts: [
                s.modifiers.len() as u32,
                st.braves.len() as u32,
                s.destroyed_this_turn.len() as u32,
                s.battle_magic.len() as u32,
            ],
        }
    }

    /// The step went from `from` to `to` (it has no event of its own): the derived values
    /// are read again only if the constants of this game read whether the step is one of
    /// them ([`step_bit`]); nothing else derived reads the step.
    pub(crate) fn step_changed(&self, from: Option<StepName>, to: Option<StepName>) {
        let bit = |s: Option<StepName>| s.map_or(0, step_bit);
        if self.const_kinds & (bit(from) | bit(to)) != 0 {
            self.invalidate_constants();
        }
    }

    /// The battle changed (BS-6: declared, blocked, ended; it has no event of its own): the
    /// derived values are read again only if the constants cached now read the battle
    /// ([`READS_BATTLE`]: a script that names it, a "while attacking/blocking" timing);
    /// field symbols and costs do not read it.
    pub(crate) fn battle_changed(&self) {
        if self.cached_reads() & READS_BATTLE != 0 {
            self.invalidate_constants();
        }
    }

    /// In strict games: notes the key the derived values are computed with.
    #[inline]
    pub(crate) fn note_derived(&self) {
        if self.strict {
            self.rt.derived_key.set(Some(self.derived_key()));
        }
    }

    /// In strict games: panics if a part of the state without an event of its own changed
    /// since the cached derived values were computed and nothing invalidated them.
    #[inline(always)]
    pub(crate) fn check_derived(&self) {
        // Called on every read of the cached constants: only strict games pay the call.
        if self.strict {
            self.check_derived_key();
        }
    }

    #[cold]
    #[inline(never)]
    fn check_derived_key(&self) {
        if let Some(mut then) = self.rt.derived_key.get() {
            let now = self.derived_key();
            if self.cached_reads() & READS_BATTLE == 0 {
                // Constants that read no battle stay valid across it (`battle_changed`).
                (then.battle, then.counts[3]) = (now.battle, now.counts[3]);
            }
            assert_eq!(
                then, now,
                "derived values read stale: the state changed without invalidating them"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::PlayerId;
    use crate::rules::battle_spirits::testkit::{
        decision, effect, give_reserve, pass_flashes, put, scenario, scripted_spirit, strict,
        to_p1_main,
    };
    use crate::rules::battle_spirits::{Event, Game, Hook, StepName, Zone};

    const P1: PlayerId = PlayerId(1);

    fn attack_step_bonus() -> carddb::CardDef {
        // BS-8.1: a constant effect of the attack step only.
        scripted_spirit(
            "S-DUR",
            0,
            1000,
            vec![effect(
                "During Your Attack Step",
                "bp_plus(my_spirits(), 1000, \"while\");",
            )],
        )
    }

    #[test]
    fn a_notice_keeps_the_constants_and_an_event_that_changes_the_state_drops_them() {
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        let before = g.constant_mods();
        g.emit(Event::Hook(Hook::WhenAttacks { card: c }));
        assert!(
            std::rc::Rc::ptr_eq(&before, &g.constant_mods()),
            "a hook is a notice"
        );
        g.emit(Event::HeavilyExhausted { card: c });
        assert!(!std::rc::Rc::ptr_eq(&before, &g.constant_mods()));
    }

    /// BS-8.1: +1000 BP to this spirit while 2 or more cores are on it (it reads cores).
    fn reads_cores() -> carddb::CardDef {
        scripted_spirit(
            "S-CORES",
            0,
            1000,
            vec![effect(
                "constant",
                "if len(this_card().cores_at_least(2)) > 0 { bp_plus(this_card(), 1000, \"while\"); }",
            )],
        )
    }

    #[test]
    fn core_moves_draws_and_exhaustions_keep_the_constants_unless_a_level_or_a_read_changes() {
        use crate::rules::battle_spirits::CoreLoc;
        use std::rc::Rc;
        // S-DUR (BS-8.1, attack step only) reads no core, pile or exhaustion.
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        give_reserve(&mut g, P1, 3);
        let before = g.constant_mods();
        let reserve_core = |g: &Game| g.core_at(CoreLoc::Reserve(P1), false).unwrap();
        g.move_core(reserve_core(&g), Some(CoreLoc::Trash(P1)));
        assert!(Rc::ptr_eq(&before, &g.constant_mods()), "no level changed");
        // BS-5.1: 2 cores on S-DUR keep it at LV1 (LV2 from 3 cores).
        g.move_core(reserve_core(&g), Some(CoreLoc::Card(c)));
        assert_eq!(g.level(c), Some(1));
        assert!(Rc::ptr_eq(&before, &g.constant_mods()), "still LV1");
        let top = *g.pile(Zone::Deck(P1)).last().unwrap();
        g.move_card(top, Zone::Hand(P1));
        g.set_exhausted(c, true);
        assert!(
            Rc::ptr_eq(&before, &g.constant_mods()),
            "a draw, an exhaustion"
        );
        // The third core: LV2, so level-bound effects may start or stop (BS-5.1).
        g.move_core(reserve_core(&g), Some(CoreLoc::Card(c)));
        assert_eq!(g.level(c), Some(2));
        assert!(!Rc::ptr_eq(&before, &g.constant_mods()), "a level changed");

        // S-CORES reads cores: any core move reads it again, and it gives what it should.
        let mut g = strict(scenario(vec![reads_cores()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-CORES", Zone::Field(P1), 1);
        give_reserve(&mut g, P1, 3);
        assert_eq!(g.bp(c), 1000);
        let before = g.constant_mods();
        g.move_core(reserve_core(&g), Some(CoreLoc::Trash(P1)));
        assert!(
            !Rc::ptr_eq(&before, &g.constant_mods()),
            "a running read of cores"
        );
        g.move_core(reserve_core(&g), Some(CoreLoc::Card(c)));
        assert_eq!((g.level(c), g.bp(c)), (Some(1), 2000), "2 cores: +1000 BP");
    }

    #[test]
    fn a_scripts_source_names_what_it_reads_beyond_the_field() {
        use crate::rules::battle_spirits::script::source_reads::{
            READS_BATTLE, READS_CORES, READS_EXHAUSTION, READS_PILES, reads_named_in,
        };
        assert_eq!(reads_named_in("bp_plus(my_spirits(), 1000, \"while\");"), 0);
        assert_eq!(
            reads_named_in("if this_card().has_soul_core_now() { }"),
            READS_CORES
        );
        assert_eq!(reads_named_in("opponent_life() <= 2"), READS_CORES);
        assert_eq!(
            reads_named_in("hand_size() > 3 && len(my_spirits().exhausted()) > 0"),
            READS_PILES | READS_EXHAUSTION
        );
        // A watched event is not a read: its watcher runs when the life is lost.
        assert_eq!(
            reads_named_in("when(ev_opponent_loses_life(), \"while\", || { });"),
            0
        );
        assert_eq!(reads_named_in("import \"conditions\" as c;"), u8::MAX);
        // Comments and string literals call nothing: the card text a script quotes
        // ("… reducing its cores to zero") reads no core; block comments nest (rhai).
        assert_eq!(
            reads_named_in(
                "// its cores to zero\n/* a /* nested */ hand */ inert(\"the \\\"life\\\" core\");"
            ),
            0
        );
        assert_eq!(
            reads_named_in("/* hand */ let n = life(); // deck"),
            READS_CORES
        );
        // A character literal and a backtick string are no string or comment to blank.
        assert_eq!(
            reads_named_in("let q = '\"'; if life() < 3 { }"),
            READS_CORES
        );
        assert_eq!(
            reads_named_in("let t = `see http://x ${hand_size()}`; if reserve() > 2 { }"),
            READS_CORES | READS_PILES
        );
        // The magics used this battle are those still in the trash.
        assert_eq!(
            reads_named_in("magic_used_this_battle()"),
            READS_PILES | READS_BATTLE
        );
        // BS-6: the attacking and blocking spirits.
        assert_eq!(
            reads_named_in("bp_plus(attacking_spirit(), 1000, \"while\");"),
            READS_BATTLE
        );
        assert_eq!(
            reads_named_in("len(my_spirits().blocking()) > 0"),
            READS_BATTLE
        );
        assert_eq!(reads_named_in("let f = Fn (\"life\");"), u8::MAX);
    }

    /// An effect whose text is not understood: inert whatever the state (its quoted text
    /// names cores and the hand).
    fn inert_constant() -> carddb::CardDef {
        scripted_spirit(
            "S-INERT",
            0,
            1000,
            vec![effect(
                "constant",
                "inert(\"card text not fully understood\");\nreturn;\n// soul core, hand",
            )],
        )
    }

    #[test]
    fn an_inert_constant_reads_nothing_and_a_card_played_keeps_constants_that_read_no_core() {
        use crate::rules::battle_spirits::{CoreLoc, PlayKind};
        use std::rc::Rc;
        let mut g = strict(scenario(vec![inert_constant(), reads_cores()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-INERT", Zone::Field(P1), 1);
        give_reserve(&mut g, P1, 3);
        let before = g.constant_mods();
        assert_eq!(before.failed.len(), 1, "inert, reported once");
        assert_eq!(g.cached_reads(), 0);
        let core = g.core_at(CoreLoc::Reserve(P1), false).unwrap();
        g.move_core(core, Some(CoreLoc::Trash(P1)));
        let played = |card| Event::Played {
            player: P1,
            card,
            kind: PlayKind::Summon,
            cost: 0,
            reduction: 0,
            paid: 0,
            from: vec![],
            cores: 1,
            level: Some(1),
            bp: Some(1000),
        };
        g.emit(played(c));
        assert!(
            Rc::ptr_eq(&before, &g.constant_mods()),
            "nothing read cores"
        );
        // S-CORES reads cores, so whether a cost spent a soul core may matter (BS-5.2).
        let d = put(&mut g, P1, "S-CORES", Zone::Field(P1), 1);
        let before = g.constant_mods();
        g.emit(played(d));
        assert!(!Rc::ptr_eq(&before, &g.constant_mods()));
    }

    #[test]
    fn a_scripts_source_names_the_kinds_of_modifier_it_may_give() {
        use crate::rules::battle_spirits::script::source_reads::{
            BP_MODS, KEYWORD_MODS, LEVEL_MODS, STEP_READ, kinds_named_in, kinds_of, step_bit,
        };
        use crate::rules::battle_spirits::script::{Trigger, Whose};
        assert_eq!(
            kinds_named_in("bp_plus(my_spirits(), 1000, \"while\");"),
            BP_MODS
        );
        assert_eq!(
            kinds_named_in(
                "treat_as_level(this_card(), 3, \"while\"); \
                 gain_keyword(this_card(), \"Confront\", \"\", \"while\");"
            ),
            LEVEL_MODS | KEYWORD_MODS
        );
        assert_eq!(kinds_named_in("draw(1);"), 0);
        assert_eq!(
            kinds_named_in("// bp_plus in a comment\nlet k = \"gain_keyword\";"),
            0
        );
        // A name made at run time may be any function.
        assert_eq!(kinds_named_in("let f = Fn(\"bp_\" + \"plus\");"), u16::MAX);
        assert_eq!(kinds_named_in("let f = Fn (\"bp_plus\");"), u16::MAX);
        assert_eq!(
            kinds_named_in("let q = '\"'; bp_plus(this_card(), 1000, \"while\");"),
            BP_MODS
        );
        assert_eq!(
            kinds_named_in("if is_step(\"your\", \"main\") {}"),
            STEP_READ
        );
        // BS-8.1: "During Your Attack Step" reads whether the step is the attack step.
        let attack = [Trigger::DuringStep(Whose::Your, StepName::Attack)];
        assert_eq!(kinds_of(&attack, "draw(1);"), step_bit(StepName::Attack));
    }

    #[test]
    fn a_step_no_constant_reads_keeps_the_constants_and_the_one_it_reads_drops_them() {
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        let before = g.constant_mods();
        // The main step ends and the end step begins: S-DUR reads only the attack step.
        let from = g.st.scripts.step.replace(StepName::End);
        g.step_changed(from, Some(StepName::End));
        assert!(
            std::rc::Rc::ptr_eq(&before, &g.constant_mods()),
            "no constant of this game reads the main or the end step"
        );
        assert_eq!(g.bp(c), 1000, "BS-8.1: no bonus outside the attack step");
        let from = g.st.scripts.step.replace(StepName::Attack);
        g.step_changed(from, Some(StepName::Attack));
        assert_eq!(g.bp(c), 2000, "BS-8.1: +1000 during the attack step");
    }

    /// BS-6.1, BS-6.7, BS-8.1, played in strict games (which compare every cached read with
    /// a fresh one): an attack declared and its battle ended keep the constants when none
    /// reads the battle; a "while this spirit attacks" bonus reads it, applies during the
    /// battle only, and the constants are read again at each change.
    #[test]
    fn a_battle_keeps_the_constants_that_do_not_read_it() {
        use crate::rules::battle_spirits::script::source_reads::READS_BATTLE;
        use crate::rules::battle_spirits::{Choice, DecisionKind};
        use std::rc::Rc;
        let field = scripted_spirit(
            "S-FIELD",
            0,
            2000,
            vec![effect("constant", "bp_plus(my_spirits(), 500, \"while\");")],
        );
        let striker = scripted_spirit(
            "S-STRIKE",
            0,
            1000,
            vec![effect(
                "while_attacking",
                "bp_plus(this_card(), 2000, \"while\");",
            )],
        );
        let attack = |g: &mut Game, a| {
            g.answer(Choice::EndMain).unwrap();
            assert_eq!(decision(g).kind, DecisionKind::AttackOrEnd);
            g.answer(Choice::Attack { attacker: a }).unwrap();
        };
        // S-FIELD alone: nothing reads the battle.
        let mut g = strict(scenario(vec![field.clone(), striker.clone()], 3));
        to_p1_main(&mut g);
        let f = put(&mut g, P1, "S-FIELD", Zone::Field(P1), 1);
        let before = g.constant_mods();
        assert_eq!(g.cached_reads() & READS_BATTLE, 0);
        attack(&mut g, f);
        assert_eq!(g.battle_cards(), Some((f, None)));
        assert!(Rc::ptr_eq(&before, &g.constant_mods()), "kept");
        assert_eq!(g.bp(f), 2500);
        // With S-STRIKE on the field its timing reads the battle, attacking or not.
        let mut g = strict(scenario(vec![field, striker], 3));
        to_p1_main(&mut g);
        let f = put(&mut g, P1, "S-FIELD", Zone::Field(P1), 1);
        let s = put(&mut g, P1, "S-STRIKE", Zone::Field(P1), 1);
        assert_eq!((g.bp(f), g.bp(s)), (2500, 1500));
        assert_ne!(g.cached_reads() & READS_BATTLE, 0);
        attack(&mut g, s);
        assert_eq!(
            (g.bp(f), g.bp(s)),
            (2500, 3500),
            "BS-8.1: +2000 while attacking"
        );
        pass_flashes(&mut g);
        if decision(&mut g).kind == DecisionKind::BlockOrNot {
            g.answer(Choice::NoBlock).unwrap();
        }
        pass_flashes(&mut g);
        assert_eq!(g.battle_cards(), None, "BS-6.7: the battle ended");
        assert_eq!(g.bp(s), 1500, "no bonus after the battle");
    }

    /// BS-6.3, BS-8.1: a keyword printed with a battle timing ("While This Spirit
    /// Attacks: Confront") holds during that battle, so the constants read the battle
    /// (`READS_BATTLE`) and the attack reads them again: the defender must block (the
    /// keyword's modifier, `must_be_blocked`).
    #[test]
    fn a_keyword_printed_with_a_battle_timing_holds_once_the_attack_is_declared() {
        use crate::rules::battle_spirits::script::source_reads::READS_BATTLE;
        use crate::rules::battle_spirits::script::state::ModKind;
        use crate::rules::battle_spirits::testkit::saga_scenario;
        use crate::rules::battle_spirits::{Choice, DecisionKind};
        let mut striker = scripted_spirit("S-CONFRONT", 0, 3000, vec![]);
        striker.keywords = vec![carddb::Keyword {
            name: "confront".into(),
            value: None,
            levels: vec![],
            timing: Some("While This Spirit Attacks".into()),
            steps: vec![],
        }];
        let guard = scripted_spirit("S-GUARD", 0, 1000, vec![]);
        let mut g = strict(saga_scenario(vec![striker, guard], 3));
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "S-CONFRONT", Zone::Field(P1), 1);
        put(&mut g, PlayerId(0), "S-GUARD", Zone::Field(PlayerId(0)), 1);
        assert!(
            !g.mods_of(a).contains(&ModKind::MustBeBlocked),
            "not attacking"
        );
        assert_ne!(g.cached_reads() & READS_BATTLE, 0);
        g.answer(Choice::EndMain).unwrap();
        g.answer(Choice::Attack { attacker: a }).unwrap();
        assert!(g.mods_of(a).contains(&ModKind::MustBeBlocked), "attacking");
        pass_flashes(&mut g);
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::BlockOrNot);
        assert!(
            !r.is_legal(&Choice::NoBlock),
            "Confront: S-GUARD must block"
        );
    }

    #[test]
    #[should_panic(expected = "constants read stale")]
    fn constants_that_a_change_without_an_event_leaves_stale_are_caught_in_strict_games() {
        // BS-8.1: +1000 BP while 2 or more cores are on this spirit.
        let def = scripted_spirit(
            "S-CORES",
            0,
            1000,
            vec![effect(
                "constant",
                "if len(this_card().cores_at_least(2)) > 0 { bp_plus(this_card(), 1000, \"while\"); }",
            )],
        );
        let mut g = strict(scenario(vec![def], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-CORES", Zone::Field(P1), 1);
        assert_eq!(g.bp_delta(c), 0);
        assert!(g.constant_mods().failed.is_empty());
        // A core written onto the card without its event (a bug on purpose).
        let core = g.core_at(crate::rules::battle_spirits::CoreLoc::Reserve(P1), false);
        g.st.cores.move_to(
            core.expect("a reserve core"),
            Some(crate::rules::battle_spirits::CoreLoc::Card(c)),
        );
        g.bp_delta(c);
    }

    #[test]
    #[should_panic(expected = "derived values read stale")]
    fn a_step_change_that_forgets_to_invalidate_is_caught_in_strict_games() {
        let mut g = strict(scenario(vec![attack_step_bonus()], 3));
        to_p1_main(&mut g);
        let c = put(&mut g, P1, "S-DUR", Zone::Field(P1), 1);
        assert_eq!(g.bp(c), 1000, "main step: no bonus");
        // BS-8.1: the attack step begins; this write does not invalidate (a bug on purpose).
        g.st.scripts.step = Some(StepName::Attack);
        g.bp(c);
    }
}
