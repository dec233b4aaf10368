//! Behaviour of the public API on small original examples: data quirks of `parse_effect`,
//! the shape of generated rhai, partial parses.

use dsl::ast::{Action, Amount, BurstCondition, Step, Timing, Whose};
use dsl::{Lang, parse_effect, parse_en, parse_ja};

fn kw(name: &str, m: Option<&str>) -> (String, Option<String>) {
    (name.to_string(), m.map(str::to_string))
}

#[test]
fn generated_rhai_has_the_documented_style() {
    let o = parse_en(
        "[LV1][LV2] (When Summoned) Draw 1 card. Select one of your opponent's spirits with 3000 or fewer BP and destroy it.",
    );
    assert!(o.complete);
    let src = dsl::compile::to_rhai(&o.effect, Some("(When Summoned) Draw 1 card."));
    assert_eq!(
        src,
        "// (When Summoned) Draw 1 card.\n\
         let t = [];\n\
         draw(1);\n\
         t = choose_targets(opponent_spirits().bp_at_most(3000).not_being_destroyed(), 1);\n\
         destroy(t);\n"
    );
    assert_eq!(
        dsl::compile::hook_name(o.effect.timing.as_ref()),
        "when_summoned"
    );
}

#[test]
fn na_means_none_and_leading_labels_are_stripped() {
    let o = parse_effect(
        &[1, 2],
        Some("N/A"),
        &[],
        &[],
        "When Summoned Draw a card.",
        Lang::En,
    );
    assert!(o.complete);
    assert_eq!(o.effect.timing, Some(Timing::WhenSummoned));
    assert_eq!(o.effect.body, vec![Action::Draw(Amount::Fixed(1))]);

    let o = parse_effect(
        &[1],
        Some("When Summoned"),
        &[],
        &[],
        "When Summoned Draw two cards.",
        Lang::En,
    );
    assert_eq!(o.effect.body, vec![Action::Draw(Amount::Fixed(2))]);

    // A bare keyword: no text, keyword kept, constant hook.
    let o = parse_effect(
        &[1, 2, 3],
        Some("N/A"),
        &[kw("Awaken", None)],
        &["Flash".into()],
        "N/A",
        Lang::En,
    );
    assert!(o.complete);
    assert!(o.effect.body.is_empty());
    assert_eq!(o.effect.keywords[0].name, "Awaken");
}

#[test]
fn burst_keyword_turns_the_condition_into_a_burst_hook() {
    let o = parse_effect(
        &[],
        Some("When You Lose Life"),
        &[kw("Burst", None)],
        &[],
        "Draw 2 cards. You may then pay this card's cost to activate its flash effect.",
        Lang::En,
    );
    assert!(o.complete);
    assert_eq!(
        o.effect.timing,
        Some(Timing::Burst(BurstCondition::LifeReduced))
    );
}

#[test]
fn start_of_step_label_becomes_a_start_of_step_hook() {
    let o = parse_effect(
        &[1],
        Some("N/A"),
        &[],
        &[],
        "During Your End Step At the start of the step, draw 2 cards.",
        Lang::En,
    );
    assert!(o.complete, "{:?}", o.unparsed);
    assert_eq!(
        o.effect.timing,
        Some(Timing::StartOfStep {
            whose: Whose::You,
            step: Step::End
        })
    );
}

#[test]
fn unknown_sentences_are_kept_and_make_the_effect_inert() {
    let text = "(When Summoned) Draw a card. Juggle three moons. Draw a card.";
    let o = parse_en(text);
    assert!(!o.complete);
    assert_eq!(o.unparsed.len(), 1);
    let u = &o.unparsed[0];
    assert_eq!(&text[u.span.start..u.span.end], "Juggle three moons.");
    assert!(!u.expected.is_empty());
    // The rest is still understood …
    assert_eq!(o.effect.body.len(), 3);
    // … but the script never runs half.
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(src.starts_with("inert("));
    assert!(src.contains("// NOT UNDERSTOOD: Juggle three moons."));
    // Its outcome is known without running it: the reason `inert` gives.
    let with_comment = dsl::compile::to_rhai(&o.effect, Some("Draw a card.\nJuggle."));
    for s in [&src, &with_comment] {
        // The reason names the part not understood, in the author's words.
        assert_eq!(
            dsl::compile::static_inert(s),
            Some(dsl::compile::not_understood(&["Juggle three moons."]))
        );
    }
    // A script that acts, or calls `inert` only on some path, is not known.
    let draw = dsl::compile::to_rhai(&parse_en("(When Summoned) Draw a card.").effect, None);
    assert_eq!(dsl::compile::static_inert(&draw), None);
    let branch = "if hand_size() > 2 {\n    inert(\"x\");\n    return;\n}\ndraw(1);";
    assert_eq!(dsl::compile::static_inert(branch), None);
    assert_eq!(
        dsl::compile::static_inert("inert(\"a \\\"b\\\"\");\nreturn;"),
        Some("a \"b\"".into())
    );
}

