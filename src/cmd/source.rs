//! Where the cards come from: `--pack DIR` (built in memory), `--db FILE`, or the
//! embedded demo pack.

use std::path::PathBuf;

use carddb::{Catalogue, Pack, PackFiles};
use clap::Args;
use include_dir::{Dir, include_dir};

/// The demo pack, compiled into the binary.
static DEMO: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/scripts/battle-spirits-demo");

/// Card source options shared by the commands that read cards.
#[derive(Args, Clone, Default)]
pub struct SourceArgs {
    /// Build the catalogue from this pack folder on the fly (repeat to overlay packs).
    /// Global: also accepted after a subcommand (`deck check --pack DIR …`).
    #[arg(long = "pack", value_name = "DIR", global = true)]
    pub packs: Vec<PathBuf>,
    /// Read this catalogue file (made by `cardscript db build`).
    #[arg(long, value_name = "FILE", conflicts_with = "packs", global = true)]
    pub db: Option<PathBuf>,
}

/// The name of the embedded demo pack (its `pack.yaml`).
pub const DEMO_NAME: &str = "battle-spirits-demo";

/// The packs in `dirs`, loaded in order. When one of them depends on the demo pack and no
/// folder of that name is given, the embedded demo pack is put first (a user
/// with only the binary has no folder to add), and a note on stderr says so.
///
/// Errors: the first pack that does not load, with its diagnostics.
pub fn load_packs(dirs: &[PathBuf]) -> Result<Vec<Pack>, carddb::LoadError> {
    let packs = dirs
        .iter()
        .map(|p| Pack::load(p))
        .collect::<Result<Vec<_>, _>>()?;
    with_embedded_demo(packs)
}

/// `packs` with the embedded demo pack put first when one of them depends on it and none
/// of them is it (see [`load_packs`]).
pub fn with_embedded_demo(mut packs: Vec<Pack>) -> Result<Vec<Pack>, carddb::LoadError> {
    let wanted = packs
        .iter()
        .find(|p| p.manifest.depends.iter().any(|d| d.name == DEMO_NAME));
    let given = packs.iter().any(|p| p.manifest.name == DEMO_NAME);
    if let (Some(by), false) = (wanted, given) {
        let demo = Pack::from_files(demo_files())?;
        eprintln!(
            "note: `{}` depends on `{DEMO_NAME}`: using the embedded one (version {})",
            by.manifest.name, demo.manifest.version
        );
        packs.insert(0, demo);
    }
    Ok(packs)
}

/// The embedded demo pack's files.
pub fn demo_files() -> PackFiles {
    let mut files = Vec::new();
    collect(&DEMO, &mut files);
    PackFiles::from_memory("embedded:battle-spirits-demo", files)
}

/// The embedded demo pack's own scenario files (`tests/*.yaml`): (path, text), sorted.
pub fn demo_tests() -> Vec<(String, String)> {
    let mut files = Vec::new();
    collect(&DEMO, &mut files);
    files.retain(|(p, _)| p.starts_with("tests/") && (p.ends_with(".yaml") || p.ends_with(".yml")));
    files.sort();
    files
}

fn collect(dir: &Dir<'static>, out: &mut Vec<(String, String)>) {
    for f in dir.files() {
        if let Some(text) = f.contents_utf8() {
            out.push((
                f.path().to_string_lossy().replace('\\', "/"),
                text.to_string(),
            ));
        }
    }
    for d in dir.dirs() {
        collect(d, out);
    }
}

/// The card library of a catalogue with every script compiled now: the packs' script
/// files, inline scripts, the rhai the grammar writes from card text, and the keywords the
/// packs declare.
///
/// Errors: a script that does not compile, with its file (or card and effect), line and
/// column; with `lenient`, a broken script only fails its own effect when it fires.
pub fn library(
    cat: &Catalogue,
    lenient: bool,
) -> Result<engine::CardLibrary, Box<dyn std::error::Error>> {
    // Ready by the time the library reads card text.
    std::thread::spawn(dsl::vocab::prepare);
    let input = engine::driver::CardInput::of_catalogue(cat, lenient)?;
    Ok(engine::CardLibrary::with_keywords(
        input.cards,
        &input.sources,
        &input.keywords,
        lenient,
    )?)
}

/// The located checks of `db build` and strict loads:
/// every unknown timing label or keyword of `packs`, at its file and line with a
/// did-you-mean, read with the vocabulary of the catalogue `cat` built from them. Returns
/// the errors and, apart, the warnings (keywords no pack declares).
pub fn located_checks(
    packs: &[Pack],
    cat: &Catalogue,
) -> Result<(Vec<carddb::Diagnostic>, Vec<carddb::Diagnostic>), Box<dyn std::error::Error>> {
    let lib = library(cat, true)?;
    let mut check = checks_of(packs, &lib);
    check.errors.append(&mut check.gaps);
    Ok((check.errors, check.undeclared))
}

/// [`engine::rules::battle_spirits::script::vocab::check_pack`] of every pack of `packs`
/// with the vocabulary of `lib`, put together.
fn checks_of(
    packs: &[Pack],
    lib: &engine::CardLibrary,
) -> engine::rules::battle_spirits::script::vocab::PackCheck {
    let host = lib.scripts();
    let mut all = engine::rules::battle_spirits::script::vocab::PackCheck::default();
    for p in packs {
        let mut check =
            engine::rules::battle_spirits::script::vocab::check_pack(p, host.vocabulary());
        all.errors.append(&mut check.errors);
        all.gaps.append(&mut check.gaps);
        all.undeclared.append(&mut check.undeclared);
    }
    all
}

