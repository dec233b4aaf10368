//! Constant effects (BS-8.1), evaluated when read and cached until the state changes
//! (`derived`), and the ends of "this turn" / "this battle" modifiers (BS-7.1, BS-6.7).

use std::rc::Rc;

use super::ctx::{self, RunCtx};
use super::hooks::Trigger;
use super::memo::RunKey;
use super::run::{constant_error, whose_ok};
use super::state::{ModKind, OwnCount, SubTrigger, Until};
use carddb::keyword::EffectZone;

use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::{Event, Game};

/// What the constant effects that apply now give (BS-8.1): modifiers (card, modifier)
/// and standing watchers (their `when(…)` calls).
#[derive(Debug, Default)]
pub(crate) struct Constants {
    pub mods: Vec<(InstanceId, ModKind)>,
    pub watchers: Vec<SubTrigger>,
    /// Effects that could not be evaluated: (card, effect, reason), reported once.
    pub failed: Vec<(InstanceId, u32, Option<u32>, String, bool)>,
    /// Where the effects that read `while_summoning` put their modifiers in `mods`
    /// (`script::summoning`): (controller, card, effect, start, end, clean), `clean` when
    /// the run gave no watcher and no failure.
    pub summoning_spans: Vec<(PlayerId, InstanceId, u32, usize, usize, bool)>,
    /// The [`kind_bits`] of `mods`, set when they are complete ([`Constants::sealed`]).
    pub kinds: u16,
    /// What the scripts that ran may have read beyond the field ([`reads_named_in`]): an
    /// event that changes only such a part keeps these constants when none read it.
    pub reads: u8,
}

pub(crate) use super::source_reads::{
    BP_MODS, COST_MODS, KEYWORD_MODS, LEVEL_MODS, READS_BATTLE, READS_CORES, READS_EXHAUSTION,
    READS_PILES, SYMBOL_MODS, kinds_of, reads_named_in, step_bit,
};

/// Which of the kinds queries skip when none is in force `k` is.
pub(crate) fn kind_bits(k: &ModKind) -> u16 {
    match k {
        ModKind::Level(_) | ModKind::HighestLevel => LEVEL_MODS,
        ModKind::SymbolsAs(..) | ModKind::GainSymbols(..) | ModKind::SymbolColoursAlso(_) => {
            SYMBOL_MODS
        }
        ModKind::Keyword(..) => KEYWORD_MODS,
        ModKind::Bp(_) | ModKind::BpPer(..) | ModKind::BpPerOwn(..) | ModKind::LevelBpAs { .. } => {
            BP_MODS
        }
        ModKind::CostAs(_)
        | ModKind::CostReduced(_)
        | ModKind::GainReduction(..)
        | ModKind::SymbolsFrom(_)
        | ModKind::ReductionFulfilled => COST_MODS,
        _ => 0,
    }
}

impl Constants {
    /// These constants with their modifiers' kinds noted, ready to share.
    pub(crate) fn sealed(mut self) -> ConstMods {
        self.kinds = self.mods.iter().fold(0, |b, (_, k)| b | kind_bits(k));
        Rc::new(self)
    }
}

/// The modifiers on one card now ([`Game::mods_of`]): stored ones, then constant ones, in
/// the order they were given.
pub(crate) struct ModsOf<'a> {
    card: InstanceId,
    game: &'a Game,
    /// The constants, computed when first needed.
    constant: std::cell::OnceCell<Option<ConstMods>>,
}

impl ModsOf<'_> {
    fn constant(&self) -> Option<&ConstMods> {
        let g = self.game;
        (self.constant)
            .get_or_init(|| g.host.has_constant.then(|| g.constant_mods()))
            .as_ref()
    }

    /// Each modifier, stored ones first.
    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = &ModKind> {
        let c = self.card;
        let constant = self.constant().map_or(&[][..], |k| &k.mods[..]);
        (self.game.st.scripts.modifiers.iter())
            .filter(move |m| m.card == c)
            .map(|m| &m.kind)
            .chain(
                constant
                    .iter()
                    .filter(move |(x, _)| *x == c)
                    .map(|(_, k)| k),
            )
    }

    /// Whether `kind` is one of them.
    pub(crate) fn contains(&self, kind: &ModKind) -> bool {
        self.iter().any(|m| m == kind)
    }

    /// Whether one of them may be of the kinds `bits` ([`LEVEL_MODS`], [`SYMBOL_MODS`],
    /// [`BP_MODS`] …): false lets a query skip reading them. The constants are computed
    /// only when a card of the game has a constant effect that may give such a kind.
    pub(crate) fn may_have(&self, bits: u16) -> bool {
        let c = self.card;
        (self.game.st.scripts.modifiers.iter())
            .any(|m| m.card == c && kind_bits(&m.kind) & bits != 0)
            || (self.game.const_kinds & bits != 0
                && self.constant().is_some_and(|k| k.kinds & bits != 0))
    }
}

