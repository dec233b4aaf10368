//! Importers from community card formats into packs.

pub mod bss_json;
pub mod write;
