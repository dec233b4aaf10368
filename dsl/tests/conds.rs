//! Counters, conditions and extra procedures of card text: a cost then a choice of effects,
//! a delayed trigger on a chosen card, skipping the next refresh (BS-4.2), discarding any
//! number of cards as a multiplier, "the first time … each turn" (BS-8.3), "when blocks"
//! effects that also work on attack, and choices that do not select. ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

/// Rulings C#29, C#31: a cost ("you may destroy it to …") then one of the bulleted effects.
#[test]
fn a_cost_then_one_of_the_following_effects() {
    let r = rhai(
        "(When This Spirit Attacks) Select one of your spirits. You may destroy it to activate one of the following effects. ・Draw one card. ・Select one of your opponent's spirits. Place up to one core from it into their reserve.",
    );
    assert!(r.contains("did = destroy(t) >= 1;"), "{r}");
    assert!(
        r.contains("let choice = choose_one([\"draw 1 card(s)\", \"select: choose 1 of the opponent's spirits; move up to 1 core(s)"),
        "{r}"
    );
    // Each option runs inside the cost's "if you do", the second with its own selection.
    let draw = r.find("if choice == 0 {").expect("option 1");
    let second = r.find("if choice == 1 {").expect("option 2");
    assert!(draw > r.find("if did {").unwrap() && second > draw, "{r}");
    assert!(
        r[second..].contains("t = choose_targets(opponent_spirits(), 1);"),
        "{r}"
    );
    assert!(
        r[second..].contains("move_cores_up_to(t, \"owners_reserve\", 1);"),
        "{r}"
    );
    assert!(!r[draw..second].contains("move_cores"), "{r}");
}

#[test]
fn one_of_the_following_without_options_is_not_understood() {
    let o = parse_en(
        "[Flash] You may discard 1 card from your hand to activate one of the following effects.",
    );
    assert!(!o.complete);
    let one = parse_en("[Flash] Activate one of the following effects. ・Draw 1 card.");
    assert!(!one.complete, "a single option is no choice");
}

/// Ruling C#156: "If it attacks or blocks during this turn, …" waits for the chosen card.
#[test]
fn a_delayed_trigger_on_the_chosen_card() {
    let r = rhai(
        "[Flash] Select one of your opponent's spirits. If it attacks or blocks during this turn, remove two of its cores and place them into your opponent's reserve.",
    );
    assert!(
        r.contains("t = choose_targets(opponent_spirits(), 1);"),
        "{r}"
    );
    assert!(
        r.contains("when(ev_attacks_or_blocks(t), \"turn\", || {"),
        "{r}"
    );
    assert!(r.contains("move_cores(t, \"owners_reserve\", 2);"), "{r}");
}

/// BS-4.2, ruling C#183.
#[test]
fn the_chosen_spirit_skips_its_next_refresh() {
    let r = rhai(
        "(When This Spirit Blocks) Select one of your opponent's spirits. That spirit will not refresh during their next refresh step.",
    );
    assert!(r.contains("skip_next_refresh(t);"), "{r}");
}

/// Ruling C#89: the discarded cards count the cores moved.
#[test]
fn discard_any_number_then_for_each_card_you_discarded() {
    let r = rhai(
        "[Flash] Select one of your opponent's nexuses. Then, discard any number of cards and place one core from that nexus into their reserve for each card you discarded.",
    );
    assert!(r.contains("discard_any_number(my_hand());"), "{r}");
    assert!(
        r.contains("move_cores(t, \"owners_reserve\", discarded().count());"),
        "{r}"
    );
}

/// BS-8.3 (rulings C#107): a watcher of a constant effect that works once per turn.
#[test]
fn the_first_time_each_turn_is_a_watcher_once_per_turn() {
    let r = rhai(
        "(During Your Turn) The first time one of your red spirits is destroyed each turn, return that spirit card from your trash to your hand.",
    );
    assert!(
        r.contains(
            "when(ev_destroyed(my_spirits().colour(\"red\"), false, false), \"while\", || {"
        ),
        "{r}"
    );
    let once = r.find("if once_per_turn() {").expect("once per turn");
    assert!(once > r.find("t = event_cards();").unwrap(), "{r}");
    assert!(r[once..].contains("return_to_hand(t);"), "{r}");
}

