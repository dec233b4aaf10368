//! Pieces of the AST as rhai expressions: owners, steps, string literals, queries, amounts,
//! targets, core places, subjects, events, conditions, questions.

use super::*;

pub(super) fn whose_word(w: Whose) -> &'static str {
    match w {
        Whose::You => "your",
        Whose::Opponent => "opponent",
        Whose::Either => "either",
    }
}

pub(super) fn step_word(s: Step) -> &'static str {
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
pub(super) fn lit(s: &str) -> String {
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
            Filter::SummonedThisTurn => write!(s, ".summoned_this_turn()"),
            Filter::ColoursIs(n) => write!(s, ".colours_is({n})"),
            Filter::ColoursAtLeast(n) => write!(s, ".colours_at_least({n})"),
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
            Filter::BpBelowThis => write!(s, ".bp_at_most(this_card().bp() - 1)"),
            Filter::BpBelowAttacker => write!(s, ".bp_below_attacker()"),
            Filter::SharesFieldSymbolColour(true) => write!(s, ".shares_field_symbol_colour()"),
            Filter::SharesFieldSymbolColour(false) => write!(s, ".lacks_field_symbol_colour()"),
            Filter::LacksEffect(e) => write!(s, ".except(all_field().has_effect({}))", lit(e)),
            Filter::BpAboveHighest(o) => write!(
                s,
                ".bp_at_least(highest_bp({}) + 1)",
                query_expr(&Query {
                    owner: *o,
                    kind: CardKind::Spirit,
                    zone: Zone::Field,
                    filters: Vec::new(),
                })
            ),
            Filter::BpEqualsThis => write!(s, ".bp_is(this_card().bp())"),
            Filter::NotNamed(n) => write!(s, ".except(all_field().named({}))", lit(n)),
            Filter::HasEffects => write!(s, ".except(all_field().no_effects())"),
            Filter::CostSameAsAny(q) => write!(s, ".cost_in(costs({}))", query_expr(q)),
            Filter::Except(q) => write!(s, ".except({})", query_expr(q)),
            Filter::BlockingOneOf(q) => write!(s, ".blocking_one_of({})", query_expr(q)),
            Filter::BlockedByOneOf(q) => write!(s, ".blocked_by_one_of({})", query_expr(q)),
            Filter::CostSameAsSelected => write!(s, ".cost_in(costs(t))"),
            Filter::FamilySameAsSelected => write!(s, ".family(families(t))"),
            Filter::CostIsLife => write!(s, ".cost_in([life()])"),
            // "the destroyed spirit": the watcher's event card (BS-6.6: still on the field).
            Filter::CostBelowEventCard => write!(s, ".cost_at_most(cost(event_cards()) - 1)"),
            Filter::BpEqualsEventCard => write!(s, ".bp_is(bp(event_cards()))"),
            Filter::CostSameAsEventCard => write!(s, ".cost_in(costs(event_cards()))"),
            Filter::CostExtreme(true) => write!(s, ".cost_most()"),
            Filter::CostExtreme(false) => write!(s, ".cost_least()"),
        };
    }
    s
}

pub(super) fn amount_expr(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::PerEach(1, q) => format!("{}.count()", query_expr(q)),
        Amount::PerEach(n, q) => format!("{n} * {}.count()", query_expr(q)),
        Amount::PerLevel(1) => "this_card().level()".into(),
        Amount::PerDestroyedByThisEffect(n) => {
            times(u64::from(*n), "destroyed_by_this_effect_count()")
        }
        Amount::PerLevel(n) => format!("{n} * this_card().level()"),
        // Only a BP gain takes it (`bp_plus_per_own`); the parser refuses it elsewhere.
        Amount::PerOwn(..) => "0".into(),
        Amount::CostOfSelected => "cost_total(t)".into(),
        Amount::AtMost(a, m) => format!("min({}, {m})", amount_expr(a)),
    }
}

pub(super) fn target_expr(t: &Target) -> String {
    target_expr_with(t, "")
}

