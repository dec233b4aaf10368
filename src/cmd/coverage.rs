//! `cardscript coverage FILE.jsonl`: how much of a community card file runs from its text
//! alone, honestly (issue 11): a text effect counts as executable only when the grammar
//! understood it and its script calls no unsupported function, waits for no event the
//! engine cannot watch and names no keyword without rules; a bare keyword only when its
//! keyword has rules (`engine::rules::battle_spirits::script::support`). Also: timing headers mapped to hooks,
//! cards whose every effect is executable, why understood effects cannot act, and the most
//! frequent sentences not understood.

use std::path::PathBuf;

use clap::Args;
use engine::rules::battle_spirits::script::support::{EngineChecker, KeywordRules};

/// Arguments of `cardscript coverage`.
#[derive(Args)]
pub struct CoverageArgs {
    /// A JSON-lines file in the community format (one card per line).
    pub file: PathBuf,
}

/// Prints the coverage report.
pub fn run(args: CoverageArgs) -> Result<(), Box<dyn std::error::Error>> {
    // The keywords the Saga base pack declares (issue 12): a bare keyword counts only
    // when its keyword is declared with rules, and the text may name only declared ones.
    // Its labels and phrases, if it declares any, are read too.
    let saga = carddb::base::saga()?;
    let declared = saga.loaded_keywords();
    let mut sources = engine::script::ScriptSources::default();
    for (path, text) in &saga.files.files {
        sources.add_file(&saga.manifest.name, path, text);
    }
    let vocab = engine::rules::battle_spirits::script::vocab::of_sources(
        &sources,
        engine::rules::battle_spirits::script::vocab::keyword_entries(&declared),
        None,
    )?;
    let checker = EngineChecker {
        keywords: KeywordRules::declared(&declared),
        vocab,
    };
    let report = dsl::coverage::coverage_file(&args.file, &checker)
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    say!("{report}");
    Ok(())
}
