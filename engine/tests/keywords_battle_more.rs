//! The battle keywords Link, Luster, Raid and Chain, declared in the Saga base pack
//! (`scripts/battle-spirits-saga/keywords/`) and played by synthetic cards that have them,
//! printed or gained. One test per definition clause (`keywords.json`). No keyword ruling
//! (`rulings-keywords.json`, K1..K33) is about these four; the one card ruling naming
//! Luster (BSS01-095) is about that card's own effect, not the keyword.

mod support;

use carddb::Colour;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    effect, must, pass_flashes, put, scripted_magic, scripted_spirit,
};
use engine::{Choice, Event};
use support::keywords::*;
use support::rulings::{P0, P1, flash_tool, to_p1_main};

// ---- Link ----------------------------------------------------------------------------

/// A 2000 BP spirit (one red symbol) with `Link: <cond>`.
fn linker(id: &str, cond: Option<&str>) -> carddb::CardDef {
    printed(
        scripted_spirit(id, 0, 2000, vec![]),
        "link",
        cond.and_then(word),
        None,
    )
}

/// Link (definition): when one of your spirits that meets the condition attacks, you may
/// exhaust this spirit to link it: the attacker gains its BP and symbols (two symbols take
/// two life, BS-6.5.1); the link ends with the battle.
#[test]
fn link_gives_the_attacker_bp_and_symbols() {
    let mut g = kw_game(vec![linker("KW-LINK", Some("cost 3 or more"))], 1401);
    to_p1_main(&mut g);
    let l = put(&mut g, P1, "KW-LINK", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1); // cost 4, 4000 BP
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // the attack step waits for it
    let life = g.life(P0);
    attack(&mut g, a);
    answer(&mut g, true);
    assert!(g.is_exhausted(l), "the cost: exhaust the linking spirit");
    assert_eq!(g.bp(a), 6000);
    assert_eq!(g.symbols_of(a), 2);
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life - 2);
    assert!(g.log().contains(&Event::JoinEnded {
        attacker: a,
        card: l
    }));
    assert_eq!(g.bp(a), 4000);
}

/// Link (definition): only an attacker that meets the condition — a cost-2 attacker does
/// not offer it (no question); the condition reads families too.
#[test]
fn link_asks_only_for_an_attacker_meeting_the_condition() {
    let fam = linker("KW-LINK-F", Some("a Dragon family spirit"));
    let mut dragon = scripted_spirit("KW-DRAGON", 0, 3000, vec![]);
    dragon.families = vec!["Dragon".into()];
    let mut g = kw_game(
        vec![linker("KW-LINK3", Some("cost 3 or more")), fam, dragon],
        1402,
    );
    to_p1_main(&mut g);
    let l3 = put(&mut g, P1, "KW-LINK3", Zone::Field(P1), 1);
    let lf = put(&mut g, P1, "KW-LINK-F", Zone::Field(P1), 1);
    let small = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    let d = put(&mut g, P1, "KW-DRAGON", Zone::Field(P1), 1);
    attack(&mut g, small);
    assert!(!offered(&mut g), "cost 2, no Dragon: no link offered");
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: d });
    // A cost-0 Dragon: only the family condition is met.
    assert!(offered(&mut g));
    answer(&mut g, true);
    assert!(!offered(&mut g), "one offer");
    assert_eq!(g.joined_to(d), Some(lf));
    assert!(!g.is_exhausted(l3));
}

/// Link (definition): "you may" — declined, nothing is exhausted or linked; an exhausted
/// Link spirit is not offered (it cannot pay).
#[test]
fn link_may_be_declined_and_needs_a_refreshed_spirit() {
    let mut g = kw_game(vec![linker("KW-LINK-D", None)], 1403);
    to_p1_main(&mut g);
    let l = put(&mut g, P1, "KW-LINK-D", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let a2 = put(&mut g, P1, "B-02", Zone::Field(P1), 1);
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // the attack step waits for it
    attack(&mut g, a);
    answer(&mut g, false);
    assert!(!g.is_exhausted(l));
    assert_eq!(g.joined_to(a), None);
    pass_flashes(&mut g);
    // The Link spirit attacks itself (exhausted): the next attacker gets no offer.
    must(&mut g, Choice::Attack { attacker: l });
    assert!(!asking(&mut g));
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: a2 });
    assert!(!asking(&mut g));
}

