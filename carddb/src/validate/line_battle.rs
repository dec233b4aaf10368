//! The checks of a line-battle card (`docs/rules/line-battle.md`): a creature has its
//! numbers (AT, DF, SH, lines), a master its LP, neither has a Battle Spirits section, and
//! every effect has a timing label of the line battle.

use crate::error::did_you_mean;
use crate::keyword::EffectZone;
use crate::model::{CardDef, CardKind};
use crate::validate::{MAX_COUNT, Problem};

/// The timing labels of the line battle (the `timing:` field, compared case-insensitively),
/// each with the label it is another text for (itself for the main ones):
///
/// | label | when |
/// |---|---|
/// | `When Played` | the creature enters a line from the hand (LB-0.3) |
/// | `When Ordered to Attack` | its attack order is given (LB-1.2) |
/// | `When Attacked` | it is the target of a performed attack (LB-2.2) |
/// | `When Battles` | the battle starts, for attacker and defender (LB-3.1) |
/// | `When Battle Succeeds` | after damage, even for a destroyed creature (LB-4.6) |
/// | `At End of Battle` | the end of battle (LB-5.1) |
/// | `Start Phase` | the owner's start phase (LB-0.3) |
pub const TIMINGS: [(&str, &str); 12] = [
    ("When Played", "When Played"),
    ("When Ordered to Attack", "When Ordered to Attack"),
    ("When Attacks", "When Ordered to Attack"),
    ("When Goes to Attack", "When Ordered to Attack"),
    ("When Attacked", "When Attacked"),
    ("When Targeted by an Attack", "When Attacked"),
    ("When Battles", "When Battles"),
    ("When Battle Succeeds", "When Battle Succeeds"),
    ("When Attack Succeeds", "When Battle Succeeds"),
    ("At End of Battle", "At End of Battle"),
    ("After Battle", "At End of Battle"),
    ("Start Phase", "Start Phase"),
];

/// The main label that `label` stands for (`"(when  attacks)"` → `When Ordered to
/// Attack`: case, surrounding parentheses and extra spaces ignored, as the ruleset reads
/// it), or `None` when the line battle has no such timing.
pub fn timing(label: &str) -> Option<&'static str> {
    let t = label.trim().trim_start_matches('(').trim_end_matches(')');
    let norm = t.split_whitespace().collect::<Vec<_>>().join(" ");
    TIMINGS
        .iter()
        .find(|(l, _)| l.eq_ignore_ascii_case(&norm))
        .map(|(_, main)| *main)
}

/// The line-battle problems of `c` (a creature or a master), appended to `out`.
pub fn problems(c: &CardDef, out: &mut Vec<Problem>) {
    let mut push = |f: &str, m: String, h: Option<String>| out.push((f.to_string(), m, h));
    let kind = c.kind;
    // Sections of Battle Spirits that the line battle never reads.
    let bs_only = [
        ("levels", !c.levels.is_empty()),
        ("brave", c.brave.is_some()),
        ("ultimate", c.ultimate.is_some()),
        ("over_count", c.over_count.is_some()),
        ("symbols", c.symbols != Default::default()),
        ("reduction", !c.reduction.is_empty()),
        ("ultimate_reduction", c.ultimate_reduction != 0),
        ("keywords", !c.keywords.is_empty()),
        ("token", c.token),
    ];
    for (field, present) in bs_only {
        if present {
            push(
                field,
                format!("`{field}` is a Battle Spirits section; a line-battle {kind} has none"),
                Some(format!("remove `{field}`")),
            );
        }
    }
    match kind {
        CardKind::Creature => creature(c, &mut push),
        _ => master(c, &mut push),
    }
    for (i, e) in c.effects.iter().enumerate() {
        let f = format!("effects[{i}]");
        for (field, present) in [
            ("levels", !e.levels.is_empty()),
            ("steps", !e.steps.is_empty()),
        ] {
            if present {
                push(
                    &format!("{f}.{field}"),
                    format!("`{field}` is a Battle Spirits field; a line-battle effect has none"),
                    Some(format!("remove `{field}`")),
                );
            }
        }
        if e.zone != EffectZone::Field {
            push(
                &format!("{f}.zone"),
                "a line-battle effect works from the field only".into(),
                Some("remove `zone`".into()),
            );
        }
        match e.timing.as_deref() {
            None => push(
                &f,
                "a line-battle effect needs a `timing`".into(),
                Some(format!("one of: {}", main_labels())),
            ),
            Some(t) if timing(t).is_none() => {
                let help = did_you_mean(t, TIMINGS.iter().map(|(l, _)| *l))
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("one of: {}", main_labels()));
                push(
                    &format!("{f}.timing"),
                    format!("`{t}` is not a timing of the line battle"),
                    Some(help),
                );
            }
            Some(_) => {}
        }
    }
}

