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
    /// Play one game (default: the embedded demo pack's decks, greedy vs greedy).
    Play(cmd::play::PlayArgs),
    /// Play many seeded games in parallel and summarise them.
    Sim(cmd::sim::SimArgs),
    /// Convert community card data into a pack.
    Import(cmd::import::ImportArgs),
    /// Build the SQLite catalogue from packs.
    Db(cmd::db::DbArgs),
    /// Search and show cards.
    Cards(cmd::cards::CardsArgs),
    /// Check decks.
    Deck(cmd::deck::DeckArgs),
    /// Report, for every effect of a pack, whether it runs from a script or its text.
    Lint(cmd::lint::LintArgs),
    /// Show what the engine understood of a card (hooks, levels, actions, script).
    Explain(cmd::explain::ExplainArgs),
    /// Measure how much of a community card file runs from its text alone.
    Coverage(cmd::coverage::CoverageArgs),
    /// Play every card of a catalogue in real games; report per effect what fired.
    Exercise(cmd::exercise::ExerciseArgs),
    /// Run scenario tests: boards, actions and expectations written as YAML.
    Test(cmd::test::TestArgs),
    /// Play in the browser: a local HTTP server with one page and a JSON API.
    Serve(cmd::serve::ServeArgs),
}

/// mimalloc: games allocate and free many small vectors and strings (a third of the
/// time under glibc's allocator in a `perf` profile of the demo `sim`; the history of
/// `benches/README.md` has the figures).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => cmd::play::run(args),
        Command::Sim(args) => cmd::sim::run(args),
        Command::Import(args) => cmd::import::run(args),
        Command::Db(args) => cmd::db::run(args),
        Command::Cards(args) => cmd::cards::run(args),
        Command::Deck(args) => cmd::deck::run(args),
        Command::Coverage(args) => cmd::coverage::run(args),
        Command::Lint(args) => cmd::lint::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Exercise(args) => cmd::exercise::run(args),
        Command::Test(args) => cmd::test::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // A closed stdout (`cardscript ... | head`) is not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
