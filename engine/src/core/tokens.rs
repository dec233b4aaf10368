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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token<L> {
    /// Where it is; `None` = in the supply.
    pub at: Option<L>,
    /// Its kind tag.
    pub tag: TokenTag,
}

/// Every token ever created, indexed by id. Each token is in exactly one place by
/// construction (its `at`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenTable<L> {
    tokens: Vec<Token<L>>,
}

impl<L> Default for TokenTable<L> {
    fn default() -> Self {
        TokenTable { tokens: Vec::new() }
    }
}

impl<L: PartialEq + Clone> TokenTable<L> {
    /// Creates a token in the supply (no location) and returns its id.
    pub fn create(&mut self, tag: TokenTag) -> TokenId {
        self.tokens.push(Token { at: None, tag });
        TokenId(self.tokens.len() as u32 - 1)
    }

    /// Moves a token; returns where it was.
    pub fn move_to(&mut self, id: TokenId, to: Option<L>) -> Option<L> {
        std::mem::replace(&mut self.tokens[id.0 as usize].at, to)
    }

    /// The token with this id.
    pub fn get(&self, id: TokenId) -> &Token<L> {
        &self.tokens[id.0 as usize]
    }

    /// How many tokens are at `loc`.
    pub fn count_at(&self, loc: &L) -> u32 {
        self.tokens
            .iter()
            .filter(|t| t.at.as_ref() == Some(loc))
            .count() as u32
    }

    /// How many tokens with `tag` are at `loc`.
    pub fn count_tagged_at(&self, loc: &L, tag: TokenTag) -> u32 {
        self.tokens
            .iter()
            .filter(|t| t.tag == tag && t.at.as_ref() == Some(loc))
            .count() as u32
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenLedger<L> {
    counts: Vec<(L, i64)>,
    /// Tokens taken out of the supply so far.
    pub from_supply: u64,
    /// Tokens returned to the supply so far.
    pub to_supply: u64,
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

impl<L: PartialEq + Clone + std::fmt::Debug> TokenLedger<L> {
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
    /// tokens in game = taken from supply − returned to supply.
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
        for (l, _) in &actual {
            if !self.counts.iter().any(|(k, _)| k == *l) {
                return Err(format!("{l:?}: token not in ledger"));
            }
        }
        Ok(())
    }
}
