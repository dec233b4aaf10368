//! The expansion pack's keywords, declared as data in
//! `scripts/battle-spirits-demo-expansion/keywords/` on top of its pack label "When This
//! Spirit Resonates" (`labels/resonates.yaml`): Echo (when this spirit attacks, it
//! resonates) and Chime N (when this spirit resonates, +N×1000 BP until the end of the
//! turn). Definitions are the pack's own `description`s.

use carddb::{CardDef, Keyword, KeywordValue};
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scenario_with, scripted_spirit,
    strict, to_p1_main,
};
use engine::script::ScriptSources;
use engine::{CardLibrary, Choice, DecisionKind, Game};

const P1: engine::core::PlayerId = engine::core::PlayerId(1);

fn with_keyword(mut d: CardDef, name: &str, value: Option<i64>) -> CardDef {
    d.keywords.push(Keyword {
        name: name.into(),
        value: value.map(KeywordValue::Number),
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    d
}

/// A game whose library has the Saga keywords and the expansion's keywords, label and
/// phrases (read from the pack folder, as `--pack` does).
fn game(extra: Vec<CardDef>, seed: u64) -> Game {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts/battle-spirits-demo-expansion");
    let pack = carddb::Pack::load(&dir).expect("the expansion loads");
    let (mut keywords, mut sources): (Vec<carddb::LoadedKeyword>, ScriptSources) =
        engine::rules::battle_spirits::testkit::saga_keywords();
    keywords.extend(pack.loaded_keywords());
    for (path, text) in &pack.files.files {
        sources.add_file(&pack.manifest.name, path, text);
    }
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.extend(extra.iter().cloned());
    let lib = CardLibrary::with_keywords(all, &sources, &keywords, false).expect("compiles");
    strict(scenario_with(lib, &extra, seed))
}

fn order_first(g: &mut Game) {
    while decision(g).kind == DecisionKind::EffectChoice {
        let c = decision(g).choices().next().cloned().expect("an option");
        must(g, c);
    }
}

/// P1 attacks with `a`; returns its BP once the attack's effects resolved.
fn attack(g: &mut Game, a: engine::core::InstanceId) -> u32 {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
    order_first(g);
    let bp = g.bp(a);
    pass_flashes(g);
    bp
}

/// Echo (definition): when this spirit attacks, it resonates — its own "When This Spirit
/// Resonates" effect works.
#[test]
fn echo_makes_the_attacking_spirit_resonate() {
    let singer = with_keyword(
        scripted_spirit(
            "XK-ECHO",
            2,
            3000,
            vec![effect("When This Spirit Resonates", "draw(1);")],
        ),
        "echo",
        None,
    );
    let mut g = game(vec![singer], 31);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "XK-ECHO", Zone::Field(P1), 1);
    let hand = g.pile(Zone::Hand(P1)).len();
    attack(&mut g, a);
    assert_eq!(
        g.pile(Zone::Hand(P1)).len(),
        hand + 1,
        "resonated once: drew 1"
    );
}

/// Without Echo the same spirit attacks without resonating.
#[test]
fn without_echo_an_attack_does_not_resonate() {
    let quiet = scripted_spirit(
        "XK-QUIET",
        2,
        3000,
        vec![effect("When This Spirit Resonates", "draw(1);")],
    );
    let mut g = game(vec![quiet], 32);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "XK-QUIET", Zone::Field(P1), 1);
    let hand = g.pile(Zone::Hand(P1)).len();
    attack(&mut g, a);
    assert_eq!(g.pile(Zone::Hand(P1)).len(), hand);
}

/// Chime N (definition): when this spirit resonates, +N×1000 BP until the end of the
/// turn. Echo + Chime 2 at LV1 (3000 BP): 5000 BP after the attack resolved.
#[test]
fn chime_adds_its_value_in_thousands_of_bp_when_the_spirit_resonates() {
    let bell = with_keyword(
        with_keyword(scripted_spirit("XK-BELL", 2, 3000, vec![]), "echo", None),
        "chime",
        Some(2),
    );
    let mut g = game(vec![bell], 33);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "XK-BELL", Zone::Field(P1), 1);
    assert_eq!(attack(&mut g, a), 3000 + 2000);
}

/// Chime gained with `gain_keyword` works like a printed one; printed Chime 1 and gained
/// Chime 3: only the highest value counts (the pack's definition), once: +3000, not +4000.
#[test]
fn chime_gained_counts_only_the_highest_value() {
    let bell = with_keyword(
        with_keyword(
            scripted_spirit(
                "XK-BELL2",
                0,
                3000,
                vec![effect(
                    "When Summoned",
                    r#"gain_keyword(this_card(), "Chime", "3", "turn");"#,
                )],
            ),
            "echo",
            None,
        ),
        "chime",
        Some(1),
    );
    let mut g = game(vec![bell], 34);
    to_p1_main(&mut g);
    give_reserve(&mut g, P1, 2);
    let a = put(&mut g, P1, "XK-BELL2", Zone::Hand(P1), 0);
    play(&mut g, a);
    order_first(&mut g);
    assert_eq!(g.level(a), Some(1));
    assert_eq!(attack(&mut g, a), 3000 + 3000);
}
