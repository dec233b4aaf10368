//! Running one scenario of any game and what comes out: a status, located failures with
//! expected and actual values, and the tail of the game's log.

use serde::Serialize;

use super::Parsed;
use super::model::ScenarioGame;

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

pub(super) fn run_one<G: ScenarioGame>(
    parsed: &Parsed<G>,
    index: usize,
    cards: &G::Cards,
) -> ScenarioResult {
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
        G::play(&parsed.file.rules, sc, cards, &parsed.pack_cards, &at)
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

impl ScenarioResult {
    /// The result of a scenario that did not run, with the reason (its packs are absent).
    pub fn skipped(name: &str, rule: Option<String>, ruling: Option<String>, why: &str) -> Self {
        ScenarioResult {
            name: name.to_string(),
            line: 0,
            rule,
            ruling,
            status: Status::Skipped(why.to_string()),
            failures: vec![],
            log_tail: vec![],
        }
    }
}
