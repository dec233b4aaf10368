//! A cheap scan of a YAML text's nesting depth before it is parsed: the YAML parser's
//! work grows faster than the text with the nesting (a file nested 100,000 deep takes
//! tens of seconds to be refused), and no real pack or scenario file nests deeper than a
//! dozen levels.

/// How deep a YAML file may nest: block mappings and sequences (by indentation and `- `)
/// and flow `[ … ]` / `{ … }` together.
pub const MAX_YAML_DEPTH: usize = 64;

/// Where a text first nests deeper than [`MAX_YAML_DEPTH`]: 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    pub line: usize,
    pub column: usize,
}

impl TooDeep {
    /// The message of the error, naming the limit.
    pub fn message(&self) -> String {
        format!("nested deeper than {MAX_YAML_DEPTH} levels (the most a YAML file may nest)")
    }
}

/// Checks that `text` nests at most [`MAX_YAML_DEPTH`] levels, in one pass over it. The
/// count may be a little above the parser's own (it reads every indentation step and `- `
/// as a level), never below it; block scalars (`|`, `>`) and quoted text do not count.
pub fn check_depth(text: &str) -> Result<(), TooDeep> {
    // Indentations of the open block levels, innermost last.
    let mut block: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    // The quote a flow or plain scalar is inside of, across lines.
    let mut quote: Option<char> = None;
    // While inside a block scalar: the indentation of the line that opened it.
    let mut scalar_of: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        if let Some(opener) = scalar_of {
            if rest.is_empty() || indent > opener {
                continue;
            }
            scalar_of = None;
        }
        if quote.is_none() && flow == 0 {
            if rest.is_empty() || rest.starts_with('#') {
                continue;
            }
            while block.last().is_some_and(|&i| i > indent) {
                block.pop();
            }
            if block.last() != Some(&indent) {
                block.push(indent);
            }
            // Each `- ` opening the line is one more sequence level.
            let mut col = indent;
            let mut r = rest;
            while let Some(after) = r.strip_prefix("- ").or(r.strip_prefix("-\t")) {
                let skipped = after.len() - after.trim_start().len();
                col += 2 + skipped;
                r = after.trim_start();
                block.push(col);
            }
        }
        let depth = |flow: usize, block: &Vec<usize>| flow + block.len();
        if depth(flow, &block) > MAX_YAML_DEPTH {
            return Err(TooDeep {
                line: n + 1,
                column: indent + 1,
            });
        }
        let mut prev = ' ';
        for (i, ch) in rest.char_indices() {
            match (quote, ch) {
                (Some('"'), '\\') if prev != '\\' => {}
                (Some('"'), '"') if prev != '\\' => quote = None,
                (Some('\''), '\'') => quote = None,
                (Some(_), _) => {}
                (None, '#') if prev == ' ' || prev == '\t' || i == 0 => break,
                (None, '"' | '\'') if matches!(prev, ' ' | '[' | '{' | ',' | ':') || i == 0 => {
                    quote = Some(ch)
                }
                (None, '[' | '{') => {
                    flow += 1;
                    if depth(flow, &block) > MAX_YAML_DEPTH {
                        return Err(TooDeep {
                            line: n + 1,
                            column: indent + rest[..i].chars().count() + 1,
                        });
                    }
                }
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            // A `\\` inside double quotes escapes itself, not the next character.
            prev = if prev == '\\' && ch == '\\' { ' ' } else { ch };
        }
        // `key: |` / `key: >-` …: the more-indented lines after it are text.
        let trimmed = rest.split(" #").next().unwrap_or("").trim_end();
        if quote.is_none() && flow == 0 && is_block_scalar_header(trimmed) {
            scalar_of = Some(indent);
        }
    }
    Ok(())
}

/// Whether a line ends with a block scalar header (`|`, `>`, with an optional chomping
/// `-`/`+` and indentation digit) after `key:` or `-`.
fn is_block_scalar_header(line: &str) -> bool {
    let Some(pos) = line.rfind(['|', '>']) else {
        return false;
    };
    let (before, after) = (&line[..pos], &line[pos + 1..]);
    after.chars().all(|c| matches!(c, '-' | '+' | '1'..='9'))
        && after.len() <= 2
        && (before.is_empty()
            || before.ends_with(": ")
            || before.ends_with("- ")
            || before.ends_with(' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_shapes_pass_and_deep_ones_are_located() {
        let ok = "id: A\nlevels:\n  - {level: 1, cores: 1}\n  - level: 2\n    bp: [1, [2]]\ntext: |\n          deeply\n                indented\n";
        assert_eq!(check_depth(ok), Ok(()));
        let flow = format!("a: {}{}", "[".repeat(70), "]".repeat(70));
        assert_eq!(
            check_depth(&flow),
            Err(TooDeep {
                line: 1,
                column: 67
            })
        );
        let mut block = String::from("x: 1\n");
        for i in 0..70 {
            block.push_str(&format!("{}k:\n", "  ".repeat(i)));
        }
        assert_eq!(check_depth(&block).map_err(|e| e.line), Err(66));
        let dashes = format!("{}x\n", "- ".repeat(70));
        assert_eq!(check_depth(&dashes).map_err(|e| e.line), Err(1));
        let quoted = format!("a: \"{}\"\n", "[".repeat(70));
        assert_eq!(check_depth(&quoted), Ok(()));
    }
}
