//! The `cardscript` command: argument parsing and printing only; no rule lives here.
//! Each subcommand lives in `src/cmd/<name>.rs`; its clap arguments are its documentation.

mod cmd;

use clap::{Parser, Subcommand};

/// cardscript — a rules engine for trading card games whose cards are data.
#[derive(Parser)]
#[command(name = "cardscript", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play one game (default: the embedded demo pack, greedy vs greedy).
    Play(cmd::play::PlayArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => cmd::play::run(args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
