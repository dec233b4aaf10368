//! The board a person at the terminal reads (`play --p1 human`): each side as counters and
//! areas of rows. It is printed whole at a seat's first question of a turn and on `b`;
//! at the other questions only what changed since the seat's last question: counters as
//! `reserve 5 → 2`, rows as `+` (new), `~` (changed: the parts that changed) and `-`
//! (gone). Built from either game's view: Battle Spirits' ([`of_battle_spirits`]) or the
//! JSON view of any other game ([`of_json`]).

use std::io::Write;

use engine::Game;
use engine::rules::battle_spirits::{CoreLoc, View};

type Error = Box<dyn std::error::Error>;

/// One labelled value: a counter of a side, or one number or state of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// `reserve`, `BP`, `LV` (glued: `LV2`), or empty for a bare state (`exhausted`).
    pub label: &'static str,
    /// The value in words.
    pub value: String,
    /// Whether the label and value are written together (`LV2`).
    pub glued: bool,
    /// A value the whole board leaves out (`0` for the count area, `none` for a burst).
    pub quiet: Option<&'static str>,
}

impl Part {
    /// `label value`.
    pub fn new(label: &'static str, value: impl ToString) -> Part {
        Part {
            label,
            value: value.to_string(),
            glued: false,
            quiet: None,
        }
    }

    /// `labelvalue` (`LV2`).
    pub fn glued(label: &'static str, value: impl ToString) -> Part {
        Part {
            glued: true,
            ..Part::new(label, value)
        }
    }

    /// Left out of the whole board while its value is `quiet`.
    pub fn quiet(mut self, quiet: &'static str) -> Part {
        self.quiet = Some(quiet);
        self
    }

    fn words(&self, v: &str) -> String {
        match (self.label, self.glued) {
            ("", _) => v.to_string(),
            (l, true) => format!("{l}{v}"),
            (l, false) => format!("{l} {v}"),
        }
    }

    /// The part now.
    pub fn whole(&self) -> String {
        self.words(&self.value)
    }

    /// The part as it changed: `reserve 5 → 2`, `LV1 → LV2`, `refreshed → exhausted`.
    pub fn changed(&self, before: &str) -> String {
        if self.glued {
            format!("{} → {}", self.words(before), self.whole())
        } else if self.label.is_empty() {
            format!("{before} → {}", self.value)
        } else {
            format!("{} {before} → {}", self.label, self.value)
        }
    }
}

/// One card (or one entry of a pile): its key (`#8`; for piles shown by name, the name and
/// its copy number), its title and its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// What identifies the row from one question to the next.
    pub key: String,
    /// `Gullwing Lancer #8`.
    pub title: String,
    /// Its numbers and states.
    pub parts: Vec<Part>,
}

/// A field, a line, a hand or a pile of a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// `field`, `hand`, `trash`, `attack line` …
    pub name: &'static str,
    /// Written on one line (`trash: A, B`) rather than a row a line.
    pub inline: bool,
    /// Its rows, in the view's order.
    pub rows: Vec<Row>,
}

impl Area {
    /// Rows named by title only (a trash): keyed by title and copy number, so one more
    /// copy of a card is one `+` row.
    pub fn pile(name: &'static str, titles: impl IntoIterator<Item = String>) -> Area {
        let mut rows: Vec<Row> = Vec::new();
        for t in titles {
            let copy = rows.iter().filter(|r| r.title == t).count();
            rows.push(Row {
                key: format!("{t}/{copy}"),
                title: t,
                parts: Vec::new(),
            });
        }
        Area {
            name,
            inline: true,
            rows,
        }
    }
}

/// One player's side as the seat sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// `you` or `opponent`.
    pub who: &'static str,
    /// Life, reserve, decks and hands as counts …
    pub counters: Vec<Part>,
    /// Field, hand, trash …
    pub areas: Vec<Area>,
}

/// What a seat sees at a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The turn it was seen in: a new turn prints the board whole.
    pub turn: u32,
    /// Both sides, the seat's own first.
    pub sides: Vec<Side>,
}

