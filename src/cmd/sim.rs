//! `cardscript sim DECK... --games N`: many seeded greedy-vs-greedy games in parallel, with
//! a progress bar and a summary table (or `--json`).

mod html;
mod report;

use clap::Args;
use engine::rules::battle_spirits::sim::{SimConfig, SimReport, simulate_records};

use super::play::deck_by_name_or_file;
use super::source::SourceArgs;

/// Arguments of `cardscript sim`.
#[derive(Args)]
pub struct SimArgs {
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
    let catalogue = args.source.open()?;
    let game = catalogue.game()?;
    if game != carddb::GameKind::BattleSpirits {
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
    let bar = indicatif::ProgressBar::new(total);
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
    let records = simulate_records(&library, &config, &decks, &cfg, &|| bar.inc(1));
    let secs = started.elapsed().as_secs_f64();
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    let names: Vec<String> = decks.iter().map(|d| d.0.clone()).collect();
    let report = SimReport::from_records(&names, &records);
    let balance = report::balance(
        &decks,
        &decks
            .iter()
            .flat_map(|d| &d.1)
            .filter_map(|id| library.get(id).map(|c| (id.clone(), c.name.clone())))
            .collect(),
        cfg.players.map(|p| match p {
            engine::rules::battle_spirits::sim::PlayerKind::Search { budget } => {
                format!("search({budget})")
            }
            other => format!("{other:?}").to_lowercase(),
        }),
        &records,
    );
    if let Some(path) = &args.report {
        let title = format!("Balance report: {}", names.join(", "));
        std::fs::write(path, html::page(&balance, &title))
            .map_err(|e| format!("--report {}: {e}", path.display()))?;
    }
    if args.json {
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
        say!(
            "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>9}",
            "P1 deck",
            "P2 deck",
            "games",
            "P1 won",
            "P2 won",
            "draws",
            "avg turns"
        );
        for p in &report.pairs {
            say!(
                "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>9.1}",
                p.a,
                p.b,
                p.games,
                p.wins_a,
                p.wins_b,
                p.draws,
                p.avg_turns
            );
        }
        say!(
            "{} games, {:.1} decisions and {:.0} events per game{}",
            report.games,
            report.decisions as f64 / report.games.max(1) as f64,
            report.events as f64 / report.games.max(1) as f64,
            if args.check {
                ", conservation checked after every event"
            } else {
                ""
            }
        );
        say!(
            "speed: {:.0} games/s, {:.0} decisions/s ({:.2} s wall, {} thread(s))",
            report.games as f64 / secs.max(1e-9),
            report.decisions as f64 / secs.max(1e-9),
            secs,
            args.threads
                .map_or_else(|| "all".to_string(), |n| n.to_string())
        );
        let mut played: Vec<_> = report.played.iter().collect();
        played.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        say!("most played:");
        for (id, n) in played.iter().take(10) {
            let name = library.get(id).map_or("?", |c| c.name.as_str());
            say!("  {n:>7}  {id} {name}");
        }
        let e = &report.effects;
        say!(
            "effects: {} run from text, {} from scripts, {} inert, {} failed",
            e.from_text,
            e.from_script,
            e.inert,
            e.failed
        );
        let mut inert: Vec<_> = report.inert.iter().collect();
        inert.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        say!(
            "cards with an effect inert because unsupported: {}",
            inert.len()
        );
        for (id, n) in inert.iter().take(10) {
            let name = library.get(id).map_or("?", |c| c.name.as_str());
            say!("  {n:>7} games  {id} {name}");
        }
        if !report.failed_effects.is_empty() {
            say!("failed effects (each is an EffectFailed event in its game's log):");
            for (what, n) in report.failed_effects.iter().take(10) {
                say!("  {n:>7} times  {what}");
            }
        }
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} game(s) failed:\n{}",
            report.failures.len(),
            report.failures.join("\n")
        )
        .into())
    }
}
