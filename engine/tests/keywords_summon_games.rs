//! Whole games with the summoning and zone keywords in both decks (Ascend, Swift, Awaken,
//! Agile, Immortal, Feast with its tokens): greedy and random players, strict invariants
//! (BS-0.5 after every event, tokens counted: K27) and strict scripts (a failing keyword
//! script panics). Every game must end with every decision offering an option, and each
//! keyword must have worked in some game.

mod kwsupport;

use carddb::{CardDef, CardKind, Colour};
use engine::Game;
use engine::players::{Player, RandomPlayer, Sight};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::testkit::{card, saga_library, scenario_with, strict};
use engine::{Event, Replay};
use kwsupport::*;

fn spirit(id: &str, cost: u32) -> CardDef {
    card(
        id,
        CardKind::Spirit,
        cost,
        Colour::Red,
        1,
        1,
        &[(1, 1, 3000), (2, 3, 6000)],
    )
}

#[test]
fn games_with_the_summoning_keywords_end_and_every_keyword_works() {
    let extra = vec![
        with_keyword(spirit("K-ASC", 4), "ascend", "3"),
        with_keyword(spirit("K-SWF", 2), "swift", "()"),
        with_keyword(spirit("K-AWK", 3), "awaken", "()"),
        with_keyword(spirit("K-AGL", 4), "agile", "()"),
        with_keyword(spirit("K-IMM", 2), "immortal", "[0, 1, 2, 3]"),
        with_keyword(spirit("K-FST", 1), "feast", "()"),
    ];
    let lib = saga_library(&extra);
    let mut fired: std::collections::BTreeMap<String, u32> = Default::default();
    let mut tokens_made = 0;
    for seed in 0..40u64 {
        let mut g = strict(scenario_with(lib.clone(), &extra, seed));
        let mut players: [Box<dyn Player<Game>>; 2] = if seed % 2 == 0 {
            [
                Box::new(GreedyPlayer::new()),
                Box::new(RandomPlayer::new(seed)),
            ]
        } else {
            [
                Box::new(RandomPlayer::new(seed)),
                Box::new(RandomPlayer::new(seed + 99)),
            ]
        };
        let r = loop {
            match g.next() {
                engine::Step::Over(r) => break r,
                engine::Step::Decision(req) => {
                    if req.options.is_empty() {
                        let tail: Vec<String> = g.log()[g.log().len().saturating_sub(15)..]
                            .iter()
                            .map(|e| engine::render_event(e, &g))
                            .collect();
                        panic!(
                            "seed {seed}: no option in {req:?}\n{}\npreview {:?}",
                            tail.join("\n"),
                            g.pending_preview()
                        );
                    }
                    let c = players[req.player.index()].decide(&Sight::of(&g, req.player), &req);
                    g.answer(c).unwrap();
                }
            }
        };
        assert!(!r.reason.is_empty());
        g.check_invariants().unwrap();
        if seed % 8 == 0 {
            // Tokens made, cards summoned from the hand and the trash: the same game again
            // from the seed and the answers.
            let again = Replay::of(&g).play(lib.clone()).unwrap();
            assert_eq!(again.log_hash(), g.log_hash(), "seed {seed}");
        }
        for e in g.log() {
            match e {
                Event::EffectStarted { card, .. } => {
                    *fired.entry(g.card_id(*card).to_string()).or_default() += 1
                }
                Event::TokenMade { .. } => tokens_made += 1,
                _ => {}
            }
        }
    }
    for id in ["K-ASC", "K-SWF", "K-AWK", "K-AGL", "K-IMM", "K-FST"] {
        assert!(
            fired.get(id).copied().unwrap_or(0) > 0,
            "{id} never worked: {fired:?}"
        );
    }
    eprintln!("keyword effects started over 40 games: {fired:?}; tokens made: {tokens_made}");
    assert!(tokens_made > 0);
}
