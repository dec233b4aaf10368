//! `cardscript explain CARD [--script] [--json]`: what the engine understood of a card —
//! the card as `describe` words it (level table, keywords with their meaning, braved
//! effects), then for each effect its timing, levels and actions in plain words, and with `--script` the rhai that
//! runs (the card's own, or the one the grammar writes from its text). An effect whose
//! script cannot act (an unsupported function, an event the engine cannot watch, a keyword
//! without rules, text not understood: `engine::rules::battle_spirits::script::support`) is never called
//! understood: its gaps are listed in plain words.

use clap::Args;
use engine::rules::battle_spirits::script::host::{generated_with_hook_in, parse_text_in};
use engine::rules::battle_spirits::script::support::{self, KeywordRules};

use super::source::SourceArgs;

/// Arguments of `cardscript explain`.
#[derive(Args)]
pub struct ExplainArgs {
    /// The card id, e.g. `DEMO-R07`.
    pub card: String,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print the rhai script of each effect.
    #[arg(long)]
    pub script: bool,
    /// Print one JSON object: the card (levels, keywords with their meaning, effects) and
    /// for each effect what runs, what was understood and what cannot act yet.
    #[arg(long)]
    pub json: bool,
}

/// Prints the explanation.
pub fn run(args: ExplainArgs) -> Result<(), Box<dyn std::error::Error>> {
    let cat = args.source.open()?;
    let game = cat.game()?;
    if game != carddb::GameKind::BattleSpirits {
        // The explanation below reads Battle Spirits text; say so rather than mislead.
        return Err(format!(
            "explain reads Battle Spirits card text; this catalogue is for {} — \
             `cardscript lint` lists what its effects cannot do, `cards show {}` shows the card",
            game.name(),
            args.card
        )
        .into());
    }
    let c = cat.card(&args.card)?;
    // The packs' labels and phrases (issue 12): the text is read as the engine reads it.
    let lib = args.source.library(&cat, true)?;
    let host = lib.scripts();
    let vocab = host.vocabulary();
    let declared = cat.keywords()?;
    let keywords = KeywordRules::declared(&declared);
    let mut card = super::describe::lines(&c, &declared, None);
    // A keyword no pack gives rules to is inert: say so on its line.
    for k in &c.keywords {
        if !keywords.has_rules(&k.name) {
            card.push(format!("  ({} has no rules yet: inert)", k.name));
        }
    }
    let mut effects_json = Vec::new();
    for (i, e) in c.effects.iter().enumerate() {
        let timing = match engine::rules::battle_spirits::script::vocab::of_effect_in(e, vocab) {
            Ok(_) => e.timing.clone().unwrap_or_else(|| steps_words(&e.steps)),
            Err(label) => format!("unknown timing `{label}`"),
        };
        let mut lines = vec![format!("effect {i}: {timing}")];
        let own = match (&e.script, &e.script_file) {
            (Some(s), _) => Some(s.clone()),
            (None, Some(path)) => {
                let pack = cat.pack_of(&c.id)?.unwrap_or_default();
                Some(
                    cat.file(&pack, path)?
                        .unwrap_or_else(|| format!("// {path} is missing")),
                )
            }
            _ => None,
        };
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
            (None, Some((_, out))) => {
                let mut v: Vec<String> = dsl::explain::explain(&out.effect)
                    .lines()
                    .map(str::to_string)
                    .collect();
                if !out.complete {
                    v.push(
                        "partly understood: inert until scripted (see `cardscript lint`)".into(),
                    );
                }
                (if out.complete { "text" } else { "inert" }, v)
            }
        };
        lines.extend(understood.iter().map(|l| format!("  {l}")));
        let not_understood = |g: &support::Gap| matches!(g, support::Gap::NotUnderstood { .. });
        let cannot: Vec<String> = gaps
            .iter()
            .filter(|g| !not_understood(g))
            .map(|g| format!("it {g}"))
            .collect();
        if !cannot.is_empty() {
            lines.push("  cannot act yet:".into());
            lines.extend(cannot.iter().map(|g| format!("    - {g}")));
        }
        let source = args.script.then(|| source.unwrap_or_default());
        if let Some(src) = &source {
            lines.extend(src.lines().map(|l| format!("    {l}")));
        }
        card.extend(lines);
        effects_json.push(serde_json::json!({
            "index": i,
            "timing": timing,
            "runs": runs,
            "understood": understood,
            "cannot_act": cannot,
            "script": source,
        }));
    }
    if args.json {
        let mut j = super::describe::json(&c, &declared, None);
        j["explained"] = serde_json::Value::Array(effects_json);
        say!("{}", serde_json::to_string_pretty(&j)?);
    } else {
        for line in card {
            say!("{line}");
        }
    }
    Ok(())
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
