//! `cardscript sim merge FILES… [--json]`: the report of one run from its shard files,
//! exactly as the unsharded run prints it. Shards of different runs, a shard given twice
//! and a missing shard are refused, naming the file and the field.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;
use engine::rules::battle_spirits::sim::{GameRecord, pairings};

use super::shard::{FORMAT_VERSION, ShardFile};

/// Arguments of `cardscript sim merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard files (`sim --shard K/N --out FILE`), all N of one run, in any order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print the report as JSON (as `sim --json`).
    #[arg(long)]
    pub json: bool,
    /// Write the run's balance report page (as `sim --report FILE.html`).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

/// Reads, checks and merges the shards, then prints the run's report.
pub fn run(args: MergeArgs) -> Result<(), Box<dyn std::error::Error>> {
    let shards = args
        .files
        .iter()
        .map(|f| read(f).map(|s| (f.clone(), s)))
        .collect::<Result<Vec<_>, _>>()?;
    let records = merge(&shards)?;
    let first = &shards[0].1;
    let decks: Vec<(String, Vec<String>)> = (first.run.decks.iter())
        .map(|d| (d.name.clone(), d.cards.clone()))
        .collect();
    let mut names = BTreeMap::new();
    for (_, s) in &shards {
        names.extend(s.names.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    let out = super::Outputs {
        json: args.json,
        report: args.report.as_deref(),
        check: first.run.check,
    };
    let report = out.print(&decks, &names, first.run.players, &records)?;
    super::text::result(&report)
}

fn read(path: &PathBuf) -> Result<ShardFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let shard: ShardFile = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}: not a sim shard file (sim --shard K/N --out FILE): {e}",
            path.display()
        )
    })?;
    if shard.cardscript_sim_shard != FORMAT_VERSION {
        return Err(format!(
            "{}: field `cardscript_sim_shard` is {}, this cardscript reads {FORMAT_VERSION}",
            path.display(),
            shard.cardscript_sim_shard
        ));
    }
    Ok(shard)
}

/// The records of all shards in game index order, once every shard is checked to be of
/// the same run, present once, and holding exactly its games.
pub fn merge(shards: &[(PathBuf, ShardFile)]) -> Result<Vec<GameRecord>, String> {
    let Some((first_path, first)) = shards.first() else {
        return Err("sim merge needs shard files".into());
    };
    let run = serde_json::to_value(&first.run).map_err(|e| e.to_string())?;
    let n = first.run.shards;
    let total = pairings(first.run.decks.len()).len() as u64 * first.run.games;
    let mut by_k: Vec<Option<&(PathBuf, ShardFile)>> = vec![None; n as usize];
    for entry in shards {
        let (path, s) = entry;
        let other = serde_json::to_value(&s.run).map_err(|e| e.to_string())?;
        if let (Some(a), Some(b)) = (run.as_object(), other.as_object()) {
            for (field, va) in a {
                let vb = &b[field];
                if va != vb {
                    return Err(format!(
                        "{}: a shard of another run: field `{field}` is {vb} here, {va} in {}",
                        path.display(),
                        first_path.display()
                    ));
                }
            }
        }
        if s.shard == 0 || s.shard > n {
            return Err(format!(
                "{}: field `shard` is {}, not between 1 and {n}",
                path.display(),
                s.shard
            ));
        }
        let slot = &mut by_k[(s.shard - 1) as usize];
        if let Some((seen, _)) = slot {
            return Err(format!(
                "{}: field `shard`: shard {}/{n} given twice (also {})",
                path.display(),
                s.shard,
                seen.display()
            ));
        }
        *slot = Some(entry);
        let want = super::shard::ShardSpec { k: s.shard, n }.games(total);
        let indices: Vec<u64> = s.records.iter().map(|r| r.index).collect();
        if s.games != [want.start, want.end] || !indices.iter().copied().eq(want.clone()) {
            return Err(format!(
                "{}: field `records`: shard {}/{n} should hold games {}..{}, it holds {} record(s) for games {:?}",
                path.display(),
                s.shard,
                want.start,
                want.end,
                indices.len(),
                s.games
            ));
        }
    }
    let missing: Vec<String> = by_k
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{}/{n}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard(s) {} missing: {} file(s) given for a run of {n} shards (first {})",
            missing.join(", "),
            shards.len(),
            first_path.display()
        ));
    }
    Ok(by_k
        .into_iter()
        .flatten()
        .flat_map(|(_, s)| s.records.iter().cloned())
        .collect())
}
