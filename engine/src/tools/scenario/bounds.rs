//! Bounds every game's scenario board shares (`docs/scenarios.md`, "Numbers are never cut
//! to fit"): a number past them is refused at its field, never cut down, and never reaches
//! a loop or an addition that it would exhaust or overflow.

/// The largest count a board may name: turns, filler cards, cores, LP, DP.
pub const MAX_COUNT: u32 = 1_000;

/// A number of a board refused at `field`, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfBounds {
    pub field: String,
    pub message: String,
}

fn within(n: i64, low: i64, field: String, message: String) -> Result<(), OutOfBounds> {
    if (low..=i64::from(MAX_COUNT)).contains(&n) {
        Ok(())
    } else {
        Err(OutOfBounds { field, message })
    }
}

/// `board.turn`: turns count from 1 (BS-0.6, LB-0.3) up to [`MAX_COUNT`]; `at` is the
/// board's field path. The turn as the game counts it.
pub fn turn(turn: i64, at: &str) -> Result<u32, OutOfBounds> {
    within(
        turn,
        1,
        format!("{at}.turn"),
        format!("the turn must be between 1 and {MAX_COUNT}"),
    )?;
    Ok(turn as u32)
}

/// A side's `deck_filler`, checked before any card is made: at most [`MAX_COUNT`] filler
/// cards (the cards the side names come on top of them); `at` is the side's field path.
pub fn deck_filler(count: u32, at: &str) -> Result<(), OutOfBounds> {
    within(
        i64::from(count),
        0,
        format!("{at}.deck_filler"),
        format!("at most {MAX_COUNT} filler cards"),
    )
}

/// A count of a side at `field` (`what` names it in the message), from `low` to
/// [`MAX_COUNT`].
pub fn count(n: i64, low: i64, field: &str, what: &str) -> Result<(), OutOfBounds> {
    within(
        n,
        low,
        field.to_string(),
        format!("{what} must be between {low} and {MAX_COUNT}"),
    )
}
