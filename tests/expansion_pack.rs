//! The original expansion `scripts/battle-spirits-demo-expansion/` adds a
//! timing label, phrases (and keywords) purely as data; the already-built binary lints and
//! simulates it, and a mistake in its declarations is reported at file:line.

mod support;

use support::{cardscript, text};

const DEMO: &str = "scripts/battle-spirits-demo";
const EXPANSION: &str = "scripts/battle-spirits-demo-expansion";

#[test]
fn lint_reads_every_effect_of_the_expansion_from_its_text() {
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", EXPANSION, "--all"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // 13 cards, 13 text effects: every one understood with the pack's label and phrases.
    assert!(
        out.contains("13 cards, 13 effects: 13 run from text, 0 scripted, 0 partly understood"),
        "{out}"
    );
    assert!(!out.contains("not understood"), "{out}");
}

#[test]
fn play_plays_a_whole_game_with_the_expansion_deck() {
    let o = cardscript(&[
        "play",
        "--pack",
        DEMO,
        "--pack",
        EXPANSION,
        "tide-chorus",
        "gloom-grove",
        "--seed",
        "3",
        "--strict",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // A phrase effect ran (the pack label's event it raises is the engine's).
    assert!(
        out.contains("(When Summoned) Each of your spirits resonates."),
        "{out}"
    );
    assert!(out.contains(" wins on turn "), "{out}");
}

#[test]
fn the_expansion_deck_is_legal() {
    let o = cardscript(&[
        "deck",
        "--pack",
        DEMO,
        "--pack",
        EXPANSION,
        "check",
        "tide-chorus",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // BS-0.1: Saga format, 50–60 cards, at most 4 of a card.
    assert!(
        out.contains("tide-chorus: 50 cards, legal in the saga format"),
        "{out}"
    );
}

#[test]
fn sim_plays_the_expansion_deck_with_its_effects_from_text() {
    let o = cardscript(&[
        "sim",
        "--pack",
        DEMO,
        "--pack",
        EXPANSION,
        "tide-chorus",
        "red-ember",
        "--games",
        "6",
        "--check",
        "--threads",
        "1",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("tide-chorus"), "{out}");
    let ran = out
        .lines()
        .find_map(|l| l.strip_prefix("effects: "))
        .unwrap_or_else(|| panic!("no effects line: {out}"));
    let from_text: u32 = ran.split(' ').next().unwrap().parse().unwrap();
    assert!(from_text > 0, "{out}");
    assert!(ran.contains(" 0 failed"), "{out}");
}

#[test]
fn a_mistyped_label_on_a_card_is_an_error_with_file_line_and_did_you_mean() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("exp");
    copy_dir(std::path::Path::new(EXPANSION), &copy);
    let card = copy.join("cards/EXP-13.yaml");
    let body = std::fs::read_to_string(&card)
        .unwrap()
        .replace("When This Spirit Resonates", "When This Spirit Resonats");
    std::fs::write(&card, body).unwrap();
    let phrase = copy.join("phrases/tide.yaml");
    let body = std::fs::read_to_string(&phrase)
        .unwrap()
        .replace("{n:number} tide cores", "{n:numbr} tide cores");
    std::fs::write(&phrase, body).unwrap();
    let db = dir.path().join("x.sqlite");
    let o = cardscript(&[
        "db",
        "build",
        DEMO,
        copy.to_str().unwrap(),
        "-o",
        db.to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    // The phrase template: file:line, the bad kind, a did-you-mean and the valid kinds.
    assert!(out.contains("phrases/tide.yaml:2:"), "{out}");
    assert!(out.contains("did you mean `number`"), "{out}");
    assert!(
        out.contains("number, colour, family, target, filter, duration, sentence"),
        "{out}"
    );
    // Fix the phrase: the card's label is reported next, at its line.
    let body = std::fs::read_to_string(&phrase)
        .unwrap()
        .replace("{n:numbr}", "{n:number}");
    std::fs::write(&phrase, body).unwrap();
    let o = cardscript(&[
        "db",
        "build",
        DEMO,
        copy.to_str().unwrap(),
        "-o",
        db.to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("cards/EXP-13.yaml:15:"), "{out}");
    assert!(
        out.contains("did you mean `When This Spirit Resonates`"),
        "{out}"
    );
    assert!(!db.exists(), "nothing written on an error");
}

#[test]
fn keyword_names_values_and_keyword_labels_are_checked_at_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("exp");
    copy_dir(std::path::Path::new(EXPANSION), &copy);
    let edit = |rel: &str, from: &str, to: &str| {
        let p = copy.join(rel);
        let body = std::fs::read_to_string(&p).unwrap().replace(from, to);
        std::fs::write(&p, body).unwrap();
    };
    // A card keyword nobody declared, a value of the wrong kind, a keyword effect's label.
    edit("cards/EXP-01.yaml", "{name: echo}", "{name: ekho}");
    edit(
        "cards/EXP-02.yaml",
        "{name: chime, value: 1}",
        "{name: chime, value: loud}",
    );
    edit(
        "keywords/chime.yaml",
        "When This Spirit Resonates",
        "When This Spirit Resounds",
    );
    let o = cardscript(&["lint", "--pack", DEMO, "--pack", copy.to_str().unwrap()]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("cards/EXP-01.yaml:14:"), "{out}");
    assert!(out.contains("unknown keyword `ekho`"), "{out}");
    assert!(out.contains("did you mean `Echo`?"), "{out}");
    // The valid names: the Saga base pack's and the expansion's.
    assert!(out.contains("Crush") && out.contains("Chime"), "{out}");
    assert!(out.contains("cards/EXP-02.yaml:14:"), "{out}");
    assert!(
        out.contains("keyword `Chime` needs a number, found `loud`"),
        "{out}"
    );
    assert!(out.contains("keywords/chime.yaml:"), "{out}");
    assert!(
        out.contains("did you mean `When This Spirit Resonates`"),
        "{out}"
    );
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}
