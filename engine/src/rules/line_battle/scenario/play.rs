//! One line-battle scenario played: each action answers the decision at hand (strict
//! choice mode: an effect's question no action answers fails the scenario), then the
//! expectations are checked against the game; the log tail when something failed.

use carddb::Line;

use super::Scenario;
use super::board::{self, R, Table};
use super::model::{Action, CardExpect, Expect, SideExpect};
use crate::core::{InstanceId, PlayerId};
use crate::rules::line_battle::battle::value;
use crate::rules::line_battle::state::{Stat, Zone};
use crate::rules::line_battle::{
    Choice, DecisionKind, DecisionRequest, LineLibrary, Step, Target, render_event,
};
use crate::tools::scenario::Failure;

/// How many log lines a failing scenario shows.
const LOG_TAIL: usize = 25;

/// Sets up `sc`'s board on `lib` (`own`: the file's cards by pack), plays its actions and checks its expectations.
pub(super) fn set_up_and_play(
    sc: &Scenario,
    lib: &LineLibrary,
    own: &[Vec<carddb::CardId>],
    at: &str,
) -> R<(Vec<Failure>, Vec<String>)> {
    let mut t = board::set_up(&sc.board, sc.seed, lib, own, &format!("{at}.board"))?;
    t.game.set_paranoid(true);
    let mut failures = Vec::new();
    for (i, a) in sc.actions.iter().enumerate() {
        let here = format!("{at}.do[{i}]");
        if let Action::Check(e) = a {
            failures.extend(check(&mut t, e, &format!("{here}.check")));
        } else if let Err(f) = perform(&mut t, a, &here, sc.strict) {
            failures.push(*f);
        } else if let Err(e) = t.game.check_invariants() {
            failures.push(Failure::at(&here, format!("an invariant broke: {e}")));
        }
        if !failures.is_empty() {
            break;
        }
    }
    if failures.is_empty()
        && sc.strict
        && sc.expect.decision.is_none()
        && let Step::Decision(r) = t.game.next()
        && r.kind == DecisionKind::EffectChoice
    {
        failures.push(Failure::at(
            &format!("{at}.do"),
            format!(
                "the actions end while an effect still asks (strict choice mode)\n    {}",
                describe(&r)
            ),
        ));
    }
    if failures.is_empty() {
        failures.extend(check(&mut t, &sc.expect, &format!("{at}.expect")));
    }
    let tail = if failures.is_empty() {
        vec![]
    } else {
        let log = &t.game.log()[t.start..];
        log[log.len().saturating_sub(LOG_TAIL)..]
            .iter()
            .map(|e| render_event(e, &t.game))
            .collect()
    };
    Ok((failures, tail))
}

/// A decision in words: who, the question and its numbered options.
fn describe(r: &DecisionRequest) -> String {
    let mut s = format!("{} decides: {}", r.player, r.prompt);
    for (i, o) in r.options.iter().enumerate() {
        s.push_str(&format!("\n      {i}: {}", o.label));
    }
    s
}

/// Answers the decision at hand with `a`. Not strict: an effect's question `a` does not
/// answer gets its first option first.
fn perform(t: &mut Table, a: &Action, at: &str, strict: bool) -> R<()> {
    loop {
        let r = match t.game.next() {
            Step::Over(res) => {
                return Err(Box::new(Failure::at(
                    at,
                    format!("the game is over: {}", res.reason),
                )));
            }
            Step::Decision(r) => r,
        };
        let choice = answer(t, a, &r, at)?;
        match choice {
            Some(c) => {
                return t
                    .game
                    .answer(c)
                    .map_err(|e| Box::new(Failure::at(at, format!("refused: {e}"))));
            }
            None if !strict && r.kind == DecisionKind::EffectChoice => {
                let first = r.options[0].choice.clone();
                t.game
                    .answer(first)
                    .map_err(|e| Box::new(Failure::at(at, e.to_string())))?;
            }
            None => {
                return Err(Box::new(Failure {
                    help: Some("answer the decision at hand first".into()),
                    ..Failure::at(
                        at,
                        format!("no option answers this action\n    {}", describe(&r)),
                    )
                }));
            }
        }
    }
}

