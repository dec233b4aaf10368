//! In the compiled rhai, on ORIGINAL texts shaped like real cards:
//! costs gate what follows ("X to Y", "X. If you do, Y"), pronouns need an antecedent, and
//! "for each … destroyed / discarded this way" counts them. `engine/tests/costs_pronouns.rs`
//! plays the same texts.

use dsl::parse_en;

/// Parses fully and returns the generated rhai (without the comment line).
fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn st06_005_exhaust_cost_picks_refreshed_nexuses_and_gates_the_destroy() {
    let r = rhai(
        "(When This Spirit Attacks) You may exhaust one of your nexuses to destroy one of your opponent's spirits that costs 3 or fewer.",
    );
    assert_eq!(
        r,
        "let t = [];\nlet did = false;\ndid = may(\"Exhaust?\");\nif did {\n    \
         t = choose_cards(my_nexuses().refreshed(), 1);\n    did = exhaust(t) >= 1;\n    \
         if did {\n        t = choose_cards(opponent_spirits().cost_at_most(3).not_being_destroyed(), 1);\n        \
         destroy(t);\n    }\n}\n"
    );
}

#[test]
fn every_cost_verb_reports_what_it_did() {
    let cases = [
        (
            "(When Summoned) You may destroy one of your other spirits to draw 1 card.",
            "did = destroy(t) >= 1;",
        ),
        (
            "(When Summoned) You may discard a magic card to draw 2 cards.",
            "did = my_hand().magic_cards().count() >= 1 && discard_matching(my_hand().magic_cards(), 1) >= 1;",
        ),
        (
            "(When Summoned) You may return one of your nexuses to the bottom of your deck to draw 1 card.",
            "did = return_to_deck(t, \"bottom\") >= 1;",
        ),
        (
            "(When This Spirit Attacks) You may pay two cores from this spirit to draw 1 card.",
            "did = pay_cores_from(this_card(), 2) >= 2;",
        ),
        (
            "(When Summoned) You may discard the top three cards of your deck to draw 1 card.",
            "did = mill(3) >= 3;",
        ),
        (
            "(When Summoned) You may pay a \"Soul Core\" to draw 1 card.",
            "did = pay_soul_core() >= 1;",
        ),
        (
            "(When This Spirit Attacks) You may remove two cores from this spirit and place them into your reserve to refresh it.",
            "did = this_card().cores_at_least(2).count() >= 1 && move_cores(this_card(), \"reserve\", 2) >= 2;",
        ),
    ];
    for (text, cost) in cases {
        let r = rhai(text);
        assert!(r.contains(cost), "{text}\n{r}");
        let after = &r[r.find(cost).expect("cost")..];
        assert!(after.contains("if did {"), "what follows is gated: {r}");
    }
}

#[test]
fn if_you_do_follows_the_action_before_it() {
    // Without "you may": the cost still gates (the old script never set `did`).
    assert_eq!(
        rhai("(When Summoned) Discard 1 card. If you do, draw 2 cards."),
        "let did = false;\ndid = my_hand().count() >= 1 && discard(1) >= 1;\nif did {\n    draw(2);\n}\n"
    );
    // "You may X. If you do, Y": the answer, then the cost, then Y.
    let r =
        rhai("(When Summoned) You may discard the top card of your deck. If you do, draw 1 card.");
    assert!(
        r.contains("did = may(")
            && r.contains("did = mill(1) >= 1;")
            && r.contains("if did {\n        draw(1);"),
        "{r}"
    );
}

#[test]
fn a_pronoun_with_no_antecedent_is_not_understood() {
    for text in [
        "(When Summoned) Destroy it.",
        "(When This Spirit Attacks) Return them to their owner's hand.",
        "(When Summoned) That spirit gains 3000 BP during this turn.",
        // The watched card of "when it …" is the one chosen before; none was.
        "(While This Spirit Attacks) Refresh this spirit when it destroys one of your opponent's spirits via comparing BP.",
    ] {
        let o = parse_en(text);
        assert!(!o.complete, "{text}");
        assert!(
            o.unparsed
                .iter()
                .any(|u| u.expected.iter().any(|e| e.contains("antecedent"))),
            "{text}: {:?}",
            o.unparsed
        );
        let r = dsl::compile::to_rhai(&o.effect, None);
        assert!(r.starts_with("inert("), "{r}");
        assert!(!r.contains("this_card()"), "never this card: {r}");
    }
}