/// Link (definition): "only one link per battle" — with two Link spirits, the second is
/// not offered once the first linked.
#[test]
fn link_one_per_battle() {
    let mut g = kw_game(
        vec![linker("KW-LINK-1", None), linker("KW-LINK-2", None)],
        1404,
    );
    to_p1_main(&mut g);
    let l1 = put(&mut g, P1, "KW-LINK-1", Zone::Field(P1), 1);
    let l2 = put(&mut g, P1, "KW-LINK-2", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    attack(&mut g, a);
    assert!(offered(&mut g));
    answer(&mut g, true);
    assert!(!offered(&mut g), "the second is not offered");
    assert_eq!(g.bp(a), 4000 + 2000);
    assert_eq!([l1, l2].iter().filter(|c| g.is_exhausted(**c)).count(), 1);
}

/// Link (definition): "if either spirit leaves the field, the link ends immediately" —
/// the linked spirit destroyed by the opponent's flash: the attacker is back to its BP.
#[test]
fn link_ends_when_the_linked_spirit_leaves() {
    let zap = flash_tool(
        "KW-ZAP",
        "destroy(opponent_spirits().cost_is(0).exhausted());",
    );
    let mut g = kw_game(vec![linker("KW-LINK-Z", None), zap], 1405);
    to_p1_main(&mut g);
    let l = put(&mut g, P1, "KW-LINK-Z", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    let m = put(&mut g, P0, "KW-ZAP", Zone::Hand(P0), 0);
    attack(&mut g, a);
    answer(&mut g, true);
    assert_eq!(g.bp(a), 6000);
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(g.zone_of(l), Zone::Trash(P1));
    assert_eq!(g.bp(a), 4000);
    assert_eq!(g.joined_to(a), None);
}

/// Link written as a bare number (`Link 4`, as imported data writes its keyword modifier):
/// the condition "cost 4 or more" (the base pack reads a single number as Ascend does,
/// `lib/conditions.rhai`). In a strict game a condition not understood would throw: a
/// cost-2 attacker is not offered the link, a cost-4 attacker is and gets the BP.
#[test]
fn link_with_a_bare_number_is_a_cost_threshold() {
    let c = printed(
        scripted_spirit("KW-LINK-N", 0, 2000, vec![]),
        "link",
        Some(carddb::KeywordValue::Number(4)),
        None,
    );
    let mut g = kw_game(vec![c], 1407);
    to_p1_main(&mut g);
    let l = put(&mut g, P1, "KW-LINK-N", Zone::Field(P1), 1);
    let small = put(&mut g, P1, "B-02", Zone::Field(P1), 1); // cost 2
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1); // cost 4, 4000 BP
    attack(&mut g, small);
    assert!(!offered(&mut g), "cost 2 < 4: no link offered");
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: a });
    assert!(offered(&mut g), "cost 4 meets `4`");
    answer(&mut g, true);
    assert_eq!(g.joined_to(a), Some(l));
    assert_eq!(g.bp(a), 6000);
}

/// Link gained (`gain_keyword`, no condition written): any of your spirits' attacks.
#[test]
fn link_gained() {
    let c = scripted_spirit("KW-LINK-G", 0, 2000, vec![gains("Link", "")]);
    let mut g = kw_game(vec![c], 1406);
    to_p1_main(&mut g);
    put(&mut g, P1, "KW-LINK-G", Zone::Field(P1), 1);
    let a = put(&mut g, P1, "B-01", Zone::Field(P1), 1); // cost 1, 1000 BP
    attack(&mut g, a);
    answer(&mut g, true);
    assert_eq!(g.bp(a), 3000);
}

// ---- Luster --------------------------------------------------------------------------

fn lusterer(id: &str) -> carddb::CardDef {
    printed(
        scripted_spirit(id, 0, 3000, vec![]),
        "luster",
        None,
        Some("While This Spirit Attacks"),
    )
}

fn pump(id: &str) -> carddb::CardDef {
    flash_tool(id, "bp_plus(my_spirits(), 1000, \"turn\");")
}

/// Luster (definition): at the end of the battle, the magic you used during it returns
/// from your trash to your hand; magic used before the battle stays in the trash.
#[test]
fn luster_returns_the_magic_used_during_the_battle() {
    let early = scripted_magic("KW-EARLY", 0, vec![effect("main", "draw(1);")]);
    let mut g = kw_game(vec![lusterer("KW-LUSTER"), pump("KW-PUMP"), early], 1411);
    to_p1_main(&mut g);
    let before = put(&mut g, P1, "KW-EARLY", Zone::Hand(P1), 0);
    must(&mut g, Choice::UseMagic { card: before });
    let a = put(&mut g, P1, "KW-LUSTER", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "KW-PUMP", Zone::Hand(P1), 0);
    attack(&mut g, a);
    must(&mut g, Choice::Pass); // P0
    must(&mut g, Choice::UseMagic { card: m });
    assert_eq!(g.zone_of(m), Zone::Trash(P1));
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(m), Zone::Hand(P1));
    assert_eq!(g.zone_of(before), Zone::Trash(P1));
}

