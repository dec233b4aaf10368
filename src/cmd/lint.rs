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
    let mut packs = super::source::load_packs(&dirs)?;
    let (catalogue, _) = carddb::Catalogue::build_in_memory(&packs)?;
    let pack = packs.pop().expect("one pack at least");
    if pack.manifest.game != carddb::GameKind::BattleSpirits {
        return lint_other_game(&pack);
    }
    // Lenient here: the gaps of every script that compiles; the strict build below
    // reports syntax errors with their place.
    let lenient = super::source::library(&catalogue, true)?;
    let host = lenient.scripts();
    let vocab = host.vocabulary();
    let keywords = lenient.keyword_rules();
    // Issue 12 item 4: keyword names and values, timing labels, at file:line.
    let check = engine::rules::battle_spirits::script::vocab::check_pack(&pack, vocab);
    let problems: Vec<_> = check.errors.into_iter().chain(check.undeclared).collect();
    for d in &problems {
        say!("{d}");
    }
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
                        let span = text.get(u.span.start..u.span.end).unwrap_or(&u.text);
                        say!(
                            "    not understood at {}..{}: `{span}`",
                            u.span.start,
                            u.span.end
                        );
                        if !u.expected.is_empty() {
                            say!("      expected one of: {}", u.expected.join(", "));
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
    if !problems.is_empty() {
        return Err(format!("{} declaration errors (listed above)", problems.len()).into());
    }
    // Every script compiles (syntax errors with file:line:column, as `db build` reports
    // them); what a script does is only known when it runs (`play --strict`, `exercise`).
    super::source::library(&catalogue, false)?;
    Ok(())
}

/// A pack of another game than Battle Spirits: the grammar, labels and keywords checked
/// above are Battle Spirits'; carddb has checked its timings (`validate::line_battle`) at
/// load. Counts its effects and compiles every script (syntax, file:line:column).
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
    script_syntax(std::slice::from_ref(pack))?;
    let (errors, warnings) = line_battle_gaps(std::slice::from_ref(pack))?;
    for w in &warnings {
        say!("warning: {w}");
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into())
    }
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

/// Compiles every rhai script of `packs` (`effects/`, `lib/`, inline `script:`) for its
/// syntax alone, for a game whose card library these commands do not build.
///
/// Errors: every script that does not compile, at its file, line and column.
pub fn script_syntax(packs: &[carddb::Pack]) -> Result<(), Box<dyn std::error::Error>> {
    let rhai = engine::script::sandboxed_engine();
    let mut problems = Vec::new();
    for p in packs {
        let mut check = |rel: &str, field: String, at_line: usize, source: &str| {
            if let Err(e) = rhai.compile(source) {
                let pos = e.position();
                problems.push(carddb::Diagnostic {
                    file: p.files.display_path(rel),
                    line: at_line + pos.line().unwrap_or(1),
                    column: pos.position().unwrap_or(1),
                    field,
                    message: format!("script does not compile: {}", e.err_type()),
                    help: None,
                });
            }
        };
        for (rel, source) in p.script_files() {
            check(rel, String::new(), 0, source);
        }
        for card in &p.cards {
            for (i, e) in card.def.effects.iter().enumerate() {
                if let Some(source) = &e.script {
                    let field = format!("{}effects[{i}].script", card.prefix);
                    // Inline lines are counted from the card's own line in its file.
                    check(&card.file, field, 0, source);
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(carddb::LoadError::Invalid(carddb::Diagnostics(problems)).into())
    }
}
