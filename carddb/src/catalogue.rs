//! The SQLite catalogue: built from packs in one transaction into a temporary file that
//! replaces the target only when complete (a bad pack leaves the old catalogue intact),
//! with a schema version (`PRAGMA user_version`), migrations, and an FTS5 index.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use crate::error::{LoadError, did_you_mean};
use crate::model::{CardDef, CardKind, Colour, Deck};
use crate::overlay::{self, Override};
use crate::pack::Pack;
use crate::replace::{check_target, replace_atomically};

/// Schema migrations: entry `i` takes a catalogue from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // v1: cards and everything the rules and the search read.
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     CREATE TABLE packs (name TEXT PRIMARY KEY, version TEXT NOT NULL, game TEXT NOT NULL,
                         priority INTEGER NOT NULL, load_order INTEGER NOT NULL);
     CREATE TABLE cards (id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                         cost INTEGER NOT NULL, pack TEXT NOT NULL REFERENCES packs(name),
                         file TEXT NOT NULL, def TEXT NOT NULL);
     CREATE TABLE card_names (card_id TEXT NOT NULL REFERENCES cards(id), lang TEXT NOT NULL,
                              name TEXT NOT NULL, PRIMARY KEY (card_id, lang));
     CREATE TABLE card_colours (card_id TEXT NOT NULL REFERENCES cards(id), colour TEXT NOT NULL,
                                PRIMARY KEY (card_id, colour));
     CREATE TABLE card_families (card_id TEXT NOT NULL REFERENCES cards(id), family TEXT NOT NULL,
                                 PRIMARY KEY (card_id, family));
     CREATE TABLE levels (card_id TEXT NOT NULL REFERENCES cards(id), level INTEGER NOT NULL,
                          cores INTEGER NOT NULL, bp INTEGER, PRIMARY KEY (card_id, level));
     CREATE TABLE keywords (card_id TEXT NOT NULL REFERENCES cards(id), idx INTEGER NOT NULL,
                            name TEXT NOT NULL, value TEXT, PRIMARY KEY (card_id, idx));
     CREATE TABLE effects (card_id TEXT NOT NULL REFERENCES cards(id), idx INTEGER NOT NULL,
                           timing TEXT, levels TEXT NOT NULL, steps TEXT NOT NULL,
                           script TEXT, script_file TEXT, PRIMARY KEY (card_id, idx));
     CREATE TABLE effect_texts (card_id TEXT NOT NULL, effect_idx INTEGER NOT NULL,
                                lang TEXT NOT NULL, text TEXT NOT NULL,
                                PRIMARY KEY (card_id, effect_idx, lang));
     CREATE TABLE files (pack TEXT NOT NULL REFERENCES packs(name), path TEXT NOT NULL,
                         content TEXT NOT NULL, PRIMARY KEY (pack, path));
     CREATE TABLE decks (pack TEXT NOT NULL REFERENCES packs(name), name TEXT NOT NULL,
                         cards TEXT NOT NULL, PRIMARY KEY (pack, name));
     CREATE TABLE overrides (card_id TEXT NOT NULL, pack TEXT NOT NULL, over_pack TEXT NOT NULL);
     CREATE VIRTUAL TABLE cards_fts USING fts5(card_id UNINDEXED, name, text);",
    // v2: indexes for the search filters.
    "CREATE INDEX cards_by_cost ON cards(cost);
     CREATE INDEX cards_by_kind ON cards(kind);
     CREATE INDEX colours_by_colour ON card_colours(colour);",
];

/// The schema version this cardscript writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The tables whose row counts a build reports.
pub const TABLES: [&str; 12] = [
    "packs",
    "cards",
    "card_names",
    "card_colours",
    "card_families",
    "levels",
    "keywords",
    "effects",
    "effect_texts",
    "files",
    "decks",
    "overrides",
];

/// What a build did: the packs in overlay order, the overrides, rows per table, the hash.
#[derive(Debug, Clone)]
pub struct BuildReport {
    pub packs: Vec<(String, String)>,
    pub overrides: Vec<Override>,
    pub rows: BTreeMap<String, i64>,
    /// SHA-256 of the catalogue's cards and files (hex), recorded in replays.
    pub hash: String,
}

