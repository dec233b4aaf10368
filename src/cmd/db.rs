//! `cardscript db build PACK... [-o FILE]`: packs → one SQLite catalogue.

use std::path::PathBuf;

use clap::{Args, Subcommand};

/// Arguments of `cardscript db`.
#[derive(Args)]
pub struct DbArgs {
    #[command(subcommand)]
    pub command: DbCommand,
}

/// Catalogue commands.
#[derive(Subcommand)]
pub enum DbCommand {
    /// Build a catalogue from pack folders (later or higher-priority packs override cards
    /// by id; every override is listed). The old file is replaced only on success.
    Build {
        /// Pack folders, in overlay order.
        #[arg(required_unless_present = "pack")]
        packs: Vec<PathBuf>,
        /// A pack folder, as the other commands take it (repeat to overlay); these come
        /// before the folders named without `--pack`.
        #[arg(long = "pack", value_name = "DIR")]
        pack: Vec<PathBuf>,
        /// The catalogue file to write (a new file, or a catalogue to replace).
        #[arg(short, long, default_value = "cards.sqlite")]
        out: PathBuf,
        /// Print the diagnostics and what was built as JSON (`docs/json-output.md`).
        #[arg(long)]
        json: bool,
        /// Build even when cards name timing labels, keywords or keyword values no pack
        /// declares: each is listed as a gap (the effect inert, with its reason and how to
        /// declare it). Mistakes in a pack's own declarations stay errors.
        #[arg(long)]
        allow_gaps: bool,
    },
    /// Bring a catalogue of an older schema up to this cardscript's, in one transaction.
    Migrate {
        /// The catalogue file.
        file: PathBuf,
    },
}

/// Builds and prints what was built.
pub fn run(args: DbArgs) -> Result<(), Box<dyn std::error::Error>> {
    let (packs, out, json, allow_gaps) = match args.command {
        DbCommand::Build {
            packs,
            pack,
            out,
            json,
            allow_gaps,
        } => (
            pack.into_iter().chain(packs).collect::<Vec<_>>(),
            out,
            json,
            allow_gaps,
        ),
        DbCommand::Migrate { file } => {
            let cat = carddb::Catalogue::open(&file)?;
            say!("{} is at schema v{}", file.display(), cat.schema_version()?);
            return Ok(());
        }
    };
    super::json::or_report(json, "db build", || build(&packs, &out, json, allow_gaps))
}

fn build(
    packs: &[PathBuf],
    out: &std::path::Path,
    json: bool,
    allow_gaps: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    // Every check at once: YAML, cards, decks, dependencies, labels, keywords,
    // scripts. Nothing is written while an error remains; the old catalogue stays.
    // The process ends after this command: the packs, catalogue and library (many small
    // allocations) are left to the process's end instead of freed one by one.
    let checked = std::mem::ManuallyDrop::new(super::checks::check_all(packs, allow_gaps)?);
    if json {
        // The gaps are listed with the warnings: they do not stop the build.
        let warnings: Vec<_> = (checked.warnings.iter())
            .chain(&checked.gaps)
            .cloned()
            .collect();
        if !checked.errors.is_empty() {
            return super::json::emit(
                "db build",
                &checked.errors,
                &warnings,
                serde_json::Value::Null,
            );
        }
        let report = write(&checked, out)?;
        let result = serde_json::json!({
            "out": out.display().to_string(),
            "schema": carddb::catalogue::SCHEMA_VERSION,
            "packs": report.packs.iter().map(|(n, v)| serde_json::json!({"name": n, "version": v})).collect::<Vec<_>>(),
            "overrides": report.overrides.iter().map(|o| serde_json::json!({"id": o.id, "by_pack": o.by_pack, "over_pack": o.over_pack})).collect::<Vec<_>>(),
            "rows": report.rows,
            "hash": report.hash,
        });
        return super::json::emit("db build", &[], &warnings, result);
    }
    if let Some(cat) = &checked.catalogue
        && cat.game()? != carddb::GameKind::BattleSpirits
    {
        // The labels, keywords and card text read above are Battle Spirits'; carddb
        // checked the other game's timings at load, `checks` its scripts.
        say!("note: not a Battle Spirits catalogue: its timing, keyword and text checks skipped");
    }
    for w in &checked.warnings {
        say!("warning: {w}");
    }
    super::checks::say_gaps(&checked.gaps)?;
    // Card text not understood does not stop a build (the effect is inert until scripted).
    for (heading, details) in super::lint::unread(&checked) {
        say!("warning: {heading}");
        for d in details {
            say!("    {d}");
        }
    }
    if !checked.errors.is_empty() {
        let errors = std::mem::ManuallyDrop::into_inner(checked).errors;
        return Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into());
    }
    let report = write(&checked, out)?;
    say!(
        "built {} (schema v{})",
        out.display(),
        carddb::catalogue::SCHEMA_VERSION
    );
    for (name, version) in &report.packs {
        say!("  pack {name} {version}");
    }
    for o in &report.overrides {
        say!(
            "  override: {} from {} replaces the one from {}",
            o.id,
            o.by_pack,
            o.over_pack
        );
    }
    for (table, n) in &report.rows {
        say!("  {table:<14} {n:>6} rows");
    }
    say!("  hash {}", report.hash);
    Ok(())
}

/// Writes the catalogue the checks built in memory to `out` (the tables are
/// filled once); builds it from the packs when the checks have none.
fn write(
    checked: &super::checks::Checked,
    out: &std::path::Path,
) -> Result<carddb::BuildReport, carddb::LoadError> {
    match (&checked.catalogue, &checked.report) {
        (Some(cat), Some(report)) => {
            cat.write_to(out)?;
            Ok(report.clone())
        }
        _ => carddb::Catalogue::build(&checked.packs, out).map(|(_, r)| r),
    }
}
