//! Noun phrases after the noun: "other than NAME", "other than this spirit", "that are
//! FAMILY", "that are LVn", "with effects listed", "with the same cost as any of your
//! spirits" (played in `tests/phrases/nouns.yaml`). ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn other_than_a_name_excludes_that_card_only() {
    let r = rhai(
        "(When Summoned) Reveal the top 3 cards of your deck. Add 1 Grove Folk card other than Moss Sprite from the revealed cards to your hand.",
    );
    assert!(
        r.contains(
            "choose_cards(revealed().family([\"Grove Folk\"]).except(all_field().named(\"Moss Sprite\")), 1)"
        ),
        "{r}"
    );
}

#[test]
fn other_than_this_card_is_other() {
    let r = rhai(
        "(When Destroyed) Return all the cards in your trash other than this card to the bottom of your deck.",
    );
    assert!(
        r.contains("return_to_deck(my_trash().other(), \"bottom\")"),
        "{r}"
    );
}

#[test]
fn that_are_families_after_the_noun() {
    let r = rhai(
        "(When Summoned) Select 2 of your spirits that are Grove Folk, Hive Kin, or Sky Drake. Place 1 core from the void onto each of them.",
    );
    assert!(
        r.contains("my_spirits().family([\"Grove Folk\", \"Hive Kin\", \"Sky Drake\"]), 2)"),
        "{r}"
    );
}

#[test]
fn that_are_a_level_is_a_level_not_a_family() {
    let r = rhai("(When Summoned) Destroy all of your opponent's spirits that are LV2.");
    assert!(r.contains("opponent_spirits().level(2)"), "{r}");
    assert!(!r.contains("family"), "{r}");
    // "LV2 or higher" stays its own filter.
    let r = rhai("(When Summoned) Destroy all of your opponent's spirits that are LV2 or higher.");
    assert!(r.contains("level_at_least(2)"), "{r}");
}

#[test]
fn with_effects_listed_is_not_no_effects() {
    let r = rhai(
        "(When This Spirit Attacks) This spirit cannot be blocked by spirits with any effects listed during this turn.",
    );
    assert!(
        r.contains("all_spirits().except(all_field().no_effects())"),
        "{r}"
    );
}

#[test]
fn same_cost_as_any_of_your_spirits_reads_their_costs() {
    let r = rhai(
        "(When Summoned) Reveal the top card of your deck. If it has the same cost as any of your spirits, draw 1 card. Otherwise, discard it.",
    );
    assert!(
        r.contains("matches(t, all_field().cost_in(costs(my_spirits())))"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Reveal the top card of your deck. If it is a spirit card with the same cost as any of your spirits, add it to your hand.",
    );
    assert!(r.contains(".cost_in(costs(my_spirits()))"), "{r}");
}

#[test]
fn except_a_kind_is_the_complement_of_it() {
    let r = rhai("[Main] Destroy all spirits except green Grove Folk spirits.");
    assert!(
        r.contains("destroy(all_spirits().except(all_spirits().colour(\"green\").family([\"Grove Folk\"])))"),
        "{r}"
    );
}

#[test]
fn the_spirit_that_costs_the_most_is_one_choice_among_the_highest() {
    let r =
        rhai("(When Summoned) Select your opponent's spirit that costs the most and destroy it.");
    assert!(
        r.contains("choose_targets(opponent_spirits().cost_most().not_being_destroyed(), 1)"),
        "{r}"
    );
    let r = rhai("(When Summoned) Select their spirit that costs the least and destroy it.");
    assert!(r.contains("cost_least()"), "{r}");
}

#[test]
fn the_spirit_acted_on_by_this_effect_is_the_selection() {
    let r = rhai(
        "[Main] Select 3 of your spirits and refresh them. Spirits refreshed by this effect cannot attack this turn.",
    );
    assert!(r.contains("cannot_attack(t, \"turn\")"), "{r}");
    // With nothing chosen before, the words have no antecedent: not understood.
    let o = parse_en("[Main] Spirits refreshed by this effect cannot attack this turn.");
    assert!(!o.complete);
}

#[test]
fn cores_that_are_not_a_soul_core_are_ordinary_cores() {
    // BS-0.2: the soul core stays where it is.
    let r = rhai(
        "(When Summoned) Place 2 cores from your trash that are not a \"Soul Core\" onto this spirit.",
    );
    assert!(
        r.contains("move_ordinary_cores(\"trash\", this_card(), 2)"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Select 1 of your opponent's spirits. Remove one core that is not a {CORE} from it and place it into the void.",
    );
    assert!(r.contains("move_ordinary_cores(t, \"void\", 1)"), "{r}");
}

#[test]
fn any_number_of_them_is_chosen_among_the_revealed_cards() {
    let r = rhai(
        "(When Summoned) Reveal the top 2 cards of your deck. Discard any number of them. Return the remaining cards to the top of your deck.",
    );
    assert!(
        r.contains("t = choose_cards_any_number(t);\ndiscard_selected(t);"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Reveal the top 2 cards of your deck. Place any number of them at the bottom of your deck in any order.",
    );
    assert!(
        r.contains("return_to_deck(choose_cards_any_number(t), \"bottom\")"),
        "{r}"
    );
    // Nothing chosen or revealed before: "them" has no antecedent.
    assert!(!parse_en("(When Summoned) Discard any number of them.").complete);
}

#[test]
fn the_remaining_cards_follow_the_reveal_not_an_optional_choice_after_it() {
    // Discarded whether or not you place one on top.
    let r = rhai(
        "(When Summoned) Reveal the top 3 cards of your deck. You may place 1 nexus card from the revealed cards on top of your deck. Discard the remaining cards.",
    );
    assert!(r.trim_end().ends_with("}\nremaining_to_trash();"), "{r}");
}

#[test]
fn one_of_these_and_one_of_those_are_chosen_in_turn_then_together() {
    let r = rhai(
        "[Main] Select one of your opponent's spirits with 4000 or fewer BP and one of your opponent's nexuses and destroy them.",
    );
    assert!(
        r.contains("t = choose_targets(opponent_spirits().bp_at_most(4000).not_being_destroyed(), 1) + choose_targets(opponent_nexuses().not_being_destroyed(), 1);\ndestroy(t);"),
        "{r}"
    );
    // "Select one of your spirits and destroy it" stays one choice and an action.
    let r = rhai("[Main] Select one of your spirits and destroy it.");
    assert!(
        r.contains("t = choose_targets(my_spirits().not_being_destroyed(), 1);\ndestroy(t);"),
        "{r}"
    );
}

#[test]
fn that_cost_the_same_as_it_reads_the_chosen_cards_cost() {
    let r = rhai(
        "(When Summoned) Select one of your spirits. Destroy all of your opponent's nexuses that cost the same as it.",
    );
    assert!(
        r.contains("destroy(opponent_nexuses().cost_in(costs(t)))"),
        "{r}"
    );
    // After the destination, the filter still belongs to the cards returned.
    let r = rhai(
        "(When Summoned) Select one of your spirits. Return all green magic cards from your trash to your hand that cost the same as that spirit.",
    );
    assert!(
        r.contains("return_to_hand(my_trash().magic_cards().colour(\"green\").cost_in(costs(t)))"),
        "{r}"
    );
    // Nothing chosen before: "it" has no antecedent.
    assert!(
        !parse_en("[Main] Destroy all of your opponent's nexuses that cost the same as it.")
            .complete
    );
}
