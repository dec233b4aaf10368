//! How a scenario's word finds a card of the packs, for every game: an exact id, else an id
//! or a name without regard to case. A word that names two different cards is an error, not
//! the first of them (`docs/scenarios.md`, "The board").

/// The id of the card `word` names among `cards` (`(id, name)` pairs, in library order).
///
/// Returns `Ok(Some(id))` for an exact id, or for the one card whose id or name matches
/// `word` case-insensitively; `Ok(None)` when no card matches (the caller adds its
/// did-you-mean).
///
/// # Errors
/// The word matches two or more different ids: the message lists them (at most five) and
/// asks for the id.
pub fn card_named<'a>(
    word: &str,
    cards: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<Option<String>, String> {
    let lower = word.to_lowercase();
    let mut ids: Vec<&str> = Vec::new();
    for (id, name) in cards {
        if id == word {
            return Ok(Some(word.to_string()));
        }
        if id.to_lowercase() == lower || name.to_lowercase() == lower {
            ids.push(id);
        }
    }
    ids.dedup();
    match ids.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.to_string())),
        many => {
            let shown: Vec<&str> = many.iter().take(5).copied().collect();
            let more = if many.len() > 5 { ", …" } else { "" };
            Err(format!(
                "`{word}` names {} cards ({}{more}): write the card's id",
                many.len(),
                shown.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::card_named;

    const CARDS: &[(&str, &str)] = &[
        ("A-01", "Ember Pup"),
        ("A-02", "Tide Crab"),
        ("B-07", "Ember Pup"),
    ];

    fn look(word: &str) -> Result<Option<String>, String> {
        card_named(word, CARDS.iter().map(|(i, n)| (*i, *n)))
    }

    #[test]
    fn an_id_or_a_unique_name_finds_its_card() {
        assert_eq!(look("A-02"), Ok(Some("A-02".into())));
        assert_eq!(look("tide crab"), Ok(Some("A-02".into())));
        assert_eq!(look("b-07"), Ok(Some("B-07".into())));
        assert_eq!(look("Gale Owl"), Ok(None));
    }

    #[test]
    fn a_name_two_cards_share_is_refused_with_their_ids() {
        let e = look("Ember Pup").unwrap_err();
        assert!(e.contains("names 2 cards (A-01, B-07)"), "{e}");
        assert!(e.contains("write the card's id"), "{e}");
    }
}
