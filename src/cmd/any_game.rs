//! `play` and `sim` for every game other than Battle Spirits, through the engine's registry
//! of games (`engine::rules::driver`): the game comes from the catalogue's packs
//! (`pack.yaml` `game:`). Battle Spirits keeps its own richer paths (`play.rs`, `sim.rs`).

use std::io::{BufRead, Write};

use carddb::{Catalogue, Deck, GameKind};
use engine::core::{PlayerId, Step};
use engine::driver::replay::AnyReplay;
use engine::driver::sim::{SimConfig, simulate};
use engine::driver::{CardInput, DynGame, GameOptions, Prepared, Robot};

use super::play::{LogFormat, PlayArgs, deck_file, guarded};
use super::sim::SimArgs;
use super::{board, human};

type Error = Box<dyn std::error::Error>;

/// The catalogue's cards prepared by `game`'s ruleset, with its rules preset named like the
/// deck format (`saga`, `japanese` for Battle Spirits; the game's default otherwise).
pub fn prepare(
    cat: &Catalogue,
    game: GameKind,
    lenient: bool,
    format: Option<&str>,
) -> Result<std::sync::Arc<dyn Prepared>, Error> {
    let driver = engine::rules::driver(game)
        .ok_or_else(|| format!("this build has no ruleset for the game {}", game.name()))?;
    let input = CardInput::of_catalogue(cat, lenient)?;
    let preset = (game == GameKind::BattleSpirits).then(|| format.unwrap_or("saga"));
    Ok(driver.prepare(input, preset)?)
}

/// The format a game of `args` is played in: `--format`, else the first of its two deck
/// files that names one (`format: casual`), else `None` (the game's own).
///
/// Errors: a deck that cannot be read.
pub fn play_format(args: &PlayArgs, cat: &Catalogue) -> Result<Option<String>, Error> {
    if let Some(f) = &args.format {
        return Ok(Some(f.clone()));
    }
    for (given, index) in [(args.deck_a.as_deref(), 0), (args.deck_b.as_deref(), 1)] {
        let named = match given {
            Some(g) => deck_file(cat, g)?.deck.format,
            None => cat.decks()?.get(index).and_then(|(_, d)| d.format.clone()),
        };
        if named.is_some() {
            return Ok(named);
        }
    }
    Ok(None)
}

/// Deck `given` (a file or a catalogue deck name; `None`: the catalogue's deck `index`),
/// checked against the catalogue and its format (`format`, else the deck file's own, else
/// the game's: `carddb::format::format_for`).
pub fn deck(
    cat: &Catalogue,
    cards: &[carddb::CardDef],
    given: Option<&str>,
    index: usize,
    format: Option<&str>,
) -> Result<Deck, Error> {
    let file = match given {
        Some(g) => deck_file(cat, g)?,
        None => {
            // One deck plays its mirror match, as in `sim`.
            let decks = cat.decks()?;
            let (_, d) = decks
                .get(index)
                .or(decks.first())
                .ok_or("the catalogue has no deck: name two decks (files or deck names)")?;
            deck_file(cat, &d.name)?
        }
    };
    let format = carddb::format::format_for(format, &file.deck, cat.game()?)
        .map_err(|e| format!("{}: {e}", file.files.display_path(&file.rel).display()))?;
    let problems = carddb::deck::check(&file, cards, &format);
    if problems.is_empty() {
        Ok(file.deck)
    } else {
        Err(carddb::LoadError::Invalid(carddb::Diagnostics(problems)).into())
    }
}

/// A new game of `prepared` between the decks `args` names (each checked against its
/// format), seeded with `--seed`, scripts strict with `--strict`.
pub fn new_game(
    args: &PlayArgs,
    cat: &Catalogue,
    prepared: &dyn Prepared,
) -> Result<(Box<dyn DynGame>, [Deck; 2]), Error> {
    let format = args.format.as_deref();
    // Read once: every deck is checked against the same cards.
    let cards = cat.cards()?;
    let decks = [
        deck(cat, &cards, args.deck_a.as_deref(), 0, format)?,
        deck(cat, &cards, args.deck_b.as_deref(), 1, format)?,
    ];
    let options = GameOptions {
        seed: args.seed,
        check_every_event: false,
        strict_scripts: args.strict,
    };
    Ok((prepared.new_game([&decks[0], &decks[1]], options)?, decks))
}

