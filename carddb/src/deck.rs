//! Deck lists: the community text format (`3x ST01-001: Card Name`, `#` comments; a line
//! battle deck adds one `master: ID` line) and a YAML deck; checks against the catalogue
//! and a deck format (BS-0.1, LB-0.1).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{Diagnostic, did_you_mean};
use crate::model::{CardDef, CardKind, Deck, DeckEntry};
use crate::pack::GameKind;
use crate::source::PackFiles;
use crate::yamlfile::YamlFile;

pub use crate::format::DeckFormat;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlDeck {
    #[serde(default)]
    name: Option<String>,
    /// Line battle: the master card's id.
    #[serde(default)]
    master: Option<String>,
    /// The deck format (`casual`, …); default: the game's.
    #[serde(default)]
    format: Option<String>,
    cards: Vec<YamlDeckEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlDeckEntry {
    id: String,
    #[serde(default = "one")]
    count: u32,
}

fn one() -> u32 {
    1
}

/// Parses the deck file `rel` of `files`: `.txt` in the community format (with at most one
/// `master: ID[: Name]` line), otherwise YAML (`{name, master, cards: [{id, count}]}`). The
/// deck's name is the file stem unless the YAML says.
///
/// Errors: one diagnostic per malformed line (line and column), a second `master:` line,
/// or the YAML error.
pub fn parse(files: &PackFiles, rel: &str, text: &str) -> Result<Deck, Vec<Diagnostic>> {
    match parse_lenient(files, rel, text) {
        (Some(deck), errors) if errors.is_empty() => Ok(deck),
        (_, errors) => Err(errors),
    }
}

/// [`parse`], keeping the deck as far as it reads: a `.txt` deck with malformed lines comes
/// back with its well-formed lines beside the errors, so that they are still checked
/// against the cards in the same run; a YAML deck that does not read is `None`.
pub fn parse_lenient(files: &PackFiles, rel: &str, text: &str) -> (Option<Deck>, Vec<Diagnostic>) {
    let stem = rel
        .rsplit('/')
        .next()
        .unwrap_or(rel)
        .split('.')
        .next()
        .unwrap_or(rel)
        .to_string();
    if rel.ends_with(".txt") {
        return parse_txt(files, rel, text, stem);
    }
    match parse_yaml(files, rel, text, stem) {
        Ok(deck) => (Some(deck), Vec::new()),
        Err(errors) => (None, errors),
    }
}

fn parse_yaml(
    files: &PackFiles,
    rel: &str,
    text: &str,
    stem: String,
) -> Result<Deck, Vec<Diagnostic>> {
    let file = YamlFile::new(files, rel, text);
    let parsed: YamlDeck = file
        .value(text)
        .and_then(|v| file.typed(v, ""))
        .map_err(|e| vec![e])?;
    let entries: Vec<DeckEntry> = parsed
        .cards
        .into_iter()
        .enumerate()
        .map(|(i, e)| DeckEntry {
            count: e.count,
            card: e.id,
            name: None,
            line: file.locations().find(&format!("cards[{i}]")).line,
        })
        .collect();
    let too_many: Vec<Diagnostic> = entries
        .iter()
        .filter(|e| e.count > MAX_LINE_COUNT)
        .map(|e| count_error(files, rel, e.line, e.count))
        .collect();
    if !too_many.is_empty() {
        return Err(too_many);
    }
    let master = parsed.master.map(|card| DeckEntry {
        count: 1,
        card,
        name: None,
        line: file.locations().find("master").line,
    });
    if let Some(f) = &parsed.format
        && let Some(e) = format_error(files, rel, file.locations().find("format").line, f)
    {
        return Err(vec![e]);
    }
    Ok(Deck {
        name: parsed.name.unwrap_or(stem),
        entries,
        master,
        format: parsed.format,
    })
}

/// The deck as far as it reads and one diagnostic per malformed line.
fn parse_txt(
    files: &PackFiles,
    rel: &str,
    text: &str,
    name: String,
) -> (Option<Deck>, Vec<Diagnostic>) {
    let mut entries = Vec::new();
    let mut master: Option<DeckEntry> = None;
    let mut format: Option<String> = None;
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        // A byte-order mark at the start of the file is not part of the first line.
        let raw = raw.trim_start_matches('\u{feff}');
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = keyed_line(line, "format") {
            match format_error(files, rel, i + 1, name) {
                Some(e) => errors.push(e),
                None if format.is_some() => errors.push(at(
                    files,
                    rel,
                    i + 1,
                    "a second `format:` line".into(),
                    Some("a deck names one format".into()),
                )),
                None => format = Some(name.to_string()),
            }
            continue;
        }
        if let Some(rest) = keyed_line(line, "master") {
            match (parse_line(&format!("1x {rest}")), &master) {
                (_, Some(first)) => errors.push(at(
                    files,
                    rel,
                    i + 1,
                    "a second `master:` line; a deck has exactly one master (LB-0.1)".into(),
                    Some(format!("the first is on line {}", first.line)),
                )),
                (Some((count, card, name)), None) => {
                    master = Some(DeckEntry {
                        count,
                        card,
                        name,
                        line: i + 1,
                    })
                }
                (None, None) => errors.push(at(
                    files,
                    rel,
                    i + 1,
                    format!("`{line}` is not a master line"),
                    Some("write `master: CARD-ID: Card Name`".into()),
                )),
            }
            continue;
        }
        match parse_line(line) {
            Some((count, ..)) if count > MAX_LINE_COUNT => {
                errors.push(count_error(files, rel, i + 1, count))
            }
            Some((count, card, name)) => entries.push(DeckEntry {
                count,
                card,
                name,
                line: i + 1,
            }),
            None => errors.push(Diagnostic {
                file: files.display_path(rel),
                line: i + 1,
                column: raw.len() - raw.trim_start().len() + 1,
                field: String::new(),
                message: format!("`{line}` is not a deck line"),
                help: Some(
                    "write `COUNTx CARD-ID: Card Name`, e.g. `3x DEMO-R01: Cinder Pup` (a demo card)".into(),
                ),
            }),
        }
    }
    let deck = Deck {
        name,
        entries,
        master,
        format,
    };
    (Some(deck), errors)
}

