//! The battle primitives the battle keywords are written on (their rhai is in
//! `scripts/battle-spirits-saga/keywords/`), played through synthetic cards whose inline
//! scripts call them: a card joined to the attacker for the battle (`link_for_battle`), a
//! block the defender must declare (`must_be_blocked`, BS-6.3), where the life cores an
//! attack takes go (`life_cores_to`, BS-6.5.1), magic used during a battle
//! (`magic_used_this_battle`, BS-5.5) and uses counted per turn (`use_per_turn`, BS-8.3).

mod support;

use carddb::Colour;
use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, scripted_magic, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::rulings::*;

/// P1 (turn 2) ends its main step and attacks with `a`.
fn attack(g: &mut Game, a: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
}

fn options(g: &mut Game) -> Vec<Choice> {
    decision(g).choices().cloned().collect()
}

fn inert_reasons(g: &Game, card: InstanceId) -> Vec<String> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::EffectInert {
                card: c, reason, ..
            } if *c == card => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

/// A spirit (3000 BP, one red symbol) that joins another of its controller's spirits to
/// itself when it attacks.
fn joiner() -> carddb::CardDef {
    scripted_spirit(
        "S-JOIN",
        0,
        3000,
        vec![effect(
            "When This Spirit Attacks",
            "for c in cards(my_spirits().other()) { link_for_battle(this_card(), c); }",
        )],
    )
}

/// `link_for_battle`: while joined the attacker has the card's BP and symbols added (two
/// symbols take two life, BS-6.5.1); the field still counts each symbol once (BS-5.2 step
/// 3); the join ends with the battle (BS-6.7).
#[test]
fn joined_card_adds_bp_and_symbols_until_the_battle_ends() {
    let mut g = game(vec![joiner()], 301);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-JOIN", Zone::Field(P1), 1);
    let h = put(&mut g, P1, "B-04", Zone::Field(P1), 1); // LV1: 4000 BP, one blue symbol
    let life = g.life(P0);
    attack(&mut g, a);
    assert!(g.log().contains(&Event::JoinedForBattle {
        attacker: a,
        card: h,
        bp: 7000
    }));
    assert_eq!(g.bp(a), 3000 + 4000);
    assert_eq!(g.bp(h), 4000, "the joined card keeps its own BP");
    assert_eq!(g.symbols_of(a), 2);
    let field = g.field_symbols(P1);
    assert_eq!(
        (
            field.colours.get(&Colour::Red),
            field.colours.get(&Colour::Blue)
        ),
        (Some(&1), Some(&1)),
        "the field counts each card's symbol once"
    );
    pass_flashes(&mut g); // P0 has no spirit: no block
    assert_eq!(
        g.life(P0),
        life - 2,
        "the attacker takes two life with two symbols"
    );
    assert!(g.log().contains(&Event::JoinEnded {
        attacker: a,
        card: h
    }));
    assert_eq!(g.bp(a), 3000, "the battle is over: no join");
}

/// `link_for_battle`: the join ends at once when the joined card leaves the field; the
/// BP comparison then reads the attacker's own BP (BS-6.5.2).
#[test]
fn join_ends_when_the_joined_card_leaves_the_field() {
    let zap = flash_tool("S-ZAP", "destroy(opponent_spirits().cost_is(4));");
    let mut g = game(vec![joiner(), zap], 302);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-JOIN", Zone::Field(P1), 1);
    let h = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let wall = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    let m = put(&mut g, P0, "S-ZAP", Zone::Hand(P0), 0);
    attack(&mut g, a);
    assert_eq!(g.bp(a), 7000);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(g.zone_of(h), Zone::Trash(P1));
    assert!(g.log().contains(&Event::JoinEnded {
        attacker: a,
        card: h
    }));
    assert_eq!(g.bp(a), 3000);
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: wall });
    pass_flashes(&mut g);
    assert!(g.log().contains(&Event::BattleCompared {
        attacker: a,
        attacker_bp: 3000,
        blocker: wall,
        blocker_bp: 6000,
    }));
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
}

/// `link_for_battle`: one join per battle — a second is refused with the reason, the
/// first stays.
#[test]
fn one_join_per_battle() {
    let mut g = game(vec![joiner()], 303);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-JOIN", Zone::Field(P1), 1);
    let first = put(&mut g, P1, "B-02", Zone::Field(P1), 1); // 2000 BP
    put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    attack(&mut g, a);
    assert_eq!(g.joined_to(a), Some(first));
    assert_eq!(g.bp(a), 3000 + 2000);
    let reasons = inert_reasons(&g, a);
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(reasons[0].contains("one per battle"), "{reasons:?}");
}