#[test]
fn unmapped_timing_label_is_reported() {
    let o = parse_effect(
        &[1],
        Some("When Pigs Fly"),
        &[],
        &[],
        "Draw a card.",
        Lang::En,
    );
    assert!(!o.timing_mapped);
    assert!(!o.complete);
}

#[test]
fn japanese_structured_entry() {
    let o = parse_effect(
        &[1, 2],
        Some("『このスピリットのアタック時』"),
        &[],
        &[],
        "自分はデッキから2枚ドローする。",
        Lang::Ja,
    );
    assert!(o.complete, "{:?}", o.unparsed);
    assert_eq!(o.effect.timing, Some(Timing::WhenAttacks));
    assert_eq!(o.effect.body, vec![Action::Draw(Amount::Fixed(2))]);
}

#[test]
fn japanese_optional_destroy_is_a_may() {
    let o = parse_ja("Lv1『このスピリットの召喚時』\nBP1000以下のスピリット1体を破壊できる。");
    assert!(o.complete);
    assert!(matches!(o.effect.body.as_slice(), [Action::May(_)]));
}

#[test]
fn plain_words_explanation() {
    let o = parse_en(
        "[LV2][LV3] (When This Spirit Attacks) Select one of your opponent's exhausted spirits with 3000 or fewer BP and destroy it.",
    );
    let s = o.effect.to_string();
    assert!(
        s.starts_with("timing: when attacks; levels: LV2, LV3\n"),
        "{s}"
    );
    assert!(
        s.contains("select: choose 1 of the opponent's exhausted spirits with BP ≤ 3000"),
        "{s}"
    );
    assert!(s.contains("destroy the chosen card(s)"), "{s}");
}

#[test]
fn labels_in_other_cases_and_level_lists() {
    let o = parse_effect(
        &[],
        Some("when this spirit attacks or blocks"),
        &[],
        &[],
        "Draw 1 card.",
        Lang::En,
    );
    assert!(o.complete);
    assert_eq!(o.effect.timing, Some(Timing::WhenAttacksOrBlocks));
    let o = parse_en("[LV1/LV2/LV3] (During Either Turn) Draw 1 card.");
    assert!(o.complete);
    assert_eq!(o.effect.levels, vec![1, 2, 3]);
    assert_eq!(o.effect.timing, Some(Timing::DuringTurn(Whose::Either)));
}

#[test]
fn card_script_has_one_function_per_effect_and_compiles() {
    let texts = [
        "[LV1][LV2] (When Summoned) Draw 1 card.",
        "[LV2] (During Your Attack Step) When one of your spirits is destroyed, you may discard a card. If you do, draw 2 cards.",
        "[LV1] (When Summoned) Juggle three moons.",
    ];
    let effects: Vec<(String, dsl::ast::EffectText)> = texts
        .iter()
        .map(|t| (t.to_string(), parse_en(t).effect))
        .collect();
    let src = dsl::compile::card_to_rhai(&effects);
    assert!(src.contains("fn effect_1()"));
    assert!(src.contains("fn effect_3()"));
    assert!(src.contains("// hook: during_your_attack_step, levels: [2]"));
    // The engine's sandbox limits (`engine/src/script/sandbox.rs`), not the debug-build
    // defaults: a watcher holding a cost and its gated action nests five deep in a function.
    let mut engine = rhai::Engine::new_raw();
    engine.set_max_expr_depths(64, 32);
    engine
        .compile(&src)
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
}

