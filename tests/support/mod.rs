//! Helpers of the command-line tests: run the built `cardscript`, read what it printed,
//! find `../shared/data` (tests that need it print why and skip when it is absent).

#![allow(dead_code)] // not every test crate that includes this module uses every helper

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the built `cardscript` with `args` from the project root.
pub fn cardscript(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Runs the built `cardscript` with `args` from the project root, `input` on its stdin.
pub fn cardscript_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Standard output then standard error, as text.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `../shared/data/bss` (or `$CARDSCRIPT_SHARED_DATA/bss`, for a checkout elsewhere), or
/// `None` (with the reason printed) when it is not there.
pub fn shared_data() -> Option<PathBuf> {
    let root = std::env::var_os("CARDSCRIPT_SHARED_DATA").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let p = root.join("bss");
    if p.join("cards.jsonl").is_file() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared/data is not here");
        None
    }
}
