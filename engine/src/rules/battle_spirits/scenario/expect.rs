//! Expectations: what must hold after the actions (or at a `check`), each compared with
//! the game and reported as expected-vs-actual at its field.

use super::board::{Table, card_id};
use super::model::{CardExpect, Expect, LogItem, PlayerSpec, SideExpect};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::types::SOUL_CORE;
use crate::rules::battle_spirits::{CoreLoc, Event, Step, Zone, render_event};
use crate::tools::scenario::Failure;

/// Every expectation of `e` that does not hold (`at`: its field path).
pub(super) fn check(t: &mut Table, e: &Expect, at: &str) -> Vec<Failure> {
    // Settle automatic procedures first: the state a player would now see.
    let step = t.game.next();
    let mut out = Vec::new();
    if let Some(want) = &e.result {
        let actual = match &step {
            Step::Over(r) => match r.winner {
                Some(PlayerId(0)) => "p1 wins".to_string(),
                Some(_) => "p2 wins".to_string(),
                None => "draw".to_string(),
            },
            Step::Decision(_) => "none".to_string(),
        };
        if !want.trim().eq_ignore_ascii_case(&actual) {
            let reason = match &step {
                Step::Over(r) => format!(" ({})", r.reason),
                _ => String::new(),
            };
            out.push(Failure::diff(
                &format!("{at}.result"),
                want,
                &format!("{actual}{reason}"),
            ));
        }
    }
    if let Some(want) = &e.decision {
        let (actual, shown) = match &step {
            Step::Decision(r) => (snake(&format!("{:?}", r.kind)), super::actions::describe(r)),
            Step::Over(_) => ("over".into(), "over".into()),
        };
        if snake(want) != actual {
            out.push(Failure::diff(&format!("{at}.decision"), want, &shown));
        }
    }
    if let Some(want) = e.decider {
        let actual = match &step {
            Step::Decision(r) => r.player.to_string().to_lowercase(),
            Step::Over(_) => "nobody (the game is over)".into(),
        };
        let want = want.id().to_string().to_lowercase();
        if want != actual {
            out.push(Failure::diff(&format!("{at}.decider"), &want, &actual));
        }
    }
    let labels: Vec<String> = match &step {
        Step::Decision(r) => r.options.iter().map(|o| o.label.to_lowercase()).collect(),
        Step::Over(_) => vec![],
    };
    for (i, want) in e.offered.iter().enumerate() {
        if !labels.iter().any(|l| l.contains(&want.to_lowercase())) {
            out.push(Failure::diff(
                &format!("{at}.offered[{i}]"),
                &format!("an option with `{want}`"),
                &format!("options: {}", labels.join(" | ")),
            ));
        }
    }
    for (i, want) in e.not_offered.iter().enumerate() {
        if let Some(l) = labels.iter().find(|l| l.contains(&want.to_lowercase())) {
            out.push(Failure::diff(
                &format!("{at}.not_offered[{i}]"),
                &format!("no option with `{want}`"),
                l,
            ));
        }
    }
    for (spec, side) in [(PlayerSpec::P1, &e.p1), (PlayerSpec::P2, &e.p2)] {
        if let Some(side) = side {
            let name = if spec == PlayerSpec::P1 { "p1" } else { "p2" };
            check_side(t, spec.id(), side, &format!("{at}.{name}"), &mut out);
        }
    }
    for (word, ce) in &e.cards {
        let here = format!("{at}.cards.{word}");
        match t.one(word) {
            Ok(c) => check_card(t, c, ce, &here, &mut out),
            Err(m) => {
                let help = t.known(word).err().and_then(|(_, h)| h);
                out.push(Failure {
                    help,
                    ..Failure::at(&here, m)
                });
            }
        }
    }
    let log = &t.game.log()[t.start..];
    let mut from = 0;
    for (i, item) in e.log.iter().enumerate() {
        match log[from..].iter().position(|ev| is(t, item, ev)) {
            Some(k) => from += k + 1,
            None => {
                let seen = log[..from].iter().any(|ev| is(t, item, ev));
                out.push(Failure::diff(
                    &format!("{at}.log[{i}]"),
                    &shown(item),
                    if seen {
                        "only before the event expected earlier"
                    } else {
                        "not in the log"
                    },
                ));
                break;
            }
        }
    }
    for (i, item) in e.not_logged.iter().enumerate() {
        if let Some(ev) = log.iter().find(|ev| is(t, item, ev)) {
            out.push(Failure::diff(
                &format!("{at}.not_logged[{i}]"),
                &format!("no {}", shown(item)),
                &render_event(ev, &t.game),
            ));
        }
    }
    out
}

