//! A person at the terminal (`play --p1 human`): the board (its changes since the last
//! question; `b` prints it whole), the question, numbered options; `?N` / `show N`
//! describes card #N; `pay …` / `place …` answers a whole payment or placement in one
//! line (BS-5.2); `q` stops the game.

use std::io::{BufRead, Write};

use carddb::LoadedKeyword;
use engine::Game;
use engine::core::InstanceId;
use engine::rules::battle_spirits::{
    Choice, CorePick, CoreSource, DecisionKind, DecisionRequest, View, Zone,
};

use super::{board, describe};

type Error = Box<dyn std::error::Error>;

/// How to type a whole payment, shown at payment questions.
const PAY_HELP: &str = "or type a whole payment, e.g. `pay 2 reserve 1 #8` \
     (`soul reserve` for the soul core), or `cancel` to take the action back";

/// How to type a whole placement, shown at placement questions (a `pay` example there
/// sent people to a verb the question refuses).
const PLACE_HELP: &str = "or type a whole placement, e.g. `place 1 reserve soul reserve` \
     (`soul reserve` for the soul core, `1 #8` for a core from card #8)";

/// A person's seats at the terminal: the board each seat last saw (the next question
/// prints what changed, `board`), and the answers the game took for them ([`Ahead`]).
#[derive(Default)]
pub struct Terminal {
    seen: board::Seen,
    ahead: Ahead,
}

/// The answer the game last took for a person — a question with one legal answer — so
/// that lines typed ahead for it are not used silently on the next question.
#[derive(Default)]
pub struct Ahead {
    answered_for: Option<String>,
}

/// Lines a person types, and whether any already waits unread.
pub trait Typed: BufRead {
    /// Whether a typed line waits unread: in the buffer (lines typed together are read in
    /// one go) or at the terminal. Never for a pipe or a file, which are scripts.
    fn waiting(&self) -> bool;
}

/// Standard input read through a buffer whose unread bytes can be seen ([`Typed`]).
pub struct TerminalInput {
    buf: std::io::BufReader<std::io::Stdin>,
    terminal: bool,
}

impl TerminalInput {
    /// The process's standard input.
    pub fn stdin() -> TerminalInput {
        use std::io::IsTerminal;
        let stdin = std::io::stdin();
        TerminalInput {
            terminal: stdin.is_terminal(),
            buf: std::io::BufReader::new(stdin),
        }
    }
}

impl std::io::Read for TerminalInput {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.buf.read(out)
    }
}

impl BufRead for TerminalInput {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.buf.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.buf.consume(n)
    }
}

impl Typed for TerminalInput {
    fn waiting(&self) -> bool {
        self.terminal && (!self.buf.buffer().is_empty() || stdin_pending())
    }
}

/// `target` for a question whose one answer picks a card for an effect (Battle Spirits'
/// `Target`, the line battle's `Pick`), else `option`: the words of `the only …: `.
pub fn only_what(choice: &serde_json::Value) -> &'static str {
    match choice.as_object() {
        Some(o) if o.contains_key("Target") || o.contains_key("Pick") => "target",
        _ => "option",
    }
}

impl Ahead {
    /// The game answered a question for the person with `label` (said on the terminal).
    pub fn took(&mut self, label: &str) {
        self.answered_for = Some(label.to_string());
    }

    /// After the game answered a question for the person, the lines they typed before
    /// this question was shown were meant for that one: each is read, named and not used.
    /// `false`: the input ended.
    pub fn drop_typed_ahead(
        &mut self,
        input: &mut impl Typed,
        out: &mut dyn Write,
    ) -> Result<bool, Error> {
        let Some(taken) = self.answered_for.take() else {
            return Ok(true);
        };
        while input.waiting() {
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return Ok(false);
            }
            writeln!(
                out,
                "  (`{}` was typed before this question: the game had answered the one \
                 before itself ({taken}); it is not used here)",
                line.trim()
            )?;
        }
        Ok(true)
    }
}

