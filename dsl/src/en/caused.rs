//! Events that name their cause ("by your opponent's effect", "by a Gale effect") and the
//! battle's results ("has higher BP … when comparing BP", BS-6.5.2) → [`Event`].

use super::*;

/// Whether `r` is one of this module's events.
pub(super) fn is_caused(r: Rule) -> bool {
    matches!(
        r,
        Rule::ev_destroy_own
            | Rule::ev_zero_by
            | Rule::ev_zero_eff
            | Rule::ev_zero_you
            | Rule::ev_exh_by
            | Rule::ev_exh_eff
            | Rule::ev_void_opp
            | Rule::ev_opp_adds
            | Rule::ev_wins
            | Rule::ev_only_opp
            | Rule::ev_sum_trash
            | Rule::ev_battle_with
    )
}

/// The cards "one of …" names (owner as written; none: any spirit).
fn one_of(e: &Pair<Rule>) -> Option<Query> {
    let one = e
        .clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::es_one)?;
    match subject_of_one(one) {
        Subject::AnyOf(q) => Some(q),
        _ => None,
    }
}

/// Whose effect, or which keyword's: `cz_opp`, `cz_you`, `cz_kw`, or `o_opp` / `o_your`
/// after "one of" (the effect's controller, BS-8.1).
fn cause_of(e: &Pair<Rule>) -> (Whose, Option<String>) {
    for x in e.clone().into_inner() {
        match x.as_rule() {
            Rule::cz_opp | Rule::o_opp => return (Whose::Opponent, None),
            Rule::cz_you | Rule::o_your => return (Whose::You, None),
            Rule::cz_kw => {
                let k = x.into_inner().find(|y| y.as_rule() == Rule::kw_name);
                return (Whose::Either, k.map(|k| k.as_str().to_string()));
            }
            _ => {}
        }
    }
    (Whose::You, None)
}

/// The event of one of this module's rules.
pub(super) fn caused_event(e: Pair<Rule>) -> Option<Event> {
    let caused = |what, cards, (whose, keyword)| Event::Caused {
        what,
        cards,
        whose,
        keyword,
    };
    Some(match e.as_rule() {
        Rule::ev_destroy_own => caused(CausedKind::Destroyed, Some(one_of(&e)?), cause_of(&e)),
        Rule::ev_zero_by | Rule::ev_zero_eff | Rule::ev_zero_you => {
            caused(CausedKind::Depleted, Some(one_of(&e)?), cause_of(&e))
        }
        Rule::ev_exh_by | Rule::ev_exh_eff => {
            caused(CausedKind::Exhausted, Some(one_of(&e)?), cause_of(&e))
        }
        // "onto a spirit": a spirit of either player.
        Rule::ev_void_opp => {
            let onto = e
                .clone()
                .into_inner()
                .find(|x| x.as_rule() == Rule::void_onto)?;
            caused(
                CausedKind::CoreFromVoid,
                Some(one_of(&onto)?),
                (Whose::Opponent, None),
            )
        }
        Rule::ev_opp_adds => caused(CausedKind::AddedToHand, None, (Whose::Opponent, None)),
        Rule::ev_wins => match e.into_inner().next()? {
            x if x.as_rule() == Rule::es_one => Event::WinsComparison(subject_of_one(x)),
            _ => Event::WinsComparison(Subject::This),
        },
        // BS-6.6: only the opponent's spirit is destroyed: yours had the higher BP.
        Rule::ev_only_opp => Event::WinsComparison(Subject::AnyOf(your_spirits())),
        Rule::ev_sum_trash => {
            let mut q = one_of(&e)?;
            if q.owner == Owner::Any {
                q.owner = Owner::You; // "from your trash": your card
            }
            Event::SummonedFromTrash(q)
        }
        Rule::ev_battle_with => Event::BattleEndsWith {
            who: one_of(&e)?,
            on_field: e
                .as_str()
                .to_ascii_lowercase()
                .contains("still on the field"),
        },
        _ => return None,
    })
}
