//! Battle rules that card text changes, in the compiled rhai and in plain words, on
//! ORIGINAL texts shaped like real cards: "cannot be destroyed in battle" is a protection
//! in battle, not from effects (BS-6.6; ruling C#177); `engine`'s scenarios
//! (`tests/scenarios/bs-6-battle-rules.yaml`) play them.

use dsl::parse_en;

/// Parses fully and returns the generated rhai (without the comment line) and the
/// effect in plain words.
fn read(text: &str) -> (String, String) {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    (
        dsl::compile::to_rhai(&o.effect, None),
        dsl::explain::explain(&o.effect),
    )
}

#[test]
fn destroyed_in_battle_is_a_protection_in_battle_not_from_effects() {
    // BS-6.6: the BP comparison does not destroy it; effects still can.
    let (r, words) =
        read("[Flash] Select one of your spirits. It cannot be destroyed in battle this turn.");
    assert!(
        r.contains("cannot_be_destroyed_in_battle(t, \"turn\");"),
        "{r}"
    );
    assert!(!r.contains("cannot_be_destroyed("), "{r}");
    assert!(
        words.contains("cannot be destroyed in battle this turn"),
        "{words}"
    );
    // "via comparing BP" is the same protection.
    let (r, _) = read(
        "(When This Spirit Blocks) This spirit cannot be destroyed via comparing BP during this turn.",
    );
    assert!(
        r.contains("cannot_be_destroyed_in_battle(this_card(), \"turn\");"),
        "{r}"
    );
}

#[test]
fn destroyed_by_effects_keeps_its_meaning() {
    let (r, words) = read(
        "(When Summoned) This spirit cannot be destroyed by your opponent's effects during this turn.",
    );
    assert!(
        r.contains("cannot_be_destroyed(this_card(), true, \"turn\");"),
        "{r}"
    );
    assert!(!r.contains("in_battle"), "{r}");
    assert!(
        words.contains("cannot be destroyed by the opponent's effects this turn"),
        "{words}"
    );
}

#[test]
fn by_effects_or_as_the_result_of_battle_is_both_protections() {
    // Ruling C#177's shape: both the opponent's destruction effects and the BP comparison.
    let (r, words) = read(
        "(When This Spirit Blocks) During this turn, this spirit cannot be destroyed by your opponent's destruction effects or as the result of battle.",
    );
    assert!(
        r.contains(
            "cannot_be_destroyed(this_card(), true, \"turn\");\ncannot_be_destroyed_in_battle(this_card(), \"turn\");"
        ),
        "{r}"
    );
    assert!(words.contains("cannot be destroyed in battle"), "{words}");
}

#[test]
fn a_choice_for_a_destruction_offers_no_card_already_being_destroyed() {
    // BS-6.6: "select … and destroy it" and "destroy one of …" choose among the cards
    // not already being destroyed; other verbs choose as before.
    let (r, _) = read(
        "(When Destroyed) Select one of your opponent's spirits with 7000 or fewer BP and destroy it.",
    );
    assert!(
        r.contains(
            "t = choose_targets(opponent_spirits().bp_at_most(7000).not_being_destroyed(), 1);\ndestroy(t);"
        ),
        "{r}"
    );
    let (r, _) = read("[Main] Destroy one of your opponent's spirits with 3000 or fewer BP.");
    assert!(
        // Printed without "select": a choice that does not select (ruling C#159).
        r.contains("choose_cards(opponent_spirits().bp_at_most(3000).not_being_destroyed(), 1)"),
        "{r}"
    );
    let (r, _) = read(
        "(When Summoned) Select 1 of your opponent's exhausted spirits and return it to their hand.",
    );
    assert!(!r.contains("not_being_destroyed"), "{r}");
}

#[test]
fn this_spirit_or_one_of_your_spirits_is_one_subject() {
    // Ruling C#196's shape: a battle-destruction watcher for this card and Swift spirits.
    let (r, words) = read(
        "(During Either Attack Step) When this spirit or one of your spirits with Swift destroys one of your opponent's spirits via comparing BP, draw 1 card.",
    );
    assert!(
        r.contains(
            "when(ev_destroys(this_card().or(my_spirits().has_keyword(\"Swift\")), opponent_spirits(), true), \"while\""
        ),
        "{r}"
    );
    assert!(
        words.contains("this card or one of your spirits with Swift"),
        "{words}"
    );
}

#[test]
fn it_after_a_protection_is_the_protected_card() {
    let (r, _) = read(
        "(When This Spirit Blocks) This spirit cannot be destroyed in battle, and it gets +1000 BP.",
    );
    assert!(
        r.contains(
            "cannot_be_destroyed_in_battle(this_card(), \"while\");\nbp_plus(this_card(), 1000"
        ),
        "{r}"
    );
}
