//! Official rulings on bursts (BS-10, BS-5.8) reproduced as engine scenarios; see
//! `rulings/main.rs` for the conventions (card number, ruling index, paraphrased question and
//! answer, real cards when `../shared/data` is present, `RUL-…` stand-ins otherwise).

mod support;

use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, put, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::rulings::*;

/// A P1 spirit whose "when summoned" effect resolves (draws a card): it meets the burst
/// condition "after an opponent's \"when summoned\" effect resolves".
fn summoner() -> carddb::CardDef {
    scripted_spirit(
        "RUL-SUMMONER",
        0,
        1000,
        vec![effect("When Summoned", "draw(1);")],
    )
}

/// P0 sets `burst` from the hand in its turn 1 main step (BS-5.8), then the turn passes;
/// P1 summons RUL-SUMMONER (its "when summoned" effect resolves). Returns the summoned spirit.
fn p1_summons_after_p0_set(g: &mut Game, burst: InstanceId) -> InstanceId {
    must(g, Choice::SetBurst { card: burst });
    assert_eq!(g.zone_of(burst), Zone::Burst(P0));
    to_p1_main(g);
    let s = put(g, P1, "RUL-SUMMONER", Zone::Hand(P1), 0);
    must(g, Choice::Summon { card: s });
    finish_play(g);
    s
}

fn index_of(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.log()
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("event not in the log"))
}

/// BSS01-118 Starblessed Draw — rulings-cards.json #85.
/// Q: activated as a burst, then its cost paid to use its Main effect too, drawing four
/// cards in all: is that two separate effects of two draws each? A: no: the burst effect
/// and the Main effect make one effect, which draws two and then two more.
/// Engine: one burst activation (BS-10.3) within which the burst part, the payment and the
/// Main part resolve in that order, no magic use (no `WhenUsed`), the card to the trash
/// once. Rules: BS-10.3, BS-10.4, BS-5.8, BS-5.2.
#[test]
fn bss01_118_starblessed_draw_burst_and_paid_main_are_one_effect() {
    let Some(mut cards) = real(&["BSS01-118"]) else {
        return;
    };
    cards.push(summoner());
    let mut g = game(cards, 201);
    let burst = put(&mut g, P0, "BSS01-118", Zone::Hand(P0), 0);
    let s = p1_summons_after_p0_set(&mut g, burst);
    give_reserve(&mut g, P0, 4);
    let (h, reserve, trash) = (hand(&g, P0), g.reserve(P0), g.cores_at(CoreLoc::Trash(P0)));
    // BS-10.3: the owner may activate it (no cost).
    let r = decision(&mut g);
    assert_eq!((r.kind, r.player), (DecisionKind::EffectChoice, P0));
    must(&mut g, Choice::Yes);
    // Then pay the cost (4: nothing on P0's field reduces it) to use its Main effect: one
    // question, asked because the cost can be paid (BS-10.4).
    must(&mut g, Choice::Yes);
    assert_eq!(decision(&mut g).kind, DecisionKind::MainAction);
    assert_eq!(hand(&g, P0), h + 4, "two, then two more");
    assert_eq!(g.reserve(P0), reserve - 4);
    assert_eq!(g.cores_at(CoreLoc::Trash(P0)), trash + 4);
    assert_eq!(g.zone_of(burst), Zone::Trash(P0));
    let activated = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::BurstActivated { card } if *card == burst))
        .count();
    assert_eq!(activated, 1, "one burst activation");
    assert!(
        !g.log()
            .contains(&Event::Hook(Hook::WhenUsed { card: burst })),
        "the Main part is no use of a magic"
    );
    let act = index_of(
        &g,
        |e| matches!(e, Event::BurstActivated { card } if *card == burst),
    );
    let burst_part = index_of(
        &g,
        |e| matches!(e, Event::EffectStarted { card, effect: 0 } if *card == burst),
    );
    let main_part = index_of(
        &g,
        |e| matches!(e, Event::EffectStarted { card, effect: 1 } if *card == burst),
    );
    let to_trash = index_of(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Trash(_), .. } if *card == burst),
    );
    assert!(act < burst_part && burst_part < main_part && main_part < to_trash);
    // Only the burst's own draws and the paid cores happen between its two parts.
    assert!(g.log()[burst_part + 1..main_part].iter().all(|e| matches!(
        e,
        Event::CardMoved {
            from: Zone::Deck(_),
            to: Zone::Hand(_),
            ..
        } | Event::CoreMoved { .. }
    )));
    assert!(g.on_field(s));
}