/// The most copies one deck line or entry may give: far above any format's limit, low
/// enough that expanding a deck can never exhaust memory.
pub const MAX_LINE_COUNT: u32 = 999;

/// `master: LB-M01: Name` with key `master` → `Some("LB-M01: Name")` (the key in any
/// case); `format: casual` with key `format` → `Some("casual")`.
fn keyed_line<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let (word, rest) = line.split_once(':')?;
    word.trim().eq_ignore_ascii_case(key).then_some(rest.trim())
}

/// An unknown format name on `line`, with a did-you-mean and the known names.
fn format_error(files: &PackFiles, rel: &str, line: usize, name: &str) -> Option<Diagnostic> {
    if DeckFormat::by_name(name).is_some() {
        return None;
    }
    let hint = did_you_mean(name, DeckFormat::NAMES.iter().copied())
        .map(|s| format!("did you mean `{s}`? "))
        .unwrap_or_default();
    Some(at(
        files,
        rel,
        line,
        format!("unknown deck format `{name}`"),
        Some(format!(
            "{hint}known formats: {}",
            DeckFormat::NAMES.join(", ")
        )),
    ))
}

/// `3x ST01-001: Name` → (3, "ST01-001", Some("Name")).
fn parse_line(line: &str) -> Option<(u32, String, Option<String>)> {
    let (count, rest) = line.split_once(|c: char| c == 'x' || c == 'X' || c.is_whitespace())?;
    let count: u32 = count.trim().parse().ok()?;
    let (id, name) = match rest.split_once(':') {
        Some((id, name)) => (id.trim(), Some(name.trim()).filter(|n| !n.is_empty())),
        None => (rest.trim(), None),
    };
    if count == 0 || id.is_empty() || id.contains(char::is_whitespace) {
        return None;
    }
    Some((count, id.to_string(), name.map(str::to_string)))
}

fn count_error(files: &PackFiles, rel: &str, line: usize, count: u32) -> Diagnostic {
    at(
        files,
        rel,
        line,
        format!("{count} copies on one line; at most {MAX_LINE_COUNT}"),
        None,
    )
}

fn at(
    files: &PackFiles,
    rel: &str,
    line: usize,
    message: String,
    help: Option<String>,
) -> Diagnostic {
    Diagnostic {
        file: files.display_path(rel),
        line,
        column: 1,
        field: String::new(),
        message,
        help,
    }
}