/// `cardscript play` for a game other than Battle Spirits.
pub fn play(args: PlayArgs, cat: Catalogue, game: GameKind) -> Result<(), Error> {
    let prepared = prepare(&cat, game, !args.strict, args.format.as_deref())?;
    let (mut g, decks, seed): (Box<dyn DynGame>, [Deck; 2], u64) = match &args.replay {
        Some(path) => {
            let text = carddb::read_text(path)?;
            let replay: AnyReplay = serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a replay file: {e}", path.display()))?;
            if replay.game != game.name() {
                return Err(format!(
                    "{}: a replay of {}, not {}",
                    path.display(),
                    replay.game,
                    game.name()
                )
                .into());
            }
            (
                replay.play(prepared.as_ref())?,
                replay.decks.clone(),
                replay.seed,
            )
        }
        None => {
            let (g, decks) = new_game(&args, &cat, prepared.as_ref())?;
            (g, decks, args.seed)
        }
    };
    let save = |g: &dyn DynGame| -> Result<(), Error> {
        if let Some(path) = &args.save {
            let replay = AnyReplay {
                game: game.name().to_string(),
                hash: prepared.hash(),
                decks: decks.clone(),
                seed,
                answers: g.answers_json(),
            };
            std::fs::write(path, serde_json::to_string_pretty(&replay)?)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    };
    save(g.as_ref())?;
    if args.strict {
        // A broken script stops the game with its message (`guarded`), not a trace.
        std::panic::set_hook(Box::new(|_| {}));
    }
    let robots = [args.robot(args.p1), args.robot(args.p2)];
    // The packs' keyword meanings, for `?N` at a person's prompt.
    let declared = cat.keywords()?;
    // A person at one seat reads the log as that seat may see it (the opponent's draws
    // name no card; docs/protocol.md "Per seat"); hot-seat and robots get the full log.
    let viewer = match robots {
        [None, Some(_)] => Some(PlayerId(0)),
        [Some(_), None] => Some(PlayerId(1)),
        _ => None,
    };
    let mut input = human::TerminalInput::stdin();
    let mut out = std::io::stdout().lock();
    let mut printed = 0;
    let (mut seen, mut ahead) = (board::Seen::default(), human::Ahead::default());
    g.set_cancel([robots[0].is_none(), robots[1].is_none()]);
    let outcome = loop {
        let step = guarded(|| g.next())?;
        let people = [robots[0].is_none(), robots[1].is_none()];
        let name = |id: &str| cat.card(id).map_or(id.to_string(), |c| c.name.clone());
        let seats = Seats {
            viewer,
            people,
            name: &name,
        };
        printed = print_new(g.as_ref(), printed, args.log, &seats, &mut out)?;
        let req = match step {
            Step::Over(r) => break Some(r),
            Step::Decision(r) => r,
        };
        let seat = req.player.index();
        let index = match robots[seat] {
            // Seat seeds as in Battle Spirits' `play`: P1 the game's seed, P2 the next.
            Some(r) => guarded(|| g.robot_index(r, seed.wrapping_add(seat as u64)))??,
            // Auto-pass: a flash timing with nothing to use is passed without asking.
            None if args.auto_pass && g.only_pass() => 0,
            None => {
                let mut talk: Box<dyn Write> = if args.log == LogFormat::Json {
                    Box::new(std::io::stderr())
                } else {
                    Box::new(std::io::stdout())
                };
                let name = |id: &str| cat.card(id).map_or(id.to_string(), |c| c.name.clone());
                let board = |g: &dyn DynGame| board::of_json(&g.view_json(req.player), &name);
                seen.show(seat, board(g.as_ref()), false, &mut talk)?;
                writeln!(talk, "P{} — {}", seat + 1, req.prompt)?;
                if let [only] = req.options.as_slice() {
                    let what = human::only_what(&only.choice);
                    writeln!(talk, "  (the only {what}: {})", only.label)?;
                    ahead.took(&only.label);
                    0
                } else {
                    for (i, o) in req.options.iter().enumerate() {
                        writeln!(talk, "  {}) {}", i + 1, o.label)?;
                    }
                    if !ahead.drop_typed_ahead(&mut input, &mut talk)? {
                        break None;
                    }
                    let describe = |n: u32| -> Option<Vec<String>> {
                        let id = g.card_seen_by(n, req.player)?;
                        let c = cat.card(&id).ok()?;
                        Some(super::describe::lines(&c, &declared, None))
                    };
                    let mut whole = |talk: &mut dyn Write| -> Result<(), Error> {
                        seen.show(seat, board(g.as_ref()), true, talk)
                    };
                    let n = req.options.len();
                    match ask_index(n, &mut input, &mut talk, &describe, &mut whole)? {
                        Some(i) => i,
                        None => break None,
                    }
                }
            }
        };
        guarded(|| g.answer_index(index))??;
    };
    save(g.as_ref())?;
    match outcome {
        Some(r) if args.log == LogFormat::Json => {
            writeln!(out, "{}", serde_json::json!({ "result": r }))?;
        }
        Some(r) => {
            let who = r
                .winner
                .map_or("Draw".to_string(), |p| format!("P{} wins", p.index() + 1));
            writeln!(out, "== {who}: {} ==", r.reason)?;
        }
        None if args.log == LogFormat::Json => writeln!(
            out,
            "{}",
            serde_json::json!({ "result": null, "stopped": "at a decision" })
        )?,
        None => writeln!(out, "== game stopped at a decision ==")?,
    }
    Ok(())
}

/// Reads an option number (1-based) from a person until a valid one, or `q`/end of input
/// (`None`); `?N` prints card #N as `describe` gives it (`None`: a card this seat cannot
/// see, or no such card), `b` the whole board (`whole`), and asks again.
fn ask_index(
    n: usize,
    input: &mut impl BufRead,
    talk: &mut dyn Write,
    describe: &dyn Fn(u32) -> Option<Vec<String>>,
    whole: &mut dyn FnMut(&mut dyn Write) -> Result<(), Error>,
) -> Result<Option<usize>, Error> {
    loop {
        write!(talk, "> ")?;
        talk.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 || line.trim() == "q" {
            return Ok(None);
        }
        let line = line.trim();
        if line == "b" {
            whole(talk)?;
            continue;
        }
        if let Some(card) = line.strip_prefix('?') {
            let card = card.trim().trim_start_matches('#');
            match card.parse::<u32>().ok().and_then(describe) {
                Some(lines) => {
                    for l in lines {
                        writeln!(talk, "{l}")?;
                    }
                }
                None => writeln!(talk, "no card #{card} you can see")?,
            }
            continue;
        }
        match line.parse::<usize>() {
            Ok(i) if (1..=n).contains(&i) => return Ok(Some(i - 1)),
            _ => writeln!(
                talk,
                "type a number from 1 to {n}, ?N to describe card #N, b for the board, or q to stop"
            )?,
        }
    }
}

/// Who reads the log: `viewer`, the one seat a person plays (the other a robot's);
/// `people`, the seats people play; `name`, a card id's name.
struct Seats<'a> {
    viewer: Option<PlayerId>,
    people: [bool; 2],
    name: &'a dyn Fn(&str) -> String,
}

