//! `cardscript lint PACK`: for every effect of every card, whether it runs from a script,
//! runs from its text, is only partly understood (with the span and the tokens the grammar
//! expected there), or cannot act although understood (its gaps: an unsupported function,
//! an event the engine cannot watch, a keyword without rules — `engine::rules::battle_spirits::script::support`),
//! and the totals. Card keywords without rules are listed too. A script that does not
//! compile is an error.

use std::path::PathBuf;

use clap::Args;
use engine::rules::battle_spirits::script::host::parse_text_in;
use engine::rules::battle_spirits::script::support;

use super::source::SourceArgs;

/// Arguments of `cardscript lint`.
#[derive(Args)]
pub struct LintArgs {
    /// The pack folder (default: the last `--pack`; the other `--pack`s are the packs it
    /// depends on).
    pub pack: Option<PathBuf>,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Also list the effects that are fine.
    #[arg(long)]
    pub all: bool,
    /// Print the diagnostics, every effect's status and the totals as JSON
    /// (`docs/json-output.md`).
    #[arg(long)]
    pub json: bool,
    /// As `db build --allow-gaps`: timing labels, keywords and keyword values that cards
    /// name and no pack declares are listed as gaps, not errors.
    #[arg(long)]
    pub allow_gaps: bool,
    /// Exit non-zero while the pack has any of these (for a pack's CI): `gaps`, an effect
    /// partly or not understood, an effect that cannot act, a keyword without rules (the
    /// totals' `gaps`).
    #[arg(long, value_enum, value_name = "WHAT")]
    pub deny: Vec<Deny>,
}

/// What `lint --deny` refuses.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Deny {
    /// Any gap: an effect partly or not understood, one that cannot act, a keyword
    /// without rules.
    Gaps,
}

/// What `lint` says about one effect or card keyword.
struct Item {
    card: String,
    /// The effect's index, or `None` for a card keyword.
    effect: Option<usize>,
    keyword: Option<String>,
    file: String,
    /// `cannot_act`, `scripted`, `from_text`, `no_text`, `partly_understood`,
    /// `keyword_without_rules`.
    status: &'static str,
    /// Why, one line each, in the author's words.
    details: Vec<String>,
}

impl Item {
    fn heading(&self) -> String {
        match (&self.keyword, self.effect) {
            (Some(k), _) => format!(
                "{} keyword {k} ({}): no rules for this keyword yet: inert",
                self.card, self.file
            ),
            (None, Some(i)) => {
                let what = match self.status {
                    "cannot_act" => "understood, but cannot act:",
                    "scripted" => "scripted",
                    "from_text" => "runs from its text",
                    "no_text" => "no text and no script: inert",
                    _ => "partly understood: inert until scripted",
                };
                format!("{} effect {i} ({}): {what}", self.card, self.file)
            }
            (None, None) => self.card.clone(),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "card": self.card,
            "effect": self.effect,
            "keyword": self.keyword,
            "file": self.file,
            "status": self.status,
            "details": self.details,
        })
    }
}

/// Prints one line per effect that needs attention (all with `--all`) and the totals.
pub fn run(args: LintArgs) -> Result<(), Box<dyn std::error::Error>> {
    let json = args.json;
    super::json::or_report(json, "lint", || lint(args))
}