/// "it" after an action on this spirit, with nothing selected, is this spirit: a core
/// placed "onto it" goes on this card (the script never names an unbound `t`).
#[test]
fn it_after_this_spirit_is_this_card_in_core_placements() {
    let out = dsl::parse_en(
        "[LV2] (When This Spirit Attacks) You may exhaust this spirit to place two cores from the void onto it.",
    );
    assert!(out.complete, "{out:?}");
    let rhai = dsl::compile::to_rhai(&out.effect, None);
    assert!(
        rhai.contains("cores_from_void_to(this_card(), 2);"),
        "{rhai}"
    );
    assert!(!rhai.contains("cores_from_void_to(t,"), "{rhai}");
}

#[test]
fn the_rest_of_cards_revealed_in_a_watcher_is_handled_inside_the_watcher() {
    // "Return the remaining cards …" follows the sentence that revealed them, also when that
    // sentence is a "when …" watcher (shape of BSS03-038, CB01-068): otherwise it would run
    // when the watcher is set up, before anything is revealed.
    let o = parse_en(
        "[LV2] (During Your Attack Step) Reveal the top four cards of your deck when one of your spirits is blocked. Add one magic card from the revealed cards to your hand. Return the remaining cards to the bottom of your deck in any order.",
    );
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    let closure_end = src.rfind("});").expect("a when closure");
    let rest = src
        .find("remaining_to_deck(\"bottom\");")
        .expect("the rest");
    assert!(rest < closure_end, "inside the watcher:\n{src}");
}

#[test]
fn token_summons_name_the_token_card_and_summon_one_at_a_time() {
    // Keyword rulings K27, K28: "NAME Tokens" are made from the token card "NAME Token"; one
    // call per token, so with too few cores the first is summoned and the next is inert
    // (card ruling on two tokens with one core).
    let o = parse_en("[LV1] (When Summoned) Summon two of your Gearwight Tokens exhausted.");
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(src.contains("for i in 0..2 {"), "{src}");
    assert!(
        src.contains("summon_token_named(\"Gearwight Token\", true);"),
        "{src}"
    );
    let o = parse_en(
        "[LV1] (When Summoned) Summon one of your Iron Moth Kin Tokens for each nexus you control.",
    );
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(
        src.contains("summon_token_named(\"Iron Moth Kin Token\", false);"),
        "{src}"
    );
    assert!(!src.contains("0..1 {"), "per nexus, not once:\n{src}");
}

#[test]
fn an_effect_that_does_not_duplicate_works_for_the_first_copy_only() {
    // A watcher's response is guarded when it happens; any other effect is guarded whole.
    let o = parse_en(
        "[LV1] (During Your Attack Step) When one of your spirits attacks, draw 1 card. This effect does not duplicate.",
    );
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    let watcher = src.find("when(").expect("a watcher");
    let guard = src.find("ok = not_duplicated();").expect(&src);
    assert!(
        watcher < guard && guard < src.find("draw(1);").unwrap(),
        "{src}"
    );
    let o = parse_en("[LV1] (When Summoned) Draw 1 card. This effect does not duplicate.");
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(
        src.find("ok = not_duplicated();").unwrap() < src.find("draw(1);").unwrap(),
        "{src}"
    );
    // Alone it guards nothing: not understood.
    assert!(!parse_en("[LV1] (When Summoned) This effect does not duplicate.").complete);
}

#[test]
fn an_ascend_condition_reads_the_spirit_that_paid_the_ascend() {
    // Keyword rulings K1-K3: the spirit whose cores paid this card's Ascend, matched by its
    // filters wherever it is now (it has left the field).
    let o = parse_en(
        "[LV1] (When Summoned) If this spirit performs Ascend using a spirit that costs 7 or more, draw a card.",
    );
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(
        src.contains("ok = ascended_using(my_spirits().cost_at_least(7));"),
        "{src}"
    );
}

