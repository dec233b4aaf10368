//! Where each field of a YAML document stands: a map from a field path (`[2].levels[1].cores`,
//! in serde_path_to_error's spelling) to its line and column, so validation errors found
//! after deserialising can still name the line and column a card author must edit.

use std::collections::BTreeMap;

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// A 1-based line and column in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// Field path → position of its key (for mapping entries) or its value (for sequence items).
#[derive(Debug, Default)]
pub struct Locations {
    map: BTreeMap<String, Pos>,
}

impl Locations {
    /// Indexes a YAML text. A text that does not parse yields an empty index (the
    /// deserialiser reports that error with its own position).
    pub fn index(text: &str) -> Locations {
        let mut rx = Receiver::default();
        let mut parser = Parser::new_from_str(text);
        let _ = parser.load(&mut rx, false);
        Locations { map: rx.map }
    }

    /// The position of `path`, or of its nearest indexed ancestor (the document start for
    /// the empty path).
    pub fn find(&self, path: &str) -> Pos {
        let mut p = path.to_string();
        loop {
            if let Some(pos) = self.map.get(&p) {
                return *pos;
            }
            match parent(&p) {
                Some(up) => p = up,
                None => {
                    return self
                        .map
                        .get("")
                        .copied()
                        .unwrap_or(Pos { line: 1, column: 1 });
                }
            }
        }
    }
}

/// `a.b[2]` → `a.b`; `a.b` → `a`; `a` or `[0]` → the empty path; empty → None.
fn parent(path: &str) -> Option<String> {
    if path.is_empty() {
        return None;
    }
    let cut = path.rfind(['.', '[']).unwrap_or(0);
    Some(path[..cut].to_string())
}

/// How deep field paths are recorded.
const MAX_DEPTH: usize = 64;

enum Frame {
    Map {
        path: String,
        key: Option<String>,
        first: bool,
    },
    Seq {
        path: String,
        next: usize,
    },
}

#[derive(Default)]
struct Receiver {
    stack: Vec<Frame>,
    map: BTreeMap<String, Pos>,
}

impl Receiver {
    /// The path of the node that starts now, advancing the enclosing container.
    /// Returns None when the node is a mapping key. Below [`MAX_DEPTH`] nothing is
    /// recorded (errors there point at the deepest recorded ancestor), so a hostile
    /// deeply nested file costs linear time.
    fn node_path(&mut self, mark: Marker) -> Option<String> {
        if self.stack.len() > MAX_DEPTH {
            return Some(String::new());
        }
        let pos = Pos {
            line: mark.line(),
            column: mark.col() + 1,
        };
        match self.stack.last_mut() {
            None => {
                self.map.entry(String::new()).or_insert(pos);
                Some(String::new())
            }
            Some(Frame::Seq { path, next }) => {
                let p = format!("{path}[{next}]");
                *next += 1;
                self.map.insert(p.clone(), pos);
                Some(p)
            }
            Some(Frame::Map { path, key, .. }) => key.take().map(|k| {
                if path.is_empty() {
                    k
                } else {
                    format!("{path}.{k}")
                }
            }),
        }
    }
}

impl MarkedEventReceiver for Receiver {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::Scalar(value, ..) => {
                let in_map_key = matches!(self.stack.last(), Some(Frame::Map { key: None, .. }));
                if in_map_key && self.stack.len() <= MAX_DEPTH {
                    if let Some(Frame::Map { path, key, first }) = self.stack.last_mut() {
                        let here = Pos {
                            line: mark.line(),
                            column: mark.col() + 1,
                        };
                        // A block mapping's start mark can lie past its first key; the
                        // first key is where an author sees the mapping begin.
                        if std::mem::take(first) {
                            self.map.insert(path.clone(), here);
                        }
                        let full = if path.is_empty() {
                            value.clone()
                        } else {
                            format!("{path}.{value}")
                        };
                        self.map.insert(full, here);
                        *key = Some(value);
                    }
                } else {
                    self.node_path(mark);
                }
            }
            Event::Alias(_) => {
                self.node_path(mark);
            }
            Event::SequenceStart(..) => {
                let path = self.node_path(mark).unwrap_or_default();
                self.stack.push(Frame::Seq { path, next: 0 });
            }
            Event::MappingStart(..) => {
                let path = self.node_path(mark).unwrap_or_default();
                self.stack.push(Frame::Map {
                    path,
                    key: None,
                    first: true,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                self.stack.pop();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_fields_and_sequence_items() {
        let text = "id: A-1\nlevels:\n  - level: 1\n    cores: 1\n  - level: 2\n    cores: 0\n";
        let loc = Locations::index(text);
        assert_eq!(loc.find("id"), Pos { line: 1, column: 1 });
        assert_eq!(loc.find("levels[1].cores"), Pos { line: 6, column: 5 });
        assert_eq!(loc.find("levels[1]"), Pos { line: 5, column: 5 });
        // An unknown child falls back to its nearest known ancestor.
        assert_eq!(loc.find("levels[1].bp"), Pos { line: 5, column: 5 });
    }

    #[test]
    fn paths_inside_a_top_level_sequence_start_with_the_index() {
        let text = "- id: A\n  cost: 1\n- id: B\n  cost: x\n";
        let loc = Locations::index(text);
        assert_eq!(loc.find("[1].cost"), Pos { line: 4, column: 3 });
    }
}
