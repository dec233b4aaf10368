//! Every report ends its stdout with a newline, so that what follows — a `note:` or an
//! `error:` on stderr, a shell prompt, the next command's output — starts on a line of its
//! own instead of running on after the last figure.

use super::*;

/// Runs `cardscript args` and checks that it printed a report on stdout ending with a
/// newline, and that stderr, when not empty, ends with one too.
fn ends_with_newline(args: &[&str]) {
    let o = cardscript(args);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(!out.is_empty(), "{args:?} printed nothing: {err}");
    assert!(
        out.ends_with('\n'),
        "{args:?}: stdout ends without a newline: {out:?}"
    );
    assert!(
        err.is_empty() || err.ends_with('\n'),
        "{args:?}: stderr ends without a newline: {err:?}"
    );
}

#[test]
fn the_reports_of_the_pack_tools_end_with_a_newline() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("x.sqlite");
    let expansion = "scripts/battle-spirits-demo-expansion-2";
    for args in [
        &["coverage", "tests/broken/gaps/later-set.jsonl"][..],
        &["lint", expansion],
        &["explain", "--pack", expansion, "--script", "LGX-12"],
        &["test", "tests/scenarios/bs-3-deck-filler.yaml"],
        &["db", "build", expansion, "-o", db.to_str().unwrap()],
        &["deck", "--pack", expansion, "check", "grove-wardens"],
        &["lint", "scripts/line-battle-demo"],
    ] {
        ends_with_newline(args);
    }
}

#[test]
fn the_reports_of_games_end_with_a_newline() {
    let expansion = "scripts/battle-spirits-demo-expansion-2";
    for args in [
        &["sim", "--pack", expansion, "--games", "1"][..],
        &[
            "exercise", "--pack", expansion, "--format", "casual", "--games", "1",
        ],
        &[
            "exercise", "--pack", expansion, "--format", "casual", "--games", "1", "--json",
        ],
        &["sim", "--pack", "scripts/line-battle-demo", "--games", "1"],
        &[
            "exercise",
            "--pack",
            "scripts/line-battle-demo",
            "--games",
            "1",
        ],
    ] {
        ends_with_newline(args);
    }
}
