//! Every check of meaning on pack folders, all in one run: YAML and card
//! fields, decks, dependencies, timing labels and keyword names, script syntax and the
//! functions scripts call. A stage never stops the next: a card file with a mistake is left
//! out of the later stages and the rest is still checked. `db build` and `lint` print what
//! [`check_all`] finds; nothing is written while an error remains.

use std::path::PathBuf;

use carddb::{BuildReport, Catalogue, Diagnostic, GameKind, LoadError, Pack};

/// What [`check_all`] found.
pub struct Checked {
    /// The packs as far as they read (a card file with a mistake left out); a pack whose
    /// `pack.yaml` does not read is missing.
    pub packs: Vec<Pack>,
    /// The catalogue of `packs` built in memory, when they build (dependencies aside).
    pub catalogue: Option<Catalogue>,
    /// What building `catalogue` did, when it is the catalogue of `packs` as given (not
    /// rebuilt without dependencies): `db build` then writes it as it is.
    pub report: Option<BuildReport>,
    /// The lenient card library of that catalogue (Battle Spirits only): a broken script
    /// only fails its own effect.
    pub library: Option<engine::CardLibrary>,
    /// Every error, sorted by file, line and column.
    pub errors: Vec<Diagnostic>,
    /// With `allow_gaps`: what cards name and no pack declares (timing labels, keywords,
    /// keyword values), built as gaps (the effect inert), sorted as the errors.
    pub gaps: Vec<Diagnostic>,
    /// What does not stop a build (e.g. line-battle card text the phrases do not cover).
    pub warnings: Vec<Diagnostic>,
    /// Whether every folder gave a pack (each `pack.yaml` read).
    pub all_packs_read: bool,
}

/// Runs every check on the pack folders `dirs` (overlay order) and collects every error.
/// With `allow_gaps`, a timing label, keyword or keyword value a card names and no pack
/// declares is a gap ([`Checked::gaps`]) instead of an error; a mistake in a pack's own
/// declarations stays an error.
///
/// Errors: only what stops reading at all (a folder or file that cannot be read, the
/// in-memory SQLite failing); mistakes in the packs are in [`Checked::errors`].
pub fn check_all(
    dirs: &[PathBuf],
    allow_gaps: bool,
) -> Result<Checked, Box<dyn std::error::Error>> {
    check_all_with(dirs, allow_gaps, None)
}

/// A file of a pack folder read from memory instead of the disk: the folder (as given in
/// `dirs`), the path inside it (`cards/X.yaml`) and the text.
pub type Replaced<'a> = (&'a std::path::Path, &'a str, &'a str);

/// [`check_all`], with one file's text `replaced` (`serve`'s workshop checks an edit
/// before anything is written).
pub fn check_all_with(
    dirs: &[PathBuf],
    allow_gaps: bool,
    replaced: Option<Replaced<'_>>,
) -> Result<Checked, Box<dyn std::error::Error>> {
    let mut errors = Vec::new();
    let mut gaps = Vec::new();
    let mut warnings = Vec::new();
    let mut packs = Vec::new();
    let mut all_packs_read = true;
    // The phrase grammar's English part is ready by the time the library reads card text
    //; prepared on a thread of its own while the packs load.
    std::thread::spawn(dsl::vocab::prepare);
    for d in dirs {
        let mut files = carddb::PackFiles::read_dir(d)?;
        if let Some((dir, rel, text)) = replaced
            && dir == d.as_path()
        {
            files.files.insert(rel.to_string(), text.to_string());
        }
        let (pack, mut errs) = Pack::from_files_partial(files);
        errors.append(&mut errs);
        match pack {
            Some(p) => packs.push(p),
            None => all_packs_read = false,
        }
    }
    // A pack that depends on the demo pack gets the embedded one.
    let packs = super::source::with_embedded_demo(packs)?;
    // Card text is written ahead on a thread of its own while the catalogue is filled
    // and the library built from it: the library takes what it wrote, the two
    // meeting halfway.
    use engine::rules::battle_spirits::script::{forget_read_ahead, read_ahead};
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (built, lib) = std::thread::scope(|s| {
        if packs
            .iter()
            .any(|p| p.manifest.game == GameKind::BattleSpirits)
        {
            s.spawn(|| read_ahead(&packs, &stop));
        }
        let built = build(&packs, all_packs_read, &mut errors);
        // Timing labels and keyword names, with a did-you-mean and the valid values, are
        // read below with the vocabulary of the lenient library (kept for `lint`'s report).
        let lib = match &built {
            Ok(Some((cat, _))) => match cat.game() {
                Ok(GameKind::BattleSpirits) => Some(super::source::library(cat, true)),
                Ok(_) => None,
                Err(e) => Some(Err(e.into())),
            },
            _ => None,
        };
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        (built, lib)
    });
    forget_read_ahead();
    let (catalogue, report) = match built? {
        Some((c, r)) => (Some(c), r),
        None => (None, None),
    };
    let mut library = None;
    if let Some(lib) = lib {
        let lib = lib?;
        for p in &packs {
            let check = engine::rules::battle_spirits::script::vocab::check_pack(
                p,
                lib.scripts().vocabulary(),
            );
            errors.extend(check.errors);
            // A keyword no pack declares is a mistake at `db build` too, unless
            // the author builds with the gaps.
            let into = if allow_gaps { &mut gaps } else { &mut errors };
            into.extend(check.gaps);
            into.extend(check.undeclared);
        }
        library = Some(lib);
    }
    for p in &packs {
        errors.extend(scripts(p));
        if p.manifest.game == GameKind::LineBattle {
            // Card text the line battle's phrases do not cover (the unknown calls of its
            // scripts are found by `scripts` above, at their own line).
            if let Ok((_, mut w)) = super::lint::line_battle_gaps(std::slice::from_ref(p)) {
                warnings.append(&mut w);
            }
        }
    }
    // Last, what only the engine's own build finds (a phrase's rhai, a keyword script):
    // when nothing above did, its first error — the one a strict build stops at, which
    // the lenient build recorded (no second build). A label or phrase that does
    // not compile always: the cards' errors above may come from the labels it left out.
    if let Some(e) = library.as_ref().and_then(|l| l.strict_error())
        && (errors.is_empty() || super::source::is_vocabulary_error(e))
        // An unknown timing of a scripted effect is one of the gaps listed above.
        && !(allow_gaps && matches!(e, engine::script::ScriptError::UnknownTiming { .. }))
    {
        let d = super::locate::script_error(&packs, dirs, e);
        // The same mistake carddb already located at its field (a phrase template with
        // too many slots) is reported once, there.
        let what = d
            .message
            .split_once(": ")
            .map_or(d.message.as_str(), |(_, m)| m);
        if !errors
            .iter()
            .any(|x| x.file == d.file && x.message.ends_with(what))
        {
            errors.push(d);
        }
    }
    sort_dedup(&mut errors);
    sort_dedup(&mut gaps);
    sort_dedup(&mut warnings);
    Ok(Checked {
        packs,
        catalogue,
        report,
        library,
        errors,
        gaps,
        warnings,
        all_packs_read,
    })
}