/// Every entry naming a card that `lookup` does not know, with a did-you-mean over `ids`.
pub fn check_cards<'a>(
    files: &PackFiles,
    rel: &str,
    deck: &Deck,
    lookup: &dyn Fn(&str) -> Option<&'a CardDef>,
    ids: &[&str],
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = deck
        .entries
        .iter()
        .chain(&deck.master)
        .filter(|e| lookup(&e.card).is_none())
        .map(|e| {
            let help =
                did_you_mean(&e.card, ids.iter().copied()).map(|s| format!("did you mean `{s}`?"));
            at(
                files,
                rel,
                e.line,
                format!("unknown card `{}`", e.card),
                help,
            )
        })
        .collect();
    // The name a list gives after the id must be that card's: a mismatch is most often
    // a mistyped id.
    for e in deck.entries.iter().chain(&deck.master) {
        if let (Some(given), Some(card)) = (&e.name, lookup(&e.card))
            && !given.eq_ignore_ascii_case(card.name.trim())
        {
            out.push(at(
                files,
                rel,
                e.line,
                format!("`{}` is `{}`, not `{given}`", e.card, card.name),
                Some("fix the id or the name".into()),
            ));
        }
    }
    out
}

/// The deck's breaches of `format` (BS-0.1, LB-0.1): size out of range, more copies of a
/// card name (Battle Spirits) or id (line battle) than allowed (the line of the entry that
/// goes over); for the line battle also a missing master, a master line naming a card that
/// is no master, and a master in the main deck.
pub fn check_format<'a>(
    files: &PackFiles,
    rel: &str,
    deck: &Deck,
    lookup: &dyn Fn(&str) -> Option<&'a CardDef>,
    format: &DeckFormat,
) -> Vec<Diagnostic> {
    let mut out = masters(files, rel, deck, lookup, format);
    let rule = format.rule();
    let total = deck.len();
    let last_line = deck.entries.last().map_or(1, |e| e.line);
    if total < format.min_cards {
        out.push(at(
            files,
            rel,
            last_line,
            format!(
                "the deck has {total} cards; the {} format needs at least {} ({rule})",
                format.name, format.min_cards
            ),
            None,
        ));
    }
    if let Some(max) = format.max_cards.filter(|&m| total > m) {
        out.push(at(
            files,
            rel,
            last_line,
            format!(
                "the deck has {total} cards; the {} format allows at most {max} ({rule})",
                format.name
            ),
            None,
        ));
    }
    let mut copies: BTreeMap<String, u32> = BTreeMap::new();
    let by_id = format.game == GameKind::LineBattle;
    let unit = if by_id { "card id" } else { "card" };
    for e in &deck.entries {
        let name = match lookup(&e.card) {
            Some(c) if !by_id => c.name.clone(),
            _ => e.card.clone(),
        };
        let n = copies.entry(name.clone()).or_default();
        *n += e.count;
        if *n > format.max_copies && *n - e.count <= format.max_copies {
            out.push(at(
                files,
                rel,
                e.line,
                format!(
                    "{} copies of `{name}`; the {} format allows at most {} of a {unit} ({rule})",
                    n, format.name, format.max_copies
                ),
                None,
            ));
        }
    }
    out
}

/// The master checks of `check_format`: exactly one master, on its own line (LB-0.1); none
/// in a Battle Spirits deck.
fn masters<'a>(
    files: &PackFiles,
    rel: &str,
    deck: &Deck,
    lookup: &dyn Fn(&str) -> Option<&'a CardDef>,
    format: &DeckFormat,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if format.game != GameKind::LineBattle {
        if let Some(m) = &deck.master {
            out.push(at(
                files,
                rel,
                m.line,
                format!(
                    "a {} deck has no master card (`master:` is a line-battle line)",
                    format.name
                ),
                Some("remove this line".into()),
            ));
        }
        return out;
    }
    match &deck.master {
        None => out.push(at(
            files,
            rel,
            1,
            "the deck names no master; a line-battle deck has exactly one (LB-0.1)".into(),
            Some("add a line `master: CARD-ID: Card Name`".into()),
        )),
        Some(m) => {
            if let Some(c) = lookup(&m.card).filter(|c| c.kind != CardKind::Master) {
                out.push(at(
                    files,
                    rel,
                    m.line,
                    format!("`{}` is a {}, not a master (LB-0.1)", m.card, c.kind),
                    Some("name a card of kind `master` here".into()),
                ));
            }
        }
    }
    for e in &deck.entries {
        if lookup(&e.card).is_some_and(|c| c.kind == CardKind::Master) {
            out.push(at(
                files,
                rel,
                e.line,
                format!(
                    "`{}` is a master: it goes on the `master:` line, not in the main deck (LB-0.1)",
                    e.card
                ),
                Some(format!("write `master: {}` instead", e.card)),
            ));
        }
    }
    out
}

