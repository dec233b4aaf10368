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
}

/// Prints one line per effect that needs attention (all with `--all`) and the totals.
pub fn run(args: LintArgs) -> Result<(), Box<dyn std::error::Error>> {
    let mut dirs = args.source.packs.clone();
    dirs.extend(args.pack.clone());
    if dirs.is_empty() {
        return Err("lint needs a pack folder (`lint DIR` or `lint --pack DEP --pack DIR`)".into());
    }
    // Every check at once (issue 17); the effect report below reads what did load.
    let checked = super::checks::check_all(&dirs)?;
    for w in &checked.warnings {
        say!("warning: {w}");
    }
    let fail = |errors: Vec<carddb::Diagnostic>| -> Result<(), Box<dyn std::error::Error>> {
        if errors.is_empty() {
            Ok(())
        } else {
            Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into())
        }
    };
    let (Some(catalogue), true) = (&checked.catalogue, checked.all_packs_read) else {
        return fail(checked.errors);
    };
    let Some(pack) = checked.packs.last() else {
        return fail(checked.errors);
    };
    if pack.manifest.game != carddb::GameKind::BattleSpirits {
        lint_other_game(pack)?;
        return fail(checked.errors);
    }
    // Lenient here: the gaps of every script that compiles (the errors are listed last).
    let lenient = super::source::library(catalogue, true)?;
    let host = lenient.scripts();
    let vocab = host.vocabulary();
    let keywords = lenient.keyword_rules();
    let (mut scripted, mut parsed, mut partial, mut textless) = (0, 0, 0, 0);
    let (mut gapped, mut gap_count) = (0, 0);
    for card in &pack.cards {
        let c = &card.def;
        for k in &c.keywords {
            if !keywords.has_rules(&k.name) {
                gap_count += 1;
                say!(
                    "{} keyword {} ({}): no rules for this keyword yet: inert",
                    c.id,
                    k.name,
                    card.file
                );
            }
        }
        for (i, e) in c.effects.iter().enumerate() {
            let at = format!("{} effect {i} ({})", c.id, card.file);
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
                say!("{at}: understood, but cannot act:");
                for g in &gaps {
                    say!("    {g}");
                }
                continue;
            }
            if is_script {
                scripted += 1;
                if args.all {
                    say!("{at}: scripted");
                }
                continue;
            }
            match parse_text_in(e, vocab) {
                None => {
                    textless += 1;
                    say!("{at}: no English text and no script: inert");
                }
                Some((_, out)) if out.complete => {
                    parsed += 1;
                    if args.all {
                        say!("{at}: runs from its text");
                    }
                }
                Some((text, out)) => {
                    partial += 1;
                    gap_count += 1;
                    say!("{at}: partly understood: inert until scripted");
                    if !out.timing_mapped {
                        say!(
                            "    timing `{}` is not a known hook",
                            e.timing.as_deref().unwrap_or("")
                        );
                    }
                    for u in &out.unparsed {
                        // A place-less part (a timing label, a keyword) quotes its own text.
                        let span = text
                            .get(u.span.start..u.span.end)
                            .filter(|s| !s.is_empty())
                            .unwrap_or(&u.text);
                        say!("    not understood: `{span}`");
                        for line in &u.expected {
                            say!("      {line}");
                        }
                    }
                }
            }
        }
    }
    let total = scripted + parsed + partial + textless + gapped;
    say!(
        "{} cards, {total} effects: {parsed} run from text, {scripted} scripted, {partial} partly understood, {textless} without text, {gapped} understood but cannot act; {gap_count} gaps",
        pack.cards.len()
    );
    fail(checked.errors)
}

/// A pack of another game than Battle Spirits: the grammar, labels and keywords checked
/// above are Battle Spirits'; carddb has checked its timings (`validate::line_battle`) at
/// load and [`super::checks::check_all`] its scripts. Counts its effects.
fn lint_other_game(pack: &carddb::Pack) -> Result<(), Box<dyn std::error::Error>> {
    say!(
        "note: pack {} is for {}: Battle Spirits text, label and keyword checks skipped",
        pack.manifest.name,
        pack.manifest.game.name()
    );
    let effects: Vec<&carddb::Effect> = pack.cards.iter().flat_map(|c| &c.def.effects).collect();
    let scripted = effects
        .iter()
        .filter(|e| e.script.is_some() || e.script_file.is_some())
        .count();
    say!(
        "{} cards, {} effects: {scripted} scripted, {} from text",
        pack.cards.len(),
        effects.len(),
        effects.len() - scripted
    );
    Ok(())
}

/// The effects of line-battle `packs` that cannot act, read by the ruleset itself
/// (`LineLibrary::gaps`): a scripted effect that calls a function the line battle does not
/// have is an error; card text the pack's phrases do not cover is a warning (it is inert,
/// with its reason, when it would fire). Each at its card file, line and field.
pub fn line_battle_gaps(
    packs: &[carddb::Pack],
) -> Result<(Vec<carddb::Diagnostic>, Vec<carddb::Diagnostic>), Box<dyn std::error::Error>> {
    let mut sources = engine::script::ScriptSources::default();
    let mut cards = Vec::new();
    for p in packs {
        // Every file: scripts, `lib/` and the phrases card text is read with.
        for (rel, text) in &p.files.files {
            sources.add_file(&p.manifest.name, rel, text);
        }
        for c in &p.cards {
            sources
                .pack_of
                .insert(c.def.id.clone(), p.manifest.name.clone());
            cards.push(c.def.clone());
        }
    }
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
