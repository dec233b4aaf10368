//! The `--json` output of `lint`, `db build`, `deck check` and `cards show`, one
//! shape for all (`docs/json-output.md`): one JSON object on stdout,
//! `{"command", "ok", "diagnostics": [...], "result"}`, each diagnostic
//! `{"file", "line", "column", "field", "message", "severity", "suggestion"}`. The exit
//! status is not 0 when a diagnostic is an error.

use serde_json::{Value, json};

/// Version of the shape; raised when a field changes meaning or goes away.
pub const SHAPE_VERSION: u32 = 1;

/// One diagnostic as JSON; `severity`: `error` or `warning`. An empty file or field, or a
/// line 0, is `null` (the problem has no place in a file).
pub fn diagnostic(d: &carddb::Diagnostic, severity: &str) -> Value {
    let file = d.file.to_string_lossy();
    json!({
        "file": (!file.is_empty()).then(|| file.to_string()),
        "line": (d.line > 0).then_some(d.line),
        "column": (d.column > 0).then_some(d.column),
        "field": (!d.field.is_empty()).then(|| d.field.clone()),
        "message": d.message,
        "severity": severity,
        "suggestion": d.help,
    })
}

/// The diagnostics an error carries: every located one of [`carddb::LoadError::Invalid`],
/// else the error's message without a place.
pub fn of_error(e: &(dyn std::error::Error + 'static)) -> Vec<carddb::Diagnostic> {
    if let Some(l) = e.downcast_ref::<carddb::LoadError>() {
        if !l.diagnostics().is_empty() {
            return l.diagnostics().to_vec();
        }
        if let carddb::LoadError::UnknownCard { id, did_you_mean } = l {
            return vec![carddb::Diagnostic {
                file: Default::default(),
                line: 0,
                column: 0,
                field: String::new(),
                message: format!("unknown card `{id}`"),
                help: did_you_mean
                    .as_ref()
                    .map(|s| format!("did you mean `{s}`?")),
            }];
        }
    }
    vec![carddb::Diagnostic {
        file: Default::default(),
        line: 0,
        column: 0,
        field: String::new(),
        message: e.to_string(),
        help: None,
    }]
}

/// Prints the report of `command` on stdout.
///
/// Errors: when `errors` is not empty, a short error (the exit status is then 1; the
/// diagnostics are in the JSON).
pub fn emit(
    command: &str,
    errors: &[carddb::Diagnostic],
    warnings: &[carddb::Diagnostic],
    result: Value,
) -> Result<(), Box<dyn std::error::Error>> {
    let diagnostics: Vec<Value> = errors
        .iter()
        .map(|d| diagnostic(d, "error"))
        .chain(warnings.iter().map(|d| diagnostic(d, "warning")))
        .collect();
    let report = json!({
        "shape": SHAPE_VERSION,
        "command": command,
        "ok": errors.is_empty(),
        "diagnostics": diagnostics,
        "result": result,
    });
    say!("{}", serde_json::to_string_pretty(&report)?);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Box::new(Reported(errors.len())))
    }
}

/// The failure of a command whose report is printed already (the exit status only).
#[derive(Debug)]
pub struct Reported(pub usize);

impl std::fmt::Display for Reported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} error(s) (in the JSON on stdout)", self.0)
    }
}

impl std::error::Error for Reported {}

/// Runs `f`; with `json`, a failure is printed as the report of `command` (its diagnostics)
/// instead of returned as text.
pub fn or_report(
    json: bool,
    command: &str,
    f: impl FnOnce() -> Result<(), Box<dyn std::error::Error>>,
) -> Result<(), Box<dyn std::error::Error>> {
    match f() {
        Err(e) if json && !e.is::<Reported>() => {
            emit(command, &of_error(e.as_ref()), &[], Value::Null)
        }
        other => other,
    }
}