impl Terminal {
    /// Prints the board as `view` shows it (the state after the events printed before the
    /// question: whole at the seat's first question of a turn, else its changes), the
    /// question and its numbered options, and reads answers until one is accepted. A
    /// question with one legal answer is answered for the person and said so (`the only
    /// option: …`, `the only target: …`), on the terminal only. `None`: the person stopped
    /// (`q`, or end of input).
    pub fn ask(
        &mut self,
        game: &Game,
        declared: &[LoadedKeyword],
        view: &View,
        req: &DecisionRequest,
        input: &mut impl Typed,
        out: &mut impl Write,
    ) -> Result<Option<Choice>, Error> {
        let seat = req.player.index();
        let shown = board::of_battle_spirits(game, view);
        self.seen.show(seat, shown, false, out)?;
        writeln!(out, "P{}: {}", seat + 1, req.prompt)?;
        if let [only] = req.options.as_slice() {
            let what = only_what(&serde_json::to_value(&only.choice)?);
            writeln!(out, "  (the only {what}: {})", only.label)?;
            self.ahead.took(&only.label);
            return Ok(Some(only.choice.clone()));
        }
        for (i, o) in req.options.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, o.label)?;
        }
        match req.kind {
            DecisionKind::PayFrom => writeln!(out, "  ({PAY_HELP})")?,
            DecisionKind::PlaceCore => writeln!(out, "  ({PLACE_HELP})")?,
            _ => {}
        }
        if !self.ahead.drop_typed_ahead(input, out)? {
            return Ok(None);
        }
        loop {
            write!(
                out,
                "choose 1-{} (?N shows card #N, b the board, q to stop): ",
                req.options.len()
            )?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return Ok(None);
            }
            let line = line.trim();
            if line == "q" {
                return Ok(None);
            }
            if line == "b" {
                writeln!(out)?;
                self.seen
                    .show(seat, board::of_battle_spirits(game, view), true, out)?;
                continue;
            }
            if let Some(n) = line
                .strip_prefix('?')
                .or_else(|| line.strip_prefix("show "))
            {
                show(game, declared, view, n.trim(), out)?;
                continue;
            }
            // `cancel` (or `c`): take back the action being paid for, when offered.
            if line == "cancel" || line == "c" {
                if req.options.iter().any(|o| o.choice == Choice::Cancel) {
                    return Ok(Some(Choice::Cancel));
                }
                writeln!(
                    out,
                    "nothing to cancel: the cost is paid or no action is being paid for"
                )?;
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(&verb) = words.first()
                && (verb == "pay" || verb == "place")
            {
                match typed(game, req, verb, &line[verb.len()..]) {
                    Ok(c) => return Ok(Some(c)),
                    Err(e) => writeln!(out, "cannot {verb} that way: {e}")?,
                }
                continue;
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=req.options.len()).contains(&n) => {
                    return Ok(Some(req.options[n - 1].choice.clone()));
                }
                _ => writeln!(out, "`{line}` is not one of the options")?,
            }
        }
    }
}

/// Whether bytes wait unread at standard input (`poll` with no wait).
#[cfg(unix)]
fn stdin_pending() -> bool {
    let mut fd = libc::pollfd {
        fd: 0,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, a count of 1, no wait; poll only writes `revents`.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & libc::POLLIN != 0
}

#[cfg(not(unix))]
fn stdin_pending() -> bool {
    false
}

/// A whole payment or placement typed as `N source …` (`source`: `reserve` or `#id`;
/// `soul source` for the soul core), checked by the game (BS-5.2).
fn typed(game: &Game, req: &DecisionRequest, verb: &str, rest: &str) -> Result<Choice, String> {
    let wanted = if verb == "pay" {
        DecisionKind::PayFrom
    } else {
        DecisionKind::PlaceCore
    };
    let whole_listed = req.choices().any(|c| match verb {
        "pay" => matches!(c, Choice::PayAll { .. }),
        _ => matches!(c, Choice::PlaceAll { .. }),
    });
    if req.kind != wanted || !whole_listed {
        return Err(format!(
            "this question is not a {}",
            if verb == "pay" {
                "payment for a card"
            } else {
                "placement of cores on a new card"
            }
        ));
    }
    let picks = parse_picks(rest)?;
    let choice = if verb == "pay" {
        Choice::PayAll { from: picks }
    } else {
        Choice::PlaceAll { from: picks }
    };
    game.check_answer(&choice).map_err(|e| e.to_string())?;
    Ok(choice)
}

/// `2 reserve 1 #8`, `soul reserve`, `2 from reserve, 1 from #8` → picks, one per source.
fn parse_picks(text: &str) -> Result<Vec<CorePick>, String> {
    let help = "write pairs like `2 reserve 1 #8`, or `soul reserve`";
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && *w != "from" && *w != "and")
        .collect();
    let mut picks: Vec<CorePick> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (n, soul) = match words[i] {
            "soul" => (0, true),
            w => (
                w.parse::<u32>()
                    .map_err(|_| format!("`{w}` is not a number of cores ({help})"))?,
                false,
            ),
        };
        let src = words
            .get(i + 1)
            .ok_or_else(|| format!("`{}` needs a source after it ({help})", words[i]))?;
        let from = match src.trim_start_matches('#') {
            "reserve" | "r" => CoreSource::Reserve,
            id => CoreSource::Card(InstanceId(id.parse::<u32>().map_err(|_| {
                format!("`{src}` is not a source: `reserve` or a card's #number ({help})")
            })?)),
        };
        match picks.iter_mut().find(|p| p.from == from) {
            Some(p) => {
                p.cores += n;
                p.soul |= soul;
            }
            None => picks.push(CorePick {
                from,
                cores: n,
                soul,
            }),
        }
        i += 2;
    }
    if picks.is_empty() {
        return Err(format!("no cores named ({help})"));
    }
    Ok(picks)
}

