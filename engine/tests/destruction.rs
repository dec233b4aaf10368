//! One destruction, one "when destroyed" (BS-6.6) and 0 BP destroys
//! whenever BP can change (BS-5.3.1). Synthetic cards with small scripts,
//! and real cards from `../shared/data` for the rulings (`C#`: the ruling's index in
//! `rulings-cards.json`; paraphrased, never quoted).

mod support;

use carddb::{CardDef, CardKind, Colour};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::{
    card, decision, effect, give_reserve, must, pass_flashes, play, put, scenario, scripted_magic,
    scripted_spirit, strict,
};
use engine::rules::battle_spirits::{Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};

use support::rulings::{game, hand, real, to_p1_main};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// How many effects of `card` started.
fn runs(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::EffectStarted { card: c, .. } if *c == card))
        .count()
}

/// How many times `card` was destroyed (left for the trash as destroyed).
fn destroyed(g: &Game, card: InstanceId) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::Destroyed { card: c } if *c == card))
        .count()
}

/// P1 (turn 2) attacks with `attacker`; P0 blocks with `blocker`; flashes passed.
fn blocked_battle(g: &mut Game, attacker: InstanceId, blocker: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker });
    pass_flashes(g);
    must(g, Choice::Block { blocker });
    pass_flashes(g);
}

/// In an order question (BS-8.4), picks the effect whose label names `id`.
fn resolve_first(g: &mut Game, id: &str) {
    let r = decision(g);
    assert_eq!(r.kind, DecisionKind::EffectChoice, "{:?}", r.options);
    let i = r
        .options
        .iter()
        .position(|o| o.label.contains(id))
        .unwrap_or_else(|| panic!("no option names {id}: {:?}", r.options));
    must(g, Choice::OneOf { index: i as u32 });
}

/// Equal-BP battle (BS-6.6: both destroyed at the same time); the attacker's "when
/// destroyed" destroys opposing spirits: the blocker, already being destroyed, is not
/// destroyed again and its "when destroyed: draw 1" resolves once.
fn equal_bp_battle(attacker_when_destroyed: &str, bystander: bool) -> (Game, usize, usize) {
    let a = scripted_spirit(
        "S-DA",
        0,
        3000,
        vec![effect("When Destroyed", attacker_when_destroyed)],
    );
    let b = scripted_spirit("S-DB", 0, 3000, vec![effect("When Destroyed", "draw(1);")]);
    let mut g = strict(scenario(vec![a, b], 70));
    to_p1_main(&mut g);
    let blocker = put(&mut g, P0, "S-DB", Zone::Field(P0), 1);
    let other = bystander.then(|| put(&mut g, P0, "R-01", Zone::Field(P0), 1));
    let attacker = put(&mut g, P1, "S-DA", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps the attack step open
    let before = hand(&g, P0);
    blocked_battle(&mut g, attacker, blocker);
    // Both "when destroyed" effects are due at once: P1 (turn player) resolves its own first.
    resolve_first(&mut g, "S-DA");
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1));
    assert_eq!(g.zone_of(blocker), Zone::Trash(P0));
    assert_eq!(destroyed(&g, blocker), 1, "destroyed once (BS-6.6)");
    assert_eq!(runs(&g, blocker), 1, "its when destroyed resolved once");
    if let Some(o) = other {
        assert_eq!(
            g.zone_of(o),
            Zone::Trash(P0),
            "the other spirit is destroyed"
        );
    }
    let after = hand(&g, P0);
    (g, after, before)
}

#[test]
fn bs_6_6_a_spirit_being_destroyed_is_not_destroyed_again_by_a_chosen_destroy() {
    let (_, after, before) =
        equal_bp_battle("destroy(choose_targets(opponent_spirits(), 1));", false);
    assert_eq!(after, before + 1, "the blocker's draw 1 resolved once");
}

#[test]
fn bs_6_6_destroy_all_spares_only_the_spirit_already_being_destroyed() {
    let (g, after, before) = equal_bp_battle("destroy(opponent_spirits());", true);
    assert_eq!(after, before + 1, "the blocker's draw 1 resolved once");
    let gone: Vec<InstanceId> = g.pile(Zone::Trash(P0)).to_vec();
    assert!(
        gone.iter().all(|c| !g.is_being_destroyed(*c)),
        "the marks end with it"
    );
}