/// A person's own draw in words (`P1 draws Ash Runner (#6)`): event `i` when it moves a
/// card from a person's deck to their hand (the text formats only).
fn own_draw(g: &dyn DynGame, i: usize, seats: &Seats) -> Option<String> {
    let e: serde_json::Value = serde_json::from_str(&g.event_json(i)).ok()?;
    let m = e.get("CardMoved")?;
    let seat = m.pointer("/from/Deck")?.as_u64()?;
    if m.pointer("/to/Hand")?.as_u64()? != seat || !*seats.people.get(seat as usize)? {
        return None;
    }
    let card = m["card"].as_u64()? as u32;
    let id = g.card_seen_by(card, PlayerId(seat as u8))?;
    Some(format!(
        "P{} draws {} (#{card})",
        seat + 1,
        (seats.name)(&id)
    ))
}

/// Prints the events from `from` on; for `seats.viewer` (a person at one seat) the text
/// formats print an event that names a card the seat cannot see redacted, and a person's
/// own draws by name. `--log json` stays the full record (docs/protocol.md).
fn print_new(
    g: &dyn DynGame,
    from: usize,
    format: LogFormat,
    seats: &Seats,
    out: &mut impl Write,
) -> Result<usize, Error> {
    let n = g.log_len();
    for i in from..n {
        if format != LogFormat::Json
            && let Some(r) = seats.viewer.and_then(|seat| g.redacted_event(i, seat))
        {
            writeln!(out, "{}", r.text)?;
            continue;
        }
        if format != LogFormat::Json
            && seats.people.contains(&true)
            && let Some(line) = own_draw(g, i, seats)
        {
            writeln!(out, "{line}")?;
            continue;
        }
        match format {
            LogFormat::Json => writeln!(out, "{}", g.event_json(i))?,
            LogFormat::Text => {
                if let Some(t) = g.event_text(i) {
                    writeln!(out, "{t}")?;
                }
            }
            LogFormat::Full => match g.event_text(i) {
                Some(t) => writeln!(out, "{t}")?,
                None => writeln!(out, "  {}", g.event_json(i))?,
            },
        }
    }
    Ok(n)
}

