//! The Saga keywords that protect or bless, declared in the base pack
//! (`scripts/battle-spirits-saga/keywords/`): Blessed, Astral, Armor, A.T. Field. Each test
//! cites the keyword's definition (`keywords.json`) or a keyword ruling
//! (`rulings-keywords.json`, K1–K33 in file order).

mod support;

use carddb::{CardDef, Colour, Keyword, KeywordValue};
use engine::core::{InstanceId, PlayerId};
use engine::rules::battle_spirits::testkit::{
    decision, effect, must, pass_flashes, play, put, put_soul_core, saga_scenario, scripted_magic,
    scripted_spirit, strict, to_p1_main,
};
use engine::rules::battle_spirits::{CoreLoc, Zone};
use engine::{Choice, DecisionKind, Game};
use support::rulings::{P0, P1};

fn with_keyword(mut d: CardDef, name: &str, value: Option<KeywordValue>) -> CardDef {
    d.keywords.push(Keyword {
        name: name.into(),
        value,
        levels: vec![],
        timing: None,
        steps: vec![],
    });
    d
}

fn coloured(mut d: CardDef, c: Colour) -> CardDef {
    d.colours = vec![c];
    d
}

fn life(g: &Game, p: PlayerId) -> u32 {
    g.life(p)
}

/// P1 declares an attack with `a` and passes the flash window.
fn attack(g: &mut Game, a: InstanceId) {
    must(g, Choice::EndMain);
    must(g, Choice::Attack { attacker: a });
    pass_flashes(g);
}

/// Blessed (definition): an unblocked attack that reduces the opponent's life puts 1 core
/// from the void into its controller's life. K14: it is not optional (no question); K15:
/// there is no limit (life goes above the starting 5).
#[test]
fn blessed_gains_a_life_core_when_its_attack_reduces_life() {
    let blessed = with_keyword(
        scripted_spirit("KW-BLESS", 2, 3000, vec![]),
        "blessed",
        None,
    );
    let mut g = strict(saga_scenario(vec![blessed], 1211));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-BLESS", Zone::Field(P1), 1);
    let (mine, theirs) = (life(&g, P1), life(&g, P0));
    assert_eq!(mine, 5, "BS-0.2: 5 life");
    attack(&mut g, a);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    assert_eq!(life(&g, P0), theirs - 1, "BS-6.5.1: 1 symbol, 1 life");
    assert_eq!(
        life(&g, P1),
        mine + 1,
        "K14/K15: one core from the void, above 5"
    );
}

/// Blessed: a blocked attack reduces no life, so nothing is gained.
#[test]
fn blessed_gains_nothing_when_blocked() {
    let blessed = with_keyword(
        scripted_spirit("KW-BLESS", 2, 3000, vec![]),
        "blessed",
        None,
    );
    let mut g = strict(saga_scenario(vec![blessed], 1212));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-BLESS", Zone::Field(P1), 1);
    let b = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let mine = life(&g, P1);
    attack(&mut g, a);
    must(&mut g, Choice::Block { blocker: b });
    pass_flashes(&mut g);
    assert_eq!(life(&g, P1), mine);
}

/// Astral (definition): it can be blocked only by spirits that also have Astral.
#[test]
fn astral_can_be_blocked_only_by_astral_spirits() {
    let star = with_keyword(
        scripted_spirit("KW-ASTRAL", 2, 3000, vec![]),
        "astral",
        None,
    );
    let mut g = strict(saga_scenario(vec![star], 1213));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-ASTRAL", Zone::Field(P1), 1);
    let plain = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let astral = put(&mut g, P0, "KW-ASTRAL", Zone::Field(P0), 1);
    attack(&mut g, a);
    let r = decision(&mut g);
    assert_eq!(r.kind, DecisionKind::BlockOrNot);
    assert!(
        !r.is_legal(&Choice::Block { blocker: plain }),
        "no Astral: cannot block"
    );
    assert!(
        r.is_legal(&Choice::Block { blocker: astral }),
        "Astral blocks Astral"
    );
}

