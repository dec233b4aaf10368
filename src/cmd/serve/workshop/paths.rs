//! Where the workshop may write: only inside the `--edit` folder, only the files a pack
//! author edits there (`cards/*.yaml`, `decks/*.txt`/`*.yaml`), never through `..`, an
//! absolute path or a symlink, and each write atomic (a temp file in the same folder,
//! renamed over the old one).

use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The folders and file endings a workshop write may name.
const WRITABLE: [(&str, &[&str]); 2] = [
    ("cards", &[".yaml", ".yml"]),
    ("decks", &[".txt", ".yaml", ".yml"]),
];

/// The file `rel` names inside `root` (the canonical `--edit` folder), checked: a relative
/// path of plain names (no `..`, `.`, root or drive), under `cards/` or `decks/` with a
/// pack file's ending, whose folder resolves (symlinks followed) inside `root`, and which
/// is not itself a symlink. Errors: why it is refused.
pub fn inside(root: &Path, rel: &str) -> Result<PathBuf, String> {
    let refused = |why: &str| Err(format!("refused to write `{rel}`: {why}"));
    if rel.is_empty() || rel.contains('\\') || rel.contains('\0') {
        return refused("name a file as `cards/NAME.yaml` (forward slashes)");
    }
    let path = Path::new(rel);
    let mut parts = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p),
            Component::ParentDir => return refused("`..` may not leave the edited folder"),
            Component::RootDir | Component::Prefix(_) => {
                return refused("an absolute path names a file outside the edited folder");
            }
            Component::CurDir => return refused("write the path without `.`"),
        }
    }
    let ok_place = WRITABLE.iter().any(|(folder, ends)| {
        parts.len() >= 2
            && parts[0] == *folder
            && ends.iter().any(|e| rel.to_ascii_lowercase().ends_with(e))
    });
    if !ok_place {
        return refused("the workshop writes only cards/*.yaml and decks/*.txt|yaml");
    }
    let target = root.join(path);
    let parent = target.parent().expect("a path of two parts or more");
    let real_parent = parent
        .canonicalize()
        .map_err(|e| format!("refused to write `{rel}`: its folder: {e}"))?;
    if !real_parent.starts_with(root) {
        return refused("its folder leads outside the edited folder (a symlink)");
    }
    match std::fs::symlink_metadata(&target) {
        Ok(m) if m.file_type().is_symlink() => refused("it is a symlink"),
        Ok(m) if !m.is_file() => refused("it is not a file"),
        _ => Ok(real_parent.join(target.file_name().expect("a file name"))),
    }
}

/// Writes `text` to `path` (checked by [`inside`]) atomically: a new temp file in the
/// same folder, synced, then renamed over `path`; on failure the temp file is removed and
/// `path` is untouched.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().ok_or("no folder")?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let suffix = super::super::access::new_token()?;
    let tmp = dir.join(format!(".{name}.{}.tmp", &suffix[..12]));
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_under_cards_and_decks() {
        let tmp = std::env::temp_dir().join(format!("ws-paths-{}", std::process::id()));
        std::fs::create_dir_all(tmp.join("cards")).unwrap();
        let root = tmp.canonicalize().unwrap();
        assert_eq!(
            inside(&root, "cards/A.yaml").unwrap(),
            root.join("cards/A.yaml")
        );
        for bad in [
            "../x.yaml",
            "cards/../../x.yaml",
            "/etc/passwd",
            "pack.yaml",
            "cards/a.rhai",
            "./cards/a.yaml",
            "cards\\a.yaml",
            "",
        ] {
            assert!(inside(&root, bad).is_err(), "{bad}");
        }
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
