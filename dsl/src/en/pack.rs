//! The English parser's use of a pack vocabulary: keyword names checked against
//! the declarations, and sentences read by pack phrases (their slots with the built-in
//! rules).

use pest::Parser;
use pest::iterators::{Pair, Pairs};

use super::*;
use crate::vocab::{KeywordCheck, Vocabulary};

/// Why a keyword on a card is not understood: not declared (with a did-you-mean and the
/// declared names), or its value does not fit the declared kind. `None` when fine (or when
/// the vocabulary checks no keyword).
pub(crate) fn keyword_problem(
    vocab: &Vocabulary,
    name: &str,
    value: Option<&str>,
) -> Option<String> {
    match vocab.keyword(name) {
        KeywordCheck::Unchecked => None,
        KeywordCheck::Known(k) => k
            .value
            .check(value)
            .err()
            .map(|why| format!("keyword {} {why}", k.name)),
        KeywordCheck::Unknown { suggestion, valid } => Some(format!(
            "a declared keyword: `{name}` is not one{suggestion}; declared: {}",
            valid.join(", ")
        )),
    }
}

/// A keyword named in a sentence ("gains Crush", "with Gale") that the vocabulary does not
/// declare.
pub(super) fn sentence_keyword_problem(pairs: Pairs<Rule>, vocab: &Vocabulary) -> Option<String> {
    if !vocab.checks_keywords() {
        return None;
    }
    pairs
        .flatten()
        .filter(|p| p.as_rule() == Rule::kw_name)
        .find_map(|p| match vocab.keyword(p.as_str()) {
            KeywordCheck::Unknown { suggestion, valid } => Some(format!(
                "a declared keyword: `{}` is not one{suggestion}; declared: {}",
                p.as_str(),
                valid.join(", ")
            )),
            _ => None,
        })
}

/// The one inner pair of `rule` (a `SOI ~ x ~ EOI` entry rule) over `text`.
fn one(rule: Rule, text: &str) -> Option<Pair<'_, Rule>> {
    EnParser::parse(rule, text)
        .ok()?
        .next()?
        .into_inner()
        .next()
}

/// How deep pack phrases may nest through their sentence slots in one sentence ("If the
/// tide is high, if the tide is high, … draw 1 card."): a deeper sentence is not
/// understood, with this limit as the reason (docs/pack-format.md, "phrases"). Each level
/// reads the rest of the sentence again, so the limit keeps a reading linear in its length
/// and its stack bounded.
pub const MAX_PHRASE_NESTING: u32 = 16;

thread_local! {
    /// The sentence slots being read on this thread, and whether a reading since the last
    /// [`take_nesting_hit`] stopped at [`MAX_PHRASE_NESTING`].
    static NESTING: std::cell::Cell<(u32, bool)> = const { std::cell::Cell::new((0, false)) };
}

/// Whether a reading stopped at [`MAX_PHRASE_NESTING`] since the last call (and forgets
/// it); `restore` puts back what an enclosing reading had seen.
pub(super) fn take_nesting_hit(restore: bool) -> bool {
    NESTING.with(|n| {
        let (depth, hit) = n.get();
        n.set((depth, restore));
        hit
    })
}

/// Whether a reading stopped at [`MAX_PHRASE_NESTING`] since the last
/// [`take_nesting_hit`].
pub(super) fn nesting_hit() -> bool {
    NESTING.with(|n| n.get().1)
}

