//! Card filters of printed text: spirits summoned this turn, spirits counted by their
//! colours (a brave's colours count for its host, BS-9.2).

use engine::core::PlayerId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    effect, play, put, saga_scenario, scripted_magic, scripted_spirit, strict, to_p1_main,
};

const P1: PlayerId = PlayerId(1);

/// "summoned this turn": the spirit summoned in this turn, not one already on the field.
#[test]
fn summoned_this_turn_is_only_the_spirit_summoned_in_this_turn() {
    let cards = vec![
        scripted_spirit("CF-OLD", 0, 1000, vec![]),
        scripted_spirit("CF-NEW", 0, 1000, vec![]),
        scripted_magic(
            "CF-PICK",
            0,
            vec![effect(
                "main",
                "destroy(my_spirits().summoned_this_turn());",
            )],
        ),
    ];
    let mut g = strict(saga_scenario(cards, 7));
    let old = put(&mut g, P1, "CF-OLD", Zone::Field(P1), 1);
    to_p1_main(&mut g);
    let new = put(&mut g, P1, "CF-NEW", Zone::Hand(P1), 0);
    play(&mut g, new);
    assert_eq!(g.zone_of(new), Zone::Field(P1));
    let m = put(&mut g, P1, "CF-PICK", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(new), Zone::Trash(P1), "summoned this turn");
    assert_eq!(
        g.zone_of(old),
        Zone::Field(P1),
        "on the field since last turn"
    );
}

/// "of exactly one colour" / "of two or more colours".
#[test]
fn spirits_counted_by_their_colours() {
    let mut two = scripted_spirit("CF-TWO", 0, 1000, vec![]);
    two.colours.push(carddb::Colour::Blue);
    let cards = vec![
        scripted_spirit("CF-ONE", 0, 1000, vec![]),
        two,
        scripted_magic(
            "CF-MULTI",
            0,
            vec![effect("main", "destroy(my_spirits().colours_at_least(2));")],
        ),
        scripted_magic(
            "CF-MONO",
            0,
            vec![effect("main", "destroy(my_spirits().colours_is(1));")],
        ),
    ];
    let mut g = strict(saga_scenario(cards, 8));
    let one = put(&mut g, P1, "CF-ONE", Zone::Field(P1), 1);
    let two = put(&mut g, P1, "CF-TWO", Zone::Field(P1), 1);
    to_p1_main(&mut g);
    let m = put(&mut g, P1, "CF-MULTI", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(two), Zone::Trash(P1), "two colours");
    assert_eq!(g.zone_of(one), Zone::Field(P1), "one colour");
    let m = put(&mut g, P1, "CF-MONO", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(one), Zone::Trash(P1), "exactly one colour");
}