/// A search over the catalogue; every given filter must hold.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    /// Words to find in names and effect texts (FTS5; each word matched as a prefix).
    pub text: Option<String>,
    pub colour: Option<Colour>,
    pub kind: Option<CardKind>,
    pub cost_min: Option<u32>,
    pub cost_max: Option<u32>,
    /// A family, matched case-insensitively.
    pub family: Option<String>,
    /// At most this many results (default 50).
    pub limit: Option<u32>,
}

/// One search hit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSummary {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub cost: u32,
    pub colours: Vec<String>,
    pub pack: String,
}

/// An open catalogue.
pub struct Catalogue {
    conn: Connection,
    path: PathBuf,
}

fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> LoadError + '_ {
    move |source| LoadError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}

/// Brings `conn` up to [`SCHEMA_VERSION`], one migration per transaction step, all inside
/// the caller's transaction. Errors: [`LoadError::SchemaTooNew`].
fn migrate(conn: &Connection, path: &Path) -> Result<(), LoadError> {
    let found: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(sql(path))?;
    if found > SCHEMA_VERSION {
        return Err(LoadError::SchemaTooNew {
            path: path.to_path_buf(),
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        conn.execute_batch(step).map_err(sql(path))?;
        conn.pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(sql(path))?;
    }
    Ok(())
}

impl Catalogue {
    /// Builds the catalogue of `packs` (overlay order: priority, then given order) at
    /// `out`. The file is written whole into a temporary file beside `out` and renamed
    /// over it only after the transaction commits, so on any error the previous file at
    /// `out` is untouched.
    ///
    /// Errors: [`LoadError::Invalid`] for dependency problems, [`LoadError::Sqlite`] and
    /// [`LoadError::Io`] for the file.
    pub fn build(packs: &[Pack], out: &Path) -> Result<(Catalogue, BuildReport), LoadError> {
        check_target(out)?;
        let mut report = None;
        let cat = replace_atomically(out, |tmp| {
            let mut conn = Connection::open(tmp).map_err(sql(out))?;
            report = Some(fill(&mut conn, packs, out)?);
            Ok(())
        })?;
        Ok((cat, report.expect("filled before the file was replaced")))
    }

    /// Writes this catalogue (one built in memory, [`Catalogue::build_in_memory`]) to the
    /// file `out`, as [`Catalogue::build`] would have built it from the same packs: the
    /// same rows and hash, in a temporary file beside `out` renamed over it when complete
    /// (SQLite's `VACUUM INTO`, then an fsync), so `db build` fills the tables once
    /// (issue 15). Returns the catalogue opened at `out`.
    ///
    /// Errors: as [`Catalogue::build`] for the file ([`LoadError::NotACatalogue`] when `out`
    /// is a folder or another program's file, [`LoadError::Sqlite`], [`LoadError::Io`]).
    pub fn write_to(&self, out: &Path) -> Result<Catalogue, LoadError> {
        check_target(out)?;
        replace_atomically(out, |tmp| {
            let tmp = tmp.to_str().ok_or_else(|| LoadError::Io {
                path: out.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "the temporary file's path is not UTF-8",
                ),
            })?;
            self.conn
                .execute("VACUUM INTO ?1", [tmp])
                .map_err(sql(out))?;
            Ok(())
        })
    }

    /// Builds the catalogue of `packs` in memory (for `play --pack`). Errors as
    /// [`Catalogue::build`].
    pub fn build_in_memory(packs: &[Pack]) -> Result<(Catalogue, BuildReport), LoadError> {
        let path = PathBuf::from(":memory:");
        let mut conn = Connection::open_in_memory().map_err(sql(&path))?;
        let report = fill(&mut conn, packs, &path)?;
        Ok((Catalogue { conn, path }, report))
    }

    /// Opens a catalogue file, migrating an older schema in one transaction.
    ///
    /// Errors: [`LoadError::Io`] when the file does not exist, [`LoadError::SchemaTooNew`],
    /// [`LoadError::Sqlite`].
    pub fn open(path: &Path) -> Result<Catalogue, LoadError> {
        if !path.is_file() {
            return Err(LoadError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such catalogue file"),
            });
        }
        let mut conn = Connection::open(path).map_err(sql(path))?;
        let tx = conn.transaction().map_err(sql(path))?;
        migrate(&tx, path)?;
        tx.commit().map_err(sql(path))?;
        Ok(Catalogue {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// Opens a catalogue file for reading only: nothing is ever written to it. The file
    /// must be a cardscript catalogue of the current schema.
    ///
    /// Errors: [`LoadError::Io`] when missing, [`LoadError::NotACatalogue`] for any other
    /// file or an older schema (with the command that migrates it),
    /// [`LoadError::SchemaTooNew`].
    pub fn open_read_only(path: &Path) -> Result<Catalogue, LoadError> {
        if !path.is_file() {
            return Err(LoadError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such catalogue file"),
            });
        }
        let version = Catalogue::probe(path).map_err(|why| LoadError::NotACatalogue {
            path: path.to_path_buf(),
            why: format!("not a cardscript catalogue ({why})"),
        })?;
        if version > SCHEMA_VERSION {
            return Err(LoadError::SchemaTooNew {
                path: path.to_path_buf(),
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < SCHEMA_VERSION {
            return Err(LoadError::NotACatalogue {
                path: path.to_path_buf(),
                why: format!(
                    "catalogue schema v{version} is older than v{SCHEMA_VERSION}; run `cardscript db migrate {}`",
                    path.display()
                ),
            });
        }
        let flags =
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(sql(path))?;
        Ok(Catalogue {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// Whether `path` is a cardscript catalogue: its schema version, read without writing.
    pub(crate) fn probe(path: &Path) -> Result<i64, String> {
        let flags =
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| e.to_string())?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| e.to_string())?;
        let hash: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = 'hash'", [], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| e.to_string())?;
        match (version, hash) {
            (v, Some(_)) if v > 0 => Ok(v),
            _ => Err("no cardscript tables".into()),
        }
    }

    /// The file this catalogue lives in (`:memory:` for an in-memory one).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The catalogue's content hash (SHA-256 hex), as recorded at build time.
    pub fn hash(&self) -> Result<String, LoadError> {
        self.conn
            .query_row("SELECT value FROM meta WHERE key = 'hash'", [], |r| {
                r.get(0)
            })
            .map_err(sql(&self.path))
    }

    /// The schema version of the open file.
    pub fn schema_version(&self) -> Result<i64, LoadError> {
        self.conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql(&self.path))
    }

    /// Every card, sorted by id, read in one transaction (load once, keep in memory).
    pub fn cards(&self) -> Result<Vec<CardDef>, LoadError> {
        self.rows("SELECT id, def FROM cards ORDER BY id", text_pair)?
            .into_iter()
            .map(|(id, def)| self.decode(&id, &def))
            .collect()
    }

    fn decode(&self, id: &str, def: &str) -> Result<CardDef, LoadError> {
        serde_json::from_str(def).map_err(|e| LoadError::Sqlite {
            path: self.path.clone(),
            source: rusqlite::Error::FromSqlConversionFailure(
                0,
                rusqlite::types::Type::Text,
                format!("card {id}: {e}").into(),
            ),
        })
    }

    /// One card by id. Errors: [`LoadError::UnknownCard`] with a did-you-mean.
    pub fn card(&self, id: &str) -> Result<CardDef, LoadError> {
        let def: Option<String> = self
            .conn
            .query_row("SELECT def FROM cards WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(sql(&self.path))?;
        match def {
            Some(def) => self.decode(id, &def),
            None => {
                let ids = self.ids()?;
                Err(LoadError::UnknownCard {
                    id: id.to_string(),
                    did_you_mean: did_you_mean(id, ids.iter().map(String::as_str)),
                })
            }
        }
    }

    /// Every card id, sorted.
    pub fn ids(&self) -> Result<Vec<String>, LoadError> {
        self.rows("SELECT id FROM cards ORDER BY id", |r| r.get(0))
    }

    /// Every row of a parameterless query, each read by `row`.
    fn rows<T>(
        &self,
        query: &str,
        row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, LoadError> {
        let mut stmt = self.conn.prepare(query).map_err(sql(&self.path))?;
        let rows = stmt.query_map([], row).map_err(sql(&self.path))?;
        rows.collect::<Result<Vec<T>, _>>().map_err(sql(&self.path))
    }

    /// The game the catalogue's packs are for (`pack.yaml` `game:`); Battle Spirits for a
    /// catalogue without packs. Errors: packs of different games (naming two of them), or
    /// a game this build does not know.
    pub fn game(&self) -> Result<crate::GameKind, LoadError> {
        let games: Vec<(String, String)> = self
            .rows("SELECT name, game FROM packs ORDER BY name", |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
        let invalid = |msg: String| {
            LoadError::Invalid(crate::Diagnostics(vec![crate::Diagnostic {
                file: self.path.clone(),
                line: 0,
                column: 0,
                field: "packs.game".to_string(),
                message: msg,
                help: None,
            }]))
        };
        let Some((first, game)) = games.first() else {
            return Ok(crate::GameKind::BattleSpirits);
        };
        if let Some((other, g)) = games.iter().find(|(_, g)| g != game) {
            return Err(invalid(format!(
                "packs of two games in one catalogue: {first} is for {game}, {other} for {g}"
            )));
        }
        crate::GameKind::parse(game)
            .ok_or_else(|| invalid(format!("pack {first} is for an unknown game {game:?}")))
    }

    /// The pack that supplied card `id`.
    pub fn pack_of(&self, id: &str) -> Result<Option<String>, LoadError> {
        self.conn
            .query_row("SELECT pack FROM cards WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(sql(&self.path))
    }

    /// A script file of a pack (`effects/X.rhai`, `lib/util.rhai`).
    pub fn file(&self, pack: &str, path: &str) -> Result<Option<String>, LoadError> {
        self.conn
            .query_row(
                "SELECT content FROM files WHERE pack = ?1 AND path = ?2",
                [pack, path],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql(&self.path))
    }

    /// The keyword declarations of the catalogue's packs (issue 12), in load order; a
    /// later pack's declaration of a name replaces an earlier one.
    ///
    /// Errors: [`LoadError::Sqlite`]; [`LoadError::NotACatalogue`] for a stored
    /// declaration that no longer reads.
    pub fn keywords(&self) -> Result<Vec<crate::LoadedKeyword>, LoadError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT f.pack, f.path, f.content FROM files f JOIN packs p ON p.name = f.pack
                 WHERE f.path LIKE 'keywords/%' AND (f.path LIKE '%.yaml' OR f.path LIKE '%.yml')
                 ORDER BY p.load_order, f.path",
            )
            .map_err(sql(&self.path))?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(sql(&self.path))?;
        let mut out: Vec<crate::LoadedKeyword> = Vec::new();
        for row in rows {
            let (pack, file, text) = row.map_err(sql(&self.path))?;
            // Checked when the catalogue was built; a file edited since is reported.
            let def: crate::KeywordDef =
                serde_yaml::from_str(&text).map_err(|e| LoadError::NotACatalogue {
                    path: self.path.clone(),
                    why: format!("keyword declaration {pack}/{file} does not read: {e}"),
                })?;
            // A later pack's declaration of a name replaces an earlier one.
            out.retain(|k| k.def.key() != def.key());
            out.push(crate::LoadedKeyword { def, pack, file });
        }
        Ok(out)
    }

    /// Every pack file stored (`effects/`, `lib/`, `keywords/`, `decks/`): (pack, path,
    /// content), sorted by pack and path.
    pub fn files(&self) -> Result<Vec<(String, String, String)>, LoadError> {
        self.rows(
            "SELECT pack, path, content FROM files ORDER BY pack, path",
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }

    /// Which pack supplied each card, as (card id, pack), sorted by id.
    pub fn card_packs(&self) -> Result<Vec<(String, String)>, LoadError> {
        self.rows("SELECT id, pack FROM cards ORDER BY id", |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
    }

    /// The decks of every pack, as (pack, deck), sorted by pack and name.
    pub fn decks(&self) -> Result<Vec<(String, Deck)>, LoadError> {
        self.rows(
            "SELECT pack, cards FROM decks ORDER BY pack, name",
            text_pair,
        )?
        .into_iter()
        .map(|(pack, json)| {
            let deck: Deck = serde_json::from_str(&json).map_err(|e| LoadError::Sqlite {
                path: self.path.clone(),
                source: rusqlite::Error::FromSqlConversionFailure(
                    0,
                    rusqlite::types::Type::Text,
                    e.into(),
                ),
            })?;
            Ok((pack, deck))
        })
        .collect()
    }

    /// Rows in each table of [`TABLES`].
    pub fn row_counts(&self) -> Result<BTreeMap<String, i64>, LoadError> {
        row_counts(&self.conn, &self.path)
    }

    /// Cards matching every filter of `q`, by id.
    pub fn search(&self, q: &SearchQuery) -> Result<Vec<CardSummary>, LoadError> {
        let mut where_ = Vec::new();
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        if let Some(text) = q.text.as_deref().filter(|t| !t.trim().is_empty())
            && !text.is_ascii()
        {
            // FTS5's tokenizer does not split Japanese or Thai into words: match such text
            // as a substring of names and effect texts instead.
            for word in text.split_whitespace() {
                args.push(format!("%{}%", word.replace('%', "\\%").replace('_', "\\_")).into());
                let n = args.len();
                where_.push(format!(
                    "(c.id IN (SELECT card_id FROM card_names WHERE name LIKE ?{n} ESCAPE '\\') \
                     OR c.id IN (SELECT card_id FROM effect_texts WHERE text LIKE ?{n} ESCAPE '\\'))"
                ));
            }
        } else if let Some(text) = q.text.as_deref().filter(|t| !t.trim().is_empty()) {
            args.push(fts_query(text).into());
            where_.push(format!(
                "c.id IN (SELECT card_id FROM cards_fts WHERE cards_fts MATCH ?{})",
                args.len()
            ));
        }
        if let Some(colour) = q.colour {
            args.push(colour.name().to_string().into());
            where_.push(format!(
                "c.id IN (SELECT card_id FROM card_colours WHERE colour = ?{})",
                args.len()
            ));
        }
        if let Some(kind) = q.kind {
            args.push(kind.name().to_string().into());
            where_.push(format!("c.kind = ?{}", args.len()));
        }
        if let Some(min) = q.cost_min {
            args.push(i64::from(min).into());
            where_.push(format!("c.cost >= ?{}", args.len()));
        }
        if let Some(max) = q.cost_max {
            args.push(i64::from(max).into());
            where_.push(format!("c.cost <= ?{}", args.len()));
        }
        if let Some(family) = &q.family {
            args.push(family.clone().into());
            where_.push(format!(
                "c.id IN (SELECT card_id FROM card_families WHERE family = ?{} COLLATE NOCASE)",
                args.len()
            ));
        }
        let filter = if where_.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", where_.join(" AND "))
        };
        let query = format!(
            "SELECT c.id, c.name, c.kind, c.cost, c.pack,
                    (SELECT group_concat(colour, ',') FROM card_colours WHERE card_id = c.id)
             FROM cards c {filter} ORDER BY c.id LIMIT {}",
            q.limit.unwrap_or(50)
        );
        let mut stmt = self.conn.prepare(&query).map_err(sql(&self.path))?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(args), |r| {
                let colours: Option<String> = r.get(5)?;
                Ok(CardSummary {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    kind: r.get(2)?,
                    cost: r.get(3)?,
                    pack: r.get(4)?,
                    colours: colours
                        .map(|c| c.split(',').map(str::to_string).collect())
                        .unwrap_or_default(),
                })
            })
            .map_err(sql(&self.path))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(sql(&self.path))
    }
}

/// Reads the first two columns of a row as text.
fn text_pair(r: &rusqlite::Row<'_>) -> rusqlite::Result<(String, String)> {
    Ok((r.get(0)?, r.get(1)?))
}

/// User words → an FTS5 query: each word quoted (so punctuation is literal) and matched
/// as a prefix; all words must occur.
fn fts_query(text: &str) -> String {
    text.split_whitespace()
        .map(|w| format!("\"{}\"*", w.replace('"', "\"\"")))
        .collect::<Vec<_>>()
        .join(" ")
}

fn row_counts(conn: &Connection, path: &Path) -> Result<BTreeMap<String, i64>, LoadError> {
    let mut out = BTreeMap::new();
    for t in TABLES {
        let n: i64 = conn
            .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .map_err(sql(path))?;
        out.insert(t.to_string(), n);
    }
    Ok(out)
}

/// Writes everything in one transaction; nothing is committed on any error.
fn fill(conn: &mut Connection, packs: &[Pack], path: &Path) -> Result<BuildReport, LoadError> {
    // The base packs a game needs come first (the Saga keywords, issue 12).
    let packs = crate::base::with_base(packs)?;
    let resolved = overlay::resolve(&packs)?;
    let e = sql(path);
    let tx = conn.transaction().map_err(&e)?;
    migrate(&tx, path)?;
    let mut hasher = Sha256::new();
    {
        let mut pack_stmt = tx
            .prepare("INSERT INTO packs VALUES (?1, ?2, ?3, ?4, ?5)")
            .map_err(&e)?;
        let mut file_stmt = tx
            .prepare("INSERT INTO files VALUES (?1, ?2, ?3)")
            .map_err(&e)?;
        let mut deck_stmt = tx
            .prepare("INSERT INTO decks VALUES (?1, ?2, ?3)")
            .map_err(&e)?;
        for (i, p) in resolved.order.iter().enumerate() {
            let m = &p.manifest;
            pack_stmt
                .execute(params![
                    m.name,
                    m.version,
                    m.game.name(),
                    m.priority,
                    i as i64
                ])
                .map_err(&e)?;
            // Scripts, and deck lists (so a deck named from the catalogue reports its errors
            // at its file and line).
            for (rel, body) in p
                .files
                .under("effects", &[".rhai"])
                .chain(p.files.under("lib", &[".rhai"]))
                // Pack labels and phrases (issue 12): the engine reads them from here.
                .chain(p.files.under("labels", &[".yaml", ".yml"]))
                .chain(p.files.under("phrases", &[".yaml", ".yml"]))
                .chain(p.files.under("keywords", &[".rhai", ".yaml", ".yml"]))
                .chain(p.files.under("decks", &[".txt", ".yaml", ".yml"]))
            {
                file_stmt.execute(params![m.name, rel, body]).map_err(&e)?;
                hasher.update(format!("file\0{}\0{rel}\0{body}\0", m.name));
            }
            for d in &p.decks {
                let json = serde_json::to_string(&d.deck).expect("a deck serialises");
                deck_stmt
                    .execute(params![m.name, d.deck.name, json])
                    .or_else(|err| match err {
                        // Two deck files with one stem (`a.txt`, `a.yaml`): keep the first.
                        rusqlite::Error::SqliteFailure(f, _)
                            if f.code == rusqlite::ErrorCode::ConstraintViolation =>
                        {
                            Ok(0)
                        }
                        other => Err(other),
                    })
                    .map_err(&e)?;
            }
        }
        let mut card_stmt = tx
            .prepare("INSERT INTO cards VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            .map_err(&e)?;
        let mut name_stmt = tx
            .prepare("INSERT INTO card_names VALUES (?1, ?2, ?3)")
            .map_err(&e)?;
        let mut colour_stmt = tx
            .prepare("INSERT OR IGNORE INTO card_colours VALUES (?1, ?2)")
            .map_err(&e)?;
        let mut family_stmt = tx
            .prepare("INSERT OR IGNORE INTO card_families VALUES (?1, ?2)")
            .map_err(&e)?;
        let mut level_stmt = tx
            .prepare("INSERT INTO levels VALUES (?1, ?2, ?3, ?4)")
            .map_err(&e)?;
        let mut kw_stmt = tx
            .prepare("INSERT INTO keywords VALUES (?1, ?2, ?3, ?4)")
            .map_err(&e)?;
        let mut effect_stmt = tx
            .prepare("INSERT INTO effects VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            .map_err(&e)?;
        let mut text_stmt = tx
            .prepare("INSERT INTO effect_texts VALUES (?1, ?2, ?3, ?4)")
            .map_err(&e)?;
        let mut fts_stmt = tx
            .prepare("INSERT INTO cards_fts VALUES (?1, ?2, ?3)")
            .map_err(&e)?;
        for (id, (card, pack)) in &resolved.cards {
            let c = &card.def;
            let def = serde_json::to_string(c).expect("a card serialises");
            hasher.update(format!("card\0{def}\0"));
            card_stmt
                .execute(params![
                    id,
                    c.name,
                    c.kind.name(),
                    c.cost,
                    pack.manifest.name,
                    card.file,
                    def
                ])
                .map_err(&e)?;
            name_stmt.execute(params![id, "en", c.name]).map_err(&e)?;
            for (lang, name) in c.names.iter().filter(|(l, _)| l.as_str() != "en") {
                name_stmt.execute(params![id, lang, name]).map_err(&e)?;
            }
            for colour in &c.colours {
                colour_stmt
                    .execute(params![id, colour.name()])
                    .map_err(&e)?;
            }
            for family in &c.families {
                family_stmt.execute(params![id, family]).map_err(&e)?;
            }
            for row in &c.levels {
                level_stmt
                    .execute(params![id, row.level, row.cores, row.bp])
                    .map_err(&e)?;
            }
            for (i, k) in c.keywords.iter().enumerate() {
                let value = k
                    .value
                    .as_ref()
                    .map(|v| serde_json::to_string(v).expect("a value serialises"));
                kw_stmt
                    .execute(params![id, i as i64, k.name, value])
                    .map_err(&e)?;
            }
            let mut all_text = Vec::new();
            for (i, eff) in c.effects.iter().enumerate() {
                let levels = serde_json::to_string(&eff.levels).expect("levels serialise");
                let steps = serde_json::to_string(&eff.steps).expect("steps serialise");
                effect_stmt
                    .execute(params![
                        id,
                        i as i64,
                        eff.timing,
                        levels,
                        steps,
                        eff.script,
                        eff.script_file
                    ])
                    .map_err(&e)?;
                for (lang, text) in &eff.text {
                    text_stmt
                        .execute(params![id, i as i64, lang, text])
                        .map_err(&e)?;
                    all_text.push(text.as_str());
                }
            }
            let names: Vec<&str> = std::iter::once(c.name.as_str())
                .chain(c.names.values().map(String::as_str))
                .collect();
            fts_stmt
                .execute(params![id, names.join(" "), all_text.join("\n")])
                .map_err(&e)?;
        }
        let mut ov_stmt = tx
            .prepare("INSERT INTO overrides VALUES (?1, ?2, ?3)")
            .map_err(&e)?;
        for o in &resolved.overrides {
            ov_stmt
                .execute(params![o.id, o.by_pack, o.over_pack])
                .map_err(&e)?;
        }
    }
    let hash = format!("{:x}", hasher.finalize());
    tx.execute("INSERT INTO meta VALUES ('hash', ?1)", [&hash])
        .map_err(&e)?;
    let rows = row_counts(&tx, path)?;
    tx.commit().map_err(&e)?;
    Ok(BuildReport {
        packs: resolved
            .order
            .iter()
            .map(|p| (p.manifest.name.clone(), p.manifest.version.clone()))
            .collect(),
        overrides: resolved.overrides,
        rows,
        hash,
    })
}
