//! "can block SPIRITS even if exhausted", "one of your nexuses has a Soul Core on it",
//! "none of … are exhausted, select one of them", "cannot be selected by the effects of
//! your opponent's spirits, and its cores cannot be removed …", "Attacks from SPIRITS
//! cannot reduce your life (to N)", deck discard limits, "unless CONDITION" (played in
//! `tests/phrases/`). ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn can_block_some_attackers_while_exhausted() {
    let r = rhai(
        "This spirit can block your opponent's spirits that cost 3 or fewer even if exhausted.",
    );
    assert!(
        r.contains("can_block_while_exhausted_vs(this_card(), opponent_spirits().cost_at_most(3), \"while\")"),
        "{r}"
    );
    // Without attackers named: any attacker, as before.
    let r = rhai("This spirit can block while exhausted.");
    assert!(
        r.contains("can_block_while_exhausted(this_card(), \"while\")"),
        "{r}"
    );
}

#[test]
fn one_of_your_nexuses_has_a_soul_core_on_it() {
    let r = rhai(
        "If one of your nexuses has a \"Soul Core\" on it, this spirit can block your opponent's spirits without a \"Soul Core\" on them even if exhausted.",
    );
    assert!(
        r.contains("ok = my_nexuses().has_soul_core().count() >= 1;"),
        "{r}"
    );
    assert!(r.contains("opponent_spirits().no_soul_core()"), "{r}");
}

#[test]
fn none_of_them_exhausted_then_one_of_them_is_selected() {
    let r = rhai(
        "(When Summoned) If none of your opponent's spirits are exhausted, select one of them. Destroy it.",
    );
    assert!(
        r.contains("ok = !(opponent_spirits().exhausted().count() >= 1);"),
        "{r}"
    );
    assert!(
        r.contains("t = choose_targets(opponent_spirits().not_being_destroyed(), 1);"),
        "{r}"
    );
    // "them" with nothing the condition is about still has no antecedent.
    assert!(
        !parse_en("(When Summoned) If you have 3 or fewer life, select one of them. Destroy it.")
            .complete
    );
}

#[test]
fn protections_from_the_effects_of_the_opponents_spirits() {
    let r = rhai(
        "This spirit cannot be selected by the effects of your opponent's spirits, and its cores cannot be removed by the effects of your opponent's spirits.",
    );
    assert!(
        r.contains(
            "cannot_be_by_opponent_cards(this_card(), \"selected\", [\"spirit\"], [], \"while\")"
        ),
        "{r}"
    );
    assert!(
        r.contains("cannot_be_by_opponent_cards(this_card(), \"cores_removed\", [\"spirit\"], [], \"while\")"),
        "{r}"
    );
    // By any of the opponent's effects: the protection of any source.
    let r = rhai("This spirit cannot be selected by your opponent's effects.");
    assert!(
        r.contains("cannot_be_by_opponent(this_card(), \"selected\", \"while\")"),
        "{r}"
    );
}

#[test]
fn attacks_from_spirits_cannot_reduce_your_life_to_n() {
    let r = rhai(
        "Attacks from your opponent's non-token spirits that cost 2 or fewer cannot reduce your life to 1 during this turn.",
    );
    assert!(
        r.contains("attacks_cannot_reduce_life_to(opponent_spirits().not_tokens().cost_at_most(2), \"your\", 1, \"turn\")"),
        "{r}"
    );
    // Without "to N": not reduced at all.
    let r = rhai("Attacks from your opponent's spirits cannot reduce your life during this turn.");
    assert!(
        r.contains("attacks_cannot_reduce_life(opponent_spirits(), \"your\", \"turn\")"),
        "{r}"
    );
}

#[test]
fn deck_discard_limits() {
    let r = rhai("Cards cannot be discarded from your deck until the end of this turn.");
    assert!(r.contains("deck_discard_limit(0, false, \"turn\")"), "{r}");
    let r = rhai(
        "During this turn, when your opponent's effect discards cards from your deck, no more than two cards are discarded.",
    );
    assert!(r.contains("deck_discard_limit(2, true, \"turn\")"), "{r}");
    // A "when …," lead followed by an action is still a trigger.
    let r = rhai("(During Your Turn) When one of your spirits is destroyed, draw 1 card.");
    assert!(r.contains("when("), "{r}");
}

#[test]
fn unless_a_condition_and_by_your_opponents_magic_effects() {
    let r = rhai(
        "This spirit cannot attack unless one or more of your spirits have been destroyed this turn.",
    );
    assert!(
        r.contains("ok = !(destroyed_this_turn(my_spirits()));"),
        "{r}"
    );
    assert!(r.contains("cannot_attack(this_card(), \"while\")"), "{r}");
    let r = rhai(
        "Your spirits and nexuses that have a \"Soul Core\" on them cannot be selected by your opponent's magic effects.",
    );
    assert!(
        r.contains("cannot_be_by_opponent_cards(my_field().has_soul_core(), \"selected\", [\"magic\"], [], \"while\")"),
        "{r}"
    );
}

#[test]
fn spirits_with_fewer_bp_than_this_spirit_cannot_reduce_your_life() {
    let r = rhai(
        "If this spirit is refreshed, your opponent's spirits with fewer BP than this spirit cannot reduce your life.",
    );
    assert!(
        r.contains("attacks_cannot_reduce_life(opponent_spirits().bp_at_most(this_card().bp() - 1), \"your\", \"while\")"),
        "{r}"
    );
    let r = rhai(
        "(When Summoned) Select one of your spirits. Treat that spirit as being its highest level during this turn.",
    );
    assert!(r.contains("treat_as_highest_level(t, \"turn\")"), "{r}");
}