/// `?N`: card #N's text, level table and (on the field) current level and BP — only a
/// card the person may see (a field, a trash, a tecoto, their own hand).
fn show(
    game: &Game,
    declared: &[LoadedKeyword],
    view: &View,
    n: &str,
    out: &mut impl Write,
) -> Result<(), Error> {
    let Ok(id) = n.trim_start_matches('#').parse::<u32>() else {
        writeln!(
            out,
            "`?{n}`: write ?N with N a card's number, e.g. ?8 for #8"
        )?;
        return Ok(());
    };
    let card = InstanceId(id);
    let seen = view.players.iter().find_map(|p| {
        p.field
            .iter()
            .find(|f| f.id == card)
            .map(|f| describe::Live {
                level: f.level,
                bp: f.bp,
                cores: f.cores,
                exhausted: f.exhausted,
            })
    });
    let mine = view.players[view.me.index()]
        .hand
        .as_ref()
        .is_some_and(|h| h.iter().any(|c| c.id == card));
    let open = (id as usize) < game.card_count()
        && matches!(game.zone_of(card), Zone::Trash(_) | Zone::Tecoto(_));
    if seen.is_none() && !mine && !open {
        writeln!(
            out,
            "#{id} is not a card you can see (on a field, in a trash or tecoto, in your hand)"
        )?;
        return Ok(());
    }
    for line in describe::lines(game.def_of(card), declared, seen.as_ref()) {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An effect's one card to pick is "the only target" in both games (Battle Spirits'
    /// `Target`, the line battle's `Pick`); any other one answer is "the only option".
    #[test]
    fn the_only_answer_is_a_target_when_it_picks_a_card() {
        let pick = |j: &str| only_what(&serde_json::from_str(j).unwrap());
        assert_eq!(pick(r#"{"Target":{"card":8}}"#), "target");
        assert_eq!(pick(r#"{"Pick":{"card":8}}"#), "target");
        assert_eq!(pick(r#""EndMain""#), "option");
        assert_eq!(
            pick(r#"{"PlaceFrom":{"from":"Reserve","soul":false}}"#),
            "option"
        );
    }

    #[test]
    fn typed_payments_read_pairs_and_the_soul_core() {
        let p = parse_picks(" 2 reserve, 1 from #8 soul reserve").unwrap();
        assert_eq!(
            p,
            vec![
                CorePick {
                    from: CoreSource::Reserve,
                    cores: 2,
                    soul: true
                },
                CorePick {
                    from: CoreSource::Card(InstanceId(8)),
                    cores: 1,
                    soul: false
                },
            ]
        );
        assert!(
            parse_picks("two reserve")
                .unwrap_err()
                .contains("not a number")
        );
        assert!(parse_picks("2").unwrap_err().contains("needs a source"));
        assert!(
            parse_picks("2 hand")
                .unwrap_err()
                .contains("is not a source")
        );
        assert!(parse_picks("").unwrap_err().contains("no cores named"));
    }
}
