//! Reading a catalogue: cards, packs, files, keywords, decks, row counts, and the FTS5 search.

use super::*;

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

impl Catalogue {
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

    /// The keyword declarations of the catalogue's packs, in load order; a
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
            let not_read = |e: String| LoadError::NotACatalogue {
                path: self.path.clone(),
                why: format!("keyword declaration {pack}/{file} does not read: {e}"),
            };
            crate::yamldepth::check_depth(&text)
                .map_err(|d| not_read(format!("line {}: {}", d.line, d.message())))?;
            let def: crate::KeywordDef =
                serde_yaml::from_str(&text).map_err(|e| not_read(e.to_string()))?;
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

pub(super) fn row_counts(
    conn: &Connection,
    path: &Path,
) -> Result<BTreeMap<String, i64>, LoadError> {
    let mut out = BTreeMap::new();
    for t in TABLES {
        let n: i64 = conn
            .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .map_err(sql(path))?;
        out.insert(t.to_string(), n);
    }
    Ok(out)
}
