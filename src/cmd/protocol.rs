//! `cardscript play --protocol jsonl`: one game through the JSON-lines protocol
//! (`docs/protocol.md`, `engine::driver::protocol`) on stdin/stdout. The seats named
//! `human` are the client's; the others are played by their robots.

use std::io::{BufRead, Write};

use carddb::{Catalogue, GameKind};
use engine::driver::Robot;
use engine::driver::protocol::Session;

use super::any_game::{new_game, play_format, prepare};
use super::play::{Controller, PlayArgs};

type Error = Box<dyn std::error::Error>;

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
    let seat = |c: Controller| match c {
        Controller::Greedy => Some(Robot::Greedy),
        Controller::Random => Some(Robot::Random),
        Controller::Human => None,
    };
    let mut session = Session::new(g, [seat(args.p1), seat(args.p2)], args.seed);
    let mut out = std::io::stdout().lock();
    for l in session.start(game.name()) {
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // The process ends once `over` is sent.
    while !session.is_over() {
        let Some(l) = lines.next() else { break };
        let l = l?;
        if l.trim().is_empty() {
            continue;
        }
        for reply in session.input(&l) {
            writeln!(out, "{reply}")?;
        }
        out.flush()?;
    }
    Ok(())
}
