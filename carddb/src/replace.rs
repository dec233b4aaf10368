//! Writing a catalogue file: only a catalogue is ever replaced, and the new file is
//! written whole beside the old one and renamed over it, so a failed build leaves the old
//! catalogue as it was.

use std::path::Path;

use crate::catalogue::Catalogue;
use crate::error::LoadError;

/// Refuses to replace anything but a catalogue: a folder, a device, a document or another
/// program's database at `out` is an error ([`LoadError::NotACatalogue`]).
pub(crate) fn check_target(out: &Path) -> Result<(), LoadError> {
    if out.is_dir() {
        return Err(LoadError::NotACatalogue {
            path: out.to_path_buf(),
            why: "is a folder; name the catalogue file to write".into(),
        });
    }
    if out.exists() {
        if !out.is_file() {
            return Err(LoadError::NotACatalogue {
                path: out.to_path_buf(),
                why: "is not a regular file; refusing to replace it".into(),
            });
        }
        if let Err(e) = Catalogue::probe(out) {
            return Err(LoadError::NotACatalogue {
                path: out.to_path_buf(),
                why: format!(
                    "exists and is not a cardscript catalogue ({e}); refusing to replace it"
                ),
            });
        }
    }
    Ok(())
}

/// Runs `write` on an empty temporary file beside `out`, syncs it and renames it over
/// `out`: on any error the previous file at `out` is untouched and the temporary file
/// removed. Returns the catalogue opened at `out`.
pub(crate) fn replace_atomically(
    out: &Path,
    write: impl FnOnce(&Path) -> Result<(), LoadError>,
) -> Result<Catalogue, LoadError> {
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let io = |source| LoadError::Io {
        path: out.to_path_buf(),
        source,
    };
    let tmp = tempfile::Builder::new()
        .prefix(".cardscript-build-")
        .suffix(".sqlite")
        .tempfile_in(dir)
        .map_err(io)?;
    write(tmp.path())?;
    // On disk before the rename makes it the catalogue.
    tmp.as_file().sync_all().map_err(io)?;
    // tempfile creates 0600; a catalogue is as readable as any file the user writes.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    tmp.persist(out).map_err(|e| io(e.error))?;
    Catalogue::open(out)
}
