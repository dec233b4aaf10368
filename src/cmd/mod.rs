//! One module per subcommand.

/// `println!` that returns an error instead of panicking when stdout is closed (a pipe
/// into `head`), so the command ends quietly.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)?;
    }};
}

pub mod any_game;
pub mod board;
pub mod cards;
pub mod checks;
pub mod coverage;
pub mod db;
pub mod deck;
pub mod describe;
pub mod exercise;
pub mod explain;
pub mod human;
pub mod import;
pub mod json;
pub mod lint;
pub mod locate;
pub mod play;
pub mod protocol;
pub mod serve;
pub mod sim;
pub mod source;
pub mod test;
