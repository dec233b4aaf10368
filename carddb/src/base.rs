//! Base packs embedded in the binary and loaded with every pack of their game: the
//! keyword declarations of Battle Spirits Saga (`scripts/battle-spirits-saga/`).
//! A pack of the same name given by the user replaces the embedded one.

use include_dir::{Dir, include_dir};

use crate::error::LoadError;
use crate::pack::{GameKind, Pack};
use crate::source::PackFiles;

static SAGA: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../scripts/battle-spirits-saga");

/// The name of the Battle Spirits base pack.
pub const SAGA_NAME: &str = "battle-spirits-saga";

/// The embedded Battle Spirits base pack's files.
pub fn saga_files() -> PackFiles {
    let mut files = Vec::new();
    collect(&SAGA, &mut files);
    PackFiles::from_memory(&format!("embedded:{SAGA_NAME}"), files)
}

/// The embedded Battle Spirits base pack, loaded and checked.
///
/// Errors: as [`Pack::from_files`] (a broken embedded pack is caught by its tests).
pub fn saga() -> Result<Pack, LoadError> {
    Pack::from_files(saga_files())
}

fn collect(dir: &Dir<'static>, out: &mut Vec<(String, String)>) {
    for f in dir.files() {
        if let Some(text) = f.contents_utf8() {
            out.push((
                f.path().to_string_lossy().replace('\\', "/"),
                text.to_string(),
            ));
        }
    }
    for d in dir.dirs() {
        collect(d, out);
    }
}

/// `packs` with the base packs their games need put first: the Saga base pack when a
/// Battle Spirits pack is given and no pack of that name is.
///
/// Errors: the embedded pack's load errors.
pub fn with_base(packs: &[Pack]) -> Result<Vec<Pack>, LoadError> {
    let needs_saga = packs
        .iter()
        .any(|p| p.manifest.game == GameKind::BattleSpirits)
        && !packs.iter().any(|p| p.manifest.name == SAGA_NAME);
    let mut out = Vec::with_capacity(packs.len() + 1);
    if needs_saga {
        out.push(saga()?);
    }
    out.extend(packs.iter().cloned());
    Ok(out)
}
