//! `cardscript explain CARD [--script] [--json]`: what the engine understood of a card —
//! the card as `describe` words it (level table, keywords with their meaning, braved
//! effects), then for each effect its timing and what it does in plain words, and with
//! `--script` the rhai that runs (the card's own, or the one written from its text). The
//! game of the catalogue explains its effects (`engine::rules::tools`, `GameTools::explain`);
//! an effect that cannot act is never called understood: its gaps are listed in plain
//! words.

use clap::Args;

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
    let c = cat.card(&args.card)?;
    // The packs' labels and phrases: the text is read as the engine reads it.
    let (tools, cards) = args.source.tool_cards(&cat, true)?;
    let declared = cat.keywords()?;
    let (lines, json) = explain_card(&cat, tools, &cards, &declared, &c, args.script)?;
    if args.json {
        say!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        for line in lines {
            say!("{line}");
        }
    }
    Ok(())
}

/// What the engine understood of card `c` of `cat` (its game's `tools` and `cards`,
/// `declared` the catalogue's keywords): the lines `explain` prints, and the JSON object
/// of `explain --json` (the card as `describe --json` gives it, with `explained`: per
/// effect its timing, what runs, what was understood and what cannot act yet). With
/// `script`, each effect's rhai is in both. `serve`'s workshop shows the same.
pub fn explain_card(
    cat: &carddb::Catalogue,
    tools: &dyn engine::tools::GameTools,
    cards: &engine::tools::ToolCards,
    declared: &[carddb::LoadedKeyword],
    c: &carddb::CardDef,
    script: bool,
) -> Result<(Vec<String>, serde_json::Value), Box<dyn std::error::Error>> {
    let mut own = Vec::new();
    for e in &c.effects {
        own.push(match (&e.script, &e.script_file) {
            (Some(s), _) => Some(s.clone()),
            (None, Some(path)) => {
                let pack = cat.pack_of(&c.id)?.unwrap_or_default();
                Some(
                    cat.file(&pack, path)?
                        .unwrap_or_else(|| format!("// {path} is missing")),
                )
            }
            _ => None,
        });
    }
    let explained = tools.explain(c, &own, declared, cards);
    let mut card = super::describe::lines(c, declared, None);
    card.extend(explained.notes.iter().cloned());
    let mut effects_json = Vec::new();
    for (i, e) in explained.effects.iter().enumerate() {
        let mut lines = vec![format!("effect {i}: {}", e.timing)];
        lines.extend(e.understood.iter().map(|l| format!("  {l}")));
        if !e.cannot_act.is_empty() {
            lines.push("  cannot act yet:".into());
            lines.extend(e.cannot_act.iter().map(|g| format!("    - {g}")));
        }
        let source = script.then(|| e.script.clone().unwrap_or_default());
        if let Some(src) = &source {
            lines.extend(src.lines().map(|l| format!("    {l}")));
        }
        card.extend(lines);
        effects_json.push(serde_json::json!({
            "index": i,
            "timing": e.timing,
            "runs": e.runs,
            "understood": e.understood,
            "cannot_act": e.cannot_act,
            "script": source,
        }));
    }
    let mut j = super::describe::json(c, declared, None);
    if cat.game()? != carddb::GameKind::BattleSpirits {
        battle_spirits_keys_off(&mut j);
    }
    j["explained"] = serde_json::Value::Array(effects_json);
    Ok((card, j))
}

/// Drops the keys only Battle Spirits cards have (colours, level tables, braved effects,
/// effect and keyword levels) from a card's JSON of another game.
fn battle_spirits_keys_off(j: &mut serde_json::Value) {
    if let Some(o) = j.as_object_mut() {
        o.remove("colours");
        o.remove("levels");
    }
    for list in ["effects", "keywords"] {
        for e in j[list].as_array_mut().into_iter().flatten() {
            if let Some(o) = e.as_object_mut() {
                o.remove("braved");
                o.remove("levels");
            }
        }
    }
}
