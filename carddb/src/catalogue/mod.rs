//! The SQLite catalogue: built from packs in one transaction into a temporary file that
//! replaces the target only when complete (a bad pack leaves the old catalogue intact),
//! with a schema version (`PRAGMA user_version`), migrations, and an FTS5 index.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use crate::error::{LoadError, did_you_mean};
use crate::model::{CardDef, CardKind, Colour, Deck};
use crate::overlay::{self, Override};
use crate::pack::Pack;
use crate::replace::{check_target, replace_atomically};

mod open;
mod query;
mod write;
pub use open::SCHEMA_VERSION;
use open::migrate;
pub use query::TABLES;
use query::row_counts;

/// What a build did: the packs in overlay order, the overrides, rows per table, the hash.
#[derive(Debug, Clone)]
pub struct BuildReport {
    pub packs: Vec<(String, String)>,
    pub overrides: Vec<Override>,
    pub rows: BTreeMap<String, i64>,
    /// SHA-256 of the catalogue's cards and files (hex), recorded in replays.
    pub hash: String,
}

/// A search over the catalogue; every given filter must hold.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    /// Words to find in names and effect texts (FTS5; each word matched as a prefix).
    pub text: Option<String>,
    pub colour: Option<Colour>,
    pub kind: Option<CardKind>,
    pub cost_min: Option<u32>,
    pub cost_max: Option<u32>,
    /// A family, matched case-insensitively.
    pub family: Option<String>,
    /// At most this many results (default 50).
    pub limit: Option<u32>,
}

/// One search hit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSummary {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub cost: u32,
    pub colours: Vec<String>,
    pub pack: String,
}

/// An open catalogue.
pub struct Catalogue {
    conn: Connection,
    path: PathBuf,
}

fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> LoadError + '_ {
    move |source| LoadError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}
