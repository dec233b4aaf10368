//! `cardscript sim DECK... --games N`: many seeded greedy-vs-greedy games in parallel, with
//! a progress bar and a summary table (or `--json`). `--shard K/N --out FILE` plays one
//! slice of the run into a shard file (`shard.rs`); `sim merge` prints the run's report
//! from all its shards (`merge.rs`); both print through `text.rs`.

mod html;
pub mod merge;
mod report;
pub mod shard;
pub mod text;

use std::collections::BTreeMap;

use clap::{Args, Subcommand};
use engine::rules::battle_spirits::sim::{
    GameRecord, PlayerKind, SimConfig, SimReport, play_records,
};

use super::play::deck_by_name_or_file;
use super::source::SourceArgs;

/// Arguments of `cardscript sim`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    /// `sim merge FILES…`: the report of a sharded run.
    #[command(subcommand)]
    pub command: Option<SimCommand>,
    /// Decks (files or catalogue deck names). One deck plays its mirror match, two play
    /// each other, more play every pair, mirrors included. Default: the catalogue's decks.
    pub decks: Vec<String>,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Games per pairing (at least 1).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the first game; game k (counted over all pairings, in pairing order) uses
    /// SEED + k.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Check core and card conservation (BS-0.5) after every event.
    #[arg(long)]
    pub check: bool,
    /// saga, japanese (BS-0.1) or casual (20–60 cards, 4 copies; Saga's rules); the
    /// game's own format for other games (line-battle: LB-0.1). Default: each deck file's
    /// own `format:` line, else saga, or the game's format.
    #[arg(long)]
    pub format: Option<String>,
    /// A broken script fails its game (reported with the script's error, and the command
    /// fails) instead of being logged as an event while the game goes on.
    #[arg(long)]
    pub strict: bool,
    /// Print the report as JSON (with the balance report's figures under `balance`).
    #[arg(long)]
    pub json: bool,
    /// Write the balance report of a Battle Spirits run (win rates with 95 % intervals,
    /// game lengths, per-card figures, inert and failed effects) to FILE as one
    /// self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    pub report: Option<std::path::PathBuf>,
    /// Who plays: `greedy`, `random` or `search`, one for both seats or `P1,P2`
    /// (`--players random --check` plays long random games with conservation checked;
    /// `--players search,greedy` measures the search player against the greedy one).
    #[arg(long, default_value = "greedy")]
    pub players: String,
    /// Rollouts per decision of a `search` seat (more is stronger and slower).
    #[arg(long, default_value_t = engine::players::search::DEFAULT_BUDGET, value_name = "N")]
    pub search_budget: u32,
    /// Play only shard K of N of the run (game indices over all pairings, in N nearly
    /// equal contiguous slices) and write a shard file for `sim merge` (Battle Spirits).
    #[arg(long, value_name = "K/N", requires = "out")]
    pub shard: Option<shard::ShardSpec>,
    /// The shard file to write (with `--shard`).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<std::path::PathBuf>,
}

/// Subcommands of `cardscript sim`.
#[derive(Subcommand)]
pub enum SimCommand {
    /// Print the report of a sharded run from all its shard files, as the unsharded run
    /// prints it (refuses shards of different runs, and missing or repeated shards).
    Merge(merge::MergeArgs),
}

/// `greedy`, `random`, `search,greedy` … → the two seats (a search seat with `budget`).
pub(crate) fn players(
    s: &str,
    budget: u32,
) -> Result<[engine::rules::battle_spirits::sim::PlayerKind; 2], Box<dyn std::error::Error>> {
    let parse = |w: &str| {
        engine::rules::battle_spirits::sim::PlayerKind::parse(w)
            .map(|k| k.with_budget(budget))
            .ok_or_else(|| format!("--players: `{w}` is not a player (greedy, random or search)"))
    };
    let parts: Vec<&str> = s.split(',').collect();
    match parts.as_slice() {
        [one] => Ok([parse(one)?; 2]),
        [a, b] => Ok([parse(a)?, parse(b)?]),
        _ => {
            Err(format!("--players takes one player or two separated by a comma, got `{s}`").into())
        }
    }
}

