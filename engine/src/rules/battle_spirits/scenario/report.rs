//! Running one scenario and what comes out: a status, located failures with expected and
//! actual values, and the tail of the game's log.

use serde::Serialize;

use super::Parsed;
use super::board::{self, Table};
use super::model::{Action, LogItem};
use super::{actions, expect};
use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::{Event, render_event};

/// How many log lines a failing scenario shows.
const LOG_TAIL: usize = 25;

/// A scenario's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Passed,
    /// An action or an expectation failed.
    Failed,
    /// The scenario itself is wrong (a card the packs lack, an impossible board).
    Broken,
    /// `skip:` with its reason.
    Skipped(String),
}

/// One thing that did not hold, at a field of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The field path (`scenarios[0].expect.p2.life`).
    pub field: String,
    /// Its 1-based line in the file (0 until located).
    pub line: usize,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Failure {
    /// A failure described by a message.
    pub fn at(field: &str, message: impl Into<String>) -> Failure {
        Failure {
            field: field.to_string(),
            line: 0,
            message: message.into(),
            expected: None,
            actual: None,
            help: None,
        }
    }

    /// An expected-vs-actual difference.
    pub fn diff(field: &str, expected: &str, actual: &str) -> Failure {
        Failure {
            expected: Some(expected.to_string()),
            actual: Some(actual.to_string()),
            ..Failure::at(field, "not as expected")
        }
    }
}

/// The result of one scenario.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioResult {
    pub name: String,
    /// Its line in the file.
    pub line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
    pub status: Status,
    pub failures: Vec<Failure>,
    /// The last lines of the log (failed scenarios only).
    pub log_tail: Vec<String>,
}

pub(super) fn run_one(parsed: &Parsed, index: usize, lib: &CardLibrary) -> ScenarioResult {
    let sc = &parsed.file.scenarios[index];
    let at = format!("scenarios[{index}]");
    let mut res = ScenarioResult {
        name: sc.name.clone(),
        line: parsed.locations.find(&at).line,
        rule: sc.rule.clone(),
        ruling: sc.ruling.clone(),
        status: Status::Passed,
        failures: vec![],
        log_tail: vec![],
    };
    if let Some(why) = &sc.skip {
        res.status = Status::Skipped(why.clone());
        return res;
    }
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let board_at = format!("{at}.board");
        match board::set_up(&sc.board, parsed.file.rules, sc.seed, lib, &board_at) {
            Err(l) => Err(Box::new(Failure {
                help: l.help,
                ..Failure::at(&l.field, l.message)
            })),
            Ok(mut t) => Ok(play(&mut t, sc, &at)),
        }
    }));
    match outcome {
        Ok(Err(broken)) => {
            res.status = Status::Broken;
            res.failures.push(*broken);
        }
        Ok(Ok((failures, tail))) => {
            if !failures.is_empty() {
                res.status = Status::Failed;
                res.failures = failures;
                res.log_tail = tail;
            }
        }
        Err(panic) => {
            let why = crate::driver::sim::panic_message(panic.as_ref());
            res.status = Status::Failed;
            res.failures
                .push(Failure::at(&at, format!("the engine panicked: {why}")));
        }
    }
    for f in &mut res.failures {
        f.line = parsed.locations.find(&f.field).line;
    }
    res
}

/// Plays the actions and checks the expectations: the failures and the log tail.
fn play(t: &mut Table, sc: &super::Scenario, at: &str) -> (Vec<Failure>, Vec<String>) {
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
