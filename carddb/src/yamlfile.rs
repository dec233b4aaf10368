//! Typed reading of one YAML file with located errors: syntax errors, wrong types,
//! missing fields and unknown keys (with a did-you-mean) all become [`Diagnostic`]s.

use serde::de::DeserializeOwned;

use crate::error::{Diagnostic, did_you_mean};
use crate::locate::Locations;
use crate::source::PackFiles;

/// One YAML file of a pack and where its errors point. The location index is built only
/// when the first error needs it, so valid files are parsed once.
pub struct YamlFile<'a> {
    pub pack: &'a PackFiles,
    pub rel: &'a str,
    text: &'a str,
    locations: std::cell::OnceCell<Locations>,
}

impl<'a> YamlFile<'a> {
    /// Indexes `text` (the contents of `rel` in `pack`).
    pub fn new(pack: &'a PackFiles, rel: &'a str, text: &'a str) -> YamlFile<'a> {
        YamlFile {
            pack,
            rel,
            text,
            locations: std::cell::OnceCell::new(),
        }
    }

    /// The field locations of the file (indexed on first use).
    pub fn locations(&self) -> &Locations {
        self.locations.get_or_init(|| Locations::index(self.text))
    }

    /// A diagnostic at the field `path` of this file.
    pub fn error(
        &self,
        path: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) -> Diagnostic {
        let pos = self.locations().find(path);
        Diagnostic {
            file: self.pack.display_path(self.rel),
            line: pos.line,
            column: pos.column,
            field: path.to_string(),
            message: message.into(),
            help,
        }
    }

    /// Parses the whole text into a YAML value, or a diagnostic at the syntax error or
    /// where it nests deeper than [`MAX_YAML_DEPTH`](crate::yamldepth::MAX_YAML_DEPTH)
    /// (checked first: the parser's work grows faster than such a text).
    pub fn value(&self, text: &str) -> Result<serde_yaml::Value, Diagnostic> {
        if let Err(deep) = crate::yamldepth::check_depth(text) {
            return Err(Diagnostic {
                file: self.pack.display_path(self.rel),
                line: deep.line,
                column: deep.column,
                field: String::new(),
                message: deep.message(),
                help: None,
            });
        }
        serde_yaml::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            Diagnostic {
                file: self.pack.display_path(self.rel),
                line,
                column,
                field: String::new(),
                message: format!("not valid YAML: {}", strip_position(&e.to_string())),
                help: None,
            }
        })
    }

    /// Deserialises `value` (found at `prefix` in this file) into `T`; on failure a
    /// diagnostic at the failing field.
    pub fn typed<T: DeserializeOwned>(
        &self,
        value: serde_yaml::Value,
        prefix: &str,
    ) -> Result<T, Diagnostic> {
        serde_path_to_error::deserialize::<_, T>(value).map_err(|e| {
            let inner = e.path().to_string();
            // serde_path_to_error writes `?` for a map key it cannot name, `.` for the root.
            let inner = inner.trim_end_matches(".?").trim_end_matches('?');
            let inner = if inner == "." {
                String::new()
            } else {
                inner.to_string()
            };
            let message = e.inner().to_string();
            let (message, help, unknown) = explain(&message);
            let mut path = join(prefix, &inner);
            if let Some(key) = unknown {
                // serde names the unknown key in its message, not in the path.
                if !path.ends_with(&key) {
                    path = join(&path, &key);
                }
            }
            self.error(&path, message, help)
        })
    }
}

/// The entries of a file that holds one entry (a mapping) or several (a sequence), each
/// with its field-path prefix (`""` or `[i]`); an empty file holds none.
pub fn entries(value: serde_yaml::Value) -> Vec<(String, serde_yaml::Value)> {
    match value {
        serde_yaml::Value::Sequence(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("[{i}]"), v))
            .collect(),
        serde_yaml::Value::Null => Vec::new(),
        other => vec![(String::new(), other)],
    }
}

/// `a` + `b` as a field path.
pub fn join(prefix: &str, rest: &str) -> String {
    match (prefix.is_empty(), rest.is_empty()) {
        (true, _) => rest.to_string(),
        (_, true) => prefix.to_string(),
        _ if rest.starts_with('[') => format!("{prefix}{rest}"),
        _ => format!("{prefix}.{rest}"),
    }
}

/// Turns serde's message into (message, help, unknown key). For an unknown field the help
/// is a did-you-mean over the expected names.
fn explain(message: &str) -> (String, Option<String>, Option<String>) {
    let message = strip_position(message);
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let key = rest.split('`').next().unwrap_or_default().to_string();
        let expected: Vec<&str> = rest
            .split("expected ")
            .nth(1)
            .unwrap_or_default()
            .split('`')
            .skip(1)
            .step_by(2)
            .collect();
        let help = did_you_mean(&key, expected.iter().copied())
            .map(|s| format!("did you mean `{s}`?"))
            .or_else(|| {
                (!expected.is_empty()).then(|| format!("known fields: {}", expected.join(", ")))
            });
        return (format!("unknown field `{key}`"), help, Some(key));
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let word = rest.split('`').next().unwrap_or_default().to_string();
        let expected: Vec<&str> = rest.split('`').skip(2).step_by(2).collect();
        let help = did_you_mean(&word, expected.iter().copied())
            .map(|s| format!("did you mean `{s}`?"))
            .or_else(|| Some(format!("one of: {}", expected.join(", "))));
        return (format!("unknown value `{word}`"), help, None);
    }
    (plain_types(message), None, None)
}

/// serde names Rust types (`u32`, `struct CardDef`); a card author reads plain words.
fn plain_types(message: &str) -> String {
    const WORDS: [(&str, &str); 12] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u64", "expected a whole number of 0 or more"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        (
            "expected struct CardDef",
            "expected a card: a mapping of fields such as `id: ...`",
        ),
        (
            "expected struct Manifest",
            "expected a mapping of `name`, `version`, `game` ...",
        ),
        (
            "expected struct YamlDeck",
            "expected a deck: `{name: ..., cards: [...]}`",
        ),
        (
            "expected struct LevelRow",
            "expected a level: `{level: 1, cores: 1, bp: 3000}`",
        ),
        (
            "expected struct Keyword",
            "expected a keyword: `{name: crush, value: 2}`",
        ),
        (
            "expected struct Effect",
            "expected an effect: `{timing: ..., text: {en: ...}}`",
        ),
        ("expected struct ", "expected a mapping "),
    ];
    let mut out = message.to_string();
    for (from, to) in WORDS {
        if out.contains(from) {
            out = out.replace(from, to);
        }
    }
    out
}

/// serde_yaml appends " at line L column C"; the diagnostic has its own position.
fn strip_position(message: &str) -> &str {
    match message.find(" at line ") {
        Some(i) => &message[..i],
        None => message,
    }
}
