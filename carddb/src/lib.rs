//! carddb: card packs (YAML) → validated card definitions → SQLite catalogue.
//!
//! Architecture invariant: carddb knows card data, never game rules in play; it is
//! usable without the engine. Loading is all-or-nothing: a pack with any mistake yields
//! every mistake (file, line, column, field) and no catalogue change.

pub mod base;
pub mod catalogue;
pub mod deck;
pub mod effect_overlay;
pub mod error;
pub mod format;
pub mod import;
pub mod keyword;
pub mod lang;
pub mod locate;
pub mod model;
pub mod overlay;
pub mod pack;
mod replace;
pub mod source;
pub mod validate;
pub mod yamldepth;
pub mod yamlfile;

pub use catalogue::{BuildReport, CardSummary, Catalogue, SearchQuery};
pub use deck::DeckFormat;
pub use error::{Diagnostic, Diagnostics, LoadError};
pub use keyword::{KeywordDef, LoadedKeyword};
pub use model::*;
pub use pack::{GameKind, Manifest, Pack};
pub use source::{PackFiles, read_text};
