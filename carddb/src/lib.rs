//! carddb: card packs (YAML) → validated card definitions → SQLite catalogue.
//!
//! Architecture invariant: carddb knows card data, never game rules in play; it is
//! usable without the engine.

pub mod model;

pub use model::*;
