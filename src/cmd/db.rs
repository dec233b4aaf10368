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
        #[arg(required = true)]
        packs: Vec<PathBuf>,
        /// The catalogue file to write (a new file, or a catalogue to replace).
        #[arg(short, long, default_value = "cards.sqlite")]
        out: PathBuf,
    },
    /// Bring a catalogue of an older schema up to this cardscript's, in one transaction.
    Migrate {
        /// The catalogue file.
        file: PathBuf,
    },
}

/// Builds and prints what was built.
pub fn run(args: DbArgs) -> Result<(), Box<dyn std::error::Error>> {
    let (packs, out) = match args.command {
        DbCommand::Build { packs, out } => (packs, out),
        DbCommand::Migrate { file } => {
            let cat = carddb::Catalogue::open(&file)?;
            say!("{} is at schema v{}", file.display(), cat.schema_version()?);
            return Ok(());
        }
    };
    let loaded = super::source::load_packs(&packs)?;
    // Scripts are compiled before anything is written: a syntax error names its file,
    // line and column and leaves the old catalogue as it was.
    let (in_memory, _) = carddb::Catalogue::build_in_memory(&loaded)?;
    if in_memory.game()? != carddb::GameKind::BattleSpirits {
        // The card library, labels and keywords below are Battle Spirits'; carddb has
        // checked the line battle's timings at load. Its scripts: syntax only.
        say!("note: not a Battle Spirits catalogue: its timing, keyword and text checks skipped");
        super::lint::script_syntax(&loaded)?;
        // What the ruleset cannot run: a script calling a function it lacks is an error.
        let (errors, warnings) = super::lint::line_battle_gaps(&loaded)?;
        for w in &warnings {
            say!("warning: {w}");
        }
        if !errors.is_empty() {
            return Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into());
        }
        return finish(&loaded, &out);
    }
    // Keyword names and values, timing labels (issue 12 item 4), each at its file:line,
    // before the strict build would report the first of them without its place.
    let (problems, warnings) = super::source::located_checks(&loaded, &in_memory)?;
    // A keyword no pack declares does nothing (`lint` lists it as an error).
    for d in &warnings {
        say!("warning: {d}");
    }
    if !problems.is_empty() {
        return Err(carddb::LoadError::Invalid(carddb::Diagnostics(problems)).into());
    }
    super::source::library(&in_memory, false)?;
    finish(&loaded, &out)
}

/// Writes the catalogue and prints what was built.
fn finish(
    loaded: &[carddb::Pack],
    out: &std::path::Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let (_, report) = carddb::Catalogue::build(loaded, out)?;
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
