//! Phrase templates: a template's text and typed slots
//! (`Gather {n:number} tide cores`), their checks, and the pest rule each becomes.

use serde::Serialize;

/// The kind of a phrase slot: what text it matches and what it becomes in the rhai.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SlotKind {
    /// A number (`3`, `three`) → `3`.
    Number,
    /// A colour (`red`) → `"red"`.
    Colour,
    /// A family name (`Dragon`) → `"Dragon"`.
    Family,
    /// A target (`one of your opponent's spirits`) → a card expression such as
    /// `choose_targets(opponent_spirits(), 1)`.
    Target,
    /// A set of cards (`your opponent's spirits with 3000 BP or less`) → a query such as
    /// `opponent_spirits().bp_at_most(3000)`.
    Filter,
    /// A duration (`during this turn`) → `"turn"` / `"battle"`.
    Duration,
    /// A nested sentence the parser understands → its rhai statements.
    Sentence,
    /// A declared keyword's name (`Glow`, any case) → its name as declared, `"Glow"`.
    Keyword,
    /// A pronoun (`it`, `them`, `that spirit`, `those spirits`) → the expression of the cards
    /// it refers to (what the effect chose or acted on before), as the built-in grammar
    /// reads "it"; a pronoun with nothing before it leaves the sentence not understood.
    Pronoun,
    /// An event the built-in grammar reads after "when" (`one of your spirits is
    /// destroyed`) → its event expression (`ev_destroyed(my_spirits(), false, false)`),
    /// for `when(…)`.
    Event,
    /// A condition the built-in grammar reads after "if" (`you have 3 or more spirits`) →
    /// its boolean expression, in parentheses.
    Condition,
}

impl SlotKind {
    /// Every kind, in the order the declarations list them.
    pub const ALL: [SlotKind; 11] = [
        SlotKind::Number,
        SlotKind::Colour,
        SlotKind::Family,
        SlotKind::Target,
        SlotKind::Filter,
        SlotKind::Duration,
        SlotKind::Sentence,
        SlotKind::Keyword,
        SlotKind::Pronoun,
        SlotKind::Event,
        SlotKind::Condition,
    ];

    /// The word used in templates (`number`, `colour`, …).
    pub fn name(self) -> &'static str {
        match self {
            SlotKind::Number => "number",
            SlotKind::Colour => "colour",
            SlotKind::Family => "family",
            SlotKind::Target => "target",
            SlotKind::Filter => "filter",
            SlotKind::Duration => "duration",
            SlotKind::Sentence => "sentence",
            SlotKind::Keyword => "keyword",
            SlotKind::Pronoun => "pronoun",
            SlotKind::Event => "event",
            SlotKind::Condition => "condition",
        }
    }

    /// The kind named `s` (`color` too); `None` when unknown.
    pub fn parse(s: &str) -> Option<SlotKind> {
        let s = s.trim().to_ascii_lowercase();
        if s == "color" {
            return Some(SlotKind::Colour);
        }
        SlotKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The built-in grammar rule a slot of this kind matches.
    fn rule(self) -> &'static str {
        match self {
            SlotKind::Number => "number",
            SlotKind::Colour => "colour",
            SlotKind::Family => "family",
            SlotKind::Target => "target",
            SlotKind::Filter => "(owner? ~ np_body)",
            SlotKind::Duration => "duration",
            SlotKind::Sentence => "",
            SlotKind::Keyword => "kw_name",
            SlotKind::Pronoun => "pronoun",
            SlotKind::Event => "event",
            SlotKind::Condition => "condition",
        }
    }
}

/// A phrase as declared: a template (`Gain {n:number} cores from the void`) and the rhai it
/// stands for, with `{n}` where a slot's value goes (`gain_cores({n})`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PhraseEntry {
    /// The template: literal words (case-insensitive) and `{name:kind}` slots.
    pub template: String,
    /// The rhai it produces; `{name}` is replaced by the slot's value.
    pub rhai: String,
    /// The sentence states a rule for the whole effect it is in ("… by this effect"): its
    /// rhai runs before the effect's other sentences.
    pub whole_effect: bool,
}

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Text(String),
    /// A slot: its name and kind.
    Slot(String, SlotKind),
}

/// How many slots one phrase template may have (the largest real one has 3): every
/// sentence of every card is tried against every phrase, and a sentence slot reads its text
/// again as a sentence.
pub const MAX_TEMPLATE_SLOTS: usize = 8;

