//! Token piles: interchangeable counters that sit at a location (a ruleset decides what
//! the locations are). A token outside the game (the unlimited supply) has no location.
//! One tag value may mark a distinct token (a ruleset may give one token a special role).

use serde::{Deserialize, Serialize};

/// A token's id, stable while it is in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TokenId(pub u32);

/// A token's kind tag; `TokenTag(0)` is the plain token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TokenTag(pub u8);

/// One token: where it is (`None` = in the supply, outside the game) and its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token<L> {
    /// Where it is; `None` = in the supply.
    pub at: Option<L>,
    /// Its kind tag.
    pub tag: TokenTag,
}

/// A place tokens can be at. A ruleset may number some places densely
/// ([`TokenLoc::slot`]): the table keeps a count per numbered place, so counting the
/// tokens there (a card's level reads it after every event) reads one number instead of
/// scanning every token.
pub trait TokenLoc: PartialEq + Clone {
    /// This place's dense number, if it has one (small: the table keeps a count for every
    /// number up to the highest one used).
    fn slot(&self) -> Option<usize> {
        None
    }
}

/// Every token ever created, indexed by id. Each token is in exactly one place by
/// construction (its `at`). Saved as its tokens alone: the per-place counts are rebuilt
/// when it is read back.
#[derive(Debug, Serialize, Deserialize)]
#[serde(
    from = "Tokens<L>",
    bound(deserialize = "L: TokenLoc + Deserialize<'de>")
)]
pub struct TokenTable<L> {
    tokens: Vec<Token<L>>,
    /// Tokens per numbered place ([`TokenLoc::slot`]), kept by `create` and `move_to`.
    #[serde(skip)]
    counts: Vec<u32>,
    /// The ids of the tokens with a tag other than the plain one, in id order (finding
    /// the soul core reads these, not every token). Tags never change.
    #[serde(skip)]
    tagged: Vec<TokenId>,
}

/// A copy into an earlier copy reuses its memory (a step's snapshot).
impl<L: Copy> Clone for TokenTable<L> {
    fn clone(&self) -> Self {
        TokenTable {
            tokens: self.tokens.clone(),
            counts: self.counts.clone(),
            tagged: self.tagged.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        super::copy::copy_into(&mut self.tokens, &source.tokens);
        super::copy::copy_into(&mut self.counts, &source.counts);
        super::copy::copy_into(&mut self.tagged, &source.tagged);
    }
}

/// What a [`TokenTable`] is saved as.
#[derive(Deserialize)]
struct Tokens<L> {
    tokens: Vec<Token<L>>,
}

impl<L: TokenLoc> From<Tokens<L>> for TokenTable<L> {
    fn from(t: Tokens<L>) -> Self {
        let mut table = TokenTable::default();
        for tok in t.tokens {
            table.add_count(tok.at.as_ref(), 1);
            table.note_tag(tok.tag);
            table.tokens.push(tok);
        }
        table
    }
}

/// Equal tokens in equal places (the counts follow from them).
impl<L: PartialEq> PartialEq for TokenTable<L> {
    fn eq(&self, other: &Self) -> bool {
        self.tokens == other.tokens
    }
}

impl<L: Eq> Eq for TokenTable<L> {}

impl<L> Default for TokenTable<L> {
    fn default() -> Self {
        TokenTable {
            tokens: Vec::new(),
            counts: Vec::new(),
            tagged: Vec::new(),
        }
    }
}

impl<L: TokenLoc> TokenTable<L> {
    fn add_count(&mut self, at: Option<&L>, d: i32) {
        if let Some(s) = at.and_then(L::slot) {
            if s >= self.counts.len() {
                self.counts.resize(s + 1, 0);
            }
            self.counts[s] = self.counts[s].wrapping_add_signed(d);
        }
    }

    /// Notes the tag of the token about to be pushed.
    fn note_tag(&mut self, tag: TokenTag) {
        if tag != TokenTag(0) {
            self.tagged.push(TokenId(self.tokens.len() as u32));
        }
    }

    /// Creates a token in the supply (no location) and returns its id.
    pub fn create(&mut self, tag: TokenTag) -> TokenId {
        self.note_tag(tag);
        self.tokens.push(Token { at: None, tag });
        TokenId(self.tokens.len() as u32 - 1)
    }

    /// Moves a token; returns where it was.
    pub fn move_to(&mut self, id: TokenId, to: Option<L>) -> Option<L> {
        self.add_count(to.as_ref(), 1);
        let from = std::mem::replace(&mut self.tokens[id.0 as usize].at, to);
        self.add_count(from.as_ref(), -1);
        from
    }

    /// The token with this id.
    pub fn get(&self, id: TokenId) -> &Token<L> {
        &self.tokens[id.0 as usize]
    }

