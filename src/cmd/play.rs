//! `cardscript play`: one game between two players, printed as a log a person can follow
//! (or as JSON lines), with replay files that save and resume a game.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use engine::core::Rules;
use engine::players::{Player, RandomPlayer, SearchPlayer, Sight};
use engine::rules::battle_spirits::GreedyPlayer;
use engine::rules::battle_spirits::{Choice, RulesConfig, Step, TextLog};
use engine::{Game, Replay};

use super::human;
use super::source::SourceArgs;

/// Who makes a player's decisions.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Controller {
    /// Plays what it can afford well, attacks when favourable, blocks to survive.
    Greedy,
    /// Picks a legal option at random (seeded).
    Random,
    /// Searches: tries each option in rollouts on copies of the game re-dealt from what
    /// the seat sees (seeded; `--search-budget` rollouts per decision).
    Search,
    /// You, in the terminal: numbered options.
    Human,
}

/// How the log is printed.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// What a player follows: plays, attacks, battles, life (book-keeping left out).
    Text,
    /// Every event in words, every core movement included.
    Full,
    /// One serde event per line.
    Json,
}

/// Machine protocols `play` speaks instead of the log.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Protocol {
    /// JSON lines on stdin/stdout (`docs/protocol.md`): the `human` seats are the client's.
    Jsonl,
}

/// Arguments of `cardscript play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The first player's deck: a deck file (.txt or .yaml) or a deck name of the catalogue.
    /// Default: the catalogue's first two decks (its only deck: a mirror match).
    pub deck_a: Option<String>,
    /// The second player's deck.
    pub deck_b: Option<String>,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Seed of the game's one RNG.
    #[arg(long, default_value_t = 1, conflicts_with = "replay")]
    pub seed: u64,
    /// Who plays the first deck (also after `--replay`: name the human again).
    #[arg(long, value_enum, default_value_t = Controller::Greedy)]
    pub p1: Controller,
    /// Who plays the second deck.
    #[arg(long, value_enum, default_value_t = Controller::Greedy)]
    pub p2: Controller,
    /// How the log is printed (with `json`, a human's prompts go to stderr).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log: LogFormat,
    /// Deck format: saga (50–60 cards, 4 copies), japanese (≥ 40, 3 copies) (BS-0.1) or
    /// casual (20–60, 4 copies; the project's own, played with Saga's rules); the game's
    /// own format for other games (line-battle: LB-0.1). Default: each deck file's own
    /// `format:` line, else saga, or the game's format.
    #[arg(long, conflicts_with = "replay")]
    pub format: Option<String>,
    /// Write the replay (catalogue hash, decks, seed, rules, answers) here when the game
    /// ends or when a human quits; `--replay` resumes it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Fail on the first broken script (at load, or when an effect throws or breaks a
    /// sandbox limit) instead of reporting it as an event and going on.
    #[arg(long)]
    pub strict: bool,
    /// Replay this file's answers (the same log, checked against its catalogue), then go on
    /// playing if the game was not over.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Speak a machine protocol on stdin/stdout instead of printing the log: `jsonl`
    /// (`docs/protocol.md`; the seats given as `human` are the client's).
    #[arg(long, value_enum)]
    pub protocol: Option<Protocol>,
    /// A human seat's flash timings where it can only pass (nothing it could use or pay
    /// for, BS-6.2) are passed without asking or saying so; the pass is recorded like a
    /// typed one. (Until a play's cost is paid, a person may also type `cancel`.)
    #[arg(long)]
    pub auto_pass: bool,
    /// Rollouts per decision of a `search` seat (more is stronger and slower).
    #[arg(long, default_value_t = engine::players::search::DEFAULT_BUDGET, value_name = "N")]
    pub search_budget: u32,
}

impl PlayArgs {
    /// The robot of controller `c` in the plain drivers (`None`: a human seat).
    pub fn robot(&self, c: Controller) -> Option<engine::driver::Robot> {
        use engine::driver::Robot;
        match c {
            Controller::Greedy => Some(Robot::Greedy),
            Controller::Random => Some(Robot::Random),
            Controller::Search => Some(Robot::Search {
                budget: self.search_budget,
            }),
            Controller::Human => None,
        }
    }
}

type Error = Box<dyn std::error::Error>;

