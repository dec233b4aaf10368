//! Japanese card text runs. `tests/ja-text-pack` (original cards) says
//! `text_language: ja`: a card printed only in Japanese and one with both texts both run
//! from their Japanese text (the engine test `engine/tests/japanese_text.rs` plays them).

mod support;

use support::{cardscript, text};

#[test]
fn a_pack_of_japanese_text_runs_from_its_text() {
    let o = cardscript(&["lint", "tests/ja-text-pack", "--all", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["result"]["totals"]["from_text"], 2, "{v}");
    assert_eq!(v["result"]["totals"]["no_text"], 0, "{v}");
    // `explain` reads the Japanese text of the card that has both: it draws two, not one.
    let o = cardscript(&["explain", "--pack", "tests/ja-text-pack", "JA-2"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).to_lowercase().contains("draw 2"), "{}", text(&o));
}