/// Whether `e` is the packs' labels or phrases failing to compile (a lenient library then
/// reads the cards without every pack's labels and phrases).
pub(crate) fn is_vocabulary_error(e: &engine::script::ScriptError) -> bool {
    use engine::script::{ScriptError as E, ScriptOrigin as O};
    match e {
        E::Module {
            origin: O::File { path, .. },
            ..
        }
        | E::Syntax {
            origin: O::File { path, .. },
            ..
        } => path.starts_with("labels/") || path.starts_with("phrases/"),
        _ => false,
    }
}

/// The checks of `db build` on a lenient library of pack folders (`sim`, `play`,
/// `exercise`, `explain` with `--pack`): a pack's labels or phrases that do not compile
/// and a mistake in a pack's own declarations are errors, at their file and line; what
/// cards name and no pack declares (timing labels, keywords, keyword values) is printed on
/// stderr as a gap (`gap: FILE:LINE:COL: …`, with how to declare it), and the library is
/// built with those effects inert. With `--db`, only the labels and phrases are checked
/// (the catalogue was checked when it was built).
fn check_lenient(
    packs: &[Pack],
    dirs: &[PathBuf],
    lib: &engine::CardLibrary,
) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(e) = lib.strict_error().filter(|e| is_vocabulary_error(e)) {
        let d = super::locate::script_error(packs, dirs, e);
        return Err(carddb::LoadError::Invalid(carddb::Diagnostics(vec![d])).into());
    }
    let check = checks_of(packs, lib);
    if !check.errors.is_empty() {
        return Err(carddb::LoadError::Invalid(carddb::Diagnostics(check.errors)).into());
    }
    let gaps: Vec<_> = check.gaps.into_iter().chain(check.undeclared).collect();
    for g in &gaps {
        eprintln!("gap: {g}");
    }
    if !gaps.is_empty() {
        eprintln!(
            "{} gap(s): playing with these effects inert (`db build` stops on them unless --allow-gaps)",
            gaps.len()
        );
    }
    Ok(())
}

impl SourceArgs {
    /// The card library of `cat` (see [`library`]); when the strict build fails and the
    /// cards come from pack folders, the failure is reported as `db build` reports it, at
    /// its file and line (an unknown timing label names its card file, never only the
    /// card and effect).
    pub fn library(
        &self,
        cat: &Catalogue,
        lenient: bool,
    ) -> Result<engine::CardLibrary, Box<dyn std::error::Error>> {
        if lenient {
            let lib = library(cat, true)?;
            if cat.game()? == carddb::GameKind::BattleSpirits {
                let packs = if self.packs.is_empty() {
                    Vec::new()
                } else {
                    load_packs(&self.packs)?
                };
                check_lenient(&packs, &self.packs, &lib)?;
            }
            return Ok(lib);
        }
        match library(cat, lenient) {
            Err(e) if !self.packs.is_empty() => {
                let packs = load_packs(&self.packs)?;
                let (errors, _) = located_checks(&packs, cat)?;
                if errors.is_empty() {
                    Err(e)
                } else {
                    Err(carddb::LoadError::Invalid(carddb::Diagnostics(errors)).into())
                }
            }
            other => other,
        }
    }

    /// The tools of `cat`'s game (`engine::rules::tools`) and its cards prepared for them.
    /// A Battle Spirits catalogue's cards are [`SourceArgs::library`], with its located pack
    /// checks; any other game's come from its tools. Errors: no tools for the game, or the
    /// cards cannot be prepared.
    pub fn tool_cards(
        &self,
        cat: &Catalogue,
        lenient: bool,
    ) -> Result<
        (
            &'static dyn engine::tools::GameTools,
            engine::tools::ToolCards,
        ),
        Box<dyn std::error::Error>,
    > {
        let game = cat.game()?;
        let tools = engine::rules::tools(game)
            .ok_or_else(|| format!("this build has no tools for the game {}", game.name()))?;
        if game == carddb::GameKind::BattleSpirits {
            return Ok((tools, std::sync::Arc::new(self.library(cat, lenient)?)));
        }
        let input = engine::driver::CardInput::of_catalogue(cat, lenient)?;
        Ok((tools, tools.cards(input)?))
    }

    /// Opens the catalogue these options name (the demo pack when none).
    pub fn open(&self) -> Result<Catalogue, carddb::LoadError> {
        if let Some(db) = &self.db {
            return Catalogue::open_read_only(db);
        }
        let packs = if self.packs.is_empty() {
            vec![Pack::from_files(demo_files())?]
        } else {
            load_packs(&self.packs)?
        };
        let (cat, report) = Catalogue::build_in_memory(&packs)?;
        // As `db build` lists them: a card a later pack replaces is no surprise.
        for o in &report.overrides {
            eprintln!(
                "override: {} from {} replaces the one from {}",
                o.id, o.by_pack, o.over_pack
            );
        }
        Ok(cat)
    }
}
