//! `--players search` in `sim` and `play`, on both games: the search player finishes its
//! games, and the same seed prints the same report (its rng is seeded, no clock).

mod support;

use support::{cardscript, text};

fn report(args: &[&str]) -> String {
    let o = cardscript(args);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    // The speed line is wall time; the rest is the deterministic report.
    out.lines()
        .filter(|l| !l.starts_with("speed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sim_with_a_search_seat_is_the_same_for_the_same_seed_in_both_games() {
    let bs = [
        "sim",
        "dawn-tide",
        "red-ember",
        "--players",
        "search,greedy",
        "--games",
        "3",
        "--search-budget",
        "6",
        "--threads",
        "1",
    ];
    let a = report(&bs);
    assert!(a.contains("3 games"), "{a}");
    assert_eq!(a, report(&bs));
    let lb = [
        "sim",
        "--pack",
        "scripts/line-battle-demo",
        "--players",
        "greedy,search",
        "--games",
        "2",
        "--search-budget",
        "6",
        "--threads",
        "1",
    ];
    let a = report(&lb);
    assert!(a.contains("2 games of line-battle"), "{a}");
    assert_eq!(a, report(&lb));
}

#[test]
fn play_names_the_search_player_and_ends_with_a_winner() {
    let o = cardscript(&[
        "play",
        "--p1",
        "search",
        "--search-budget",
        "4",
        "--seed",
        "5",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains(" wins on turn "), "{out}");
}
