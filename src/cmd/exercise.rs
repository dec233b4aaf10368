//! `cardscript exercise [--pack DIR | --db FILE] [--games N] [--seed S] [--json]`: plays
//! every card of the catalogue through its hooks in real games (`engine::tools::exercise`,
//! with the game of the catalogue's packs: `engine::rules::tools`) and
//! prints per effect whether it fired, was never reached, threw or stayed inert, with the
//! totals (or the same as JSON). A progress bar shows on a terminal, never with `--json`.

use std::io::IsTerminal;

use clap::Args;
use engine::tools::exercise::{ExerciseConfig, ExerciseReport};

use super::source::SourceArgs;

/// Arguments of `cardscript exercise`.
#[derive(Args)]
pub struct ExerciseArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    /// Games to play (each between two fresh decks drawn from the whole catalogue; every
    /// card is in some deck once the games reach the number the report names).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed of the run (deck order; game k uses SEED + k).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The deck format the decks are built and played under: saga (50–60 cards, 4
    /// copies), japanese (≥ 40, 3 copies) (BS-0.1) or casual (20–60 cards, 4 copies; a
    /// small pack's catalogue). Default: saga; a line-battle catalogue plays its own
    /// format (LB-0.1).
    #[arg(long)]
    pub format: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs the games and prints the report. Fails when a game could not be played (not when
/// an effect threw: that is what the report is for).
pub fn run(args: ExerciseArgs) -> Result<(), Box<dyn std::error::Error>> {
    let catalogue = args.source.open()?;
    // Lenient: a broken script fails its effect (reported) instead of the whole run.
    let (tools, cards) = args.source.tool_cards(&catalogue, true)?;
    let cfg = ExerciseConfig {
        games: args.games,
        seed: args.seed,
        decision_cap: engine::players::DEFAULT_DECISION_CAP,
        threads: args.threads,
    };
    let bar = if args.json || !std::io::stderr().is_terminal() {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(args.games)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .expect("a valid template"),
    );
    let report = tools.exercise(&cards, args.format.as_deref(), &cfg, &|| bar.inc(1));
    bar.finish_and_clear();
    let report = report?;
    if args.json {
        say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_table(&report)?;
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} game(s) could not be played:\n{}",
            report.failures.len(),
            report.failures.join("\n")
        )
        .into())
    }
}

fn print_table(r: &ExerciseReport) -> Result<(), Box<dyn std::error::Error>> {
    say!("{}", header("card", "text"));
    for e in &r.effects {
        print_row(e, true)?;
    }
    // The declared keywords' effects, over every card that had them.
    if !r.keywords.is_empty() {
        say!("{}", header("keyword", "keyword effect"));
    }
    for e in &r.keywords {
        print_row(e, false)?;
    }
    let t = &r.totals;
    say!(
        "{} games (seed {}), {} capped at {} decisions; every card in a deck from {} games{}",
        r.games,
        r.seed,
        r.capped.len(),
        engine::players::DEFAULT_DECISION_CAP,
        r.games_for_every_card,
        if r.cards_in_no_deck.is_empty() {
            String::new()
        } else {
            format!(" ({} cards in no deck)", r.cards_in_no_deck.len())
        }
    );
    for c in &r.capped {
        say!("  capped: {c}");
    }
    say!(
        "effects: {}; fired at least once: {}; never reached: {}; threw: {}; inert only: {}",
        t.effects,
        t.fired,
        t.never_reached,
        t.threw,
        t.inert_only
    );
    say!(
        "executable (no gap): {}; executable and seen firing: {} ({:.1} %)",
        t.executable,
        t.executable_and_fired,
        if t.effects == 0 {
            100.0
        } else {
            t.executable_and_fired as f64 * 100.0 / t.effects as f64
        }
    );
    let causes = engine::tools::exercise::causes(&r.effects);
    if !causes.is_empty() {
        say!("not executable and seen firing, by cause:");
        for (why, n) in causes {
            say!("  {n:>5}  {why}");
        }
    }
    Ok(())
}

fn header(first: &str, last: &str) -> String {
    format!(
        "{first:<12} {:>3} {:>7} {:>7} {:>9} {:>6} {:>6} {:>4}  {last}",
        "eff", "fired", "started", "evaluated", "inert", "threw", "gaps"
    )
}

/// One row of the table with its failures and, when it never fired, why (its inert
/// reasons, and its static gaps when `gaps`).
fn print_row(e: &engine::tools::exercise::EffectReport, gaps: bool) -> std::io::Result<()> {
    say!(
        "{:<12} {:>3} {:>7} {:>7} {:>9} {:>6} {:>6} {:>4}  {}",
        e.card,
        e.effect,
        e.fired,
        e.started,
        e.evaluated,
        e.inert_count(),
        e.threw_count(),
        e.gaps.len(),
        e.text
    );
    for (w, n) in &e.threw {
        say!("    threw {n}×: {w}");
    }
    if e.fired == 0 {
        for (w, n) in &e.inert {
            say!("    inert {n}×: {w}");
        }
        for g in e.gaps.iter().filter(|_| gaps) {
            say!("    gap: {g}");
        }
    }
    Ok(())
}
