//! Building a catalogue from packs: one transaction into a temporary file renamed over the target
//! when complete (or in memory), overlays applied, every table and the FTS5 index filled, the
//! content hash recorded.

use super::*;

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
    /// Returns the catalogue opened at `out`.
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
}

/// Writes everything in one transaction; nothing is committed on any error.
fn fill(conn: &mut Connection, packs: &[Pack], path: &Path) -> Result<BuildReport, LoadError> {
    // The base packs a game needs come first (the Saga keywords).
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
            // What a library reads (scripts, labels, phrases, keywords: the engine reads them
            // from here), and deck lists (so a deck named from the catalogue reports its
            // errors at its file and line).
            for (rel, body) in p
                .source_files()
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
