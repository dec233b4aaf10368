//! Hostile pack folders: a pack reads only its own files.

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

/// A pack's files are read in parallel, yet the error is the one a reading in
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

/// A YAML text nested `depth` levels deep by indentation (`k:` under `k:` …), with the
/// line holding level `n` at line `n + 1`.
fn nested_by_indentation(depth: usize) -> String {
    let mut s = String::from("id: DEEP\n");
    for i in 0..depth {
        s.push_str(&" ".repeat(i));
        s.push_str("k:\n");
    }
    s
}

/// A pack with one valid `pack.yaml` and the given extra files.
fn pack_with(files: &[(&str, String)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "name: p\nversion: 1.0.0\ngame: battle-spirits\n",
    )
    .unwrap();
    for (rel, text) in files {
        let path = pack.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    (tmp, pack)
}

/// A card file nested 100,000 deep (by flow brackets, by `- ` items) or 2,000 deep by
/// indentation is refused before it is parsed, at the line where it passes the 64 levels
/// a YAML file may nest (`carddb::yamldepth::MAX_YAML_DEPTH`); a file 63 deep is only
/// checked as a card.
#[test]
fn a_card_file_nested_100000_deep_is_refused_at_its_line_with_the_limit() {
    assert_eq!(carddb::yamldepth::MAX_YAML_DEPTH, 64);
    let flow = format!(
        "id: DEEP\nk: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let dashes = format!("id: DEEP\nk:\n{}x\n", "- ".repeat(100_000));
    for (rel, text, at) in [
        // `id:` is level 1 and line 1, so the `k:` at level 65 is on line 66.
        ("cards/indented.yaml", nested_by_indentation(2_000), "66:65"),
        // `k: ` then the 64th `[` (level 65 with the mapping) at column 67.
        ("cards/flow.yaml", flow, "2:67"),
        ("cards/dashes.yaml", dashes, "3:1"),
    ] {
        let (_t, pack) = pack_with(&[(rel, text)]);
        let err = carddb::Pack::load(&pack).unwrap_err().to_string();
        assert!(
            err.contains(&format!("{rel}:{at}: nested deeper than 64 levels")),
            "{err}"
        );
    }
    let (_t, pack) = pack_with(&[("cards/ok.yaml", nested_by_indentation(63))]);
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(!err.contains("nested deeper"), "{err}");
    assert!(err.contains("cards/ok.yaml"), "{err}");
}

/// The same check guards every YAML file of a pack: `pack.yaml`, keywords, labels,
/// phrases, decks.
#[test]
fn every_pack_yaml_file_is_checked_for_depth() {
    let deep = format!("a: {}{}\n", "{b: ".repeat(1000), "}".repeat(1000));
    for rel in [
        "keywords/k.yaml",
        "labels/l.yaml",
        "phrases/p.yaml",
        "decks/d.yaml",
    ] {
        let (_t, pack) = pack_with(&[(rel, deep.clone())]);
        let err = carddb::Pack::load(&pack).unwrap_err().to_string();
        assert!(
            err.contains(&format!("{rel}:1:")) && err.contains("nested deeper than 64 levels"),
            "{rel}: {err}"
        );
    }
    let (_t, pack) = pack_with(&[]);
    std::fs::write(pack.join("pack.yaml"), format!("name: p\n{deep}")).unwrap();
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(
        err.contains("pack.yaml:2:") && err.contains("nested deeper than 64 levels"),
        "{err}"
    );
}

/// A phrase template with more than 8 slots (`dsl::vocab::MAX_TEMPLATE_SLOTS`) is refused
/// at load, at its file, line and field: every sentence of every card is tried against
/// every phrase, and each sentence slot reads its text again. Eight load.
#[test]
fn a_phrase_template_with_too_many_slots_is_refused_at_its_line() {
    assert_eq!(dsl::vocab::MAX_TEMPLATE_SLOTS, 8);
    let slots = |n: usize| {
        (0..n)
            .map(|i| format!("{{s{i}:sentence}}"))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let file = format!(
        "- template: \"{}\"\n  rhai: x();\n- template: \"{}\"\n  rhai: x();\n",
        slots(8),
        slots(9)
    );
    let (_t, pack) = pack_with(&[("phrases/hostile.yaml", file)]);
    let err = carddb::Pack::load(&pack).unwrap_err().to_string();
    assert!(
        err.contains("phrases/hostile.yaml:3:")
            && err.contains("field `[1].template`: phrase template: at most 8 slots in a template"),
        "{err}"
    );
    assert!(!err.contains("`[0].template`"), "{err}");
}

/// pack-format.md promises every mistake in one run: every file that is not UTF-8 is
/// reported, not only the first the parallel read meets.
#[test]
fn every_file_that_is_not_utf8_is_reported() {
    let (_tmp, pack) = pack_with(&[
        ("cards/a.yaml", String::new()),
        ("lib/b.rhai", String::new()),
    ]);
    std::fs::write(pack.join("cards/a.yaml"), [b'x', 0xff]).unwrap();
    std::fs::write(pack.join("lib/b.rhai"), [0xfe]).unwrap();
    let err = carddb::PackFiles::read_dir(&pack).unwrap_err().to_string();
    assert!(err.contains("cards/a.yaml:1:2"), "{err}");
    assert!(err.contains("lib/b.rhai:1:1"), "{err}");
    assert!(err.ends_with("2 error(s)"), "{err}");
}
