//! Illegal answers: for every decision kind, every answer that is not listed is refused
//! with a typed error and changes nothing (the saved JSON is identical before and after).

use std::collections::BTreeMap;

use engine::core::InstanceId;
use engine::players::{Player, RandomPlayer, Sight};
use engine::rules::battle_spirits::testkit::{synthetic_deck, synthetic_library};
use engine::rules::battle_spirits::{CoreSource, RulesConfig};
use engine::{AnswerError, Choice, DecisionKind, Game, Step};

fn candidates(g: &Game) -> Vec<Choice> {
    let bogus = InstanceId(9_999);
    let mut v = vec![
        Choice::Keep,
        Choice::Mulligan,
        Choice::Summon { card: bogus },
        Choice::Deploy { card: bogus },
        Choice::UseMagic { card: bogus },
        Choice::MoveCores,
        Choice::EndMain,
        Choice::PayFrom {
            from: CoreSource::Reserve,
            soul: false,
        },
        Choice::PayFrom {
            from: CoreSource::Card(bogus),
            soul: false,
        },
        Choice::PlaceFrom {
            from: CoreSource::Reserve,
            soul: true,
        },
        Choice::PlaceFrom {
            from: CoreSource::Card(bogus),
            soul: false,
        },
        Choice::DonePlacing,
        Choice::MoveCore {
            from: CoreSource::Reserve,
            to: CoreSource::Reserve,
            soul: false,
        },
        Choice::MoveCore {
            from: CoreSource::Card(bogus),
            to: CoreSource::Reserve,
            soul: false,
        },
        Choice::DoneMoving,
        Choice::Attack { attacker: bogus },
        Choice::EndAttack,
        Choice::Pass,
        Choice::Block { blocker: bogus },
        Choice::NoBlock,
    ];
    // Near misses: the opponent's / hand cards used where field cards are wanted.
    for p in engine::core::PlayerId::BOTH {
        for c in g.view(p).players[p.index()].field.iter().map(|f| f.id) {
            v.push(Choice::Attack { attacker: c });
            v.push(Choice::Block { blocker: c });
        }
        for c in g.pile(engine::rules::battle_spirits::Zone::Hand(p)) {
            v.push(Choice::Summon { card: *c });
            v.push(Choice::Attack { attacker: *c });
        }
    }
    v
}

#[test]
fn every_decision_kind_refuses_illegal_answers_and_changes_nothing() {
    let mut tried: BTreeMap<DecisionKind, usize> = BTreeMap::new();
    for seed in 0..40 {
        let mut g = Game::new(
            RulesConfig::japanese(),
            synthetic_library(),
            [synthetic_deck("R"), synthetic_deck("B")],
            seed,
        )
        .unwrap();
        let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 100)];
        loop {
            let req = match g.next() {
                Step::Over(_) => break,
                Step::Decision(r) => r,
            };
            let n = tried.entry(req.kind).or_default();
            if *n < 3 {
                *n += 1;
                let before = g.to_json();
                for c in candidates(&g) {
                    if req.is_legal(&c) {
                        continue;
                    }
                    let err = g.answer(c.clone()).unwrap_err();
                    assert_eq!(
                        err,
                        AnswerError::NotAnOption {
                            kind: req.kind,
                            choice: c
                        }
                    );
                    assert_eq!(g.to_json(), before, "a refused answer changed the game");
                }
            }
            let c = Player::<Game>::decide(
                &mut players[req.player.index()],
                &Sight::of(&g, req.player),
                &req,
            );
            g.answer(c).unwrap();
        }
        // After the end every answer is refused.
        assert_eq!(g.answer(Choice::Pass), Err(AnswerError::GameOver));
    }
    let kinds = [
        DecisionKind::Mulligan,
        DecisionKind::MainAction,
        DecisionKind::PayFrom,
        DecisionKind::PlaceCore,
        DecisionKind::CoreMovement,
        DecisionKind::AttackOrEnd,
        DecisionKind::FlashOrPass,
        DecisionKind::BlockOrNot,
    ];
    for k in kinds {
        assert_eq!(tried.get(&k), Some(&3), "{k:?} not exercised");
    }
}