/// `link_for_battle` refuses a card of the opponent and does nothing outside a battle.
#[test]
fn join_refused_for_an_opponents_card_and_outside_a_battle() {
    let grab = scripted_spirit(
        "S-GRAB",
        0,
        3000,
        vec![effect(
            "When This Spirit Attacks",
            "link_for_battle(this_card(), opponent_spirits());",
        )],
    );
    let early = scripted_magic(
        "S-EARLY",
        0,
        vec![effect(
            "main",
            "link_for_battle(my_spirits(), my_spirits().cost_is(4));",
        )],
    );
    let mut g = game(vec![grab, early], 304);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-GRAB", Zone::Field(P1), 1);
    put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    put(&mut g, P0, "B-02", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "S-EARLY", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: m });
    assert!(inert_reasons(&g, m)[0].contains("no battle"));
    attack(&mut g, a);
    assert_eq!(g.joined_to(a), None);
    assert!(inert_reasons(&g, a)[0].contains("another spirit of the attacker's controller"));
    assert_eq!(g.bp(a), 3000);
}

/// BS-6.3, `must_be_blocked`: while a spirit of the defender can block, "do not block" is
/// not offered; a spirit protected from being selected by the opponent's effects may
/// still block (declaring a block selects nothing); with no spirit able to block, the
/// attack goes on unblocked.
#[test]
fn must_be_blocked_while_a_spirit_can_block() {
    let brute = scripted_spirit(
        "S-BRUTE",
        0,
        5000,
        vec![effect(
            "constant",
            "must_be_blocked(this_card(), \"while\");",
        )],
    );
    let shy = scripted_spirit(
        "S-SHY",
        0,
        1000,
        vec![effect(
            "constant",
            "cannot_be_by_opponent(this_card(), \"selected\", \"while\");",
        )],
    );
    let mut g = game(vec![brute, shy], 305);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-BRUTE", Zone::Field(P1), 3);
    let a2 = put(&mut g, P1, "S-BRUTE", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "S-SHY", Zone::Field(P0), 1);
    attack(&mut g, a);
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert_eq!(
        r.choices().cloned().collect::<Vec<_>>(),
        vec![Choice::Block { blocker: b }]
    );
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(b), Zone::Trash(P0));
    // Second attack: P0 has no spirit left to block.
    let life = g.life(P0);
    must(&mut g, Choice::Attack { attacker: a2 });
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 1);
}

/// BS-6.3, `must_be_blocked` and the built-in greedy player: with "do not block" not
/// offered, it blocks (with its weakest spirit when none would win).
#[test]
fn greedy_player_blocks_when_it_must() {
    use engine::players::{Player, Sight};
    use engine::rules::battle_spirits::GreedyPlayer;
    let brute = scripted_spirit(
        "S-BRUTE",
        0,
        5000,
        vec![effect(
            "constant",
            "must_be_blocked(this_card(), \"while\");",
        )],
    );
    let mut g = game(vec![brute], 314);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-BRUTE", Zone::Field(P1), 1);
    let weak = put(&mut g, P0, "R-00", Zone::Field(P0), 1); // 1000 BP
    put(&mut g, P0, "R-02", Zone::Field(P0), 1); // 2000 BP
    attack(&mut g, a);
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    let c = GreedyPlayer::new().decide(&Sight::of(&g, P0), &r);
    assert_eq!(c, Choice::Block { blocker: weak });
}

/// BS-6.3, `must_be_blocked` only binds while a block is possible: an exhausted defender
/// may not block, and "do not block" is the answer (it is automatic).
#[test]
fn must_be_blocked_lets_the_attack_through_without_a_blocker() {
    let brute = scripted_spirit(
        "S-BRUTE",
        0,
        5000,
        vec![effect(
            "constant",
            "must_be_blocked(this_card(), \"while\");",
        )],
    );
    let mut g = game(vec![brute, exhaust_all_tool()], 306);
    to_p1_main(&mut g);
    put(&mut g, P0, "B-02", Zone::Field(P0), 1);
    let tool = put(&mut g, P1, "RUL-EXHAUST-ALL", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: tool });
    let a = put(&mut g, P1, "S-BRUTE", Zone::Field(P1), 1);
    let life = g.life(P0);
    attack(&mut g, a);
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 1);
}