/// A deck read from a file outside any pack, with the files it came from (for errors).
pub struct DeckFile {
    pub deck: Deck,
    pub files: PackFiles,
    pub rel: String,
}

/// Reads and parses one deck file.
///
/// Errors: [`crate::LoadError::Io`], or [`crate::LoadError::Invalid`] with every malformed line.
pub fn load_file(path: &std::path::Path) -> Result<DeckFile, crate::LoadError> {
    match load_file_lenient(path)? {
        (Some(deck), errors) if errors.is_empty() => Ok(deck),
        (_, errors) => Err(crate::LoadError::Invalid(crate::Diagnostics(errors))),
    }
}

/// [`load_file`], keeping the deck as far as it reads beside its malformed lines (see
/// [`parse_lenient`]), so a caller can check the rest in the same run.
///
/// Errors: [`crate::LoadError::Io`] when the file cannot be read,
/// [`crate::LoadError::Invalid`] where it is not UTF-8.
pub fn load_file_lenient(
    path: &std::path::Path,
) -> Result<(Option<DeckFile>, Vec<Diagnostic>), crate::LoadError> {
    let text = crate::source::read_text(path)?;
    let rel = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let files = PackFiles {
        origin: path
            .parent()
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default(),
        files: BTreeMap::from([(rel.clone(), text.clone())]),
    };
    let (deck, errors) = parse_lenient(&files, &rel, &text);
    Ok((deck.map(|deck| DeckFile { deck, files, rel }), errors))
}

/// Every problem of a deck file against `cards` and `format`: unknown cards first; the
/// format limits only when every card is known.
pub fn check(deck: &DeckFile, cards: &[CardDef], format: &DeckFormat) -> Vec<Diagnostic> {
    let unknown = check_known(deck, cards);
    if !unknown.is_empty() {
        return unknown;
    }
    let by_id: BTreeMap<&str, &CardDef> = cards.iter().map(|c| (c.id.as_str(), c)).collect();
    let lookup = |id: &str| by_id.get(id).copied();
    check_format(&deck.files, &deck.rel, &deck.deck, &lookup, format)
}

/// The unknown cards of a deck file and the names that do not match their ids, against
/// `cards`, each at its line with a did-you-mean (no format limits).
pub fn check_known(deck: &DeckFile, cards: &[CardDef]) -> Vec<Diagnostic> {
    let by_id: BTreeMap<&str, &CardDef> = cards.iter().map(|c| (c.id.as_str(), c)).collect();
    let lookup = |id: &str| by_id.get(id).copied();
    let ids: Vec<&str> = by_id.keys().copied().collect();
    check_cards(&deck.files, &deck.rel, &deck.deck, &lookup, &ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_community_line_format() {
        assert_eq!(
            parse_line("3x ST01-001: Nebula"),
            Some((3, "ST01-001".into(), Some("Nebula".into())))
        );
        assert_eq!(parse_line("4 X-1"), Some((4, "X-1".into(), None)));
        assert_eq!(parse_line("x ST01-001"), None);
        assert_eq!(parse_line("0x A-1"), None);
    }

    #[test]
    fn reads_the_master_line_of_a_line_battle_deck() {
        assert_eq!(
            keyed_line("master: LB-M01: Name", "master"),
            Some("LB-M01: Name")
        );
        assert_eq!(keyed_line("Master:LB-M01", "master"), Some("LB-M01"));
        assert_eq!(keyed_line("3x LB-001: Name", "master"), None);
        let files = PackFiles::from_memory("t", [("d.txt".to_string(), String::new())]);
        let deck = parse(
            &files,
            "d.txt",
            "# x\n3x LB-001: A\nmaster: LB-M01: Warden\n",
        )
        .unwrap();
        let m = deck.master.clone().unwrap();
        assert_eq!(
            (m.card.as_str(), m.name.as_deref(), m.line),
            ("LB-M01", Some("Warden"), 3)
        );
        assert_eq!(deck.len(), 3, "the master is not part of the main deck");
    }
}
