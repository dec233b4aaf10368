//! `cardscript test [PATH…] [--json]`: runs scenario files (`docs/scenarios.md`) or the
//! scenario files under folders (a pack folder: its `tests/`; no path: the current pack's
//! `tests/`, else the embedded demo pack's). Prints each result, an expected-vs-actual
//! diff and the log tail on failure, the totals, and fails when any scenario fails or is
//! broken. The scenarios run in `engine::tools::scenario` with the words of the game of
//! their packs (`engine::rules::tools`); this file reads files and builds the cards their
//! `packs` name.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;
use engine::tools::ToolCards;
use engine::tools::scenario::{self, Header, PackSpec, ScenarioResult, Status};

/// A game's tools and its prepared cards, or why they could not be made.
/// A scenario file's cards prepared by its game's tools, and the card ids of its packs,
/// its own pack first, for the default deck filler (`Parsed::pack_cards`).
type Cards = Result<
    (
        &'static dyn engine::tools::GameTools,
        ToolCards,
        Vec<Vec<String>>,
    ),
    String,
>;

/// Arguments of `cardscript test`.
#[derive(Args)]
pub struct TestArgs {
    /// Scenario files, folders of them, or pack folders (their `tests/`).
    pub paths: Vec<PathBuf>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A scenario file to run: where it is shown as, its text, the folder its paths are
/// relative to, and the pack it belongs to (its default `packs`).
struct Input {
    shown: PathBuf,
    text: String,
    /// Why the file could not be read (not UTF-8, unreadable): it is one broken file.
    unread: Option<String>,
    base: PathBuf,
    default_pack: PackSpec,
}

#[derive(serde::Serialize, Default)]
struct Totals {
    passed: usize,
    failed: usize,
    broken: usize,
    skipped: usize,
}

#[derive(serde::Serialize)]
struct FileReport {
    file: String,
    /// Why the whole file could not run (syntax, packs).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Why the whole file was skipped (its packs are absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<String>,
    results: Vec<ScenarioResult>,
}

pub fn run(args: TestArgs) -> Result<(), Box<dyn std::error::Error>> {
    let inputs = inputs(&args.paths)?;
    if inputs.is_empty() {
        return Err("no scenario files found".into());
    }
    let mut libs: BTreeMap<String, Cards> = BTreeMap::new();
    let mut totals = Totals::default();
    let mut reports = Vec::new();
    for input in &inputs {
        let report = run_file(input, &mut libs);
        count(&report, &mut totals);
        if !args.json {
            print_file(&report)?;
        }
        reports.push(report);
    }
    if args.json {
        let doc = serde_json::json!({ "files": reports, "totals": totals });
        say!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        say!(
            "{} passed, {} failed, {} broken, {} skipped",
            totals.passed,
            totals.failed,
            totals.broken,
            totals.skipped
        );
    }
    if totals.failed + totals.broken > 0 {
        return Err(format!(
            "{} scenario(s) failed, {} broken",
            totals.failed, totals.broken
        )
        .into());
    }
    Ok(())
}

fn count(r: &FileReport, t: &mut Totals) {
    if r.error.is_some() {
        t.broken += 1;
    }
    for s in &r.results {
        match s.status {
            Status::Passed => t.passed += 1,
            Status::Failed => t.failed += 1,
            Status::Broken => t.broken += 1,
            Status::Skipped(_) => t.skipped += 1,
        }
    }
}

/// The scenario files named by `paths` (see the module doc for the defaults).
fn inputs(paths: &[PathBuf]) -> Result<Vec<Input>, Box<dyn std::error::Error>> {
    let mut out = Vec::new();
    if paths.is_empty() {
        if Path::new("pack.yaml").is_file() {
            return inputs(&[PathBuf::from(".")]);
        }
        for (path, text) in super::source::demo_tests() {
            out.push(Input {
                shown: PathBuf::from(format!("embedded:battle-spirits-demo/{path}")),
                text,
                unread: None,
                base: PathBuf::from("."),
                default_pack: PackSpec::Demo,
            });
        }
        return Ok(out);
    }
    for p in paths {
        if p.is_file() {
            out.push(read(p)?);
            continue;
        }
        if !p.is_dir() {
            return Err(format!("{}: no such file or folder", p.display()).into());
        }
        let dir = if p.join("pack.yaml").is_file() {
            p.join("tests")
        } else {
            p.clone()
        };
        let mut files = Vec::new();
        collect(&dir, &mut files)?;
        files.sort();
        for f in files {
            out.push(read(&f)?);
        }
    }
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Box<dyn std::error::Error>> {
    if !dir.is_dir() {
        return Ok(());
    }
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = e?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

fn read(path: &Path) -> Result<Input, Box<dyn std::error::Error>> {
    // A file that does not read is one broken file; the run goes on (as a too-deep file).
    let (text, unread) = match carddb::read_text(path) {
        Ok(text) => (text, None),
        Err(carddb::LoadError::Invalid(d)) => {
            let lines: Vec<String> = d.0.iter().map(ToString::to_string).collect();
            (String::new(), Some(lines.join("\n")))
        }
        Err(e) => (String::new(), Some(e.to_string())),
    };
    let base = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    // A file in a pack's `tests/` uses that pack by default.
    let pack = base
        .ancestors()
        .take(3)
        .find(|d| d.join("pack.yaml").is_file())
        .map(|d| PackSpec::Folder(d.to_string_lossy().into_owned()));
    Ok(Input {
        shown: path.to_path_buf(),
        text,
        unread,
        base: if pack.is_some() {
            PathBuf::from(".")
        } else {
            base.clone()
        },
        default_pack: pack.unwrap_or(PackSpec::Demo),
    }
    .rebased(base))
}

impl Input {
    /// Paths in the file are relative to its folder.
    fn rebased(mut self, base: PathBuf) -> Input {
        self.base = base;
        self
    }
}

/// Parses and runs one file.
fn run_file(input: &Input, libs: &mut BTreeMap<String, Cards>) -> FileReport {
    let mut report = FileReport {
        file: input.shown.display().to_string(),
        error: None,
        skipped: None,
        results: vec![],
    };
    if let Some(e) = &input.unread {
        report.error = Some(e.clone());
        return report;
    }
    let parsed = match scenario::header(&input.shown, &input.text) {
        Ok(p) => p,
        Err(d) => {
            report.error = Some(d.to_string());
            return report;
        }
    };
    let specs: Vec<PackSpec> = if parsed.packs.is_empty() {
        vec![input.default_pack.clone()]
    } else {
        parsed
            .packs
            .iter()
            .map(|s| resolve(s, &input.base))
            .collect()
    };
    if let Some(missing) = specs.iter().find_map(absent) {
        report.skipped = Some(format!("{missing} not found"));
        report.results = skipped_all(&parsed, &format!("{missing} not found"));
        return report;
    }
    let key = format!("{specs:?}");
    let lib = libs.entry(key).or_insert_with(|| library(&specs));
    match lib {
        Err(e) => report.error = Some(format!("{}: packs: {e}", input.shown.display())),
        Ok((tools, cards, by_pack)) => {
            match tools.run_scenarios(&input.shown, &input.text, cards, by_pack) {
                Ok(results) => report.results = results,
                Err(mut d) => {
                    // The game comes from `packs:`; without it the demo pack's is read.
                    let demo = parsed.packs.is_empty() && input.default_pack == PackSpec::Demo;
                    if demo && d.message.starts_with("unknown field") {
                        let hint = "this file is read as Battle Spirits (no `packs:`); a \
                                    line-battle file names its pack";
                        d.help = Some(match d.help.take() {
                            Some(h) => format!("{h}; {hint}"),
                            None => hint.to_string(),
                        });
                    }
                    report.error = Some(d.to_string());
                }
            }
        }
    }
    report
}

fn skipped_all(header: &Header, why: &str) -> Vec<ScenarioResult> {
    header
        .scenarios
        .iter()
        .map(|s| ScenarioResult::skipped(&s.name, s.rule.clone(), s.ruling.clone(), why))
        .collect()
}

/// A pack path relative to the scenario file's folder.
fn resolve(spec: &PackSpec, base: &Path) -> PackSpec {
    let at = |p: &String| base.join(p).to_string_lossy().into_owned();
    match spec {
        PackSpec::Demo => PackSpec::Demo,
        PackSpec::Folder(p) => PackSpec::Folder(at(p)),
        PackSpec::Catalogue(p) => PackSpec::Catalogue(at(p)),
        PackSpec::Import(p) => PackSpec::Import(at(p)),
    }
}

/// The path of a pack that is not there (the file is then skipped, with the reason).
fn absent(spec: &PackSpec) -> Option<String> {
    match spec {
        PackSpec::Demo => None,
        PackSpec::Folder(p) | PackSpec::Catalogue(p) | PackSpec::Import(p) => {
            (!Path::new(p).exists()).then(|| p.clone())
        }
    }
}

/// The cards of `specs`, overlaid in order, prepared by the tools of their game.
fn library(specs: &[PackSpec]) -> Cards {
    let mut packs = Vec::new();
    for s in specs {
        match s {
            PackSpec::Demo => packs.push(
                carddb::Pack::from_files(super::source::demo_files()).map_err(|e| e.to_string())?,
            ),
            PackSpec::Folder(p) => {
                packs.push(carddb::Pack::load(Path::new(p)).map_err(|e| e.to_string())?)
            }
            PackSpec::Import(p) => {
                let path = Path::new(p);
                let text = carddb::read_text(path).map_err(|e| e.to_string())?;
                let imported = carddb::import::bss_json::import(path, &text, "imported")
                    .map_err(|e| e.to_string())?;
                packs.push(carddb::Pack::from_files(imported.files).map_err(|e| e.to_string())?);
            }
            PackSpec::Catalogue(p) => {
                if specs.len() > 1 {
                    return Err("a catalogue cannot be combined with other packs".into());
                }
                let cat =
                    carddb::Catalogue::open_read_only(Path::new(p)).map_err(|e| e.to_string())?;
                return prepared(&cat, Vec::new());
            }
        }
    }
    let packs = super::source::with_embedded_demo(packs).map_err(|e| e.to_string())?;
    let (cat, _) = carddb::Catalogue::build_in_memory(&packs).map_err(|e| e.to_string())?;
    // The last pack listed is the file's own; those before it, its dependencies.
    let supplied = cat.card_packs().map_err(|e| e.to_string())?;
    let by_pack = packs
        .iter()
        .rev()
        .map(|p| {
            let name = &p.manifest.name;
            supplied
                .iter()
                .filter(|(_, by)| by == name)
                .map(|(id, _)| id.clone())
                .collect()
        })
        .collect();
    prepared(&cat, by_pack)
}

/// The cards of `cat` prepared by the tools of its game (strict: a broken script is an
/// error of the file).
fn prepared(cat: &carddb::Catalogue, by_pack: Vec<Vec<String>>) -> Cards {
    let game = cat.game().map_err(|e| e.to_string())?;
    let tools = engine::rules::tools(game)
        .ok_or_else(|| format!("this build has no tools for the game {}", game.name()))?;
    // Ready by the time the library reads card text.
    std::thread::spawn(dsl::vocab::prepare);
    let input = engine::driver::CardInput::of_catalogue(cat, false).map_err(|e| e.to_string())?;
    Ok((tools, tools.cards(input)?, by_pack))
}

fn print_file(r: &FileReport) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(e) = &r.error {
        say!("BROKEN {e}");
        return Ok(());
    }
    if let Some(why) = &r.skipped {
        say!("skip  {} ({} scenarios): {why}", r.file, r.results.len());
        return Ok(());
    }
    for s in &r.results {
        let head = match &s.status {
            Status::Passed => "ok   ",
            Status::Failed => "FAIL ",
            Status::Broken => "BROKEN",
            Status::Skipped(_) => "skip ",
        };
        let cite = [&s.rule, &s.ruling]
            .into_iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        let cite = if cite.is_empty() {
            String::new()
        } else {
            format!(" [{cite}]")
        };
        say!("{head} {}:{}: {}{cite}", r.file, s.line, s.name);
        if let Status::Skipped(why) = &s.status {
            say!("      skipped: {why}");
        }
        for f in &s.failures {
            let field = if f.field.is_empty() {
                String::new()
            } else {
                format!(": field `{}`", f.field)
            };
            say!("    {}:{}{field}: {}", r.file, f.line, f.message);
            if let Some(e) = &f.expected {
                say!("      expected: {e}");
            }
            if let Some(a) = &f.actual {
                say!("      actual:   {a}");
            }
            if let Some(h) = &f.help {
                say!("      help: {h}");
            }
        }
        if !s.log_tail.is_empty() {
            say!("    log (last {} lines):", s.log_tail.len());
            for l in &s.log_tail {
                say!("      {l}");
            }
        }
    }
    Ok(())
}