/// The constants in force, shared until the next event.
pub(crate) type ConstMods = Rc<Constants>;

impl Game {
    /// BS-7.1 (and BS-8.3): at the end of the turn, "this turn" modifiers, once-per-turn
    /// marks and sub-triggers end.
    /// A spirit a "this turn" bonus kept above 0 BP is then destroyed (BS-5.3.1), still in
    /// this turn.
    pub(crate) fn end_turn_effects(&mut self) {
        let s = &mut self.st.scripts;
        let before = s.modifiers.len();
        // BS-4.2: a "skip the next refresh" mark waits for that refresh step.
        s.modifiers
            .retain(|m| m.until == Until::While || m.kind == ModKind::SkipNextRefresh);
        // The constants are read again only if one of these parts changed.
        let changed = s.modifiers.len() != before
            || !(s.once.is_empty() && s.subs.is_empty() && s.activated.is_empty())
            || s.end_battle
            || s.end_attack_step;
        s.once.clear();
        s.ascended.clear();
        s.subs.clear();
        s.activated.clear();
        s.end_battle = false;
        s.end_attack_step = false;
        if changed {
            self.invalidate_constants(); // no event of its own (`derived`)
        }
        self.check_zero_bp();
        let s = &mut self.st.scripts;
        if !s.destroyed_this_turn.is_empty() {
            s.destroyed_this_turn.clear();
            self.invalidate_constants(); // no event of its own (`derived`)
        }
    }

    /// BS-6.7: "this battle" modifiers and watchers end; a spirit a battle bonus kept above
    /// 0 BP is then destroyed (BS-5.3.1).
    pub(crate) fn end_battle_effects(&mut self) {
        let s = &mut self.st.scripts;
        let before = (s.modifiers.len(), s.subs.len());
        s.modifiers.retain(|m| m.until != Until::Battle);
        s.subs.retain(|w| w.until != Until::Battle);
        if before != (s.modifiers.len(), s.subs.len()) {
            self.invalidate_constants(); // no event of its own (`derived`)
        }
        self.check_zero_bp();
    }

    /// BS-4.2 exception (ruling C#183): whether an effect keeps `c` exhausted through this
    /// refresh step; the mark is used up (later refresh steps refresh it).
    pub(crate) fn take_skip_refresh(&mut self, c: InstanceId) -> bool {
        let s = &mut self.st.scripts;
        let before = s.modifiers.len();
        s.modifiers
            .retain(|m| !(m.card == c && m.kind == ModKind::SkipNextRefresh));
        let skip = s.modifiers.len() != before;
        if skip {
            self.invalidate_constants(); // no event of its own (`derived`)
        }
        skip
    }

    /// A card leaving the field loses its modifiers.
    pub(crate) fn forget_card(&mut self, c: InstanceId) {
        // A player rule it gave lasts its duration wherever the card goes (BS-5.2, BS-2.1).
        self.st.scripts.modifiers.retain(|m| {
            m.card != c
                || matches!(
                    m.kind,
                    ModKind::PaidCost { .. } | ModKind::CoreStepCores { .. }
                )
        });
        self.invalidate_constants(); // no event of its own (`derived`)
    }

    // ---- constant effects (BS-8.1), evaluated when read --------------------------------

    /// Forgets what is derived from the state (constants, field symbols, costs): after an
    /// event that is not a notice, or a change without an event of its own (`derived`).
    pub(crate) fn invalidate_constants(&self) {
        *self.rt.const_cache.borrow_mut() = None;
        self.rt.const_cache_summoning.borrow_mut().clear();
        *self.rt.symbols_cache.borrow_mut() = [None, None];
        self.rt.quote_cache.borrow_mut().clear();
    }

