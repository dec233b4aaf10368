//! What a constant effect's script may give and read, from the words of its source
//!: the kinds of modifier (queries skip computing the constants for a kind no
//! card of the game gives), whether it reads the step, and the parts of the state beside
//! the field it reads (an event that changes only such a part keeps the constants).

use super::hooks::Trigger;

/// A modifier that changes a level (`ModsOf::may_have`).
pub(crate) const LEVEL_MODS: u16 = 1;
/// A modifier that changes symbols (`ModsOf::may_have`).
pub(crate) const SYMBOL_MODS: u16 = 2;
/// A modifier that gives a keyword (`Game::may_hold_keyword`).
pub(crate) const KEYWORD_MODS: u16 = 4;
/// A modifier that changes BP (`Game::bp_delta`, the zero-BP check).
pub(crate) const BP_MODS: u16 = 8;
/// A modifier that changes what a card costs while it is paid (`Game::quote_card`, BS-5.2).
pub(crate) const COST_MODS: u16 = 16;
/// Not modifiers: the constants read whether the step is step `s` (bit `STEP_BASE << s`:
/// a constant timing of that step), or any step (`is_step`, a printed keyword's timing),
/// so entering or leaving such a step changes them.
pub(crate) const STEP_BASE: u16 = 1 << 8;
/// Every step read ([`STEP_BASE`]).
pub(crate) const STEP_READ: u16 = 0x7f << 8;

/// The [`STEP_BASE`] bit of step `s`.
pub(crate) fn step_bit(s: crate::rules::battle_spirits::StepName) -> u16 {
    STEP_BASE << (s as u16)
}

/// The kinds of modifier a constant effect's script may give, and whether it reads the step
/// ([`STEP_READ`]), read from its source: the API functions that give each kind (or read
/// the step) are named in it. A script that may call a function whose name is made at run
/// time (`Fn(…)`) or one of a module (`import`) may do anything (a game skips
/// computing the constants to read a kind none of its cards gives).
pub(crate) fn kinds_named_in(src: &str) -> u16 {
    let code = code_of(src);
    if may_call_any(src, &code) {
        return u16::MAX;
    }
    const NAMES: &[(&str, u16)] = &[
        ("treat_as_level", LEVEL_MODS),
        ("treat_as_highest_level", LEVEL_MODS),
        ("gain_symbols", SYMBOL_MODS),
        ("symbols_as", SYMBOL_MODS),
        ("symbol_colours_also", SYMBOL_MODS),
        ("gain_keyword", KEYWORD_MODS),
        ("bp_plus", BP_MODS),
        ("bp_minus", BP_MODS),
        ("level_bp_as", BP_MODS),
        ("is_step", STEP_READ),
        ("cost_as", COST_MODS),
        ("reduce_cost", COST_MODS),
        ("gain_reduction", COST_MODS),
        ("reduction_fulfilled", COST_MODS),
        ("reduce_with_symbols_of", COST_MODS),
    ];
    (NAMES.iter())
        .filter(|(name, _)| code.contains(name))
        .fold(0, |k, (_, bit)| k | bit)
}

/// Whether a script may call a function whose name is made at run time (`Fn(…)`, also
/// written `Fn (…)`) or one of a module (`import`): then it may read or give anything.
/// `code` is `src` as [`code_of`] gives it.
fn may_call_any(src: &str, code: &str) -> bool {
    src.contains("import") || words(code).any(|w| w == "Fn")
}

/// The identifiers and numbers of `code`.
fn words(code: &str) -> impl Iterator<Item = &str> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
}

