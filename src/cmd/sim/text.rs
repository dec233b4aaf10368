//! The text report of a Battle Spirits `sim`: a function of the report, the `--check` flag
//! and card names only, so `sim merge` prints what one unsharded run prints, byte for byte.

use engine::rules::battle_spirits::sim::SimReport;

/// Prints `report` as `sim` does without `--json`; `check` adds the conservation note,
/// `name` gives a card's name from its id.
pub fn print(
    report: &SimReport,
    check: bool,
    name: &dyn Fn(&str) -> String,
) -> Result<(), Box<dyn std::error::Error>> {
    say!(
        "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>9}",
        "P1 deck",
        "P2 deck",
        "games",
        "P1 won",
        "P2 won",
        "draws",
        "avg turns"
    );
    for p in &report.pairs {
        say!(
            "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>9.1}",
            p.a,
            p.b,
            p.games,
            p.wins_a,
            p.wins_b,
            p.draws,
            p.avg_turns
        );
    }
    say!(
        "{} games, {:.1} decisions and {:.0} events per game{}",
        report.games,
        report.decisions as f64 / report.games.max(1) as f64,
        report.events as f64 / report.games.max(1) as f64,
        if check {
            ", conservation checked after every event"
        } else {
            ""
        }
    );
    let mut played: Vec<_> = report.played.iter().collect();
    played.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    say!("most played:");
    for (id, n) in played.iter().take(10) {
        say!("  {n:>7}  {id} {}", name(id));
    }
    let e = &report.effects;
    say!(
        "effects: {} run from text, {} from scripts, {} inert, {} failed",
        e.from_text,
        e.from_script,
        e.inert,
        e.failed
    );
    let mut inert: Vec<_> = report.inert.iter().collect();
    inert.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    say!(
        "cards with an effect inert because unsupported: {}",
        inert.len()
    );
    for (id, n) in inert.iter().take(10) {
        say!("  {n:>7} games  {id} {}", name(id));
    }
    if !report.failed_effects.is_empty() {
        say!("failed effects (each is an EffectFailed event in its game's log):");
        for (what, n) in report.failed_effects.iter().take(10) {
            say!("  {n:>7} times  {what}");
        }
    }
    Ok(())
}

/// The command's result: an error listing the failed games, if any.
pub fn result(report: &SimReport) -> Result<(), Box<dyn std::error::Error>> {
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} game(s) failed:\n{}",
            report.failures.len(),
            report.failures.join("\n")
        )
        .into())
    }
}