/// A target chosen for a destruction: the cards offered are not already being destroyed
/// (BS-6.6).
pub(super) fn target_expr_destroyable(t: &Target) -> String {
    target_expr_with(t, ".not_being_destroyed()")
}

/// A target; `filter` is appended to the query a choice is made from.
fn target_expr_with(t: &Target, filter: &str) -> String {
    match t {
        Target::This => "this_card()".into(),
        Target::Selected => "t".into(),
        // `t0` keeps the selection before the last (see `Emitter::line`).
        Target::BothSelected => "t0 + t".into(),
        Target::ChooseEach(parts) => parts
            .iter()
            .map(|p| target_expr_with(p, filter))
            .collect::<Vec<_>>()
            .join(" + "),
        // Chosen among them, not selected (ruling C#159: the text prints no "select").
        Target::ChooseAmongSelected(count) => match count {
            Count::Exactly(n) => format!("choose_cards(t, {n})"),
            Count::UpTo(n) => format!("choose_cards_up_to(t, {n})"),
            Count::UpToSymbols(c) => format!("choose_cards_up_to(t, symbols({}))", lit(c.name())),
            Count::AnyNumber => "choose_cards_any_number(t)".into(),
            Count::PerEach(n, per) => format!(
                "choose_cards(t, {})",
                times(u64::from(*n), &format!("{}.count()", query_expr(per)))
            ),
        },
        Target::Blocker => "blocking_spirit()".into(),
        Target::EventCard => "event_cards()".into(),
        Target::Attacker => "attacking_spirit()".into(),
        Target::All(q) => query_expr(q),
        // BS-13.1 tecoto sources: the top n cards of your deck.
        Target::DeckTop(n) => format!("deck_top({n})"),
        Target::SelectedAndAll(q) => format!("union(t, {})", query_expr(q)),
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
            if !filter.is_empty() {
                q = format!("({q}){filter}");
            }
            let f = if *chooser == Whose::Opponent {
                "opponent_chooses"
            } else {
                "choose_targets"
            };
            match count {
                Count::UpTo(n) => format!("{f}_up_to({q}, {n})"),
                Count::UpToSymbols(c) => format!("{f}_up_to({q}, symbols({}))", lit(c.name())),
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
            let q = format!("{}{filter}", query_expr(query));
            let f = if *chooser == Whose::Opponent {
                "opponent_chooses"
            } else {
                "choose_targets"
            };
            match count {
                Count::Exactly(n) => format!("{f}({q}, {n})"),
                Count::UpTo(n) => format!("{f}_up_to({q}, {n})"),
                Count::UpToSymbols(c) => format!("{f}_up_to({q}, symbols({}))", lit(c.name())),
                Count::AnyNumber => format!("{f}_any_number({q})"),
                Count::PerEach(n, per) => format!(
                    "{f}({q}, {})",
                    times(u64::from(*n), &format!("{}.count()", query_expr(per)))
                ),
            }
        }
    }
}

pub(super) fn core_place_expr(p: &CorePlace, texpr: impl Fn(&Target) -> String) -> String {
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
        Subject::Chosen => "t".into(),
        Subject::ThisOr(q) => format!("this_card().or({})", query_expr(q)),
    }
}

