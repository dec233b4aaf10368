//! `cardscript coverage FILE.jsonl`: how much of a community card file runs from its text
//! alone, honestly: a text effect counts as executable only when the grammar
//! understood it and its script calls no unsupported function, waits for no event the
//! engine cannot watch and names no keyword without rules; a bare keyword only when its
//! keyword has rules (`engine::rules::battle_spirits::script::support`). Also: timing headers mapped to hooks,
//! cards whose every effect is executable, why understood effects cannot act, and the most
//! frequent sentences not understood. `--pack DIR` measures the file with a pack's
//! keywords, labels and phrases overlaid on the base pack's.

use std::path::PathBuf;

use clap::Args;
use engine::rules::battle_spirits::script::support::{EngineChecker, KeywordRules};

/// Arguments of `cardscript coverage`.
#[derive(Args)]
pub struct CoverageArgs {
    /// A JSON-lines file in the community format (one card per line).
    pub file: PathBuf,
    /// Pack folders whose keywords, labels and phrases are read over the Saga base pack's
    /// (repeat to overlay, in order; a pack named `battle-spirits-saga` replaces it): the
    /// coverage the file's cards would have with them.
    #[arg(long = "pack", value_name = "DIR")]
    pub packs: Vec<PathBuf>,
    /// How many unparsed sentences and gap reasons to list (0: all of them).
    #[arg(long, value_name = "N", default_value_t = 25)]
    pub top: usize,
}

/// Prints the coverage report.
pub fn run(args: CoverageArgs) -> Result<(), Box<dyn std::error::Error>> {
    // The keywords the Saga base pack declares: a bare keyword counts only
    // when its keyword is declared with rules, and the text may name only declared ones.
    // Its labels and phrases, if it declares any, are read too.
    // With `--pack`, the packs' own declarations overlay the base pack's, as a catalogue
    // of them reads them (a later keyword of a name replaces an earlier one).
    let packs = carddb::base::with_base(&super::source::load_packs(&args.packs)?)?;
    let packs = if packs.is_empty() {
        vec![carddb::base::saga()?]
    } else {
        packs
    };
    let (sources, declared) = engine::script::ScriptSources::of_packs(&packs);
    let vocab = engine::rules::battle_spirits::script::vocab::of_sources(
        &sources,
        engine::rules::battle_spirits::script::vocab::keyword_entries(&declared),
        None,
    )
    .map_err(|e| {
        let d = super::locate::script_error(&packs, &args.packs, &e);
        carddb::LoadError::Invalid(carddb::Diagnostics(vec![d]))
    })?;
    let checker = EngineChecker {
        keywords: KeywordRules::declared(&declared),
        vocab,
    };
    let report = dsl::coverage::coverage_file_top(
        &args.file,
        &checker,
        if args.top == 0 { usize::MAX } else { args.top },
    )
    .map_err(|e| format!("{}: {e}", args.file.display()))?;
    say!("{report}");
    Ok(())
}
