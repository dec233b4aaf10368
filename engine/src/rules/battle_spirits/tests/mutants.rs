//! Rules that a mutation of the code once changed without any test noticing
//! (`docs/testing.md`): each test pins the rule's value where the mutant differs.

use super::*;
use crate::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, put, scenario, scripted_magic, scripted_spirit, strict,
};

/// BS-5.2 step 4 with multi-colour symbols: a reduction of red 2 met by one red symbol
/// leaves one red reduction unmet, and two red/purple symbols can cover only that one.
/// The cost goes down by 2, not 3 (a reduction symbol is met once).
#[test]
fn bs_5_2_multi_colour_symbols_meet_only_the_reduction_left_unmet() {
    use carddb::Colour::{Purple, Red};
    let lib = library();
    let mut d = lib.def("X-5R").clone();
    d.reduction = [(Red, 2)].into_iter().collect();
    let field = levels::FieldSymbols {
        colours: [(Red, 1)].into_iter().collect(),
        multi: vec![vec![Red, Purple], vec![Red, Purple]],
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &field), 2);
}

/// BS-5.2 step 4: a reduction of red 1 is met once, however many red/purple symbols the
/// field shows (a multi-colour symbol counts once, and one reduction symbol is met once).
#[test]
fn bs_5_2_one_reduction_symbol_is_met_by_one_multi_colour_symbol() {
    use carddb::Colour::{Purple, Red};
    let lib = library();
    let mut d = lib.def("X-5R").clone();
    d.reduction = [(Red, 1)].into_iter().collect();
    let field = levels::FieldSymbols {
        multi: vec![vec![Red, Purple], vec![Red, Purple]],
        ..Default::default()
    };
    assert_eq!(cost::reduction(&d, &field), 1);
}

/// BS-6.2, BS-5.6, BS-11: in a flash timing only magic with a [Flash] effect is offered as
/// "use magic", once per card (two copies in hand are one option); a spirit in hand whose
/// effect is marked [Flash] is not a magic to use.
#[test]
fn bs_6_2_flash_timing_offers_each_flash_magic_once_and_no_spirit() {
    let flash_spirit = {
        let mut s = scripted_spirit("MUT-FLASH-SPIRIT", 0, 3000, vec![]);
        s.effects.push(effect("flash", "draw(1);"));
        s
    };
    let magic = scripted_magic("MUT-FLASH-MAGIC", 0, vec![effect("flash", "draw(1);")]);
    let mut g = strict(scenario(vec![flash_spirit, magic], 31));
    let m1 = put(&mut g, P1, "MUT-FLASH-MAGIC", Zone::Hand(P1), 0);
    let m2 = {
        let c = (0..g.st.cards.len() as u32)
            .map(InstanceId)
            .find(|c| {
                *c != m1
                    && g.card_id(*c) == "MUT-FLASH-MAGIC"
                    && g.owner(*c) == P1
                    && g.zone_of(*c) != Zone::Hand(P1)
            })
            .expect("a second copy");
        g.move_card(c, Zone::Hand(P1));
        c
    };
    let s = put(&mut g, P1, "MUT-FLASH-SPIRIT", Zone::Hand(P1), 0);
    // P1 attacks on turn 2; the defender P0 passes first, then P1 may use a flash.
    must(&mut g, Choice::EndMain);
    let a = put(&mut g, P1, "R-03", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::Pass);
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::FlashOrPass, P1));
    let uses: Vec<InstanceId> = r
        .choices()
        .filter_map(|c| match c {
            Choice::UseMagic { card } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(uses.len(), 1, "one option for two copies: {uses:?}");
    assert!(uses[0] == m1 || uses[0] == m2);
    assert!(!r.is_legal(&Choice::UseMagic { card: s }));
}

/// Keyword rulings K17, K20 and BS-6.3/BS-6.4: when a flash effect in the flash timing
/// after the attack makes the attacker attack a spirit, that spirit is the blocker, so
/// once both players pass the battle goes on to the flash timing after the block, not to
/// a block declaration.
#[test]
fn k17_an_attack_made_in_the_flash_timing_goes_on_to_the_flash_after_the_block() {
    let aim = scripted_magic(
        "MUT-AIM",
        0,
        vec![effect(
            "flash",
            "let t = choose_targets(opponent_spirits(), 1); attack_target(t);",
        )],
    );
    let mut g = strict(scenario(vec![aim], 32));
    must(&mut g, Choice::EndMain);
    let prey = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    let tool = put(&mut g, P1, "MUT-AIM", Zone::Hand(P1), 0);
    let a = put(&mut g, P1, "R-04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    must(&mut g, Choice::Pass); // the defender passes first (BS-6.2)
    must(&mut g, Choice::UseMagic { card: tool });
    pass_flash_answers(&mut g);
    assert!(g.log().contains(&Event::BlockDeclared {
        blocker: prey,
        attacker: a
    }));
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::FlashOrPass, "not a block declaration");
    must(&mut g, Choice::Pass);
    must(&mut g, Choice::Pass);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::FlashPassed {
            window: FlashWindow::AfterBlock,
            ..
        }
    )));
    assert_eq!(g.zone_of(prey), Zone::Trash(P0), "4000 BP beats 1000");
}

