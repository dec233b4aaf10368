//! `cardscript cards search|show`: find cards and read one.

use clap::{Args, Subcommand};

use super::source::SourceArgs;

/// Arguments of `cardscript cards`.
#[derive(Args)]
pub struct CardsArgs {
    #[command(subcommand)]
    pub command: CardsCommand,
    #[command(flatten)]
    pub source: SourceArgs,
}

/// Card queries.
#[derive(Subcommand)]
pub enum CardsCommand {
    /// Search names and effect texts (each word as a prefix) with filters.
    Search {
        /// Words to find in names and effect texts (each word as a prefix; Japanese and
        /// Thai as a substring); may be empty to list by filters only.
        query: Vec<String>,
        /// Only cards of this colour: red, purple, green, white, yellow, blue.
        #[arg(long, alias = "color")]
        colour: Option<String>,
        /// spirit, ultimate, brave, nexus or magic.
        #[arg(long)]
        kind: Option<String>,
        /// Exact cost.
        #[arg(long)]
        cost: Option<u32>,
        /// Cost at least this.
        #[arg(long)]
        cost_min: Option<u32>,
        /// Cost at most this.
        #[arg(long)]
        cost_max: Option<u32>,
        /// Only cards of this family (case-insensitive), e.g. `Star Dragon`.
        #[arg(long)]
        family: Option<String>,
        /// Show at most this many cards.
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
    /// Show one card in full (as YAML).
    Show {
        /// The card id, e.g. `DEMO-R01`.
        id: String,
    },
}

/// Runs the query and prints the cards.
pub fn run(args: CardsArgs) -> Result<(), Box<dyn std::error::Error>> {
    let cat = args.source.open()?;
    match args.command {
        CardsCommand::Search {
            query,
            colour,
            kind,
            cost,
            cost_min,
            cost_max,
            family,
            limit,
        } => {
            let colour = colour
                .map(|c| {
                    carddb::Colour::parse(&c).ok_or(format!(
                        "unknown colour `{c}` (red, purple, green, white, yellow, blue)"
                    ))
                })
                .transpose()?;
            let kind = kind
                .map(|k| {
                    carddb::CardKind::parse(&k).ok_or(format!(
                        "unknown kind `{k}` (spirit, ultimate, brave, nexus, magic)"
                    ))
                })
                .transpose()?;
            let q = carddb::SearchQuery {
                text: (!query.is_empty()).then(|| query.join(" ")),
                colour,
                kind,
                cost_min: cost.or(cost_min),
                cost_max: cost.or(cost_max),
                family,
                limit: Some(limit),
            };
            let hits = cat.search(&q)?;
            for c in &hits {
                say!(
                    "{:<12} {:<8} cost {:>2}  {:<16} {}",
                    c.id,
                    c.kind,
                    c.cost,
                    c.colours.join("/"),
                    c.name
                );
            }
            if hits.len() as u32 == limit {
                say!(
                    "{} card(s) shown; more may match (raise --limit)",
                    hits.len()
                );
            } else {
                say!("{} card(s)", hits.len());
            }
        }
        CardsCommand::Show { id } => {
            let card = cat.card(&id)?;
            let text = serde_yaml::to_string(&card)?;
            say!("{}", text.trim_end());
        }
    }
    Ok(())
}
