//! `cardscript import bss-json FILE --out DIR`: community card data → a pack folder.

use std::path::PathBuf;

use clap::{Args, Subcommand};

/// Arguments of `cardscript import`.
#[derive(Args)]
pub struct ImportArgs {
    #[command(subcommand)]
    pub format: ImportFormat,
}

/// The formats `import` reads.
#[derive(Subcommand)]
pub enum ImportFormat {
    /// The community JSON-lines format of Battle Spirits Saga cards (one card per line).
    BssJson {
        /// The .jsonl file.
        file: PathBuf,
        /// The pack folder to write (replaced whole; never half-written).
        #[arg(long)]
        out: PathBuf,
        /// The pack's name (default: the folder's name).
        #[arg(long)]
        name: Option<String>,
    },
}

/// Imports, validates the result as a pack, then writes it.
pub fn run(args: ImportArgs) -> Result<(), Box<dyn std::error::Error>> {
    let ImportFormat::BssJson { file, out, name } = args.format;
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let name = name.unwrap_or_else(|| {
        out.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "imported".into())
    });
    let imported = carddb::import::bss_json::import(&file, &text, &name)?;
    // The pack must load with zero validation errors before anything is written.
    let mut files = imported.files.clone();
    files.origin = out.clone();
    let pack = carddb::Pack::from_files(files)?;
    carddb::import::write::write_pack(&imported.files, &out)?;
    println!(
        "imported {} cards from {} into {}",
        pack.cards.len(),
        file.display(),
        out.display()
    );
    for (quirk, n) in &imported.quirks {
        println!("  quirk handled: {quirk} ×{n}");
    }
    Ok(())
}