/// The option of `r` that `a` names, if any. Errors: a card the scenario does not name.
fn answer(t: &Table, a: &Action, r: &DecisionRequest, at: &str) -> R<Option<Choice>> {
    let card = |w: &str, p: Option<PlayerId>| {
        t.find(w, p)
            .ok_or_else(|| Box::new(Failure::at(at, format!("no card `{w}` in this game"))))
    };
    let me = Some(r.player);
    let them = Some(r.player.other());
    let find =
        |f: &dyn Fn(&Choice) -> bool| r.options.iter().map(|o| &o.choice).find(|c| f(c)).cloned();
    Ok(match a {
        Action::Play(p) => {
            let c = card(&p.card, me)?;
            let line = match p.line.as_deref() {
                None => None,
                Some("attack") => Some(Line::Attack),
                Some("defense") => Some(Line::Defense),
                Some(o) => {
                    return Err(Box::new(Failure::at(
                        at,
                        format!("no line `{o}` (attack, defense)"),
                    )));
                }
            };
            find(
                &|ch| matches!(ch, Choice::Play { card, line: l } if *card == c && line.is_none_or(|w| w == *l)),
            )
        }
        Action::BuyDraw => find(&|ch| *ch == Choice::BuyDraw),
        Action::EndMain => find(&|ch| *ch == Choice::EndMain),
        Action::DoneOrdering => find(&|ch| *ch == Choice::DoneOrdering),
        Action::Yes => find(&|ch| *ch == Choice::Yes),
        Action::No => find(&|ch| *ch == Choice::No),
        Action::Order(o) => {
            let attacker = card(&o.attacker, me)?;
            let target = if o.target == "master" {
                Target::Master
            } else {
                Target::Creature(card(&o.target, them)?)
            };
            let want = Choice::Order { attacker, target };
            find(&|ch| *ch == want)
        }
        Action::NoAttack(w) => {
            let attacker = card(w, me)?;
            find(&|ch| *ch == Choice::NoAttack { attacker })
        }
        Action::Choose(w) => {
            let picked = r.options.iter().find_map(|o| match o.choice {
                Choice::Pick { card } if Some(card) == t.find(w, None) => Some(o.choice.clone()),
                _ => None,
            });
            picked.or_else(|| {
                r.options
                    .iter()
                    .find(|o| {
                        matches!(o.choice, Choice::Pick { .. }) && o.label.contains(w.as_str())
                    })
                    .map(|o| o.choice.clone())
            })
        }
        Action::Pick(text) => r
            .options
            .iter()
            .find(|o| o.label.contains(text.as_str()))
            .map(|o| o.choice.clone()),
        Action::Option(n) => r.options.get(*n as usize).map(|o| o.choice.clone()),
        Action::Check(_) => None,
    })
}

fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(ch.to_lowercase());
    }
    out
}

/// The words of a zone in expectations.
fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Deck(_) => "deck",
        Zone::Hand(_) => "hand",
        Zone::Line(_, Line::Attack) => "attack",
        Zone::Line(_, Line::Defense) => "defense",
        Zone::Destroyed(_) => "destroyed",
        Zone::Graveyard(_) => "graveyard",
        Zone::Master(_) => "master",
    }
}

