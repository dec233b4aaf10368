//! How the sentences of one effect read together, in the compiled rhai, on ORIGINAL texts
//! shaped like real cards: every sentence after a "When …" sub-trigger waits with it
//! (BS-8.1), and a sentence not understood is the only one reported — a pronoun after it is
//! no second failure.

use dsl::parse_en;

/// Parses fully and returns the generated rhai (without the comment line).
fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

/// BS-8.1: a constant effect that waits for an event does all of its text when the event
/// happens; a second sentence outside the watcher would run as a constant effect, which
/// cannot change the game.
#[test]
fn bs_8_1_sentences_after_a_when_lead_belong_to_the_watcher() {
    assert_eq!(
        rhai(
            "(During Your Attack Step) When one of your spirits is destroyed, draw a card. \
             Discard a card."
        ),
        "when(ev_destroyed(my_spirits(), false, false), \"while\", || {\n    draw(1);\n    \
         discard(1);\n});\n"
    );
}

#[test]
fn bs_8_1_sentences_after_a_when_trailer_belong_to_the_watcher() {
    assert_eq!(
        rhai(
            "(During Either Attack Step) Reveal the top card of your deck when one of your \
             spirits is destroyed. Draw a card."
        ),
        "let t = [];\nwhen(ev_destroyed(my_spirits(), false, false), \"while\", || {\n    \
         reveal(1);\n    t = revealed();\n    draw(1);\n});\n"
    );
}

/// The watcher may sit inside a condition ("If …, when …, …"): the next sentence joins
/// the watcher, not the condition's one-time check.
#[test]
fn bs_8_1_a_watcher_inside_a_condition_keeps_the_next_sentence() {
    assert_eq!(
        rhai(
            "(During Your Attack Step) If you control a nexus, when one of your spirits is \
             blocked, draw a card. Discard a card."
        ),
        "let ok = false;\nok = my_nexuses().count() >= 1;\nif ok {\n    \
         when(ev_blocked(my_spirits()), \"while\", || {\n        draw(1);\n        \
         discard(1);\n    });\n}\n"
    );
}

/// A sentence that opens another "When …" is a watcher of its own.
#[test]
fn bs_8_1_a_second_when_lead_is_its_own_watcher() {
    assert_eq!(
        rhai(
            "(During Your Attack Step) When one of your spirits attacks, draw a card. \
             When one of your spirits blocks, discard a card."
        ),
        "when(ev_attacks(my_spirits()), \"while\", || {\n    draw(1);\n});\n\
         when(ev_blocks(my_spirits()), \"while\", || {\n    discard(1);\n});\n"
    );
}

/// "If you do," after a "You may" inside the watcher gates on that cost, inside it.
#[test]
fn bs_8_1_if_you_do_inside_a_watcher_gates_on_its_cost() {
    let r = rhai(
        "(During Your Attack Step) When one of your spirits attacks, you may discard a card. \
         If you do, draw 2 cards.",
    );
    assert_eq!(
        r,
        "let did = false;\nwhen(ev_attacks(my_spirits()), \"while\", || {\n    \
         did = may(\"Discard?\");\n    if did {\n        \
         did = my_hand().count() >= 1 && discard(1) >= 1;\n        if did {\n            \
         draw(2);\n        }\n    }\n});\n"
    );
}

/// A sentence not understood is reported alone: the pronoun of the sentence after it
/// refers to what it would have selected, so that sentence is understood (and the effect,
/// still incomplete, only reports itself inert).
#[test]
fn an_unread_selection_does_not_make_its_pronoun_dangle() {
    let text = "(When Summoned) Select one of your opponent's spirits that glows. \
                Reduce its BP by 2000 during this turn.";
    let o = parse_en(text);
    assert!(!o.complete);
    let texts: Vec<&str> = o.unparsed.iter().map(|u| u.text.as_str()).collect();
    assert_eq!(
        texts,
        ["Select one of your opponent's spirits that glows."],
        "{:?}",
        o.unparsed
    );
    let r = dsl::compile::to_rhai(&o.effect, None);
    assert!(r.starts_with("inert("), "{r}");
    assert!(r.contains("bp_minus(t, 2000, \"turn\");"), "{r}");
}