/// Armor (definition): the spirit cannot be selected by the effects of the opponent's
/// cards of the colours written (`Armor: Red`); a card of another colour selects it.
#[test]
fn armor_protects_from_selection_by_the_opponents_cards_of_its_colours() {
    let armored = with_keyword(
        scripted_spirit("KW-ARMOR", 2, 3000, vec![]),
        "armor",
        Some(KeywordValue::List(vec![KeywordValue::Word("Red".into())])),
    );
    let pick = "destroy(choose_targets(opponent_spirits(), 1));";
    let red = coloured(
        scripted_magic("KW-RED-PICK", 0, vec![effect("main", pick)]),
        Colour::Red,
    );
    let blue = coloured(
        scripted_magic("KW-BLUE-PICK", 0, vec![effect("main", pick)]),
        Colour::Blue,
    );
    let mut g = strict(saga_scenario(vec![armored, red, blue], 1214));
    to_p1_main(&mut g);
    let target = put(&mut g, P0, "KW-ARMOR", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "KW-RED-PICK", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(
        g.zone_of(target),
        Zone::Field(P0),
        "a red effect cannot select it"
    );
    let m = put(&mut g, P1, "KW-BLUE-PICK", Zone::Hand(P1), 0);
    play(&mut g, m);
    if decision(&mut g).kind == DecisionKind::EffectChoice {
        must(&mut g, Choice::Target { card: target });
    }
    assert_eq!(
        g.zone_of(target),
        Zone::Trash(P0),
        "a blue effect selects it"
    );
}

/// Armor gained from another card's constant effect (BS-8.1) adds its colours to the
/// Armor a spirit already has: card ruling C#41 (a spirit with Armor: Red gains Armor:
/// Red, Purple, White). Here the printed Armor is Red and the gained one Blue; a blue
/// effect of the opponent then cannot select either that spirit or a vanilla one.
#[test]
fn armor_gained_from_a_constant_effect_adds_its_colours() {
    let armored = with_keyword(
        scripted_spirit("KW-ARMOR", 2, 3000, vec![]),
        "armor",
        Some(KeywordValue::List(vec![KeywordValue::Word("Red".into())])),
    );
    let giver = scripted_spirit(
        "KW-GIVER",
        2,
        3000,
        vec![effect(
            "constant",
            r#"gain_keyword(my_spirits(), "Armor", "Blue", "while");"#,
        )],
    );
    let vanilla = scripted_spirit("KW-VANILLA", 1, 1000, vec![]);
    let pick = "destroy(choose_targets(opponent_spirits(), 1));";
    let blue = coloured(
        scripted_magic("KW-BLUE-PICK", 0, vec![effect("main", pick)]),
        Colour::Blue,
    );
    let mut g = strict(saga_scenario(vec![armored, giver, vanilla, blue], 1215));
    to_p1_main(&mut g);
    let target = put(&mut g, P0, "KW-ARMOR", Zone::Field(P0), 1);
    let plain = put(&mut g, P0, "KW-VANILLA", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "KW-BLUE-PICK", Zone::Hand(P1), 0);
    play(&mut g, m);
    if decision(&mut g).kind == DecisionKind::EffectChoice {
        must(&mut g, Choice::Target { card: target });
    }
    assert_eq!(
        g.zone_of(target),
        Zone::Trash(P0),
        "without the giver, blue selects it"
    );
    let target = put(&mut g, P0, "KW-ARMOR", Zone::Field(P0), 1);
    put(&mut g, P0, "KW-GIVER", Zone::Field(P0), 1);
    let m = put(&mut g, P1, "KW-BLUE-PICK", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(
        g.zone_of(target),
        Zone::Field(P0),
        "gained Armor: Blue protects it"
    );
    assert_eq!(
        g.zone_of(plain),
        Zone::Field(P0),
        "and the vanilla spirit too"
    );
}

/// A.T. Field (definition): while the soul core is on it, the effects of the opponent's
/// spirits cannot destroy it; a magic still can, and without the soul core a spirit can.
#[test]
fn at_field_stops_destruction_by_opposing_spirit_effects_while_the_soul_core_is_on_it() {
    let field = with_keyword(
        scripted_spirit("KW-ATF", 2, 3000, vec![]),
        "A.T. Field",
        None,
    );
    let blaster = scripted_spirit(
        "KW-BLAST",
        0,
        1000,
        vec![effect("When Summoned", "destroy(opponent_spirits());")],
    );
    let bomb = scripted_magic(
        "KW-BOMB",
        0,
        vec![effect("main", "destroy(opponent_spirits());")],
    );
    let mut g = strict(saga_scenario(vec![field, blaster, bomb], 1215));
    to_p1_main(&mut g);
    let guarded = put(&mut g, P0, "KW-ATF", Zone::Field(P0), 1);
    put_soul_core(&mut g, P0, CoreLoc::Card(guarded));
    let s = put(&mut g, P1, "KW-BLAST", Zone::Hand(P1), 0);
    play(&mut g, s);
    assert_eq!(
        g.zone_of(guarded),
        Zone::Field(P0),
        "a spirit's effect cannot destroy it"
    );
    let m = put(&mut g, P1, "KW-BOMB", Zone::Hand(P1), 0);
    play(&mut g, m);
    assert_eq!(g.zone_of(guarded), Zone::Trash(P0), "a magic's effect can");
}

/// A.T. Field: without the soul core on it, an opposing spirit's effect destroys it.
#[test]
fn at_field_without_the_soul_core_does_not_protect() {
    let field = with_keyword(
        scripted_spirit("KW-ATF", 2, 3000, vec![]),
        "A.T. Field",
        None,
    );
    let blaster = scripted_spirit(
        "KW-BLAST",
        0,
        1000,
        vec![effect("When Summoned", "destroy(opponent_spirits());")],
    );
    let mut g = strict(saga_scenario(vec![field, blaster], 1216));
    to_p1_main(&mut g);
    let guarded = put(&mut g, P0, "KW-ATF", Zone::Field(P0), 1);
    let s = put(&mut g, P1, "KW-BLAST", Zone::Hand(P1), 0);
    play(&mut g, s);
    assert_eq!(g.zone_of(guarded), Zone::Trash(P0));
}

/// A gained keyword has the declared keyword's rules: a spirit that gains
/// Astral from an effect can be blocked only by Astral spirits for the duration.
#[test]
fn a_gained_astral_restricts_blockers_too() {
    let giver = scripted_spirit(
        "KW-GIVE-ASTRAL",
        2,
        3000,
        vec![effect(
            "When This Spirit Attacks",
            r#"gain_keyword(this_card(), "Astral", "", "battle");"#,
        )],
    );
    let mut g = strict(saga_scenario(vec![giver], 1217));
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-GIVE-ASTRAL", Zone::Field(P1), 1);
    let plain = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
    let before = life(&g, P0);
    attack(&mut g, a);
    // No block can be declared (BS-6.3): the attack goes through.
    assert!(!g.is_exhausted(plain));
    assert_ne!(decision(&mut g).kind, DecisionKind::BlockOrNot);
    assert_eq!(life(&g, P0), before - 1);
}