#[test]
fn pronouns_refer_to_what_was_selected_summoned_or_named() {
    // Selected before.
    let r = rhai("(When Summoned) Select one of your spirits. It gains 3000 BP during this turn.");
    assert!(
        r.contains("t = choose_targets(my_spirits(), 1);\nbp_plus(t, 3000"),
        "{r}"
    );
    // Summoned before: "it" is the summoned card.
    let r = rhai(
        "(When Summoned) Summon one spirit card from your trash without paying its cost. It gains 1000 BP during this turn.",
    );
    assert!(
        r.contains("summon(t, true, false);\nbp_plus(t, 1000"),
        "{r}"
    );
    // "this spirit" named in the condition (the BSS04-053 shape).
    let r = rhai(
        "(During Opponent's Attack Step) If this spirit has a \"Soul Core\" on it, it cannot be destroyed by an opponent's effect.",
    );
    assert!(r.contains("cannot_be_destroyed(this_card(), true"), "{r}");
    // Inside "when one of … is destroyed", "it" is the event's card.
    let r =
        rhai("(During Your Turn) When one of your spirits is destroyed, return it to your hand.");
    assert!(r.contains("t = event_cards();"), "{r}");
}

#[test]
fn counts_of_this_effect() {
    assert!(
        rhai("(When Summoned) Destroy all spirits with 1000 or fewer BP. Draw 1 card for each spirit destroyed this way.")
            .contains("draw(destroyed_by_this_effect_count());")
    );
    assert!(
        rhai("(When Summoned) Discard the top three cards of your deck. Draw 1 card for each spirit card discarded this way.")
            .contains("draw(discarded().spirit_cards().count());")
    );
    assert!(
        rhai("(When Summoned) Discard 2 cards. Draw 1 card for each card you discarded.")
            .contains("draw(discarded().count());")
    );
}

mod common;

/// On the real cards (read at run time, skipped when absent): every fully understood effect
/// with a cost ("you may … to …", "If you do,") gates what follows on what the cost really did,
/// and ST06-005's nexus cost picks only refreshed nexuses.
#[test]
fn real_cards_costs_gate_what_follows() {
    let Some(path) = common::data_file("bss/cards.jsonl") else {
        return;
    };
    let cards = dsl::coverage::read_cards(&path).expect("cards.jsonl reads");
    let mut costs = 0;
    for c in &cards {
        for e in &c.effects {
            let text = e.details.as_deref().unwrap_or("").to_lowercase();
            let o = e.parse(dsl::Lang::En);
            if !o.complete {
                continue;
            }
            let r = dsl::compile::to_rhai(&o.effect, None);
            if c.id == "ST06-005" && text.contains("exhaust one of your nexuses") {
                assert!(
                    r.contains("my_nexuses().refreshed()") && r.contains("did = exhaust(t) >= 1;"),
                    "{r}"
                );
            }
            // "to" + a verb is a purpose clause: what comes before it is the cost.
            let verbs = [
                "draw", "destroy", "select", "refresh", "summon", "place", "return", "make",
                "discard", "treat", "exhaust", "add", "gain", "put", "send", "reveal",
            ];
            let may_to = text.split(". ").any(|s| {
                s.contains("you may") && verbs.iter().any(|v| s.contains(&format!(" to {v} ")))
            });
            // "If you do," gates on a cost; "if you do not control …" is a condition.
            let if_you_do = text
                .match_indices("if you do")
                .any(|(i, _)| !text[i..].starts_with("if you do not"));
            if may_to || if_you_do {
                costs += 1;
                assert!(
                    r.contains("if did {") && (r.contains(") >= ") || r.contains("did = true;")),
                    "{}: {text}\n{r}",
                    c.id
                );
            }
        }
    }
    println!("effects with a cost: {costs}");
    assert!(costs >= 50, "{costs}");
}

#[test]
fn it_after_a_condition_on_this_cards_cost_is_this_card_only_when_nothing_was_chosen() {
    // Nothing chosen before: "it" is the card whose summoning cost the condition reads.
    let r = rhai(
        "(When Summoned) If you do not spend a \"Soul Core\" as part of this spirit's summoning cost, refresh it.",
    );
    assert!(r.contains("ok = !(soul_core_spent());"), "{r}");
    assert!(r.contains("refresh(this_card());"), "{r}");
    // A spirit chosen before: "it" stays the chosen spirit.
    let r = rhai(
        "(When Summoned) Select one of your spirits. If you spend a \"Soul Core\" as part of this spirit's summoning cost, it gets +4000 BP this turn.",
    );
    assert!(r.contains("bp_plus(t, 4000, \"turn\");"), "{r}");
    assert!(!r.contains("bp_plus(this_card()"), "{r}");
}

#[test]
fn for_it_to_after_paying_this_spirits_cores_is_this_spirit() {
    let r = rhai(
        "(When This Spirit Blocks) You may pay 3 of this spirit's cores for it to gain 1000 BP and Crush this battle.",
    );
    assert!(
        r.contains("did = pay_cores_from(this_card(), 3) >= 3;"),
        "{r}"
    );
    assert!(r.contains("bp_plus(this_card(), 1000, \"battle\");"), "{r}");
    assert!(
        r.contains("gain_keyword(this_card(), \"Crush\", \"\", \"battle\");"),
        "{r}"
    );
}
