//! The `cardscript` command as a user meets it: import, build, search, show, deck check,
//! and what it prints when the input is bad.

#[path = "../support/mod.rs"]
mod support;

use std::path::Path;
use std::process::Command;
use support::{cardscript, shared_data, text};

mod authoring;
mod catalogue;
mod gaps;
mod newlines;
mod packtools;
mod play;
mod unread;
