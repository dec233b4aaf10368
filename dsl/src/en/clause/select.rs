//! Clauses that limit what may be selected, blocked or attacked with (BS-6.1, BS-6.3,
//! BS-8.1): "can only select …", "while … attacking, cannot be blocked by … with fewer BP
//! than them", "cannot attack with a spirit unless they remove a core from it …", "cannot
//! use magic cards in their hand that …".

use super::*;

/// The actions of a selection-limit clause (`clause_sel` in en.pest).
pub(super) fn select_clause(c: Pair<Rule>) -> Vec<Action> {
    match c.as_rule() {
        Rule::c_only_select => only_select(&c),
        Rule::c_unblock_weaker => unblock_weaker(&c),
        Rule::c_attack_own_cores => attack_own_cores(&c),
        Rule::c_cannot_play => cannot_play(&c),
        Rule::c_life_onto => {
            let w = (c.clone().into_inner())
                .find(|x| x.as_rule() == Rule::life_whose)
                .map(|x| x.as_str().to_ascii_lowercase())
                .unwrap_or_default();
            let whose = if w.starts_with("either") {
                Whose::Either
            } else if w.starts_with("your opponent") {
                Whose::Opponent
            } else {
                Whose::You
            };
            vec![Action::LifeCoresOnto(whose, Duration::WhileActive)]
        }
        other => unreachable!("not a selection-limit clause: {other:?}"),
    }
}

/// The kind word of `c` (its last `kind` pair, not one inside a noun phrase) as a query
/// kind: spirits unless it names nexuses.
fn kind_in(c: &Pair<Rule>) -> CardKind {
    let k = (c.clone().into_inner())
        .filter(|x| x.as_rule() == Rule::kind)
        .last();
    match k.and_then(|k| k.into_inner().next()).map(|k| k.as_rule()) {
        Some(Rule::k_nexus) | Some(Rule::k_nexus_card) => CardKind::Nexus,
        Some(Rule::k_spirit_or_nexus) => CardKind::SpiritOrNexus,
        _ => CardKind::Spirit,
    }
}

/// "your opponent can only select an exhausted spirit when using an effect to select one of
/// your spirits": your cards of that kind the noun does not describe cannot
/// be selected by the opponent's effects (BS-8.1) — the same limit said the other way.
fn only_select(c: &Pair<Rule>) -> Vec<Action> {
    let Some(allowed) = by_query(c) else {
        return Vec::new();
    };
    let kind = kind_in(c);
    let others = Query {
        owner: Owner::You,
        kind,
        zone: Zone::Field,
        filters: vec![Filter::Except(Box::new(allowed))],
    };
    vec![Action::CannotBe {
        target: Target::All(others),
        what: Protection::Selected,
        by_kinds: Vec::new(),
        by_colours: Vec::new(),
        by_filters: Vec::new(),
        duration: Duration::WhileActive,
    }]
}

/// "While your Gearling spirits are attacking, they cannot be blocked by spirits with fewer
/// BP than them": each of those spirits, while it attacks, cannot be blocked by a spirit
/// with less BP than its own when the block would be declared (BS-6.3).
fn unblock_weaker(c: &Pair<Rule>) -> Vec<Action> {
    let Some(mut by) = by_query(c) else {
        return Vec::new();
    };
    by.filters.push(Filter::BpBelowAttacker);
    let target = match first_target(c, Whose::You) {
        Target::All(mut q) => {
            q.filters.push(Filter::Attacking);
            Target::All(q)
        }
        Target::This => Target::Attacker,
        other => other,
    };
    vec![Action::CannotBeBlocked(
        target,
        Some(by),
        Duration::WhileActive,
    )]
}

/// "During this turn your opponent cannot attack with a spirit unless they remove two cores
/// from it and place them into their reserve" (BS-6.1): an attack tax paid by the attacker's
/// own cores, which go to the reserve (ruling ST02-016: a spirit left with too few cores is
/// destroyed, BS-5.3).
fn attack_own_cores(c: &Pair<Rule>) -> Vec<Action> {
    let owner = if c.as_str().to_ascii_lowercase().starts_with("your opponent") {
        Owner::Opponent
    } else {
        Owner::You
    };
    let cores = (c.clone().into_inner())
        .find(|x| x.as_rule() == Rule::number)
        .map(number_of)
        .unwrap_or(1);
    let duration = (c.clone().into_inner())
        .find(|x| x.as_rule() == Rule::duration)
        .map(duration_of)
        .unwrap_or(Duration::WhileActive);
    vec![Action::AttackTax {
        target: Target::All(Query {
            owner,
            ..your_spirits()
        }),
        cores,
        own_cores: true,
        duration,
    }]
}

/// "Your opponent cannot use magic cards in their hand that share a color with the symbols on
/// their field", "… cannot summon a spirit that costs 6 or more more than once per turn" (BS-5.1, BS-5.4, BS-5.5): those cards in the hand cannot be played — for
/// "more than once per turn", once such a spirit was summoned this turn.
fn cannot_play(c: &Pair<Rule>) -> Vec<Action> {
    let owner = if c.as_str().to_ascii_lowercase().starts_with("your opponent") {
        Owner::Opponent
    } else {
        Owner::You
    };
    let Some(np) = (c.clone().into_inner()).find(|x| x.as_rule() == Rule::np_body) else {
        return Vec::new();
    };
    let mut q = query_of(np, owner);
    q.owner = owner;
    q.zone = Zone::Hand;
    if q.kind == CardKind::Spirit {
        q.kind = CardKind::SpiritCard;
    }
    let once_per_turn = (c.clone().into_inner()).any(|x| x.as_rule() == Rule::play_once);
    // "more than once per turn" is counted by summons: said of other plays it stays unread.
    if once_per_turn && q.kind != CardKind::SpiritCard {
        return vec![Action::Unparsed {
            text: c.as_str().to_string(),
            span: Span {
                start: c.as_span().start(),
                end: c.as_span().end(),
            },
        }];
    }
    vec![Action::CannotPlay {
        target: Target::All(q),
        once_per_turn,
        duration: Duration::WhileActive,
    }]
}
