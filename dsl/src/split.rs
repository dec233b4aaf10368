//! Sentence splitting shared by the grammars: each sentence is parsed alone so that one
//! unknown sentence does not lose the rest.

/// Split `text` into trimmed sentence byte ranges. A sentence ends after one of `enders`
/// (kept in the sentence) when not inside double quotes, or at any of `breaks` (dropped).
pub(crate) fn sentences(text: &str, enders: &[char], breaks: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0usize;
    let mut in_quote = false;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        match c {
            '"' => in_quote = !in_quote,
            '“' => in_quote = true,
            '”' => in_quote = false,
            _ => {}
        }
        let end_here = if breaks.contains(&c) {
            push(text, start, i, &mut out);
            start = i + c.len_utf8();
            false
        } else {
            enders.contains(&c) && !in_quote
        };
        if end_here {
            // An ender followed by a non-space (e.g. "A.T. Field" or "1.5") is not an end,
            // unless the text is Japanese-style (ender is not ASCII).
            let next = iter.peek().map(|&(_, n)| n);
            let ascii = c.is_ascii();
            if !ascii || next.is_none_or(char::is_whitespace) {
                let e = i + c.len_utf8();
                // "A.T. Field": a one-letter word before the dot is an abbreviation.
                let before = &text[start..i];
                let abbrev = ascii
                    && before
                        .rsplit(|ch: char| ch.is_whitespace())
                        .next()
                        .is_some_and(|w| w.len() <= 3 && w.contains('.'));
                if !abbrev {
                    push(text, start, e, &mut out);
                    start = e;
                }
            }
        }
    }
    push(text, start, text.len(), &mut out);
    out
}

fn push(text: &str, start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let s = &text[start..end];
    let lead = s.len() - s.trim_start().len();
    let trail = s.len() - s.trim_end().len();
    if lead + trail < s.len() {
        out.push((start + lead, end - trail));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_dots_outside_quotes() {
        let t = "Draw a card. Select a spirit with \"A. B\" in its card name. It gains A.T. Field.";
        let s = sentences(t, &['.', '!'], &['・']);
        let v: Vec<&str> = s.iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            v,
            vec![
                "Draw a card.",
                "Select a spirit with \"A. B\" in its card name.",
                "It gains A.T. Field."
            ]
        );
    }

    #[test]
    fn japanese() {
        let t = "カードを引く。\nその後、破棄する。";
        let s = sentences(t, &['。'], &['\n']);
        assert_eq!(s.len(), 2);
    }
}

/// The largest number card text may hold (cores, cards, BP): a bigger one is refused,
/// never capped.
pub const MAX_TEXT_NUMBER: u64 = 1_000_000;

/// A number in `s` (ASCII or full-width digits, thousands commas) above
/// [`MAX_TEXT_NUMBER`], as written: the sentence is then not understood.
pub(crate) fn number_out_of_range(s: &str) -> Option<String> {
    let mut digits = String::new();
    let mut written = String::new();
    let check = |digits: &str, written: &str| {
        let big = digits.len() > 7 || digits.parse::<u64>().is_ok_and(|n| n > MAX_TEXT_NUMBER);
        (big && !digits.is_empty()).then(|| written.trim_end_matches(',').to_string())
    };
    for c in s.chars() {
        let d = if c.is_ascii_digit() {
            Some(c)
        } else if ('０'..='９').contains(&c) {
            char::from_u32(c as u32 - '０' as u32 + '0' as u32)
        } else {
            None
        };
        match d {
            Some(d) => {
                digits.push(d);
                written.push(c);
            }
            None if c == ',' && !digits.is_empty() => written.push(c),
            None => {
                if let Some(w) = check(&digits, &written) {
                    return Some(w);
                }
                digits.clear();
                written.clear();
            }
        }
    }
    check(&digits, &written)
}

#[cfg(test)]
mod range_tests {
    use super::*;

    #[test]
    fn numbers_above_the_limit_are_found_as_written() {
        assert_eq!(number_out_of_range("Draw 2 cards."), None);
        assert_eq!(number_out_of_range("+1,000,000 BP"), None);
        assert_eq!(
            number_out_of_range("Draw 99999999999999999999 cards."),
            Some("99999999999999999999".into())
        );
        assert_eq!(
            number_out_of_range("+1,000,001 BP."),
            Some("1,000,001".into())
        );
        assert_eq!(
            number_out_of_range("コア２０００００００個"),
            Some("２０００００００".into())
        );
    }
}
