//! `cardscript play --protocol jsonl`: one game through the JSON-lines protocol
//! (`docs/protocol.md`, `engine::driver::protocol`) on stdin/stdout. The seats named
//! `human` are the client's; the others are played by their robots.

use std::io::{self, BufRead, Write};

use carddb::{Catalogue, GameKind};
use engine::driver::protocol::Session;

use super::any_game::{new_game, play_format, prepare};
use super::play::PlayArgs;

type Error = Box<dyn std::error::Error>;

/// The longest line read from the client, in bytes (without its newline). An answer is a
/// few hundred bytes; a longer line gets an `error` line and is skipped.
pub const MAX_LINE: usize = 1 << 20;

/// Plays one game through the protocol, for any registered game.
pub fn run(args: PlayArgs, cat: Catalogue, game: GameKind) -> Result<(), Error> {
    if args.replay.is_some() || args.save.is_some() {
        return Err(
            "--protocol jsonl takes neither --replay nor --save: the client keeps the answers"
                .into(),
        );
    }
    let format = play_format(&args, &cat)?;
    let prepared = prepare(&cat, game, !args.strict, format.as_deref())?;
    let (g, _) = new_game(&args, &cat, prepared.as_ref())?;
    let mut session = Session::new(g, [args.robot(args.p1), args.robot(args.p2)], args.seed);
    session.set_auto_pass(args.auto_pass);
    let mut out = std::io::stdout().lock();
    for l in session.start(game.name()) {
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let error = |message: String| serde_json::json!({ "type": "error", "message": message });
    // The process ends once `over` is sent.
    while !session.is_over() {
        let replies = match read_line(&mut input, MAX_LINE)? {
            // The client went away mid-game: said, then ended as a quit.
            None => {
                writeln!(
                    out,
                    "{}",
                    error("the input ended before the game did: the game stops as a quit".into())
                )?;
                session.input(r#"{"quit": true}"#)
            }
            Some(Err(())) => vec![
                error(format!(
                    "a line is at most {MAX_LINE} bytes: this one was longer and is skipped"
                ))
                .to_string(),
            ],
            Some(Ok(bytes)) => match String::from_utf8(bytes) {
                Ok(l) if l.trim().is_empty() => continue,
                Ok(l) => session.input(&l),
                Err(e) => vec![error(format!("a line must be UTF-8 text: {e}")).to_string()],
            },
        };
        for reply in replies {
            writeln!(out, "{reply}")?;
        }
        out.flush()?;
    }
    Ok(())
}

/// One line of at most `max` bytes, without its `\n` (or `\r\n`): `None` at the end of the
/// input, `Err(())` for a longer line (read to its end and dropped, so memory stays
/// bounded).
fn read_line(r: &mut impl BufRead, max: usize) -> io::Result<Option<Result<Vec<u8>, ()>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if !too_long && line.len() + chunk.len() <= max + 1 {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = newline.map_or(buf.len(), |i| i + 1);
        r.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > max {
        return Ok(Some(Err(())));
    }
    Ok(Some(Ok(line)))
}

#[cfg(test)]
mod tests {
    use super::read_line;

    #[test]
    fn lines_are_read_up_to_the_limit() {
        let mut input: &[u8] = b"abc\r\n0123456789\nlast";
        assert_eq!(read_line(&mut input, 5).unwrap(), Some(Ok(b"abc".to_vec())));
        assert_eq!(read_line(&mut input, 5).unwrap(), Some(Err(())));
        assert_eq!(
            read_line(&mut input, 5).unwrap(),
            Some(Ok(b"last".to_vec()))
        );
        assert_eq!(read_line(&mut input, 5).unwrap(), None);
    }
}