/// Rulings C#181, C#182.
#[test]
fn when_blocks_effects_also_on_attack() {
    let r = rhai(
        "(During Your Attack Step) All of your spirits' \"When This Spirit Blocks\" effects also activate when attacking.",
    );
    assert!(
        r.contains("block_effects_on_attack(my_spirits(), \"while\");"),
        "{r}"
    );
}

/// Ruling C#159: a choice printed without "select" does not select (Armor does not refuse
/// it); "Select …" still selects.
#[test]
fn only_select_selects() {
    let r = rhai("[Flash] Return one of your opponent's attacking spirits to their hand.");
    assert!(
        r.contains("t = choose_cards(opponent_spirits().attacking(), 1);"),
        "{r}"
    );
    let s = rhai("[Flash] Select one of your opponent's spirits and return it to their hand.");
    assert!(
        s.contains("t = choose_targets(opponent_spirits(), 1);"),
        "{s}"
    );
    assert!(!s.contains("choose_cards"), "{s}");
}

/// Japanese text keeps every choice selecting (指定): only Saga English prints "Select".
#[test]
fn japanese_choices_still_select() {
    let o = dsl::parse_ja("Lv1･Lv2『このスピリットの召喚時』\nスピリット1体を破壊する。");
    assert!(o.complete, "{:?}", o.unparsed);
    let r = dsl::compile::to_rhai(&o.effect, None);
    assert!(r.contains("choose_targets("), "{r}");
    assert!(!r.contains("choose_cards"), "{r}");
}

/// Card filters as printed: colours counted, no keyword, a soul core, a level.
#[test]
fn colour_count_and_other_filters() {
    let r = rhai("[Flash] Destroy one of your opponent's spirits of two or more colours.");
    assert!(r.contains("opponent_spirits().colours_at_least(2)"), "{r}");
    let r =
        rhai("[Flash] Select one of your opponent's spirits of exactly one colour and exhaust it.");
    assert!(r.contains("opponent_spirits().colours_is(1)"), "{r}");
    let r = rhai(
        "[Flash] Select one of your opponent's spirits that does not have Crush and exhaust it.",
    );
    assert!(r.contains(".lacks_keyword(\"Crush\")"), "{r}");
    let r = rhai("[Flash] Select one of your spirits with a \"Soul Core\" on it and refresh it.");
    assert!(r.contains(".has_soul_core()"), "{r}");
    let r = rhai("[Flash] Exhaust all of your opponent's LV1 spirits.");
    assert!(r.contains("opponent_spirits().level(1)"), "{r}");
}

/// BS-8.3: "the first spirit that attacks each turn" is the attacker of a watcher that
/// works once per turn.
#[test]
fn the_first_spirit_that_attacks_each_turn() {
    let r = rhai(
        "(During Your Attack Step) The first spirit that attacks each turn gains 2000 BP for each blue spirit you control.",
    );
    assert!(
        r.contains("when(ev_attacks(my_spirits()), \"while\", || {"),
        "{r}"
    );
    let once = r.find("if once_per_turn() {").expect("once per turn");
    assert!(once > r.find("t = event_cards();").unwrap(), "{r}");
    // Counted while it lasts (rulings C#197, C#198).
    assert!(
        r[once..].contains("bp_plus_per(t, 2000, my_spirits().colour(\"blue\"), \"while\");"),
        "{r}"
    );
}

#[test]
fn spirits_summoned_this_turn() {
    let r = rhai("[Flash] Destroy all of your opponent's spirits summoned this turn.");
    assert!(r.contains("opponent_spirits().summoned_this_turn()"), "{r}");
}
