//! BS-5.2 cost sentences in the compiled rhai, on ORIGINAL texts shaped like the real
//! wording families: a payment named ("when you use a magic card", "when summoning this
//! spirit from your hand", "when you use it during your main step") and what changes
//! (field symbols counted as more, the cost read, reduction symbols met or gained).
//! `engine/tests/cost_change.rs` plays the primitives.

use dsl::parse_en;

/// Parses fully and returns the generated rhai.
fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn bs_5_2_symbols_counted_double_while_a_magic_is_paid() {
    let r = rhai(
        "When you use a magic card, count each symbol on your Ember Drake spirits as three symbols when calculating cost reduction.",
    );
    assert!(
        r.contains("ok = while_paying(my_field().magic_cards());"),
        "{r}"
    );
    assert!(
        r.contains("symbols_as(my_spirits().family([\"Ember Drake\"]), 3, \"\", \"while\");"),
        "{r}"
    );
}

#[test]
fn bs_5_2_the_paid_card_names_its_own_payment() {
    for text in [
        "When summoning this spirit from your hand, you may count each symbol on your Ember Drake spirits on the field as two symbols when calculating cost reduction.",
        "When you use this magic card from your hand, you may count each symbol on your Ember Drake spirits as two symbols when calculating cost reduction.",
    ] {
        let r = rhai(text);
        assert!(r.contains("ok = while_paying(this_card());"), "{text}: {r}");
        assert!(r.contains(", 2, \"\", \"while\");"), "{text}: {r}");
        assert!(
            !r.contains("may("),
            "a cost change is applied, never asked: {r}"
        );
    }
}

#[test]
fn bs_5_2_this_card_costs_n_in_the_hand_under_a_condition() {
    let r = rhai("This card costs 2 in your hand if you control a nexus.");
    assert!(r.contains("while_paying(this_card())"), "{r}");
    assert!(r.contains("my_nexuses().count() >= 1"), "{r}");
    assert!(r.contains("cost_as(this_card(), 2, \"while\");"), "{r}");
    let r = rhai("This card costs 3 in your hand when you use it during your main step.");
    assert!(r.contains("while_paying(this_card())"), "{r}");
    assert!(r.contains("cost_as(this_card(), 3, \"while\");"), "{r}");
    assert!(r.contains("main"), "the step is part of the condition: {r}");
}

#[test]
fn bs_5_2_reduction_symbols_fulfilled_or_gained() {
    let r = rhai(
        "If you have 2 or fewer life, you may treat all of this card's reduction symbols as fulfilled when summoning this card from your hand.",
    );
    assert!(r.contains("while_paying(this_card())"), "{r}");
    assert!(r.contains("life() <= 2"), "{r}");
    assert!(
        r.contains("reduction_fulfilled(this_card(), \"while\");"),
        "{r}"
    );
    let r = rhai("All of your magic cards gain a {BLUE_SYMBOL} reduction symbol.");
    assert!(
        r.contains("gain_reduction(my_hand().magic_cards(), "),
        "{r}"
    );
    assert!(r.contains(", 1, \"blue\", \"while\");"), "{r}");
}

#[test]
fn bs_5_2_the_first_magic_each_turn_costs_less() {
    let r = rhai("Reduce the cost of the first magic card you use each turn by 2.");
    assert!(
        r.contains("(while_paying(my_field().magic_cards())) && (magic_used_this_turn() == 0)"),
        "{r}"
    );
    assert!(
        r.contains("reduce_cost(card_being_paid(), 2, \"while\");"),
        "{r}"
    );
}

#[test]
fn a_magic_used_without_a_cost_clause_stays_a_trigger() {
    let r = rhai("(During Your Turn) When you use a magic card, draw 1 card.");
    assert!(!r.contains("while_paying"), "{r}");
}
