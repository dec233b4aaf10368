//! Measurements: ns per hook call with a real effect ("when summoned: draw 1"),
//! against the same hook on a card with no effect; and games/s with scripted effects
//! versus the same decks without. `cargo bench -p engine --bench hooks`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use engine::core::PlayerId;
use engine::players::{Player, play_game_capped};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::testkit::{
    effect, put, scenario, scripted_spirit, synthetic_cards, synthetic_deck,
};
use engine::rules::battle_spirits::{Hook, RulesConfig, Zone};
use engine::{CardLibrary, Game};

const P0: PlayerId = PlayerId(0);

fn hook_call(c: &mut Criterion) {
    let card = scripted_spirit("S-DRAW", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let mut g = scenario(vec![card], 1);
    let s = put(&mut g, P0, "S-DRAW", Zone::Field(P0), 1);
    let v = put(&mut g, P0, "R-01", Zone::Field(P0), 1);
    let mut grp = c.benchmark_group("hook");
    // 32 calls per batch on a fresh copy of the game (the deck must not run out).
    grp.bench_function("when_summoned_draw_1_x32", |b| {
        b.iter_batched_ref(
            || g.clone(),
            |g| {
                for _ in 0..32 {
                    g.trigger(Hook::WhenSummoned { card: s });
                }
            },
            BatchSize::SmallInput,
        )
    });
    grp.bench_function("when_summoned_no_effect_x32", |b| {
        b.iter_batched_ref(
            || g.clone(),
            |g| {
                for _ in 0..32 {
                    g.trigger(Hook::WhenSummoned { card: v });
                }
            },
            BatchSize::SmallInput,
        )
    });
    grp.finish();
}

fn play_games(lib: &CardLibrary, n: u64) -> u64 {
    let cfg = RulesConfig {
        first_player: Some(P0),
        ..RulesConfig::japanese()
    };
    let mut turns = 0;
    for seed in 0..n {
        let mut g = Game::new(
            cfg.clone(),
            lib.clone(),
            [synthetic_deck("R"), synthetic_deck("B")],
            seed,
        )
        .unwrap();
        let mut players: [Box<dyn Player<Game>>; 2] =
            [Box::new(GreedyPlayer::new()), Box::new(GreedyPlayer::new())];
        play_game_capped(&mut g, &mut players, 20_000).unwrap();
        turns += u64::from(g.turn());
    }
    turns
}

fn games(c: &mut Criterion) {
    // No effects at all (the synthetic magic's "Draw 1 card." text would otherwise run as
    // the script the dsl writes for it).
    let mut plain = synthetic_cards();
    for c in plain.iter_mut() {
        c.effects.clear();
    }
    let vanilla = CardLibrary::new(plain);
    let scripted =
        CardLibrary::new(engine::rules::battle_spirits::testkit::scripted_synthetic_cards());
    let mut grp = c.benchmark_group("games");
    grp.sample_size(10);
    grp.bench_function("10_games_vanilla", |b| b.iter(|| play_games(&vanilla, 10)));
    grp.bench_function("10_games_scripted", |b| {
        b.iter(|| play_games(&scripted, 10))
    });
    // The same effects with no question asked: no step snapshots (README).
    let mut quiet = engine::rules::battle_spirits::testkit::scripted_synthetic_cards();
    for c in quiet.iter_mut() {
        if c.id.ends_with("-04") {
            c.effects = vec![effect(
                "When Summoned",
                "destroy(opponent_spirits().bp_at_most(3000));",
            )];
        }
    }
    let quiet = CardLibrary::new(quiet);
    assert!(!quiet.scripts().any_may_ask());
    grp.bench_function("10_games_scripted_no_questions", |b| {
        b.iter(|| play_games(&quiet, 10))
    });
    grp.finish();
}

criterion_group!(benches, hook_call, games);
criterion_main!(benches);
