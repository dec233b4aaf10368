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
        /// Words to find; may be empty to list by filters only.
        query: Vec<String>,
        #[arg(long, alias = "color")]
        colour: Option<String>,
        /// spirit, ultimate, brave, nexus or magic.
        #[arg(long)]
        kind: Option<String>,
        /// Exact cost.
        #[arg(long)]
        cost: Option<u32>,
        #[arg(long)]
        cost_min: Option<u32>,
        #[arg(long)]
        cost_max: Option<u32>,
        #[arg(long)]
        family: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
    /// Show one card in full (as YAML).
    Show { id: String },
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
                println!(
                    "{:<12} {:<8} cost {:>2}  {:<16} {}",
                    c.id,
                    c.kind,
                    c.cost,
                    c.colours.join("/"),
                    c.name
                );
            }
            println!("{} card(s)", hits.len());
        }
        CardsCommand::Show { id } => {
            let card = cat.card(&id)?;
            print!("{}", serde_yaml::to_string(&card)?);
        }
    }
    Ok(())
}
