//! A card whose effect is printed only in Japanese runs from that text (the
//! Japanese grammar, `dsl/src/grammar/ja.pest`), and `text_language: ja` makes the Japanese
//! text the one that runs when an effect has both. Original texts, written for these tests.

use std::collections::BTreeMap;

use engine::core::PlayerId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    give_reserve, play, put, scenario, scripted_spirit, strict,
};

const P0: PlayerId = PlayerId(0);

/// A "When Summoned" effect (BS-5.1) with these printed texts and no script.
fn text_effect(texts: &[(&str, &str)], run: Option<&str>) -> carddb::Effect {
    carddb::Effect {
        timing: Some("When Summoned".into()),
        text: texts
            .iter()
            .map(|(l, t)| (l.to_string(), t.to_string()))
            .collect::<BTreeMap<_, _>>(),
        text_language: run.map(str::to_string),
        ..Default::default()
    }
}

/// Summons `card` from the hand and returns how many cards the hand changed by.
fn drawn_on_summon(card: carddb::CardDef) -> i64 {
    let id = card.id.clone();
    let mut g = strict(scenario(vec![card], 1));
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, &id, Zone::Hand(P0), 0);
    let before = hand(&g, P0) as i64;
    play(&mut g, c);
    // The summoned card left the hand: add it back to count only what the effect drew.
    hand(&g, P0) as i64 - before + 1
}

#[test]
fn bs_5_1_a_japanese_only_effect_runs_from_its_japanese_text() {
    let card = scripted_spirit(
        "JA-ONLY",
        0,
        1000,
        vec![text_effect(
            &[("ja", "自分はデッキから2枚ドローする。")],
            None,
        )],
    );
    assert_eq!(drawn_on_summon(card), 2);
}

#[test]
fn bs_5_1_text_language_ja_runs_the_japanese_text_of_an_effect_with_both() {
    let texts = [
        ("en", "Draw 1 card."),
        ("ja", "自分はデッキから2枚ドローする。"),
    ];
    let ja = scripted_spirit("JA-BOTH", 0, 1000, vec![text_effect(&texts, Some("ja"))]);
    assert_eq!(
        drawn_on_summon(ja),
        2,
        "the Japanese text is the one that runs"
    );
    let en = scripted_spirit("EN-BOTH", 0, 1000, vec![text_effect(&texts, None)]);
    assert_eq!(drawn_on_summon(en), 1, "by default the English text runs");
}

/// A card model may print its timing label in Japanese: 『このスピリットの召喚時』 is read as the
/// Japanese grammar reads that header, "when summoned" (BS-5.1), and a label it does not
/// know is still refused by the pack check.
#[test]
fn bs_5_1_a_japanese_timing_label_reads_as_its_header() {
    let mut e = text_effect(&[("ja", "自分はデッキから2枚ドローする。")], None);
    e.timing = Some("このスピリットの召喚時".into());
    let card = scripted_spirit("JA-LABEL", 0, 1000, vec![e]);
    assert_eq!(drawn_on_summon(card), 2);
    let vocab = dsl::Vocabulary::default();
    use engine::rules::battle_spirits::script::vocab::label_triggers;
    assert!(label_triggers("このスピリットの召喚時", &vocab).is_some());
    assert!(label_triggers("このスピリットの連結時", &vocab).is_none());
}