/// Checks `e` against the game now.
fn check(t: &mut Table, e: &Expect, at: &str) -> Vec<Failure> {
    let mut out = Vec::new();
    let step = t.game.next();
    if let Some(want) = &e.result {
        let got = match &step {
            Step::Over(r) => match r.winner {
                Some(p) => format!("{} wins", p.to_string().to_lowercase()),
                None => "draw".into(),
            },
            Step::Decision(_) => "none".into(),
        };
        if got != want.to_lowercase() {
            out.push(Failure::diff(&format!("{at}.result"), want, &got));
        }
    }
    if e.decision.is_some()
        || e.decider.is_some()
        || !e.offered.is_empty()
        || !e.not_offered.is_empty()
    {
        match &step {
            Step::Over(r) => out.push(Failure::at(at, format!("the game is over: {}", r.reason))),
            Step::Decision(r) => {
                if let Some(want) = &e.decision {
                    let got = snake(&format!("{:?}", r.kind));
                    if &got != want {
                        out.push(Failure::diff(
                            &format!("{at}.decision"),
                            want,
                            &format!("{got}: {}", describe(r)),
                        ));
                    }
                }
                if let Some(want) = e.decider
                    && want.id() != r.player
                {
                    out.push(Failure::diff(
                        &format!("{at}.decider"),
                        &want.id().to_string(),
                        &r.player.to_string(),
                    ));
                }
                for (k, text) in e.offered.iter().enumerate() {
                    if !r.options.iter().any(|o| o.label.contains(text.as_str())) {
                        out.push(Failure::diff(
                            &format!("{at}.offered[{k}]"),
                            text,
                            &describe(r),
                        ));
                    }
                }
                for (k, text) in e.not_offered.iter().enumerate() {
                    if let Some(o) = r.options.iter().find(|o| o.label.contains(text.as_str())) {
                        out.push(Failure::diff(
                            &format!("{at}.not_offered[{k}]"),
                            &format!("no option with `{text}`"),
                            &o.label,
                        ));
                    }
                }
            }
        }
    }
    for (p, side, name) in [(PlayerId(0), &e.p1, "p1"), (PlayerId(1), &e.p2, "p2")] {
        if let Some(side) = side {
            check_side(t, p, side, &format!("{at}.{name}"), &mut out);
        }
    }
    for (word, ce) in &e.cards {
        let field = format!("{at}.cards.{word}");
        match t.find(word, None) {
            None => out.push(Failure::at(
                &field,
                format!("no card `{word}` in this game"),
            )),
            Some(c) => check_card(t, c, ce, &field, &mut out),
        }
    }
    let lines: Vec<String> = t.game.log()[t.start..]
        .iter()
        .map(|ev| render_event(ev, &t.game))
        .collect();
    let mut from = 0;
    for (k, text) in e.log.iter().enumerate() {
        match lines[from..].iter().position(|l| l.contains(text.as_str())) {
            Some(i) => from += i + 1,
            None => out.push(Failure::diff(
                &format!("{at}.log[{k}]"),
                text,
                &format!(
                    "no such line (in order) in the log:\n      {}",
                    lines.join("\n      ")
                ),
            )),
        }
    }
    for (k, text) in e.not_logged.iter().enumerate() {
        if let Some(l) = lines.iter().find(|l| l.contains(text.as_str())) {
            out.push(Failure::diff(
                &format!("{at}.not_logged[{k}]"),
                &format!("no line with `{text}`"),
                l,
            ));
        }
    }
    out
}

/// The ids of the cards in `z`, sorted, and the expected words as ids, sorted.
fn same_cards(t: &Table, z: Zone, want: &[String]) -> (String, String) {
    let st = t.game.state();
    let mut got: Vec<String> = st
        .zones
        .pile(z)
        .iter()
        .map(|&c| st.card_id(c).to_string())
        .collect();
    got.sort();
    let mut want: Vec<String> = want
        .iter()
        .map(|w| board::card_id(t.game.library(), w).unwrap_or_else(|_| w.clone()))
        .collect();
    want.sort();
    (want.join(", "), got.join(", "))
}

fn check_side(t: &Table, p: PlayerId, e: &SideExpect, at: &str, out: &mut Vec<Failure>) {
    let st = t.game.state();
    let mut num = |field: &str, want: Option<i64>, got: i64| {
        if let Some(w) = want
            && w != got
        {
            out.push(Failure::diff(
                &format!("{at}.{field}"),
                &w.to_string(),
                &got.to_string(),
            ));
        }
    };
    num("lp", e.lp, st.lp[p.index()]);
    num("dp", e.dp.map(i64::from), i64::from(st.dp[p.index()]));
    num(
        "hand_size",
        e.hand_size.map(i64::from),
        st.zones.pile(Zone::Hand(p)).len() as i64,
    );
    num(
        "deck_size",
        e.deck_size.map(i64::from),
        st.zones.pile(Zone::Deck(p)).len() as i64,
    );
    for (field, want, zone) in [
        ("hand", &e.hand, Zone::Hand(p)),
        ("graveyard", &e.graveyard, Zone::Graveyard(p)),
        ("attack", &e.attack, Zone::Line(p, Line::Attack)),
        ("defense", &e.defense, Zone::Line(p, Line::Defense)),
    ] {
        if let Some(want) = want {
            let (w, g) = same_cards(t, zone, want);
            if w != g {
                out.push(Failure::diff(&format!("{at}.{field}"), &w, &g));
            }
        }
    }
}

fn check_card(t: &Table, c: InstanceId, e: &CardExpect, at: &str, out: &mut Vec<Failure>) {
    let st = t.game.state();
    if let Some(want) = &e.zone {
        let got = zone_word(st.zone(c));
        if want != got {
            out.push(Failure::diff(&format!("{at}.zone"), want, got));
        }
    }
    for (field, want, stat) in [
        ("at", e.at, Stat::At),
        ("df", e.df, Stat::Df),
        ("sh", e.sh, Stat::Sh),
    ] {
        let got = value(t.game.library(), st, c, stat);
        if let Some(w) = want
            && w != got
        {
            out.push(Failure::diff(
                &format!("{at}.{field}"),
                &w.to_string(),
                &got.to_string(),
            ));
        }
    }
}
