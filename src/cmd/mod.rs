//! One module per subcommand.

pub mod play;
