//!, "gained counts like printed": queries such as "a spirit with no
//! effects" or "with Armor" see keywords a card has gained, and keyword names match
//! case-insensitively. Rules: BS-8.1 (an effect that gives a keyword gives an effect).

use engine::core::PlayerId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{effect, play, put, scenario, scripted_magic, strict};

const P0: PlayerId = PlayerId(0);

/// A vanilla spirit has no effects; once it gains a keyword (here Armor, this turn) it is
/// no longer "a spirit with no effects", and `has_keyword` finds it whatever the case.
#[test]
fn a_gained_keyword_counts_in_no_effects_and_has_keyword() {
    let give = scripted_magic(
        "G-GIVE",
        0,
        vec![effect(
            "main",
            r#"gain_keyword(my_spirits(), "Armor", "Red", "turn");"#,
        )],
    );
    let count = scripted_magic(
        "G-COUNT",
        0,
        vec![effect(
            "main",
            r#"gain_life(my_spirits().no_effects().count()); draw(my_spirits().has_keyword("armor").count());"#,
        )],
    );
    let mut g = strict(scenario(vec![give, count], 10));
    put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let c = put(&mut g, P0, "G-COUNT", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, c);
    assert_eq!(g.life(P0), life + 1, "before: one spirit with no effects");
    let hand = engine::rules::battle_spirits::testkit::hand_size(&g, P0);
    let give = put(&mut g, P0, "G-GIVE", Zone::Hand(P0), 0);
    play(&mut g, give);
    let c2 = put(&mut g, P0, "G-COUNT", Zone::Hand(P0), 0);
    let life = g.life(P0);
    play(&mut g, c2);
    assert_eq!(g.life(P0), life, "after gaining Armor it has an effect");
    // Two magics left the hand (G-GIVE, the second G-COUNT) and were put there by the
    // test: the hand grew by the one card drawn for the one spirit with "armor".
    assert_eq!(
        engine::rules::battle_spirits::testkit::hand_size(&g, P0),
        hand + 1
    );
}