/// An expected log item as a failure shows it: a text as written, a card event by its
/// words.
fn shown(item: &LogItem) -> String {
    match item {
        LogItem::Text(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

/// `MainAction` → `main_action`.
fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.trim().chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(ch.to_lowercase());
    }
    out
}

fn check_side(t: &Table, p: PlayerId, e: &SideExpect, at: &str, out: &mut Vec<Failure>) {
    let g = &t.game;
    let counts = [
        ("life", e.life, g.life(p)),
        ("reserve", e.reserve, g.reserve(p)),
        ("trash_cores", e.trash_cores, g.cores_at(CoreLoc::Trash(p))),
        ("count", e.count, g.cores_at(CoreLoc::Count(p))),
        ("hand_size", e.hand_size, g.pile(Zone::Hand(p)).len() as u32),
        ("deck_size", e.deck_size, g.pile(Zone::Deck(p)).len() as u32),
    ];
    for (name, want, actual) in counts {
        if let Some(w) = want
            && w != actual
        {
            out.push(Failure::diff(
                &format!("{at}.{name}"),
                &w.to_string(),
                &actual.to_string(),
            ));
        }
    }
    let piles = [
        ("hand", &e.hand, Zone::Hand(p)),
        ("trash", &e.trash, Zone::Trash(p)),
        ("field", &e.field, Zone::Field(p)),
        ("tecoto", &e.tecoto, Zone::Tecoto(p)),
    ];
    for (name, want, zone) in piles {
        let Some(want) = want else { continue };
        let mut expected = Vec::new();
        for (i, w) in want.iter().enumerate() {
            match card_id(g.library(), w) {
                Ok(id) => expected.push(id),
                Err((m, help)) => {
                    let mut f = Failure::at(&format!("{at}.{name}[{i}]"), m);
                    f.help = help;
                    out.push(f);
                }
            }
        }
        let mut actual: Vec<String> = g
            .pile(zone)
            .iter()
            .map(|c| g.card_id(*c).to_string())
            .collect();
        expected.sort();
        actual.sort();
        if expected != actual {
            out.push(Failure::diff(
                &format!("{at}.{name}"),
                &format!("[{}]", expected.join(", ")),
                &format!("[{}]", actual.join(", ")),
            ));
        }
    }
    if let Some(want) = &e.burst {
        let actual = g
            .pile(Zone::Burst(p))
            .first()
            .map_or("none".to_string(), |c| g.card_id(*c).to_string());
        let ok = match g.pile(Zone::Burst(p)).first() {
            Some(c) => t.names(want, *c),
            None => want == "none",
        };
        if !ok {
            out.push(Failure::diff(&format!("{at}.burst"), want, &actual));
        }
    }
    if let Some(want) = &e.soul_core {
        let (word, card) = soul_place(t, p);
        let ok = match card {
            Some(c) => t.names(want, c),
            None => want.eq_ignore_ascii_case(&word),
        };
        if !ok {
            out.push(Failure::diff(&format!("{at}.soul_core"), want, &word));
        }
    }
}

/// Where `p`'s soul core is, as a word (and the card when on one).
fn soul_place(t: &Table, p: PlayerId) -> (String, Option<InstanceId>) {
    let g = &t.game;
    for (_, tok) in g.st.cores.iter() {
        if tok.tag != SOUL_CORE {
            continue;
        }
        let (owner, word, card) = match tok.at {
            Some(CoreLoc::Reserve(q)) => (q, "reserve".to_string(), None),
            Some(CoreLoc::Life(q)) => (q, "life".into(), None),
            Some(CoreLoc::Trash(q)) => (q, "trash".into(), None),
            Some(CoreLoc::Count(q)) => (q, "count".into(), None),
            Some(CoreLoc::Card(c)) => (g.owner(c), g.card_id(c).to_string(), Some(c)),
            None => continue,
        };
        if owner == p {
            return (word, card);
        }
    }
    ("none".into(), None)
}

fn check_card(t: &Table, c: InstanceId, e: &CardExpect, at: &str, out: &mut Vec<Failure>) {
    let g = &t.game;
    let mut diff = |name: &str, want: String, actual: String| {
        if want != actual {
            out.push(Failure::diff(&format!("{at}.{name}"), &want, &actual));
        }
    };
    if let Some(z) = &e.zone {
        diff("zone", z.to_lowercase(), zone_word(g.zone_of(c)).into());
    }
    let on_field = matches!(g.zone_of(c), Zone::Field(_));
    if let Some(n) = e.cores {
        diff("cores", n.to_string(), g.cores_on(c).to_string());
    }
    if let Some(l) = e.level {
        let actual = match g.level(c) {
            Some(l) if on_field => l.to_string(),
            _ => "none (not on the field)".into(),
        };
        diff("level", l.to_string(), actual);
    }
    if let Some(bp) = e.bp {
        diff("bp", bp.to_string(), g.bp(c).to_string());
    }
    if let Some(x) = e.exhausted {
        diff("exhausted", x.to_string(), g.is_exhausted(c).to_string());
    }
    if let Some(x) = e.heavily_exhausted {
        let upside = g.st.cards[c.index()].orientation == crate::core::Orientation::UpsideDown;
        diff("heavily_exhausted", x.to_string(), upside.to_string());
    }
    // Keywords had or not, families belonged to: each name as "has X" / "no X".
    let says = |yes: bool, k: &str| format!("{} {k}", if yes { "has" } else { "no" });
    for (field, names, want, test) in [
        ("keywords", &e.keywords, true, 0),
        ("no_keywords", &e.no_keywords, false, 0),
        ("families", &e.families, true, 1),
    ] {
        for k in names.iter().flatten() {
            let actual = if test == 0 {
                g.has_keyword(c, k)
            } else {
                g.has_family(c, k)
            };
            diff(field, says(want, k), says(actual, k));
        }
    }
    if let Some(n) = e.symbols {
        diff("symbols", n.to_string(), g.symbols_of(c).to_string());
    }
    if let Some(b) = &e.brave {
        let on = g.braves_on(c);
        let ok = match on.first() {
            Some(x) => t.names(b, *x),
            None => b == "none",
        };
        if !ok {
            let actual = on
                .first()
                .map_or("none".into(), |x| g.card_id(*x).to_string());
            out.push(Failure::diff(&format!("{at}.brave"), b, &actual));
        }
    }
}

/// A zone as a scenario writes it.
pub(super) fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Deck(_) => "deck",
        Zone::Hand(_) => "hand",
        Zone::Tecoto(_) => "tecoto",
        Zone::Field(_) => "field",
        Zone::Trash(_) => "trash",
        Zone::Burst(_) => "burst",
        Zone::Removed(_) => "removed",
    }
}

