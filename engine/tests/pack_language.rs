//! Timing labels and phrases as pack data: a label a pack declares maps
//! to a pack event that a script raises (`raise_event`), with its `which` filter; a phrase
//! a pack declares makes card text run that the built-in grammar does not understand.

use std::collections::BTreeMap;

use carddb::{CardDef, Effect};
use engine::core::PlayerId;
use engine::rules::battle_spirits::testkit::hand_size as hand;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, play, put, scenario_with, scripted_spirit, strict,
};
use engine::rules::battle_spirits::{Hook, Zone};
use engine::script::ScriptSources;
use engine::{CardLibrary, Choice, Event, Game};

const P0: PlayerId = PlayerId(0);

const LABELS: &str = "
- en: [When This Spirit Links]
  ja: [このスピリットのリンク時]
  event: links
- en: [When Your Spirit Links]
  event: links
  which: yours
- en: [When Opponent's Spirit Links]
  event: links
  which: opponents
";

const PHRASES: &str = "
template: Gather {n:number} sparks from the void
rhai: |
  for i in 0..{n} { gain_life(1); }
";

fn text_effect(label: &str, text: &str) -> Effect {
    Effect {
        timing: Some(label.to_string()),
        text: BTreeMap::from([("en".to_string(), text.to_string())]),
        ..Effect::default()
    }
}

fn game(extra: Vec<CardDef>) -> Game {
    let mut sources = ScriptSources::default();
    sources.add_file("test", "labels/links.yaml", LABELS);
    sources.add_file("test", "phrases/sparks.yaml", PHRASES);
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.extend(extra.iter().cloned());
    let lib = CardLibrary::with_scripts(all, &sources).expect("the pack compiles");
    strict(scenario_with(lib, &extra, 7))
}

#[test]
fn a_pack_event_reaches_this_card_and_the_cards_its_which_names() {
    // The linker raises "links" about itself when summoned; its own "When This Spirit
    // Links" effect draws; a field card of the same player with "When Your Spirit Links"
    // gains a life; one with "When Opponent's Spirit Links" (same side) does nothing.
    let linker = scripted_spirit(
        "S-LINKER",
        0,
        1000,
        vec![
            effect("When Summoned", "raise_event(\"links\", this_card());"),
            effect("When This Spirit Links", "draw(1);"),
        ],
    );
    let ally = scripted_spirit(
        "S-ALLY",
        0,
        1000,
        vec![
            effect("When Your Spirit Links", "gain_life(1);"),
            effect("When Opponent's Spirit Links", "gain_life(3);"),
        ],
    );
    let mut g = game(vec![linker, ally]);
    put(&mut g, P0, "S-ALLY", Zone::Field(P0), 1);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-LINKER", Zone::Hand(P0), 0);
    let (cards, life) = (hand(&g, P0), g.life(P0));
    play(&mut g, c);
    // BS-8.4: two effects due at once; the turn player orders them.
    let r = decision(&mut g);
    assert_eq!(r.options.len(), 2, "{:?}", r.options);
    must(&mut g, Choice::OneOf { index: 0 });
    assert_eq!(hand(&g, P0), cards - 1 + 1, "played one, drew one");
    assert_eq!(g.life(P0), life + 1, "only the `yours` effect");
    let name = engine::rules::battle_spirits::script::hooks::EventName::new("links").unwrap();
    assert!(
        g.log()
            .contains(&Event::Hook(Hook::PackEvent { name, card: c })),
        "the event is logged"
    );
}

#[test]
fn printed_text_with_a_pack_label_and_a_pack_phrase_runs() {
    // No script: the text is read with the pack's label and phrase.
    let text_card = {
        let mut c = scripted_spirit("S-TEXT", 0, 1000, vec![]);
        c.effects = vec![
            effect("When Summoned", "raise_event(\"links\", this_card());"),
            text_effect("When This Spirit Links", "Gather two sparks from the void."),
        ];
        c
    };
    let mut g = game(vec![text_card]);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-TEXT", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, c);
    assert_eq!(g.life(P0), life + 2, "the phrase's rhai ran with n = 2");
}

#[test]
fn raise_event_rejects_a_bad_name() {
    let bad = scripted_spirit(
        "S-BAD",
        0,
        1000,
        vec![effect(
            "When Summoned",
            "raise_event(\"Links Now\", this_card());",
        )],
    );
    let mut sources = ScriptSources::default();
    sources.add_file("test", "labels/links.yaml", LABELS);
    let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
    all.push(bad.clone());
    let lib = CardLibrary::with_scripts(all, &sources).unwrap();
    let mut g = scenario_with(lib, &[bad], 3);
    give_reserve(&mut g, P0, 2);
    let c = put(&mut g, P0, "S-BAD", Zone::Hand(P0), 0);
    play(&mut g, c);
    assert!(
        g.log().iter().any(
            |e| matches!(e, Event::EffectFailed { reason, .. } if reason.contains("event name"))
        ),
        "{:?}",
        g.log().iter().rev().take(5).collect::<Vec<_>>()
    );
}

#[test]
fn a_label_hook_that_is_no_engine_hook_fails_the_build() {
    let mut sources = ScriptSources::default();
    sources.add_file(
        "test",
        "labels/bad.yaml",
        "en: [When This Spirit Dances]\nhook: when_dances\n",
    );
    let e = CardLibrary::with_scripts(
        engine::rules::battle_spirits::testkit::synthetic_cards(),
        &sources,
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("labels/bad.yaml") && msg.contains("when_dances"),
        "{msg}"
    );
}

#[test]
fn a_phrase_whose_rhai_does_not_compile_fails_the_build_naming_it() {
    let mut sources = ScriptSources::default();
    sources.add_file(
        "test",
        "phrases/bad.yaml",
        "template: Gather {n:number} sparks\nrhai: gain_life({n};\n",
    );
    let e = CardLibrary::with_scripts(
        engine::rules::battle_spirits::testkit::synthetic_cards(),
        &sources,
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("phrases/bad.yaml") && msg.contains("Gather {n:number} sparks"),
        "{msg}"
    );
    // Lenient (play): the cards are read without the pack's phrases (keywords still count).
    let lib = CardLibrary::with_scripts_lenient(
        engine::rules::battle_spirits::testkit::synthetic_cards(),
        &sources,
    );
    assert_eq!(lib.scripts().vocabulary().phrases().count(), 0);
}

#[test]
fn a_label_may_not_take_an_engine_labels_text() {
    let mut sources = ScriptSources::default();
    sources.add_file(
        "test",
        "labels/dup.yaml",
        "en: [When This Spirit Attacks]\nevent: charges\n",
    );
    let e = CardLibrary::with_scripts(
        engine::rules::battle_spirits::testkit::synthetic_cards(),
        &sources,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("already an engine timing label"),
        "{e}"
    );
}