/// BS-5.3.1: a 1000 BP spirit gives itself +1000 for the battle when it
/// attacks; the opponent's flash gives it −1500 for the turn (BP 500); when the battle ends
/// the +1000 ends, its BP is 0 and it is destroyed at once — its "when destroyed" works.
#[test]
fn bs_5_3_1_zero_bp_when_a_battle_bonus_ends_destroys() {
    let a = scripted_spirit(
        "S-ZA",
        0,
        1000,
        vec![
            effect(
                "When This Spirit Attacks",
                r#"bp_plus(this_card(), 1000, "battle");"#,
            ),
            effect("When Destroyed", "draw(1);"),
        ],
    );
    let m = scripted_magic(
        "S-ZM",
        0,
        vec![effect(
            "flash",
            r#"bp_minus(choose_targets(opponent_spirits(), 1), 1500, "turn");"#,
        )],
    );
    let mut g = strict(scenario(vec![a, m], 71));
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "S-ZA", Zone::Field(P1), 1);
    let magic = put(&mut g, P0, "S-ZM", Zone::Hand(P0), 0);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    assert_eq!(g.bp(attacker), 2000);
    assert_eq!(
        decision(&mut g).player,
        P0,
        "the defender's flash first (BS-6.2)"
    );
    play(&mut g, magic);
    assert_eq!(g.bp(attacker), 500, "1000 + 1000 − 1500");
    assert!(g.on_field(attacker));
    let before = hand(&g, P1);
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(
        g.zone_of(attacker),
        Zone::Trash(P1),
        "0 BP once the battle ended"
    );
    assert_eq!(destroyed(&g, attacker), 1);
    assert_eq!(hand(&g, P1), before + 1, "its when destroyed drew 1");
    let by_opponent = Event::Hook(Hook::WhenDestroyed {
        card: attacker,
        by_opponent: true,
    });
    assert!(g.log().contains(&by_opponent), "the −1500 was P0's effect");
}

/// BS-5.3.1: a constant "+1000 BP to your spirits" nexus keeps a 1000 BP spirit lowered by
/// 1000 at 1000 BP; when the nexus leaves the field (returned to the hand) the spirit is
/// at 0 and destroyed at once. The nexus itself has no BP and is never destroyed by it.
#[test]
fn bs_5_3_1_zero_bp_when_a_constant_bonus_source_leaves() {
    let mut nexus = card("S-ZN", CardKind::Nexus, 0, Colour::Red, 0, 1, &[(1, 0, 0)]);
    nexus.effects = vec![effect(
        "constant",
        r#"bp_plus(my_spirits(), 1000, "while");"#,
    )];
    let s = scripted_spirit("S-ZS", 0, 1000, vec![effect("When Destroyed", "draw(1);")]);
    let minus = scripted_magic(
        "S-ZL",
        0,
        vec![effect(
            "main",
            r#"bp_minus(opponent_spirits(), 1000, "turn");"#,
        )],
    );
    let bounce = scripted_magic(
        "S-ZR",
        0,
        vec![effect("main", "return_to_hand(opponent_nexuses());")],
    );
    let cards: Vec<CardDef> = vec![nexus, s, minus, bounce];
    let mut g = strict(scenario(cards, 72));
    to_p1_main(&mut g);
    let n = put(&mut g, P0, "S-ZN", Zone::Field(P0), 0);
    let spirit = put(&mut g, P0, "S-ZS", Zone::Field(P0), 1);
    assert_eq!(g.bp(spirit), 2000, "1000 + the nexus's 1000");
    let m1 = put(&mut g, P1, "S-ZL", Zone::Hand(P1), 0);
    let m2 = put(&mut g, P1, "S-ZR", Zone::Hand(P1), 0);
    play(&mut g, m1);
    assert_eq!(g.bp(spirit), 1000, "1000 + 1000 − 1000");
    assert!(g.on_field(spirit));
    let before = hand(&g, P0);
    play(&mut g, m2);
    assert_eq!(g.zone_of(n), Zone::Hand(P0));
    assert_eq!(
        g.zone_of(spirit),
        Zone::Trash(P0),
        "0 BP: destroyed (BS-5.3.1)"
    );
    assert_eq!(destroyed(&g, spirit), 1);
    assert_eq!(hand(&g, P0), before + 1 + 1, "the nexus back + its draw 1");
    let by_opponent = Event::Hook(Hook::WhenDestroyed {
        card: spirit,
        by_opponent: true,
    });
    assert!(g.log().contains(&by_opponent), "the −1000 was P1's effect");
}