    /// What every constant effect that applies now gives (cached until the next event that
    /// is not a notice, or a change of `check_derived`'s key):
    /// modifiers and standing watchers. An effect that cannot be evaluated is noted in
    /// `failed` and reported once (`report_constants`).
    pub(crate) fn constant_mods(&self) -> ConstMods {
        if !self.host.has_constant || self.rt.computing_const.get() {
            return self.rt.no_constants.clone();
        }
        let summoning = self.rt.summoning.get();
        match summoning {
            None => {
                let cached = self.rt.const_cache.borrow().clone();
                if let Some(c) = cached {
                    self.check_derived();
                    if self.strict {
                        self.check_fresh(&c);
                    }
                    return c;
                }
            }
            Some(s) => {
                let cache = self.rt.const_cache_summoning.borrow();
                if let Some((_, c)) = cache.iter().find(|(x, _)| *x == s) {
                    self.check_derived();
                    return c.clone();
                }
            }
        }
        self.note_derived();
        if let Some(s) = summoning
            && let Some(c) = self.constants_while_summoning(s)
        {
            self.rt
                .const_cache_summoning
                .borrow_mut()
                .push((s, c.clone()));
            return c;
        }
        let out = self.compute_constants();
        match summoning {
            None => *self.rt.const_cache.borrow_mut() = Some(out.clone()),
            Some(s) => self
                .rt
                .const_cache_summoning
                .borrow_mut()
                .push((s, out.clone())),
        }
        out
    }

    /// In strict games: panics if the cached constants differ from what they are now, so
    /// a change that should have invalidated them and did not is caught by the tests
    /// (`derived`, `step_changed`).
    fn check_fresh(&self, cached: &Constants) {
        let now = self.compute_constants();
        assert!(
            now.mods == cached.mods && now.failed == cached.failed,
            "constants read stale: cached {:?}, now {:?}",
            cached.mods,
            now.mods
        );
    }

    /// Evaluates every constant effect that applies now (BS-8.1), uncached.
    fn compute_constants(&self) -> ConstMods {
        self.rt.computing_const.set(true);
        let mut out = Constants::default();
        let a = self.st.active;
        let battle = self.battle_cards();
        let field = |p: PlayerId| self.pile(crate::rules::battle_spirits::Zone::Field(p));
        for p in [a, a.other()] {
            for &c in field(p) {
                let Some(effs) = self.constants_of_instance(c) else {
                    continue;
                };
                // BS-9.2: a braved brave's effects are its host's.
                let braved = self.is_braved_brave(c);
                for (i, e) in effs.iter().enumerate() {
                    let constant = e.triggers.iter().any(|t| t.is_constant());
                    if constant && self.brave_form_ok(c, i, braved, &e.triggers) {
                        let before = (out.mods.len(), out.watchers.len(), out.failed.len());
                        self.apply_constant(p, c, i as u32, e, &battle, &mut out);
                        if e.reads_summoning {
                            let clean =
                                (out.watchers.len(), out.failed.len()) == (before.1, before.2);
                            let span = (p, c, i as u32, before.0, out.mods.len(), clean);
                            out.summoning_spans.push(span);
                        }
                    }
                }
            }
        }
        // BS-5.2: while a card is paid, its own effects that read its cost being paid.
        if let Some(s) = self.rt.summoning.get() {
            self.apply_paid_card(s, &battle, &mut out);
        }
        // A printed keyword may hold only at its timing, a battle's among them
        // (`printed_timing_holds`): then the constants read the battle.
        let timed = |c: &InstanceId| self.def_of(*c).keywords.iter().any(|k| k.timing.is_some());
        if self.host.keywords.any_constant
            && [a, a.other()].iter().any(|&p| field(p).iter().any(timed))
        {
            out.reads |= READS_BATTLE;
        }
        // Keywords' constant effects, for the keywords printed or gained now,
        // including those the constants above give.
        let holders: Vec<(PlayerId, InstanceId)> = if self.host.keywords.any_constant {
            ([a, a.other()].into_iter())
                .flat_map(|p| field(p).iter().map(move |&c| (p, c)))
                .filter(|&(_, c)| self.may_hold_keyword(c, &out.mods, false, |k| k.field_constant))
                .collect()
        } else {
            Vec::new()
        };
        if !holders.is_empty() {
            // BS-8.1: a keyword gained from a constant has its values (a protection's colours)
            // added to the printed one's while its own effect is evaluated.
            *self.rt.const_gained.borrow_mut() = out.mods.clone();
            let mods = self.rt.const_gained.borrow();
            for (p, c) in holders {
                for h in self.held_keywords(c, &mods) {
                    let kw = &self.host.keywords.list[h.index];
                    for (j, e) in kw.effects.iter().enumerate() {
                        if kw.zones[j] == EffectZone::Field {
                            let n = super::keywords::effect_number(h.index, j);
                            self.apply_constant(p, c, n, e, &battle, &mut out);
                        }
                    }
                }
            }
        }
        self.rt.const_gained.borrow_mut().clear();
        self.rt.computing_const.set(false);
        let out = out.sealed();
        if self.strict {
            // The static reading of the scripts must cover what they gave (`kinds_named_in`).
            assert!(
                out.kinds & !self.const_kinds == 0,
                "constants gave modifier kinds {:#x} that the game's kinds {:#x} miss",
                out.kinds,
                self.const_kinds
            );
        }
        out
    }