pub(super) fn event_expr(e: &Event) -> String {
    match e {
        Event::Destroyed {
            who,
            by_opponent,
            in_battle,
        } => format!(
            "ev_destroyed({}, {by_opponent}, {in_battle})",
            subject_expr(who)
        ),
        Event::DestroyedAtZeroBp(s) => format!("ev_destroyed_at_zero_bp({})", subject_expr(s)),
        Event::Attacks(s) => format!("ev_attacks({})", subject_expr(s)),
        Event::AttacksOrBlocks(s) => format!("ev_attacks_or_blocks({})", subject_expr(s)),
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
            // A bare "destroys" counts battle and effect destruction (BS-6.6, C#102).
            if *in_battle {
                format!("ev_destroys({}, {v}, true)", subject_expr(who))
            } else {
                format!("ev_destroys({}, {v})", subject_expr(who))
            }
        }
        // BS-6.6: destroyed by an effect, never in battle.
        Event::EffectOfPlayerDestroys(w, victim) => format!(
            "ev_destroyed_by_effect_of({}, {})",
            query_expr(&Query {
                owner: Owner::Opponent,
                kind: CardKind::Spirit,
                zone: Zone::Field,
                filters: victim.clone(),
            }),
            lit(whose_word(*w))
        ),
        Event::EffectOfCardDestroys { who, victim } => format!(
            "ev_destroys({}, {}, false)",
            subject_expr(who),
            query_expr(&Query {
                owner: Owner::Opponent,
                kind: CardKind::Spirit,
                zone: Zone::Field,
                filters: victim.clone(),
            })
        ),
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
        // BS-5.4: placing a nexus is a deploy, watched apart from summons.
        Event::Summons(w, q) if q.kind == CardKind::Nexus => {
            format!("ev_deploys({}, {})", lit(whose_word(*w)), query_expr(q))
        }
        Event::Summons(w, q) => format!("ev_summons({}, {})", lit(whose_word(*w)), query_expr(q)),
        Event::LoseLife => "ev_lose_life()".into(),
        Event::EitherLosesLife => "ev_either_loses_life()".into(),
        Event::LifeReducedByAttackOf(q) => format!("ev_life_reduced_by({})", query_expr(q)),
        Event::ReduceOpponentLife => "ev_opponent_loses_life()".into(),
        Event::OpponentDraws => "ev_opponent_draws()".into(),
        Event::OpponentDrawsOutsideDrawStep => "ev_opponent_draws_outside_draw_step()".into(),
        Event::OpponentDrawsByEffect => "ev_opponent_draws_by_effect()".into(),
        Event::OpponentMillsYou(n) => format!("ev_opponent_mills_you({n})"),
        Event::YouDrawByEffect => "ev_you_draw_by_effect()".into(),
        Event::LifeIncreases => "ev_life_increases()".into(),
        Event::OpponentLifeIncreases => "ev_opponent_life_increases()".into(),
        Event::BattleEnds => "ev_battle_ends()".into(),
        Event::CorePlacedInReserve => "ev_core_to_reserve()".into(),
        Event::CorePlacedOnThis => "ev_core_onto_this()".into(),
        Event::YouSetBurst => "ev_you_set_burst()".into(),
        Event::Discarded(q) => format!("ev_discarded({})", query_expr(q)),
        Event::MilledByKeyword(k, q) => {
            format!("ev_milled_by_keyword({}, {})", query_expr(q), lit(k))
        }
        Event::EndOfTurn => "ev_end_of_turn()".into(),
        Event::Caused { .. } => super::caused::caused_expr(e),
        Event::WinsComparison(s) => format!("ev_wins_comparison({})", subject_expr(s)),
        Event::SummonedFromTrash(q) => format!("ev_summoned_from_trash({})", query_expr(q)),
        Event::BattleEndsWith { who, on_field } => {
            format!("ev_battle_ends_with({}, {on_field})", query_expr(who))
        }
        Event::WouldBeDestroyed {
            who,
            cause: DestroyCause::Any,
        } => format!("ev_would_be_destroyed({})", subject_expr(who)),
        Event::WouldBeDestroyed { who, cause } => format!(
            "ev_would_be_destroyed_by({}, {})",
            subject_expr(who),
            lit(match cause {
                DestroyCause::OpponentDestroyEffect => "opponent_destroy_effect",
                _ => "opponent_effect",
            })
        ),
    }
}

/// The word `replace_destruction` takes for what happens instead (BS-6.6 replaced).
pub(super) fn kept_word(k: KeptAs) -> &'static str {
    match k {
        KeptAs::AsIs => "as_is",
        KeptAs::Exhausted => "exhausted",
        KeptAs::Refreshed => "refreshed",
        KeptAs::Hand => "hand",
    }
}

