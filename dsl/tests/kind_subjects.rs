//! A sentence that opens with a kind word ("Spirits with … cannot attack …") names every
//! card of that kind, not a card called "Spirits" (found by ruling C#167 in
//! `tests/rulings/cards-battle.yaml`); a family whose first word is a kind word ("Spirit
//! Beast") is still a family. ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn bs_6_1_spirits_opening_a_sentence_are_all_spirits() {
    let r = rhai("[Flash] Spirits with 5000 or less BP cannot attack this turn.");
    assert!(
        r.contains("cannot_attack(all_spirits().bp_at_most(5000), \"turn\")")
            || r.contains("cannot_attack(all_field().spirits().bp_at_most(5000), \"turn\")"),
        "{r}"
    );
    assert!(!r.contains("named(\"Spirits\")"), "{r}");
}

#[test]
fn a_family_starting_with_a_kind_word_stays_a_family() {
    let r = rhai("(When Summoned) Draw 1 card for each of your Spirit Beast spirits.");
    assert!(r.contains("\"Spirit Beast\""), "{r}");
}
