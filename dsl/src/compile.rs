//! Compiler from the effect AST to readable **rhai** source that calls the flat script API
//! (documented in `dsl/SCRIPT_API_USED.md`). Every effect the engine runs is a rhai script at
//! its hook (DESIGN principle 4); an effect whose text did not fully parse compiles to a script
//! that only reports itself as inert, with the understood part kept as comments for an author.

use std::cell::Cell;
use std::fmt::Write;

use crate::ast::*;

/// Name of the hook an effect is registered at (`when_summoned`, `during_your_attack_step`).
pub fn hook_name(t: Option<&Timing>) -> String {
    let Some(t) = t else {
        return "constant".into();
    };
    match t {
        Timing::WhenSummoned => "when_summoned".into(),
        Timing::WhenDeployed => "when_deployed".into(),
        Timing::WhenAttacks => "when_attacks".into(),
        Timing::WhenBlocks => "when_blocks".into(),
        Timing::WhenAttacksOrBlocks => "when_attacks_or_blocks".into(),
        Timing::WhileAttacking => "while_attacking".into(),
        Timing::WhileBlocking => "while_blocking".into(),
        Timing::WhileAttackingOrBlocking => "while_attacking_or_blocking".into(),
        Timing::WhenBattles => "when_battles".into(),
        Timing::WhenDestroyed => "when_destroyed".into(),
        Timing::WhenDestroyedByOpponent => "when_destroyed_by_opponent".into(),
        Timing::WhenDepleted => "when_depleted".into(),
        Timing::WhenBattleEnds => "when_battle_ends".into(),
        Timing::WhenYouLoseLife => "when_you_lose_life".into(),
        Timing::WhenOpponentDestroysYourSpirit => "when_opponent_destroys_your_spirit".into(),
        Timing::WhenOpponentResolvesWhenSummoned => "when_opponent_resolves_when_summoned".into(),
        Timing::AfterYourBurst => "after_your_burst".into(),
        Timing::DuringStep { whose, step } => {
            format!("during_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::StartOfStep { whose, step } => {
            format!("start_of_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::EndOfStep { whose, step } => {
            format!("end_of_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::DuringTurn(w) => format!("during_{}_turn", whose_word(*w)),
        Timing::EndOfTurn(w) => format!("end_of_{}_turn", whose_word(*w)),
        Timing::Burst(c) => format!(
            "burst_{}",
            match c {
                BurstCondition::LifeReduced => "life_reduced".to_string(),
                BurstCondition::OpponentWhenSummonedResolved =>
                    "opponent_when_summoned_resolved".into(),
                BurstCondition::OpponentDestroysYourSpirit =>
                    "opponent_destroys_your_spirit".into(),
                BurstCondition::YourSpiritDestroyed => "your_spirit_destroyed".into(),
                BurstCondition::OpponentAttacks => "opponent_attacks".into(),
                BurstCondition::OpponentSummons => "opponent_summons".into(),
                BurstCondition::Other(t) => hook_name(Some(t)),
            }
        ),
        Timing::WhileOC => "while_over_count".into(),
        Timing::Constant => "constant".into(),
        Timing::Main => "main".into(),
        Timing::Flash => "flash".into(),
        Timing::Pack(hook) => hook.clone(),
        Timing::Any(ts) => ts
            .iter()
            .map(|t| hook_name(Some(t)))
            .collect::<Vec<_>>()
            .join("_or_"),
    }
}

fn whose_word(w: Whose) -> &'static str {
    match w {
        Whose::You => "your",
        Whose::Opponent => "opponent",
        Whose::Either => "either",
    }
}

fn step_word(s: Step) -> &'static str {
    match s {
        Step::Start => "start",
        Step::Core => "core",
        Step::Draw => "draw",
        Step::Refresh => "refresh",
        Step::Main => "main",
        Step::Attack => "attack",
        Step::End => "end",
    }
}

/// rhai string literal.
fn lit(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A query as a rhai expression (`opponent_spirits().bp_at_most(3000)`).
pub fn query_expr(q: &Query) -> String {
    let side = match q.owner {
        Owner::You => "my",
        Owner::Opponent => "opponent",
        Owner::Any => "all",
    };
    let mut s = match (q.zone, q.kind) {
        (Zone::Field, CardKind::Spirit | CardKind::SpiritCard) => format!("{side}_spirits()"),
        (Zone::Field, CardKind::Nexus) => format!("{side}_nexuses()"),
        (Zone::Field, _) => format!("{side}_field()"),
        (zone, kind) => {
            let base = match zone {
                Zone::Trash => format!("{side}_trash()"),
                Zone::Hand => format!("{side}_hand()"),
                Zone::Discarded => "discarded()".to_string(),
                _ => "revealed()".to_string(),
            };
            match kind {
                CardKind::Spirit | CardKind::SpiritCard => format!("{base}.spirit_cards()"),
                CardKind::MagicCard => format!("{base}.magic_cards()"),
                CardKind::Nexus => format!("{base}.nexus_cards()"),
                _ => base,
            }
        }
    };
    if q.zone == Zone::Field && q.kind == CardKind::MagicCard {
        s.push_str(".magic_cards()");
    }
    for f in &q.filters {
        let _ = match f {
            Filter::BpAtMost(n) => write!(s, ".bp_at_most({n})"),
            Filter::BpAtLeast(n) => write!(s, ".bp_at_least({n})"),
            Filter::CostAtMost(n) => write!(s, ".cost_at_most({n})"),
            Filter::CostAtLeast(n) => write!(s, ".cost_at_least({n})"),
            Filter::CostIs(n) => write!(s, ".cost_is({n})"),
            Filter::CostOneOf(v) => write!(
                s,
                ".cost_in([{}])",
                v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
            Filter::Colour(c) => write!(s, ".colour({})", lit(c.name())),
            Filter::Family(fs) => write!(
                s,
                ".family([{}])",
                fs.iter().map(|f| lit(f)).collect::<Vec<_>>().join(", ")
            ),
            Filter::CombinedBpAtMost(n) => write!(s, ".combined_bp_at_most({n})"),
            Filter::Exhausted => write!(s, ".exhausted()"),
            Filter::Refreshed => write!(s, ".refreshed()"),
            Filter::NameContains(n) => write!(s, ".name_contains({})", lit(n)),
            Filter::HasKeyword(ks) if ks.len() == 1 => write!(s, ".has_keyword({})", lit(&ks[0])),
            Filter::HasKeyword(ks) => write!(
                s,
                ".has_keyword([{}])",
                ks.iter().map(|k| lit(k)).collect::<Vec<_>>().join(", ")
            ),
            Filter::LacksKeyword(k) => write!(s, ".lacks_keyword({})", lit(k)),
            Filter::HasSoulCore => write!(s, ".has_soul_core()"),
            Filter::NoSoulCore => write!(s, ".no_soul_core()"),
            Filter::Other => write!(s, ".other()"),
            Filter::Symbols(n) => write!(s, ".symbols({n})"),
            Filter::Cores(n) => write!(s, ".cores({n})"),
            Filter::CoresAtMost(n) => write!(s, ".cores_at_most({n})"),
            Filter::CoresAtLeast(n) => write!(s, ".cores_at_least({n})"),
            Filter::Level(n) => write!(s, ".level({n})"),
            Filter::LevelAtLeast(n) => write!(s, ".level_at_least({n})"),
            Filter::Attacking => write!(s, ".attacking()"),
            Filter::Blocking => write!(s, ".blocking()"),
            Filter::AttackingOrBlocking => write!(s, ".attacking_or_blocking()"),
            Filter::NotAttacking => write!(s, ".not_attacking()"),
            Filter::HasEffect(e) => write!(s, ".has_effect({})", lit(e)),
            Filter::NoEffects => write!(s, ".no_effects()"),
            Filter::Token => write!(s, ".tokens()"),
            Filter::NotToken => write!(s, ".not_tokens()"),
            Filter::CombinedCostAtMost(n) => write!(s, ".combined_cost_at_most({n})"),
            Filter::Named(n) => write!(s, ".named({})", lit(n)),
            Filter::BpAtMostThis => write!(s, ".bp_at_most(this_card().bp())"),
            Filter::BpEqualsThis => write!(s, ".bp_is(this_card().bp())"),
        };
    }
    s
}

fn amount_expr(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::PerEach(1, q) => format!("{}.count()", query_expr(q)),
        Amount::PerEach(n, q) => format!("{n} * {}.count()", query_expr(q)),
        Amount::PerLevel(1) => "this_card().level()".into(),
        Amount::PerDestroyedByThisEffect(n) => {
            times(u64::from(*n), "destroyed_by_this_effect_count()")
        }
        Amount::PerLevel(n) => format!("{n} * this_card().level()"),
    }
}

fn target_expr(t: &Target) -> String {
    match t {
        Target::This => "this_card()".into(),
        Target::Selected => "t".into(),
        Target::Blocker => "blocking_spirit()".into(),
        Target::Attacker => "attacking_spirit()".into(),
        Target::All(q) => query_expr(q),
        // BS-13.1 tecoto sources: the top n cards of your deck.
        Target::DeckTop(n) => format!("deck_top({n})"),
        Target::ChooseUnion {
            count,
            queries,
            chooser,
        } => {
            let mut it = queries.iter();
            let mut q = it
                .next()
                .map(query_expr)
                .unwrap_or_else(|| "all_field()".into());
            for other in it {
                q = format!("{q}.or({})", query_expr(other));
            }
            let f = if *chooser == Whose::Opponent {
                "opponent_chooses"
            } else {
                "choose_targets"
            };
            match count {
                Count::UpTo(n) => format!("{f}_up_to({q}, {n})"),
                Count::AnyNumber => format!("{f}_any_number({q})"),
                Count::Exactly(n) => format!("{f}({q}, {n})"),
                Count::PerEach(n, per) => format!(
                    "{f}({q}, {})",
                    times(u64::from(*n), &format!("{}.count()", query_expr(per)))
                ),
            }
        }
        Target::Choose {
            count,
            query,
            chooser,
        } => {
            let q = query_expr(query);
            let f = if *chooser == Whose::Opponent {
                "opponent_chooses"
            } else {
                "choose_targets"
            };
            match count {
                Count::Exactly(n) => format!("{f}({q}, {n})"),
                Count::UpTo(n) => format!("{f}_up_to({q}, {n})"),
                Count::AnyNumber => format!("{f}_any_number({q})"),
                Count::PerEach(n, per) => format!(
                    "{f}({q}, {})",
                    times(u64::from(*n), &format!("{}.count()", query_expr(per)))
                ),
            }
        }
    }
}

fn core_place_expr(p: &CorePlace, texpr: impl Fn(&Target) -> String) -> String {
    match p {
        CorePlace::Void => lit("void"),
        CorePlace::Reserve => lit("reserve"),
        CorePlace::OwnersReserve => lit("owners_reserve"),
        CorePlace::Life => lit("life"),
        CorePlace::OpponentLife => lit("opponent_life"),
        CorePlace::Trash => lit("trash"),
        CorePlace::OwnersTrash => lit("owners_trash"),
        CorePlace::On(t) => texpr(t),
    }
}

fn subject_expr(s: &Subject) -> String {
    match s {
        Subject::This => "this_card()".into(),
        Subject::ThisAttack => "attack_of(this_card())".into(),
        Subject::AnyOf(q) => query_expr(q),
        Subject::AttackOf(q) => format!("attack_of({})", query_expr(q)),
    }
}

fn event_expr(e: &Event) -> String {
    match e {
        Event::Destroyed {
            who,
            by_opponent,
            in_battle,
        } => format!(
            "ev_destroyed({}, {by_opponent}, {in_battle})",
            subject_expr(who)
        ),
        Event::Attacks(s) => format!("ev_attacks({})", subject_expr(s)),
        Event::Blocks(s) => format!("ev_blocks({})", subject_expr(s)),
        Event::Blocked(s) => format!("ev_blocked({})", subject_expr(s)),
        Event::Summoned(s) => format!("ev_summoned({})", subject_expr(s)),
        Event::Exhausted(s) => format!("ev_exhausted({})", subject_expr(s)),
        Event::Refreshed(s) => format!("ev_refreshed({})", subject_expr(s)),
        Event::ReturnedToHand(s) => format!("ev_returned_to_hand({})", subject_expr(s)),
        Event::ReturnedToHandOrDeck(s) => {
            format!("ev_returned_to_hand_or_deck({})", subject_expr(s))
        }
        Event::ReducesOpponentLife(s) => format!("ev_reduces_life({})", subject_expr(s)),
        Event::DestroysOpponentSpirit {
            who,
            victim,
            in_battle,
        } => {
            let v = query_expr(&Query {
                owner: Owner::Opponent,
                kind: CardKind::Spirit,
                zone: Zone::Field,
                filters: victim.clone(),
            });
            format!("ev_destroys({}, {v}, {in_battle})", subject_expr(who))
        }
        Event::UsesMagic(w, filters) => {
            let q = query_expr(&Query {
                owner: if *w == Whose::Opponent {
                    Owner::Opponent
                } else {
                    Owner::You
                },
                kind: CardKind::MagicCard,
                zone: Zone::Hand,
                filters: filters.clone(),
            });
            format!("ev_uses_magic({}, {q})", lit(whose_word(*w)))
        }
        Event::Summons(w, q) => format!("ev_summons({}, {})", lit(whose_word(*w)), query_expr(q)),
        Event::LoseLife => "ev_lose_life()".into(),
        Event::EitherLosesLife => "ev_either_loses_life()".into(),
        Event::LifeReducedByAttackOf(q) => format!("ev_life_reduced_by({})", query_expr(q)),
        Event::ReduceOpponentLife => "ev_opponent_loses_life()".into(),
        Event::OpponentDraws => "ev_opponent_draws()".into(),
        Event::OpponentDrawsOutsideDrawStep => "ev_opponent_draws_outside_draw_step()".into(),
        Event::OpponentMillsYou(n) => format!("ev_opponent_mills_you({n})"),
        Event::YouDrawByEffect => "ev_you_draw_by_effect()".into(),
        Event::LifeIncreases => "ev_life_increases()".into(),
        Event::BattleEnds => "ev_battle_ends()".into(),
        Event::CorePlacedInReserve => "ev_core_to_reserve()".into(),
        Event::CorePlacedOnThis => "ev_core_onto_this()".into(),
        Event::YouSetBurst => "ev_you_set_burst()".into(),
        Event::Discarded(q) => format!("ev_discarded({})", query_expr(q)),
        Event::EndOfTurn => "ev_end_of_turn()".into(),
    }
}

fn condition_expr(c: &Condition) -> String {
    match c {
        Condition::ThisHasSoulCore => "this_card().has_soul_core_now()".into(),
        Condition::YouControl(n, q) => format!("{}.count() >= {n}", query_expr(q)),
        Condition::YouControlAtMost(n, q) => format!("{}.count() <= {n}", query_expr(q)),
        Condition::OpponentControls(n, q) => format!("{}.count() >= {n}", query_expr(q)),
        Condition::LessLifeThanOpponent => "life() < opponent_life()".into(),
        Condition::FewerHandThanOpponent => "hand_size() < opponent_hand_size()".into(),
        Condition::BurstSet => "burst_set()".into(),
        Condition::LifeAtMost(n) => format!("life() <= {n}"),
        Condition::SoulCoreSpent => "soul_core_spent()".into(),
        Condition::OnlyHave(q) => format!("only_have({})", query_expr(q)),
        Condition::ThisExhausted => "this_card().is_exhausted()".into(),
        Condition::ThisRefreshed => "!this_card().is_exhausted()".into(),
        Condition::ThisBpAtLeast(n) => format!("this_card().bp() >= {n}"),
        Condition::DestroyedThisTurn(q) => format!("destroyed_this_turn({})", query_expr(q)),
        Condition::SummonedFrom(z) => format!(
            "summoned_from({})",
            lit(match z {
                Zone::Hand => "hand",
                _ => "trash",
            })
        ),
        Condition::SelectedIs(q) => format!("matches(t, {})", query_expr(q)),
        Condition::SymbolsAtLeast(n, c) => format!("symbols({}) >= {n}", lit(c.name())),
        Condition::OpponentsTurn => "is_opponent_turn()".into(),
        Condition::YourTurn => "is_my_turn()".into(),
        Condition::DestroyedByThisEffect => "destroyed_by_this_effect()".into(),
        Condition::SummonedByThisEffect => "summoned_by_this_effect()".into(),
        Condition::DestroyedByThisEffectAtLeast(n) => {
            format!("destroyed_by_this_effect_count() >= {n}")
        }
        Condition::InStep(w, st) => {
            format!("is_step({}, {})", lit(whose_word(*w)), lit(step_word(*st)))
        }
        Condition::OpponentTrashAtLeast(n) => format!("opponent_trash().count() >= {n}"),
        Condition::TrashAtLeast(n) => format!("my_trash().count() >= {n}"),
        Condition::All(cs) => cs
            .iter()
            .map(|c| format!("({})", condition_expr(c)))
            .collect::<Vec<_>>()
            .join(" && "),
        Condition::AnyMatch(q) => format!("{}.count() >= 1", query_expr(q)),
        Condition::WhileSummoning(q) => format!("while_summoning({})", query_expr(q)),
        Condition::Not(c) => format!("!({})", condition_expr(c)),
        // BS-13.2: the count area.
        Condition::CountAtLeast(n) => format!("count_area() >= {n}"),
        Condition::CountAtMost(n) => format!("count_area() <= {n}"),
        // BS-12.5: the trigger always happens; true on a hit.
        Condition::UltimateTriggerHits => "ultimate_trigger()".into(),
    }
}

/// A short question for `may(…)`.
fn question(body: &[Action]) -> String {
    let first = body
        .first()
        .map(describe)
        .unwrap_or_else(|| "use it".into());
    format!("{first}?")
}

fn describe(a: &Action) -> String {
    match a {
        Action::Select(_) => "Select".into(),
        Action::Draw(_) => "Draw".into(),
        Action::Destroy(_) => "Destroy".into(),
        Action::Exhaust(_) => "Exhaust".into(),
        Action::HeavilyExhaust(_) => "Heavily exhaust".into(),
        Action::PutIntoTecoto(_) => "Put into your tecoto".into(),
        Action::Count(_) => "Change your count".into(),
        Action::Refresh(_) => "Refresh".into(),
        Action::ReturnToHand(_) => "Return to hand".into(),
        Action::PayCostToActivate(_) => "Pay the cost to use this card".into(),
        Action::PayCores { .. } => "Pay cores".into(),
        Action::DiscardBurst(_) => "Discard your burst".into(),
        Action::Discard { .. } => "Discard".into(),
        Action::MoveCores { .. } => "Move cores".into(),
        Action::Summon { .. } => "Summon".into(),
        Action::Reveal(_) => "Reveal".into(),
        Action::Deploy { .. } => "Deploy".into(),
        Action::Mill { .. } => "Discard from the top of the deck".into(),
        Action::Bp { .. } => "Change BP".into(),
        _ => "Use this effect".into(),
    }
}

struct Emitter {
    out: String,
    /// Whether `t` has been bound by a selection so far.
    t_bound: bool,
    /// The last concrete object acted on ("this_card()"), for a later "it" when nothing was
    /// selected ("remove cores from this spirit … to refresh it").
    last_obj: Option<String>,
    /// Set when a pronoun had no antecedent (issue 11 kind 5).
    dangling: Cell<bool>,
}

impl Emitter {
    fn new() -> Emitter {
        Emitter {
            out: String::new(),
            t_bound: false,
            last_obj: None,
            dangling: Cell::new(false),
        }
    }

    fn line(&mut self, depth: usize, s: &str) {
        if s.starts_with("t = ") {
            self.t_bound = true;
        }
        for _ in 0..depth {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// A chosen target is bound to `t` first, so that later "it" / "that nexus" refer to it.
    fn bind(&mut self, d: usize, t: &Target) -> String {
        if matches!(t, Target::Choose { .. } | Target::ChooseUnion { .. }) {
            let e = target_expr(t);
            self.line(d, &format!("t = {e};"));
            "t".into()
        } else {
            self.texpr(t)
        }
    }

    fn block(&mut self, depth: usize, body: &[Action]) {
        for (i, a) in body.iter().enumerate() {
            // "X to Y" / "X. If you do, Y": X is a cost (issue 11 kind 4).
            if matches!(body.get(i + 1), Some(Action::IfYouDo(_))) {
                self.cost(depth, a);
            } else {
                self.action(depth, a);
            }
            if let Some(obj) = concrete_object(a) {
                self.last_obj = Some(obj);
            }
        }
    }

    /// A target as an expression; "it" is what was selected (`t`), else the last concrete
    /// object acted on ("this spirit … refresh it"). With neither, the pronoun has no
    /// antecedent: it is recorded (the effect is not understood), never this card.
    fn texpr(&self, t: &Target) -> String {
        match (t, &self.last_obj) {
            (Target::Selected, Some(obj)) if !self.t_bound => obj.clone(),
            (Target::Selected, None) if !self.t_bound => {
                self.dangling.set(true);
                "t".into()
            }
            _ => target_expr(t),
        }
    }

    /// `t` read directly ("discards it", "if it is …"): needs an antecedent.
    fn uses_t(&self) {
        if !self.t_bound {
            self.dangling.set(true);
        }
    }

    /// A cost: does it and sets `did` to whether it was really done — a legal card picked
    /// (only refreshed cards can be exhausted as a cost), the card exhausted / discarded /
    /// destroyed / returned, the cores paid (issue 11 kind 4, ST06-005). The action
    /// functions return how many cards or cores they really moved.
    fn cost(&mut self, d: usize, a: &Action) {
        let need = |t: &Target| match t {
            Target::Choose {
                count: Count::Exactly(n),
                ..
            }
            | Target::ChooseUnion {
                count: Count::Exactly(n),
                ..
            } => (*n).max(1),
            _ => 1,
        };
        let (call, n) = match a {
            Action::Select(t) => {
                let e = self.texpr(t);
                self.line(d, &format!("t = {e};"));
                ("t.len()".to_string(), need(t))
            }
            Action::Destroy(t) => (format!("destroy({})", self.bind(d, t)), need(t)),
            Action::Exhaust(t) => {
                let t = refreshed_only(t);
                (format!("exhaust({})", self.bind(d, &t)), need(&t))
            }
            Action::HeavilyExhaust(t) => (format!("heavily_exhaust({})", self.bind(d, t)), need(t)),
            Action::Refresh(t) => (format!("refresh({})", self.bind(d, t)), need(t)),
            Action::ReturnToHand(t) => (format!("return_to_hand({})", self.bind(d, t)), need(t)),
            Action::ReturnToDeck(t, p) => (
                format!(
                    "return_to_deck({}, {})",
                    self.bind(d, t),
                    lit(deck_word(*p))
                ),
                need(t),
            ),
            Action::PutIntoTecoto(t) => (format!("put_into_tecoto({})", self.bind(d, t)), need(t)),
            Action::Summon {
                target,
                free,
                exhausted,
            } => (
                format!("summon({}, {free}, {exhausted})", self.bind(d, target)),
                need(target),
            ),
            Action::Discard {
                whose: Whose::You,
                count,
                filter,
            } => {
                // Paid in full or not at all: a hand too small discards nothing.
                let n = (*count).max(1);
                let have = match filter {
                    Some(q) => query_expr(&Query {
                        zone: Zone::Hand,
                        ..q.clone()
                    }),
                    None => "my_hand()".into(),
                };
                (
                    format!(
                        "{have}.count() >= {n} && {}",
                        discard_call(*count, filter.as_ref())
                    ),
                    n,
                )
            }
            Action::DiscardSelected => {
                self.uses_t();
                ("discard_selected(t)".into(), 1)
            }
            Action::DiscardHand => ("discard_hand()".into(), 1),
            Action::Mill {
                whose: Whose::You,
                count: Amount::Fixed(k),
            } => {
                self.line(d, &format!("did = mill({k}) >= {};", (*k).max(1)));
                self.line(d, "t = discarded();");
                return;
            }
            Action::PayCores { .. } | Action::MoveCores { .. } => match self.cores_call(a) {
                Some(c) => c,
                None => return,
            },
            Action::Draw(Amount::Fixed(k)) => (format!("draw({k})"), (*k).max(1)),
            Action::DiscardBurst(k) => (format!("discard_burst({k})"), (*k).max(1)),
            Action::Deploy { target, free } => (
                format!("deploy({}, {free})", self.bind(d, target)),
                need(target),
            ),
            // Not something that can fail to be done: it happens, so "if you do" holds.
            _ => {
                self.action(d, a);
                self.line(d, "did = true;");
                return;
            }
        };
        self.line(d, &format!("did = {call} >= {n};"));
    }

    /// The call (without `;`) of a core move ("place / remove / send cores …").
    fn move_cores_call(&self, a: &Action) -> Option<String> {
        let Action::MoveCores {
            count,
            from,
            to,
            per,
        } = a
        else {
            return None;
        };
        let num = |n: u32| match per {
            Some(p) => times(u64::from(n), &amount_expr(&scale1(p))),
            None => n.to_string(),
        };
        Some(match (count, from) {
            (CoreCount::Exactly(n), CorePlace::Void) => {
                format!(
                    "cores_from_void_to({}, {})",
                    core_place_expr(to, |t| self.texpr(t)),
                    num(*n)
                )
            }
            (CoreCount::Exactly(n), _) => format!(
                "move_cores({}, {}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t)),
                num(*n)
            ),
            (CoreCount::UpTo(n), _) => format!(
                "move_cores_up_to({}, {}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t)),
                if *n == u32::MAX {
                    "-1".to_string()
                } else {
                    n.to_string()
                }
            ),
            (CoreCount::AllBut(n), _) => format!(
                "move_all_cores_but({}, {}, {n})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
            (CoreCount::All, _) => format!(
                "move_all_cores({}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
            (CoreCount::SoulCore, _) => format!(
                "move_soul_core({}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
        })
    }

    /// The call (without `;`) of a core payment or move, and how many must move for it to
    /// count as done.
    fn cores_call(&self, a: &Action) -> Option<(String, u32)> {
        match a {
            Action::PayCores { count, from } => {
                let (n, need) = match count {
                    CoreCount::Exactly(n) | CoreCount::UpTo(n) | CoreCount::AllBut(n) => {
                        (n.to_string(), (*n).max(1))
                    }
                    CoreCount::All => ("-1".into(), 1),
                    CoreCount::SoulCore => ("0".into(), 1),
                };
                Some(match (count, from) {
                    (CoreCount::SoulCore, Some(t)) => {
                        (format!("pay_soul_core_from({})", self.texpr(t)), 1)
                    }
                    (CoreCount::SoulCore, None) => ("pay_soul_core()".to_string(), 1),
                    (_, Some(t)) => (format!("pay_cores_from({}, {n})", self.texpr(t)), need),
                    (_, None) => (format!("pay_cores({n})"), need),
                })
            }
            Action::MoveCores { count, from, .. } => {
                let n = match count {
                    CoreCount::Exactly(n) => (*n).max(1),
                    _ => 1,
                };
                let call = self.move_cores_call(a)?;
                // "remove two cores from this spirit … to …": paid in full or not at all.
                Some(match from {
                    CorePlace::On(Target::This) if n > 1 => (
                        format!("this_card().cores_at_least({n}).count() >= 1 && {call}"),
                        n,
                    ),
                    _ => (call, n),
                })
            }
            _ => None,
        }
    }

    fn action(&mut self, d: usize, a: &Action) {
        match a {
            Action::Select(t) => {
                let e = self.texpr(t);
                self.line(d, &format!("t = {e};"));
            }
            Action::Draw(n) => self.line(d, &format!("draw({});", amount_expr(n))),
            Action::PlayerDraws(Whose::Opponent, n) => {
                self.line(d, &format!("opponent_draw({n});"))
            }
            Action::PlayerDraws(_, n) => {
                self.line(d, &format!("draw({n});"));
                self.line(d, &format!("opponent_draw({n});"));
            }
            Action::Shuffle => self.line(d, "shuffle_deck();"),
            Action::DrawUntil(n) => self.line(d, &format!("draw_until_hand({n});")),
            Action::Destroy(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("destroy({e});"))
            }
            Action::Exhaust(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("exhaust({e});"))
            }
            Action::Refresh(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("refresh({e});"))
            }
            // BS-13.2: count +n / count -n.
            Action::Count(n) if *n < 0 => {
                self.line(d, &format!("count_minus({});", n.unsigned_abs()))
            }
            Action::Count(n) => self.line(d, &format!("count_plus({n});")),
            // BS-13.4.
            Action::HeavilyExhaust(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("heavily_exhaust({e});"))
            }
            // BS-13.1.
            Action::PutIntoTecoto(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("put_into_tecoto({e});"))
            }
            Action::ReturnToHand(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("return_to_hand({e});"))
            }
            Action::ReturnToDeck(t, p) => {
                let e = self.bind(d, t);
                self.line(d, &format!("return_to_deck({e}, {});", lit(deck_word(*p))))
            }
            Action::Bp {
                target,
                amount,
                per,
                duration,
            } => {
                let (f, n) = if *amount < 0 {
                    ("bp_minus", amount.unsigned_abs())
                } else {
                    ("bp_plus", amount.unsigned_abs())
                };
                let n = match per {
                    Some(p) => times(n, &amount_expr(&scale1(p))),
                    None => n.to_string(),
                };
                self.line(
                    d,
                    &format!(
                        "{f}({}, {n}, {});",
                        self.texpr(target),
                        lit(duration.name())
                    ),
                );
            }
            Action::MoveCores { .. } => {
                if let Some(c) = self.move_cores_call(a) {
                    self.line(d, &format!("{c};"));
                }
            }
            Action::Mill { whose, count } => {
                let n = amount_expr(count);
                if *whose == Whose::Opponent {
                    self.line(d, &format!("opponent_mill({n});"))
                } else {
                    self.line(d, &format!("mill({n});"))
                }
                // "it" / "the discarded cards" now refer to the milled cards.
                self.line(d, "t = discarded();");
            }
            Action::Discard {
                whose: Whose::Either,
                count,
                ..
            } => {
                self.line(d, &format!("discard({count});"));
                self.line(d, &format!("opponent_discard({count});"));
            }
            Action::Discard {
                whose: Whose::Opponent,
                count,
                filter,
            } => match filter {
                Some(q) => self.line(
                    d,
                    &format!(
                        "opponent_discard_matching({}, {count});",
                        query_expr(&Query {
                            zone: Zone::Hand,
                            ..q.clone()
                        })
                    ),
                ),
                None => self.line(d, &format!("opponent_discard({count});")),
            },
            Action::Discard { count, filter, .. } => {
                self.line(d, &format!("{};", discard_call(*count, filter.as_ref())))
            }
            Action::DiscardSelected => {
                self.uses_t();
                self.line(d, "discard_selected(t);")
            }
            Action::DiscardHand => self.line(d, "discard_hand();"),
            Action::DiscardBurst(n) => self.line(d, &format!("discard_burst({n});")),
            Action::AttackTarget(t) => self.line(d, &format!("attack_target({});", self.texpr(t))),
            Action::PayCores { count, .. } => {
                if let Some((c, _)) = self.cores_call(a) {
                    if matches!(count, CoreCount::SoulCore) {
                        // A cost: nothing after it happens when it cannot be paid.
                        self.line(d, &format!("if {c} < 1 {{ return; }}"));
                    } else {
                        self.line(d, &format!("{c};"));
                    }
                }
            }
            Action::Deploy { target, free } => {
                self.line(d, &format!("deploy({}, {free});", self.texpr(target)))
            }
            Action::Reveal(n) => {
                self.line(d, &format!("reveal({});", amount_expr(n)));
                // "it" / "them" now refer to the revealed cards.
                self.line(d, "t = revealed();");
            }
            Action::AddToHand(t) => {
                let e = self.bind(d, t);
                self.line(d, &format!("add_to_hand({e});"))
            }
            Action::RemainingToDeck(p) => self.line(
                d,
                &format!(
                    "remaining_to_deck({});",
                    lit(if *p == DeckPos::Top { "top" } else { "bottom" })
                ),
            ),
            Action::RemainingToTrash => self.line(d, "remaining_to_trash();"),
            Action::CannotAttack(t, du) => self.line(
                d,
                &format!("cannot_attack({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CannotBlock(t, du) => self.line(
                d,
                &format!("cannot_block({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CannotBeBlocked(t, by, du) => match by {
                Some(q) => self.line(
                    d,
                    &format!(
                        "cannot_be_blocked_by({}, {}, {});",
                        self.texpr(t),
                        query_expr(q),
                        lit(du.name())
                    ),
                ),
                None => self.line(
                    d,
                    &format!("cannot_be_blocked({}, {});", self.texpr(t), lit(du.name())),
                ),
            },
            Action::CannotBeDestroyed {
                target,
                by_opponent,
                duration,
            } => self.line(
                d,
                &format!(
                    "cannot_be_destroyed({}, {by_opponent}, {});",
                    self.texpr(target),
                    lit(duration.name())
                ),
            ),
            Action::GainKeyword(t, k, du) => self.line(
                d,
                &format!(
                    "gain_keyword({}, {}, {}, {});",
                    self.texpr(t),
                    lit(&k.name),
                    lit(k.modifier.as_deref().unwrap_or("")),
                    lit(du.name())
                ),
            ),
            Action::GainSymbols(t, n, c, du) => self.line(
                d,
                &format!(
                    "gain_symbols({}, {n}, {}, {});",
                    self.texpr(t),
                    lit(c.name()),
                    lit(du.name())
                ),
            ),
            Action::GainFamily(t, f, du) => self.line(
                d,
                &format!(
                    "gain_family({}, {}, {});",
                    self.texpr(t),
                    lit(f),
                    lit(du.name())
                ),
            ),
            Action::TreatAsLevel(t, lv, du) => self.line(
                d,
                &format!(
                    "treat_as_level({}, {lv}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::CannotBe {
                target,
                what,
                duration,
            } => self.line(
                d,
                &format!(
                    "cannot_be_by_opponent({}, {}, {});",
                    self.texpr(target),
                    lit(what.name()),
                    lit(duration.name())
                ),
            ),
            Action::MustAttack(t, du) => self.line(
                d,
                &format!("must_attack({}, {});", self.texpr(t), lit(du.name())),
            ),
            Action::CanBlockWhileExhausted(t, du) => self.line(
                d,
                &format!(
                    "can_block_while_exhausted({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::SymbolsAs {
                target,
                count,
                colour,
                duration,
            } => self.line(
                d,
                &format!(
                    "symbols_as({}, {count}, {}, {});",
                    self.texpr(target),
                    lit(colour.map(Colour::name).unwrap_or("")),
                    lit(duration.name())
                ),
            ),
            Action::TreatAsHighestLevel(t, du) => self.line(
                d,
                &format!(
                    "treat_as_highest_level({}, {});",
                    self.texpr(t),
                    lit(du.name())
                ),
            ),
            Action::Summon {
                target,
                free,
                exhausted,
            } => {
                // "Summon one … . It gains …": bound so that "it" is the summoned card.
                let e = self.bind(d, target);
                self.line(d, &format!("summon({e}, {free}, {exhausted});"))
            }
            Action::PayCostToActivate(k) => self.line(
                d,
                &format!(
                    "pay_cost_to_activate({});",
                    lit(if *k == StepKind::Main {
                        "main"
                    } else {
                        "flash"
                    })
                ),
            ),
            Action::EndAttackStep => self.line(d, "end_attack_step();"),
            Action::ActivateFree(k) => self.line(
                d,
                &format!(
                    "activate_without_cost({});",
                    lit(if *k == StepKind::Main {
                        "main"
                    } else {
                        "flash"
                    })
                ),
            ),
            Action::AttackTax {
                target,
                cores,
                duration,
            } => self.line(
                d,
                &format!(
                    "attack_tax({}, {cores}, {});",
                    self.texpr(target),
                    lit(duration.name())
                ),
            ),
            Action::EndBattle => self.line(d, "end_battle();"),
            // BS-10.4: `pay_cost_to_activate` asks itself, and only when the cost can be
            // paid, so "you may" adds no question of its own.
            Action::May(body) if matches!(body.as_slice(), [Action::PayCostToActivate(_)]) => {
                let k = match body[0] {
                    Action::PayCostToActivate(StepKind::Flash) => "flash",
                    _ => "main",
                };
                self.line(d, &format!("did = pay_cost_to_activate({});", lit(k)));
            }
            Action::May(body) => {
                self.line(d, &format!("did = may({});", lit(&question(body))));
                self.line(d, "if did {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::IfYouDo(body) => {
                self.line(d, "if did {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::If(c, body) => {
                if condition_uses_t(c) {
                    self.uses_t();
                }
                // "If this spirit has …, it gains …": "it" is the spirit the condition names.
                if !self.t_bound && condition_names_this(c) {
                    self.last_obj = Some("this_card()".into());
                }
                self.line(d, &format!("ok = {};", condition_expr(c)));
                self.line(d, "if ok {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::Otherwise(body) => {
                self.line(d, "if !ok {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::When(e, du, body) => {
                self.line(
                    d,
                    &format!("when({}, {}, || {{", event_expr(e), lit(du.name())),
                );
                let mut inner = Emitter::new();
                // Inside a sub-trigger about a card, "it" is that card (bound below if used);
                // otherwise "it" keeps the antecedent it had before.
                let about_card = event_has_card(e);
                inner.t_bound = about_card || self.t_bound;
                inner.last_obj = if about_card {
                    None
                } else {
                    self.last_obj.clone()
                };
                inner.block(d + 1, body);
                if inner.dangling.get() {
                    self.dangling.set(true);
                }
                // "it" / "that spirit" inside a sub-trigger mean the card the event is about.
                if about_card && refers_to_t_before_binding(&inner.out) {
                    self.line(d + 1, "t = event_cards();");
                }
                self.out.push_str(&inner.out);
                self.line(d, "});");
            }
            Action::Repeat(n, body) => {
                self.line(d, &format!("for i in 0..{} {{", paren(&amount_expr(n))));
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::OncePerTurn(body) => {
                self.line(d, "if once_per_turn() {");
                self.block(d + 1, body);
                self.line(d, "}");
            }
            Action::Phrase { rhai, slots, .. } => {
                let mut values = Vec::new();
                for (name, v) in slots {
                    let val = match v {
                        SlotValue::Number(n) => n.to_string(),
                        SlotValue::Colour(c) => lit(c.name()),
                        SlotValue::Family(f) => lit(f),
                        SlotValue::Target(t) => self.texpr(t),
                        SlotValue::Filter(q) => query_expr(q),
                        SlotValue::Duration(x) => lit(x.name()),
                        SlotValue::Sentence(body) => {
                            let mut inner = Emitter::new();
                            inner.t_bound = self.t_bound;
                            inner.last_obj = self.last_obj.clone();
                            inner.block(0, body);
                            if inner.dangling.get() {
                                self.dangling.set(true);
                            }
                            inner.out.trim_end().to_string()
                        }
                    };
                    values.push((name.as_str(), val));
                }
                for l in fill_slots(rhai, &values).lines() {
                    self.line(d, l);
                }
            }
            Action::Unparsed { text, .. } => {
                self.line(
                    d,
                    &format!("// NOT UNDERSTOOD: {}", text.replace('\n', " ")),
                );
            }
        }
    }
}

/// A phrase's rhai with each `{name}` replaced by its slot's value, in one pass (a value
/// that itself holds `{x}` is not replaced again).
fn fill_slots(rhai: &str, values: &[(&str, String)]) -> String {
    let mut out = String::new();
    let mut rest = rhai;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        match values.iter().find(|(n, _)| *n == &after[..end]) {
            Some((_, v)) if end > 0 && after[end..].starts_with('}') => {
                out.push_str(v);
                rest = &after[end + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Why an effect is not understood when a pronoun has no antecedent (issue 11 kind 5).
pub const DANGLING: &str = "antecedent for \"it\" / \"them\" / \"that …\": nothing before it was selected, summoned, revealed or discarded";

/// True when a pronoun ("it", "them", "that spirit") in the body refers to nothing an earlier
/// action selected, summoned, revealed, discarded or acted on (issue 11 kind 5): such an
/// effect is not understood, and it never means this card by default.
pub fn dangling_pronoun(body: &[Action]) -> bool {
    let mut e = Emitter::new();
    e.block(0, body);
    e.dangling.get()
}

/// Whether a condition reads the selected cards (`t`).
fn condition_uses_t(c: &Condition) -> bool {
    match c {
        Condition::SelectedIs(_) => true,
        Condition::All(cs) => cs.iter().any(condition_uses_t),
        Condition::Not(c) => condition_uses_t(c),
        _ => false,
    }
}

/// Whether a condition is about this card ("if this spirit has a "Soul Core" on it").
fn condition_names_this(c: &Condition) -> bool {
    match c {
        Condition::ThisHasSoulCore
        | Condition::ThisExhausted
        | Condition::ThisRefreshed
        | Condition::ThisBpAtLeast(_) => true,
        Condition::All(cs) => cs.iter().any(condition_names_this),
        _ => false,
    }
}

/// Whether a sub-trigger's event is about cards (`event_cards()` is its antecedent).
fn event_has_card(e: &Event) -> bool {
    !matches!(
        e,
        Event::LoseLife
            | Event::EitherLosesLife
            | Event::ReduceOpponentLife
            | Event::OpponentDraws
            | Event::OpponentDrawsOutsideDrawStep
            | Event::OpponentMillsYou(_)
            | Event::YouDrawByEffect
            | Event::LifeIncreases
            | Event::BattleEnds
            | Event::CorePlacedInReserve
            | Event::CorePlacedOnThis
            | Event::YouSetBurst
            | Event::EndOfTurn
    )
}

/// "top" / "bottom".
fn deck_word(p: DeckPos) -> &'static str {
    if p == DeckPos::Top { "top" } else { "bottom" }
}

/// `discard(n)` or `discard_matching(hand query, n)` (returns how many were discarded).
fn discard_call(count: u32, filter: Option<&Query>) -> String {
    match filter {
        Some(q) => format!(
            "discard_matching({}, {count})",
            query_expr(&Query {
                zone: Zone::Hand,
                ..q.clone()
            })
        ),
        None => format!("discard({count})"),
    }
}

/// A cost "exhaust one of your nexuses" can only pick refreshed cards (issue 11 kind 4,
/// ST06-005): an exhausted card cannot be exhausted again to pay.
fn refreshed_only(t: &Target) -> Target {
    let add = |q: &Query| {
        let mut q = q.clone();
        if !q.filters.contains(&Filter::Refreshed) {
            q.filters.push(Filter::Refreshed);
        }
        q
    };
    match t {
        Target::Choose {
            count,
            query,
            chooser,
        } => Target::Choose {
            count: count.clone(),
            query: add(query),
            chooser: *chooser,
        },
        Target::ChooseUnion {
            count,
            queries,
            chooser,
        } => Target::ChooseUnion {
            count: count.clone(),
            queries: queries.iter().map(add).collect(),
            chooser: *chooser,
        },
        Target::All(q) => Target::All(add(q)),
        t => t.clone(),
    }
}

/// The concrete object an action acts on (this card, the blocker …), if any.
fn concrete_object(a: &Action) -> Option<String> {
    let t = match a {
        Action::Destroy(t)
        | Action::Exhaust(t)
        | Action::HeavilyExhaust(t)
        | Action::Refresh(t)
        | Action::ReturnToHand(t)
        | Action::ReturnToDeck(t, _)
        | Action::Bp { target: t, .. } => t,
        Action::MoveCores {
            from: CorePlace::On(t),
            ..
        } => t,
        Action::MoveCores {
            to: CorePlace::On(t),
            ..
        } => t,
        _ => return None,
    };
    match t {
        Target::This | Target::Blocker | Target::Attacker => Some(target_expr(t)),
        _ => None,
    }
}

/// True when the first use of the variable `t` in `code` reads it (is not `t = …`).
fn refers_to_t_before_binding(code: &str) -> bool {
    for line in code.lines() {
        let l = line.trim_start();
        if l.starts_with("t = ") {
            return false;
        }
        let b = l.as_bytes();
        for (i, &c) in b.iter().enumerate() {
            if c == b't' {
                let before = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
                let after = b
                    .get(i + 1)
                    .is_none_or(|n| !(n.is_ascii_alphanumeric() || *n == b'_'));
                if before && after {
                    return true;
                }
            }
        }
    }
    false
}

/// Parenthesise an expression that is not a plain number or call.
fn paren(e: &str) -> String {
    if e.contains(' ') {
        format!("({e})")
    } else {
        e.to_string()
    }
}

/// `n * expr`, or just `expr` when n is 1.
fn times(n: u64, expr: &str) -> String {
    if n == 1 {
        expr.to_string()
    } else {
        format!("{n} * {expr}")
    }
}

fn scale1(a: &Amount) -> Amount {
    match a {
        Amount::Fixed(_) => Amount::Fixed(1),
        Amount::PerEach(_, q) => Amount::PerEach(1, q.clone()),
        Amount::PerLevel(_) => Amount::PerLevel(1),
        Amount::PerDestroyedByThisEffect(_) => Amount::PerDestroyedByThisEffect(1),
    }
}

fn uses(body: &[Action], pred: &dyn Fn(&Action) -> bool) -> bool {
    body.iter().any(|a| {
        pred(a)
            || match a {
                Action::May(b)
                | Action::IfYouDo(b)
                | Action::If(_, b)
                | Action::Otherwise(b)
                | Action::When(_, _, b)
                | Action::Repeat(_, b)
                | Action::OncePerTurn(b) => uses(b, pred),
                _ => false,
            }
    })
}

/// Why a card text not fully understood does nothing (the reason its script gives `inert`).
pub const NOT_UNDERSTOOD: &str = "card text not fully understood; write a script for this effect";

/// The reason a script written by [`to_rhai`] does nothing at all, when it is one of those
/// that only call `inert(reason)` and return (text not understood, a dangling pronoun);
/// `None` for any other script. Lets an engine skip running a script whose outcome is known
/// (issue 15: a constant effect is read after every event).
pub fn static_inert(src: &str) -> Option<String> {
    let mut lines = src.lines().map(str::trim).filter(|l| !l.starts_with("//"));
    let first = lines.next()?;
    let literal = first.strip_prefix("inert(\"")?.strip_suffix("\");")?;
    if lines.next() != Some("return;") {
        return None;
    }
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                c @ ('"' | '\\') => out.push(c),
                _ => return None,
            },
            '"' => return None,
            c => out.push(c),
        }
    }
    (lit(&out) == format!("\"{literal}\"")).then_some(out)
}

/// Compile an effect's body to rhai statements (no function wrapper). `comment` is put on top
/// as `// …` (typically the printed text). An effect with unparsed sentences compiles to a
/// script that calls `inert(reason)` and returns: it never runs half.
pub fn to_rhai(effect: &EffectText, comment: Option<&str>) -> String {
    let mut e = Emitter::new();
    if let Some(c) = comment {
        for l in c.lines() {
            e.line(0, &format!("// {l}"));
        }
    }
    let unparsed = uses(&effect.body, &|a| matches!(a, Action::Unparsed { .. }));
    if unparsed {
        e.line(0, &format!("inert({});", lit(NOT_UNDERSTOOD)));
        e.line(0, "return;");
    }
    let mut body = Emitter::new();
    body.block(0, &effect.body);
    if !unparsed && body.dangling.get() {
        e.line(
            0,
            &format!("inert({});", lit(&format!("not understood: no {DANGLING}"))),
        );
        e.line(0, "return;");
        return e.out;
    }
    let assigns = |v: &str| {
        body.out.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with(&format!("{v} = ")) || l.starts_with(&format!("if {v} "))
        })
    };
    if assigns("t") {
        e.line(0, "let t = [];");
    }
    if assigns("did") {
        e.line(0, "let did = false;");
    }
    if assigns("ok") || body.out.contains("if !ok ") {
        e.line(0, "let ok = false;");
    }
    if effect.once_per_turn {
        e.line(0, "if !once_per_turn() { return; }");
    }
    if effect.optional && !matches!(effect.body.as_slice(), [Action::May(_)]) {
        e.line(0, "if !may(\"Use this effect?\") { return; }");
    }
    e.out.push_str(&body.out);
    e.out
}

/// Compile several effects of one card into one rhai file: one function per effect
/// (`fn effect_1()`, …), each preceded by a comment naming its hook and levels.
pub fn card_to_rhai(effects: &[(String, EffectText)]) -> String {
    let mut out = String::new();
    for (i, (text, eff)) in effects.iter().enumerate() {
        let _ = writeln!(
            out,
            "// hook: {}, levels: {:?}",
            hook_name(eff.timing.as_ref()),
            eff.levels
        );
        let _ = writeln!(out, "fn effect_{}() {{", i + 1);
        for l in to_rhai(eff, Some(text)).lines() {
            let _ = writeln!(out, "    {l}");
        }
        out.push_str("}\n\n");
    }
    out
}
