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
        /// The pack folder to write: a new folder, or an earlier import (replaced whole,
        /// never half-written). Any other existing file or folder is refused.
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
    let text = carddb::read_text(&file)?;
    let name = name.unwrap_or_else(|| {
        out.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "imported".into())
    });
    // The output is replaced whole: only ever replace a pack folder (or an empty one).
    if out.exists() {
        let is_pack = out.join("pack.yaml").is_file();
        let is_empty_dir = out.is_dir()
            && std::fs::read_dir(&out)
                .map(|mut d| d.next().is_none())
                .unwrap_or(false);
        if !is_pack && !is_empty_dir {
            return Err(format!(
                "{} exists and is not a pack folder (no pack.yaml); refusing to replace it: choose a new folder",
                out.display()
            )
            .into());
        }
    }
    let imported = carddb::import::bss_json::import(&file, &text, &name)?;
    // The pack must load with zero validation errors before anything is written.
    let mut files = imported.files.clone();
    files.origin = out.clone();
    let pack = carddb::Pack::from_files(files)?;
    carddb::import::write::write_pack(&imported.files, &out)?;
    say!(
        "imported {} cards from {} into {}",
        pack.cards.len(),
        file.display(),
        out.display()
    );
    for (quirk, n) in &imported.quirks {
        say!("  quirk handled: {quirk} ×{n}");
    }
    Ok(())
}