/// BS-6.5.1, `life_cores_to`: the life cores an attack takes go to the void (or the
/// trash) instead of the defender's reserve; the life is reduced all the same.
#[test]
fn life_cores_go_to_the_void_or_the_trash() {
    for (place, to_trash) in [("void", 0), ("trash", 1)] {
        let sink = scripted_spirit(
            "S-SINK",
            0,
            3000,
            vec![effect(
                "constant",
                &format!("life_cores_to(this_card(), \"{place}\", \"while\");"),
            )],
        );
        let mut g = game(vec![sink], 307);
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "S-SINK", Zone::Field(P1), 1);
        put(&mut g, P1, "B-02", Zone::Field(P1), 1); // the attack step waits for it
        let (life, reserve, trash) = (g.life(P0), g.reserve(P0), g.cores_at(CoreLoc::Trash(P0)));
        attack(&mut g, a);
        pass_flashes(&mut g);
        assert_eq!(g.life(P0), life - 1, "{place}");
        assert_eq!(g.reserve(P0), reserve, "{place}: not the reserve");
        assert_eq!(g.cores_at(CoreLoc::Trash(P0)), trash + to_trash, "{place}");
        assert!(
            g.log().iter().any(
                |e| matches!(e, Event::LifeReduced { player, amount: 1, .. } if *player == P0)
            ),
            "{place}"
        );
    }
}

/// BS-5.5, `magic_used_this_battle`: the magic you used during this battle that is still
/// in your trash — not the magic used before the battle, not the opponent's, not a card
/// the opponent moved out of your trash meanwhile.
#[test]
fn magic_used_this_battle_is_what_you_used_and_still_in_your_trash() {
    let back = scripted_spirit(
        "S-BACK",
        0,
        3000,
        vec![effect(
            "When This Spirit Attacks",
            "when(ev_battle_ends(), \"battle\", || { add_to_hand(magic_used_this_battle()); });",
        )],
    );
    let spark = flash_tool("S-SPARK", "bp_plus(my_spirits(), 1000, \"turn\");");
    let flick = flash_tool("S-FLICK", "bp_plus(my_spirits(), 1000, \"turn\");");
    let keep = flash_tool("S-KEEP", "bp_plus(my_spirits(), 1000, \"turn\");");
    let sweep = flash_tool(
        "S-SWEEP",
        "return_to_deck(opponent_trash().cost_is(0), \"bottom\");",
    );
    let mut g = game(vec![back, spark, flick, keep, sweep], 308);
    to_p1_main(&mut g);
    let before = put(&mut g, P1, "S-FLICK", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: before });
    assert_eq!(g.zone_of(before), Zone::Trash(P1));
    let a = put(&mut g, P1, "S-BACK", Zone::Field(P1), 1);
    let swept = put(&mut g, P1, "S-SPARK", Zone::Hand(P1), 0);
    let sweep = put(&mut g, P0, "S-SWEEP", Zone::Hand(P0), 0);
    attack(&mut g, a);
    // P0 passes, P1 uses a magic, P0 sweeps P1's cost-0 trash cards into the deck, P1
    // uses a second copy.
    must(&mut g, Choice::Pass);
    must(&mut g, Choice::UseMagic { card: swept });
    must(&mut g, Choice::UseMagic { card: sweep });
    assert_eq!(g.zone_of(swept), Zone::Deck(P1));
    assert_eq!(g.zone_of(before), Zone::Deck(P1));
    let kept = put(&mut g, P1, "S-KEEP", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: kept });
    assert_eq!(g.zone_of(kept), Zone::Trash(P1));
    pass_flashes(&mut g);
    assert_eq!(
        g.zone_of(kept),
        Zone::Hand(P1),
        "used this battle, in the trash"
    );
    assert_eq!(g.zone_of(swept), Zone::Deck(P1), "no longer in the trash");
    assert_eq!(
        g.zone_of(sweep),
        Zone::Trash(P0),
        "the opponent's magic stays"
    );
    assert_eq!(g.zone_of(before), Zone::Deck(P1));
}

/// BS-8.3, `use_per_turn(n)`: an effect counts its uses per card instance and turn — the
/// first n succeed, then none until the next turn.
#[test]
fn use_per_turn_counts_uses_in_a_turn() {
    let again = scripted_spirit(
        "S-AGAIN",
        0,
        1000,
        vec![effect(
            "When This Spirit Attacks",
            "if use_per_turn(2) { refresh(this_card()); }",
        )],
    );
    let mut g = game(vec![again], 309);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-AGAIN", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    for n in 1..=3 {
        must(&mut g, Choice::Attack { attacker: a });
        assert_eq!(g.is_exhausted(a), n == 3, "attack {n}");
        pass_flashes(&mut g);
    }
    assert!(!options(&mut g).contains(&Choice::Attack { attacker: a }));
    // P1's next turn: the count starts again (BS-8.3: per turn).
    while g.active() != P1 || decision(&mut g).kind != DecisionKind::MainAction {
        let c = match decision(&mut g).kind {
            DecisionKind::MainAction => Choice::EndMain,
            DecisionKind::AttackOrEnd => Choice::EndAttack,
            _ => Choice::Pass,
        };
        must(&mut g, c);
    }
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    assert!(!g.is_exhausted(a), "a new turn, a new count");
}

