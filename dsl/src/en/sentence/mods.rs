//! Trailing durations (BS-6.7) and "for each" multipliers: which actions take a duration,
//! reading them from the sentence and applying them to an action.

use super::super::*;

/// Apply a trailing duration / "for each" multiplier to an action.
/// The duration an action's change lasts, for the actions [`apply_mods`] gives one.
pub(in crate::en) fn duration_of_action(a: &Action) -> Option<Duration> {
    match a {
        Action::Bp { duration: d, .. }
        | Action::AttackTax { duration: d, .. }
        | Action::CannotPlay { duration: d, .. }
        | Action::LifeCoresOnto(_, d)
        | Action::SymbolsAs { duration: d, .. }
        | Action::ColoursAlso(_, _, d)
        | Action::CannotBe { duration: d, .. }
        | Action::CannotBeDestroyed { duration: d, .. }
        | Action::CannotAttack(_, d)
        | Action::CannotBlock(_, d)
        | Action::CannotBeBlocked(_, _, d)
        | Action::GainKeyword(_, _, d)
        | Action::GainFamily(_, _, d)
        | Action::AllFamilies(_, d)
        | Action::GainSymbols(_, _, _, d)
        | Action::TreatAsLevel(_, _, d)
        | Action::TreatAsHighestLevel(_, d)
        | Action::MustAttack(_, d)
        | Action::AttacksCannotReduceLife { duration: d, .. }
        | Action::DeckDiscardLimit { duration: d, .. }
        | Action::NoDrawsBy { duration: d, .. }
        | Action::CanBlockWhileExhausted(_, _, d)
        | Action::CannotBeDestroyedInBattle(_, d) => Some(*d),
        _ => None,
    }
}

pub(in crate::en) fn apply_mods(a: Action, dur: Option<Duration>, per: Option<Amount>) -> Action {
    // A card's own count ("for each symbol they have") only multiplies a BP gain.
    if matches!(per, Some(Amount::PerOwn(..)))
        && !matches!(a, Action::Bp { amount, .. } if amount > 0)
    {
        return Action::Unparsed {
            text: "for each … of its own (only a BP gain takes it)".into(),
            span: Span { start: 0, end: 0 },
        };
    }
    match a {
        Action::Bp {
            target,
            amount,
            per: p0,
            duration,
        } => Action::Bp {
            target,
            amount,
            per: per.map(|p| scale(p, 1)).or(p0),
            duration: dur.unwrap_or(duration),
        },
        Action::CannotAttack(t, d) => Action::CannotAttack(t, dur.unwrap_or(d)),
        Action::CannotBlock(t, d) => Action::CannotBlock(t, dur.unwrap_or(d)),
        Action::CannotBeBlocked(t, q, d) => Action::CannotBeBlocked(t, q, dur.unwrap_or(d)),
        Action::GainKeyword(t, k, d) => Action::GainKeyword(t, k, dur.unwrap_or(d)),
        Action::GainFamily(t, f, d) => Action::GainFamily(t, f, dur.unwrap_or(d)),
        Action::AllFamilies(t, d) => Action::AllFamilies(t, dur.unwrap_or(d)),
        Action::GainSymbols(t, n, c, d) => Action::GainSymbols(t, n, c, dur.unwrap_or(d)),
        Action::TreatAsLevel(t, l, d) => Action::TreatAsLevel(t, l, dur.unwrap_or(d)),
        Action::TreatAsHighestLevel(t, d) => Action::TreatAsHighestLevel(t, dur.unwrap_or(d)),
        Action::MustAttack(t, d) => Action::MustAttack(t, dur.unwrap_or(d)),
        Action::NoDrawsBy {
            whose,
            kind,
            duration,
        } => Action::NoDrawsBy {
            whose,
            kind,
            duration: dur.unwrap_or(duration),
        },
        Action::DeckDiscardLimit {
            max,
            opponent_only,
            duration,
        } => Action::DeckDiscardLimit {
            max,
            opponent_only,
            duration: dur.unwrap_or(duration),
        },
        Action::AttacksCannotReduceLife {
            attackers,
            to,
            duration,
        } => Action::AttacksCannotReduceLife {
            attackers,
            to,
            duration: dur.unwrap_or(duration),
        },
        Action::LifeCoresOnto(w, d) => Action::LifeCoresOnto(w, dur.unwrap_or(d)),
        Action::CannotPlay {
            target,
            once_per_turn,
            duration,
        } => Action::CannotPlay {
            target,
            once_per_turn,
            duration: dur.unwrap_or(duration),
        },
        Action::AttackTax {
            target,
            cores,
            own_cores,
            duration,
        } => Action::AttackTax {
            target,
            cores,
            own_cores,
            duration: dur.unwrap_or(duration),
        },
        Action::SymbolsAs {
            target,
            count,
            colour,
            duration,
        } => Action::SymbolsAs {
            target,
            count,
            colour,
            duration: dur.unwrap_or(duration),
        },
        Action::ColoursAlso(t, cs, d) => Action::ColoursAlso(t, cs, dur.unwrap_or(d)),
        Action::CanBlockWhileExhausted(t, q, d) => {
            Action::CanBlockWhileExhausted(t, q, dur.unwrap_or(d))
        }
        Action::CannotBe {
            target,
            what,
            by_kinds,
            by_colours,
            by_filters,
            duration,
        } => Action::CannotBe {
            target,
            what,
            by_kinds,
            by_colours,
            by_filters,
            duration: dur.unwrap_or(duration),
        },
        Action::CannotBeDestroyed {
            target,
            by_opponent,
            by_kinds,
            by_colours,
            duration,
        } => Action::CannotBeDestroyed {
            target,
            by_opponent,
            by_kinds,
            by_colours,
            duration: dur.unwrap_or(duration),
        },
        Action::CannotBeDestroyedInBattle(t, d) => {
            Action::CannotBeDestroyedInBattle(t, dur.unwrap_or(d))
        }
        Action::Draw(Amount::Fixed(n)) if per.is_some() => {
            Action::Draw(per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)))
        }
        Action::SummonToken {
            name,
            count: Amount::Fixed(n),
            exhausted,
        } if per.is_some() => Action::SummonToken {
            name,
            count: per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)),
            exhausted,
        },
        Action::Reveal(Amount::Fixed(n)) if per.is_some() => {
            Action::Reveal(per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)))
        }
        Action::Select(Target::Choose {
            count: Count::Exactly(n),
            query,
            chooser,
        }) if per.is_some() => {
            let count = match per {
                Some(Amount::PerEach(_, q)) => Count::PerEach(n, q),
                _ => Count::Exactly(n),
            };
            Action::Select(Target::Choose {
                count,
                query,
                chooser,
            })
        }
        Action::Mill {
            whose,
            count: Amount::Fixed(n),
        } if per.is_some() => Action::Mill {
            whose,
            count: per.map(|p| scale(p, n)).unwrap_or(Amount::Fixed(n)),
        },
        Action::MoveCores {
            count, from, to, ..
        } if per.is_some() => Action::MoveCores {
            count,
            from,
            to,
            per,
        },
        // A multiplier the action cannot take: not understood, rather than silently dropped.
        _ if per.is_some() => Action::Unparsed {
            text: "for each … (this action takes no multiplier)".into(),
            span: Span { start: 0, end: 0 },
        },
        other => other,
    }
}