    /// How many tokens are at `loc`.
    pub fn count_at(&self, loc: &L) -> u32 {
        if let Some(s) = loc.slot() {
            return self.counts.get(s).copied().unwrap_or(0);
        }
        self.tokens
            .iter()
            .filter(|t| t.at.as_ref() == Some(loc))
            .count() as u32
    }

    /// How many tokens with `tag` are at `loc`.
    pub fn count_tagged_at(&self, loc: &L, tag: TokenTag) -> u32 {
        let here = |t: &Token<L>| t.tag == tag && t.at.as_ref() == Some(loc);
        if tag != TokenTag(0) {
            // The few tagged tokens are listed apart.
            return self.tagged.iter().filter(|&&id| here(self.get(id))).count() as u32;
        }
        self.tokens.iter().filter(|t| here(t)).count() as u32
    }

    /// The ids of the tokens at `loc`, in id order.
    pub fn ids_at(&self, loc: &L) -> Vec<TokenId> {
        self.iter()
            .filter(|(_, t)| t.at.as_ref() == Some(loc))
            .map(|(id, _)| id)
            .collect()
    }

    /// The lowest-id token with `tag` at `loc`.
    pub fn first_at(&self, loc: &L, tag: TokenTag) -> Option<TokenId> {
        if tag != TokenTag(0) {
            return (self.tagged.iter().copied())
                .find(|&id| self.get(id).tag == tag && self.get(id).at.as_ref() == Some(loc));
        }
        self.iter()
            .find(|(_, t)| t.tag == tag && t.at.as_ref() == Some(loc))
            .map(|(id, _)| id)
    }

    /// Every token with its id.
    pub fn iter(&self) -> impl Iterator<Item = (TokenId, &Token<L>)> {
        self.tokens
            .iter()
            .enumerate()
            .map(|(i, t)| (TokenId(i as u32), t))
    }

    /// How many tokens are in the game (not in the supply).
    pub fn in_game(&self) -> u64 {
        self.tokens.iter().filter(|t| t.at.is_some()).count() as u64
    }
}

/// An independent account of token movements, kept from the *events* (not from the
/// table): per-location counts and how many tokens left and re-entered the supply. A
/// ruleset compares it with its [`TokenTable`] to prove conservation.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenLedger<L> {
    counts: Vec<(L, i64)>,
    /// Tokens taken out of the supply so far.
    pub from_supply: u64,
    /// Tokens returned to the supply so far.
    pub to_supply: u64,
}

/// A copy into an earlier copy reuses its memory (a step's snapshot).
impl<L: Copy> Clone for TokenLedger<L> {
    fn clone(&self) -> Self {
        TokenLedger {
            counts: self.counts.clone(),
            from_supply: self.from_supply,
            to_supply: self.to_supply,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        super::copy::copy_into(&mut self.counts, &source.counts);
        self.from_supply = source.from_supply;
        self.to_supply = source.to_supply;
    }
}

impl<L> Default for TokenLedger<L> {
    fn default() -> Self {
        TokenLedger {
            counts: Vec::new(),
            from_supply: 0,
            to_supply: 0,
        }
    }
}

impl<L: TokenLoc + std::fmt::Debug> TokenLedger<L> {
    /// Records one token moving from `from` to `to` (`None` = the supply).
    pub fn record(&mut self, from: Option<&L>, to: Option<&L>) {
        match from {
            Some(l) => self.add(l, -1),
            None => self.from_supply += 1,
        }
        match to {
            Some(l) => self.add(l, 1),
            None => self.to_supply += 1,
        }
    }

    fn add(&mut self, loc: &L, d: i64) {
        if let Some(e) = self.counts.iter_mut().find(|(l, _)| l == loc) {
            e.1 += d;
        } else {
            self.counts.push((loc.clone(), d));
        }
    }

    /// The ledger's count at `loc`.
    pub fn count_at(&self, loc: &L) -> i64 {
        self.counts
            .iter()
            .find(|(l, _)| l == loc)
            .map_or(0, |(_, n)| *n)
    }

