//! Keywords declared as pack data: the Saga base pack's declarations
//! (`scripts/battle-spirits-saga/keywords/`) run on cards that have the keyword, printed or
//! gained. Each test cites the keyword's definition (`keywords.json`) or a keyword ruling
//! (`rulings-keywords.json`, numbered K1–K33 in file order).

mod support;

use carddb::{CardDef, Keyword, KeywordValue};
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, saga_scenario, scripted_spirit, strict, to_p1_main,
};
use engine::{Choice, DecisionKind, Game};
use support::rulings::{P0, P1};

fn with_keyword(mut d: CardDef, name: &str, value: Option<KeywordValue>) -> CardDef {
    d.keywords.push(Keyword {
        name: name.into(),
        value,
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    d
}

/// Cards in `p`'s trash (what Crush discards; a draw does not change it).
fn trash(g: &Game, p: engine::core::PlayerId) -> usize {
    g.pile(Zone::Trash(p)).len()
}

/// Answers effect-order questions (BS-8.4) with the first option, until another decision.
fn order_first(g: &mut Game) {
    while decision(g).kind == DecisionKind::EffectChoice {
        let c = decision(g).choices().next().cloned().expect("an option");
        must(g, c);
    }
}

/// P1 attacks with `attacker` and P0 does not block.
fn attack_unblocked(g: &mut Game, attacker: engine::core::InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker });
    order_first(g);
    pass_flashes(g);
    if decision(g).kind == DecisionKind::BlockOrNot {
        must(g, Choice::NoBlock);
    }
}

/// Crush (definition): when this spirit attacks, the opponent discards from the top of
/// their deck its level + the value. `{Crush 2}` at LV1: 3 cards.
#[test]
fn crush_discards_level_plus_value_when_the_spirit_attacks() {
    let crusher = with_keyword(
        scripted_spirit("KW-CRUSH", 2, 3000, vec![]),
        "crush",
        Some(KeywordValue::Number(2)),
    );
    let mut g = strict(saga_scenario(vec![crusher], 1201));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CRUSH", Zone::Field(P1), 1);
    let before = trash(&g, P0);
    attack_unblocked(&mut g, a);
    assert_eq!(g.level(a), Some(1));
    assert_eq!(trash(&g, P0), before + 3, "LV1 + Crush 2");
}

/// Crush (definition): "if gained multiple times, only the version with the highest
/// modifier activates" — a spirit with `{Crush 1}` that gains Crush 3 discards level + 3,
/// once, not twice.
#[test]
fn crush_gained_twice_uses_only_the_highest_value() {
    let crusher = with_keyword(
        scripted_spirit(
            "KW-CRUSH1",
            2,
            3000,
            vec![effect(
                "When This Spirit Attacks",
                r#"gain_keyword(this_card(), "Crush", "3", "turn");"#,
            )],
        ),
        "crush",
        Some(KeywordValue::Number(1)),
    );
    let mut g = strict(saga_scenario(vec![crusher], 1202));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-CRUSH1", Zone::Field(P1), 3);
    assert_eq!(g.level(a), Some(2));
    let before = trash(&g, P0);
    attack_unblocked(&mut g, a);
    let lost = trash(&g, P0) - before;
    // The first option resolves the card's own effect first, so Crush resolves once,
    // with the highest value it has then: LV2 + 3.
    assert_eq!(lost, 2 + 3, "one Crush, with the highest value");
}

/// A spirit without the keyword discards nothing when it attacks (the effect is the
/// keyword's, not every spirit's).
#[test]
fn a_spirit_without_crush_discards_nothing() {
    let plain = scripted_spirit("KW-PLAIN", 2, 3000, vec![]);
    let mut g = strict(saga_scenario(vec![plain], 1203));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-PLAIN", Zone::Field(P1), 1);
    let before = trash(&g, P0);
    attack_unblocked(&mut g, a);
    assert_eq!(trash(&g, P0), before);
}

/// A keyword declaration whose timing label the engine does not know: the strict build
/// names the pack file and the label; a lenient build logs `EffectInert` with the reason for
/// the card that has the keyword, once, instead of never firing unseen.
#[test]
fn an_unknown_keyword_timing_is_an_error_naming_its_file() {
    let decl = engine::rules::battle_spirits::testkit::glimmer_keyword(
        "When This Spirit Sparkles",
        Some("draw(1);"),
    );
    let card = with_keyword(scripted_spirit("KW-GLIM", 2, 3000, vec![]), "glimmer", None);
    let sources = engine::script::ScriptSources::default();
    let err = engine::CardLibrary::with_keywords(
        vec![card.clone()],
        &sources,
        std::slice::from_ref(&decl),
        false,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("keywords/glimmer.yaml"), "{err}");
    assert!(err.contains("When This Spirit Sparkles"), "{err}");
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(card.clone());
    let lib = engine::CardLibrary::with_keywords(all, &sources, &[decl], true).unwrap();
    let mut g = engine::rules::battle_spirits::testkit::scenario_with(lib, &[card], 1204);
    to_p1_main(&mut g);
    put(&mut g, P1, "KW-GLIM", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let logged: Vec<&String> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            engine::Event::EffectInert { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert_eq!(logged.len(), 1, "{:?}", g.log().last());
    assert!(
        logged[0].contains("When This Spirit Sparkles"),
        "{}",
        logged[0]
    );
}
