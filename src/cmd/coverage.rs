//! `cardscript coverage FILE.jsonl`: how much of a community card file the text grammar
//! runs with no script (timing headers mapped to hooks, effects fully executable, cards
//! whose every effect is executable, and the most frequent sentences not understood).

use std::path::PathBuf;

use clap::Args;

/// Arguments of `cardscript coverage`.
#[derive(Args)]
pub struct CoverageArgs {
    /// A JSON-lines file in the community format (one card per line).
    pub file: PathBuf,
}

/// Prints the coverage report.
pub fn run(args: CoverageArgs) -> Result<(), Box<dyn std::error::Error>> {
    let report = dsl::coverage::coverage_file(&args.file)
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    say!("{report}");
    Ok(())
}
