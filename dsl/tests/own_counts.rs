//! "for each symbol they have" / "for each core on them" (each card counts its own), "your
//! spirits and your opponent's spirits", "the discarded card is (not) …", "that spirit and all
//! of your spirits with one or more of the same spirit type as that spirit" (played in
//! `tests/phrases/`). ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn each_card_counts_its_own_symbols_or_cores() {
    let r = rhai(
        "(During Your Turn) All of your exhausted spirits gain 1500 BP for each symbol they have.",
    );
    assert!(
        r.contains("bp_plus_per_own(my_spirits().exhausted(), 1500, \"symbols\", \"while\")"),
        "{r}"
    );
    let r = rhai("(When Summoned) This spirit gains 2000 BP for each core on it during this turn.");
    assert!(
        r.contains("bp_plus_per_own(this_card(), 2000, \"cores\", \"turn\")"),
        "{r}"
    );
    // Only a BP gain takes a card's own count.
    assert!(!parse_en("(When Summoned) Draw 1 card for each core on it.").complete);
}

#[test]
fn your_spirits_and_your_opponents_spirits_are_both_players() {
    let r = rhai(
        "(When This Spirit Blocks) Your spirits and your opponent's spirits cannot be destroyed in battle during this battle.",
    );
    assert!(
        r.contains("cannot_be_destroyed_in_battle(all_spirits(), \"battle\")"),
        "{r}"
    );
    // Different cards on each side are not read as the same.
    assert!(!parse_en("(When Summoned) Your spirits and your opponent's nexuses cannot be destroyed in battle this turn.").complete);
}

#[test]
fn the_discarded_card_is_or_is_not_a_kind() {
    let r = rhai(
        "(When Summoned) Discard the top card of your deck. If the discarded card is not a spirit card, exhaust this spirit.",
    );
    assert!(
        r.contains("ok = !(discarded().spirit_cards().count() >= 1);"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Discard the top card of your deck. If the discarded card is a Grove Folk or Hive Kin card, draw 1 card.",
    );
    assert!(
        r.contains("ok = discarded().family([\"Grove Folk\", \"Hive Kin\"]).count() >= 1;"),
        "{r}"
    );
}

#[test]
fn that_spirit_and_all_sharing_a_spirit_type_with_it() {
    let r = rhai(
        "(When Summoned) Select one of your spirits. During this turn, that spirit and all of your spirits with one or more of the same spirit type as that spirit gain 5000 BP.",
    );
    assert!(
        r.contains("bp_plus(union(t, my_spirits().family(families(t))), 5000, \"turn\")"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Select one of your other spirits. During this turn, reduce the BP of all of your opponent's spirits by 3000 for each spirit you control with the same spirit type as the selected spirit.",
    );
    assert!(
        r.contains("bp_minus(opponent_spirits(), 3000 * my_spirits().family(families(t)).count(), \"turn\")"),
        "{r}"
    );
    // Nothing chosen before: "that spirit" has no antecedent.
    assert!(!parse_en("(When Summoned) During this turn, that spirit and all of your spirits with one or more of the same spirit type as that spirit gain 5000 BP.").complete);
}

#[test]
fn that_cost_the_same_as_your_life_total() {
    let r = rhai(
        "(During Your Turn) All of your spirits that cost the same as your life total gain 1000 BP.",
    );
    assert!(
        r.contains("bp_plus(my_spirits().cost_in([life()]), 1000, \"while\")"),
        "{r}"
    );
}

#[test]
fn life_total_the_same_or_higher_than_at_the_start_of_the_turn() {
    let r = rhai(
        "(When This Spirit Blocks) If your life total is the same or higher than it was at the start of the turn, place 1 core from the void onto this spirit.",
    );
    assert!(r.contains("ok = life_lost_this_turn() == 0;"), "{r}");
}

#[test]
fn a_core_is_added_to_your_opponents_life() {
    let r = rhai("Refresh this spirit when a core is added to your opponent's life.");
    assert!(
        r.contains("when(ev_opponent_life_increases(), \"while\""),
        "{r}"
    );
    let r = rhai("Draw 1 card when a core is added to your life.");
    assert!(r.contains("when(ev_life_increases(), \"while\""), "{r}");
}

#[test]
fn up_to_as_many_as_you_have_colour_symbols() {
    let r = rhai(
        "(When Summoned) Select up to as many of your opponent's spirits as you have yellow symbols. Reduce their BP by 2000 during this turn.",
    );
    assert!(
        r.contains("t = choose_targets_up_to(opponent_spirits(), symbols(\"yellow\"));"),
        "{r}"
    );
}

#[test]
fn with_higher_bp_than_your_opponents_highest_bp_spirit() {
    let r = rhai(
        "(When Summoned) Select one of your spirits with higher BP than your opponent's highest BP spirit. Place 1 core from the void onto it.",
    );
    assert!(
        r.contains(
            "choose_targets(my_spirits().bp_at_least(highest_bp(opponent_spirits()) + 1), 1)"
        ),
        "{r}"
    );
}

#[test]
fn reduce_spirits_by_n_bp_and_when_condition_and_event() {
    let r = rhai(
        "When you use a magic card that costs 2 or more, reduce all of your opponent's spirits by 1000 BP during this turn.",
    );
    assert!(
        r.contains("bp_minus(opponent_spirits(), 1000, \"turn\")"),
        "{r}"
    );
    let r = rhai("When you have 3 or fewer life and you reduce your opponent's life, draw 1 card.");
    assert!(
        r.contains("when(ev_opponent_loses_life(), \"while\""),
        "{r}"
    );
    assert!(r.contains("ok = life() <= 3;"), "{r}");
}

#[test]
fn the_next_time_an_event_this_turn() {
    let r = rhai(
        "(When Summoned) The next time you destroy one of your opponent's spirits this turn, draw 1 card.",
    );
    assert!(r.contains("\"turn\", || {"), "{r}");
    assert!(r.contains("if once_per_turn() {"), "{r}");
}