    /// Checks the ledger against the table: the same count at every location, and
    /// tokens in game = taken from supply − returned to supply; and the table's counts
    /// per place against its tokens.
    /// Errors: a text naming the first location (or total) that differs.
    pub fn verify(&self, table: &TokenTable<L>) -> Result<(), String> {
        let in_game = table.in_game();
        if self.from_supply < self.to_supply || self.from_supply - self.to_supply != in_game {
            return Err(format!(
                "tokens in game {in_game} but ledger says {} out − {} in",
                self.from_supply, self.to_supply
            ));
        }
        // One pass over the table: its count per location.
        let mut actual: Vec<(&L, i64)> = Vec::with_capacity(self.counts.len());
        for (_, t) in table.iter() {
            if let Some(l) = &t.at {
                match actual.iter_mut().find(|(k, _)| *k == l) {
                    Some(e) => e.1 += 1,
                    None => actual.push((l, 1)),
                }
            }
        }
        for (loc, n) in &self.counts {
            let a = actual
                .iter()
                .find(|(k, _)| *k == loc)
                .map_or(0, |(_, n)| *n);
            if *n != a {
                return Err(format!("{loc:?}: ledger {n}, table {a}"));
            }
        }
        // The table's list of tagged tokens is every token with a tag, in id order.
        let tagged = table
            .iter()
            .filter(|(_, t)| t.tag != TokenTag(0))
            .map(|(id, _)| id);
        if !tagged.eq(table.tagged.iter().copied()) {
            return Err("the table's tagged tokens differ from its tokens".into());
        }
        for (l, n) in &actual {
            if !self.counts.iter().any(|(k, _)| k == *l) {
                return Err(format!("{l:?}: token not in ledger"));
            }
            // The table's own count per place (`TokenLoc::slot`) agrees with its tokens.
            if i64::from(table.count_at(l)) != *n {
                return Err(format!(
                    "{l:?}: table counts {}, holds {n}",
                    table.count_at(l)
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbered places 0 and 1, and one without a number.
    #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
    enum Place {
        A,
        B,
        Elsewhere,
    }

    impl TokenLoc for Place {
        fn slot(&self) -> Option<usize> {
            match self {
                Place::A => Some(0),
                Place::B => Some(1),
                Place::Elsewhere => None,
            }
        }
    }

    #[test]
    fn counts_per_place_follow_every_move_and_are_rebuilt_when_read_back() {
        let mut t = TokenTable::default();
        let mut ledger = TokenLedger::default();
        let ids: Vec<_> = (0..5).map(|_| t.create(TokenTag(0))).collect();
        for (i, &id) in ids.iter().enumerate() {
            let to = [Place::A, Place::A, Place::B, Place::Elsewhere, Place::A][i];
            ledger.record(t.move_to(id, Some(to)).as_ref(), Some(&to));
        }
        assert_eq!(
            [Place::A, Place::B, Place::Elsewhere].map(|p| t.count_at(&p)),
            [3, 1, 1]
        );
        ledger.record(t.move_to(ids[0], Some(Place::B)).as_ref(), Some(&Place::B));
        ledger.record(t.move_to(ids[1], None).as_ref(), None);
        assert_eq!(
            [Place::A, Place::B, Place::Elsewhere].map(|p| t.count_at(&p)),
            [1, 2, 1]
        );
        assert_eq!(ledger.verify(&t), Ok(()));
        // Saved as its tokens alone; the counts are rebuilt.
        let json = serde_json::to_string(&t).unwrap();
        assert!(!json.contains("counts"));
        let back: TokenTable<Place> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        assert_eq!([Place::A, Place::B].map(|p| back.count_at(&p)), [1, 2]);
    }

    #[test]
    fn tagged_tokens_are_found_where_they_are_and_after_a_save_is_read() {
        // BS-0.5: one soul core (tag 1) among plain cores; it is found wherever it moves.
        let mut t = TokenTable::default();
        let plain: Vec<_> = (0..3).map(|_| t.create(TokenTag(0))).collect();
        let soul = t.create(TokenTag(1));
        let other = t.create(TokenTag(2));
        for &id in &plain {
            t.move_to(id, Some(Place::A));
        }
        t.move_to(soul, Some(Place::A));
        t.move_to(other, Some(Place::B));
        assert_eq!(t.first_at(&Place::A, TokenTag(1)), Some(soul));
        assert_eq!(t.first_at(&Place::A, TokenTag(0)), Some(plain[0]));
        assert_eq!(t.first_at(&Place::B, TokenTag(1)), None);
        assert_eq!(t.count_tagged_at(&Place::A, TokenTag(1)), 1);
        assert_eq!(t.count_tagged_at(&Place::A, TokenTag(0)), 3);
        t.move_to(soul, Some(Place::Elsewhere));
        assert_eq!(t.first_at(&Place::A, TokenTag(1)), None);
        assert_eq!(t.first_at(&Place::Elsewhere, TokenTag(1)), Some(soul));
        let back: TokenTable<Place> =
            serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back.first_at(&Place::Elsewhere, TokenTag(1)), Some(soul));
        assert_eq!(back.count_tagged_at(&Place::B, TokenTag(2)), 1);
        let mut copy = TokenTable::default();
        copy.clone_from(&back);
        assert_eq!(copy.first_at(&Place::Elsewhere, TokenTag(1)), Some(soul));
    }
}