/// BSS02-120 Reanimate — rulings-cards.json #154.
/// Q: may its burst effect return a purple spirit card from my trash that was not among
/// the three cards it discarded? A: no: it must be one of those three.
/// Real Reanimate; a purple spirit is in the trash already and another is on top of the
/// deck. Rules: BS-10.3, BS-10.4 (the cost is not paid here).
#[test]
fn bss02_120_reanimate_returns_only_one_of_the_discarded_cards() {
    let Some(mut cards) = real(&["BSS02-120", "ST02-004", "ST02-011"]) else {
        return;
    };
    cards.push(summoner());
    let mut g = game(cards, 202);
    let burst = put(&mut g, P0, "BSS02-120", Zone::Hand(P0), 0);
    let old = put(&mut g, P0, "ST02-004", Zone::Trash(P0), 0);
    // Into the hand first (a copy left in the deck), then on top of the deck.
    put(&mut g, P0, "ST02-011", Zone::Hand(P0), 0);
    let top = put(&mut g, P0, "ST02-011", Zone::Deck(P0), 0);
    p1_summons_after_p0_set(&mut g, burst);
    engine::rules::battle_spirits::testkit::give_reserve(&mut g, P0, 8); // so that paying for [Main] is a choice
    must(&mut g, Choice::Yes); // activate
    // The only purple spirit card among the three discarded is chosen without a question;
    // the next question is whether to pay for the Main effect.
    let r = decision(&mut g);
    assert!(
        r.is_legal(&Choice::Yes) && r.is_legal(&Choice::No) && r.options.len() == 2,
        "{:?}",
        r.options
    );
    must(&mut g, Choice::No);
    assert_eq!(g.zone_of(top), Zone::Hand(P0), "one of the discarded cards");
    assert_eq!(
        g.zone_of(old),
        Zone::Trash(P0),
        "not one discarded by the burst"
    );
    assert_eq!(g.zone_of(burst), Zone::Trash(P0));
}

/// ST02-016 Bloody Rain — rulings-cards.json #176.
/// Q: while its burst effect applies (the opponent may attack with a spirit only by moving
/// a core from it to their reserve), may a spirit with one core attack? A: yes; once the
/// core is in the reserve the spirit lacks cores for LV1 and goes.
/// Stand-in burst (after your life is reduced): for the rest of the turn, each time an
/// opposing spirit attacks, a core of it goes to its owner's reserve (the engine has no
/// attack costs). Rules: BS-10.3, BS-5.3, BS-6.1, BS-6.5.1.
#[test]
fn st02_016_bloody_rain_a_one_core_spirit_may_attack_and_then_goes() {
    let rain = scripted_spirit(
        "RUL-BLOODY-RAIN",
        0,
        1000,
        vec![effect(
            "burst_life_reduced",
            "when(ev_attacks(opponent_spirits()), || { move_cores(event_cards(), \"owners_reserve\", 1); });",
        )],
    );
    let mut g = game(vec![rain], 203);
    to_p1_main(&mut g);
    let burst = put(&mut g, P0, "RUL-BLOODY-RAIN", Zone::Burst(P0), 0);
    let first = put(&mut g, P1, "B-03", Zone::Field(P1), 1);
    let second = put(&mut g, P1, "B-01", Zone::Field(P1), 1);
    put(&mut g, P1, "B-02", Zone::Field(P1), 1); // keeps P1's attack step open
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: first });
    pass_flashes(&mut g);
    must(&mut g, Choice::Yes); // P0 lost a life: the burst is activated
    assert_eq!(g.zone_of(burst), Zone::Trash(P0));
    let (life, reserve) = (g.life(P0), g.reserve(P1));
    let r = decision(&mut g);
    assert!(
        r.is_legal(&Choice::Attack { attacker: second }),
        "it may attack"
    );
    must(&mut g, Choice::Attack { attacker: second });
    assert!(logged(
        &g,
        &Event::AttackDeclared {
            attacker: second,
            bp: 1000
        }
    ));
    assert_eq!(g.zone_of(second), Zone::Trash(P1), "no core left for LV1");
    assert_eq!(g.reserve(P1), reserve + 1);
    pass_flashes(&mut g);
    assert_eq!(g.life(P0), life, "the attacker is gone: no life lost");
}