/// `linked` / `linked_to`: whether a card is joined now, and the card joined to it.
#[test]
fn linked_and_linked_to_read_the_join() {
    let probe = flash_tool(
        "S-PROBE4",
        r#"
        let a = attacking_spirit();
        let n = count(linked_to(a));
        if linked(a) { n += 10; }
        if linked(linked_to(a)) { n += 100; }
        if linked(my_spirits().cost_is(3)) { n += 1000; }
        cores_from_void_to("reserve", n);
        "#,
    );
    let mut g = game(vec![joiner(), probe], 313);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "S-JOIN", Zone::Field(P1), 1);
    put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "S-PROBE4", Zone::Hand(P1), 0);
    attack(&mut g, a);
    must(&mut g, Choice::Pass); // P0
    let reserve = g.reserve(P1);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(
        g.reserve(P1),
        reserve + 1 + 10 + 100,
        "no cost-3 spirit is joined"
    );
}

/// `meets_condition`: a card condition as printed (the brave-condition grammar, BS-9.1):
/// cost ranges, colours and families (gained ones count).
#[test]
fn meets_condition_reads_cost_colour_and_family() {
    let probe = scripted_magic(
        "S-PROBE",
        0,
        vec![effect(
            "main",
            r#"
            let s = my_spirits().cost_is(4);
            gain_family(s, "Dragon", "turn");
            let n = 0;
            if meets_condition(s, "cost 3 or more") { n += 1; }
            if meets_condition(s, "a spirit with cost 5 or more") { n += 2; }
            if meets_condition(s, "blue") { n += 4; }
            if meets_condition(s, "a red spirit") { n += 8; }
            if meets_condition(s, "a Dragon family spirit") { n += 16; }
            if meets_condition(my_spirits().cost_is(6), "cost 3 or more") { n += 32; }
            if meets_condition(s, "a dragon family spirit") { n += 64; }
            cores_from_void_to("reserve", n);
            "#,
        )],
    );
    let mut g = game(vec![probe], 310);
    to_p1_main(&mut g);
    put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "S-PROBE", Zone::Hand(P1), 0);
    let reserve = g.reserve(P1);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(
        g.reserve(P1),
        reserve + 1 + 4 + 16 + 64,
        "cost 4 ≥ 3, blue, Dragon gained (also written in lower case); not cost ≥ 5, not red; no card: false"
    );
}

/// `meets_condition` with a condition the grammar does not understand: the effect fails
/// with the condition named (EffectFailed), nothing else happens.
#[test]
fn meets_condition_not_understood_fails_the_effect() {
    let probe = scripted_magic(
        "S-PROBE2",
        0,
        vec![effect(
            "main",
            "if meets_condition(my_spirits(), \"dances at midnight\") { draw(1); }",
        )],
    );
    let mut g = game(vec![probe], 311);
    g.set_strict_scripts(false);
    to_p1_main(&mut g);
    put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "S-PROBE2", Zone::Hand(P1), 0);
    let hand = g.pile(Zone::Hand(P1)).len();
    must(&mut g, Choice::UseMagic { card: m });
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::EffectFailed { card, reason, .. } if *card == m && reason.contains("dances at midnight")
    )));
    assert_eq!(
        g.pile(Zone::Hand(P1)).len(),
        hand - 1,
        "only the magic left the hand"
    );
}

/// `controls_symbol`: a symbol of the colour on your field; a multi-colour symbol counts
/// for each of its colours (BS-5.2 step 3).
#[test]
fn controls_symbol_counts_single_and_multi_colour_symbols() {
    let mut duo = scripted_spirit("S-DUO", 0, 1000, vec![]);
    duo.symbols.colours.clear();
    duo.symbols.multi = vec![vec![Colour::Green, Colour::Yellow]];
    let probe = scripted_magic(
        "S-PROBE3",
        0,
        vec![effect(
            "main",
            r#"
            let n = 0;
            if controls_symbol("blue") { n += 1; }
            if controls_symbol("yellow") { n += 2; }
            if controls_symbol(["purple", "green"]) { n += 4; }
            if controls_symbol("white") { n += 8; }
            cores_from_void_to("reserve", n);
            "#,
        )],
    );
    let mut g = game(vec![duo, probe], 312);
    to_p1_main(&mut g);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "S-DUO", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "S-PROBE3", Zone::Hand(P1), 0);
    let reserve = g.reserve(P1);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(
        g.reserve(P1),
        reserve + 1 + 2 + 4,
        "blue, yellow, green; no white"
    );
}
