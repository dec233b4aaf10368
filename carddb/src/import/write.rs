//! Writing a pack held in memory to a folder, whole or not at all.

use std::path::Path;

use crate::error::LoadError;
use crate::source::PackFiles;

/// Writes `files` to the folder `out`: first into a temporary folder beside it, then
/// renamed into place, so `out` is either the complete new pack or left as it was.
///
/// Errors: [`LoadError::Io`] naming the path that failed.
pub fn write_pack(files: &PackFiles, out: &Path) -> Result<(), LoadError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| LoadError::Io { path, source }
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent).map_err(io(parent))?;
    let tmp = tempfile::Builder::new()
        .prefix(".cardscript-import-")
        .tempdir_in(parent)
        .map_err(io(parent))?;
    for (rel, body) in &files.files {
        let path = tmp.path().join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        std::fs::write(&path, body).map_err(io(&path))?;
    }
    let old = parent.join(format!(
        ".cardscript-old-{}",
        out.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    ));
    if out.exists() {
        if old.exists() {
            std::fs::remove_dir_all(&old).map_err(io(&old))?;
        }
        std::fs::rename(out, &old).map_err(io(out))?;
    }
    let tmp_path = tmp.keep();
    if let Err(source) = std::fs::rename(&tmp_path, out) {
        // Put the old pack back before reporting.
        if old.exists() {
            let _ = std::fs::rename(&old, out);
        }
        let _ = std::fs::remove_dir_all(&tmp_path);
        return Err(LoadError::Io {
            path: out.to_path_buf(),
            source,
        });
    }
    if old.exists() {
        std::fs::remove_dir_all(&old).map_err(io(&old))?;
    }
    Ok(())
}