/// `src` with its comments, the text of its string literals and its character literals
/// blanked: words there call nothing (`eval` is disabled, a name made at run time needs
/// `Fn`), so "… reducing its cores to zero" in the card text a script quotes reads no
/// core. Backtick strings stay whole: `${…}` in them is code. Block comments nest, as in
/// rhai.
pub(crate) fn code_of(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut it = src.chars().peekable();
    let mut depth = 0u32;
    while let Some(c) = it.next() {
        let next = it.peek().copied();
        if depth > 0 {
            match (c, next) {
                ('*', Some('/')) => depth -= 1,
                ('/', Some('*')) => depth += 1,
                _ => continue,
            }
            it.next();
            continue;
        }
        match (c, next) {
            ('/', Some('/')) => {
                while it.next_if(|&n| n != '\n').is_some() {}
                out.push(' ');
            }
            ('/', Some('*')) => {
                it.next();
                depth = 1;
                out.push(' ');
            }
            ('"', _) => {
                while let Some(n) = it.next() {
                    match n {
                        '\\' => _ = it.next(),
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            // A character: 'a', '\n', '"'.
            ('\'', _) => {
                if it.next() == Some('\\') {
                    it.next();
                }
                it.next_if_eq(&'\'');
                out.push_str("''");
            }
            // Kept whole up to its closing backtick, `${…}` (code, with braces) included.
            ('`', _) => {
                out.push(c);
                let mut depth = 0u32;
                while let Some(n) = it.next() {
                    out.push(n);
                    match n {
                        '$' if it.peek() == Some(&'{') => {
                            out.push('{');
                            it.next();
                            depth += 1;
                        }
                        '{' if depth > 0 => depth += 1,
                        '}' if depth > 0 => depth -= 1,
                        '`' if depth == 0 => break,
                        _ => {}
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The script may read cores: where they are (on a card, in a reserve, life, trash …), the
/// soul core, life. A level or a BP read depends on cores only through the card's level,
/// and a core move that changes a level is read again anyway (`Game::move_core`).
pub(crate) const READS_CORES: u8 = 1;
/// The script may read the piles off the field: hand, deck, trash, tecoto, burst.
pub(crate) const READS_PILES: u8 = 2;
/// The script may read whether cards are exhausted or refreshed.
pub(crate) const READS_EXHAUSTION: u8 = 4;
/// The constants may read the battle (BS-6): which spirits attack and block, what the
/// battle did (`attacking_spirit`, `blocking`, `magic_used_this_battle` …), or apply only
/// while a spirit attacks or blocks (set by `Game::apply_constant` from the timing).
pub(crate) const READS_BATTLE: u8 = 8;

/// The parts of the state beside the field a script may read ([`READS_CORES`] …), from
/// the words of its code ([`code_of`]): every API function that reads such a part names it
/// (`cores_on`, `has_soul_core`, `reserve`, `life`, `my_hand`, `my_trash`,
/// `is_exhausted` …). A script that may call a function whose name is made at run time
/// (`Fn(…)`) or one of a module (`import`) may read anything (a core move, a
/// draw or an exhaustion leaves the constants alone when no running one reads it).
pub(crate) fn reads_named_in(src: &str) -> u8 {
    let code = code_of(src);
    if may_call_any(src, &code) {
        return u8::MAX;
    }
    const WORDS: &[(&str, u8)] = &[
        ("core", READS_CORES),
        ("soul", READS_CORES),
        ("reserve", READS_CORES),
        ("life", READS_CORES),
        ("count_", READS_CORES),
        // `summons_this_turn` reads the `Played` events, as `soul_core_spent` does.
        ("summons_", READS_CORES),
        ("hand", READS_PILES),
        ("trash", READS_PILES),
        ("deck", READS_PILES),
        ("tecoto", READS_PILES),
        ("burst", READS_PILES),
        ("reveal", READS_PILES),
        ("discard", READS_PILES),
        // `magic_used_this_battle`: the magics used this battle still in the trash.
        ("magic", READS_PILES),
        ("exhaust", READS_EXHAUSTION),
        ("refresh", READS_EXHAUSTION),
        ("attack", READS_BATTLE),
        ("block", READS_BATTLE),
        ("battle", READS_BATTLE),
    ];
    // An event to watch for (`ev_…`) is not a read: its watcher runs when it happens.
    words(&code)
        .filter(|w| !w.starts_with("ev_"))
        .flat_map(|w| WORDS.iter().filter(move |(word, _)| w.contains(word)))
        .fold(0, |r, (_, bit)| r | bit)
}

/// [`kinds_named_in`] for a constant effect with `triggers`: a constant timing of a step
/// reads whether the step is that one.
pub(crate) fn kinds_of(triggers: &[Trigger], src: &str) -> u16 {
    (triggers.iter()).fold(kinds_named_in(src), |k, t| match t {
        Trigger::DuringStep(_, s) => k | step_bit(*s),
        _ => k,
    })
}
