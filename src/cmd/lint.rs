//! `cardscript lint PACK`: for every effect of every card, whether it runs from a script,
//! runs from its text, or is only partly understood (with the span and the tokens the
//! grammar expected there), and the totals. A script that does not compile is an error.

use std::path::PathBuf;

use clap::Args;
use engine::script::host::parse_text;

/// Arguments of `cardscript lint`.
#[derive(Args)]
pub struct LintArgs {
    /// The pack folder.
    pub pack: PathBuf,
    /// Also list the effects that are fine.
    #[arg(long)]
    pub all: bool,
}

/// Prints one line per effect that needs attention (all with `--all`) and the totals.
pub fn run(args: LintArgs) -> Result<(), Box<dyn std::error::Error>> {
    let pack = carddb::Pack::load(&args.pack)?;
    let (mut scripted, mut parsed, mut partial, mut textless) = (0, 0, 0, 0);
    for card in &pack.cards {
        let c = &card.def;
        for (i, e) in c.effects.iter().enumerate() {
            let at = format!("{} effect {i} ({})", c.id, card.file);
            if e.script.is_some() || e.script_file.is_some() {
                scripted += 1;
                if args.all {
                    say!("{at}: scripted");
                }
                continue;
            }
            match parse_text(e) {
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
    // Every script compiles (syntax errors with file:line:column, as `db build` reports
    // them); what a script does is only known when it runs (`play --strict`, `sim`).
    let (catalogue, _) = carddb::Catalogue::build_in_memory(std::slice::from_ref(&pack))?;
    super::source::library(&catalogue, false)?;
    let total = scripted + parsed + partial + textless;
    say!(
        "{} cards, {total} effects: {parsed} run from text, {scripted} scripted, {partial} partly understood, {textless} without text",
        pack.cards.len()
    );
    Ok(())
}
