//! Deck formats: the construction limits a deck is checked against (BS-0.1, LB-0.1), and
//! which one applies to a deck (the command line, else the deck file's own `format:`, else
//! the game's default).

use serde::{Deserialize, Serialize};

use crate::model::Deck;
use crate::pack::GameKind;

/// Deck construction limits (BS-0.1, LB-0.1). Battle Spirits counts copies by card name,
/// the line battle by card id; a line-battle deck names exactly one master.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckFormat {
    pub name: String,
    /// Main-deck size bounds, in cards (the master is not counted).
    pub min_cards: u32,
    pub max_cards: Option<u32>,
    pub max_copies: u32,
    /// The game whose rules the format follows (default Battle Spirits).
    #[serde(default = "battle_spirits")]
    pub game: GameKind,
}

fn battle_spirits() -> GameKind {
    GameKind::BattleSpirits
}

impl DeckFormat {
    /// Saga (English) format: 50 to 60 cards, at most 4 of a card (BS-0.1).
    pub fn saga() -> DeckFormat {
        DeckFormat {
            name: "saga".into(),
            min_cards: 50,
            max_cards: Some(60),
            max_copies: 4,
            game: GameKind::BattleSpirits,
        }
    }

    /// Japanese format: at least 40 cards, at most 3 of a card name (BS-0.1).
    pub fn japanese() -> DeckFormat {
        DeckFormat {
            name: "japanese".into(),
            min_cards: 40,
            max_cards: None,
            max_copies: 3,
            game: GameKind::BattleSpirits,
        }
    }

    /// Line battle (LB-0.1): a main deck of 40 to 60 cards, at most 3 of a card id, and
    /// exactly one master card named on the deck's `master:` line.
    pub fn line_battle() -> DeckFormat {
        DeckFormat {
            name: "line-battle".into(),
            min_cards: 40,
            max_cards: Some(60),
            max_copies: 3,
            game: GameKind::LineBattle,
        }
    }

    /// Casual: a project format for small packs and first tries, not an official one:
    /// 20 to 60 cards, at most 4 of a card name (copies counted as BS-0.1 counts them).
    /// Chosen by `format: casual` in the deck file or `--format casual`.
    pub fn casual() -> DeckFormat {
        DeckFormat {
            name: "casual".into(),
            min_cards: 20,
            max_cards: Some(60),
            max_copies: 4,
            game: GameKind::BattleSpirits,
        }
    }

    /// The preset named `saga`, `japanese`, `casual` or `line-battle`.
    pub fn by_name(name: &str) -> Option<DeckFormat> {
        match name {
            "saga" => Some(DeckFormat::saga()),
            "casual" => Some(DeckFormat::casual()),
            "japanese" => Some(DeckFormat::japanese()),
            "line-battle" => Some(DeckFormat::line_battle()),
            _ => None,
        }
    }

    /// [`DeckFormat::by_name`], or an error naming `name` and listing [`DeckFormat::NAMES`]:
    /// ``unknown format `x` (saga, japanese, casual, line-battle)``.
    pub fn named(name: &str) -> Result<DeckFormat, String> {
        DeckFormat::by_name(name)
            .ok_or_else(|| format!("unknown format `{name}` ({})", DeckFormat::NAMES.join(", ")))
    }

    /// The names `by_name` knows, for help texts.
    pub const NAMES: [&'static str; 4] = ["saga", "japanese", "casual", "line-battle"];

    /// The default format of a game: Saga for Battle Spirits, `line-battle` for the line
    /// battle.
    pub fn for_game(game: GameKind) -> DeckFormat {
        match game {
            GameKind::BattleSpirits => DeckFormat::saga(),
            GameKind::LineBattle => DeckFormat::line_battle(),
        }
    }

    /// The rule ID its limits come from (`BS-0.1`, `LB-0.1`).
    pub fn rule(&self) -> &'static str {
        match self.game {
            GameKind::BattleSpirits => "BS-0.1",
            GameKind::LineBattle => "LB-0.1",
        }
    }
}

/// The format deck `deck` of a `game` catalogue is checked against: `given` (the command
/// line's `--format`, any game's: a check against another game's limits shows what
/// breaks them) when there is one, else the deck file's own `format:` line, else the
/// game's default ([`DeckFormat::for_game`]).
///
/// Errors: an unknown format name (listing [`DeckFormat::NAMES`]), or a deck file naming a
/// format of another game than the catalogue's (`line-battle` for a Battle Spirits deck).
pub fn format_for(given: Option<&str>, deck: &Deck, game: GameKind) -> Result<DeckFormat, String> {
    let Some(name) = given.or(deck.format.as_deref()) else {
        return Ok(DeckFormat::for_game(game));
    };
    let format = DeckFormat::named(name)?;
    if given.is_none() && format.game != game {
        return Err(format!(
            "the deck names the {} format, which is for {}, not {}",
            format.name,
            format.game.name(),
            game.name()
        ));
    }
    Ok(format)
}