/// Whether event `ev` is the expected log item.
fn is(t: &Table, item: &LogItem, ev: &Event) -> bool {
    let n = |w: &str, c: &InstanceId| t.names(w, *c);
    match (item, ev) {
        (LogItem::Text(s), ev) => render_event(ev, &t.game)
            .to_lowercase()
            .contains(&s.to_lowercase()),
        (LogItem::Effect(w), Event::EffectStarted { card, .. }) => n(w, card),
        (LogItem::Inert(w), Event::EffectInert { card, .. }) => n(w, card),
        (LogItem::Failed(w), Event::EffectFailed { card, .. }) => n(w, card),
        (LogItem::Destroyed(w), Event::Destroyed { card }) => n(w, card),
        (LogItem::Depleted(w), Event::Depleted { card }) => n(w, card),
        (LogItem::Played(w), Event::Played { card, .. })
        | (LogItem::Played(w), Event::SummonedByEffect { card }) => n(w, card),
        (LogItem::Attacked(w), Event::AttackDeclared { attacker, .. }) => n(w, attacker),
        (LogItem::Blocked(w), Event::BlockDeclared { blocker, .. }) => n(w, blocker),
        (LogItem::Exhausted(w), Event::Exhausted { card })
        | (LogItem::Exhausted(w), Event::HeavilyExhausted { card }) => n(w, card),
        (LogItem::Refreshed(w), Event::Refreshed { card }) => n(w, card),
        (LogItem::Moved(m), Event::CardMoved { card, to, .. }) => {
            n(&m.card, card) && zone_word(*to).eq_ignore_ascii_case(m.to.trim())
        }
        (LogItem::LifeLost(p), Event::LifeReduced { player, .. })
        | (LogItem::LifeLost(p), Event::LifeLost { player, .. }) => p.id() == *player,
        (LogItem::BurstActivated(w), Event::BurstActivated { card }) => n(w, card),
        _ => false,
    }
}
