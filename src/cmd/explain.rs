//! `cardscript explain CARD [--script]`: what the engine understood of a card — for each
//! effect its hooks, levels and actions in plain words, and with `--script` the rhai that
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
    let lib = super::source::library(&cat, true)?;
    let host = lib.scripts();
    let vocab = host.vocabulary();
    say!("{} {} ({}, cost {})", c.id, c.name, c.kind, c.cost);
    let declared = cat.keywords()?;
    let keywords = KeywordRules::declared(&declared);
    for k in &c.keywords {
        say!(
            "  keyword {}{}{}",
            k.name,
            k.value
                .as_ref()
                .map(|v| format!(" {v:?}"))
                .unwrap_or_default(),
            if keywords.has_rules(&k.name) {
                ""
            } else {
                " (no rules for this keyword yet: inert)"
            }
        );
        // Its meaning, as the declaring pack words it (issue 12).
        if let Some(d) = declared
            .iter()
            .find(|d| d.def.key() == k.name.to_lowercase())
            .filter(|d| !d.def.description.is_empty())
        {
            say!("    {}", d.def.description.trim());
        }
    }
    for (i, e) in c.effects.iter().enumerate() {
        let hooks = match engine::rules::battle_spirits::script::vocab::of_effect_in(e, vocab) {
            Ok(t) => format!("{t:?}"),
            Err(label) => format!("unknown timing `{label}`"),
        };
        say!("effect {i}: hooks {hooks}");
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
        match (&own, parse_text_in(e, vocab)) {
            (Some(_), _) if gaps.is_empty() => {
                say!("  runs its own script (a script wins over the text)")
            }
            (Some(_), _) => say!("  has its own script (a script wins over the text)"),
            (None, None) => say!("  no text and no script: inert"),
            (None, Some((_, out))) => {
                for line in dsl::explain::explain(&out.effect).lines() {
                    say!("  {line}");
                }
                if !out.complete {
                    say!("  partly understood: inert until scripted (see `cardscript lint`)");
                }
            }
        }
        let not_understood = |g: &support::Gap| matches!(g, support::Gap::NotUnderstood { .. });
        if gaps.iter().any(|g| !not_understood(g)) {
            say!("  cannot act yet:");
            for g in gaps.iter().filter(|g| !not_understood(g)) {
                say!("    - it {g}");
            }
        }
        if args.script {
            let source = source.unwrap_or_default();
            for line in source.lines() {
                say!("    {line}");
            }
        }
    }
    Ok(())
}
