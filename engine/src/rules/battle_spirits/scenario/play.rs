//! One Battle Spirits scenario: its board set up, its actions played, its expectations
//! checked; the log tail when something failed.

use super::board::{self, Table};
use super::model::{Action, LogItem, Preset};
use super::{Scenario, actions, expect};
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{Event, render_event};
use crate::tools::scenario::Failure;

/// How many log lines a failing scenario shows.
const LOG_TAIL: usize = 25;

/// Sets up `sc`'s board under `preset` on `lib` and plays it (see [`play`]); `Err` when the
/// board cannot be set up.
pub(super) fn set_up_and_play(
    preset: Preset,
    sc: &Scenario,
    lib: &CardLibrary,
    pack_cards: &[Vec<carddb::CardId>],
    at: &str,
) -> Result<(Vec<Failure>, Vec<String>), Box<Failure>> {
    let board_at = format!("{at}.board");
    match board::set_up(&sc.board, preset, sc.seed, lib, pack_cards, &board_at) {
        Err(l) => Err(Box::new(Failure {
            help: l.help,
            ..Failure::at(&l.field, l.message)
        })),
        Ok(mut t) => Ok(play(&mut t, sc, at)),
    }
}

/// Plays the actions and checks the expectations: the failures and the log tail.
fn play(t: &mut Table, sc: &Scenario, at: &str) -> (Vec<Failure>, Vec<String>) {
    let mut failures = Vec::new();
    for (i, a) in sc.actions.iter().enumerate() {
        let here = format!("{at}.do[{i}]");
        if let Action::Check(e) = a {
            failures.extend(expect::check(t, e, &format!("{here}.check")));
        } else if let Err(f) = actions::perform(t, a, &here, sc.strict) {
            failures.push(*f);
        } else if let Err(e) = t.game.check_invariants() {
            failures.push(Failure::at(
                &here,
                format!("an invariant broke (BS-0.5): {e}"),
            ));
        }
        if !failures.is_empty() {
            break;
        }
    }
    // Strict choice mode: an effect's question left open means the effect has not
    // finished; its state is not one to check.
    if failures.is_empty()
        && sc.strict
        && sc.expect.decision.is_none()
        && let crate::rules::battle_spirits::Step::Decision(r) = t.game.next()
        && r.kind == crate::rules::battle_spirits::DecisionKind::EffectChoice
    {
        failures.push(Failure::at(
            &format!("{at}.do"),
            format!(
                "the actions end while an effect still asks (strict choice mode)\n    {}",
                actions::describe(&r)
            ),
        ));
    }
    if failures.is_empty() {
        failures.extend(expect::check(t, &sc.expect, &format!("{at}.expect")));
        // A script that threw fails the scenario unless it names that failure.
        let expected_failure = sc.expect.log.iter().any(|l| matches!(l, LogItem::Failed(_)))
            || sc.actions.iter().any(|a| {
                matches!(a, Action::Check(e) if e.log.iter().any(|l| matches!(l, LogItem::Failed(_))))
            });
        if !expected_failure
            && let Some(ev) = t.game.log()[t.start..]
                .iter()
                .find(|e| matches!(e, Event::EffectFailed { .. }))
        {
            failures.push(Failure::at(
                at,
                format!(
                    "an effect failed: {} (expect it with `log: [failed: CARD]`)",
                    render_event(ev, &t.game)
                ),
            ));
        }
    }
    let tail = if failures.is_empty() {
        vec![]
    } else {
        let log = &t.game.log()[t.start..];
        log[log.len().saturating_sub(LOG_TAIL)..]
            .iter()
            .map(|e| render_event(e, &t.game))
            .collect()
    };
    (failures, tail)
}