fn scale(a: Amount, n: u32) -> Amount {
    match a {
        Amount::Fixed(m) => Amount::Fixed(m.saturating_mul(n)),
        Amount::PerEach(_, q) => Amount::PerEach(n, q),
        Amount::PerLevel(_) => Amount::PerLevel(n),
        Amount::PerDestroyedByThisEffect(_) => Amount::PerDestroyedByThisEffect(n),
        Amount::PerOwn(_, w) => Amount::PerOwn(n, w),
        Amount::CostOfSelected => Amount::CostOfSelected,
        Amount::AtMost(a, m) => Amount::AtMost(Box::new(scale(*a, n)), m),
    }
}

pub(in crate::en) fn duration_of(p: Pair<Rule>) -> Duration {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::d_battle) => Duration::Battle,
        _ => Duration::Turn,
    }
}

pub(super) fn for_each_of(p: Pair<Rule>, n: u32) -> Amount {
    let Some(inner) = p.into_inner().next() else {
        return Amount::Fixed(n);
    };
    if inner.as_rule() == Rule::fe_level {
        return Amount::PerLevel(n);
    }
    if inner.as_rule() == Rule::fe_destroyed {
        return Amount::PerDestroyedByThisEffect(n);
    }
    if inner.as_rule() == Rule::fe_own_sym {
        return Amount::PerOwn(n, OwnCount::Symbols);
    }
    if inner.as_rule() == Rule::fe_own_cores {
        return Amount::PerOwn(n, OwnCount::Cores);
    }
    let discarded = inner.as_rule() == Rule::fe_discarded;
    let mut owner = None;
    let mut q = None;
    let mut ctrl = None;
    for x in inner.into_inner() {
        match x.as_rule() {
            Rule::owner => owner = Some(owner_of(x)),
            Rule::np_body => q = Some(x),
            Rule::controller => {
                ctrl = Some(match x.into_inner().next().map(|c| c.as_rule()) {
                    Some(Rule::ctrl_opp) => Owner::Opponent,
                    Some(Rule::ctrl_any) => Owner::Any,
                    _ => Owner::You,
                })
            }
            _ => {}
        }
    }
    let owner = owner.or(ctrl).unwrap_or(Owner::Any);
    match q {
        // "for each spirit card discarded this way": counted among `discarded()`.
        Some(np) if discarded => {
            let mut q = query_of(np, owner);
            q.zone = Zone::Discarded;
            Amount::PerEach(n, q)
        }
        Some(np) => Amount::PerEach(n, query_of(np, owner)),
        None => Amount::Fixed(n),
    }
}
