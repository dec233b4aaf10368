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

/// Rulings C#29, C#31: a cost ("you may return it to your hand to …") then one of the bulleted effects.
#[test]
fn a_cost_then_one_of_the_following_effects() {
    let r = rhai(
        "(When This Spirit Attacks) Select one of your spirits. You may return it to your hand to activate one of the following effects. ・Draw one card. ・Select one of your opponent's spirits. Place up to one core from it into their reserve.",
    );
    assert!(r.contains("did = return_to_hand(t) >= 1;"), "{r}");
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
        "(When This Spirit Blocks) Select one of your opponent's spirits. That spirit does not refresh during its owner's next refresh step.",
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
        "(During Your Attack Step) Your spirits' \"When This Spirit Blocks\" effects also activate when they attack.",
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
    let r = rhai("[Flash] Return two of your opponent's attacking spirits to their hand.");
    assert!(
        r.contains("t = choose_cards(opponent_spirits().attacking(), 2);"),
        "{r}"
    );
    let s = rhai("[Flash] Select two of your opponent's spirits and return them to their hand.");
    assert!(
        s.contains("t = choose_targets(opponent_spirits(), 2);"),
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

/// BS-3 levels: "non-FAMILY spirits" are every spirit but that family's, whoever's.
#[test]
fn non_family_spirits_are_treated_as_a_level() {
    let r = rhai("(When Summoned) All non-Gearwight spirits are treated as LV1 during this turn.");
    assert!(
        r.contains("treat_as_level(all_spirits().except(all_spirits().family([\"Gearwight\"])), 1, \"turn\");"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Destroy all of your opponent's non-token spirits with 2000 or fewer BP.",
    );
    assert!(r.contains(".not_tokens()"), "{r}");
}

/// "N or more … have been destroyed this turn" counts them (one or more: any).
#[test]
fn a_number_of_spirits_destroyed_this_turn() {
    let r = rhai(
        "(During Your Attack Step) If three or more of your opponent's spirits have been destroyed this turn, treat this spirit as LV2.",
    );
    assert!(
        r.contains("ok = destroyed_this_turn_count(opponent_spirits()) >= 3;"),
        "{r}"
    );
    let r = rhai(
        "(During Your Turn) If one of your spirits has been destroyed this turn, draw 1 card.",
    );
    assert!(r.contains("ok = destroyed_this_turn(my_spirits());"), "{r}");
    let r = rhai(
        "(When This Spirit Attacks) Select one of your spirits. Treat it as being its highest level during this turn.",
    );
    assert!(r.contains("treat_as_highest_level(t, \"turn\");"), "{r}");
}

/// BS-6.6: "your spirits and your opponent's spirits" are every spirit on the field.
#[test]
fn both_players_spirits_cannot_be_destroyed_in_battle() {
    let r = rhai(
        "(When This Spirit Attacks) Your spirits and your opponent's spirits cannot be destroyed in battle during this battle.",
    );
    assert!(
        r.contains("cannot_be_destroyed_in_battle(all_spirits(), \"battle\");"),
        "{r}"
    );
}

/// "If it is refreshed / exhausted": the chosen card's state when the condition is read
/// (BS-4), here at the end of the turn.
#[test]
fn if_it_is_refreshed_reads_the_chosen_card() {
    let r = rhai(
        "(When Summoned) Select one of your opponent's spirits. At the end of this turn, if it is exhausted, return it to their hand.",
    );
    let watcher = r.find("when(ev_end_of_turn(), \"turn\", || {").expect(&r);
    let cond = r
        .find("ok = matches(t, all_field().exhausted());")
        .expect(&r);
    assert!(
        watcher < cond && cond < r.find("return_to_hand(t);").unwrap(),
        "{r}"
    );
}