/// `cardscript sim` for a game other than Battle Spirits.
pub fn sim(args: SimArgs, cat: Catalogue, game: GameKind) -> Result<(), Error> {
    let prepared = prepare(&cat, game, !args.strict, args.format.as_deref())?;
    let format = args.format.as_deref();
    let cards = cat.cards()?;
    let decks: Vec<(String, Deck)> = if args.decks.is_empty() {
        cat.decks()?
            .into_iter()
            .map(|(_, d)| deck(&cat, &cards, Some(&d.name), 0, format).map(|x| (d.name.clone(), x)))
            .collect::<Result<_, _>>()?
    } else {
        args.decks
            .iter()
            .map(|d| deck(&cat, &cards, Some(d), 0, format).map(|x| (x.name.clone(), x)))
            .collect::<Result<_, _>>()?
    };
    if decks.is_empty() {
        return Err("sim needs a deck".into());
    }
    let players = super::sim::players(&args.players, args.search_budget)?;
    let robot = |p: engine::rules::battle_spirits::sim::PlayerKind| match p {
        engine::rules::battle_spirits::sim::PlayerKind::Greedy => Robot::Greedy,
        engine::rules::battle_spirits::sim::PlayerKind::Random => Robot::Random,
        engine::rules::battle_spirits::sim::PlayerKind::Search { budget } => {
            Robot::Search { budget }
        }
    };
    let cfg = SimConfig {
        games_per_pair: args.games,
        seed: args.seed,
        check_every_event: args.check,
        strict_scripts: args.strict,
        decision_cap: engine::players::DEFAULT_DECISION_CAP,
        threads: args.threads,
        players: [robot(players[0]), robot(players[1])],
    };
    let total = engine::driver::sim::pairings(decks.len()).len() as u64 * args.games;
    let bar = indicatif::ProgressBar::new(total);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // Wall time for the speed line only (never in the report: reports are deterministic).
    let started = std::time::Instant::now();
    let report = simulate(prepared.as_ref(), &decks, &cfg, &|| bar.inc(1));
    let secs = started.elapsed().as_secs_f64();
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    if args.json {
        say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        say!(
            "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>13}",
            "P1 deck",
            "P2 deck",
            "games",
            "P1 won",
            "P2 won",
            "draws",
            "avg decisions"
        );
        for p in &report.pairs {
            say!(
                "{:<24} {:<24} {:>6} {:>6} {:>6} {:>6} {:>13.1}",
                p.a,
                p.b,
                p.games,
                p.wins_a,
                p.wins_b,
                p.draws,
                p.avg_decisions
            );
        }
        say!(
            "{} games of {}, {:.1} decisions and {:.0} events per game{}",
            report.games,
            game.name(),
            report.decisions as f64 / report.games.max(1) as f64,
            report.events as f64 / report.games.max(1) as f64,
            if args.check {
                ", conservation checked after every answer and event"
            } else {
                ""
            }
        );
        say!(
            "speed: {:.0} games/s, {:.0} decisions/s ({:.2} s wall)",
            report.games as f64 / secs.max(1e-9),
            report.decisions as f64 / secs.max(1e-9),
            secs
        );
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} game(s) failed:\n{}",
            report.failures.len(),
            report.failures.join("\n")
        )
        .into())
    }
}