/// Plays one game and prints its log; the last line says who won and why.
pub fn run(args: PlayArgs) -> Result<(), Error> {
    if args.replay.is_some() && (args.deck_a.is_some() || args.deck_b.is_some()) {
        return Err("--replay plays the replay's own decks: give no deck arguments".into());
    }
    // Fail now, not after a long game, when the save file cannot be written.
    let save = |game: &Game| -> Result<(), Error> {
        if let Some(path) = &args.save {
            let json = serde_json::to_string_pretty(&Replay::of(game))?;
            std::fs::write(path, json)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    };
    let catalogue = args.source.open()?;
    let game_kind = catalogue.game()?;
    if args.protocol == Some(Protocol::Jsonl) {
        return super::protocol::run(args, catalogue, game_kind);
    }
    if game_kind != carddb::GameKind::BattleSpirits {
        return super::any_game::play(args, catalogue, game_kind);
    }
    let library = args.source.library(&catalogue, !args.strict)?;
    // The packs' keyword meanings, for `?N` at a human prompt.
    let declared = catalogue.keywords()?;
    let mut deck_names = [
        "the replay's first deck".to_string(),
        "the replay's second deck".to_string(),
    ];
    let mut game = match &args.replay {
        Some(path) => {
            let text = carddb::read_text(path)?;
            let replay: Replay = serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a replay file: {e}", path.display()))?;
            replay.play(library)?
        }
        None => {
            let format = args.format.as_deref();
            let (a, named_a, name_a) = deck(&catalogue, args.deck_a.as_deref(), 0, format)?;
            let (b, named_b, name_b) = deck(&catalogue, args.deck_b.as_deref(), 1, format)?;
            let config = rules_of(format.or(named_a.as_deref()).or(named_b.as_deref()))?;
            deck_names = [name_a, name_b];
            Game::new(config, library, [a, b], args.seed)?
        }
    };
    game.set_strict_scripts(args.strict);
    if args.strict {
        // A broken script stops the game with its message (see `guarded`), not a trace.
        std::panic::set_hook(Box::new(|_| {}));
    }
    save(&game)?;
    // People may take back a play before its cost is paid (`Choice::Cancel`).
    game.set_cancel([args.p1 == Controller::Human, args.p2 == Controller::Human]);
    // Resumed players go on as in the uncut game: the game's seed, and (random) as many
    // draws as they have made.
    let seed = game.seed();
    let done = game.answered();
    let mut ais: [Option<Box<dyn Player<Game>>>; 2] = [
        ai(args.p1, seed, done[0], args.search_budget),
        ai(args.p2, seed.wrapping_add(1), done[1], args.search_budget),
    ];
    let mut input = human::TerminalInput::stdin();
    let mut out = std::io::stdout().lock();
    let mut printed = (0, 0);
    let mut text = TextLog::new();
    let mut terminal = human::Terminal::default();
    let people = [args.p1 == Controller::Human, args.p2 == Controller::Human];
    if args.log != LogFormat::Json {
        writeln!(
            out,
            "P1 plays {}; P2 plays {}",
            deck_names[0], deck_names[1]
        )?;
    }
    let outcome = loop {
        let step = guarded(|| game.next())?;
        printed = print_new(&game, printed, args.log, people, &mut text, &mut out)?;
        let req = match step {
            Step::Over(result) => break Some(result),
            Step::Decision(req) => req,
        };
        let choice = match &mut ais[req.player.index()] {
            Some(player) => player.decide(&Sight::of(&game, req.player), &req),
            None if args.auto_pass && <Game as Rules>::only_pass(&req) => Choice::Pass,
            // With a JSON log on stdout, the conversation goes to stderr.
            None if args.log == LogFormat::Json => {
                match terminal.ask(
                    &game,
                    &declared,
                    &game.view(req.player),
                    &req,
                    &mut input,
                    &mut std::io::stderr(),
                )? {
                    Some(c) => c,
                    None => break None,
                }
            }
            None => match terminal.ask(
                &game,
                &declared,
                &game.view(req.player),
                &req,
                &mut input,
                &mut out,
            )? {
                Some(c) => c,
                None => break None,
            },
        };
        guarded(|| game.answer(choice))??;
    };
    save(&game)?;
    match outcome {
        Some(result) if args.log == LogFormat::Json => {
            writeln!(
                out,
                "{}",
                serde_json::json!({ "result": result, "turns": game.turn(), "log_hash": game.log_hash() })
            )?;
        }
        Some(result) => {
            let who = match result.winner {
                Some(p) => format!("P{} wins", p.index() + 1),
                None => "Draw".to_string(),
            };
            writeln!(
                out,
                "== {who} on turn {}: {} ==",
                game.turn(),
                result.reason
            )?;
        }
        // A JSON log stays one JSON object a line.
        None if args.log == LogFormat::Json => writeln!(
            out,
            "{}",
            serde_json::json!({ "result": null, "stopped": "at a decision", "saved": args.save })
        )?,
        None => writeln!(
            out,
            "== game stopped at a decision; {} ==",
            match &args.save {
                Some(p) => format!("saved to {} (resume with --replay)", p.display()),
                None => "not saved (use --save FILE)".to_string(),
            }
        )?,
    }
    Ok(())
}

fn ai(c: Controller, seed: u64, decisions: u64, budget: u32) -> Option<Box<dyn Player<Game>>> {
    match c {
        Controller::Greedy => Some(Box::new(GreedyPlayer::new())),
        Controller::Random => Some(Box::new(RandomPlayer::resumed(seed, decisions))),
        // Seeded per decision from the seat and its answer count (a resumed game differs
        // only in the per-turn search count, `players::search`).
        Controller::Search => Some(Box::new(SearchPlayer::with_budget(seed, budget))),
        Controller::Human => None,
    }
}

/// The rules of play of the format `format` names (`--format`, else the first deck file
/// with a `format:` line): Japanese for `japanese`, casual for `casual` (Saga's play, decks
/// of 20 to 60 cards), else Saga (BS-0.1). Each deck was checked against its own format.
///
/// Errors: a format that is not one of Battle Spirits' ([`carddb::DeckFormat::NAMES`]).
pub fn rules_of(format: Option<&str>) -> Result<RulesConfig, Error> {
    let name = format.unwrap_or("saga");
    RulesConfig::preset(name)
        .ok_or_else(|| format!("unknown format `{name}` (saga, japanese, casual)").into())
}

/// A deck given as a file path or as a deck name of the catalogue; `None` takes the
/// catalogue's deck number `index`. The deck is checked against the catalogue and its
/// format first (`format`, else the deck file's own, else Saga: `carddb::format::format_for`).
/// Returns its card ids, the format its file names, and its name for the log (`the deck
/// «name»`, with the file when given one).
fn deck(
    cat: &carddb::Catalogue,
    given: Option<&str>,
    index: usize,
    format: Option<&str>,
) -> Result<(Vec<String>, Option<String>, String), Error> {
    let file = match given {
        Some(g) => deck_file(cat, g)?,
        None => {
            // One deck plays its mirror match, as in `sim`.
            let decks = cat.decks()?;
            let (pack, d) = decks
                .get(index)
                .or(decks.first())
                .ok_or("the catalogue has no deck: name two decks (files or deck names)")?;
            catalogue_deck_file(pack, d)
        }
    };
    let name = match given {
        Some(g) if std::path::Path::new(g).is_file() => {
            format!("the deck «{}» ({g})", file.deck.name)
        }
        _ => format!("the deck «{}»", file.deck.name),
    };
    let (ids, named) = checked(cat, file, format)?;
    Ok((ids, named, name))
}

/// A deck file (`.txt` or `.yaml`) if `given` is one, else the catalogue's deck of that
/// name, checked against the catalogue and its format (`format`, else the deck file's
/// own, else the game's default; BS-0.1).
///
/// Errors: an unreadable or malformed deck file (with its line), an unknown deck name
/// (listing the catalogue's decks), or the deck's problems, each with its line.
pub fn deck_by_name_or_file(
    cat: &carddb::Catalogue,
    given: &str,
    format: Option<&str>,
) -> Result<(Vec<String>, Option<String>), Error> {
    checked(cat, deck_file(cat, given)?, format)
}

/// The deck `given` names (a file, else a catalogue deck), unchecked.
pub fn deck_file(cat: &carddb::Catalogue, given: &str) -> Result<carddb::deck::DeckFile, Error> {
    let path = std::path::Path::new(given);
    if path.is_file() {
        return Ok(carddb::deck::load_file(path)?);
    }
    let decks = cat.decks()?;
    let (pack, d) = decks.iter().find(|(_, d)| d.name == given).ok_or_else(|| {
        let names: Vec<&str> = decks.iter().map(|(_, d)| d.name.as_str()).collect();
        let known = if names.is_empty() {
            "it has none".to_string()
        } else {
            names.join(", ")
        };
        format!("`{given}` is neither a deck file nor a deck of the catalogue ({known})")
    })?;
    // The deck's own file, when the catalogue has it: errors then name its file and line.
    for (p, path, text) in cat.files()? {
        if p == *pack && path.starts_with("decks/") {
            let files = carddb::PackFiles::from_memory(&p, [(path.clone(), text.clone())]);
            if let Ok(mut deck) = carddb::deck::parse(&files, &path, &text)
                && deck.name == d.name
            {
                // Its names were checked against its own pack's cards when the pack
                // loaded; a card another pack overrides may be named otherwise now (the
                // override is listed), as the deck plays without a name from `sim`.
                for e in &mut deck.entries {
                    e.name = None;
                }
                return Ok(carddb::deck::DeckFile {
                    deck,
                    files,
                    rel: path,
                });
            }
        }
    }
    Ok(catalogue_deck_file(pack, d))
}

fn catalogue_deck_file(pack: &str, deck: &carddb::Deck) -> carddb::deck::DeckFile {
    let rel = format!("decks/{}", deck.name);
    carddb::deck::DeckFile {
        deck: deck.clone(),
        files: carddb::PackFiles::from_memory(pack, [(rel.clone(), String::new())]),
        rel,
    }
}

fn checked(
    cat: &carddb::Catalogue,
    file: carddb::deck::DeckFile,
    format: Option<&str>,
) -> Result<(Vec<String>, Option<String>), Error> {
    let format = carddb::format::format_for(format, &file.deck, cat.game()?)
        .map_err(|e| format!("{}: {e}", file.files.display_path(&file.rel).display()))?;
    let problems = carddb::deck::check(&file, &cat.cards()?, &format);
    if problems.is_empty() {
        Ok((file.deck.card_ids(), file.deck.format.clone()))
    } else {
        Err(carddb::LoadError::Invalid(carddb::Diagnostics(problems)).into())
    }
}

/// Prints the events after `from`; returns the new count.
/// Prints the log from `printed.0` on. While an effect question waits, the events that led
/// to it are not in the log yet (`Game::pending_preview`): the text formats print them
/// before the question, and `printed.1` counts them so that they are not printed again
/// when the answered step logs them. Returns the new `printed`.
fn print_new(
    game: &Game,
    printed: (usize, usize),
    format: LogFormat,
    people: [bool; 2],
    text: &mut TextLog,
    out: &mut impl Write,
) -> Result<(usize, usize), Error> {
    let log = game.log();
    let (mut from, ahead) = printed;
    // A cancel took the action's events back: the game is as it was before them.
    if log.len() < from {
        if format == LogFormat::Json {
            writeln!(out, "{}", serde_json::json!({ "undone": from - log.len() }))?;
        } else {
            writeln!(out, "-- cancelled: back to where the action was chosen --")?;
        }
        from = log.len();
    }
    let skip = ahead.min(log.len() - from);
    print_events(game, &log[from + skip..], format, people, text, out)?;
    let mut ahead = ahead - skip;
    if format != LogFormat::Json {
        let preview = game.pending_preview();
        if preview.len() > ahead {
            print_events(game, &preview[ahead..], format, people, text, out)?;
        }
        ahead = preview.len();
    }
    Ok((log.len(), ahead))
}

/// Prints events: text lines read in order (`TextLog`: no line contradicts an earlier
/// one), or JSON. With people at the table (`people`), the text formats name a person's
/// own draws (`P1 draws Gullwing Lancer #8`) and, when one seat is a person's, print a
/// card that seat cannot see redacted (the opponent's draw: `P2 draws a card`).
fn print_events(
    game: &Game,
    events: &[engine::Event],
    format: LogFormat,
    people: [bool; 2],
    text: &mut TextLog,
    out: &mut impl Write,
) -> Result<(), Error> {
    use engine::core::GameEvent;
    use engine::rules::battle_spirits::Zone;
    let viewer = match people {
        [true, false] => Some(engine::core::PlayerId(0)),
        [false, true] => Some(engine::core::PlayerId(1)),
        _ => None,
    };
    for e in events {
        match format {
            LogFormat::Text | LogFormat::Full => {
                // The reader sees every event (what left the field), prints the shown ones.
                let line = text.line(e, game);
                if people.contains(&true)
                    && let engine::Event::CardMoved {
                        card,
                        from: Zone::Deck(p),
                        to: Zone::Hand(q),
                    } = e
                    && p == q
                {
                    if people[p.index()] {
                        let name = game.face_of(*card).name.clone();
                        writeln!(out, "{p} draws {name} {card}")?;
                        continue;
                    }
                    if let Some(r) = viewer.and_then(|v| e.redacted_for(v)) {
                        writeln!(out, "{}", r.text)?;
                        continue;
                    }
                }
                if format == LogFormat::Full
                    && let Some(r) = viewer.and_then(|v| e.redacted_for(v))
                {
                    writeln!(out, "{}", r.text)?;
                    continue;
                }
                if format == LogFormat::Text && engine::rules::battle_spirits::is_detail(e) {
                    continue;
                }
                if let Some(line) = line {
                    writeln!(out, "{line}")?;
                }
            }
            LogFormat::Json => writeln!(out, "{}", serde_json::to_string(e)?)?,
        }
    }
    Ok(())
}

/// Runs a game call; with `--strict` a broken script makes the engine panic with the
/// effect, card, line and reason: that becomes the command's error.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Box<dyn std::error::Error>> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        let msg = engine::driver::sim::panic_message(p.as_ref());
        format!("{msg} (--strict)").into()
    })
}
