//! In the compiled rhai, on ORIGINAL texts shaped like real cards: "the destroyed spirit" is
//! the watcher's event card (BS-6.6: read while still on the field), a destruction names its
//! cause ("via reducing its BP to 0", BS-5.3.1) and whose effect destroyed it (BS-6.6).
//! `tests/phrases/event_cards.yaml` plays them.

use dsl::parse_en;

/// Parses fully and returns the generated rhai (without the comment line).
fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn bs_5_3_1_destroyed_at_zero_bp_is_its_own_event() {
    let r = rhai(
        "[LV2] (During Your Attack Step) When one of your opponent's spirits is destroyed via reducing its BP to 0, draw 2 cards.",
    );
    assert!(
        r.contains("when(ev_destroyed_at_zero_bp(opponent_spirits()), \"while\""),
        "{r}"
    );
}

#[test]
fn bs_6_6_the_destroyed_spirit_is_the_event_card() {
    let cases = [
        (
            "[LV1] (During Your Attack Step) When one of your Hive Kin spirits destroys an opponent's spirit via comparing BP, select one of your opponent's spirits with BP equal to that of the destroyed spirit and exhaust it.",
            "opponent_spirits().bp_is(bp(event_cards()))",
        ),
        (
            "[LV1] (During Your Attack Step) When one of your spirits is destroyed, select a spirit card that costs less than the destroyed spirit from your trash and add it to your hand.",
            "my_trash().spirit_cards().cost_at_most(cost(event_cards()) - 1)",
        ),
        (
            "[LV1] (During Your Attack Step) When one of your spirits is destroyed, select one of your spirits. Move all of the destroyed spirit's cores onto it.",
            "move_all_cores(event_cards(), t);",
        ),
        (
            "[LV1] (When Summoned) When one of your spirits is destroyed, reveal the top card of your deck. If it costs the same as the destroyed spirit, add it to your hand.",
            "ok = matches(t, all_field().cost_in(costs(event_cards())));",
        ),
        (
            "[LV1] (When Summoned) When one of your spirits is destroyed, if the destroyed spirit was a Hive Kin spirit, draw 1 card.",
            "ok = matches(event_cards(), all_spirits().family([\"Hive Kin\"]));",
        ),
    ];
    for (text, want) in cases {
        let r = rhai(text);
        assert!(r.contains(want), "{text}\n{r}");
    }
}

#[test]
fn bs_6_6_whose_effect_destroys() {
    let r = rhai(
        "[LV1] (When Summoned) When one of your effects destroys one of your opponent's spirits with 3000 or fewer BP, draw 1 card.",
    );
    assert!(
        r.contains(
            "when(ev_destroyed_by_effect_of(opponent_spirits().bp_at_most(3000), \"your\"), "
        ),
        "{r}"
    );
    let r = rhai(
        "[LV1] (When Summoned) When an effect on one of your spirits that costs 4 or more destroys an opponent's spirit, draw 1 card.",
    );
    assert!(
        r.contains("when(ev_destroys(my_spirits().cost_at_least(4), opponent_spirits(), false), "),
        "{r}"
    );
}

#[test]
fn a_card_without_a_keyword() {
    let r = rhai(
        "[LV1] (When Summoned) Select a red spirit card without Swift from your trash and add it to your hand.",
    );
    assert!(r.contains(".lacks_keyword(\"Swift\")"), "{r}");
}
