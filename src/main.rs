//! The `cardscript` command: argument parsing and printing only; no rule lives here.
fn main() {}