/// Splits a template into literal text and slots; checks the slot names (letters, digits,
/// `_`, unique) and kinds, that no two slots touch, and that `rhai` names only declared
/// slots. Errors: a message naming the problem and the valid kinds.
pub fn parse_template(template: &str, rhai: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        if out.iter().filter(|p| matches!(p, Piece::Slot(..))).count() == MAX_TEMPLATE_SLOTS {
            return Err(format!(
                "at most {MAX_TEMPLATE_SLOTS} slots in a template (each slot is read again for every sentence the phrase is tried on)"
            ));
        }
        if open > 0 {
            out.push(Piece::Text(rest[..open].to_string()));
        }
        let close = rest[open..]
            .find('}')
            .map(|i| open + i)
            .ok_or_else(|| format!("a `{{` with no `}}` in `{template}`"))?;
        let inner = &rest[open + 1..close];
        let (name, kind) = inner.split_once(':').ok_or_else(|| {
            format!(
                "slot `{{{inner}}}` needs a kind: `{{name:kind}}` with kind one of {}",
                kinds()
            )
        })?;
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("slot name `{name}`: use letters, digits and `_`"));
        }
        let kind = SlotKind::parse(kind).ok_or_else(|| {
            format!(
                "slot `{name}` has the unknown kind `{}`{}; valid kinds: {}",
                kind.trim(),
                did_you_mean(kind.trim(), SlotKind::ALL.iter().map(|k| k.name())),
                kinds()
            )
        })?;
        if out
            .iter()
            .any(|p| matches!(p, Piece::Slot(n, _) if n == name))
        {
            return Err(format!("slot `{name}` is declared twice"));
        }
        if matches!(out.last(), Some(Piece::Slot(..))) {
            return Err(format!(
                "slot `{name}` touches the slot before it: put words between"
            ));
        }
        out.push(Piece::Slot(name.to_string(), kind));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_string()));
    }
    if !out
        .iter()
        .any(|p| matches!(p, Piece::Text(t) if t.chars().any(char::is_alphanumeric)))
    {
        return Err("a template needs at least one literal word".into());
    }
    for used in placeholders(rhai) {
        if !out
            .iter()
            .any(|p| matches!(p, Piece::Slot(n, _) if *n == used))
        {
            let names: Vec<&str> = out
                .iter()
                .filter_map(|p| match p {
                    Piece::Slot(n, _) => Some(n.as_str()),
                    _ => None,
                })
                .collect();
            return Err(format!(
                "the rhai uses `{{{used}}}`, which is not a slot of the template{}; slots: {}",
                did_you_mean(&used, names.iter().copied()),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        }
    }
    Ok(out)
}

/// The `{name}` placeholders of a phrase's rhai (a `{` followed by a name and `}`; rhai's
/// own braces never have that shape around a bare identifier… except a block holding one
/// variable, which a template author writes `{ x }` with spaces).
pub fn placeholders(rhai: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = rhai.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            if j > start && j < b.len() && b[j] == b'}' {
                out.push(rhai[start..j].to_string());
                i = j;
            }
        }
        i += 1;
    }
    out
}

fn kinds() -> String {
    SlotKind::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// ` (did you mean `x`?)` for the closest of `valid` to `word`, or nothing when none is close.
pub fn did_you_mean<'a>(word: &str, valid: impl IntoIterator<Item = &'a str>) -> String {
    let w = word.to_lowercase();
    let best = valid
        .into_iter()
        .map(|v| (edit_distance(&w, &v.to_lowercase()), v))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((d, v)) if d <= (w.chars().count() / 3).max(2) => format!(" (did you mean `{v}`?)"),
        _ => String::new(),
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// One template as a pest rule: `phrase_I = { SOI ~ ^"gain" ~ slot_I_n ~ … ~ "."? ~ EOI }`
/// with a rule per slot (`slot_I_n = { number }`); a sentence slot takes the text up to the
/// next literal word (or the end).
pub(crate) fn phrase_rule(i: usize, pieces: &[Piece]) -> String {
    let mut seq = vec!["SOI".to_string()];
    let mut slots = String::new();
    for (k, p) in pieces.iter().enumerate() {
        match p {
            Piece::Text(t) => seq.extend(literal_tokens(t)),
            Piece::Slot(name, kind) => {
                seq.push(format!("slot_{i}_{name}"));
                let body = if *kind == SlotKind::Sentence {
                    let stop = match pieces.get(k + 1) {
                        Some(Piece::Text(t)) => literal_tokens(t)
                            .into_iter()
                            .next()
                            .unwrap_or_else(|| "EOI".into()),
                        _ => "((\".\" | \"!\")? ~ EOI)".into(),
                    };
                    format!("@{{ (!({stop}) ~ ANY)+ }}")
                } else {
                    format!("{{ {} }}", kind.rule())
                };
                slots.push_str(&format!("slot_{i}_{name} = {body}\n"));
            }
        }
    }
    seq.push("(\".\" | \"!\")?".into());
    seq.push("EOI".into());
    format!("phrase_{i} = {{ {} }}\n{slots}", seq.join(" ~ "))
}

/// Literal template text as pest tokens: words case-insensitive (`^"gain"`), an apostrophe
/// as the grammar's `apos` (either quote), any other mark as itself.
fn literal_tokens(t: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            out.push(format!(
                "^\"{}\"",
                word.replace('\\', "\\\\").replace('"', "\\\"")
            ));
            word.clear();
        }
    };
    for c in t.chars() {
        if c.is_alphanumeric() || c == '-' || c == '+' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            match c {
                '\'' | '’' => out.push("apos".into()),
                c if c.is_whitespace() => {}
                '"' | '“' | '”' => out.push("qopen".into()),
                c => out.push(format!("\"{}\"", c.to_string().replace('\\', "\\\\"))),
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_checked() {
        assert!(parse_template("Gain {n:number} cores", "gain_cores({n})").is_ok());
        let e = parse_template("Gain {n:numbr} cores", "gain_cores({n})").unwrap_err();
        assert!(e.contains("did you mean `number`"), "{e}");
        assert!(e.contains("sentence"), "{e}");
        let e = parse_template("Gain {n:number} cores", "gain_cores({m})").unwrap_err();
        assert!(e.contains("`{m}`"), "{e}");
        assert!(parse_template("{a:number}{b:number} x", "").is_err());
        assert!(parse_template("{a:number}", "").is_err());
    }
}