/// Without an unread sentence before it, a pronoun with no antecedent is still refused
/// (it never means this card).
#[test]
fn a_pronoun_with_nothing_before_it_still_dangles() {
    let o = parse_en("(When Summoned) Draw a card. Reduce its BP by 2000 during this turn.");
    assert!(!o.complete);
    assert_eq!(o.unparsed.len(), 1, "{:?}", o.unparsed);
    assert_eq!(
        o.unparsed[0].text,
        "Reduce its BP by 2000 during this turn."
    );
    assert_eq!(o.unparsed[0].expected, [dsl::compile::DANGLING]);
}

/// "It loses N BP": the selection's BP is reduced (the same as "reduce its BP by N").
#[test]
fn a_target_that_loses_bp_is_reduced() {
    assert_eq!(
        rhai(
            "(When This Spirit Attacks) Select one of your opponent's spirits. \
             It loses 2000 BP during this turn."
        ),
        "let t = [];\nt = choose_targets(opponent_spirits(), 1);\nbp_minus(t, 2000, \"turn\");\n"
    );
}

/// "Place N cores onto PLACE from PLACE": the same move as "from … onto …".
#[test]
fn cores_placed_onto_a_selection_from_the_reserve() {
    assert_eq!(
        rhai(
            "(When Summoned) Select up to two of your spirits. Place any number of cores onto \
             them from your reserve."
        ),
        "let t = [];\nt = choose_targets_up_to(my_spirits(), 2);\n\
         move_cores_up_to(\"reserve\", t, -1);\n"
    );
}

/// "Discard any remaining cards" is "discard the remaining cards".
#[test]
fn any_remaining_cards_are_discarded() {
    let r = rhai(
        "(When Summoned) Reveal the top two cards of your deck. Add one spirit card from the \
         revealed cards to your hand. Discard any remaining cards.",
    );
    let plain = rhai(
        "(When Summoned) Reveal the top two cards of your deck. Add one spirit card from the \
         revealed cards to your hand. Discard the remaining cards.",
    );
    assert_eq!(r, plain);
}

/// "any of your spirits …" is a choice of any number of them.
#[test]
fn any_of_your_spirits_is_any_number_of_them() {
    assert_eq!(
        rhai("(During Your End Step) Refresh any of your spirits with 3000 or fewer BP."),
        rhai("(During Your End Step) Refresh any number of your spirits with 3000 or fewer BP.")
    );
}

/// "if you do not control …" / "if your opponent doesn't control any …": the negated
/// control conditions.
#[test]
fn negated_control_conditions() {
    assert_eq!(
        rhai("(When Summoned) Exhaust this spirit if you do not control a nexus."),
        "let ok = false;\nok = !(my_nexuses().count() >= 1);\nif ok {\n    \
         exhaust(this_card());\n}\n"
    );
    assert_eq!(
        rhai(
            "(When This Spirit Attacks) Draw a card if your opponent doesn't control any \
             refreshed spirits."
        ),
        "let ok = false;\nok = !(opponent_spirits().refreshed().count() >= 1);\nif ok {\n    \
         draw(1);\n}\n"
    );
}

/// "both spirits" after two selections (one by each player) are the cards both chose: the
/// first selection is kept in `t0` when the second is made.
#[test]
fn both_spirits_are_what_the_two_selections_chose() {
    assert_eq!(
        rhai(
            "(When Summoned) Your opponent selects one of their spirits. Then, you select one \
             of your spirits. Destroy both spirits."
        ),
        "let t = [];\nlet t0 = [];\nt = opponent_chooses(opponent_spirits(), 1);\nt0 = t;\n\
         t = choose_targets(my_spirits(), 1);\ndestroy(t0 + t);\n"
    );
}

/// "both" with only one selection before it names nothing: not understood, never guessed.
#[test]
fn both_after_one_selection_dangles() {
    let o = parse_en("(When Summoned) Select one of your spirits. Destroy both spirits.");
    assert!(!o.complete);
    assert_eq!(o.unparsed[0].text, "Destroy both spirits.");
    assert_eq!(o.unparsed[0].expected, [dsl::compile::DANGLING]);
}