fn lint(args: LintArgs) -> Result<(), Box<dyn std::error::Error>> {
    let mut dirs = args.source.packs.clone();
    dirs.extend(args.pack.clone());
    if dirs.is_empty() {
        return Err("lint needs a pack folder (`lint DIR` or `lint --pack DEP --pack DIR`)".into());
    }
    // Every check at once; the effect report below reads what did load.
    let checked = super::checks::check_all(&dirs, args.allow_gaps)?;
    let json = args.json;
    if !json {
        for w in &checked.warnings {
            say!("warning: {w}");
        }
        super::checks::say_gaps(&checked.gaps)?;
    }
    let fail = |result: serde_json::Value| -> Result<(), Box<dyn std::error::Error>> {
        if json {
            // The gaps are listed with the warnings: they do not stop the check.
            let warnings: Vec<_> = (checked.warnings.iter())
                .chain(&checked.gaps)
                .cloned()
                .collect();
            super::json::emit("lint", &checked.errors, &warnings, result)
        } else if checked.errors.is_empty() {
            Ok(())
        } else {
            Err(carddb::LoadError::Invalid(carddb::Diagnostics(checked.errors.clone())).into())
        }
    };
    let (Some(_), true) = (&checked.catalogue, checked.all_packs_read) else {
        return fail(serde_json::Value::Null);
    };
    let Some(pack) = checked.packs.last() else {
        return fail(serde_json::Value::Null);
    };
    if pack.manifest.game != carddb::GameKind::BattleSpirits {
        let totals = lint_other_game(pack, json)?;
        return fail(totals);
    }
    let Some(lenient) = &checked.library else {
        return fail(serde_json::Value::Null);
    };
    let (items, totals) = effects(pack, lenient);
    let gaps = totals["gaps"].as_u64().unwrap_or(0);
    // `--deny gaps` (a pack's CI): the report as usual, then a non-zero exit.
    let denied = (args.deny.contains(&Deny::Gaps) && gaps > 0).then(|| {
        format!(
            "{gaps} gap(s) denied by `--deny gaps`: every effect must run from its text or a script"
        )
    });
    let fail = |result| match (fail(result), denied) {
        // The JSON report is out already: only the exit status.
        (Ok(()), Some(_)) if json => Err(Box::new(super::json::Reported(gaps as usize)) as _),
        (Ok(()), Some(d)) => Err(d.into()),
        (r, _) => r,
    };
    if json {
        let listed: Vec<serde_json::Value> = items
            .iter()
            .filter(|i| args.all || !matches!(i.status, "scripted" | "from_text"))
            .map(Item::json)
            .collect();
        return fail(
            serde_json::json!({"pack": pack.manifest.name, "items": listed, "totals": totals}),
        );
    }
    for i in items
        .iter()
        .filter(|i| args.all || !matches!(i.status, "scripted" | "from_text"))
    {
        say!("{}", i.heading());
        for d in &i.details {
            say!("    {d}");
        }
    }
    let n = |k: &str| totals[k].as_u64().unwrap_or(0);
    say!(
        "{} cards, {} effects: {} run from text, {} scripted, {} partly understood, {} without text, {} understood but cannot act; {} gaps",
        n("cards"),
        n("effects"),
        n("from_text"),
        n("scripted"),
        n("partly_understood"),
        n("no_text"),
        n("cannot_act"),
        n("gaps")
    );
    fail(serde_json::Value::Null)
}

/// What `db build` says of the Battle Spirits card text of `checked`'s packs that the
/// grammar does not understand: per effect, its heading (card, effect, file) and the lines
/// `lint` shows (every part not understood, where each stopped, the nearest phrases).
pub(super) fn unread(checked: &super::checks::Checked) -> Vec<(String, Vec<String>)> {
    let Some(lib) = &checked.library else {
        return Vec::new();
    };
    checked
        .packs
        .iter()
        .filter(|p| p.manifest.game == carddb::GameKind::BattleSpirits)
        .flat_map(|p| effects(p, lib).0)
        .filter(|i| i.status == "partly_understood")
        .map(|i| (i.heading(), i.details))
        .collect()
}

/// Every effect and card keyword of `pack` with its status, and the totals (JSON object:
/// `cards`, `effects`, `from_text`, `scripted`, `partly_understood`, `no_text`,
/// `cannot_act`, `gaps`).
fn effects(pack: &carddb::Pack, lenient: &engine::CardLibrary) -> (Vec<Item>, serde_json::Value) {
    // Lenient: the gaps of every script that compiles (the errors are listed apart).
    let host = lenient.scripts();
    // The library reads quietly; lint shows the nearest phrases of a sentence not understood.
    let vocab = &host.vocabulary().clone().with_suggestions();
    let keywords = lenient.keyword_rules();
    let mut items = Vec::new();
    let (mut scripted, mut parsed, mut partial, mut textless) = (0, 0, 0, 0);
    let (mut gapped, mut gap_count) = (0, 0);
    for card in &pack.cards {
        let c = &card.def;
        let item = |effect, status, details| Item {
            card: c.id.clone(),
            effect,
            keyword: None,
            file: card.file.clone(),
            status,
            details,
        };
        for k in &c.keywords {
            if !keywords.has_rules(&k.name) {
                gap_count += 1;
                items.push(Item {
                    keyword: Some(k.name.clone()),
                    ..item(None, "keyword_without_rules", Vec::new())
                });
            }
        }
        for (i, e) in c.effects.iter().enumerate() {
            let gaps = match host.effects_of(&c.id).and_then(|v| v.get(i)) {
                Some(ce) => match &ce.script {
                    Ok(ast) => support::gaps(ast, keywords),
                    Err(_) => Vec::new(),
                },
                None => Vec::new(),
            };
            let is_script = e.script.is_some() || e.script_file.is_some();
            let understood =
                is_script || parse_text_in(e, vocab).is_some_and(|(_, out)| out.complete);
            if understood && !gaps.is_empty() {
                gapped += 1;
                gap_count += gaps.len();
                let details = gaps.iter().map(ToString::to_string).collect();
                items.push(item(Some(i), "cannot_act", details));
                continue;
            }
            if is_script {
                scripted += 1;
                items.push(item(Some(i), "scripted", Vec::new()));
                continue;
            }
            match parse_text_in(e, vocab) {
                None => {
                    textless += 1;
                    items.push(item(Some(i), "no_text", Vec::new()));
                }
                Some((_, out)) if out.complete => {
                    parsed += 1;
                    items.push(item(Some(i), "from_text", Vec::new()));
                }
                Some((text, out)) => {
                    partial += 1;
                    gap_count += 1;
                    let mut details = Vec::new();
                    if !out.timing_mapped {
                        details.push(format!(
                            "timing `{}` is not a known hook",
                            e.timing.as_deref().unwrap_or("")
                        ));
                    }
                    for u in &out.unparsed {
                        // A place-less part (a timing label, a keyword) quotes its own text.
                        let span = text
                            .get(u.span.start..u.span.end)
                            .filter(|s| !s.is_empty())
                            .unwrap_or(&u.text);
                        details.push(format!("not understood: `{span}`"));
                        details.extend(u.expected.iter().map(|l| format!("  {l}")));
                    }
                    items.push(item(Some(i), "partly_understood", details));
                }
            }
        }
    }
    let totals = serde_json::json!({
        "cards": pack.cards.len(),
        "effects": scripted + parsed + partial + textless + gapped,
        "from_text": parsed,
        "scripted": scripted,
        "partly_understood": partial,
        "no_text": textless,
        "cannot_act": gapped,
        "gaps": gap_count,
    });
    (items, totals)
}