/// How many pack phrases `acts` (one sentence's reading) nest through their sentence
/// slots: 0 for a built-in reading, 1 + the deepest slot's for a phrase.
fn phrase_height(acts: &[Action]) -> u32 {
    acts.iter()
        .map(|a| match a {
            Action::Phrase { slots, .. } => {
                1 + (slots.iter())
                    .map(|(_, v)| match v {
                        SlotValue::Sentence(inner) => phrase_height(inner),
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0)
            }
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Whether a remembered reading `read` nests its phrases deeper than the limit allows at
/// this thread's depth; then it counts as cut there, as reading it anew would.
pub(super) fn too_deep_here(read: &Read) -> bool {
    let Read::Built(acts, ..) = read else {
        return false;
    };
    let depth = NESTING.with(|n| n.get().0);
    let too_deep = depth + phrase_height(acts) > MAX_PHRASE_NESTING;
    if too_deep {
        NESTING.with(|n| n.set((depth, true)));
    }
    too_deep
}

/// The reason given for a sentence whose phrases nest deeper than the limit.
pub(super) fn nesting_reason() -> String {
    format!(
        "pack phrases nested at most {MAX_PHRASE_NESTING} deep in one sentence \
         (docs/pack-format.md, \"phrases\")"
    )
}

/// A sentence slot's text read as a sentence, one level deeper; `None` past the limit.
fn read_nested(text: &str, vocab: &Vocabulary) -> Option<Read> {
    let depth = NESTING.with(|n| n.get().0);
    if depth >= MAX_PHRASE_NESTING {
        NESTING.with(|n| n.set((depth, true)));
        return None;
    }
    NESTING.with(|n| n.set((depth + 1, n.get().1)));
    let read = read_sentence(text, vocab);
    NESTING.with(|n| n.set((depth, n.get().1)));
    Some(read)
}

/// A sentence matched by a pack phrase, its slots read with the built-in rules.
pub(super) fn phrase_action(s: &str, vocab: &Vocabulary) -> Option<Action> {
    use crate::vocab::SlotKind as K;
    let (phrase, slots) = vocab.match_phrase(s)?;
    let mut values = Vec::new();
    for (name, kind, text) in slots {
        let v = match kind {
            K::Number => SlotValue::Number(number_of(one(Rule::number_only, &text)?)),
            K::Colour => SlotValue::Colour(colour_of(one(Rule::colour_only, &text)?.as_str())),
            K::Family => SlotValue::Family(one(Rule::family_only, &text)?.as_str().to_string()),
            K::Duration => SlotValue::Duration(duration_of(one(Rule::duration_only, &text)?)),
            K::Target => {
                let t = target_of(one(Rule::target_only, &text)?, Whose::You);
                if t == Target::Selected {
                    return None;
                }
                SlotValue::Target(t)
            }
            K::Filter => {
                let top = EnParser::parse(Rule::filter_only, &text).ok()?.next()?;
                let mut owner = Owner::Any;
                let mut q = None;
                for x in top.into_inner() {
                    match x.as_rule() {
                        Rule::owner => owner = owner_of(x),
                        Rule::np_body => q = Some(query_of(x, owner)),
                        _ => {}
                    }
                }
                SlotValue::Filter(q?)
            }
            K::Keyword => {
                let name = one(Rule::kw_name_only, &text)?.as_str().to_string();
                match vocab.keyword(&name) {
                    crate::vocab::KeywordCheck::Known(k) => SlotValue::Keyword(k.name.clone()),
                    crate::vocab::KeywordCheck::Unchecked => SlotValue::Keyword(name),
                    crate::vocab::KeywordCheck::Unknown { .. } => return None,
                }
            }
            K::Pronoun => SlotValue::Pronoun,
            K::Event => {
                let top = EnParser::parse(Rule::event_only, &text).ok()?.next()?;
                SlotValue::Event(super::condition::event_of(top.into_inner().next()?)?)
            }
            K::Condition => {
                let top = EnParser::parse(Rule::condition_only, &text).ok()?.next()?;
                SlotValue::Condition(super::condition::condition_of(top.into_inner().next()?)?)
            }
            K::Sentence => match read_nested(&text, vocab)? {
                Read::Built(acts, st, None) if !st.then && !st.start_of_step && !st.once_whole => {
                    SlotValue::Sentence(acts)
                }
                _ => return None,
            },
        };
        values.push((name, v));
    }
    Some(Action::Phrase {
        template: phrase.entry.template.clone(),
        rhai: phrase.entry.rhai.clone(),
        slots: values,
        whole_effect: phrase.entry.whole_effect,
    })
}