fn row_whole(r: &Row, inline: bool) -> String {
    let parts: Vec<String> = r.parts.iter().map(Part::whole).collect();
    match (parts.is_empty(), inline) {
        (true, _) => r.title.clone(),
        (false, true) => format!("{} ({})", r.title, parts.join(", ")),
        (false, false) => format!("{} {}", r.title, parts.join(" · ")),
    }
}

impl Board {
    /// Every side: its counters on one line, a row a line for the field, piles on a line.
    pub fn print_whole(&self, out: &mut dyn Write) -> Result<(), Error> {
        for s in &self.sides {
            let counters: Vec<String> = s
                .counters
                .iter()
                .filter(|c| c.quiet != Some(c.value.as_str()))
                .map(Part::whole)
                .collect();
            writeln!(out, "  [{}] {}", s.who, counters.join(" · "))?;
            for a in &s.areas {
                if a.inline {
                    if !a.rows.is_empty() {
                        let rows: Vec<String> = a.rows.iter().map(|r| row_whole(r, true)).collect();
                        writeln!(out, "      {}: {}", a.name, rows.join(", "))?;
                    }
                } else {
                    for r in &a.rows {
                        writeln!(out, "      {}", row_whole(r, false))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// What changed since `before`: a side's changed counters on one line, then per area
    /// the rows gone (`-`), changed (`~`, only their changed parts) and new (`+`).
    /// Returns how many lines it printed (0: nothing changed).
    pub fn print_changes(&self, before: &Board, out: &mut dyn Write) -> Result<usize, Error> {
        let mut n = 0;
        for (s, b) in self.sides.iter().zip(&before.sides) {
            let changed: Vec<String> = s
                .counters
                .iter()
                .filter_map(|c| {
                    let old = b.counters.iter().find(|o| o.label == c.label);
                    let old = old.map_or("none", |o| o.value.as_str());
                    (old != c.value).then(|| c.changed(old))
                })
                .collect();
            if !changed.is_empty() {
                writeln!(out, "  [{}] {}", s.who, changed.join(" · "))?;
                n += 1;
            }
            for a in &s.areas {
                let empty = Vec::new();
                let old = b
                    .areas
                    .iter()
                    .find(|o| o.name == a.name)
                    .map_or(&empty, |o| &o.rows);
                let place = |inline: bool| {
                    if inline {
                        format!("[{}] {}: ", s.who, a.name)
                    } else {
                        format!("[{}] ", s.who)
                    }
                };
                for o in old {
                    if !a.rows.iter().any(|r| r.key == o.key) {
                        writeln!(out, "  - {}{}", place(a.inline), o.title)?;
                        n += 1;
                    }
                }
                for r in &a.rows {
                    match old.iter().find(|o| o.key == r.key) {
                        None => {
                            writeln!(out, "  + {}{}", place(a.inline), row_whole(r, a.inline))?;
                            n += 1;
                        }
                        Some(o) => {
                            let parts: Vec<String> = r
                                .parts
                                .iter()
                                .filter_map(|p| {
                                    let was = o.parts.iter().find(|q| q.label == p.label);
                                    let was = was.map_or("none", |q| q.value.as_str());
                                    (was != p.value).then(|| p.changed(was))
                                })
                                .collect();
                            if !parts.is_empty() {
                                writeln!(
                                    out,
                                    "  ~ {}{}: {}",
                                    place(a.inline),
                                    r.title,
                                    parts.join(" · ")
                                )?;
                                n += 1;
                            }
                        }
                    }
                }
            }
        }
        Ok(n)
    }
}

/// BS-13.4: what a heavily exhausted card means, after its state.
const HEAVY: &str = "heavily exhausted (upside down: cannot attack or block; \
     the next refresh only turns it sideways, BS-13.4)";

/// A Battle Spirits board as `view`'s seat sees it; the soul core's one place (BS-0.2,
/// BS-0.5: the reserve, a card, the trash …) and heavy exhaustion (BS-13.4) from `game`.
pub fn of_battle_spirits(game: &Game, view: &View) -> Board {
    let me = view.me.index();
    let mut order = vec![me, 1 - me];
    order.dedup();
    let sides = order
        .into_iter()
        .map(|i| {
            let side = &view.players[i];
            let p = engine::core::PlayerId(i as u8);
            let soul = if side.reserve_soul_core {
                "in the reserve".to_string()
            } else if let Some(c) = side.field.iter().find(|c| c.soul_core) {
                format!("on {} {}", c.name, c.id)
            } else if game.soul_at(CoreLoc::Trash(p)) {
                "in the trash".to_string()
            } else if game.soul_at(CoreLoc::Count(p)) {
                "in the count area".to_string()
            } else if game.soul_at(CoreLoc::Life(p)) {
                "in life".to_string()
            } else {
                "not on the board".to_string()
            };
            let counters = vec![
                Part::new("life", side.life),
                Part::new("reserve", side.reserve),
                Part::new("trash cores", side.trash_cores),
                Part::new("count", side.count).quiet("0"),
                Part::new("deck", side.deck),
                Part::new("hand", side.hand_count),
                Part::new("soul core", soul),
                Part::new(
                    "burst",
                    match (&side.burst, side.burst_set) {
                        (Some(name), _) => format!("{name} (set)"),
                        (None, true) => "set".into(),
                        _ => "none".into(),
                    },
                )
                .quiet("none"),
            ];
            let field = side
                .field
                .iter()
                .map(|c| {
                    let mut parts = vec![Part::glued(
                        "LV",
                        c.level.map_or("-".into(), |l| l.to_string()),
                    )];
                    if c.kind != carddb::CardKind::Nexus {
                        parts.push(Part::new("BP", c.bp));
                    }
                    parts.push(Part::new("cores", c.cores));
                    if c.kind != carddb::CardKind::Nexus {
                        let state = if game.is_heavily_exhausted(c.id) {
                            HEAVY
                        } else if c.exhausted {
                            "exhausted"
                        } else {
                            "refreshed"
                        };
                        parts.push(Part::new("", state));
                    }
                    if let Some(host) = c.braved_onto {
                        let host = side.field.iter().find(|h| h.id == host);
                        parts.push(Part::new(
                            "braved onto",
                            host.map_or("?".to_string(), |h| format!("{} {}", h.name, h.id)),
                        ));
                    }
                    Row {
                        key: c.id.to_string(),
                        title: format!("{} {}", c.name, c.id),
                        parts,
                    }
                })
                .collect();
            let name = |id: &str| {
                game.library()
                    .get(id)
                    .map_or(id.to_string(), |d| d.name.clone())
            };
            let mut areas = vec![Area {
                name: "field",
                inline: false,
                rows: field,
            }];
            if let Some(hand) = &side.hand {
                areas.push(Area {
                    name: "hand",
                    inline: true,
                    rows: hand
                        .iter()
                        .map(|h| Row {
                            key: h.id.to_string(),
                            title: format!("{} {}", h.name, h.id),
                            parts: vec![Part::new("cost", h.cost), Part::new("pay", h.to_pay)],
                        })
                        .collect(),
                });
            }
            areas.push(Area::pile("trash", side.trash.iter().map(|id| name(id))));
            areas.push(Area::pile(
                "tecoto",
                side.tecoto.iter().map(|n| n.to_string()),
            ));
            Side {
                who: if i == me { "you" } else { "opponent" },
                counters,
                areas,
            }
        })
        .collect();
    Board {
        turn: view.turn,
        sides,
    }
}

/// The board of any other game from its JSON view (`DynGame::view_json`: `sides` with
/// `lp`, `dp`, `deck_count`, `hand_count`, `hand`, `attack_line`, `defense_line`,
/// `graveyard`, `master`; the line battle's, LB-0.1 … LB-1.4); `name` gives a card id's name.
pub fn of_json(view: &serde_json::Value, name: &dyn Fn(&str) -> String) -> Board {
    let me = view["me"].as_u64().unwrap_or(0) as usize;
    let sides = view["sides"].as_array().cloned().unwrap_or_default();
    let order: Vec<usize> = std::iter::once(me)
        .chain((0..sides.len()).filter(|&i| i != me))
        .filter(|&i| i < sides.len())
        .collect();
    let card = |c: &serde_json::Value| {
        let id = c["id"].as_u64().unwrap_or(0);
        format!("{} #{id}", name(c["card"].as_str().unwrap_or("?")))
    };
    let board_sides = order
        .into_iter()
        .map(|i| {
            let s = &sides[i];
            let num = |k: &str| s[k].as_i64().map_or("?".to_string(), |v| v.to_string());
            let counters = vec![
                Part::new("master", name(s["master"].as_str().unwrap_or("?"))),
                Part::new("LP", num("lp")),
                Part::new("DP", num("dp")),
                Part::new("deck", num("deck_count")),
                Part::new("hand", num("hand_count")),
            ];
            let line = |area: &'static str, key: &str| Area {
                name: area,
                inline: false,
                rows: s[key]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| Row {
                        key: c["id"].to_string(),
                        title: card(c),
                        parts: vec![
                            Part::new("", area),
                            Part::new("AT", &c["at"]),
                            Part::new("DF", &c["df"]),
                            Part::new("SH", &c["sh"]),
                        ],
                    })
                    .collect(),
            };
            let mut areas = vec![
                line("attack line", "attack_line"),
                line("defense line", "defense_line"),
            ];
            if let Some(hand) = s["hand"].as_array() {
                areas.push(Area {
                    name: "hand",
                    inline: true,
                    rows: hand
                        .iter()
                        .map(|c| Row {
                            key: c["id"].to_string(),
                            title: card(c),
                            parts: vec![Part::new("cost", &c["cost"])],
                        })
                        .collect(),
                });
            }
            let grave = s["graveyard"].as_array().into_iter().flatten();
            areas.push(Area::pile(
                "graveyard",
                grave.map(|c| name(c.as_str().unwrap_or("?"))),
            ));
            Side {
                who: if i == me { "you" } else { "opponent" },
                counters,
                areas,
            }
        })
        .collect();
    Board {
        turn: view["turn"].as_u64().unwrap_or(0) as u32,
        sides: board_sides,
    }
}

/// A seat's last board, to print at its next question whole or as changes.
#[derive(Default)]
pub struct Seen {
    last: [Option<Board>; 2],
}

impl Seen {
    /// Prints `board` for `seat`: whole at its first question of a turn (or `whole`, the
    /// `b` command), else what changed since its last question. Remembers it.
    pub fn show(
        &mut self,
        seat: usize,
        board: Board,
        whole: bool,
        out: &mut dyn Write,
    ) -> Result<(), Error> {
        match &self.last[seat] {
            Some(before) if !whole && before.turn == board.turn => {
                board.print_changes(before, out)?;
            }
            _ => board.print_whole(out)?,
        }
        self.last[seat] = Some(board);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(reserve: u32, lv: u8, extra: bool) -> Board {
        let mut rows = vec![Row {
            key: "#8".into(),
            title: "Lancer #8".into(),
            parts: vec![Part::glued("LV", lv), Part::new("", "refreshed")],
        }];
        if extra {
            rows.push(Row {
                key: "#9".into(),
                title: "Moth #9".into(),
                parts: vec![Part::glued("LV", 1)],
            });
        }
        Board {
            turn: 2,
            sides: vec![Side {
                who: "you",
                counters: vec![
                    Part::new("reserve", reserve),
                    Part::new("count", 0).quiet("0"),
                ],
                areas: vec![
                    Area {
                        name: "field",
                        inline: false,
                        rows,
                    },
                    Area::pile("trash", ["Moth".to_string()].into_iter().filter(|_| !extra)),
                ],
            }],
        }
    }

    #[test]
    fn changes_name_counters_rows_new_changed_and_gone() {
        let (a, b) = (board(5, 1, false), board(2, 2, true));
        let mut out = Vec::new();
        assert_eq!(b.print_changes(&a, &mut out).unwrap(), 4);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "  [you] reserve 5 → 2\n  ~ [you] Lancer #8: LV1 → LV2\n  + [you] Moth #9 LV1\n  \
             - [you] trash: Moth\n"
        );
        let mut out = Vec::new();
        assert_eq!(b.print_changes(&b, &mut out).unwrap(), 0);
        let mut out = Vec::new();
        a.print_whole(&mut out).unwrap();
        // The count area's 0 is quiet on the whole board.
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "  [you] reserve 5\n      Lancer #8 LV1 · refreshed\n      trash: Moth\n"
        );
    }
}
