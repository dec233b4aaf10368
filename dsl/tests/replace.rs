//! Destruction replaced (BS-6.6): "when … would be destroyed, … instead" reads as a watcher
//! of the destruction's start whose "instead" stops the destruction, not an earlier action.
//! ORIGINAL texts (played in `tests/phrases/replace.yaml`).

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn paying_keeps_the_spirit_on_the_field_exhausted() {
    let r = rhai(
        "When this spirit would be destroyed by your opponent's effect, you may pay 2 cores to keep it on the field exhausted.",
    );
    assert!(
        r.contains(r#"when(ev_would_be_destroyed_by(this_card(), "opponent_effect"), "while""#),
        "{r}"
    );
    let pay = r.find("pay_cores(2)").expect(&r);
    let keep = r.find(r#"replace_destruction(t, "exhausted")"#).expect(&r);
    assert!(pay < keep, "the cost first: {r}");
}

#[test]
fn destruction_effects_only_and_they_stay_refreshed() {
    let r = rhai(
        "When your Golem spirits would be destroyed by your opponent's destruction effects, they stay on the field refreshed instead.",
    );
    assert!(r.contains(r#""opponent_destroy_effect")"#), "{r}");
    assert!(r.contains(r#"replace_destruction(t, "refreshed")"#), "{r}");
}

#[test]
fn return_to_hand_instead_replaces_the_destruction_and_once_per_turn_is_inside() {
    let r = rhai(
        "Once per turn, when one of your Golem spirits would be destroyed, you may discard 1 card to return it to your hand instead.",
    );
    assert!(r.contains(r#"replace_destruction(t, "hand")"#), "{r}");
    assert!(!r.contains("return_to_hand("), "{r}");
    let watch = r.find("when(ev_would_be_destroyed(").expect(&r);
    let once = r.find("once_per_turn()").expect(&r);
    assert!(
        watch < once,
        "the use is counted when the destruction starts: {r}"
    );
}

#[test]
fn a_condition_before_the_event_is_checked_when_it_happens() {
    let r = rhai(
        "If you have 2 or more spirits, when this spirit would be destroyed, it remains on the field exhausted instead.",
    );
    let watch = r.find("when(ev_would_be_destroyed(this_card())").expect(&r);
    let cond = r.find("count() >= 2").expect(&r);
    assert!(watch < cond, "{r}");
}

#[test]
fn keeping_on_the_field_without_a_destruction_is_not_understood() {
    let o = parse_en("(When Summoned) Keep this spirit on the field exhausted.");
    assert!(!o.complete, "{:?}", o.effect);
}

#[test]
fn neither_player_can_draw_using_magic_effects() {
    let r = rhai("Neither player can draw with magic effects.");
    assert!(
        r.contains(r#"no_draws_by("magic", "each", "while")"#),
        "{r}"
    );
    let r = rhai("Your opponent cannot draw cards using spirit effects.");
    assert!(
        r.contains(r#"no_draws_by("spirit", "opponent", "while")"#),
        "{r}"
    );
}