/// ST04-012 Spiral Tower — rulings-cards.json #194.
/// Q: if its effect returns my destroyed spirit to my hand, do bursts and effects that work
/// on its destruction still work? A: yes, even though the card went to the hand.
/// Stand-in for the tower's LV2 effect (from the start of your attack step: when one of
/// your spirits is destroyed you may exhaust the tower to put the card into your hand);
/// a stand-in burst (after the opponent destroys your spirit: draw two).
/// Rules: BS-6.6, BS-10.3, BS-8.4 (both due at once; the return resolves first).
#[test]
fn st04_012_spiral_tower_returned_spirit_still_triggers_the_burst() {
    let mut tower = engine::rules::battle_spirits::testkit::card(
        "RUL-SPIRAL-TOWER",
        carddb::CardKind::Nexus,
        0,
        carddb::Colour::Yellow,
        0,
        0,
        &[(1, 0, 0), (2, 1, 0)],
    );
    tower.effects = vec![effect(
        "start_of_your_attack_step",
        "when(ev_destroyed(my_spirits(), false, false), || { if may(\"Exhaust the tower to return it?\") { exhaust(this_card()); return_to_hand(event_cards()); } });",
    )];
    let burst_card = scripted_spirit(
        "RUL-BURST-DRAW",
        0,
        1000,
        vec![effect("burst_opponent_destroys_your_spirit", "draw(2);")],
    );
    let mut g = game(vec![tower, burst_card], 204);
    to_p1_main(&mut g);
    let t = put(&mut g, P1, "RUL-SPIRAL-TOWER", Zone::Field(P1), 1);
    let burst = put(&mut g, P1, "RUL-BURST-DRAW", Zone::Burst(P1), 0);
    let attacker = put(&mut g, P1, "B-02", Zone::Field(P1), 1); // 2000 BP
    put(&mut g, P1, "B-01", Zone::Field(P1), 1); // keeps P1's attack step open
    let blocker = put(&mut g, P0, "R-06", Zone::Field(P0), 1); // 6000 BP
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker });
    pass_flashes(&mut g);
    let h = hand(&g, P1);
    // The tower's effect and the burst are due at once: the tower's resolves first.
    resolve_next(&mut g, t);
    must(&mut g, Choice::Yes); // exhaust the tower, return the spirit
    must(&mut g, Choice::Yes); // the burst still activates
    assert_eq!(g.zone_of(attacker), Zone::Hand(P1));
    let returned = index_of(
        &g,
        |e| matches!(e, Event::CardMoved { card, to: Zone::Hand(_), .. } if *card == attacker),
    );
    let activated = index_of(
        &g,
        |e| matches!(e, Event::BurstActivated { card } if *card == burst),
    );
    assert!(returned < activated, "returned first, the burst after");
    assert_eq!(g.zone_of(burst), Zone::Trash(P1));
    assert_eq!(
        hand(&g, P1),
        h + 1 + 2,
        "the spirit back, then the burst's two cards"
    );
    assert!(g.is_exhausted(t));
}
