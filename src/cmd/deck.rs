//! `cardscript deck check DECK`: a deck list against the catalogue and a format (BS-0.1,
//! LB-0.1).

use clap::{Args, Subcommand};

use super::source::SourceArgs;

/// Arguments of `cardscript deck`.
#[derive(Args)]
pub struct DeckArgs {
    #[command(subcommand)]
    pub command: DeckCommand,
    #[command(flatten)]
    pub source: SourceArgs,
}

/// Deck commands.
#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck (`.txt` community list, `.yaml`, or a catalogue deck's name): unknown
    /// cards, names that do not match their ids, size, copies (BS-0.1).
    Check {
        /// A deck file, or the name of a deck in the catalogue.
        deck: String,
        /// `saga` (50–60 cards, 4 copies), `japanese` (≥ 40 cards, 3 copies), `casual`
        /// (20–60 cards, 4 copies; the project's own, for small packs) or `line-battle`
        /// (40–60 cards, 3 copies of an id, one master); default: the deck file's own
        /// `format:` line, else `saga`, or `line-battle` for a line-battle catalogue.
        #[arg(long)]
        format: Option<String>,
        /// Print the diagnostics and the verdict as JSON (`docs/json-output.md`).
        #[arg(long)]
        json: bool,
    },
}

/// Checks the deck; every problem is printed with its line.
pub fn run(args: DeckArgs) -> Result<(), Box<dyn std::error::Error>> {
    let DeckCommand::Check { deck, format, json } = args.command;
    let source = args.source;
    super::json::or_report(json, "deck check", || check(&source, &deck, format, json))
}

fn check(
    source: &SourceArgs,
    deck: &str,
    format: Option<String>,
    json: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let cat = source.open()?;
    // A mistyped `--format` is refused before the deck is read.
    if let Some(f) = format.as_deref() {
        carddb::DeckFormat::named(f)?;
    }
    let cards = cat.cards()?;
    let path = std::path::Path::new(deck);
    if path.is_file()
        && let (file, mut errors) = carddb::deck::load_file_lenient(path)?
        && !errors.is_empty()
    {
        // Every mistake in one run: the well-formed lines are still checked
        // against the cards beside the malformed ones.
        if let Some(file) = &file {
            errors.extend(carddb::deck::check_known(file, &cards));
            errors.sort_by_key(|d| d.line);
        }
        return Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into());
    }
    let loaded = super::play::deck_file(&cat, deck)?;
    // The command line's format, else the deck file's own `format:` line, else the game's.
    let format = carddb::format::format_for(format.as_deref(), &loaded.deck, cat.game()?)?;
    let problems = carddb::deck::check(&loaded, &cards, &format);
    if json {
        let result = serde_json::json!({
            "deck": deck,
            "cards": loaded.deck.len(),
            "format": format.name,
            "legal": problems.is_empty(),
        });
        return super::json::emit("deck check", &problems, &[], result);
    }
    if problems.is_empty() {
        say!(
            "{}: {} cards, legal in the {} format",
            deck,
            loaded.deck.len(),
            format.name
        );
        Ok(())
    } else {
        Err(carddb::LoadError::Invalid(carddb::Diagnostics(problems)).into())
    }
}
