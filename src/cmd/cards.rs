//! `cardscript cards search|list|show`: find cards, list them all, and read one. Rows show
//! what the card's game reads: cost and colours for Battle Spirits, DP cost, AT/DF/SH and
//! lines for a line-battle creature, LP for a master.

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
        /// spirit, ultimate, brave, nexus, magic; creature or master (line battle).
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
    /// List every card of the catalogue, sorted by id.
    List,
    /// Show one card in full (as YAML).
    Show {
        /// The card id, e.g. `DEMO-R01`.
        id: String,
        /// Print the card as JSON inside the report of `docs/json-output.md` (an unknown id
        /// is its diagnostic, with the nearest id).
        #[arg(long)]
        json: bool,
    },
}

/// Runs the query and prints the cards.
pub fn run(args: CardsArgs) -> Result<(), Box<dyn std::error::Error>> {
    if let CardsCommand::Show { id, json: true } = &args.command {
        // Every failure, opening the cards included, is a diagnostic of the report.
        return super::json::or_report(true, "cards show", || {
            let card = serde_json::to_value(args.source.open()?.card(id)?)?;
            super::json::emit("cards show", &[], &[], card)
        });
    }
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
                        "unknown kind `{k}` (spirit, ultimate, brave, nexus, magic, creature, master)"
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
                if carddb::CardKind::parse(&c.kind).is_some_and(|k| k.is_line_battle()) {
                    say!("{}", row(&cat.card(&c.id)?));
                    continue;
                }
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
        CardsCommand::List => {
            let cards = cat.cards()?;
            for c in &cards {
                say!("{}", row(c));
            }
            say!("{} card(s)", cards.len());
        }
        CardsCommand::Show { json: true, .. } => unreachable!("answered above"),
        CardsCommand::Show { id, json: false } => {
            let card = cat.card(&id)?;
            let text = serde_yaml::to_string(&card)?;
            say!("{}", text.trim_end());
        }
    }
    Ok(())
}

/// One card as a row: `id kind cost colours name` for Battle Spirits; DP cost, AT, DF, SH
/// and lines for a line-battle creature (LB-3, LB-0.3); LP for a master (LB-0.1; `default`
/// when the card leaves it to the ruleset).
fn row(c: &carddb::CardDef) -> String {
    if let Some(s) = c
        .creature
        .as_ref()
        .filter(|_| c.kind == carddb::CardKind::Creature)
    {
        let lines: Vec<&str> = s
            .lines
            .iter()
            .map(|l| match l {
                carddb::Line::Attack => "attack",
                carddb::Line::Defense => "defense",
            })
            .collect();
        return format!(
            "{:<12} {:<8} DP {:>2}  AT {:>2} DF {:>2} SH {:>2}  {:<14} {}",
            c.id,
            c.kind.name(),
            c.cost,
            s.at,
            s.df,
            s.sh,
            lines.join("/"),
            c.name
        );
    }
    if c.kind == carddb::CardKind::Master {
        let lp = c
            .master
            .as_ref()
            .and_then(|m| m.lp)
            .map_or_else(|| "default".to_string(), |lp| lp.to_string());
        return format!("{:<12} {:<8} LP {lp:<7} {}", c.id, c.kind.name(), c.name);
    }
    let colours: Vec<&str> = c.colours.iter().map(|k| k.name()).collect();
    format!(
        "{:<12} {:<8} cost {:>2}  {:<16} {}",
        c.id,
        c.kind.name(),
        c.cost,
        colours.join("/"),
        c.name
    )
}
