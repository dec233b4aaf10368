//! The English parser's use of a pack vocabulary (issue 12): keyword names checked against
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
            K::Sentence => match read_sentence(&text, vocab) {
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
