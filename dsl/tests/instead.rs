//! "If CONDITION, SENTENCE instead": the sentence takes the place of the effect's latest
//! earlier action of its kind (else its last action) when the condition holds; that action
//! happens otherwise. With nothing to replace the sentence is not understood. ORIGINAL texts
//! (played in `tests/phrases/replacing.yaml`).

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn the_replacing_draw_runs_on_the_condition_and_the_replaced_one_otherwise() {
    let r = rhai("(When Summoned) Draw 1 card. If you have 3 or fewer life, draw 2 cards instead.");
    let want = "ok = life() <= 3;\nif ok {\n    draw(2);\n}\nif !ok {\n    draw(1);\n}";
    assert!(r.contains(want), "{r}");
    assert_eq!(r.matches("draw(").count(), 2, "{r}");
}

#[test]
fn an_earlier_action_of_the_same_kind_is_replaced_not_the_last_one() {
    // BS-6.6: the selection is replaced; the destruction of the chosen card stays after it.
    let r = rhai(
        "[Main] Select one of your opponent's spirits with 2000 or fewer BP and destroy it. If you have 3 or fewer life, select one of your opponent's spirits with 6000 or fewer BP instead.",
    );
    let sel6 = r.find("bp_at_most(6000)").expect(&r);
    let sel3 = r.find("bp_at_most(2000)").expect(&r);
    let destroy = r.find("destroy(t)").expect(&r);
    assert!(sel6 < sel3 && sel3 < destroy, "{r}");
}

#[test]
fn the_replacing_change_keeps_the_replaced_changes_duration() {
    // BS-7.1: "during this turn" of the replaced gain holds for the replacing one.
    let r = rhai(
        "[Main] Select one of your spirits. It gets +1000 BP during this turn. If you have 3 or fewer life, it gets +3000 BP instead.",
    );
    assert!(r.contains("bp_plus(t, 3000, \"turn\")"), "{r}");
    assert!(r.contains("bp_plus(t, 1000, \"turn\")"), "{r}");
}

#[test]
fn instead_with_nothing_before_it_is_not_understood() {
    let o = parse_en("(When Summoned) If you have 3 or fewer life, draw 2 cards instead.");
    assert!(!o.complete);
    assert_eq!(o.unparsed.len(), 1, "{:?}", o.unparsed);
}