/// BS-5.3.1 / BS-7.1: a constant "−1000 BP to the opponent's spirits" nexus lowers a
/// 1000 BP spirit that gave itself +1000 this turn when it attacked; when the turn ends
/// the +1000 ends, its BP is 0 and it is destroyed (its "when destroyed" works).
#[test]
fn bs_5_3_1_zero_bp_when_a_turn_bonus_ends_destroys() {
    let s = scripted_spirit(
        "S-ZT",
        0,
        1000,
        vec![
            effect(
                "When This Spirit Attacks",
                r#"bp_plus(this_card(), 1000, "turn");"#,
            ),
            effect("When Destroyed", "draw(1);"),
        ],
    );
    let mut nexus = card("S-ZX", CardKind::Nexus, 0, Colour::Blue, 0, 1, &[(1, 0, 0)]);
    nexus.effects = vec![effect(
        "constant",
        r#"bp_minus(opponent_spirits(), 1000, "while");"#,
    )];
    let mut g = strict(scenario(vec![s, nexus], 74));
    to_p1_main(&mut g);
    let attacker = put(&mut g, P1, "S-ZT", Zone::Field(P1), 1);
    put(&mut g, P0, "R-06", Zone::Field(P0), 1); // a 6000 BP blocker it cannot beat
    put(&mut g, P1, "B-06", Zone::Field(P1), 1); // 6000 BP: keeps the attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    assert_eq!(g.bp(attacker), 2000);
    put(&mut g, P0, "S-ZX", Zone::Field(P0), 0); // the nexus arrives mid-attack
    assert_eq!(g.bp(attacker), 1000, "1000 + 1000 − 1000");
    pass_flashes(&mut g);
    must(&mut g, Choice::NoBlock);
    assert!(g.on_field(attacker), "still 1000 BP after the battle");
    let before = hand(&g, P1);
    while g.active() == P1 {
        let r = decision(&mut g);
        let c = [Choice::EndAttack, Choice::EndMain, Choice::Pass]
            .into_iter()
            .find(|c| r.is_legal(c))
            .unwrap_or_else(|| panic!("{:?}", r.options));
        must(&mut g, c);
    }
    assert_eq!(
        g.zone_of(attacker),
        Zone::Trash(P1),
        "0 BP once the turn ended"
    );
    assert_eq!(destroyed(&g, attacker), 1);
    assert_eq!(hand(&g, P1), before + 1, "its when destroyed drew 1");
}

/// ST03-002 Greygarmr and BSS01-133 Angelic Pressure — rulings-cards.json C#179.
/// Q: a LV2 Greygarmr blocks (its "when blocks" gives it 3000 BP this turn) and the
/// opponent's Angelic Pressure lowers its BP by 3000 this turn; is it destroyed at 0 BP
/// when the turn ends? A: no: both effects end at the same time (BS-7.1), so its BP never
/// becomes 0 (BS-5.3.1 is checked once they have all ended).
#[test]
fn st03_002_greygarmr_turn_effects_end_together_so_no_zero_bp() {
    let Some(cards) = real(&["ST03-002", "BSS01-133"]) else {
        return;
    };
    let mut g = game(cards, 73);
    to_p1_main(&mut g);
    let grey = put(&mut g, P0, "ST03-002", Zone::Field(P0), 2); // LV2: 3000 BP
    let attacker = put(&mut g, P1, "B-00", Zone::Field(P1), 1); // 1000 BP
    let pressure = put(&mut g, P1, "BSS01-133", Zone::Hand(P1), 0);
    give_reserve(&mut g, P1, 3);
    assert_eq!(g.bp(grey), 3000);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: grey });
    assert_eq!(g.bp(grey), 6000, "when blocks: +3000 this turn");
    pass_flashes_until(&mut g, P1);
    play(&mut g, pressure);
    assert_eq!(g.bp(grey), 3000, "Angelic Pressure: −3000 this turn");
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(attacker), Zone::Trash(P1), "1000 against 3000");
    // P1 ends its turn: the +3000 and the −3000 end together.
    while g.active() == P1 {
        let r = decision(&mut g);
        let c = [Choice::EndAttack, Choice::EndMain, Choice::Pass]
            .into_iter()
            .find(|c| r.is_legal(c))
            .unwrap_or_else(|| panic!("{:?}", r.options));
        must(&mut g, c);
    }
    assert!(g.on_field(grey), "not destroyed at the end of the turn");
    assert_eq!(g.bp(grey), 3000);
    assert_eq!(destroyed(&g, grey), 0);
}

/// Passes flash timings until `p` is to act in one.
fn pass_flashes_until(g: &mut Game, p: PlayerId) {
    loop {
        let r = decision(g);
        assert_eq!(r.kind, DecisionKind::FlashOrPass, "{:?}", r.options);
        if r.player == p {
            return;
        }
        must(g, Choice::Pass);
    }
}
