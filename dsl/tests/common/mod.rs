//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `<workspace>/../shared/data`, where the real card data lives (never copied into the repo).
pub fn shared_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .join("shared")
        .join("data")
}

/// The file under the shared data folder, or `None` (with a printed reason) when absent.
pub fn data_file(rel: &str) -> Option<PathBuf> {
    let p = shared_data().join(rel);
    if p.is_file() {
        Some(p)
    } else {
        println!(
            "skipping: {} not found (real data lives outside the repo)",
            p.display()
        );
        None
    }
}