/// Luster (definition): "cards that ended up somewhere other than your trash will not
/// return" — the opponent puts one back into the deck first.
#[test]
fn luster_leaves_magic_no_longer_in_the_trash() {
    let sweep = flash_tool("KW-SWEEP", "return_to_deck(opponent_trash(), \"bottom\");");
    let mut g = kw_game(vec![lusterer("KW-LUSTER2"), pump("KW-PUMP2"), sweep], 1412);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-LUSTER2", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "KW-PUMP2", Zone::Hand(P1), 0);
    let s = put(&mut g, P0, "KW-SWEEP", Zone::Hand(P0), 0);
    attack(&mut g, a);
    must(&mut g, Choice::Pass); // P0
    must(&mut g, Choice::UseMagic { card: m });
    must(&mut g, Choice::UseMagic { card: s });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(m), Zone::Deck(P1));
}

/// Luster gained (`gain_keyword`) works like a printed one.
#[test]
fn luster_gained() {
    let c = scripted_spirit("KW-LUSTER-G", 0, 3000, vec![gains("Luster", "")]);
    let mut g = kw_game(vec![c, pump("KW-PUMP3")], 1413);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-LUSTER-G", Zone::Field(P1), 1);
    let m = put(&mut g, P1, "KW-PUMP3", Zone::Hand(P1), 0);
    attack(&mut g, a);
    must(&mut g, Choice::Pass);
    must(&mut g, Choice::UseMagic { card: m });
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(m), Zone::Hand(P1));
}

// ---- Raid ----------------------------------------------------------------------------

fn raider(id: &str, n: i64, extra: Vec<carddb::Effect>) -> carddb::CardDef {
    printed(
        scripted_spirit(id, 0, 3000, extra),
        "raid",
        num(n),
        Some("When This Spirit Attacks"),
    )
}

/// Raid (definition): when this spirit attacks, you may exhaust one of your nexuses to
/// refresh it; "up to N times per turn" — Raid 1: the second attack of the turn is not
/// offered it, although a refreshed nexus is left.
#[test]
fn raid_refreshes_by_exhausting_a_nexus_n_times_a_turn() {
    let mut g = kw_game(vec![raider("KW-RAID", 1, vec![])], 1421);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-RAID", Zone::Field(P1), 1);
    let n1 = put(&mut g, P1, "B-N", Zone::Field(P1), 0);
    let n2 = put(&mut g, P1, "B-N", Zone::Field(P1), 0);
    attack(&mut g, a);
    answer(&mut g, true);
    first_target(&mut g); // which nexus
    assert!(!g.is_exhausted(a));
    assert_eq!([n1, n2].iter().filter(|n| g.is_exhausted(**n)).count(), 1);
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: a });
    assert!(!asking(&mut g), "once this turn");
    assert!(g.is_exhausted(a));
}

/// Raid (definition): "you may" — declined, the nexus stays refreshed and the spirit
/// exhausted; without a refreshed nexus nothing is offered.
#[test]
fn raid_may_be_declined_and_needs_a_refreshed_nexus() {
    let mut g = kw_game(
        vec![
            raider("KW-RAID-D", 2, vec![]),
            raider("KW-RAID-E", 2, vec![]),
        ],
        1422,
    );
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-RAID-D", Zone::Field(P1), 1);
    let b = put(&mut g, P1, "KW-RAID-E", Zone::Field(P1), 1);
    let n = put(&mut g, P1, "B-N", Zone::Field(P1), 0);
    attack(&mut g, a);
    answer(&mut g, false);
    assert!(g.is_exhausted(a) && !g.is_exhausted(n));
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: b });
    answer(&mut g, true);
    assert!(g.is_exhausted(n) && !g.is_exhausted(b));
    pass_flashes(&mut g);
    must(&mut g, Choice::Attack { attacker: b });
    assert!(!asking(&mut g), "no refreshed nexus left");
}