/// Answers the effect's own questions (its target) until a flash decision comes, then
/// passes both players once.
fn pass_flash_answers(g: &mut Game) {
    while decision(g).kind != DecisionKind::FlashOrPass {
        let r = decision(g);
        let c = r.options[0].choice.clone();
        g.answer(c).unwrap();
    }
    must(g, Choice::Pass);
    must(g, Choice::Pass);
}

/// BS-9.5 and BS-9.1: a brave on the field on its own (spirit form) is a spirit: it may
/// attack, and it may block.
#[test]
fn bs_9_5_a_brave_in_spirit_form_attacks_and_blocks() {
    let mut brave = card(
        "MUT-BRAVE",
        CardKind::Brave,
        1,
        Colour::Red,
        0,
        1,
        &[(1, 1, 3000)],
    );
    brave.brave = Some(carddb::Brave {
        condition: Default::default(),
        bp_bonus: 1000,
    });
    let mut g = strict(scenario(vec![brave], 33));
    must(&mut g, Choice::EndMain);
    let b1 = put(&mut g, P1, "MUT-BRAVE", Zone::Field(P1), 1);
    let b0 = put(&mut g, P0, "MUT-BRAVE", Zone::Field(P0), 1);
    must(&mut g, Choice::EndMain);
    let r = decision(&mut g);
    assert!(r.is_legal(&Choice::Attack { attacker: b1 }), "BS-9.5");
    must(&mut g, Choice::Attack { attacker: b1 });
    pass_flashes(&mut g);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert!(r.is_legal(&Choice::Block { blocker: b0 }), "BS-9.5");
}

/// BS-0.4 [opt]: when both players lose at once and the rules make the turn player lose,
/// there is a winner, and the result does not read as a draw.
#[test]
fn bs_0_4_a_turn_player_loss_is_not_reported_as_a_draw() {
    let mut g = new_game(RulesConfig {
        simultaneous_loss: SimultaneousLoss::TurnPlayerLoses,
        ..cfg()
    });
    g.answer(Choice::Keep).unwrap();
    g.answer(Choice::Keep).unwrap();
    for p in PlayerId::BOTH {
        for c in g.st.cores.ids_at(&CoreLoc::Life(p)) {
            g.move_core(c, Some(CoreLoc::Reserve(p)));
        }
    }
    match g.next() {
        Step::Over(r) => {
            assert_eq!(r.winner, Some(P1));
            assert!(!r.reason.starts_with("draw"), "{}", r.reason);
        }
        s => panic!("{s:?}"),
    }
}

/// BS-5.2 step 3: a cost is reduced by the symbols on the field of the player who would
/// pay it. The same card quoted for its owner (one red symbol on the field) and for the
/// other player (none) costs each their own, however often it is asked (the quote is
/// cached per player and card until the next event).
#[test]
fn bs_5_2_a_quote_reads_the_field_of_the_player_it_is_for() {
    let mut g = strict(scenario(vec![], 34));
    let c = put(&mut g, P0, "R-04", Zone::Hand(P0), 0);
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    for _ in 0..2 {
        assert_eq!(g.quote_card(P0, c).reduction, 1, "P0's red symbol");
        assert_eq!(g.quote_card(P1, c).reduction, 0, "P1 shows no red symbol");
        assert_eq!(g.quote_card(P1, c).to_pay, 4);
    }
}

/// BS-12.1: an ultimate's summoning condition counts only the field cards that meet every
/// part of it (kind, colour, level, cost). Field: two red spirits at level 1, of cost 0
/// and 3.
#[test]
fn bs_12_1_every_part_of_an_ultimate_condition_must_hold() {
    let mut g = strict(scenario(vec![], 35));
    put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let mut d = library().def("X-ULT").clone();
    let mut met = |count, kind, colour, min_level, min_cost| {
        d.ultimate = Some(carddb::UltimateCondition {
            count,
            kind,
            colour: Some(colour),
            family: None,
            min_level,
            min_cost,
            text: Default::default(),
        });
        g.ultimate_condition_met(P0, &d)
    };
    use CardKind::{Nexus, Spirit};
    assert!(met(2, Spirit, Colour::Red, None, None));
    assert!(!met(1, Spirit, Colour::Blue, None, None), "no blue spirit");
    assert!(!met(1, Nexus, Colour::Red, None, None), "no red nexus");
    assert!(met(2, Spirit, Colour::Red, Some(1), None));
    assert!(
        !met(1, Spirit, Colour::Red, Some(2), None),
        "both at level 1"
    );
    assert!(met(1, Spirit, Colour::Red, None, Some(3)), "R-03 costs 3");
    assert!(!met(2, Spirit, Colour::Red, None, Some(3)), "R-00 costs 0");
    assert!(!met(1, Spirit, Colour::Red, None, Some(4)), "none costs 4");
}