#[test]
fn paying_this_spirits_soul_core_names_this_card_and_an_unpaid_cost_ends_the_effect() {
    // Shape of ST01-007 / BSS01-051 ("this spirit's") and of BSS03-064 ("a").
    let o = parse_en(
        "[LV1] (When This Spirit Attacks) You may pay this spirit's \"Soul Core\" to draw a card.",
    );
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    // "You may X to Y": Y only when X was paid.
    assert!(
        src.contains("did = pay_soul_core_from(this_card()) >= 1;\n    if did {\n        draw(1);"),
        "{src}"
    );
    let o = parse_en("[LV1] (When This Spirit Blocks) You may pay a \"Soul Core\" to draw a card.");
    assert!(o.complete, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    assert!(src.contains("did = pay_soul_core() >= 1;"), "{src}");
}

/// A number beyond any card's is refused, never capped — the sentence is
/// not understood and says why; the same number within range is understood.
#[test]
fn numbers_out_of_range_are_refused_not_capped() {
    let o = parse_en("(When Summoned) Draw 99999999999999999999999 cards.");
    assert!(!o.complete);
    assert!(
        o.unparsed[0].expected[0].contains("at most 1000000"),
        "{:?}",
        o.unparsed
    );
    assert!(parse_en("(When Summoned) Draw 2 cards.").complete);
    let j =
        parse_ja("『このスピリットの召喚時』自分はデッキから９９９９９９９９９９枚ドローする。");
    assert!(!j.complete);
}

/// Every part not understood is named in the reason the effect gives for doing nothing,
/// in the author's words: one does not hide the rest (nor one nested in a "may").
#[test]
fn an_inert_effect_names_every_part_not_understood() {
    let text =
        "(When Summoned) Juggle three moons. Draw a card. You may frob the sky. Whistle twice.";
    let o = parse_en(text);
    assert_eq!(o.unparsed.len(), 3, "{:?}", o.unparsed);
    let src = dsl::compile::to_rhai(&o.effect, None);
    let reason = dsl::compile::static_inert(&src).expect("inert at once");
    assert_eq!(
        reason,
        "card text not fully understood; write a script for this effect (not understood: \
`Juggle three moons.`, `You may frob the sky.`, `Whistle twice.`)"
    );
}

/// BS-8.1: a timing label names when an effect works, not an effect. Printed text that is
/// only a label (a header with no sentence) is a "not understood" gap whose script is
/// `inert(…)`, never an empty script that would run and count as acting.
#[test]
fn a_timing_label_alone_is_not_understood() {
    for text in ["During Your Attack Step", "(During Your Attack Step)"] {
        let o = parse_en(text);
        assert!(!o.complete, "{text}: {o:?}");
        assert_eq!(o.unparsed.len(), 1, "{text}");
        assert_eq!(
            o.unparsed[0].expected,
            vec!["an effect after the timing label".to_string()]
        );
        let src = dsl::compile::to_rhai(&o.effect, None);
        assert!(
            dsl::compile::static_inert(&src).is_some(),
            "{text} compiles to {src}"
        );
    }
    // A sentence that only sets a flag of the effect is not a bare label.
    assert!(parse_en("This effect may only be used once per turn.").complete);
    // Nor is a bare keyword.
    let o = parse_en("[LV1] [Armor: Purple]");
    assert!(
        o.unparsed
            .iter()
            .all(|u| u.expected[0] != "an effect after the timing label")
    );
}

/// The watchers the text compiles to: a bare "destroys" counts battle and effect
/// destruction (BS-6.6, ruling C#102), "via comparing BP" only battle; placing a nexus is
/// watched as a deploy, not a summon (BS-5.4); "discarded by your <keyword> effect" waits
/// for cards a keyword's effect mills (rulings C#68, C#76).
#[test]
fn watcher_events_compile_to_their_happenings() {
    let rhai = |t: &str| {
        let o = parse_en(t);
        assert!(o.complete, "{t}: {:?}", o.unparsed);
        dsl::compile::to_rhai(&o.effect, None)
    };
    let bare = rhai("When this spirit destroys one of your opponent's spirits, draw a card.");
    assert!(
        bare.contains("ev_destroys(this_card(), opponent_spirits())"),
        "{bare}"
    );
    let battle = rhai(
        "When this spirit destroys one of your opponent's spirits via comparing BP, draw a card.",
    );
    assert!(
        battle.contains("ev_destroys(this_card(), opponent_spirits(), true)"),
        "{battle}"
    );
    let nexus = rhai("When you deploy a red nexus, draw a card.");
    assert!(
        nexus.contains("ev_deploys(\"your\", my_nexuses().colour(\"red\"))"),
        "{nexus}"
    );
    let spirit = rhai("When you summon a red spirit, draw a card.");
    assert!(spirit.contains("ev_summons(\"your\""), "{spirit}");
    let milled = rhai("When a spirit card is discarded by your Crush effect, draw a card.");
    assert!(
        milled.contains("ev_milled_by_keyword(all_trash().spirit_cards(), \"Crush\")"),
        "{milled}"
    );
}
