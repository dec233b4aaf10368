//! The clauses of a replacement (BS-6.6 replaced): what happens instead of a destruction.

use super::*;

/// "keep it on the field exhausted", "they remain on the field exhausted": the cards'
/// destruction in progress stops; they stay, exhausted or refreshed as said.
pub(super) fn keep_on_field(c: &Pair<Rule>, t: Target) -> Action {
    let kept = match c
        .clone()
        .into_inner()
        .find(|x| x.as_rule() == Rule::kept_state)
    {
        Some(k) if k.as_str().eq_ignore_ascii_case("exhausted") => KeptAs::Exhausted,
        Some(_) => KeptAs::Refreshed,
        None => KeptAs::AsIs,
    };
    Action::ReplaceDestruction(t, kept)
}