/// Prints each gap on stdout (`gap: FILE:LINE:COL: …`) and their count: what the build
/// left inert and how to declare it.
pub fn say_gaps(gaps: &[Diagnostic]) -> std::io::Result<()> {
    for g in gaps {
        say!("gap: {g}");
    }
    if !gaps.is_empty() {
        say!(
            "{} gap(s): built with these effects inert (--allow-gaps)",
            gaps.len()
        );
    }
    Ok(())
}

fn sort_dedup(v: &mut Vec<Diagnostic>) {
    v.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    v.dedup();
}

/// The in-memory catalogue of `packs`. A dependency mistake is recorded and the packs are
/// built without their `depends`, so the later stages still run; when a pack did not read,
/// its dependants' complaints would be false and are not recorded. The report comes only
/// with the catalogue of `packs` as given.
fn build(
    packs: &[Pack],
    all_read: bool,
    errors: &mut Vec<Diagnostic>,
) -> Result<Option<(Catalogue, Option<BuildReport>)>, LoadError> {
    if packs.is_empty() {
        return Ok(None);
    }
    match Catalogue::build_in_memory(packs) {
        Ok((c, r)) => return Ok(Some((c, Some(r)))),
        Err(LoadError::Invalid(d)) => {
            if all_read {
                errors.extend(d.0);
            }
        }
        Err(e) => return Err(e),
    }
    let loose: Vec<Pack> = packs
        .iter()
        .cloned()
        .map(|mut p| {
            p.manifest.depends.clear();
            p
        })
        .collect();
    // The decks of packs with dependencies are checked at overlay, which failed: check
    // them against every card that did load (a card of a missing pack reads as unknown).
    let all: Vec<&carddb::CardDef> = packs
        .iter()
        .flat_map(|p| p.cards.iter().map(|c| &c.def))
        .collect();
    let ids: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
    let lookup = |id: &str| all.iter().copied().find(|c| c.id == id);
    for p in packs.iter().filter(|p| !p.manifest.depends.is_empty()) {
        for d in &p.decks {
            for mut e in carddb::deck::check_cards(&p.files, &d.file, &d.deck, &lookup, &ids) {
                e.help = Some(match e.help {
                    Some(h) => format!("{h}; the packs it depends on are not all loaded"),
                    None => "the packs it depends on are not all loaded".into(),
                });
                errors.push(e);
            }
        }
    }
    match Catalogue::build_in_memory(&loose) {
        Ok((c, _)) => Ok(Some((c, None))),
        // Two packs of one name, or of two games: nothing more to check together.
        Err(LoadError::Invalid(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Every script of `pack` checked with its game's engine ([`engine::script::calls::check_pack`]).
fn scripts(pack: &Pack) -> Vec<Diagnostic> {
    use engine::script::calls::check_pack;
    match pack.manifest.game {
        GameKind::BattleSpirits => check_pack(
            pack,
            &engine::rules::battle_spirits::script::host::engine_with_api(),
            "the Battle Spirits script API (docs/script-api.md)",
        ),
        GameKind::LineBattle => check_pack(
            pack,
            &engine::rules::line_battle::script::engine(),
            "the line battle's script API",
        ),
    }
}