fn main_labels() -> String {
    let mains: Vec<&str> = TIMINGS
        .iter()
        .filter(|(l, main)| l == main)
        .map(|(l, _)| *l)
        .collect();
    mains.join(", ")
}

/// A creature: its numbers (LB-3.2, LB-3.3) and the lines it may enter (LB-0.3).
fn creature(c: &CardDef, push: &mut impl FnMut(&str, String, Option<String>)) {
    if c.master.is_some() {
        push(
            "master",
            "a creature has no `master` section".into(),
            Some("remove `master`, or make the card `kind: master`".into()),
        );
    }
    let Some(s) = &c.creature else {
        return push(
            "creature",
            "a creature needs its numbers (`creature:` with AT and DF)".into(),
            Some("e.g. `creature: {at: 5, df: 4, sh: 1}`".into()),
        );
    };
    for (field, n) in [("at", s.at), ("df", s.df), ("sh", s.sh)] {
        if n > MAX_COUNT {
            push(
                &format!("creature.{field}"),
                format!("{} {n} is more than {MAX_COUNT}", field.to_uppercase()),
                None,
            );
        }
    }
    if s.lines.is_empty() {
        push(
            "creature.lines",
            "a creature needs at least one line to be played into (LB-0.3)".into(),
            Some("`lines: [attack]`, `lines: [defense]`, or leave it out for both".into()),
        );
    }
    for (i, line) in s.lines.iter().enumerate() {
        if s.lines[..i].contains(line) {
            push(
                &format!("creature.lines[{i}]"),
                format!("line `{}` is listed twice", line_name(*line)),
                Some("list each line once".into()),
            );
        }
    }
}

fn line_name(line: crate::model::Line) -> &'static str {
    match line {
        crate::model::Line::Attack => "attack",
        crate::model::Line::Defense => "defense",
    }
}

/// A master: its LP (LB-0.1, LB-0.4); it is never played, so it costs nothing.
fn master(c: &CardDef, push: &mut impl FnMut(&str, String, Option<String>)) {
    if c.creature.is_some() {
        push(
            "creature",
            "a master has no creature numbers".into(),
            Some("remove `creature`, or make the card `kind: creature`".into()),
        );
    }
    if c.cost != 0 {
        push(
            "cost",
            format!(
                "a master is never played, so it has no DP cost (not {})",
                c.cost
            ),
            Some("write `cost: 0`".into()),
        );
    }
    match &c.master {
        None => push(
            "master",
            "a master needs its `master:` section (LB-0.1)".into(),
            Some("e.g. `master: {lp: 20}`, or `master: {}` for the ruleset's default LP".into()),
        ),
        Some(m) => match m.lp {
            Some(0) => push(
                "master.lp",
                "a master needs at least 1 LP (LB-0.4: at 0 LP its player has lost)".into(),
                None,
            ),
            Some(lp) if lp > MAX_COUNT => push(
                "master.lp",
                format!("LP {lp} is more than {MAX_COUNT}"),
                None,
            ),
            _ => {}
        },
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn labels_are_read_as_the_ruleset_reads_them() {
        assert_eq!(
            super::timing("(When  Attacks)"),
            Some("When Ordered to Attack")
        );
        assert_eq!(super::timing("after battle"), Some("At End of Battle"));
        assert_eq!(super::timing("When Summoned"), None);
    }
}