/// Raid (definition): "if gained multiple times, only the version with the highest N
/// activates" — printed Raid 1 and gained Raid 2: two refreshes this turn, not three,
/// and one question per attack (the effect once).
#[test]
fn raid_had_twice_uses_the_highest_value_once() {
    let mut g = kw_game(vec![raider("KW-RAID12", 1, vec![gains("Raid", "2")])], 1423);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-RAID12", Zone::Field(P1), 1);
    for _ in 0..3 {
        put(&mut g, P1, "B-N", Zone::Field(P1), 0);
    }
    must(&mut g, Choice::EndMain);
    for n in 1..=3 {
        let before = runs(&g, a);
        must(&mut g, Choice::Attack { attacker: a });
        if n <= 2 {
            answer(&mut g, true);
            first_target(&mut g); // which nexus
        }
        assert!(!asking(&mut g));
        assert_eq!(runs(&g, a), before + 1, "one Raid effect");
        assert_eq!(g.is_exhausted(a), n == 3, "attack {n}");
        pass_flashes(&mut g);
    }
}

/// Raid gained (`gain_keyword`) works like a printed one.
#[test]
fn raid_gained() {
    let c = scripted_spirit("KW-RAID-G", 0, 3000, vec![gains("Raid", "1")]);
    let mut g = kw_game(vec![c], 1424);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "KW-RAID-G", Zone::Field(P1), 1);
    put(&mut g, P1, "B-N", Zone::Field(P1), 0);
    attack(&mut g, a);
    answer(&mut g, true);
    assert!(!g.is_exhausted(a));
}

// ---- Chain ---------------------------------------------------------------------------

/// Chain (definition): the continuation after "Chain Blue:" runs only while you control a
/// blue symbol. The card's effect is written the way its text reads ("exhaust one of
/// the opponent's spirits. Chain Blue: draw a card."); the keyword itself adds no effect.
#[test]
fn chain_continues_only_with_a_symbol_of_its_colour() {
    let chained = coloured(
        printed(
            scripted_spirit(
                "KW-CHAIN",
                0,
                1000,
                vec![effect(
                    "When Summoned",
                    "exhaust(choose_targets(opponent_spirits(), 1)); if controls_symbol(\"blue\") { draw(1); }",
                )],
            ),
            "chain",
            word("blue"),
            None,
        ),
        Colour::Green,
    );
    for (blue, draws) in [(false, 0), (true, 1)] {
        let mut g = kw_game(vec![chained.clone()], 1431);
        to_p1_main(&mut g);
        let t = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        if blue {
            put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        }
        let c = put(&mut g, P1, "KW-CHAIN", Zone::Hand(P1), 0);
        let hand = g.pile(Zone::Hand(P1)).len();
        engine::rules::battle_spirits::testkit::play(&mut g, c);
        assert!(g.is_exhausted(t), "the effect itself always runs");
        assert_eq!(
            g.pile(Zone::Hand(P1)).len(),
            hand - 1 + draws,
            "blue symbol: {blue}"
        );
        assert_eq!(runs(&g, c), 1, "Chain adds no effect of its own");
    }
}

/// Chain as printed text, with no script: the base pack's phrase "Chain {c:colour}:
/// {s:sentence}" (phrases/chain.yaml) reads "Chain Blue: Draw 1 card." and the draw
/// happens only with a blue symbol on its controller's field.
#[test]
fn chain_text_is_read_by_the_base_packs_phrase() {
    let text = "Select one of your opponent's spirits and exhaust it. Chain Blue: Draw 1 card.";
    let mut e = effect("When Summoned", "");
    e.script = None;
    e.text.insert("en".into(), text.into());
    let chained = coloured(
        printed(
            scripted_spirit("KW-CHAIN-TEXT", 0, 1000, vec![e]),
            "chain",
            word("blue"),
            None,
        ),
        Colour::Green,
    );
    for (blue, draws) in [(false, 0), (true, 1)] {
        let mut g = kw_game(vec![chained.clone()], 1432);
        to_p1_main(&mut g);
        let t = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
        if blue {
            put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        }
        let c = put(&mut g, P1, "KW-CHAIN-TEXT", Zone::Hand(P1), 0);
        let hand = g.pile(Zone::Hand(P1)).len();
        engine::rules::battle_spirits::testkit::play(&mut g, c);
        assert!(g.is_exhausted(t), "the first sentence always runs");
        assert_eq!(
            g.pile(Zone::Hand(P1)).len(),
            hand - 1 + draws,
            "blue symbol: {blue}"
        );
        assert!(
            !g.log()
                .iter()
                .any(|e| matches!(e, Event::EffectInert { .. } | Event::EffectFailed { .. })),
            "understood and run"
        );
    }
}