pub(super) fn condition_expr(c: &Condition) -> String {
    match c {
        Condition::ThisHasSoulCore => "this_card().has_soul_core_now()".into(),
        Condition::YouControl(n, q) => format!("{}.count() >= {n}", query_expr(q)),
        Condition::YouControlAtMost(n, q) => format!("{}.count() <= {n}", query_expr(q)),
        Condition::OpponentControls(n, q) => format!("{}.count() >= {n}", query_expr(q)),
        Condition::LessLifeThanOpponent => "life() < opponent_life()".into(),
        Condition::NoLifeLostThisTurn => "life_lost_this_turn() == 0".into(),
        Condition::FirstAttackThisTurn => "attacks_this_turn() == 1".into(),
        Condition::SpiritsSameCost => "count(my_spirits()) > 0 && count(my_spirits().cost_is(cost(cards(my_spirits())[0]))) == count(my_spirits())".into(),
        Condition::FewerHandThanOpponent => "hand_size() < opponent_hand_size()".into(),
        Condition::SpiritsAtMostOpponent => {
            "count(my_spirits()) <= count(opponent_spirits())".into()
        }
        Condition::BurstSet => "burst_set()".into(),
        Condition::LifeAtMost(n) => format!("life() <= {n}"),
        Condition::SoulCoreSpent => "soul_core_spent()".into(),
        Condition::SoulCoreMoved => "soul_core_moved()".into(),
        Condition::OnlyHave(q) => format!("only_have({})", query_expr(q)),
        Condition::ThisExhausted => "this_card().is_exhausted()".into(),
        Condition::ThisRefreshed => "!this_card().is_exhausted()".into(),
        Condition::ThisBpAtLeast(n) => format!("this_card().bp() >= {n}"),
        Condition::DestroyedThisTurn(q) => format!("destroyed_this_turn({})", query_expr(q)),
        Condition::DestroyedThisTurnAtLeast(n, q) => {
            format!("destroyed_this_turn_count({}) >= {n}", query_expr(q))
        }
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
        Condition::PayingThis => "while_paying(this_card())".into(),
        Condition::NoMagicUsedThisTurn => "magic_used_this_turn() == 0".into(),
        Condition::Paying(q) => format!("while_paying({})", query_expr(q)),
        Condition::Not(c) => format!("!({})", condition_expr(c)),
        // BS-13.2: the count area.
        Condition::CountAtLeast(n) => format!("count_area() >= {n}"),
        Condition::CountAtMost(n) => format!("count_area() <= {n}"),
        // BS-12.5: the trigger always happens; true on a hit.
        Condition::UltimateTriggerHits => "ultimate_trigger()".into(),
        Condition::NotDuplicated => "not_duplicated()".into(),
        Condition::AscendedUsing(q) => format!("ascended_using({})", query_expr(q)),
        Condition::EventCardIs(q) => format!("matches(event_cards(), {})", query_expr(q)),
    }
}

/// A short question for `may(…)`.
pub(super) fn question(body: &[Action]) -> String {
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
        Action::Summon { .. } | Action::SummonToken { .. } => "Summon".into(),
        Action::Reveal(_) => "Reveal".into(),
        Action::Deploy { .. } => "Deploy".into(),
        Action::Mill { .. } => "Discard from the top of the deck".into(),
        Action::Bp { .. } => "Change BP".into(),
        _ => "Use this effect".into(),
    }
}

/// Parenthesise an expression that is not a plain number or call.
pub(super) fn paren(e: &str) -> String {
    if e.contains(' ') {
        format!("({e})")
    } else {
        e.to_string()
    }
}

/// `n * expr`, or just `expr` when n is 1.
pub(super) fn times(n: u64, expr: &str) -> String {
    if n == 1 {
        expr.to_string()
    } else {
        format!("{n} * {expr}")
    }
}

pub(super) fn scale1(a: &Amount) -> Amount {
    match a {
        Amount::Fixed(_) => Amount::Fixed(1),
        Amount::PerEach(_, q) => Amount::PerEach(1, q.clone()),
        Amount::PerLevel(_) => Amount::PerLevel(1),
        Amount::PerDestroyedByThisEffect(_) => Amount::PerDestroyedByThisEffect(1),
        Amount::PerOwn(_, w) => Amount::PerOwn(1, *w),
        Amount::CostOfSelected => Amount::CostOfSelected,
        Amount::AtMost(a, _) => scale1(a),
    }
}