    /// Evaluates constant effect `i` of `c` (controlled by `p`) into `out` if it applies
    /// now: its timing (BS-8.1), its levels, or [While OC] (BS-13.3).
    pub(super) fn apply_constant(
        &self,
        p: PlayerId,
        c: InstanceId,
        i: u32,
        e: &super::host::CompiledEffect,
        battle: &Option<(InstanceId, Option<InstanceId>)>,
        out: &mut Constants,
    ) {
        let a = self.st.active;
        let unit = self.unit_of(c);
        // Whether it applies reads the battle, whether it does now or not (`battle_changed`).
        if (e.triggers.iter())
            .any(|t| matches!(t, Trigger::WhileAttacking | Trigger::WhileBlocking))
        {
            out.reads |= READS_BATTLE;
        }
        let applies = e.triggers.iter().any(|t| match *t {
            Trigger::Constant => true,
            Trigger::WhileAttacking => battle.is_some_and(|(x, _)| x == unit),
            Trigger::WhileBlocking => battle.is_some_and(|(_, b)| b == Some(unit)),
            Trigger::DuringStep(w, s) => self.st.scripts.step == Some(s) && whose_ok(w, p, a),
            Trigger::DuringTurn(w) => whose_ok(w, p, a),
            _ => false,
        });
        // BS-13.3: [While OC] effects work while in OC, whatever the level.
        let oc = e.triggers.contains(&Trigger::WhileOverCount) && self.in_over_count(c);
        if !oc && (!applies || !self.level_ok(c, &e.levels)) {
            return;
        }
        let ast = match (&e.script, &e.inert) {
            (Ok(_), Some(reason)) | (Err(reason), _) => {
                // The run's outcome is known whatever the state: `inert(reason)` (reported
                // once), and nothing is read.
                out.failed.push((c, i, None, reason.clone(), true));
                return;
            }
            (Ok(ast), None) => ast,
        };
        out.reads |= e.reads;
        let key = RunKey {
            card: c,
            this: unit,
            controller: p,
            effect: i,
            script: std::ptr::from_ref(e) as usize,
        };
        // A run remembered (`memo`) is not run again, except in strict games,
        // which check it; not while a cost is read (`while_summoning`) or runs are counted.
        let memo = (self.rt.summoning.get().is_none() && self.rt.const_seen.is_none())
            .then_some(&self.rt.const_memo);
        let remembered = memo.and_then(|m| m.find(&key));
        if let Some(r) = &remembered
            && !self.strict
        {
            if !standing_fit(out, c, i, r.watchers.len()) {
                return;
            }
            out.mods.extend_from_slice(&r.mods);
            out.watchers.extend_from_slice(&r.watchers);
            return;
        }
        let mut rc = RunCtx::new(c, i, p);
        rc.this = unit;
        let rc = Rc::new(rc);
        let r = {
            let _g = ctx::enter_ref(self, rc.clone());
            super::warm::run_warm(&self.host.engine, ast, &e.calls)
        };
        self.note_constant(c, i, &r, rc.collected.borrow().len());
        if let Err(e) = r {
            assert!(
                remembered.is_none(),
                "a remembered constant run failed: {e}"
            );
            match constant_error(&e) {
                // `inert(…)` / an unsupported call: nothing applies (reported).
                Some(reason) => out.failed.push((c, i, None, reason, true)),
                None => {
                    let line = e.position().line().map(|l| l as u32);
                    out.failed.push((c, i, line, e.to_string(), false));
                }
            }
            return;
        }
        let (mods, watchers) = (rc.collected.borrow(), rc.watchers.borrow());
        if let Some(r) = &remembered {
            // Strict games: what was remembered is what a run gives now.
            assert!(
                r.mods == *mods && r.watchers == *watchers,
                "constant run of {c} effect {i} remembered stale: {:?}, now {:?}",
                (&r.mods, &r.watchers),
                (&*mods, &*watchers)
            );
        } else if let Some(m) = memo {
            m.keep(key, rc.reads.get(), &mods, &watchers);
        }
        if !standing_fit(out, c, i, watchers.len()) {
            return;
        }
        out.mods.extend_from_slice(&mods);
        out.watchers.extend_from_slice(&watchers);
    }

