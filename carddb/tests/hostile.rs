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

/// Issue 15: a pack's files are read in parallel, yet the error is the one a reading in
/// folder order meets first — a card file that is not UTF-8 before a link in a later
/// folder — and a pack that reads gets every file's text.
#[cfg(unix)]
#[test]
fn files_read_in_parallel_fail_at_the_first_file_in_order() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("pack");
    std::fs::create_dir_all(pack.join("cards")).unwrap();
    std::fs::create_dir_all(pack.join("lib")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    for i in 0..40 {
        std::fs::write(pack.join(format!("lib/m{i:02}.rhai")), format!("// {i}\n")).unwrap();
    }
    std::fs::create_dir_all(pack.join("lib/sub")).unwrap();
    std::fs::write(pack.join("lib/sub/deep.rhai"), "// deep\n").unwrap();
    let files = carddb::PackFiles::read_dir(&pack).unwrap();
    assert_eq!(files.files.len(), 42);
    assert_eq!(files.files["lib/m07.rhai"], "// 7\n");
    assert_eq!(files.files["lib/sub/deep.rhai"], "// deep\n");
    std::fs::write(pack.join("cards/bad.yaml"), [0xff, 0xfe, b'x']).unwrap();
    std::os::unix::fs::symlink(tmp.path(), pack.join("lib/zz")).unwrap();
    let err = carddb::PackFiles::read_dir(&pack).unwrap_err().to_string();
    assert!(err.contains("cards/bad.yaml"), "{err}");
    std::fs::remove_file(pack.join("cards/bad.yaml")).unwrap();
    let err = carddb::PackFiles::read_dir(&pack).unwrap_err().to_string();
    assert!(
        err.contains("lib/zz") && err.contains("symbolic link"),
        "{err}"
    );
}
