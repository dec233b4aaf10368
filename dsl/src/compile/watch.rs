//! What a watcher ("when … , …") is about: the card(s) its event names, which "it"
//! inside it refers to.

use crate::ast::*;

/// Whether the event is about "one of" some cards and may happen to several at once
/// ("when one of your spirits is destroyed"; an attack or a block is one card's).
pub(super) fn event_about_one_of(e: &Event) -> bool {
    let who = match e {
        Event::Destroyed { who, .. } | Event::WouldBeDestroyed { who, .. } => who,
        Event::DestroyedAtZeroBp(w)
        | Event::Summoned(w)
        | Event::Exhausted(w)
        | Event::Refreshed(w)
        | Event::ReturnedToHand(w)
        | Event::ReturnedToHandOrDeck(w) => w,
        _ => return false,
    };
    matches!(who, Subject::AnyOf(_))
}

/// Whether a sub-trigger's event is about cards (`event_cards()` is its antecedent).
pub(super) fn event_has_card(e: &Event) -> bool {
    !matches!(
        e,
        Event::LoseLife
            | Event::EitherLosesLife
            | Event::ReduceOpponentLife
            | Event::OpponentDraws
            | Event::OpponentDrawsOutsideDrawStep
            | Event::OpponentDrawsByEffect
            | Event::OpponentMillsYou(_)
            | Event::YouDrawByEffect
            | Event::LifeIncreases
            | Event::OpponentLifeIncreases
            | Event::BattleEnds
            | Event::CorePlacedInReserve
            | Event::CorePlacedOnThis
            | Event::YouSetBurst
            | Event::EndOfTurn
            | Event::Caused { cards: None, .. }
    )
}

/// True when the first use of the variable `t` in `code` reads it (is not `t = …`).
pub(super) fn refers_to_t_before_binding(code: &str) -> bool {
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
