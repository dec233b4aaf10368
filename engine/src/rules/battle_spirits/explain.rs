//! What the engine understood of a Battle Spirits card (`cardscript explain`): for each
//! effect its timing, levels and actions in plain words, and the rhai that runs (its own,
//! or the one the grammar writes from its text). An effect whose script cannot act (an
//! unsupported function, an event the engine cannot watch, a keyword without rules, text
//! not understood: `script::support`) is never called understood: its gaps are listed.

use carddb::{CardDef, LoadedKeyword};

use crate::rules::battle_spirits::library::CardLibrary;
use crate::rules::battle_spirits::script::host::{generated_with_hook_in, parse_text_in};
use crate::rules::battle_spirits::script::support::{self, KeywordRules};
use crate::tools::explain::{CardExplanation, EffectExplanation};

/// The explanation of `c` (see the module doc); `own` is each effect's own script.
pub fn explain(
    c: &CardDef,
    own: &[Option<String>],
    declared: &[LoadedKeyword],
    lib: &CardLibrary,
) -> CardExplanation {
    let host = lib.scripts();
    let vocab = host.vocabulary();
    let keywords = KeywordRules::declared(declared);
    let mut out = CardExplanation::default();
    // A keyword no pack gives rules to is inert: say so on its line.
    for k in &c.keywords {
        if !keywords.has_rules(&k.name) {
            out.notes
                .push(format!("  ({} has no rules yet: inert)", k.name));
        }
    }
    for (i, e) in c.effects.iter().enumerate() {
        let timing = match crate::rules::battle_spirits::script::vocab::of_effect_in(e, vocab) {
            Ok(_) => e.timing.clone().unwrap_or_else(|| steps_words(&e.steps)),
            Err(label) => format!("unknown timing `{label}`"),
        };
        let own = own.get(i).cloned().flatten();
        let source = own
            .clone()
            .or_else(|| generated_with_hook_in(e, vocab).map(|(s, _)| s));
        let gaps = source
            .as_deref()
            .map(|s| support::source_gaps(s, &keywords))
            .unwrap_or_default();
        let (runs, understood) = match (&own, parse_text_in(e, vocab)) {
            (Some(_), _) if gaps.is_empty() => (
                "own script",
                vec!["runs its own script (a script wins over the text)".to_string()],
            ),
            (Some(_), _) => (
                "own script",
                vec!["has its own script (a script wins over the text)".to_string()],
            ),
            (None, None) => ("inert", vec!["no text and no script: inert".to_string()]),
            (None, Some((_, parsed))) => {
                let mut v: Vec<String> = dsl::explain::explain(&parsed.effect)
                    .lines()
                    .map(str::to_string)
                    .collect();
                if !parsed.complete {
                    v.push(
                        "partly understood: inert until scripted (see `cardscript lint`)".into(),
                    );
                }
                (if parsed.complete { "text" } else { "inert" }, v)
            }
        };
        let not_understood = |g: &support::Gap| matches!(g, support::Gap::NotUnderstood { .. });
        let cannot_act: Vec<String> = gaps
            .iter()
            .filter(|g| !not_understood(g))
            .map(|g| format!("it {g}"))
            .collect();
        out.effects.push(EffectExplanation {
            timing,
            runs: runs.to_string(),
            understood,
            cannot_act,
            script: source,
        });
    }
    out
}

/// The steps a magic or flash effect is used in, in words ("[Main]", "[Flash]").
fn steps_words(steps: &[carddb::Step]) -> String {
    if steps.is_empty() {
        return "always (a constant effect)".into();
    }
    let v: Vec<&str> = steps
        .iter()
        .map(|s| match s {
            carddb::Step::Main => "[Main]",
            carddb::Step::Flash => "[Flash]",
            carddb::Step::Burst => "[Burst]",
        })
        .collect();
    v.join(" ")
}
