//! Events that name their cause ("by your opponent's effect", "by a Gale effect") and the
//! battle's results (BS-6.5.2): watched happenings (`Game::watch`) whose cause is the
//! effect running when they happen (`ctx::acting_effect`).

use super::watchers::whose_of;
use super::*;
use crate::rules::battle_spirits::script::hooks::Whose;
use crate::rules::battle_spirits::script::state::WatchKind;

/// The event functions of this module and what each watches (the host scans scripts for
/// them, so only watched happenings are queued).
pub(crate) const CAUSED_FNS: &[(&str, WatchKind)] = &[
    ("ev_exhausted_by(", WatchKind::Exhausted),
    ("ev_exhausted_by_keyword(", WatchKind::Exhausted),
    ("ev_depleted_by(", WatchKind::Depleted),
    ("ev_depleted_by_keyword(", WatchKind::Depleted),
    ("ev_core_from_void_by(", WatchKind::CoreFromVoid),
    ("ev_added_to_hand_by(", WatchKind::AddedToHand),
    ("ev_wins_comparison(", WatchKind::WinsComparison),
    ("ev_summoned_from_trash(", WatchKind::SummonedFromTrash),
    ("ev_battle_ends_with(", WatchKind::BattleEndsWith),
    ("ev_battle_ends_with(", WatchKind::BattleEndsOnField),
];

fn caused(kind: WatchKind, subject: Option<Query>, whose: Whose, kw: Option<&str>) -> EventSpec {
    ev(SubEvent::Caused {
        kind,
        subject,
        whose,
        keyword: kw.map(str::to_lowercase),
    })
}

fn plain(kind: WatchKind, subject: Query) -> EventSpec {
    ev(SubEvent::Watch {
        kind,
        subject: Some(subject),
        whose: Whose::Either,
        n: 1,
    })
}

pub(super) fn register_caused(e: &mut Engine) {
    reg!(
        e,
        "ev_exhausted_by",
        ["subject", "whose: &str"],
        "Event: an effect of a card \"your\", \"opponent\" or \"either\" player controls (relative to the watcher's controller) exhausts a card the subject matches (\"when one of your effects exhausts one of your opponent's spirits\"); the rules' exhaustions (attack BS-6.1, block BS-6.3) are no effect's.",
        |s: Dynamic, w: &str| -> R<EventSpec> {
            Ok(caused(
                WatchKind::Exhausted,
                Some(subject(&s)?),
                whose_of(w)?,
                None,
            ))
        }
    );
    reg!(
        e,
        "ev_exhausted_by_keyword",
        ["subject", "keyword: &str"],
        "Event: an effect of the keyword `keyword` (any case; either player's) exhausts a card the subject matches (\"exhausted by a Gale effect\").",
        |s: Dynamic, k: &str| -> R<EventSpec> {
            Ok(caused(
                WatchKind::Exhausted,
                Some(subject(&s)?),
                Whose::Either,
                Some(k),
            ))
        }
    );
    reg!(
        e,
        "ev_depleted_by",
        ["subject", "whose: &str"],
        "Event: a card the subject matches is depleted (BS-5.3; the Saga's \"has its cores reduced to zero\") while an effect of a card \"your\", \"opponent\" or \"either\" player controls resolves; core movement and costs outside any effect are no effect's.",
        |s: Dynamic, w: &str| -> R<EventSpec> {
            Ok(caused(
                WatchKind::Depleted,
                Some(subject(&s)?),
                whose_of(w)?,
                None,
            ))
        }
    );
    reg!(
        e,
        "ev_depleted_by_keyword",
        ["subject", "keyword: &str"],
        "Event: a card the subject matches is depleted (BS-5.3) by an effect of the keyword `keyword` (any case; \"reduce one of your spirit's cores to zero with an Awaken effect\").",
        |s: Dynamic, k: &str| -> R<EventSpec> {
            Ok(caused(
                WatchKind::Depleted,
                Some(subject(&s)?),
                Whose::Either,
                Some(k),
            ))
        }
    );
    reg!(
        e,
        "ev_core_from_void_by",
        ["whose: &str", "cards"],
        "Event: an effect of a card \"your\", \"opponent\" or \"either\" player controls places a core from the void (BS-0.3) onto a card the query matches or into that effect's controller's own reserve; each core placed is one happening.",
        |w: &str, q: Dynamic| -> R<EventSpec> {
            Ok(caused(
                WatchKind::CoreFromVoid,
                Some(subject(&q)?),
                whose_of(w)?,
                None,
            ))
        }
    );
    reg!(
        e,
        "ev_added_to_hand_by",
        ["whose: &str"],
        "Event: an effect of a card \"your\", \"opponent\" or \"either\" player controls adds cards to that player's own hand (drawn, added from a deck or a trash, returned); the cards one effect adds are one happening; the draw step's draw is no effect's (BS-3).",
        |w: &str| -> R<EventSpec> { Ok(caused(WatchKind::AddedToHand, None, whose_of(w)?, None)) }
    );
    reg!(
        e,
        "ev_wins_comparison",
        ["subject"],
        "Event: a card the subject matches has the higher BP when BP are compared in battle (BS-6.5.2; equal BP is no win), so only the other card is destroyed by the comparison (BS-6.6).",
        |s: Dynamic| -> R<EventSpec> { Ok(plain(WatchKind::WinsComparison, subject(&s)?)) }
    );
    reg!(
        e,
        "ev_summoned_from_trash",
        ["subject"],
        "Event: a spirit the subject matches is summoned from its owner's trash (BS-5.1, by an effect).",
        |s: Dynamic| -> R<EventSpec> { Ok(plain(WatchKind::SummonedFromTrash, subject(&s)?)) }
    );
    reg!(
        e,
        "ev_battle_ends_with",
        ["subject", "still_on_field: bool"],
        "Event: a battle ends (BS-6.7) in which a card the subject matches attacked or blocked; with `still_on_field`, only if that card is still on the field then (\"… ends with your spirit still on the field\"). `event_cards()` is that card.",
        |s: Dynamic, on: bool| -> R<EventSpec> {
            let kind = if on {
                WatchKind::BattleEndsOnField
            } else {
                WatchKind::BattleEndsWith
            };
            Ok(plain(kind, subject(&s)?))
        }
    );
}
