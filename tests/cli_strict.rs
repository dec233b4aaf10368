//! Strict loads name the file: a scripted effect with a timing label the
//! engine does not know stops `play --strict` and `sim --strict` on a pack folder with the
//! card file, line and field, and the known labels — as `db build` does.

use std::process::Command;

fn cardscript(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn an_unknown_timing_label_is_named_at_its_file_and_line() {
    for cmd in ["play", "sim"] {
        let o = cardscript(&[
            cmd,
            "--strict",
            "--pack",
            "tests/broken/scripts/unknown-timing",
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{cmd}: {err}");
        assert!(
            err.contains("cards/T-1.yaml:12:"),
            "{cmd}: the card file and the line of `timing:`: {err}"
        );
        assert!(
            err.contains("unknown timing label `When Blocking`"),
            "{cmd}: {err}"
        );
        assert!(
            err.contains("When This Spirit Blocks"),
            "{cmd}: the known labels: {err}"
        );
    }
    // `db build` reports the same line.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        "tests/broken/scripts/unknown-timing",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cards/T-1.yaml:12:"));
    assert!(!out.exists());
}