/// Runs the games and prints the summary. Fails when any game did not finish properly.
pub fn run(args: SimArgs) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(SimCommand::Merge(m)) = args.command {
        return merge::run(m);
    }
    let catalogue = args.source.open()?;
    let game = catalogue.game()?;
    if game != carddb::GameKind::BattleSpirits {
        if args.shard.is_some() {
            return Err(
                format!("--shard: only Battle Spirits runs are sharded yet, not {game:?}").into(),
            );
        }
        if args.report.is_some() {
            // The per-game records it is computed from are Battle Spirits' simulator's.
            return Err(
                "--report: the balance report is made for Battle Spirits games only".into(),
            );
        }
        return super::any_game::sim(args, catalogue, game);
    }
    let library = args.source.library(&catalogue, !args.strict)?;
    let format = args.format.as_deref();
    // (name, card ids, the deck file's own format)
    let decks: Vec<(String, Vec<String>, Option<String>)> = if args.decks.is_empty() {
        catalogue
            .decks()?
            .into_iter()
            .map(|(_, d)| (d.name.clone(), d.card_ids(), d.format.clone()))
            .collect()
    } else {
        args.decks
            .iter()
            .map(|d| {
                // A deck file is named by its stem (`st01-red`), a catalogue deck by its name.
                let name = std::path::Path::new(d)
                    .file_stem()
                    .filter(|_| std::path::Path::new(d).is_file())
                    .map_or_else(|| d.clone(), |s| s.to_string_lossy().into_owned());
                deck_by_name_or_file(&catalogue, d, format).map(|(ids, f)| (name, ids, f))
            })
            .collect::<Result<_, _>>()?
    };
    // `--format`, else the first deck file that names one (`play::rules_of`).
    let named = decks.iter().find_map(|d| d.2.as_deref());
    let config = super::play::rules_of(format.or(named))?;
    // The run's identity, before the decks lose their file's format.
    let run_format = format.or(named).map(str::to_string);
    let decks: Vec<(String, Vec<String>)> = decks.into_iter().map(|(n, ids, _)| (n, ids)).collect();
    if decks.is_empty() {
        return Err("sim needs a deck".into());
    }
    let cfg = SimConfig {
        games_per_pair: args.games,
        seed: args.seed,
        check_every_event: args.check,
        decision_cap: engine::players::DEFAULT_DECISION_CAP,
        threads: args.threads,
        strict_scripts: args.strict,
        players: players(&args.players, args.search_budget)?,
    };
    let total = engine::rules::battle_spirits::sim::pairings(decks.len()).len() as u64 * args.games;
    let games = args.shard.map_or(0..total, |s| s.games(total));
    let bar = indicatif::ProgressBar::new(games.end - games.start);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .expect("a valid template"),
    );
    // Strict modes stop a game with a panic that `simulate` catches and reports per game
    // (with the script's error); the default hook would print each one raw.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // Wall time for the speed line only (never in the report: reports are deterministic).
    let started = std::time::Instant::now();
    let records = play_records(&library, &config, &decks, &cfg, games.clone(), &|| {
        bar.inc(1)
    });
    let secs = started.elapsed().as_secs_f64();
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    let name = |id: &str| library.get(id).map_or("?", |c| c.name.as_str()).to_string();
    if let Some(spec) = args.shard {
        let run = shard::RunIdentity {
            catalogue: catalogue.hash()?,
            decks: decks
                .iter()
                .map(|(n, ids)| shard::DeckIdentity::new(n, ids))
                .collect(),
            players: cfg.players,
            search_budget: args.search_budget,
            seed: args.seed,
            games: args.games,
            format: run_format,
            check: args.check,
            strict: args.strict,
            shards: spec.n,
        };
        let file = shard::ShardFile::new(run, spec, games, records, &name);
        file.write(args.out.as_deref())?;
        eprintln!(
            "shard {}/{}: {} games in {secs:.2} s",
            spec.k,
            spec.n,
            file.records.len()
        );
        return Ok(());
    }
    let names: BTreeMap<String, String> = (decks.iter())
        .flat_map(|d| &d.1)
        .chain(
            records
                .iter()
                .flat_map(|r| r.played.iter().flatten().chain(&r.inert)),
        )
        .map(|id| (id.clone(), name(id)))
        .collect();
    let out = Outputs {
        json: args.json,
        report: args.report.as_deref(),
        check: args.check,
    };
    let report = out.print(&decks, &names, cfg.players, &records)?;
    if !args.json {
        // Wall time is no part of the report (which is deterministic): on stderr.
        eprintln!(
            "speed: {:.0} games/s, {:.0} decisions/s ({:.2} s wall, {} thread(s))",
            report.games as f64 / secs.max(1e-9),
            report.decisions as f64 / secs.max(1e-9),
            secs,
            args.threads
                .map_or_else(|| "all".to_string(), |n| n.to_string())
        );
    }
    text::result(&report)
}

/// What a run (or a merge of its shards) prints and writes.
pub(crate) struct Outputs<'a> {
    /// `--json`: the report and its balance figures as JSON.
    pub json: bool,
    /// `--report FILE.html`: the balance report page.
    pub report: Option<&'a std::path::Path>,
    /// `--check` was on (the text report says so).
    pub check: bool,
}

impl Outputs<'_> {
    /// Computes the summary and the balance report from `records` (game-index order) of
    /// games between `decks` (name, card ids), writes the HTML page when asked and prints
    /// the text or JSON report; returns the summary.
    pub fn print(
        &self,
        decks: &[(String, Vec<String>)],
        names: &BTreeMap<String, String>,
        players: [PlayerKind; 2],
        records: &[GameRecord],
    ) -> Result<SimReport, Box<dyn std::error::Error>> {
        let deck_names: Vec<String> = decks.iter().map(|d| d.0.clone()).collect();
        let report = SimReport::from_records(&deck_names, records);
        let balance = report::balance(
            decks,
            names,
            players.map(|p| match p {
                PlayerKind::Search { budget } => format!("search({budget})"),
                other => format!("{other:?}").to_lowercase(),
            }),
            records,
        );
        if let Some(path) = self.report {
            let title = format!("Balance report: {}", deck_names.join(", "));
            std::fs::write(path, html::page(&balance, &title))
                .map_err(|e| format!("--report {}: {e}", path.display()))?;
        }
        if self.json {
            /// The summary with the balance figures beside it.
            #[derive(serde::Serialize)]
            struct Out<'a> {
                #[serde(flatten)]
                report: &'a SimReport,
                balance: &'a report::Balance,
            }
            let out = Out {
                report: &report,
                balance: &balance,
            };
            say!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| "?".into());
            text::print(&report, self.check, &name)?;
        }
        Ok(report)
    }
}
