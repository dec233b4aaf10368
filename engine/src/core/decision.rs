//! Decision plumbing: a request names who decides, what kind of decision it is, and every
//! legal answer with a human label. An answer is legal exactly when it is in the list.

use serde::{Deserialize, Serialize};

use super::ids::PlayerId;

/// One legal answer and the text a person sees for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labelled<C> {
    /// The answer.
    pub choice: C,
    /// Text for people.
    pub label: String,
}

/// A decision the game waits for. `K` is the ruleset's decision kind, `C` its choice type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request<K, C> {
    /// Who must answer.
    pub player: PlayerId,
    /// What kind of decision this is.
    pub kind: K,
    /// A one-line question for people.
    pub prompt: String,
    /// Every legal answer, in a stable order (never empty).
    pub options: Vec<Labelled<C>>,
}

impl<K, C: PartialEq> Request<K, C> {
    /// Whether `choice` is one of the listed options.
    pub fn is_legal(&self, choice: &C) -> bool {
        self.options.iter().any(|o| &o.choice == choice)
    }

    /// The choices without labels.
    pub fn choices(&self) -> impl Iterator<Item = &C> {
        self.options.iter().map(|o| &o.choice)
    }
}