/// A pack of another game than Battle Spirits: the grammar, labels and keywords checked
/// above are Battle Spirits'; carddb has checked its timings (`validate::line_battle`) at
/// load and [`super::checks::check_all`] its scripts. Counts its effects.
fn lint_other_game(
    pack: &carddb::Pack,
    json: bool,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let effects: Vec<&carddb::Effect> = pack.cards.iter().flat_map(|c| &c.def.effects).collect();
    let scripted = effects
        .iter()
        .filter(|e| e.script.is_some() || e.script_file.is_some())
        .count();
    if !json {
        say!(
            "note: pack {} is for {}: Battle Spirits text, label and keyword checks skipped",
            pack.manifest.name,
            pack.manifest.game.name()
        );
        say!(
            "{} cards, {} effects: {scripted} scripted, {} from text",
            pack.cards.len(),
            effects.len(),
            effects.len() - scripted
        );
    }
    Ok(serde_json::json!({
        "pack": pack.manifest.name,
        "game": pack.manifest.game.name(),
        "totals": {"cards": pack.cards.len(), "effects": effects.len(), "scripted": scripted, "from_text": effects.len() - scripted},
    }))
}

/// The effects of line-battle `packs` that cannot act, read by the ruleset itself
/// (`LineLibrary::gaps`): a scripted effect that calls a function the line battle does not
/// have is an error; card text the pack's phrases do not cover is a warning (it is inert,
/// with its reason, when it would fire). Each at its card file, line and field.
pub fn line_battle_gaps(
    packs: &[carddb::Pack],
) -> Result<(Vec<carddb::Diagnostic>, Vec<carddb::Diagnostic>), Box<dyn std::error::Error>> {
    // Scripts, `lib/` and the phrases card text is read with, as a catalogue has them.
    let (sources, _) = engine::script::ScriptSources::of_packs(packs);
    let cards: Vec<carddb::CardDef> = packs
        .iter()
        .flat_map(|p| p.cards.iter().map(|c| c.def.clone()))
        .collect();
    let lib = engine::rules::line_battle::LineLibrary::lenient(cards, &sources)?;
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    for (id, effect, why) in lib.gaps() {
        let Some((p, c)) = packs
            .iter()
            .find_map(|p| p.cards.iter().find(|c| c.def.id == id).map(|c| (p, c)))
        else {
            continue;
        };
        let Some(e) = c.def.effects.get(effect as usize) else {
            continue;
        };
        let scripted = e.script.is_some() || e.script_file.is_some();
        let leaf = match (&e.script, &e.script_file) {
            (Some(_), _) => "script",
            (None, Some(_)) => "script_file",
            _ => "text",
        };
        let field = carddb::yamlfile::join(&c.prefix, &format!("effects[{effect}].{leaf}"));
        let text = p.files.files.get(&c.file).map(String::as_str).unwrap_or("");
        let file = carddb::yamlfile::YamlFile::new(&p.files, &c.file, text);
        let d = file.error(&field, format!("card {id} effect {effect}: {why}"), None);
        if scripted {
            errors.push(d)
        } else {
            warnings.push(d)
        }
    }
    Ok((errors, warnings))
}
