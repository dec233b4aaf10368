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
        /// The catalogue file to write.
        #[arg(short, long, default_value = "cards.sqlite")]
        out: PathBuf,
    },
}

/// Builds and prints what was built.
pub fn run(args: DbArgs) -> Result<(), Box<dyn std::error::Error>> {
    let DbCommand::Build { packs, out } = args.command;
    let loaded = packs
        .iter()
        .map(|p| carddb::Pack::load(p))
        .collect::<Result<Vec<_>, _>>()?;
    let (_, report) = carddb::Catalogue::build(&loaded, &out)?;
    println!(
        "built {} (schema v{})",
        out.display(),
        carddb::catalogue::SCHEMA_VERSION
    );
    for (name, version) in &report.packs {
        println!("  pack {name} {version}");
    }
    for o in &report.overrides {
        println!(
            "  override: {} from {} replaces the one from {}",
            o.id, o.by_pack, o.over_pack
        );
    }
    for (table, n) in &report.rows {
        println!("  {table:<14} {n:>6} rows");
    }
    println!("  hash {}", report.hash);
    Ok(())
}
