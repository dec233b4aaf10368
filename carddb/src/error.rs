//! Errors of loading packs and decks and of building the catalogue. Every problem a card
//! author can cause is a [`Diagnostic`] naming file, line, column and field; loading
//! reports all of them at once.

use std::fmt;
use std::path::PathBuf;

/// One problem in a pack or deck file, where to find it, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it (pack folder joined with the relative path).
    pub file: PathBuf,
    /// 1-based line and column.
    pub line: usize,
    pub column: usize,
    /// The field path inside the file (`levels[1].cores`), or empty for the whole file.
    pub field: String,
    /// What is wrong.
    pub message: String,
    /// A suggestion (`did you mean `name`?`), when one is known.
    pub help: Option<String>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)?;
        if !self.field.is_empty() {
            write!(f, ": field `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

/// The diagnostics of one load, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        write!(f, "{} error(s)", self.0.len())
    }
}

/// Why a pack, deck or catalogue could not be loaded or built. Nothing is written when
/// any of these is returned.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A file or folder could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The pack or deck has mistakes; every one is listed.
    #[error("{0}")]
    Invalid(Diagnostics),
    /// The SQLite catalogue could not be written or read.
    #[error("catalogue {}: {source}", path.display())]
    Sqlite {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    /// The catalogue file was made by a newer cardscript (its `PRAGMA user_version`).
    #[error("catalogue {} has schema version {found}; this cardscript reads up to {supported}", path.display())]
    SchemaTooNew {
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    /// The file is not a cardscript catalogue (not SQLite, or without its tables), or is
    /// one of an older schema that a read-only open cannot migrate.
    #[error("{}: {why}", path.display())]
    NotACatalogue { path: PathBuf, why: String },
    /// A card id asked for is not in the catalogue.
    #[error("unknown card `{id}`{}", did_you_mean.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    UnknownCard {
        id: String,
        did_you_mean: Option<String>,
    },
}

impl LoadError {
    /// The diagnostics, when the error is [`LoadError::Invalid`].
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            LoadError::Invalid(d) => &d.0,
            _ => &[],
        }
    }
}

/// The closest of `candidates` to `word`, for a did-you-mean: the smallest edit distance
/// (case-insensitive), accepted when at most a third of the word's length (at least 1)
/// or when Jaro–Winkler similarity is ≥ 0.85. Failing that, for words of several parts
/// (`When Blocking`), the shortest candidate that has every part, each as a word starting
/// with the part's first four letters (`When This Spirit Blocks`).
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    close(word, candidates.iter().copied()).or_else(|| by_parts(word, &candidates))
}

fn by_parts(word: &str, candidates: &[&str]) -> Option<String> {
    let stem = |w: &str| w.to_lowercase().chars().take(4).collect::<String>();
    let parts: Vec<String> = word.split_whitespace().map(stem).collect();
    if parts.len() < 2 {
        return None;
    }
    candidates
        .iter()
        .filter(|c| {
            let words: Vec<String> = c.split_whitespace().map(stem).collect();
            parts.iter().all(|p| words.contains(p))
        })
        .min_by_key(|c| (c.split_whitespace().count(), c.len()))
        .map(|c| c.to_string())
}

fn close<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let lower = word.to_lowercase();
    let allowed = (lower.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| c.to_lowercase() != lower || *c != word)
        .map(|c| {
            let cl = c.to_lowercase();
            (
                strsim::levenshtein(&lower, &cl),
                strsim::jaro_winkler(&lower, &cl),
                c,
            )
        })
        .filter(|(d, jw, _)| *d <= allowed || *jw >= 0.85)
        .min_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)))
        .map(|(_, _, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn a_label_of_several_words_finds_the_one_with_all_its_words() {
        let labels = [
            "When Summoned",
            "When This Spirit Attacks or Blocks",
            "When This Spirit Blocks",
            "While This Spirit Blocks",
        ];
        assert_eq!(
            did_you_mean("When Blocking", labels).as_deref(),
            Some("When This Spirit Blocks")
        );
        assert_eq!(
            did_you_mean("When Sumoned", labels).as_deref(),
            Some("When Summoned")
        );
        assert_eq!(
            did_you_mean("Crsh", ["Crush", "Curse"]).as_deref(),
            Some("Crush")
        );
        assert_eq!(did_you_mean("Nothing Alike", labels), None);
    }
}
