//! `cardscript play`: one game, printed as a log.

use clap::Args;

/// Arguments of `cardscript play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Seed of the game's one RNG.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Plays one game and prints its log.
pub fn run(_args: PlayArgs) -> Result<(), Box<dyn std::error::Error>> {
    Err("play is not built yet".into())
}