    /// Logs, once per game each, the constant effects that could not apply: `EffectInert`
    /// (not understood, unsupported) or `EffectFailed` (a script error; panics in
    /// strict-scripts mode). Called where the game may change (`Game::fire`, each step).
    pub(crate) fn report_constants(&mut self) {
        if !self.host.has_constant {
            return;
        }
        let consts = self.constant_mods();
        self.report_failed(&consts, None);
    }

    /// BS-5.2: as [`Game::report_constants`], for the own effects of `card` that read its
    /// cost being paid (they run only then, from the hand): called as its payment starts.
    pub(crate) fn report_paid_card(&mut self, card: InstanceId) {
        if !self.host.has_constant || !self.paid_card_reads(card) {
            return;
        }
        let before = self.rt.summoning.replace(Some(card));
        let consts = self.constant_mods();
        self.rt.summoning.set(before);
        self.report_failed(&consts, Some(card));
    }

    /// Reports the failures of `consts` (only those of `only`, when given), once each.
    fn report_failed(&mut self, consts: &Constants, only: Option<InstanceId>) {
        for (card, effect, line, reason, inert) in &consts.failed {
            if only.is_some_and(|c| c != *card) {
                continue;
            }
            if !self.st.scripts.constant_reported.insert((*card, *effect)) {
                continue;
            }
            if *inert {
                self.emit(Event::EffectInert {
                    card: *card,
                    effect: *effect,
                    reason: reason.clone(),
                });
            } else {
                self.effect_failed(*card, *effect, *line, reason.clone());
            }
        }
    }

    /// Every modifier on `c` now: stored ones and constant ones (read in place).
    pub(crate) fn mods_of(&self, c: InstanceId) -> ModsOf<'_> {
        ModsOf {
            card: c,
            game: self,
            constant: std::cell::OnceCell::new(),
        }
    }

    /// BP change from modifiers.
    pub(crate) fn bp_delta(&self, c: InstanceId) -> i64 {
        let mods = self.mods_of(c);
        if !mods.may_have(BP_MODS) {
            return 0;
        }
        mods.iter()
            .map(|m| match m {
                ModKind::Bp(n) => *n,
                ModKind::BpPer(n, q) => n * self.count_for_bp(q),
                ModKind::BpPerOwn(n, OwnCount::Symbols) => n * i64::from(self.symbols_of(c)),
                ModKind::BpPerOwn(n, OwnCount::Cores) => n * i64::from(self.cores_on(c)),
                _ => 0,
            })
            .sum()
    }

    /// The BP `c`'s level table reads at `level` as a modifier says (`LevelBpAs`, the last
    /// given), if any (BS-5.1).
    pub(crate) fn level_bp_as(&self, c: InstanceId, level: u8) -> Option<u32> {
        let mods = self.mods_of(c);
        if !mods.may_have(BP_MODS) {
            return None;
        }
        mods.iter()
            .filter_map(|m| match m {
                ModKind::LevelBpAs { level: l, bp } if *l == level => Some(*bp),
                _ => None,
            })
            .next_back()
    }

    /// How many cards `q` matches for a BP read; 0 inside another such count, so a query
    /// that reads BP never loops.
    fn count_for_bp(&self, q: &super::query::Query) -> i64 {
        thread_local!(static COUNTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
        if COUNTING.with(|c| c.replace(true)) {
            return 0;
        }
        let n = q.eval(self).len() as i64;
        COUNTING.with(|c| c.set(false));
        n
    }

    /// Whether a modifier forbids `c` to attack (or block).
    pub(crate) fn forbidden(&self, c: InstanceId, kind: &ModKind) -> bool {
        self.mods_of(c).contains(kind)
    }
}

/// Whether `n` more standing watchers keep all of them within
/// [`MAX_WATCHERS`](super::api::MAX_WATCHERS); if not, effect `i` of `c` fails whole (none
/// of its modifiers or watchers apply) with the reason.
fn standing_fit(out: &mut Constants, c: InstanceId, i: u32, n: usize) -> bool {
    if out.watchers.len() + n <= super::api::MAX_WATCHERS {
        return true;
    }
    let reason = super::api::too_many_watchers_reason();
    out.failed.push((c, i, None, reason, false));
    false
}
