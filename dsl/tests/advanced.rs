//! The advanced mechanics' phrases on ORIGINAL example texts: count (BS-13.2), over count
//! (BS-13.3), heavy exhaustion (BS-13.4), tecoto (BS-13.1), Ultimate Trigger (BS-12.5),
//! bursts (BS-10.3, BS-10.4) and brave conditions (BS-9.1). Each text must parse fully and
//! compile to rhai calling the script API functions named here.

use dsl::ast::{BurstCondition, Colour, Timing};
use dsl::phrases::{BraveCondition, OverCount, parse_brave_condition, parse_over_count};
use dsl::{Lang, hook_of_label, parse_effect, parse_en};

/// Parses fully and returns the generated rhai (without the comment line).
fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

fn steps(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

#[test]
fn count_plus_and_minus_bs_13_2() {
    assert_eq!(rhai("(When Summoned) Count +1."), "count_plus(1);\n");
    assert_eq!(rhai("<Main> Count +2."), "count_plus(2);\n");
    assert_eq!(rhai("<Flash> Count -1."), "count_minus(1);\n");
    assert_eq!(
        rhai("(When Summoned) Count +1, then draw 1 card."),
        "count_plus(1);\ndraw(1);\n"
    );
    // Sentence-initial or not, the word is case-insensitive.
    assert!(rhai("(When Summoned) Draw 1 card. Then, count +1.").contains("count_plus(1);"));
}

#[test]
fn count_conditions_bs_13_2() {
    let r = rhai(
        "(When This Spirit Attacks) If your count is 3 or more, destroy one of your opponent's spirits.",
    );
    assert!(r.contains("ok = count_area() >= 3;\nif ok {"), "{r}");
    let r = rhai("(When Summoned) If your count is 2 or less, count +1.");
    assert!(r.contains("ok = count_area() <= 2;"), "{r}");
    assert!(r.contains("    count_plus(1);"), "{r}");
}

#[test]
fn heavy_exhaustion_bs_13_4() {
    let r = rhai("(When Summoned) Heavily exhaust one of your opponent's spirits.");
    assert!(
        r.contains("t = choose_cards(opponent_spirits(), 1);\nheavily_exhaust(t);"),
        "{r}"
    );
    let r = rhai("<Flash> Heavily exhaust one of your opponent's spirits with 5000 BP or less.");
    assert!(
        r.contains("choose_cards(opponent_spirits().bp_at_most(5000), 1)"),
        "{r}"
    );
    let r =
        rhai("(When Summoned) Heavily exhaust all of your opponent's spirits with cost 3 or less.");
    assert_eq!(r, "heavily_exhaust(opponent_spirits().cost_at_most(3));\n");
}

#[test]
fn tecoto_bs_13_1() {
    assert_eq!(
        rhai("(When Destroyed) Put this card into your tecoto."),
        "put_into_tecoto(this_card());\n"
    );
    assert_eq!(
        rhai("(When Summoned) Put the top card of your deck into your tecoto."),
        "put_into_tecoto(deck_top(1));\n"
    );
    assert_eq!(
        rhai("<Main> Put the top two cards of your deck into your tecoto."),
        "put_into_tecoto(deck_top(2));\n"
    );
    let r = rhai("<Main> Put one spirit card from your trash into your tecoto.");
    assert!(
        r.contains("t = choose_cards(my_trash().spirit_cards(), 1);\nput_into_tecoto(t);"),
        "{r}"
    );
    // Milling still works next to it.
    assert!(rhai("<Main> Put the top card of your deck into the trash.").contains("mill(1);"));
}

#[test]
fn ultimate_trigger_bs_12_5() {
    let r = rhai("(When Summoned) Ultimate Trigger: if it hits, draw 2 cards.");
    assert!(
        r.contains("ok = ultimate_trigger();\nif ok {\n    draw(2);\n}"),
        "{r}"
    );
    let r = rhai(
        "(When This Ultimate Attacks) Ultimate Trigger: if it hits, destroy one of your opponent's spirits.",
    );
    assert!(r.contains("ok = ultimate_trigger();"), "{r}");
    assert!(r.contains("    destroy(t);"), "{r}");
    assert_eq!(
        parse_en("(When This Ultimate Attacks) Draw 1 card.")
            .effect
            .timing,
        Some(Timing::WhenAttacks)
    );
}

#[test]
fn burst_follow_up_bs_10_4() {
    let r = rhai(
        "{Burst} (After Your Life Is Reduced) Draw 2 cards. You may then pay this card's cost to activate its main effect.",
    );
    assert!(r.contains("pay_cost_to_activate(\"main\");"), "{r}");
    let r = rhai(
        "{Burst} (When Opponent Summons) Count +1. You may then pay this card's cost to activate its flash effect.",
    );
    assert!(r.contains("pay_cost_to_activate(\"flash\");"), "{r}");
}

#[test]
fn printed_burst_labels_name_burst_hooks_bs_10_3() {
    let hook = |t: &str| dsl::compile::hook_name(parse_en(t).effect.timing.as_ref());
    assert_eq!(
        hook("{Burst} (After Your Life Is Reduced) Draw 1 card."),
        "burst_life_reduced"
    );
    assert_eq!(
        hook("{Burst} (When You Lose Life) Draw 1 card."),
        "burst_life_reduced"
    );
    assert_eq!(
        hook("{Burst} (When Opponent Destroys Your Spirit) Draw 1 card."),
        "burst_opponent_destroys_your_spirit"
    );
    assert_eq!(
        hook("{Burst} (When Opponent Summons) Draw 1 card."),
        "burst_opponent_summons"
    );
    assert_eq!(
        hook("{Burst} (When Opponent Resolves a Spirit's \"When Summoned\" Effect) Draw 1 card."),
        "burst_opponent_when_summoned_resolved"
    );
    assert_eq!(
        hook("(While OC) This spirit gains 3000 BP."),
        "while_over_count"
    );
}

#[test]
fn structured_burst_step_and_labels_bs_10_3_bs_13_3() {
    // The engine's card model keeps the label in `timing` and `Burst` among the steps.
    let o = parse_effect(
        &[],
        Some("After Your Life Is Reduced"),
        &[],
        &steps(&["Burst"]),
        "Draw 1 card.",
        Lang::En,
    );
    assert!(o.complete);
    assert_eq!(
        o.effect.timing,
        Some(Timing::Burst(BurstCondition::LifeReduced))
    );
    let o = parse_effect(
        &[1],
        Some("While OC"),
        &[],
        &[],
        "This spirit gains 3000 BP.",
        Lang::En,
    );
    assert!(o.complete);
    assert_eq!(o.effect.timing, Some(Timing::WhileOC));

    let burst = steps(&["Burst"]);
    let h = |l: &str, s: &[String]| hook_of_label(l, s);
    assert_eq!(h("While OC", &[]).as_deref(), Some("while_over_count"));
    assert_eq!(
        h("After Your Life Is Reduced", &burst).as_deref(),
        Some("burst_life_reduced")
    );
    assert_eq!(
        h("When You Lose Life", &burst).as_deref(),
        Some("burst_life_reduced")
    );
    assert_eq!(
        h("When Opponent Destroys Your Spirit", &burst).as_deref(),
        Some("burst_opponent_destroys_your_spirit")
    );
    assert_eq!(
        h("When Opponent Summons", &burst).as_deref(),
        Some("burst_opponent_summons")
    );
    assert_eq!(
        h(
            "When Opponent Resolves a Spirit's \"When Summoned\" Effect",
            &burst
        )
        .as_deref(),
        Some("burst_opponent_when_summoned_resolved")
    );
    // Without a burst step the ordinary hooks stay.
    assert_eq!(
        h("When Opponent Destroys Your Spirit", &[]).as_deref(),
        Some("when_opponent_destroys_your_spirit")
    );
    assert_eq!(h("When Summoned", &[]).as_deref(), Some("when_summoned"));
    assert_eq!(h("When Dancing", &burst), None);
    assert_eq!(h("N/A", &burst), None);
}

#[test]
fn brave_conditions_bs_9_1() {
    assert_eq!(
        parse_brave_condition("Brave condition: a spirit with cost 3 or more"),
        Some(BraveCondition {
            min_cost: Some(3),
            ..Default::default()
        })
    );
    assert_eq!(
        parse_brave_condition("Brave condition: a red spirit"),
        Some(BraveCondition {
            colours: vec![Colour::Red],
            ..Default::default()
        })
    );
    assert_eq!(
        parse_brave_condition("Brave condition: a Dragon family spirit"),
        Some(BraveCondition {
            families: vec!["Dragon".into()],
            ..Default::default()
        })
    );
    assert_eq!(
        parse_brave_condition("a blue spirit or ultimate with cost 4 or less."),
        Some(BraveCondition {
            max_cost: Some(4),
            colours: vec![Colour::Blue],
            ultimates: true,
            ..Default::default()
        })
    );
    assert_eq!(parse_brave_condition("Brave condition: a magic card"), None);
    assert_eq!(
        parse_brave_condition("Brave condition: a spirit with 3000 BP or less"),
        None
    );
}

#[test]
fn over_count_phrase_bs_13_3() {
    assert_eq!(
        parse_over_count("OC: count 3 or more, BP +3000"),
        Some(OverCount {
            count: 3,
            bp_bonus: 3000
        })
    );
    assert_eq!(
        parse_over_count("OC: count 5 or more"),
        Some(OverCount {
            count: 5,
            bp_bonus: 0
        })
    );
    assert_eq!(parse_over_count("count +1"), None);
}

#[test]
fn japanese_count_heavy_exhaustion_tecoto_bs_13() {
    let ja = |t: &str| {
        let o = dsl::parse_ja(t);
        assert!(o.complete, "{t}: {:?}", o.unparsed);
        dsl::compile::to_rhai(&o.effect, None)
    };
    // BS-13.2
    assert_eq!(ja("【召喚時】カウント＋1する。"), "count_plus(1);\n");
    assert_eq!(ja("メイン：カウント－1する。"), "count_minus(1);\n");
    assert!(
        ja("【アタック時】自分のカウントが3以上のとき、相手のスピリット1体を破壊する。")
            .contains("ok = count_area() >= 3;")
    );
    // BS-13.4
    assert!(ja("【召喚時】相手のスピリット1体を重疲労させる。").contains("heavily_exhaust(t);"));
    // BS-13.1
    assert_eq!(
        ja("『このスピリットの破壊時』このスピリットを手元に置く。"),
        "put_into_tecoto(this_card());\n"
    );
    assert_eq!(
        ja("【召喚時】自分のデッキの上から1枚を手元に置く。"),
        "put_into_tecoto(deck_top(1));\n"
    );
}

#[test]
fn ultimate_trigger_guards_the_rest_of_the_effect_bs_12_5() {
    // "A hit, and the rest of the effect works … a guard, and the rest does not work."
    let r = rhai(
        "(When This Ultimate Attacks) Ultimate Trigger: if it hits, heavily exhaust one of your opponent's spirits. Count +1. Otherwise, draw 1 card.",
    );
    assert!(
        r.contains("ok = ultimate_trigger();\nif ok {\n    t = choose_cards(opponent_spirits(), 1);\n    heavily_exhaust(t);\n    count_plus(1);\n}\nif !ok {\n    draw(1);\n}"),
        "{r}"
    );
}
