//! Opening a catalogue file: the schema and its migrations (`PRAGMA user_version`), read-write or
//! read-only, and probing whether a file is a catalogue.

use super::*;

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

/// Brings `conn` up to [`SCHEMA_VERSION`], one migration per transaction step, all inside
/// the caller's transaction. Errors: [`LoadError::SchemaTooNew`].
pub(super) fn migrate(conn: &Connection, path: &Path) -> Result<(), LoadError> {
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
}
