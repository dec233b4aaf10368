//! The rhai of events that name their cause (`ev_exhausted_by`, `ev_depleted_by_keyword`,
//! `ev_core_from_void_by` …; BS-8.1).

use super::*;

/// The event call of an [`Event::Caused`] (any other event: an empty string).
pub(super) fn caused_expr(e: &Event) -> String {
    let Event::Caused {
        what,
        cards,
        whose,
        keyword,
    } = e
    else {
        return String::new();
    };
    let cards = cards.as_ref().map(query_expr).unwrap_or_default();
    let whose = lit(whose_word(*whose));
    match (what, keyword) {
        // BS-6.6: destroyed by an effect, never in battle.
        (CausedKind::Destroyed, _) => format!("ev_destroyed_by_effect_of({cards}, {whose})"),
        (CausedKind::Exhausted, Some(k)) => {
            format!("ev_exhausted_by_keyword({cards}, {})", lit(k))
        }
        (CausedKind::Exhausted, None) => format!("ev_exhausted_by({cards}, {whose})"),
        // BS-5.3: cores reduced below the lowest level (to zero) is depletion.
        (CausedKind::Depleted, Some(k)) => {
            format!("ev_depleted_by_keyword({cards}, {})", lit(k))
        }
        (CausedKind::Depleted, None) => format!("ev_depleted_by({cards}, {whose})"),
        (CausedKind::CoreFromVoid, _) => format!("ev_core_from_void_by({whose}, {cards})"),
        (CausedKind::AddedToHand, _) => format!("ev_added_to_hand_by({whose})"),
    }
}
