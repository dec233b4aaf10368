//! A pack's files held in memory, read from a folder or from an embedded copy, so loading
//! never depends on the order a file system lists files in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::LoadError;

/// The files of one pack folder: relative path (with `/` separators) → UTF-8 contents,
/// sorted by path. `origin` names the folder (or `embedded:NAME`) in error messages.
#[derive(Debug, Clone, Default)]
pub struct PackFiles {
    pub origin: PathBuf,
    pub files: BTreeMap<String, String>,
}

/// Folders that are read; anything else in a pack folder is ignored.
const PACK_FOLDERS: [&str; 8] = [
    "cards", "effects", "lib", "keywords", "decks", "labels", "phrases", "overlays",
];

impl PackFiles {
    /// Reads `pack.yaml` and every file under `cards/`, `effects/`, `lib/`, `keywords/`,
    /// `decks/`, `labels/` and `phrases/`.
    ///
    /// Errors: [`LoadError::Io`] naming the path that could not be read (a missing folder,
    /// a file that is not UTF-8).
    pub fn read_dir(dir: &Path) -> Result<PackFiles, LoadError> {
        let mut files = BTreeMap::new();
        let manifest = dir.join("pack.yaml");
        if manifest.is_symlink() {
            return Err(outside(&manifest));
        }
        files.insert("pack.yaml".to_string(), read(&manifest)?);
        // Listed first, then read in parallel (rayon). The errors are those a reading in
        // listing order meets: the files that do not read, else what stopped the listing.
        let mut listed = Vec::new();
        let stopped = PACK_FOLDERS.iter().try_for_each(|folder| {
            let sub = dir.join(folder);
            if sub.is_symlink() {
                return Err(outside(&sub));
            }
            if sub.is_dir() {
                collect(&sub, folder, &mut listed)?;
            }
            Ok(())
        });
        let texts: Vec<Result<String, LoadError>> = {
            use rayon::prelude::*;
            listed.par_iter().map(|(_, path)| read(path)).collect()
        };
        // Every file that is not UTF-8 is reported, in listing order (pack-format.md:
        // every mistake in one run); an I/O error stops at the first.
        let mut bad = Vec::new();
        for ((rel, _), text) in listed.into_iter().zip(texts) {
            match text {
                Ok(t) => {
                    files.insert(rel, t);
                }
                Err(LoadError::Invalid(d)) => bad.extend(d.0),
                Err(e) => return Err(e),
            }
        }
        if !bad.is_empty() {
            return Err(LoadError::Invalid(crate::error::Diagnostics(bad)));
        }
        stopped?;
        Ok(PackFiles {
            origin: dir.to_path_buf(),
            files,
        })
    }

    /// Builds a pack from in-memory files (an embedded pack, or a test's).
    pub fn from_memory<I, K, V>(origin: &str, files: I) -> PackFiles
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        PackFiles {
            origin: PathBuf::from(origin),
            files: files
                .into_iter()
                .map(|(k, v)| (k.into(), without_bom(v.into())))
                .collect(),
        }
    }

    /// The files directly or indirectly under `folder/` whose name ends with one of `exts`.
    pub fn under<'a>(
        &'a self,
        folder: &'a str,
        exts: &'a [&'a str],
    ) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.files.iter().filter_map(move |(path, body)| {
            let inside = path
                .strip_prefix(folder)
                .is_some_and(|rest| rest.starts_with('/'));
            (inside && exts.iter().any(|e| path.to_ascii_lowercase().ends_with(e)))
                .then_some((path.as_str(), body.as_str()))
        })
    }

    /// The path shown to a user for a file of this pack (`packs/demo/cards/a.yaml`).
    pub fn display_path(&self, rel: &str) -> PathBuf {
        self.origin.join(rel)
    }
}

fn read(path: &Path) -> Result<String, LoadError> {
    read_text(path)
}

/// Reads the file at `path` as UTF-8 text (a leading BOM dropped): every file a user gives
/// (pack files, decks, scenarios, import inputs, replays) is read with it.
///
/// Errors: [`LoadError::Io`] when it cannot be read; [`LoadError::Invalid`] at the line
/// and byte column of the first bytes that are not UTF-8.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(without_bom(text)),
        Err(e) => {
            let bytes = e.as_bytes();
            let at = e.utf8_error().valid_up_to();
            let before = &bytes[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            Err(LoadError::Invalid(crate::Diagnostics(vec![
                crate::Diagnostic {
                    file: path.to_path_buf(),
                    line,
                    column: at - start + 1,
                    field: String::new(),
                    message: format!(
                        "not UTF-8 text: byte 0x{:02x} at byte {} of the line (save the file as UTF-8)",
                        bytes[at],
                        at - start + 1
                    ),
                    help: None,
                },
            ])))
        }
    }
}

/// The error for a symbolic link inside a pack: never followed.
fn outside(path: &Path) -> LoadError {
    LoadError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "is a symbolic link; a pack reads only the files inside its own folder \
             (copy the file into the pack instead)",
        ),
    }
}

/// A file saved "UTF-8 with BOM" by an editor reads like one without.
fn without_bom(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// Lists the files under `dir` (relative path as `rel/…`, path) into `out`, in the
/// order the folder gives them; stops at a symbolic link or a folder that does not read.
fn collect(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) -> Result<(), LoadError> {
    let entries = std::fs::read_dir(dir).map_err(|source| LoadError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| LoadError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let child = format!("{rel}/{name}");
        // A pack reads only its own files: a link could point anywhere.
        let kind = entry.file_type().map_err(|source| LoadError::Io {
            path: path.clone(),
            source,
        })?;
        if kind.is_symlink() {
            return Err(outside(&path));
        }
        // The entry's own type (no second look-up: links were refused above).
        if kind.is_dir() {
            collect(&path, &child, out)?;
        } else {
            out.push((child, path));
        }
    }
    Ok(())
}