/// BS-5.1, BS-5.2 step 5: `Game::playable` says how a hand card can be played and what it
/// costs when the cores `p` can pay with (reserve and field cards) cover the cost plus the
/// cores its lowest level needs, and nothing when they do not.
#[test]
fn bs_5_1_playable_needs_cores_for_the_cost_and_the_lowest_level() {
    let mut g = strict(scenario(vec![], 36));
    let free = put(&mut g, P0, "R-00", Zone::Hand(P0), 0);
    let dear = put(&mut g, P0, "R-06", Zone::Hand(P0), 0);
    let reserve = g.reserve(P0);
    assert_eq!(g.available_cores(P0), reserve);
    let (kind, q) = g.playable(P0, free).expect("cost 0, one core for level 1");
    assert_eq!(kind, PlayKind::Summon);
    assert_eq!((q.cost, q.to_pay, q.min_cores), (0, 0, 1));
    let need = g.quote_card(P0, dear);
    assert!(
        need.to_pay + need.min_cores > reserve,
        "{need:?}, reserve {reserve}"
    );
    assert_eq!(g.playable(P0, dear), None);
}

/// BS-5.1: a spirit whose summoning requirement does not hold cannot be summoned, however
/// cheap (its requirement script answers no), while the same spirit without it can.
#[test]
fn bs_5_1_a_summoning_requirement_that_fails_keeps_a_spirit_in_the_hand() {
    let barred = scripted_spirit(
        "MUT-BARRED",
        0,
        1000,
        vec![effect("summoning requirement", "false")],
    );
    let free = scripted_spirit("MUT-FREE", 0, 1000, vec![]);
    let mut g = strict(scenario(vec![barred, free], 37));
    let b = put(&mut g, P0, "MUT-BARRED", Zone::Hand(P0), 0);
    let f = put(&mut g, P0, "MUT-FREE", Zone::Hand(P0), 0);
    assert!(!g.summon_requirement_met(b, P0));
    assert_eq!(g.playable(P0, b), None);
    assert_eq!(g.playable(P0, f).map(|(k, _)| k), Some(PlayKind::Summon));
}

/// BS-5.2 step 4 and BS-12.4: a reduction "fulfilled" by an effect meets every reduction
/// symbol of the card, its ultimate reduction symbols included, without field symbols:
/// cost 7 with one red and two ultimate reduction symbols pays 4.
#[test]
fn bs_12_4_a_fulfilled_reduction_meets_the_ultimate_symbols_too() {
    let mut u = scripted_spirit(
        "MUT-FUL-ULT",
        7,
        9000,
        vec![effect(
            "constant",
            "if while_paying(this_card()) { reduction_fulfilled(this_card(), \"while\"); }",
        )],
    );
    u.kind = CardKind::Ultimate;
    u.reduction = [(Colour::Red, 1)].into_iter().collect();
    u.ultimate_reduction = 2;
    let mut g = strict(scenario(vec![u], 38));
    let c = put(&mut g, P0, "MUT-FUL-ULT", Zone::Hand(P0), 0);
    let q = g.quote_card(P0, c);
    assert_eq!((q.cost, q.reduction, q.to_pay), (7, 3, 4));
}

/// BS-5.7: moving cores is offered in the main step only when the turn player has a card
/// on the field and a core to move: not on an empty field, not without any core.
#[test]
fn bs_5_7_core_movement_needs_a_field_card_and_a_core() {
    let mut g = strict(scenario(vec![], 39));
    assert!(g.field(P0).is_empty());
    assert!(g.reserve(P0) > 0);
    assert!(
        !decision(&mut g).is_legal(&Choice::MoveCores),
        "empty field"
    );
    let s = put(&mut g, P0, "R-00", Zone::Field(P0), 1);
    assert!(decision(&mut g).is_legal(&Choice::MoveCores));
    while let Some(core) = g.core_at(CoreLoc::Reserve(P0), false) {
        g.move_core(core, None);
    }
    if let Some(soul) = g.core_at(CoreLoc::Reserve(P0), true) {
        g.move_core(soul, Some(CoreLoc::Trash(P0)));
    }
    let c = g.core_at(CoreLoc::Card(s), false).expect("its core");
    g.move_core(c, None);
    g.cached = None;
    // Set by hand: a spirit the rules would deplete (BS-5.3) stays, so the settled
    // check of strict games is off for this last decision.
    g.set_strict(false);
    assert_eq!((g.reserve(P0), g.cores_on(s)), (0, 0));
    assert!(!decision(&mut g).is_legal(&Choice::MoveCores), "no core");
}
