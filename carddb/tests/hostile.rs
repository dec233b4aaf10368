//! Hostile pack folders (issue 16): a pack reads only its own files.

#[cfg(unix)]
#[test]
fn a_symlink_in_a_pack_is_refused_with_its_path_and_the_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let secret = tmp.path().join("secret.txt");
    std::fs::write(&secret, "outside the pack").unwrap();
    let pack = tmp.path().join("pack");
    std::fs::create_dir_all(pack.join("effects")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret, pack.join("effects/X.rhai")).unwrap();
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(err.contains("effects/X.rhai"), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    // A linked folder is refused too.
    std::fs::remove_file(pack.join("effects/X.rhai")).unwrap();
    std::fs::remove_dir(pack.join("effects")).unwrap();
    std::os::unix::fs::symlink(tmp.path(), pack.join("lib")).unwrap();
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(
        err.contains("lib") && err.contains("symbolic link"),
        "{err}"
    );
}
